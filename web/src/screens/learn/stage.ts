// The board of a lesson: a position (a step's or a level's FEN) with moves played on it for show
// (notation.ts's display replay: the server judges every move), turned to the child's side, with
// the last move, a king in check (the squares the server names: the client knows no rules), arrows
// and marked squares. For a level it takes
// moves by click, tap, drag or keyboard (board.ts) and offers the promotion chooser.

import { type Mark, BoardView } from '../../board';
import { el } from '../../dom';
import { type Variant, geometryOf, parseSquare, rotationFor, squareName } from '../../geometry';
import type { Arrow } from '../../learn_contract';
import { type Position, applyMoveForDisplay, parseMove, parsePosition } from '../../notation';

// The moves that promote a pawn of `side` in `pos` (straight on to an empty square, or taking
// diagonally), so that the board offers the chooser for them; every other move goes to the
// server as it is dropped. Chess promotes to Q, R, B or N, Silverman to Q or R.
export function promotionMoves(pos: Position, side: 'white' | 'black'): string[] {
    const pieces = pos.variant === 'chess' ? 'qrbn' : pos.variant === 'silverman' ? 'qr' : '';
    if (!pieces) return [];
    const g = geometryOf(pos.variant);
    const last = side === 'white' ? g.ranks - 1 : 0;
    const step = side === 'white' ? 1 : -1;
    const out: string[] = [];
    for (const [sq, p] of pos.pieces) {
        const at = parseSquare(sq);
        if (p.kind !== 'P' || p.army !== side || !at || at.rank + step !== last) continue;
        for (const df of [-1, 0, 1]) {
            const to = squareName(at.file + df, last);
            if (!g.has(to)) continue;
            const there = pos.pieces.get(to);
            if (df === 0 ? there : there?.army !== (side === 'white' ? 'black' : 'white') || there.kind === 'K')
                continue;
            for (const k of pieces) out.push(`${sq}${to}${k}`);
        }
    }
    return out;
}

export class LessonBoard {
    readonly view: BoardView;
    readonly element: HTMLElement;
    private variant: Variant = 'chess';
    private fen = '';
    private moves: string[] = [];
    private marks: Mark[] = [];
    private check: readonly string[] = [];
    private position: Position | undefined;

    constructor(onMove: (move: string) => void = () => undefined) {
        this.view = new BoardView({ onMove, onAttempt: onMove });
        this.element = el('section', { class: 'board-area learn-board' }, this.view.element);
    }

    // Shows `fen` with `moves` played on it, turned to `side`, the kings on `check` in check.
    show(
        variant: Variant,
        fen: string,
        moves: readonly string[],
        side: 'white' | 'black',
        check: readonly string[],
    ): void {
        this.variant = variant;
        this.fen = fen;
        this.view.setRotation(rotationFor(side));
        this.setMoves(moves, check);
    }

    // The moves shown on the position (a line growing, a consequence replayed, taken back) and
    // the squares of the kings in check after them.
    setMoves(moves: readonly string[], check: readonly string[]): void {
        this.moves = [...moves];
        this.check = check;
        let pos = parsePosition(this.variant, this.fen);
        for (const m of this.moves) pos = applyMoveForDisplay(pos, m);
        this.position = pos;
        this.view.setPosition(geometryOf(this.variant), pos);
        this.element.dataset['shown'] = this.moves.join(',');
        this.drawHighlights();
    }

    get shown(): readonly string[] {
        return this.moves;
    }

    setArrows(arrows: readonly Arrow[]): void {
        this.view.setArrows([...arrows]);
    }

    setMarks(marks: Mark[]): void {
        this.marks = marks;
        this.drawHighlights();
    }

    // What the lesson points at: arrows, and squares marked as `tone`.
    point(arrows: readonly Arrow[], squares: readonly string[], tone: Mark['tone'] = 'focus'): void {
        this.setArrows(arrows);
        this.setMarks(squares.map((square) => ({ square, tone })));
    }

    clearPointers(): void {
        this.point([], []);
    }

    // Lets the child move the pieces of `side` (null: the board only shows).
    allow(side: 'white' | 'black' | null): void {
        const pos = this.position;
        if (!side || !pos) {
            this.view.setInteraction([], () => false, false);
            return;
        }
        this.view.setInteraction(promotionMoves(pos, side), (p) => p.army === side, false);
    }

    focus(): void {
        this.view.focus();
    }

    private drawHighlights(): void {
        const last = parseMove(this.moves.at(-1) ?? '');
        this.view.setHighlights({
            lastMoves: last ? [{ from: last.from, to: last.to }] : [],
            check: [...this.check],
            marks: this.marks,
        });
    }
}
