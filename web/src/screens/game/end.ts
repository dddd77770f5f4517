// The end of a game (#end-panel), under the status line that says how it ended: who won, in words
// and a picture ("You won!" with a trophy, "The computer won" with a smiling computer, a handshake
// for a draw; between people the winner's seat name), and what next: Rematch, the same game with
// every seat moved one place on (two players: colours swapped), made by the server
// (POST /api/games/{id}/rematch) for whoever asks first, and New game, the form on the home page.
// The server tells the other players; their panel then offers to join the rematch, each browser
// with its own seat in it.

import { button, el } from '../../dom';
import type { GameModel } from '../../game';
import type { Seat } from '../../geometry';
import { t } from '../../i18n';
import { type KeptGame, keepGame, keptGame } from '../../store';
import { speakerButton } from '../../voice';
import type { RematchJoined } from './controller';
import { resultText, sentences, winners } from './status';

export type Picture = 'trophy' | 'computer' | 'handshake' | 'none';

export interface Verdict {
    text: string; // "You won!", "The computer won", "Draw", "White wins!"
    note: string; // a friendly word for a child playing the computer, else ''
    picture: Picture;
}

type Ended = Pick<GameModel, 'result' | 'status' | 'scores' | 'geometry' | 'seats'>;

// Whether `mine` is one person playing the computer: one seat held, every other an engine's.
export function againstComputer(model: Pick<GameModel, 'seats'>, mine: readonly Seat[]): boolean {
    const [me] = mine;
    return (
        mine.length === 1 &&
        model.seats.some((s) => s.player === 'engine') &&
        model.seats.every((s) => (s.seat === me ? s.player === 'human' : s.player === 'engine'))
    );
}

// Who won, for the seats `mine` this browser holds.
export function verdict(model: Ended, mine: readonly Seat[]): Verdict {
    const won = winners(model.result, model.status, model.scores, model.geometry.seats);
    const child = againstComputer(model, mine);
    if (won && won.length === 0)
        return { text: t('draw'), note: child ? t('end_draw_note') : '', picture: 'handshake' };
    if (won && child)
        return won.includes(mine[0]!)
            ? { text: t('end_you_won'), note: t('end_you_won_note'), picture: 'trophy' }
            : { text: t('end_computer_won'), note: t('end_computer_won_note'), picture: 'computer' };
    const text = resultText(model.result, model.status, model.scores, model.geometry.seats);
    return { text, note: '', picture: won ? 'trophy' : 'none' };
}

const STROKE = 'stroke="#23201c" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"';
const PICTURES: Record<Exclude<Picture, 'none'>, string> = {
    trophy: `<path d="M30 16h36v20c0 12-8 22-18 22s-18-10-18-22z" fill="#f4c430" ${STROKE}/>
<path d="M30 22H18c0 12 6 19 14 20M66 22h12c0 12-6 19-14 20" fill="none" ${STROKE}/>
<path d="M44 58h8v12h-8z" fill="#f4c430" ${STROKE}/>
<rect x="30" y="70" width="36" height="11" rx="3" fill="#2f5d50" ${STROKE}/>
<path d="M48 24l3.5 7 7.5 1-5.5 5 1.5 7.5-7-3.5-7 3.5 1.5-7.5-5.5-5 7.5-1z" fill="#fff6c8"/>`,
    computer: `<path d="M48 10v10" ${STROKE}/><circle cx="48" cy="9" r="4.5" fill="#e0564b" ${STROKE}/>
<rect x="16" y="20" width="64" height="48" rx="12" fill="#8fa7c9" ${STROKE}/>
<rect x="25" y="29" width="46" height="30" rx="7" fill="#eef4fc" ${STROKE}/>
<circle cx="38" cy="41" r="4" fill="#23201c"/><circle cx="58" cy="41" r="4" fill="#23201c"/>
<path d="M39 50q9 6 18 0" fill="none" ${STROKE}/>
<circle cx="30" cy="50" r="3" fill="#f3a5a0"/><circle cx="66" cy="50" r="3" fill="#f3a5a0"/>
<rect x="28" y="72" width="40" height="12" rx="5" fill="#8fa7c9" ${STROKE}/>`,
    handshake: `<path d="M-2 70l24-24 14 14-24 24z" fill="#fffdf8" ${STROKE}/>
<path d="M98 70L74 46 60 60l24 24z" fill="#4a4036" ${STROKE}/>
<path d="M28 52c6-10 16-15 26-14l6 1 12 13c-5 10-14 18-25 18-8 0-14-6-19-13z" fill="#f2c9a0" ${STROKE}/>
<path d="M41 50l7 10M48 47l7 11M55 46l6 11M33 50c4-6 10-9 17-8" fill="none" ${STROKE}/>`,
};

function picture(p: Picture): HTMLElement | null {
    if (p === 'none') return null;
    const box = el('span', { class: 'end-picture', 'data-picture': p });
    box.innerHTML = `<svg viewBox="0 0 96 96" width="76" height="76" aria-hidden="true" focusable="false">${PICTURES[p]}</svg>`;
    return box;
}

export interface EndActions {
    navigate: (path: string) => void;
    rematch: () => Promise<RematchJoined>; // this browser's seats in the rematch, made if need be
}

export class EndPanel {
    readonly element = el('section', { class: 'end-panel', id: 'end-panel', hidden: true });
    private shown = ''; // what the panel shows now, so a redraw keeps it (and its links) as it is
    private rematch: Promise<RematchJoined> | undefined; // one rematch per page, however often asked
    private verdictText = el('p');
    private noteText = el('p');

    constructor(
        private readonly id: string,
        private readonly actions: EndActions,
    ) {}

    draw(model: GameModel, mine: readonly Seat[]): void {
        const key = model.over ? `${model.status} ${model.result} ${mine.join(' ')} ${model.rematch ?? ''}` : '';
        if (key === this.shown) return;
        this.shown = key;
        this.element.hidden = !model.over;
        this.element.replaceChildren();
        if (!model.over) return;
        const v = verdict(model, mine);
        this.element.dataset['picture'] = v.picture;
        this.verdictText = el('p', { class: 'end-verdict', id: 'end-verdict' }, v.text);
        this.noteText = el('p', { class: 'end-note', hidden: !v.note }, v.note);
        const buttons = el('div', { class: 'end-actions' });
        // Seats held: a player may ask for a rematch, or join the one another player made; a
        // watcher may not.
        const label = model.rematch ? t('rematch_play') : t('rematch');
        if (mine.length > 0) {
            const again = button(label, () => this.startRematch(model, again, label), {
                id: 'rematch',
                class: 'primary',
            });
            buttons.append(again);
        }
        buttons.append(button(t('new_game'), () => this.actions.navigate('/'), { id: 'end-new-game' }));
        this.element.append(
            el(
                'div',
                { class: 'end-result' },
                picture(v.picture),
                el('div', { class: 'end-words' }, this.verdictText, this.noteText),
                speakerButton(sentences([v.text, v.note])),
            ),
            buttons,
        );
        if (mine.length > 0 && !model.rematch) this.element.append(el('p', { class: 'end-hint' }, t('rematch_hint')));
    }

    // What the panel says, each text with the element showing it (to be read with the status line).
    words(): { target: HTMLElement; text: string }[] {
        if (this.element.hidden) return [];
        return [this.verdictText, this.noteText]
            .filter((p) => !p.hidden && p.textContent)
            .map((p) => ({ target: p, text: p.textContent ?? '' }));
    }

    private startRematch(model: GameModel, b: HTMLButtonElement, label: string): void {
        b.disabled = true;
        b.textContent = t('creating');
        this.rematch ??= this.actions.rematch();
        this.rematch
            .then((joined) => {
                // Kept like a game made on the home page, with the board's turning as before.
                const game: KeptGame = {
                    id: joined.id,
                    variant: model.variant,
                    created: Date.now(),
                    tokens: joined.tokens,
                    mine: Object.keys(joined.tokens) as Seat[],
                };
                const before = keptGame(this.id)?.turn_board;
                if (before !== undefined) game.turn_board = before;
                keepGame(game);
                this.actions.navigate(`/g/${encodeURIComponent(joined.id)}`);
            })
            .catch(() => {
                this.rematch = undefined;
                b.disabled = false;
                b.textContent = label;
                this.element.querySelector('.end-error')?.remove();
                this.element.append(el('p', { class: 'end-error form-error' }, t('rematch_failed')));
            });
    }
}
