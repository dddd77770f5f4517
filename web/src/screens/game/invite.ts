// Invite (#invite): on the page of a game this browser created with invitations, its links again
// whenever they are asked for, each with a copy button, and the watchers' link. A creator who has
// not taken a seat yet may take one from here.

import { el } from '../../dom';
import { t } from '../../i18n';
import { type KeptGame, invitedSeats, keptSeats } from '../../store';
import { invitationList, watchLine } from '../invitations';

// The panel, or null where this browser handed out no link of the game.
export function invitePanel(game: KeptGame | undefined, navigate: (path: string) => void): HTMLElement | null {
    if (!game || invitedSeats(game).length === 0) return null;
    const options = game.mine.length === 0 ? { mine: game.mine, play: navigate } : { mine: game.mine };
    return el(
        'details',
        { class: 'invite', id: 'invite' },
        el('summary', { id: 'invite-open' }, t('games_invite')),
        el('p', { class: 'hint' }, t('games_invite_hint')),
        invitationList(game.id, keptSeats(game), options),
        watchLine(game.id),
    );
}
