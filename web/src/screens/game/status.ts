// How a game stands, in the player's language: the status line above the players, the names of
// endings and of claimable draws, and who won. Plain words from plain data, for any screen.

import { type Seat, SEATS } from '../../geometry';
import type { GameModel } from '../../game';
import { hasKey, t } from '../../i18n';

// The server's ids of drawn endings, for a result that does not say "1/2-1/2" itself.
const DRAWN = new Set([
    'stalemate',
    'agreement',
    'threefold_repetition',
    'fivefold_repetition',
    'fifty_move_rule',
    'seventy_five_move_rule',
    'dead_position',
    'timeout_vs_insufficient_material',
    'citadel_draw',
    'perpetual_check',
    'sixty_round_rule',
]);

// An ending's name ("Checkmate"); an id the catalogue lacks is shown as words.
export function statusText(status: string): string {
    const key = `status_${status}`;
    return hasKey(key) ? t(key) : status.replace(/_/g, ' ');
}

// A claimable draw's name inside a sentence ("threefold repetition").
export function claimReason(claim: string): string {
    const key = `claim_reason_${claim}`;
    return hasKey(key) ? t(key) : claim.replace(/_/g, ' ');
}

// Who won, in words: "White wins!", "Draw", "East and South win!" (Four Kingdoms teams, from
// the record's result), "East wins!" (the free-for-all winner has the top score).
export function resultText(
    result: string | null,
    status: string,
    scores: Partial<Record<Seat, number>> | null,
    seats: readonly Seat[],
): string {
    if (result === '1-0') return t('winner', { seat: t('seat_white') });
    if (result === '0-1') return t('winner', { seat: t('seat_black') });
    if (result === '1/2-1/2' || DRAWN.has(status)) return t('draw');
    const named = SEATS.find((s) => result === s);
    if (named) return t('winner', { seat: t(`seat_${named}`) });
    const team = /^es:(\S+) wn:(\S+)$/.exec(result ?? '');
    if (team) {
        if (team[1] === team[2]) return t('draw');
        const [a, b]: [Seat, Seat] = Number(team[1]) > Number(team[2]) ? ['east', 'south'] : ['west', 'north'];
        return t('winners_team', { a: t(`seat_${a}`), b: t(`seat_${b}`) });
    }
    if (scores) {
        const best = Math.max(...seats.map((s) => scores[s] ?? -Infinity));
        const top = seats.filter((s) => scores[s] === best);
        if (top.length === 1) return t('winner', { seat: t(`seat_${top[0]!}`) });
    }
    return result && result !== '*' ? result : '';
}

// The status line for the seats `mine` this browser holds: the ending, or whose turn it is (and
// whether one watches or is out), and `state` for its colour ('over', 'mine', 'theirs').
export function statusLine(
    model: GameModel,
    mine: readonly Seat[],
): { text: string; state: 'over' | 'mine' | 'theirs' } {
    if (model.over) {
        const won = resultText(model.result, model.status, model.scores, model.geometry.seats);
        return { text: t('game_over_line', { how: statusText(model.status), result: won }), state: 'over' };
    }
    const myTurn = mine.includes(model.toMove);
    let text = myTurn && mine.length === 1 ? t('your_turn') : t('to_move', { seat: t(`seat_${model.toMove}`) });
    if (mine.length === 0) text += ` — ${t('watching')}`;
    else if (!mine.some((s) => model.inGame.includes(s))) text += ` — ${t('you_are_out')}`;
    if (model.inCheck) text += ` ${t('check')}`;
    return { text, state: myTurn ? 'mine' : 'theirs' };
}
