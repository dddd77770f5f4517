// The Hint button of a level: the first press asks for step 1 (the piece to move; on a choice
// level, a sentence), the second for step 2 (the move, or the answer). After a move the hints
// start again at step 1. What a hint shows is the level's to draw.

import { button } from '../../dom';
import { t } from '../../i18n';
import type { Hint } from '../../learn_contract';

export class HintButton {
    readonly element: HTMLButtonElement;
    private step: 0 | 1 | 2 = 0;
    private asking = false;
    private enabled = true;

    constructor(
        private readonly ask: (step: 1 | 2) => Promise<Hint>,
        private readonly shown: (hint: Hint, step: 1 | 2) => void,
        private readonly failed: (e: unknown) => void,
    ) {
        this.element = button(t('learn_hint'), () => void this.press(), { id: 'hint', class: 'hint-button' });
        this.element.insertAdjacentHTML(
            'afterbegin',
            '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>',
        );
    }

    // Back to step 1 (a new position), or off altogether (`enabled` false: solved, or busy).
    reset(enabled = true): void {
        this.step = 0;
        this.setEnabled(enabled);
    }

    setEnabled(enabled: boolean): void {
        this.enabled = enabled;
        this.draw();
    }

    private draw(): void {
        const label = this.element.lastChild;
        if (label) label.textContent = this.step === 0 ? t('learn_hint') : t('learn_hint_more');
        this.element.disabled = !this.enabled || this.step === 2 || this.asking;
    }

    private async press(): Promise<void> {
        if (this.step === 2 || this.asking) return;
        const step = this.step === 0 ? 1 : 2;
        this.asking = true;
        this.draw();
        try {
            const hint = await this.ask(step);
            this.step = step;
            this.shown(hint, step);
        } catch (e) {
            this.failed(e);
        } finally {
            this.asking = false;
            this.draw();
        }
    }
}
