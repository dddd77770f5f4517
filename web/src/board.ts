// One SVG board for every geometry (4x4, 8x8, Tamerlane's 11x10 and citadels, Four Kingdoms'
// cross). It draws a position, turned to a seat, with coordinates, the last moves (each in its
// army's colour where armies have one), the picked piece, check, legal-move dots and explanation
// arrows; it slides a moved piece to its square; and it turns clicks, drags, touches and keys
// into moves, with a chooser for a promotion. A game in time may plan one move while it waits
// (a premove, shown in its own colour), and the mouse's right button draws arrows and circles
// that stay in this browser. A piece's card (piece_card.ts) tells its name and moves on hover,
// long press or "i".

import { prefersReducedMotion } from './dom';
import {
    type Cell,
    type Geometry,
    type Rotation,
    type Variant,
    displayPosition,
    fileLetter,
    isDark,
    layoutOf,
} from './geometry';
import { t } from './i18n';
import { type Motion, motionBetween } from './motion';
import type { Piece, PlayedMove, Position } from './notation';
import { parseMove } from './notation';
import { type PieceLookup, PieceCard } from './piece_card';
import { ARMY_PAINT, armyMark, pieceMarkup, pieceSvg } from './pieces';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;
const SLIDE_MS = 180;
let boardCount = 0;

type ArrowKind = 'explained' | 'drawn';

// Coordinates keep about the same size on screen whatever the number of cells: their size in
// board units grows with the cells across.
export function coordinateSize(cellsAcross: number): { font: number; margin: number } {
    const font = Math.max(14, Math.min(48, Math.round(3.3 * cellsAcross)));
    return { font, margin: Math.round(font * 1.45) };
}

export interface BoardHandlers {
    // A legal move chosen (its exact text from legal_moves).
    onMove(move: string): void;
    // A move the legal list does not hold: the server will explain why.
    onAttempt(move: string): void;
    // While premoving (setPremoving): a move planned for the player's next turn, and the wish to
    // forget it (Escape, a right press, a click on an empty square).
    onPremove?(from: string, to: string): void;
    onCancelPremove?(): void;
}

// A drawn arrow from one square to another, or a circle where both are the same square.
interface Drawing {
    from: string;
    to: string;
}

// Marked squares: `focus` (what a lesson points at, under the pieces), `hint` (the piece to move),
// and the coach's ways out of check, each its own colour and shape: `run` a ring, `block` a
// square, `capture` a diamond.
export type MarkTone = 'focus' | 'hint' | 'run' | 'block' | 'capture';
export interface Mark {
    square: string;
    tone: MarkTone;
}

// `lastMoves`: the moves to show as played, the latest first.
export interface Highlights {
    lastMoves?: readonly PlayedMove[];
    check?: string[];
    marks?: readonly Mark[];
    premove?: { from: string; to: string };
}

// The shape of a mark over the cell at (x, y) (board units).
function markShape(m: Mark, x: number, y: number): string {
    const c = `mark ${m.tone}`;
    switch (m.tone) {
        case 'focus':
            return `<rect class="${c}" x="${x}" y="${y}" width="${CELL}" height="${CELL}" data-mark="${m.square}"/>`;
        case 'run':
        case 'hint':
            return `<circle class="${c}" cx="${x + 50}" cy="${y + 50}" r="40" data-mark="${m.square}"/>`;
        case 'block':
            return `<rect class="${c}" x="${x + 12}" y="${y + 12}" width="76" height="76" rx="6" data-mark="${m.square}"/>`;
        case 'capture':
            return `<path class="${c}" d="M${x + 50} ${y + 6} L${x + 94} ${y + 50} L${x + 50} ${y + 94} L${x + 6} ${y + 50} Z" data-mark="${m.square}"/>`;
    }
}

export class BoardView implements PieceLookup {
    readonly element: HTMLDivElement;
    private readonly svg: SVGSVGElement;
    private readonly live: HTMLDivElement;
    private readonly uid = ++boardCount;
    private geometry: Geometry | undefined;
    private position: Position | undefined;
    private rotation: Rotation = 0;
    private legal: string[] = [];
    private movable: (p: Piece) => boolean = () => false;
    private dots = true;
    private highlights: Highlights = {};
    private arrows: [string, string][] = [];
    private drawings: Drawing[] = [];
    private drawFrom: { square: string; pointer: number } | undefined; // a right-button press
    private premoving = false;
    private selected: string | undefined;
    private cursor: string | undefined;
    private drag:
        { from: string; pointer: number; x0: number; y0: number; moving: boolean; ghost?: SVGGElement } | undefined;
    // The move last dropped by dragging: its piece is already where it goes, so it does not slide.
    private dropped: { from: string; to: string } | undefined;
    private motion: { plan: Motion; start: number } | undefined;
    private chooser: { box: HTMLDivElement; moves: string[]; stop: () => void } | undefined;

    constructor(private readonly handlers: BoardHandlers) {
        this.element = document.createElement('div');
        this.element.className = 'board';
        this.svg = document.createElementNS(SVG, 'svg');
        this.svg.setAttribute('class', 'board-svg');
        this.svg.setAttribute('tabindex', '0');
        this.svg.setAttribute('role', 'application');
        this.live = document.createElement('div');
        this.live.className = 'visually-hidden';
        this.live.setAttribute('aria-live', 'polite');
        this.element.append(this.svg, this.live);
        this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
        this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
        this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
        this.svg.addEventListener('pointercancel', () => this.cancelDrag());
        // The right button draws here: no menu over the board.
        this.svg.addEventListener('contextmenu', (e) => e.preventDefault());
        this.svg.addEventListener('keydown', (e) => this.key(e));
        this.svg.addEventListener('focus', () => {
            // The click or tap that opened the promotion chooser would take the focus from it.
            if (this.chooser) return this.focusChooser();
            if (!this.cursor) this.cursor = this.startCursor();
            this.render();
        });
        this.svg.addEventListener('blur', () => this.render());
        new PieceCard(this.element, this);
    }

    pieceOn(square: string): { variant: Variant; piece: Piece } | undefined {
        const piece = this.position?.pieces.get(square);
        return piece && { variant: this.position!.variant, piece };
    }

    cursorSquare(): string | undefined {
        return this.cursor;
    }

    setPosition(g: Geometry, pos: Position): void {
        const before = this.position;
        if (this.geometry !== g) {
            this.selected = undefined;
            this.cursor = undefined;
            this.motion = undefined;
        } else if (before && before !== pos) {
            this.planMotion(before, pos);
            this.closeChooser();
        }
        this.geometry = g;
        this.position = pos;
        if (this.selected && !pos.pieces.get(this.selected)) this.selected = undefined;
        this.render();
    }

    setRotation(r: Rotation): void {
        this.rotation = r;
        this.render();
    }

    focus(): void {
        this.svg.focus();
    }

    getRotation(): Rotation {
        return this.rotation;
    }

    // The moves the user may make now and which pieces may be picked up (also for attempts that
    // the server then explains). `dots`: whether a picked piece shows where it may go (a lesson
    // shows none: finding the move is the exercise, and its legal list holds only promotions).
    setInteraction(legal: string[], movable: (p: Piece) => boolean, dots = true): void {
        this.legal = legal;
        this.movable = movable;
        this.dots = dots;
        if (this.chooser && !this.chooser.moves.every((m) => legal.includes(m))) this.closeChooser();
        if (this.selected) {
            const p = this.position?.pieces.get(this.selected);
            if (!p || !movable(p)) this.selected = undefined;
        }
        this.render();
    }

    setHighlights(h: Highlights): void {
        this.highlights = h;
        this.render();
    }

    setArrows(arrows: [string, string][]): void {
        this.arrows = arrows;
        this.render();
    }

    // Whether a move chosen now is planned for later (onPremove) rather than played.
    setPremoving(on: boolean): void {
        if (on === this.premoving) return;
        this.premoving = on;
        this.render();
    }

    // The arrows and circles drawn with the right button go when a move is played.
    clearDrawings(): void {
        if (this.drawings.length === 0) return;
        this.drawings = [];
        this.render();
    }

    // ---- drawing ----

    private cellXY(c: { file: number; rank: number }): { x: number; y: number } {
        const p = displayPosition(this.geometry!, c.file, c.rank, this.rotation);
        return { x: p.x * CELL, y: p.y * CELL };
    }

    private centre(square: string): { x: number; y: number } | undefined {
        const c = this.geometry?.cell(square);
        if (!c) return undefined;
        const p = this.cellXY(c);
        return { x: p.x + CELL / 2, y: p.y + CELL / 2 };
    }

    private targets(): Set<string> {
        const out = new Set<string>();
        if (!this.selected) return out;
        for (const m of this.legal) {
            const mv = parseMove(m);
            if (mv && mv.from === this.selected) out.add(mv.to);
        }
        return out;
    }

    private render(): void {
        const g = this.geometry;
        const pos = this.position;
        if (!g || !pos) return;
        const layout = layoutOf(g, this.rotation);
        const w = layout.columns * CELL;
        const h = layout.rows * CELL;
        const { font, margin } = coordinateSize(Math.max(layout.columns, layout.rows));
        this.svg.setAttribute('viewBox', `${-margin} 0 ${w + margin} ${h + margin}`);
        this.svg.setAttribute('aria-label', t('board_label'));
        this.element.dataset['variant'] = g.variant;
        this.element.dataset['rotation'] = String(this.rotation);
        const parts: string[] = [];
        const head = (kind: ArrowKind) =>
            `<marker id="arrowhead-${kind}-${this.uid}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" class="arrow-head ${kind}"/></marker>`;
        parts.push(`<defs>${head('explained')}${head('drawn')}</defs>`);
        const targets = this.dots ? this.targets() : new Set<string>();
        const marks = this.highlights.marks ?? [];
        const played = this.highlights.lastMoves ?? [];
        const check = new Set(this.highlights.check ?? []);
        const premove = this.highlights.premove;
        for (const c of g.cells) {
            const { x, y } = this.cellXY(c);
            const citadel = g.citadels.includes(c.name);
            const classes = ['sq', citadel ? 'citadel' : isDark(g, c.file, c.rank) ? 'dark' : 'light'];
            const here = played.filter((m) => m.from === c.name || m.to === c.name);
            if (here.length) classes.push('last');
            if (this.selected === c.name) classes.push('selected');
            parts.push(
                `<rect class="${classes.join(' ')}" x="${x}" y="${y}" width="${CELL}" height="${CELL}" data-square="${c.name}"/>`,
            );
            // Over the square, whatever its colours: the moves played (the latest on top), the pick.
            for (const m of [...here].reverse()) parts.push(this.playedMark(m, c.name, m === played[0], x, y));
            if (this.selected === c.name)
                parts.push(`<rect class="picked" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`);
            if (premove && (premove.from === c.name || premove.to === c.name))
                parts.push(
                    `<rect class="premove" x="${x}" y="${y}" width="${CELL}" height="${CELL}" data-premove="${c.name}"/>`,
                );
            if (citadel) {
                parts.push(
                    `<path class="citadel-wall" d="M${x + 8} ${y + 8} h14 v8 h14 v-8 h28 v8 h14 v-8 h14 v84 h-84 Z"/>`,
                );
            }
            for (const m of marks) if (m.tone === 'focus' && m.square === c.name) parts.push(markShape(m, x, y));
            if (check.has(c.name)) parts.push(`<circle class="check" cx="${x + 50}" cy="${y + 50}" r="47"/>`);
        }
        parts.push(this.coordinates(g, h, font, margin));
        const pieceAt = (sq: string, piece: Piece, extra: string, data: string) => {
            const c = g.cell(sq);
            if (!c) return;
            const { x, y } = this.cellXY(c);
            parts.push(
                `<g ${data}="${sq}"><g class="piece${extra}" transform="translate(${x + 4} ${y + 4}) scale(0.92)">${pieceMarkup(piece)}</g></g>`,
            );
        };
        for (const { square, piece } of this.motion?.plan.taken ?? []) pieceAt(square, piece, ' taken', 'data-taken');
        for (const [sq, piece] of pos.pieces) {
            const hidden = this.drag?.moving && this.drag.from === sq ? ' dragging-source' : '';
            pieceAt(sq, piece, hidden, 'data-piece');
        }
        for (const m of marks) {
            const c = m.tone === 'focus' ? undefined : g.cell(m.square);
            if (c) {
                const { x, y } = this.cellXY(c);
                parts.push(markShape(m, x, y));
            }
        }
        for (const sq of targets) {
            const c = g.cell(sq)!;
            const { x, y } = this.cellXY(c);
            parts.push(
                pos.pieces.has(sq)
                    ? `<circle class="target capture" cx="${x + 50}" cy="${y + 50}" r="44"/>`
                    : `<circle class="target" cx="${x + 50}" cy="${y + 50}" r="17"/>`,
            );
        }
        for (const [a, b] of this.arrows) parts.push(this.arrow(a, b, 'explained'));
        for (const d of this.drawings)
            parts.push(d.from === d.to ? this.circle(d.from) : this.arrow(d.from, d.to, 'drawn'));
        if (this.cursor && this.svg.matches(':focus-visible')) {
            const c = g.cell(this.cursor);
            if (c) {
                const { x, y } = this.cellXY(c);
                parts.push(
                    `<rect class="cursor" x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="8"/>`,
                );
            }
        }
        this.svg.innerHTML = parts.join('');
        if (this.drag?.ghost) this.svg.appendChild(this.drag.ghost);
        this.animate();
    }

    // An arrow from the centre of `a` towards `b`: a refused move's explanation, or one drawn by
    // the user (each its own colour); '' where a square is not on this board.
    private arrow(a: string, b: string, kind: ArrowKind): string {
        const p = this.centre(a);
        const q = this.centre(b);
        if (!p || !q) return '';
        // Stop short of the target's centre so that the head does not hide the piece.
        const dx = q.x - p.x;
        const dy = q.y - p.y;
        const len = Math.hypot(dx, dy) || 1;
        const ex = q.x - (dx / len) * 40;
        const ey = q.y - (dy / len) * 40;
        const drawn = kind === 'drawn' ? ` data-drawn="${a}${b}"` : '';
        return `<line class="arrow ${kind}" x1="${p.x}" y1="${p.y}" x2="${ex}" y2="${ey}" marker-end="url(#arrowhead-${kind}-${this.uid})"${drawn}/>`;
    }

    // A circle drawn by the user around `sq`.
    private circle(sq: string): string {
        const c = this.centre(sq);
        return c ? `<circle class="drawn-circle" cx="${c.x}" cy="${c.y}" r="44" data-drawn="${sq}"/>` : '';
    }

    // A move shown as played on the square `sq`: a tint, a ring and, where the piece has gone, its
    // army's mark (the style sheet colours them by army; a plain tint for White and Black).
    private playedMark(m: PlayedMove, sq: string, latest: boolean, x: number, y: number): string {
        const end = m.from === sq ? 'from' : 'to';
        const cls = `${end}${m.army ? ` army-${m.army}` : ''}${latest ? ' latest' : ''}`;
        const parts = [
            `<rect class="last-move ${cls}" x="${x}" y="${y}" width="${CELL}" height="${CELL}" data-last="${sq}"/>`,
            `<rect class="last-ring ${cls}" x="${x + 6}" y="${y + 6}" width="${CELL - 12}" height="${CELL - 12}" rx="6"/>`,
        ];
        if (end === 'from' && m.army && !this.position?.pieces.has(sq)) {
            const paint = ARMY_PAINT[m.army];
            parts.push(
                `<g class="last-mark" transform="translate(${x + 4} ${y + 4})">${armyMark(m.army, paint.line, paint.fill)}</g>`,
            );
        }
        return parts.join('');
    }

    // ---- motion ----

    // A change of one move slides its pieces and fades what it took (not where the user has
    // asked for less motion, nor the piece the user has just dragged there).
    private planMotion(before: Position, after: Position): void {
        const dropped = this.dropped;
        this.dropped = undefined;
        const plan = prefersReducedMotion() ? undefined : motionBetween(before.pieces, after.pieces);
        if (!plan) {
            this.motion = undefined;
            return;
        }
        const slides = plan.slides.filter((m) => !(dropped && m.from === dropped.from && m.to === dropped.to));
        this.motion = { plan: { ...plan, slides }, start: performance.now() };
    }

    // Plays the motion on the pieces just drawn, from where it has got to (the board is drawn
    // again and again while a piece slides).
    private animate(): void {
        const m = this.motion;
        const g = this.geometry;
        if (!m || !g) return;
        const elapsed = performance.now() - m.start;
        if (elapsed >= SLIDE_MS) {
            this.motion = undefined;
            return;
        }
        const play = (el: Element | null, frames: Keyframe[], taken = false) => {
            if (!el || typeof el.animate !== 'function') return;
            const a = el.animate(frames, { duration: SLIDE_MS, easing: 'ease-out', fill: taken ? 'forwards' : 'none' });
            a.currentTime = elapsed;
            if (taken) a.onfinish = () => el.remove();
        };
        for (const s of m.plan.slides) {
            const a = g.cell(s.from);
            const b = g.cell(s.to);
            if (!a || !b) continue;
            const p = this.cellXY(a);
            const q = this.cellXY(b);
            play(this.svg.querySelector(`[data-piece="${s.to}"]`), [
                { transform: `translate(${p.x - q.x}px, ${p.y - q.y}px)` },
                { transform: 'translate(0px, 0px)' },
            ]);
        }
        for (const sq of m.plan.appear)
            play(this.svg.querySelector(`[data-piece="${sq}"]`), [{ opacity: 0 }, { opacity: 1 }]);
        for (const { square } of m.plan.taken)
            play(this.svg.querySelector(`[data-taken="${square}"]`), [{ opacity: 1 }, { opacity: 0 }], true);
    }

    private coordinates(g: Geometry, h: number, font: number, MARGIN: number): string {
        const out: string[] = [];
        const even = this.rotation % 2 === 0;
        for (let f = g.minFile; f <= g.maxFile; f++) {
            const p = displayPosition(g, f, 0, this.rotation);
            const x = even ? p.x * CELL + CELL / 2 : -MARGIN / 2;
            const y = even ? h + MARGIN * 0.72 : p.y * CELL + CELL / 2 + font * 0.35;
            out.push(`<text class="coord" x="${x}" y="${y}" font-size="${font}">${fileLetter(f)}</text>`);
        }
        for (let r = 0; r < g.ranks; r++) {
            const p = displayPosition(g, 0, r, this.rotation);
            const x = even ? -MARGIN / 2 : p.x * CELL + CELL / 2;
            const y = even ? p.y * CELL + CELL / 2 + font * 0.35 : h + MARGIN * 0.72;
            out.push(`<text class="coord" x="${x}" y="${y}" font-size="${font}">${r + 1}</text>`);
        }
        return out.join('');
    }

    // ---- pointer ----

    private squareAt(e: PointerEvent): string | undefined {
        const m = this.svg.getScreenCTM();
        if (!m || !this.geometry) return undefined;
        const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
        const col = Math.floor(pt.x / CELL);
        const row = Math.floor(pt.y / CELL);
        return this.cellAtDisplay(col, row)?.name;
    }

    private svgPoint(e: PointerEvent): { x: number; y: number } {
        const m = this.svg.getScreenCTM();
        if (!m) return { x: 0, y: 0 };
        const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
        return { x: pt.x, y: pt.y };
    }

    private cellAtDisplay(col: number, row: number): Cell | undefined {
        const g = this.geometry!;
        return g.cells.find((c) => {
            const p = displayPosition(g, c.file, c.rank, this.rotation);
            return p.x === col && p.y === row;
        });
    }

    private canPick(square: string): boolean {
        const p = this.position?.pieces.get(square);
        return !!p && this.movable(p);
    }

    // Whether choosing `sq` (a click, a tap, Enter) moves the picked piece there: any square but
    // another piece that may be picked up instead, unless the picked piece may go there (a
    // capture of an own-looking piece, e.g. Tamerlane's swap).
    private movesTo(sq: string): boolean {
        const picked = this.selected;
        return !!picked && sq !== picked && (!this.canPick(sq) || this.targets().has(sq));
    }

    private pointerDown(e: PointerEvent): void {
        if (e.pointerType === 'mouse' && e.button === 2) return this.startDrawing(e);
        if (e.button !== 0 && e.pointerType === 'mouse') return;
        this.dropped = undefined;
        this.drawings = []; // a left click clears what was drawn
        const sq = this.squareAt(e);
        if (!sq) return this.render();
        if (this.movesTo(sq)) {
            this.tryMove(this.selected!, sq);
            return;
        }
        if (!this.canPick(sq)) {
            if (!this.selected && !this.position?.pieces.has(sq)) this.cancelPremove();
            this.selected = undefined;
            this.render();
            return;
        }
        e.preventDefault();
        this.selected = sq;
        this.cursor = sq;
        const p = this.svgPoint(e);
        this.drag = { from: sq, pointer: e.pointerId, x0: p.x, y0: p.y, moving: false };
        this.svg.setPointerCapture(e.pointerId);
        this.render();
    }

    private pointerMove(e: PointerEvent): void {
        const d = this.drag;
        if (!d || d.pointer !== e.pointerId) return;
        const p = this.svgPoint(e);
        if (!d.moving && Math.hypot(p.x - d.x0, p.y - d.y0) < 12) return;
        if (!d.moving) {
            d.moving = true;
            const ghost = document.createElementNS(SVG, 'g');
            ghost.setAttribute('class', 'piece ghost');
            ghost.innerHTML = pieceMarkup(this.position!.pieces.get(d.from)!);
            d.ghost = ghost;
            this.render();
        }
        d.ghost!.setAttribute('transform', `translate(${p.x - 55} ${p.y - 60}) scale(1.1)`);
    }

    private pointerUp(e: PointerEvent): void {
        if (this.drawFrom?.pointer === e.pointerId && e.button === 2) return this.endDrawing(e);
        const d = this.drag;
        if (!d || d.pointer !== e.pointerId) return;
        this.drag = undefined;
        const sq = this.squareAt(e);
        if (d.moving && sq && sq !== d.from) {
            this.dropped = { from: d.from, to: sq };
            this.tryMove(d.from, sq);
        } else this.render();
    }

    private cancelDrag(): void {
        this.drag = undefined;
        this.drawFrom = undefined;
        this.render();
    }

    // ---- drawing with the right button ----

    // A right press forgets a premove (as lichess) and starts an arrow or a circle.
    private startDrawing(e: PointerEvent): void {
        e.preventDefault();
        this.cancelPremove();
        const square = this.squareAt(e);
        if (!square) return;
        this.drawFrom = { square, pointer: e.pointerId };
        this.svg.setPointerCapture(e.pointerId);
    }

    // Released on another square: an arrow; on the same one: a circle. The same again removes it.
    private endDrawing(e: PointerEvent): void {
        const from = this.drawFrom!.square;
        this.drawFrom = undefined;
        const to = this.squareAt(e);
        if (!to) return;
        const had = this.drawings.length;
        this.drawings = this.drawings.filter((d) => d.from !== from || d.to !== to);
        if (this.drawings.length === had) this.drawings.push({ from, to });
        this.render();
    }

    // ---- moving ----

    private tryMove(from: string, to: string): void {
        this.drawings = [];
        if (this.premoving) {
            this.selected = undefined;
            this.render();
            this.handlers.onPremove?.(from, to);
            return;
        }
        const candidates = this.legal.filter((m) => {
            const mv = parseMove(m);
            return mv && mv.from === from && mv.to === to;
        });
        this.selected = undefined;
        this.render();
        if (candidates.length === 0) this.handlers.onAttempt(`${from}${to}`);
        else if (candidates.length === 1) this.handlers.onMove(candidates[0]!);
        else this.choosePromotion(candidates, to);
    }

    // The promotion chooser, over the half of the board away from the square `to`: it takes the
    // focus (also after the click or tap that opened it), and Escape, Cancel, a click or tap
    // anywhere else, or the focus going elsewhere put the piece back; nothing is sent until a
    // piece is chosen.
    private choosePromotion(candidates: string[], to: string): void {
        const piece = this.position?.pieces.get(parseMove(candidates[0]!)!.from);
        if (!piece) return;
        this.closeChooser();
        const box = document.createElement('div');
        box.className = 'promotion';
        const target = this.geometry?.cell(to);
        const rows = this.geometry ? layoutOf(this.geometry, this.rotation).rows : 1;
        if (target && this.cellXY(target).y < (rows * CELL) / 2) box.classList.add('low');
        box.setAttribute('role', 'dialog');
        box.setAttribute('aria-label', t('promote_to'));
        const title = document.createElement('p');
        title.textContent = t('promote_to');
        box.append(title);
        const order = ['q', 'r', 'b', 'n', ''];
        const sorted = [...candidates].sort(
            (a, b) => order.indexOf(parseMove(a)!.promotion ?? '') - order.indexOf(parseMove(b)!.promotion ?? ''),
        );
        for (const m of sorted) {
            const promo = parseMove(m)!.promotion;
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'promotion-choice';
            button.dataset['move'] = m;
            if (promo) {
                const kind = promo.toUpperCase() as Piece['kind'];
                button.innerHTML = pieceSvg({ army: piece.army, kind }, 56);
                button.setAttribute('aria-label', t(`piece_${kind}` as 'piece_Q'));
            } else {
                button.innerHTML = pieceSvg(piece, 56);
                const label = document.createElement('span');
                label.textContent = t('dont_promote');
                button.append(label);
            }
            button.addEventListener('click', () => {
                this.closeChooser();
                this.handlers.onMove(m);
            });
            box.append(button);
        }
        const cancel = document.createElement('button');
        cancel.type = 'button';
        cancel.className = 'promotion-cancel';
        cancel.textContent = t('cancel');
        cancel.addEventListener('click', () => this.cancelChooser());
        box.append(cancel);
        box.addEventListener('keydown', (e) => this.chooserKey(e, box));
        box.addEventListener('focusout', (e) => {
            const next = e.relatedTarget as Node | null;
            if (next && !box.contains(next) && next !== this.svg) this.cancelChooser();
        });
        // A press anywhere else puts the piece back; on the board it does nothing more.
        const outside = (e: PointerEvent) => {
            if (box.contains(e.target as Node)) return;
            if (this.svg.contains(e.target as Node)) e.stopPropagation();
            this.cancelChooser();
        };
        document.addEventListener('pointerdown', outside, true);
        this.element.append(box);
        this.chooser = {
            box,
            moves: candidates,
            stop: () => document.removeEventListener('pointerdown', outside, true),
        };
        this.focusChooser();
    }

    private focusChooser(): void {
        const box = this.chooser?.box;
        if (box && !box.contains(document.activeElement)) box.querySelector('button')?.focus();
    }

    // Escape puts the piece back; the arrow keys go from choice to choice.
    private chooserKey(e: KeyboardEvent, box: HTMLDivElement): void {
        if (e.key === 'Escape') {
            e.preventDefault();
            this.cancelChooser();
            return;
        }
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
        if (!step) return;
        e.preventDefault();
        const buttons = [...box.querySelectorAll('button')];
        const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
        buttons[(i + step + buttons.length) % buttons.length]?.focus();
    }

    private cancelChooser(): void {
        this.closeChooser();
        this.selected = undefined;
        this.render();
    }

    // Keyboard play goes on from the board where the chooser held the focus.
    private closeChooser(): void {
        const c = this.chooser;
        if (!c) return;
        const focused = c.box.contains(document.activeElement);
        this.chooser = undefined;
        c.stop();
        c.box.remove();
        if (focused) this.svg.focus();
    }

    // ---- keyboard ----

    private startCursor(): string | undefined {
        const g = this.geometry;
        if (!g) return undefined;
        const layout = layoutOf(g, this.rotation);
        // bottom-left-most cell of the picture
        for (let row = layout.rows - 1; row >= 0; row--) {
            for (let col = 0; col < layout.columns; col++) {
                const c = this.cellAtDisplay(col, row);
                if (c) return c.name;
            }
        }
        return undefined;
    }

    private key(e: KeyboardEvent): void {
        const g = this.geometry;
        if (!g) return;
        const steps: Record<string, [number, number]> = {
            ArrowLeft: [-1, 0],
            ArrowRight: [1, 0],
            ArrowUp: [0, -1],
            ArrowDown: [0, 1],
        };
        if (!this.cursor) this.cursor = this.startCursor();
        if (!this.cursor) return;
        const step = steps[e.key];
        if (step) {
            e.preventDefault();
            const c = g.cell(this.cursor)!;
            const p = displayPosition(g, c.file, c.rank, this.rotation);
            const layout = layoutOf(g, this.rotation);
            for (let k = 1; k < Math.max(layout.columns, layout.rows); k++) {
                const next = this.cellAtDisplay(p.x + step[0] * k, p.y + step[1] * k);
                if (next) {
                    this.cursor = next.name;
                    break;
                }
            }
            this.announce();
            this.render();
            return;
        }
        if (e.key === 'Enter' || e.key === ' ') {
            // as a click: a move, another piece picked instead, or the picked piece put down
            e.preventDefault();
            const sq = this.cursor;
            if (this.movesTo(sq)) return this.tryMove(this.selected!, sq);
            if (this.selected === sq) this.selected = undefined;
            else if (this.canPick(sq)) this.selected = sq;
            this.render();
            return;
        }
        if (e.key === 'Escape') {
            this.cancelPremove();
            this.selected = undefined;
            this.render();
        }
    }

    private cancelPremove(): void {
        if (this.highlights.premove) this.handlers.onCancelPremove?.();
    }

    private announce(): void {
        const sq = this.cursor;
        if (!sq) return;
        const p = this.position?.pieces.get(sq);
        const what = p
            ? `${t(`seat_${p.army}` as 'seat_white')} ${t(`piece_${p.kind}` as 'piece_K')}`
            : t('empty_square');
        this.live.textContent = `${sq} ${what}`;
    }
}
