// The two questions the game screen asks: "play this move and claim a draw?" (FIDE 9.2.1), over
// the board while it shows the move, and "resign?" in place of the controls.

import { button, el } from '../../dom';
import { t } from '../../i18n';
import { parseMove } from '../../notation';
import type { DrawClaim } from '../../turn';
import { claimReason } from './status';

export interface ClaimAnswers {
    // callbacks, not methods: handed on unbound to the buttons
    yes: () => void; // play the move with the claim
    no: () => void; // play the move alone
    cancel: () => void; // play nothing
}

// The claim question about `move`, asked after `ply` moves. "Yes" and "no" close it and leave
// the move on the board until the server's word redraws it; Escape cancels.
export class ClaimQuestion {
    readonly box: HTMLElement;

    constructor(
        readonly move: string,
        readonly ply: number,
        claims: readonly DrawClaim[],
        answers: ClaimAnswers,
    ) {
        const reason = claims.map(claimReason).join(t('list_separator'));
        this.box = el(
            'div',
            {
                class: 'claim-ask',
                id: 'claim-ask',
                role: 'dialog',
                'aria-modal': 'false',
                'aria-labelledby': 'claim-ask-text',
            },
            el('p', { id: 'claim-ask-text' }, t('claim_with_move_question', { reason })),
            button(t('claim_yes'), answers.yes, { id: 'claim-yes', class: 'primary' }),
            button(t('claim_no'), answers.no, { id: 'claim-no' }),
            button(t('cancel'), answers.cancel, { id: 'claim-cancel', class: 'quiet' }),
        );
        this.box.addEventListener('keydown', (e) => {
            if (e.key === 'Escape') answers.cancel();
        });
    }

    // Opens it over `area` (the board's), on the half away from the move's target square so
    // that the move stays in sight; call once the board shows the move.
    open(area: HTMLElement): void {
        area.append(this.box);
        const target = area
            .querySelector(`rect[data-square="${parseMove(this.move)?.to ?? ''}"]`)
            ?.getBoundingClientRect();
        const bounds = area.getBoundingClientRect();
        this.box.classList.toggle('low', !!target && target.top + target.height / 2 < bounds.top + bounds.height / 2);
        this.box.querySelector<HTMLButtonElement>('#claim-yes')?.focus();
    }

    close(): void {
        this.box.remove();
    }
}

// "Resign?" with yes (#resign-yes) and no, to stand in the controls' place.
export function resignQuestion(yes: () => void, no: () => void): Node[] {
    return [
        el('span', {}, t('confirm_resign')),
        button(t('yes'), yes, { class: 'danger', id: 'resign-yes' }),
        button(t('no'), no),
    ];
}
