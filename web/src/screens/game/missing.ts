// The page of a game the server does not have (a mistyped or an old link): it says so and offers
// the home page, and asks nothing more of the server.

import { el } from '../../dom';
import { t } from '../../i18n';

export function renderNoSuchGame(root: HTMLElement, navigate: (path: string) => void): void {
    const home = el('a', { href: '/', class: 'button primary', id: 'go-home' }, t('games_go_home'));
    home.addEventListener('click', (e) => {
        e.preventDefault();
        navigate('/');
    });
    document.title = `${t('games_no_such_game')} · ${t('app_title')}`;
    root.replaceChildren(
        el(
            'section',
            { class: 'no-such-game', id: 'no-such-game' },
            el('h2', {}, t('games_no_such_game')),
            el('p', {}, t('games_no_such_game_text')),
            home,
        ),
    );
}
