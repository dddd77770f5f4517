// "Your games" on the home page: every game this browser keeps (store.ts), as the server says it
// stands now (game_list.ts). Those waiting for this browser's move come first and say so; the
// finished ones show their result and can be taken off the list. Each opens its game.

import { ApiError, api } from '../api';
import { button, el } from '../dom';
import { geometryOf } from '../geometry';
import { type Listed, orderGames, removable, standing } from '../game_list';
import { dateTimeText, listOf, t } from '../i18n';
import { pieceSvg, variantPiece } from '../pieces';
import { type KeptGame, forgetGame, keepGame, loadGames } from '../store';
import { resultText, statusText } from './game/status';

// What the server says of one kept game; a variant kept unknown (an older version) is learnt.
async function ask(game: KeptGame): Promise<Listed> {
    try {
        const state = await api.state(game.id);
        if (game.variant !== state.variant) keepGame({ ...game, variant: state.variant });
        return { game: { ...game, variant: state.variant }, state };
    } catch (e) {
        return { game, state: e instanceof ApiError && e.status === 404 ? 'gone' : 'unreachable' };
    }
}

// Who plays here: every seat, some of them (named), or none yet (the links were handed out).
function whoHere(game: KeptGame): string {
    const known = Object.keys(game.tokens).length;
    if (game.mine.length === 0) return t('games_no_seat');
    if (game.mine.length === known && known > 1) return t('mode_one_device');
    const seats = listOf(game.mine.map((s) => t(`seat_${s}`)));
    return t('games_you_play', { seats });
}

// How the game stands, in a few words; undefined while the server has not answered.
function standingText(l: Listed | undefined): string {
    if (!l) return '…';
    const { state } = l;
    switch (standing(l)) {
        case 'your_move':
            return t('games_your_move');
        case 'gone':
            return t('games_gone');
        case 'unreachable':
            return t('games_unreachable');
        default:
            break;
    }
    if (typeof state !== 'object') return '';
    if (state.status === 'ongoing') return t('to_move', { seat: t(`seat_${state.to_move}`) });
    const won = resultText(state.result, state.status, state.scores, geometryOf(state.variant).seats);
    return [won, statusText(state.status)].filter((s) => s).join(' · ');
}

function row(game: KeptGame, listed: Listed | undefined, navigate: (path: string) => void): HTMLElement {
    const state = listed && typeof listed.state === 'object' ? listed.state : undefined;
    const variant = state?.variant ?? game.variant;
    const name = variant ? t(`variant_${variant}`) : t('games_untitled');
    const icon = el('span', { class: 'kept-icon' });
    if (variant) icon.innerHTML = pieceSvg(variantPiece(variant), 40);
    const computer = state?.seats.some((s) => s.player === 'engine') ? t('games_vs_computer') : '';
    const detail = [whoHere(game), computer, game.created > 0 ? dateTimeText(game.created) : ''].filter((s) => s);
    const kind = listed ? standing(listed) : 'pending';
    const path = `/g/${encodeURIComponent(game.id)}`;
    const open = el(
        'a',
        { href: path, class: 'kept-open' },
        icon,
        el(
            'span',
            { class: 'kept-text' },
            el('strong', { class: 'kept-name' }, name),
            el('span', { class: 'kept-detail' }, detail.join(' · ')),
        ),
        el('span', { class: 'kept-standing' }, standingText(listed)),
    );
    open.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(path);
    });
    const li = el('li', { class: 'kept-game', 'data-standing': kind, 'data-id': game.id }, open);
    if (listed && removable(listed)) {
        const remove = button(
            t('games_remove'),
            () => {
                forgetGame(game.id);
                const list = li.parentElement;
                li.remove();
                if (list && list.childElementCount === 0) list.closest('section')?.setAttribute('hidden', '');
            },
            { class: 'kept-remove', 'aria-label': t('games_remove_label', { game: name }) },
        );
        li.append(remove);
    }
    return li;
}

// The section (#my-games), hidden while nothing is kept. The games are listed at once as kept,
// then again in their order when the server has answered for each.
export function myGames(navigate: (path: string) => void): HTMLElement {
    const games = loadGames();
    const list = el('ul', { class: 'my-games-list' });
    const section = el(
        'section',
        { class: 'my-games', id: 'my-games', hidden: games.length === 0, 'aria-labelledby': 'my-games-title' },
        el('h2', { id: 'my-games-title' }, t('games_title')),
        list,
    );
    list.replaceChildren(...games.map((g) => row(g, undefined, navigate)));
    list.setAttribute('aria-busy', 'true');
    void Promise.all(games.map(ask)).then((listed) => {
        list.replaceChildren(...orderGames(listed).map((l) => row(l.game, l, navigate)));
        list.removeAttribute('aria-busy');
    });
    return section;
}
