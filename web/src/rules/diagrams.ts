// The small boards of the rules pages: for each section that shows something, the pieces, the
// squares a piece reaches (worked out here on the diagram's own few pieces, for the picture only:
// the server alone judges moves), what it may take, arrows for a move and a king in check.

import { type Variant, geometryOf, parseSquare, squareName } from '../geometry';
import type { Army, Kind, Piece } from '../notation';

export interface Diagram {
    readonly pieces: Readonly<Record<string, Piece>>;
    readonly reach?: readonly string[]; // empty squares the piece may go to
    readonly captures?: readonly string[]; // enemy pieces it may take
    readonly arrows?: readonly (readonly [string, string])[];
    readonly check?: readonly string[];
    readonly lastMove?: { readonly from: string; readonly to: string };
}

type Pieces = Record<string, Piece>;
type Vector = readonly [number, number];

const piece =
    (army: Army) =>
    (kind: Kind, pawnOf?: Kind): Piece =>
        pawnOf ? { army, kind, pawnOf } : { army, kind };
const W = piece('white');
const B = piece('black');
const S = piece('south');

const STRAIGHT: readonly Vector[] = [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
];
const DIAGONAL: readonly Vector[] = [
    [1, 1],
    [1, -1],
    [-1, -1],
    [-1, 1],
];
const ALL = [...STRAIGHT, ...DIAGONAL];
const KNIGHT: readonly Vector[] = [
    [1, 2],
    [2, 1],
    [2, -1],
    [1, -2],
    [-1, -2],
    [-2, -1],
    [-2, 1],
    [-1, 2],
];
const scaled = (vs: readonly Vector[], k: number): Vector[] => vs.map(([f, r]) => [f * k, r * k]);
const CAMEL: readonly Vector[] = [
    [1, 3],
    [3, 1],
    [3, -1],
    [1, -3],
    [-1, -3],
    [-3, -1],
    [-3, 1],
    [-1, 3],
];

// Where the piece on `from` goes along each vector: `nearest` to `farthest` steps away, stopping at
// the board's edge, a citadel or the first piece (taken when it is an enemy's and far enough).
function walk(
    variant: Variant,
    pieces: Pieces,
    from: string,
    vectors: readonly Vector[],
    farthest = 1,
    nearest = 1,
    mover = pieces[from]!.army,
): { reach: string[]; captures: string[] } {
    const g = geometryOf(variant);
    const start = parseSquare(from)!;
    const out = { reach: [] as string[], captures: [] as string[] };
    for (const [df, dr] of vectors) {
        for (let n = 1; n <= farthest; n++) {
            const sq = squareName(start.file + df * n, start.rank + dr * n);
            if (!g.has(sq) || g.citadels.includes(sq)) break;
            const there = pieces[sq];
            if (n >= nearest) {
                if (!there) out.reach.push(sq);
                else if (there.army !== mover) out.captures.push(sq);
            }
            if (there) break;
        }
    }
    return out;
}

// A diagram of `kind` alone on `from`, with the other pieces given, and where it goes.
function shown(
    variant: Variant,
    from: string,
    mover: Piece,
    others: Pieces,
    vectors: readonly Vector[],
    farthest = 1,
    nearest = 1,
): Diagram {
    const pieces = { ...others, [from]: mover };
    return { pieces, ...walk(variant, pieces, from, vectors, farthest, nearest) };
}

// Tamerlane's giraffe: one diagonal step to an empty square, then straight on outward at least
// three more squares.
function giraffe(from: string): Diagram {
    const pieces = { [from]: W('Z') };
    const at = parseSquare(from)!;
    const reach: string[] = [];
    for (const [df, dr] of DIAGONAL) {
        const corner = squareName(at.file + df, at.rank + dr);
        const outward: Vector[] = [
            [df, 0],
            [0, dr],
        ];
        reach.push(...walk('tamerlane', pieces, corner, outward, 20, 3, 'white').reach);
    }
    return { pieces, reach };
}

// A pawn at its start (one step or two) and one that is blocked but may take diagonally.
const PAWNS: Diagram = {
    pieces: { e2: W('P'), b4: W('P'), b5: B('P'), c5: B('P') },
    reach: ['e3', 'e4'],
    captures: ['c5'],
};

const CHESS = {
    king: shown('chess', 'd4', W('K'), {}, ALL),
    queen: shown('chess', 'd4', W('Q'), { d7: B('P'), f2: W('P') }, ALL, 7),
    rook: shown('chess', 'd4', W('R'), { g4: B('N') }, STRAIGHT, 7),
    bishop: shown('chess', 'd4', W('B'), { f6: B('P') }, DIAGONAL, 7),
    knight: shown('chess', 'd4', W('N'), { c3: W('P'), d3: W('P'), e3: W('P'), f5: B('P') }, KNIGHT),
    pawn: PAWNS,
    check: { pieces: { e8: B('K'), e2: W('Q'), g1: W('K') }, arrows: [['e2', 'e8']], check: ['e8'] },
    // the king's two squares, either way (the text says where the rook jumps)
    castling: {
        pieces: { e1: W('K'), a1: W('R'), h1: W('R') },
        arrows: [
            ['e1', 'g1'],
            ['e1', 'c1'],
        ],
    },
    en_passant: {
        pieces: { e5: W('P'), d5: B('P') },
        arrows: [['e5', 'd6']],
        captures: ['d5'],
        lastMove: { from: 'd7', to: 'd5' },
    },
    promotion: { pieces: { e7: W('P'), b8: W('Q'), c8: W('R'), f8: W('B'), g8: W('N') }, arrows: [['e7', 'e8']] },
    end: { pieces: { e8: W('R'), g8: B('K'), f7: B('P'), g7: B('P'), h7: B('P'), g1: W('K') }, check: ['g8'] },
} satisfies Record<string, Diagram>;

const TAMERLANE_AT = 'f5';
const tamerlane = (kind: Kind, vectors: readonly Vector[], farthest = 1, nearest = 1): Diagram =>
    shown('tamerlane', TAMERLANE_AT, W(kind), {}, vectors, farthest, nearest);

const TAMERLANE = {
    king: tamerlane('K', ALL),
    general: tamerlane('G', DIAGONAL),
    vizier: tamerlane('V', STRAIGHT),
    rook: tamerlane('R', STRAIGHT, 10),
    knight: tamerlane('N', KNIGHT),
    picket: tamerlane('T', DIAGONAL, 10, 2),
    giraffe: giraffe(TAMERLANE_AT),
    elephant: tamerlane('E', scaled(DIAGONAL, 2)),
    camel: tamerlane('C', CAMEL),
    war_engine: tamerlane('D', scaled(STRAIGHT, 2)),
    pawns: {
        pieces: { d9: W('P', 'N'), f4: W('P', 'R'), g5: B('P', 'G') },
        reach: ['f5'],
        captures: ['g5'],
        arrows: [['d9', 'd10']],
    },
    swap: {
        pieces: { f2: W('K'), a1: W('R'), f9: B('R'), f10: B('K') },
        arrows: [
            ['f2', 'a1'],
            ['a1', 'f2'],
        ],
        check: ['f2'],
    },
    citadels: { pieces: { a8: W('K'), e10: B('K') }, arrows: [['a8', 'z9']] },
} satisfies Record<string, Diagram>;

// A South pawn at home (as in chess) and one out in the field (one step any straight way, takes
// one step any diagonal way).
const fourKingdomsPawns = (): Diagram => {
    const pieces: Pieces = { e2: S('P'), g7: S('P'), h8: { army: 'west', kind: 'N' } };
    return {
        pieces,
        reach: ['e3', 'e4', ...walk('fourkingdoms', pieces, 'g7', STRAIGHT).reach],
        captures: ['h8'],
    };
};

const FOUR_KINGDOMS = {
    pawns: fourKingdomsPawns(),
    promotion: {
        pieces: { g13: S('P'), f14: { army: 'north', kind: 'R' } },
        arrows: [
            ['g13', 'g14'],
            ['g13', 'f14'],
        ],
    },
} satisfies Record<string, Diagram>;

const SILVERMAN = {
    pawns: { pieces: { b3: W('P'), c1: W('K'), c4: B('K') }, reach: ['b4'], arrows: [['b3', 'b4']] },
} satisfies Record<string, Diagram>;

const PAWN_RACE = {
    pawns: PAWNS,
    en_passant: CHESS.en_passant,
    end: { pieces: { a7: W('P'), g2: B('P') }, arrows: [['a7', 'a8']] },
} satisfies Record<string, Diagram>;

export const DIAGRAMS: Record<Variant, Partial<Record<string, Diagram>>> = {
    chess: CHESS,
    silverman: SILVERMAN,
    pawnrace: PAWN_RACE,
    tamerlane: TAMERLANE,
    fourkingdoms: FOUR_KINGDOMS,
    'fourkingdoms-teams': FOUR_KINGDOMS,
};
