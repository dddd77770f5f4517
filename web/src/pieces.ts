// Citadel's own piece set, drawn for this project: bold shapes on a 100x100 grid, one outline
// weight, each piece with a silhouette of its own so that children tell them apart at a glance.
// Tamerlane's general and vizier carry the shape of their step (x diagonal, + straight); its
// pawns carry a small emblem of the piece they become. Four Kingdoms' armies have a colour-blind
// safe colour (Okabe-Ito) and a shape mark of their own in the corner.

import type { Variant } from './geometry';
import type { Army, Kind, Piece } from './notation';

interface Paint {
    fill: string;
    line: string;
    detail: string;
}

export const ARMY_PAINT: Record<Army, Paint> = {
    white: { fill: '#fbf7ee', line: '#23201c', detail: '#23201c' },
    black: { fill: '#3b3936', line: '#0c0b0a', detail: '#f4efe4' },
    east: { fill: '#009e73', line: '#0c2a20', detail: '#ffffff' },
    south: { fill: '#d55e00', line: '#3a1a00', detail: '#ffffff' },
    west: { fill: '#f0e442', line: '#3a3505', detail: '#3a3505' },
    north: { fill: '#0072b2', line: '#03233a', detail: '#ffffff' },
};

const BASE = 'M24 91 Q24 80 35 79 H65 Q76 80 76 91 Z';

// Each drawing: `body` paths filled with the army colour, `details` stroked in the detail colour,
// `dots` filled with the detail colour.
interface Drawing {
    body: string[];
    details?: string[];
    dots?: [number, number, number][];
    noBase?: boolean;
}

const DRAWINGS: Record<Exclude<Kind, 'P'>, Drawing> & { P: Drawing } = {
    P: {
        body: [
            'M37 79 C37 63 43 53 45 47 H55 C57 53 63 63 63 79 Z',
            'M36 42 H64 V49 H36 Z',
            'M50 17 A13 13 0 1 1 49.9 17 Z',
        ],
    },
    R: {
        body: ['M31 79 L34 45 H66 L69 79 Z', 'M27 45 V20 H38 V29 H45 V20 H55 V29 H62 V20 H73 V45 Z'],
        details: ['M36 58 H64', 'M44 79 V68 A6 6 0 0 1 56 68 V79'],
    },
    N: {
        body: [
            'M30 79 C32 68 40 61 46 53 C40 55 33 58 27 55 C20 51 22 43 30 37 C36 31 40 23 45 19 L47 9 L54 16 C68 19 79 33 78 53 C77 65 72 73 71 79 Z',
        ],
        details: ['M59 22 C69 30 71 44 66 60'],
        dots: [
            [46, 30, 4],
            [28, 47, 2.5],
        ],
    },
    B: {
        body: [
            'M36 79 C29 66 32 52 40 42 C44 36 48 31 50 27 C52 31 56 36 60 42 C68 52 71 66 64 79 Z',
            'M50 13 A7 7 0 1 1 49.9 13 Z',
        ],
        details: ['M56 40 L46 53', 'M38 70 H62'],
    },
    Q: {
        body: [
            'M29 79 L21 35 L38 56 L50 26 L62 56 L79 35 L71 79 Z',
            'M21 25 A6 6 0 1 1 20.9 25 Z',
            'M50 15 A6 6 0 1 1 49.9 15 Z',
            'M79 25 A6 6 0 1 1 78.9 25 Z',
        ],
        details: ['M31 69 H69'],
    },
    K: {
        body: [
            'M30 79 C25 63 28 51 36 45 H64 C72 51 75 63 70 79 Z',
            'M35 45 C35 35 43 30 50 30 C57 30 65 35 65 45 Z',
            'M46 31 V21 H39 V14 H46 V6 H54 V14 H61 V21 H54 V31 Z',
        ],
        details: ['M32 67 H68'],
    },
    H: {
        // prince: a crown of three points with a jewel, no cross
        body: [
            'M30 79 C25 63 28 51 36 45 H64 C72 51 75 63 70 79 Z',
            'M34 45 L31 22 L42 33 L50 17 L58 33 L69 22 L66 45 Z',
        ],
        dots: [[50, 60, 6]],
    },
    A: {
        // adventitious king: the king's body under a star
        body: [
            'M30 79 C25 63 28 51 36 45 H64 C72 51 75 63 70 79 Z',
            'M50 5 L55 17 L68 18 L58 26 L62 39 L50 32 L38 39 L42 26 L32 18 L45 17 Z',
        ],
        details: ['M32 67 H68'],
        dots: [[50, 56, 4]],
    },
    G: {
        // general (ferz): a shield marked with its diagonal step
        body: ['M29 25 H71 V52 C71 66 62 75 50 80 C38 75 29 66 29 52 Z', 'M50 9 A7 7 0 1 1 49.9 9 Z'],
        details: ['M39 36 L61 62', 'M61 36 L39 62'],
    },
    V: {
        // vizier (wazir): a turban and a robe marked with its straight step
        body: [
            'M31 79 C31 64 36 56 42 51 H58 C64 56 69 64 69 79 Z',
            'M29 46 C29 29 39 20 50 20 C61 20 71 29 71 46 Z',
            'M50 8 A6 6 0 1 1 49.9 8 Z',
        ],
        details: ['M50 57 V75', 'M41 66 H59', 'M31 37 C43 30 57 30 69 37'],
    },
    Z: {
        // giraffe: long neck, small horns, spots
        body: [
            'M33 79 L40 52 L43 31 C43 22 47 17 52 15 L50 7 L56 12 L61 7 L61 15 C69 17 76 22 76 28 C76 33 71 35 65 32 L57 32 L57 52 L67 79 Z',
        ],
        dots: [
            [49, 44, 3.5],
            [51, 58, 4],
            [44, 66, 3.5],
            [56, 70, 3.5],
            [59, 22, 3],
        ],
    },
    T: {
        // picket: a spear with a pennant
        body: ['M50 4 L65 31 H35 Z', 'M44 31 H56 V79 H44 Z', 'M56 36 L82 44 L56 53 Z'],
        details: ['M50 14 V25'],
    },
    C: {
        // camel: head raised, one big hump
        body: [
            'M19 79 L23 62 C22 52 29 45 38 45 C42 31 57 31 60 45 C63 45 65 41 66 35 L67 25 C68 19 77 18 81 23 L85 29 L77 32 L75 50 C75 58 72 63 72 79 H63 V66 H32 V79 Z',
        ],
        dots: [[75, 25, 2.5]],
        noBase: true,
    },
    D: {
        // war engine: a catapult on wheels
        body: [
            'M16 60 H84 V71 H16 Z',
            'M37 60 L50 32 L63 60 H56 L50 46 L44 60 Z',
            'M24 57 L29 62 L80 25 L75 20 Z',
            'M77 9 A9 9 0 1 1 76.9 9 Z',
            'M31 74 A9 9 0 1 1 30.9 74 Z',
            'M69 74 A9 9 0 1 1 68.9 74 Z',
        ],
        noBase: true,
    },
    E: {
        // elephant: front view, big ears, curled trunk, tusks
        body: [
            'M30 26 C14 22 8 40 14 54 C18 62 28 62 34 56 Z',
            'M70 26 C86 22 92 40 86 54 C82 62 72 62 66 56 Z',
            'M50 20 C62 20 68 28 68 40 C68 50 62 54 57 56 V72 C57 78 63 79 66 75 L71 80 C64 89 47 87 44 74 V56 C38 54 32 50 32 40 C32 28 38 20 50 20 Z',
        ],
        details: ['M42 58 L35 67', 'M58 58 L65 67'],
        dots: [
            [43, 38, 3.5],
            [57, 38, 3.5],
        ],
    },
};

// The Four Kingdoms army mark, top left of a 100x100 cell: a second cue besides colour (none
// for White and Black).
export function armyMark(army: Army, line: string, fill = '#ffffff'): string {
    const s = `fill="${fill}" stroke="${line}" stroke-width="3"`;
    switch (army) {
        case 'east':
            return `<circle cx="14" cy="14" r="11" ${s}/>`;
        case 'south':
            return `<rect x="4" y="4" width="20" height="20" ${s}/>`;
        case 'west':
            return `<path d="M14 2 L27 25 H1 Z" ${s}/>`;
        case 'north':
            return `<path d="M14 1 L27 14 L14 27 L1 14 Z" ${s}/>`;
        default:
            return '';
    }
}

function drawingMarkup(d: Drawing, p: Paint): string {
    const body = [...(d.noBase ? [] : [BASE]), ...d.body]
        .map(
            (path) =>
                `<path d="${path}" fill="${p.fill}" stroke="${p.line}" stroke-width="4" stroke-linejoin="round"/>`,
        )
        .join('');
    const details = (d.details ?? [])
        .map((path) => `<path d="${path}" fill="none" stroke="${p.detail}" stroke-width="4" stroke-linecap="round"/>`)
        .join('');
    const dots = (d.dots ?? [])
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.detail}"/>`)
        .join('');
    return body + details + dots;
}

// A Tamerlane pawn: a small pawn head over a big disc in the army's colour that shows the piece
// it will become as a solid silhouette in the contrasting colour, so that the kind still reads at
// the 28 px cells of a phone (an outlined emblem did not).
function tamerlanePawn(pawnOf: Kind, p: Paint): string {
    const outline = `stroke="${p.line}" stroke-width="4"`;
    const head = `<circle cx="50" cy="11" r="9" fill="${p.fill}" ${outline}/>`;
    const disc = `<circle cx="50" cy="58" r="39" fill="${p.fill}" ${outline}/>`;
    const target: Kind = pawnOf === 'K' ? 'H' : pawnOf;
    const silhouette = drawingMarkup(DRAWINGS[target], { fill: p.detail, line: p.detail, detail: p.fill });
    return `${head}${disc}<g transform="translate(18 27) scale(0.64)">${silhouette}</g>`;
}

// The inner markup of a piece on a 100x100 grid (put inside an <svg> or a <g>).
export function pieceMarkup(piece: Piece): string {
    const paint = ARMY_PAINT[piece.army];
    const picture =
        piece.kind === 'P' && piece.pawnOf
            ? tamerlanePawn(piece.pawnOf, paint)
            : drawingMarkup(DRAWINGS[piece.kind], paint);
    return picture + armyMark(piece.army, paint.line);
}

// A stand-alone SVG of one piece (promotion chooser, legends).
export function pieceSvg(piece: Piece, size = 48): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${pieceMarkup(piece)}</svg>`;
}

export const ALL_KINDS: readonly Kind[] = ['K', 'Q', 'R', 'B', 'N', 'P', 'H', 'A', 'G', 'V', 'Z', 'T', 'E', 'C', 'D'];

// The piece that stands for a game on the home page (its card, the list of games kept).
export function variantPiece(v: Variant): Piece {
    switch (v) {
        case 'pawnrace':
            return { army: 'white', kind: 'P' };
        case 'silverman':
            return { army: 'white', kind: 'Q' };
        case 'tamerlane':
            return { army: 'white', kind: 'Z' };
        case 'fourkingdoms':
            return { army: 'east', kind: 'K' };
        case 'fourkingdoms-teams':
            return { army: 'north', kind: 'K' };
        default:
            return { army: 'white', kind: 'N' };
    }
}
