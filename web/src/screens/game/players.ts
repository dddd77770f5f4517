// The players (#players): each seat's king, who plays it (human, engine and level), whether an
// opponent is connected, Four Kingdoms commands, teams and scores, what it has captured and
// whether it is ahead in material (captured.ts), and an empty `.clock` node that clocks.ts fills.

import { el } from '../../dom';
import { type Seat, isFourKingdoms } from '../../geometry';
import type { GameModel } from '../../game';
import { t } from '../../i18n';
import { standings } from '../../material';
import { pieceSvg } from '../../pieces';
import { capturedNode } from './captured';

// Four Kingdoms: an army led by another player says so, one out of the game too; in the teams
// game every army names its team.
function commandNote(model: GameModel, seat: Seat): HTMLElement | null {
    if (!isFourKingdoms(model.variant)) return null;
    const commander = model.commanders[seat];
    if (commander && commander !== seat)
        return el('span', { class: 'command' }, t('commanded_by', { seat: t(`seat_${commander}`) }));
    if (!model.inGame.includes(seat)) return el('span', { class: 'command' }, t('out_of_game'));
    if (model.variant === 'fourkingdoms-teams') {
        const [a, b]: [Seat, Seat] = seat === 'east' || seat === 'south' ? ['east', 'south'] : ['west', 'north'];
        return el('span', { class: 'team' }, t('team', { a: t(`seat_${a}`), b: t(`seat_${b}`) }));
    }
    return null;
}

// `mine`: the seats this browser holds (marked, and not told whether they are connected); `ply`:
// the position shown, whose captures are shown.
export function drawPlayers(list: HTMLElement, model: GameModel, mine: readonly Seat[], ply: number): void {
    list.replaceChildren();
    const material = standings(model, model.geometry.seats, ply);
    for (const [i, seat] of model.geometry.seats.entries()) {
        const info = model.seats.find((s) => s.seat === seat);
        const icon = el('span', { class: 'seat-icon' });
        icon.innerHTML = pieceSvg({ army: seat, kind: 'K' }, 32);
        const who = info?.player === 'engine' ? `${t('engine')} ${info.level ?? ''}` : t('human');
        const online =
            info?.player === 'human' && !mine.includes(seat)
                ? el(
                      'span',
                      { class: info.connected ? 'online' : 'offline' },
                      info.connected ? t('connected_seat') : t('disconnected_seat'),
                  )
                : null;
        const command = commandNote(model, seat);
        const points = model.scores?.[seat];
        const score = typeof points === 'number' ? el('span', { class: 'score' }, `${t('scores')}: ${points}`) : null;
        const classes = [
            'player',
            `seat-${seat}`,
            !model.over && model.toMove === seat ? 'to-move' : '',
            mine.includes(seat) ? 'mine' : '',
        ]
            .filter(Boolean)
            .join(' ');
        list.append(
            el(
                'li',
                { class: classes },
                icon,
                el('span', { class: 'name' }, t(`seat_${seat}`)),
                el('span', { class: 'who' }, who),
                command || online || score ? el('span', { class: 'notes' }, command, online, score) : null,
                capturedNode(material[i]!),
                el('span', { class: 'clock', 'data-seat': seat }),
            ),
        );
    }
}
