// A player's captures beside its name (players.ts): small pictures of the pieces taken, one
// group per kind, most valuable first, and "+5" for the player ahead; a screen reader hears it
// in words instead ("White has taken 1 knight and 2 pawns. White is 5 ahead.").

import { el } from '../../dom';
import { type StringKey, listOf, t } from '../../i18n';
import type { Standing } from '../../material';
import { pieceSvg } from '../../pieces';
import { sentences } from './status';

const PICTURE_PX = 24;

// The row's captures in words ('' when it has taken nothing and is not ahead).
export function capturedText(s: Standing): string {
    const seat = t(`seat_${s.seat}`);
    const pieces = s.taken.map((g) =>
        t('material_count', {
            n: g.count,
            piece: t(`${g.count === 1 ? 'piece' : 'pieces'}_${g.kind}` as StringKey),
        }),
    );
    const said = pieces.length ? [t('material_taken', { seat, pieces: listOf(pieces) })] : [];
    if (s.ahead > 0) said.push(t('material_ahead', { seat, n: s.ahead }));
    return sentences(said);
}

// The captures' node, or null when there is nothing to show.
export function capturedNode(s: Standing): HTMLElement | null {
    const words = capturedText(s);
    if (!words) return null;
    const pictures = el('span', { class: 'captured-pieces', 'aria-hidden': 'true' });
    for (const g of s.taken) {
        const group = el('span', { class: 'captured-group', 'data-kind': g.kind });
        group.innerHTML = pieceSvg({ army: g.army, kind: g.kind }, PICTURE_PX).repeat(g.count);
        pictures.append(group);
    }
    const lead = s.ahead > 0 ? el('span', { class: 'material-ahead', 'aria-hidden': 'true' }, `+${s.ahead}`) : null;
    return el(
        'span',
        { class: 'captured', 'data-seat': s.seat },
        pictures,
        lead,
        el('span', { class: 'visually-hidden' }, words),
    );
}
