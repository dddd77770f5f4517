// What a step caused, in words, for everyone at the game: each event of a Turn (turn.ts: an
// offer and its answer, a claim, a resignation, a flag, an alliance, a Four Kingdoms checkmate
// or command) as a short sentence with the seats' names, and the small log under the status line
// that keeps the last few, so that a decline the engine gives in milliseconds is still there to
// read.

import { el } from '../../dom';
import { type Seat, type Variant, isFourKingdoms } from '../../geometry';
import { type StringKey, t } from '../../i18n';
import type { RematchMessage, TakeBackMessage, TurnEvent } from '../../turn';
import { claimReason } from './status';

const name = (seat: Seat) => t(`seat_${seat}`);

// The sentence of each kind that names only `player` ({seat}).
const ABOUT_PLAYER: Partial<Record<TurnEvent['kind'], StringKey>> = {
    check: 'event_check',
    resignation: 'event_resignation',
    draw_offered: 'event_draw_offered',
    draw_accepted: 'event_draw_accepted',
    draw_declined: 'event_draw_declined',
    flag: 'event_flag',
};

// The sentence of each kind that names `player` and `other`.
const ABOUT_TWO: Partial<Record<TurnEvent['kind'], StringKey>> = {
    king_captured: 'event_king_captured',
    alliance_proposed: 'event_alliance_proposed',
    alliance_formed: 'event_alliance_formed',
    alliance_dissolved: 'event_alliance_dissolved',
};

// The event in words; `status` is the Turn's (a claim's draw is named by it). Undefined where the
// event lacks a seat its sentence names (the server always sends them).
export function eventText(e: TurnEvent, status: string): string | undefined {
    const { player, other, army } = e;
    const one = ABOUT_PLAYER[e.kind];
    if (one) return player && t(one, { seat: name(player) });
    const two = ABOUT_TWO[e.kind];
    if (two) return player && other && t(two, { seat: name(player), other: name(other) });
    switch (e.kind) {
        case 'checkmate':
            if (!player) return undefined;
            return other
                ? t('event_checkmate_by', { seat: name(player), other: name(other) })
                : t('event_checkmate', { seat: name(player) });
        case 'command':
            return army && other && t('event_command', { army: name(army), other: name(other) });
        case 'draw_claimed':
            return player && t('event_draw_claimed', { seat: name(player), reason: claimReason(status) });
        case 'game_over':
            return t('event_game_over');
    }
    return undefined;
}

// Whether the log shows an event of `variant`: not the end (the status line and the end panel
// say it), nor a two-player check (the status line says it; a Four Kingdoms check may be of a
// player who is not to move, so it is told).
export function logged(e: TurnEvent, variant: Variant): boolean {
    if (e.kind === 'game_over') return false;
    return e.kind !== 'check' || isFourKingdoms(variant);
}

// The sentences the log adds for a step's events.
export function eventLines(events: readonly TurnEvent[], status: string, variant: Variant): string[] {
    return events
        .filter((e) => logged(e, variant))
        .map((e) => eventText(e, status))
        .filter((s): s is string => !!s);
}

// A take-back in words: the player's own ("You took back your move"), or whose it was.
export function takeBackText(m: Pick<TakeBackMessage, 'seat'>, mine: readonly Seat[]): string {
    return mine.includes(m.seat) ? t('event_take_back_yours') : t('event_take_back', { seat: name(m.seat) });
}

// A rematch in words, for the players who did not make it.
export function rematchText(m: Pick<RematchMessage, 'seat'>): string {
    return t('event_rematch', { seat: name(m.seat) });
}

// The log (#event-log): the last few sentences, the newest last; a screen reader hears each new
// one (role log). Empty, it takes no room.
export class EventLog {
    readonly element = el('ol', { class: 'event-log', id: 'event-log', role: 'log', 'aria-label': t('events_label') });

    constructor(private readonly keep = 4) {}

    add(lines: readonly string[]): void {
        for (const line of lines) this.element.append(el('li', {}, line));
        while (this.element.children.length > this.keep) this.element.firstElementChild?.remove();
    }
}
