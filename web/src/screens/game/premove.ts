// The premove: in a game with a clock, the one move a player plans while the others think. It
// is played the moment the player's turn comes if it is legal then, else forgotten without a
// word (as lichess). Pure logic, no DOM: the page queues, cancels and asks what is due.

import type { Seat } from '../../geometry';
import type { GameModel } from '../../game';
import type { Piece } from '../../notation';
import { parseMove } from '../../notation';

export interface Premove {
    seat: Seat; // the seat it was planned for
    from: string;
    to: string;
}

// What the queue reads of the game (GameModel has it).
export type PremoveGame = Pick<GameModel, 'clock' | 'over' | 'toMove' | 'legal' | 'armiesOf'>;

// The seat that may premove now: a game in time going on, this browser playing exactly one seat
// (a browser holding every seat of a one-device game always has the move: it never premoves),
// and another player to move. Untimed games have none, as on lichess.
export function premoveSeat(game: PremoveGame, mine: readonly Seat[]): Seat | undefined {
    const [seat] = mine;
    if (!game.clock || game.over || mine.length !== 1 || !seat || game.toMove === seat) return undefined;
    return seat;
}

// The pieces a premove may start from: those of the armies the seat moves.
export function premovable(game: PremoveGame, seat: Seat): (p: Piece) => boolean {
    const armies = new Set(game.armiesOf(seat));
    return (p) => armies.has(p.army);
}

export class PremoveQueue {
    private planned: Premove | undefined;

    get current(): Premove | undefined {
        return this.planned;
    }

    // One premove at a time: a new one replaces the last.
    queue(seat: Seat, from: string, to: string): void {
        this.planned = { seat, from, to };
    }

    // Whether there was one to forget.
    cancel(): boolean {
        const had = !!this.planned;
        this.planned = undefined;
        return had;
    }

    // The move to play now, if any. Once the planned seat is to move the premove is taken out
    // whatever happens, so that it is never played twice: played if a legal move has its squares
    // (a promotion becomes a queen where the player may choose), dropped if none has. It is
    // dropped too when the game is over or `mine` no longer holds its seat.
    due(game: PremoveGame, mine: readonly Seat[]): string | undefined {
        const p = this.planned;
        if (!p) return undefined;
        if (game.over || !mine.includes(p.seat)) {
            this.planned = undefined;
            return undefined;
        }
        if (game.toMove !== p.seat) return undefined;
        this.planned = undefined;
        const moves = game.legal.filter((m) => {
            const mv = parseMove(m);
            return mv?.from === p.from && mv.to === p.to;
        });
        return moves.find((m) => parseMove(m)?.promotion === 'q') ?? moves[0];
    }
}
