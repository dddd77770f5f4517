// The move list (#move-list), its «‹›» buttons and the arrow keys that step through it. It
// knows only the moves' SAN and which ply is shown; `go` is told the ply asked for, so a game, a
// lesson or an analysis can each decide what showing a past position means. Two players: the
// moves in numbered rows; Four Kingdoms: a table of rounds with a column per player (rounds.ts).

import { button, el } from '../../dom';
import type { Seat } from '../../geometry';
import { t } from '../../i18n';
import { pieceSvg } from '../../pieces';
import type { RoundRow } from './rounds';

export class MoveList {
    readonly list = el('div', { class: 'move-list', id: 'move-list' });
    readonly nav = el('div', { class: 'move-nav' });
    private shown = 0;
    private total = 0;

    constructor(private readonly go: (ply: number) => void) {}

    // `san`: the moves played; `perRow`: moves a row (one per seat); `shown`: the plies played
    // in the position on the board.
    draw(san: readonly string[], perRow: number, shown: number): void {
        const list = el('ol', {});
        let row: HTMLLIElement | undefined;
        san.forEach((text, i) => {
            if (i % perRow === 0 || !row) {
                row = el('li', {});
                list.append(row);
            }
            row.append(this.move(i + 1, text, shown));
        });
        this.show(san.length > 0 ? list : undefined, san.length, shown);
    }

    // Four Kingdoms: `rows` of rounds under a head naming each of `seats` (in the rows' order)
    // with its army's king; `plies`: the moves played.
    drawRounds(rows: readonly RoundRow[], seats: readonly Seat[], plies: number, shown: number): void {
        const head = el(
            'tr',
            {},
            el('th', { scope: 'col', class: 'round' }, el('span', { class: 'visually-hidden' }, t('round'))),
            ...seats.map((seat) => {
                const icon = el('span', { class: 'seat-icon', 'aria-hidden': 'true' });
                icon.innerHTML = pieceSvg({ army: seat, kind: 'K' }, 18);
                return el('th', { scope: 'col', class: `army-${seat}` }, icon, t(`seat_${seat}`));
            }),
        );
        const body = rows.map((r) =>
            el(
                'tr',
                {},
                el('th', { scope: 'row', class: 'round' }, `${r.round}.`),
                ...r.cells.map((cell) =>
                    el(
                        'td',
                        {},
                        cell === 'out'
                            ? el(
                                  'span',
                                  { class: 'out', title: t('round_out') },
                                  el('span', { 'aria-hidden': 'true' }, '✕'),
                                  el('span', { class: 'visually-hidden' }, t('round_out')),
                              )
                            : cell
                              ? this.move(cell.ply, cell.san, shown)
                              : '',
                    ),
                ),
            ),
        );
        const table = el('table', { class: 'rounds' }, el('thead', {}, head), el('tbody', {}, ...body));
        this.show(plies > 0 ? table : undefined, plies, shown);
    }

    private move(ply: number, text: string, shown: number): HTMLButtonElement {
        return button(text, () => this.step(ply), {
            class: `san${ply === shown ? ' current' : ''}`,
            'data-ply': String(ply),
        });
    }

    // `moves`: the list drawn (none before the first move), then the buttons.
    private show(moves: HTMLElement | undefined, total: number, shown: number): void {
        this.shown = shown;
        this.total = total;
        this.list.replaceChildren(...(moves ? [moves] : []));
        this.list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
        this.nav.replaceChildren(
            button('«', () => this.step(0), { 'aria-label': t('first'), title: t('first'), id: 'nav-first' }),
            button('‹', () => this.step(this.shown - 1), { 'aria-label': t('back'), title: t('back'), id: 'nav-back' }),
            button('›', () => this.step(this.shown + 1), {
                'aria-label': t('forward'),
                title: t('forward'),
                id: 'nav-forward',
            }),
            button('»', () => this.step(this.total), { 'aria-label': t('last'), title: t('last'), id: 'nav-last' }),
        );
    }

    // ← and → anywhere on the page but the board (whose arrows move its cursor) and the form
    // fields. Returns the function that stops listening.
    listenToKeys(target: Document = document): () => void {
        const onKey = (e: KeyboardEvent) => {
            if ((e.target as HTMLElement | null)?.closest?.('.board-svg, input, textarea, select')) return;
            if (e.key === 'ArrowLeft') this.step(this.shown - 1);
            else if (e.key === 'ArrowRight') this.step(this.shown + 1);
        };
        target.addEventListener('keydown', onKey);
        return () => target.removeEventListener('keydown', onKey);
    }

    private step(ply: number): void {
        this.go(Math.max(0, Math.min(this.total, ply)));
    }
}
