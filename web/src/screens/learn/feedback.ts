// What the lesson says back (#feedback): the verdict on a move or an answer, a hint, or a failure
// to reach the server, each with its own colour and heading and the server's sentence with its
// speaker button; the stars of a solved level. And the pacing of what the board plays by itself
// (a step's moves, a consequence, a reply): waits that end early, all at once, when the child
// moves on.

import { el } from '../../dom';
import { type StringKey, t } from '../../i18n';
import { readNew, spokenText } from '../../voice';

export type Tone = 'illegal' | 'wrong' | 'good' | 'solved' | 'hint' | 'error';

const HEADINGS: Record<Tone, StringKey | undefined> = {
    illegal: 'learn_illegal',
    wrong: 'learn_wrong',
    good: 'learn_good',
    solved: 'learn_solved',
    hint: 'learn_hint',
    error: undefined,
};

const STAR =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5L2.6 9.4l6.5-.9z"/></svg>';

const PUZZLE =
    '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path d="M3 9H8A3.2 3.2 0 1 1 12 9H17V13A3.2 3.2 0 1 1 17 17V22H3Z" fill="currentColor"/></svg>';

// A puzzle piece: the picture of "More practice".
export function practiceIcon(): HTMLElement {
    const icon = el('span', { class: 'practice-icon', 'aria-hidden': 'true' });
    icon.innerHTML = PUZZLE;
    return icon;
}

// `earned` of `possible` stars in a row (filled, then empty), labelled for screen readers.
export function starsRow(earned: number, possible = 3, label = t('learn_stars_earned', { n: earned })): HTMLElement {
    const row = el('span', { class: 'stars', role: 'img', 'aria-label': label, 'data-stars': String(earned) });
    for (let i = 0; i < possible; i++) {
        const s = el('span', { class: `star${i < earned ? ' earned' : ''}` });
        s.innerHTML = STAR;
        row.append(s);
    }
    return row;
}

export class Feedback {
    readonly element = el('div', {
        class: 'feedback',
        id: 'feedback',
        role: 'status',
        'aria-live': 'polite',
        hidden: true,
    });

    // Shows `message` as `tone`, with `extra` under it (stars, buttons); reads it if the page
    // reads by itself.
    show(tone: Tone, message: string, ...extra: Node[]): void {
        const heading = HEADINGS[tone];
        this.element.dataset['verdict'] = tone;
        for (const k of ['hintSquare', 'hintMove', 'hintChoice']) delete this.element.dataset[k];
        const said = spokenText('p', message, { class: 'feedback-text' });
        this.element.replaceChildren(
            ...(heading ? [el('strong', { class: 'feedback-title' }, t(heading))] : []),
            said,
            ...extra,
        );
        this.element.hidden = false;
        readNew(said);
        // On a phone the words are under the board: bring them into sight (as little as it takes).
        const motion = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
        requestAnimationFrame(() => this.element.scrollIntoView({ block: 'nearest', behavior: motion }));
    }

    clear(): void {
        this.element.hidden = true;
        delete this.element.dataset['verdict'];
        this.element.replaceChildren();
    }
}

// Waits that the page can cut short: cancel() ends every wait in progress, which then answers
// false (the caller stops there).
export class Pacer {
    private pending = new Map<ReturnType<typeof setTimeout>, (go: boolean) => void>();

    wait(ms: number): Promise<boolean> {
        return new Promise((resolve) => {
            const timer = setTimeout(() => {
                this.pending.delete(timer);
                resolve(true);
            }, ms);
            this.pending.set(timer, resolve);
        });
    }

    cancel(): void {
        for (const [timer, resolve] of this.pending) {
            clearTimeout(timer);
            resolve(false);
        }
        this.pending.clear();
    }
}

// How long each move the board plays by itself stays before the next (the contract's ~0.8 s).
export const MOVE_PAUSE_MS = 800;

// Plays `moves` one by one after `before` (the moves already shown), at the moves' pace; false when
// cut short.
export async function playMoves(
    show: (moves: readonly string[]) => void,
    before: readonly string[],
    moves: readonly string[],
    pacer: Pacer,
): Promise<boolean> {
    for (let i = 0; i < moves.length; i++) {
        if (!(await pacer.wait(MOVE_PAUSE_MS))) return false;
        show([...before, ...moves.slice(0, i + 1)]);
    }
    return true;
}
