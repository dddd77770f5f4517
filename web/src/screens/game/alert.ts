// Whose move, in the background: while a game's page is open the tab's title says when it is
// this browser's move ("● Your move · Citadel"), and a chime (off until the switch turns it on;
// remembered in localStorage `citadel.turn_sound`) rings when it becomes its move while the tab is
// hidden.

import { el } from '../../dom';
import { t } from '../../i18n';
import { play } from '../../sound';
import { keepSwitch, keptSwitch } from '../../kept';

const KEY = 'citadel.turn_sound';

export const turnSoundOn = (): boolean => keptSwitch(KEY, false);

function setTurnSound(on: boolean): void {
    keepSwitch(KEY, on);
}

// The title of the tab: the app's name, marked when it is this browser's move.
export const tabTitle = (myMove: boolean): string =>
    myMove ? `● ${t('games_your_move')} · ${t('app_title')}` : t('app_title');

// Whether to chime: the move became this browser's (not on the first news: the page just opened)
// while nobody looks at the tab.
export const chimes = (before: boolean | undefined, now: boolean, hidden: boolean, on: boolean): boolean =>
    on && hidden && now && before === false;

export class TurnAlert {
    private myMove: boolean | undefined;
    readonly element: HTMLElement;

    constructor() {
        const input = el('input', { type: 'checkbox', id: 'turn-sound', checked: turnSoundOn() });
        input.addEventListener('change', () => {
            setTurnSound(input.checked);
            if (input.checked) play('turn', true); // how it sounds; and the page may play sound from now on
        });
        this.element = el('label', { class: 'choice turn-sound' }, input, t('games_turn_sound'));
    }

    // Whether it is this browser's move now (a finished game is nobody's).
    update(myMove: boolean): void {
        document.title = tabTitle(myMove);
        if (chimes(this.myMove, myMove, document.hidden, turnSoundOn())) play('turn', true);
        this.myMove = myMove;
    }

    stop(): void {
        document.title = t('app_title');
    }
}
