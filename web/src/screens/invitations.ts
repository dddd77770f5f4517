// The invitation links of a game, each with its copy button: on the home page once a game is
// created with invitations, and on the creator's game page (Invite) whenever they are asked for.

import { button, copyText, el } from '../dom';
import type { Seat } from '../geometry';
import { t } from '../i18n';

// Absolute invitation URL for a created seat, with `seat=` added so that the page knows which
// seat the token holds before the server says so.
export function invitationUrl(id: string, s: { seat: Seat; token: string; url?: string }, origin: string): string {
    const u = new URL(s.url || `/g/${encodeURIComponent(id)}?token=${encodeURIComponent(s.token)}`, origin);
    if (!u.searchParams.has('token')) u.searchParams.set('token', s.token);
    if (!u.searchParams.has('seat')) u.searchParams.set('seat', s.seat);
    return u.toString();
}

export const watchUrl = (id: string, origin: string): string =>
    new URL(`/g/${encodeURIComponent(id)}`, origin).toString();

export interface InvitationOptions {
    // Seats this browser plays: their links are marked as the player's own.
    mine?: readonly Seat[];
    // Where given, each seat not this browser's has a button to play it here.
    play?: (path: string) => void;
}

// A link in a read-only field, with a button that copies it (or selects it, where copying is
// not allowed).
function linkField(url: string, label: string): HTMLElement[] {
    const field = el('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'invite-url' });
    const copy = button(t('copy'), () => {
        void copyText(url).then((ok) => {
            copy.textContent = ok ? t('copied') : t('copy');
            if (!ok) field.select();
        });
    });
    copy.classList.add('copy');
    return [field, copy];
}

// One line per seat: its name, its link and a copy button.
export function invitationList(
    id: string,
    seats: readonly { seat: Seat; token: string; url?: string }[],
    options: InvitationOptions = {},
): HTMLElement {
    const list = el('ul', { class: 'invitation-list' });
    for (const s of seats) {
        const url = invitationUrl(id, s, location.origin);
        const own = options.mine?.includes(s.seat) ?? false;
        const name = el('strong', {}, t(`seat_${s.seat}`));
        if (own) name.append(el('span', { class: 'own-seat' }, t('games_your_seat')));
        const play = options.play;
        const take = play
            ? button(t('open_my_seat', { seat: t(`seat_${s.seat}`) }), () => {
                  const u = new URL(url);
                  play(u.pathname + u.search);
              })
            : null;
        list.append(el('li', { class: `seat-${s.seat}` }, name, ...linkField(url, t(`seat_${s.seat}`)), take));
    }
    return list;
}

// The link for watchers, with its copy button.
export function watchLine(id: string): HTMLElement {
    return el(
        'p',
        { class: 'watch' },
        el('strong', {}, t('watch_link')),
        ...linkField(watchUrl(id, location.origin), t('watch_link')),
    );
}
