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

// Who won: the winning seats (one, or a team of two), [] for a draw, undefined where the result
// says neither (a game in progress, a free-for-all shared at the top).
export function winners(
    result: string | null,
    status: string,
    scores: Partial<Record<Seat, number>> | null,
    seats: readonly Seat[],
): Seat[] | undefined {
    if (result === '1-0') return ['white'];
    if (result === '0-1') return ['black'];
    if (result === '1/2-1/2' || DRAWN.has(status)) return [];
    const named = SEATS.find((s) => result === s);
    if (named) return [named];
    const team = /^es:(\S+) wn:(\S+)$/.exec(result ?? '');
    if (team) {
        if (team[1] === team[2]) return [];
        return Number(team[1]) > Number(team[2]) ? ['east', 'south'] : ['west', 'north'];
    }
    if (scores) {
        const best = Math.max(...seats.map((s) => scores[s] ?? -Infinity));
        const top = seats.filter((s) => scores[s] === best);
        if (top.length === 1) return top;
    }
    return undefined;
}

// Who won, in words: "White wins!", "Draw", "East and South win!" (Four Kingdoms teams, from
// the record's result), "East wins!" (the free-for-all winner has the top score).
export function resultText(
    result: string | null,
    status: string,
    scores: Partial<Record<Seat, number>> | null,
    seats: readonly Seat[],
): string {
    const won = winners(result, status, scores, seats);
    if (!won) return result && result !== '*' ? result : '';
    const [a, b] = won;
    if (!a) return t('draw');
    if (!b) return t('winner', { seat: t(`seat_${a}`) });
    return t('winners_team', { a: t(`seat_${a}`), b: t(`seat_${b}`) });
}

// Sentence-ending marks of every catalogue's language.
const SENTENCE_END = /[.!?…。！？]$/;

// Texts as one paragraph of sentences: each ends with a mark (the language's full stop where it
// has none: "Black to move. Check!", "轮到黑方走。将军！"), joined the language's way.
export function sentences(parts: readonly (string | null | undefined)[]): string {
    return parts
        .map((p) => (p ?? '').trim())
        .filter((p) => p.length > 0)
        .map((p) => (SENTENCE_END.test(p) ? p : p + t('sentence_end')))
        .reduce((a, b) => (a ? t('sentence_join', { a, b }) : b), '');
}

// Four Kingdoms, check comes first: the player passed over for `toMove`, who is in check, that
// is the next one still in the game after `mover` in playing order, where that is not `toMove`.
export function passedOver(
    order: readonly Seat[],
    mover: Seat | undefined,
    toMove: Seat,
    inGame: readonly Seat[],
): Seat | undefined {
    if (!mover || !order.includes(mover)) return undefined;
    for (let i = 1; i < order.length; i++) {
        const next = order[(order.indexOf(mover) + i) % order.length]!;
        if (inGame.includes(next)) return next === toMove ? undefined : next;
    }
    return undefined;
}

// The status line for the seats `mine` this browser holds: how the game ended (who won is the
// end panel's, end.ts: said once), or whose turn it is (and whether one watches or is out), and
// `state` for its colour ('over', 'mine', 'theirs').
export function statusLine(
    model: GameModel,
    mine: readonly Seat[],
): { text: string; state: 'over' | 'mine' | 'theirs' } {
    if (model.over) return { text: sentences([t('game_over_how', { how: statusText(model.status) })]), state: 'over' };
    const myTurn = mine.includes(model.toMove);
    const parts = [myTurn && mine.length === 1 ? t('your_turn') : t('to_move', { seat: t(`seat_${model.toMove}`) })];
    const passed = model.checkFirst
        ? passedOver(model.geometry.seats, model.moverOf(model.moves.length), model.toMove, model.inGame)
        : undefined;
    if (passed) parts.push(t('check_first', { seat: t(`seat_${model.toMove}`), other: t(`seat_${passed}`) }));
    else if (model.inCheck) parts.push(t('check'));
    if (mine.length === 0) parts.push(t('watching'));
    else if (!mine.some((s) => model.inGame.includes(s))) parts.push(t('you_are_out'));
    return { text: sentences(parts), state: myTurn ? 'mine' : 'theirs' };
}
