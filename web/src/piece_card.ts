// The piece card: a small card over the board with a piece's name and how it moves
// (piece_texts.ts). It opens while a mouse rests on a piece, after a finger or pen has pressed
// one for half a second without moving, or with the key "i" on the keyboard cursor's piece; it
// closes on release, when the pointer leaves, on Escape, and at the next press. It never takes
// the pointer (the style sheet), so it never stands in the way of a move, and a long press
// does not open the browser's own menu.

import { el } from './dom';
import type { Variant } from './geometry';
import type { Piece } from './notation';
import { pieceInfo } from './piece_texts';

const HOVER_MS = 350;
const LONG_PRESS_MS = 500;
const STILL_PX = 10; // a press that moves farther is a drag, not a long press

export interface PieceLookup {
    // The piece on `square` in the position drawn, and its game.
    pieceOn(square: string): { variant: Variant; piece: Piece } | undefined;
    // The keyboard cursor's square.
    cursorSquare(): string | undefined;
}

export class PieceCard {
    private readonly card = el('div', { class: 'piece-card', role: 'status', hidden: true });
    private timer: ReturnType<typeof setTimeout> | undefined;
    private press: { x: number; y: number } | undefined;
    private touched = false; // the last press was a finger or a pen

    constructor(
        private readonly host: HTMLElement,
        private readonly board: PieceLookup,
    ) {
        host.append(this.card);
        // Capture: the board redraws on a press, and the square is read before that.
        host.addEventListener('pointerdown', (e) => this.down(e), true);
        host.addEventListener('pointermove', (e) => this.move(e));
        host.addEventListener('pointerup', () => this.close());
        host.addEventListener('pointercancel', () => this.close());
        host.addEventListener('pointerleave', () => this.close());
        host.addEventListener('contextmenu', (e) => {
            if (this.touched) e.preventDefault();
        });
        host.addEventListener('keydown', (e) => {
            if (e.key === 'Escape') this.close();
            else if (e.key === 'i' || e.key === 'I') {
                const sq = board.cursorSquare();
                if (sq) this.open(sq);
            }
        });
    }

    private down(e: PointerEvent): void {
        this.close();
        this.touched = e.pointerType !== 'mouse';
        if (!this.touched) return;
        const sq = squareOf(e);
        if (!sq) return;
        this.press = { x: e.clientX, y: e.clientY };
        this.timer = setTimeout(() => this.open(sq), LONG_PRESS_MS);
    }

    private move(e: PointerEvent): void {
        if (this.press) {
            if (Math.hypot(e.clientX - this.press.x, e.clientY - this.press.y) > STILL_PX) this.close();
            return;
        }
        if (e.pointerType !== 'mouse' || e.buttons !== 0) return;
        const sq = squareOf(e);
        if (sq === this.card.dataset['square'] && !this.card.hidden) return;
        this.close();
        if (sq) this.timer = setTimeout(() => this.open(sq), HOVER_MS);
    }

    private open(square: string): void {
        clearTimeout(this.timer);
        const found = this.board.pieceOn(square);
        const shape = this.host.querySelector(`[data-piece="${square}"]`);
        if (!found || !shape) return;
        const { name, moves } = pieceInfo(found.variant, found.piece);
        this.card.replaceChildren(el('strong', {}, name), el('p', {}, moves));
        this.card.dataset['square'] = square;
        this.card.hidden = false;
        // Beside the piece: above it in the board's lower half, below it in the upper half.
        const box = this.host.getBoundingClientRect();
        const at = shape.getBoundingClientRect();
        const width = this.card.offsetWidth;
        const left = Math.max(0, Math.min(box.width - width, at.left - box.left + at.width / 2 - width / 2));
        this.card.style.left = `${left}px`;
        const lower = at.top + at.height / 2 > box.top + box.height / 2;
        this.card.style.top = lower ? '' : `${at.bottom - box.top + 4}px`;
        this.card.style.bottom = lower ? `${box.bottom - at.top + 4}px` : '';
    }

    close(): void {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.press = undefined;
        this.card.hidden = true;
        delete this.card.dataset['square'];
    }
}

// The square under the pointer: its piece's, or (pieces let the pointer through) its own.
function squareOf(e: Event): string | undefined {
    const at = (e.target as Element | null)?.closest?.('[data-piece], [data-square]');
    return at?.getAttribute('data-piece') ?? at?.getAttribute('data-square') ?? undefined;
}
