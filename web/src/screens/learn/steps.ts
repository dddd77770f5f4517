// The learn part of a lesson (#learn-step): one step at a time, its position with arrows and
// marked squares, its text, Back and Next, and "Show me", which plays the step's moves on the
// board (once by itself when the step opens). Played moves stay on the board; "Show me" starts
// again from the step's position. The arrows and marks belong to that position: they go while
// the moves play.

import { button, el } from '../../dom';
import { t } from '../../i18n';
import type { LearnStep } from '../../learn_contract';
import { play } from '../../sound';
import { stopSpeaking } from '../../speech';
import { Pacer, playMoves } from './feedback';
import { LessonBoard } from './stage';
import { readNew, spokenText } from '../../voice';

export interface StepEvents {
    // callbacks, not methods: handed on unbound
    back: (() => void) | undefined; // none on the first step of the lesson
    next: () => void;
}

export class StepView {
    readonly element: HTMLElement;
    private readonly board = new LessonBoard();
    private readonly pacer = new Pacer();
    private run = 0; // which showing of the moves is the latest

    constructor(
        private readonly step: LearnStep,
        position: { n: number; total: number; last: boolean },
        events: StepEvents,
    ) {
        const showMe = button(t('learn_show_me'), () => void this.showMoves(), { id: 'show-me' });
        showMe.insertAdjacentHTML(
            'afterbegin',
            '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M7 4l13 8-13 8z" fill="currentColor"/></svg>',
        );
        const next = button(position.last ? t('learn_practise') : t('learn_next'), events.next, {
            id: 'step-next',
            class: 'primary big',
        });
        const back = button(t('learn_back'), events.back ?? (() => undefined), { id: 'step-back' });
        back.disabled = !events.back;
        const said = spokenText('p', step.text, { id: 'step-text', class: 'step-text' });
        this.element = el(
            'div',
            { class: 'learn-stage step', id: 'learn-step', 'data-step': String(position.n) },
            el(
                'div',
                { class: 'learn-text' },
                el('p', { class: 'learn-count' }, t('learn_step_count', { n: position.n, total: position.total })),
                said,
            ),
            this.board.element,
            el(
                'div',
                { class: 'learn-side' },
                el('div', { class: 'learn-actions' }, back, step.moves.length ? showMe : null, next),
            ),
        );
        this.board.show(step.variant, step.fen, [], 'white', step.checks[0] ?? []);
        this.board.allow(null);
        this.board.point(step.arrows, step.highlights);
        readNew(said);
        if (step.moves.length) void this.showMoves(700);
    }

    // Plays the step's moves from its position, which stays with its arrows for `pause` ms more
    // than the moves' own pace first.
    private async showMoves(pause = 0): Promise<void> {
        this.pacer.cancel();
        const run = ++this.run;
        this.board.setMoves([], this.step.checks[0] ?? []);
        this.board.point(this.step.arrows, this.step.highlights);
        this.element.dataset['playing'] = 'true';
        if (pause === 0 || (await this.pacer.wait(pause))) {
            await playMoves(
                (m) => {
                    this.board.clearPointers();
                    this.board.setMoves(m, this.step.checks[m.length] ?? []);
                    play('move');
                },
                [],
                this.step.moves,
                this.pacer,
            );
        }
        if (run === this.run) delete this.element.dataset['playing'];
    }

    close(): void {
        this.pacer.cancel();
        stopSpeaking();
    }
}
