// The tools under the move list: turn the board, sound on or off, the board's colours, download
// the record, how to play this game (in a tab of its own, so the game stays open), and a new game.

import { api } from '../../api';
import { BOARD_COLOURS, boardColours, setBoardColours } from '../../board_colours';
import { button, el } from '../../dom';
import { type Seat, type Variant, isFourKingdoms } from '../../geometry';
import { t } from '../../i18n';
import { rulesPath } from '../../router';
import { isMuted, setMuted } from '../../sound';

export interface ToolActions {
    // callbacks, not methods: handed on unbound to the buttons
    flip: () => void;
    newGame: () => void;
}

// `flipTo`: the seat whose side the flip button brings to the bottom.
export function drawTools(
    container: HTMLElement,
    id: string,
    variant: Variant,
    flipTo: Seat,
    actions: ToolActions,
): void {
    // Four Kingdoms games are recorded in their own text format, not PGN.
    const fk = isFourKingdoms(variant);
    const download = el(
        'a',
        { href: api.pgnUrl(id), download: `${id}.${fk ? 'txt' : 'pgn'}`, class: 'button', id: 'download' },
        fk ? t('download_record') : t('download_pgn'),
    );
    const view = t('flip_view', { seat: t(`seat_${flipTo}`) });
    const mute = button(
        isMuted() ? t('sound_off') : t('sound_on'),
        () => {
            setMuted(!isMuted());
            drawTools(container, id, variant, flipTo, actions);
        },
        { id: 'mute', 'aria-pressed': isMuted() ? 'true' : 'false' },
    );
    const colours = el(
        'select',
        { id: 'board-colours', 'aria-label': t('board_colours') },
        ...BOARD_COLOURS.map((c) =>
            el('option', { value: c, selected: c === boardColours() }, t(`board_colours_${c}`)),
        ),
    );
    colours.addEventListener('change', () => {
        const chosen = BOARD_COLOURS.find((c) => c === colours.value);
        if (chosen) setBoardColours(chosen);
    });
    container.replaceChildren(
        button(t('flip'), actions.flip, { id: 'flip', title: view, 'aria-label': `${t('flip')}: ${view}` }),
        mute,
        el('label', { class: 'board-colours' }, t('board_colours'), colours),
        download,
        el(
            'a',
            { href: rulesPath(variant), target: '_blank', rel: 'noopener', class: 'button', id: 'game-rules' },
            t('rules_how_to_play'),
            el('span', { class: 'visually-hidden' }, ` ${t('rules_new_tab')}`),
        ),
        button(t('new_game'), actions.newGame, { id: 'new-game-link' }),
    );
}
