// The move list (#move-list), its «‹›» buttons and the arrow keys that step through it. It
// knows only the moves' SAN and which ply is shown; `go` is told the ply asked for, so a game, a
// lesson or an analysis can each decide what showing a past position means.

import { button, el } from '../../dom';
import { t } from '../../i18n';

export class MoveList {
    readonly list = el('ol', { class: 'move-list', id: 'move-list' });
    readonly nav = el('div', { class: 'move-nav' });
    private shown = 0;
    private total = 0;

    constructor(private readonly go: (ply: number) => void) {}

    // `san`: the moves played; `perRow`: moves a row (one per seat); `shown`: the plies played
    // in the position on the board.
    draw(san: readonly string[], perRow: number, shown: number): void {
        this.shown = shown;
        this.total = san.length;
        this.list.replaceChildren();
        let row: HTMLLIElement | undefined;
        san.forEach((text, i) => {
            if (i % perRow === 0 || !row) {
                row = el('li', {});
                this.list.append(row);
            }
            row.append(
                button(text, () => this.step(i + 1), {
                    class: `san${i + 1 === shown ? ' current' : ''}`,
                    'data-ply': String(i + 1),
                }),
            );
        });
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
