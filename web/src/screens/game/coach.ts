// The coach, in games against the computer: a switch (remembered, on at first); while it is on and
// the player to move on this device is in check, a panel asks "Can you run? Can you block? Can
// you capture?" and answers from POST /api/escape (learn.md): yes or no for each, the server's
// sentence, and where the moves of each way go, marked on the board in three colours that are
// also three shapes (a ring, a square, a diamond), with the legend beside the questions.

import type { Mark } from '../../board';
import { el } from '../../dom';
import type { GameModel } from '../../game';
import type { Seat, Variant } from '../../geometry';
import { type StringKey, language, t } from '../../i18n';
import type { Escape } from '../../learn_contract';
import { learnApi } from '../../learn_api';
import { parseMove } from '../../notation';
import { keepSwitch, keptSwitch } from '../../kept';

const KEY = 'citadel.coach';

export const coachOn = (): boolean => keptSwitch(KEY, true);

function setCoachOn(on: boolean): void {
    keepSwitch(KEY, on);
}

type Way = 'run' | 'block' | 'capture';
const WAYS: readonly Way[] = ['run', 'block', 'capture'];
const QUESTION: Record<Way, StringKey> = { run: 'coach_run', block: 'coach_block', capture: 'coach_capture' };
const NAME: Record<Way, StringKey> = {
    run: 'coach_run_name',
    block: 'coach_block_name',
    capture: 'coach_capture_name',
};

// A way's mark as a small picture for the legend (the shapes board.ts draws).
const SWATCH: Record<Way, string> = {
    run: '<circle class="mark run" cx="12" cy="12" r="8"/>',
    block: '<rect class="mark block" x="4" y="4" width="16" height="16" rx="2"/>',
    capture: '<path class="mark capture" d="M12 2 L22 12 L12 22 L2 12 Z"/>',
};

// The board marks of an answer: the target square of every move of each way.
export function escapeMarks(e: Escape): Mark[] {
    const out: Mark[] = [];
    for (const way of WAYS)
        for (const m of e[way]) {
            const to = parseMove(m)?.to;
            if (to && !out.some((x) => x.square === to && x.tone === way)) out.push({ square: to, tone: way });
        }
    return out;
}

export class Coach {
    readonly element = el('section', { class: 'coach', id: 'coach', hidden: true });
    private readonly toggle = el('input', { type: 'checkbox', id: 'coach-switch' });
    private readonly panel = el('div', {
        class: 'coach-panel',
        id: 'coach-panel',
        'aria-live': 'polite',
        hidden: true,
    });
    private answer: { fen: string; escape: Escape | undefined } | undefined;
    private asking: string | undefined;
    private shownFen: string | undefined; // the position the panel is about, while it is open

    constructor(
        private readonly redraw: () => void,
        private readonly ask: (variant: Variant, fen: string) => Promise<Escape> = (v, f) =>
            learnApi.escape(v, f, language()),
    ) {
        this.toggle.checked = coachOn();
        this.toggle.addEventListener('change', () => {
            setCoachOn(this.toggle.checked);
            this.redraw();
        });
        this.element.append(
            el('label', { class: 'choice coach-switch', title: t('coach_help') }, this.toggle, t('coach')),
            this.panel,
        );
    }

    // Called with every redraw of the game screen: `live` is false while an earlier position or a
    // question over the board is shown.
    update(model: GameModel, mine: readonly Seat[], live: boolean): void {
        const againstEngine = mine.length > 0 && model.seats.some((s) => s.player === 'engine');
        this.element.hidden = !againstEngine;
        const fen = model.fen;
        const wanted =
            againstEngine && coachOn() && live && !model.over && model.inCheck && mine.includes(model.toMove);
        this.shownFen = wanted ? fen : undefined;
        if (wanted && fen && this.answer?.fen !== fen && this.asking !== fen) {
            this.asking = fen;
            this.ask(model.variant, fen)
                .then((escape) => (this.answer = { fen, escape }))
                .catch(() => (this.answer = { fen, escape: undefined })) // no help for this position
                .finally(() => {
                    this.asking = undefined;
                    this.redraw();
                });
        }
        this.draw();
    }

    // What the coach marks on the board now.
    marks(): Mark[] {
        const e = this.current();
        return e ? escapeMarks(e) : [];
    }

    private current(): Escape | undefined {
        const a = this.answer;
        return a && a.fen === this.shownFen && a.escape?.in_check ? a.escape : undefined;
    }

    private draw(): void {
        const e = this.current();
        this.panel.hidden = !e;
        this.panel.dataset['fen'] = e ? (this.shownFen ?? '') : '';
        if (!e) {
            this.panel.replaceChildren();
            return;
        }
        const ways = el('ul', { class: 'coach-ways' });
        for (const way of WAYS) {
            const swatch = el('span', { class: 'coach-swatch', title: t(NAME[way]) });
            swatch.innerHTML = `<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">${SWATCH[way]}</svg>`;
            const can = e[way].length > 0;
            ways.append(
                el(
                    'li',
                    {
                        class: `coach-way ${way}${can ? ' can' : ''}`,
                        'data-way': way,
                        'data-count': String(e[way].length),
                    },
                    swatch,
                    el('span', { class: 'coach-question' }, t(QUESTION[way])),
                    el('strong', { class: 'coach-answer' }, can ? t('coach_yes') : t('coach_no')),
                ),
            );
        }
        this.panel.replaceChildren(
            el('h3', {}, t('coach_in_check')),
            ways,
            el('p', { class: 'coach-message' }, e.message),
            el('p', { class: 'coach-legend' }, t('coach_legend')),
        );
    }
}
