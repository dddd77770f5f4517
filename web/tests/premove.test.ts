import { describe, expect, it } from 'vitest';
import type { Seat } from '../src/geometry';
import { type PremoveGame, PremoveQueue, premovable, premoveSeat } from '../src/screens/game/premove';

const CLOCK = { running: 'white' as Seat, initial_ms: 180000, increment_ms: 2000, white: 180000, black: 180000 };
function game(over: Partial<PremoveGame> = {}): PremoveGame {
    return { clock: CLOCK, over: false, toMove: 'white', legal: [], armiesOf: (s: Seat) => [s], ...over };
}

describe('premoves', () => {
    it('are offered only to the one seat held, in time, while another player moves', () => {
        expect(premoveSeat(game(), ['black'])).toBe('black');
        expect(premoveSeat(game({ clock: null }), ['black'])).toBeUndefined(); // untimed
        expect(premoveSeat(game(), ['white', 'black'])).toBeUndefined(); // one device holds every seat
        expect(premoveSeat(game({ toMove: 'black' }), ['black'])).toBeUndefined(); // its own turn
        expect(premoveSeat(game({ over: true }), ['black'])).toBeUndefined();
        expect(premoveSeat(game(), [])).toBeUndefined(); // a watcher
        expect(premovable(game(), 'black')({ army: 'black', kind: 'N' })).toBe(true);
        expect(premovable(game(), 'black')({ army: 'white', kind: 'N' })).toBe(false);
    });

    it('queues one, kept while the others move, the last replacing the one before', () => {
        const q = new PremoveQueue();
        q.queue('black', 'e7', 'e5');
        q.queue('black', 'd7', 'd5');
        expect(q.current).toEqual({ seat: 'black', from: 'd7', to: 'd5' });
        expect(q.due(game(), ['black'])).toBeUndefined();
        expect(q.current).toBeDefined();
    });

    it('is played once when the turn comes and it is legal', () => {
        const q = new PremoveQueue();
        q.queue('black', 'd7', 'd5');
        const turn = game({ toMove: 'black', legal: ['e7e5', 'd7d5'] });
        expect(q.due(turn, ['black'])).toBe('d7d5');
        expect(q.current).toBeUndefined();
        expect(q.due(turn, ['black'])).toBeUndefined();
    });

    it('promotes to a queen where a promotion has choices', () => {
        const q = new PremoveQueue();
        q.queue('black', 'b2', 'a1');
        expect(q.due(game({ toMove: 'black', legal: ['b2a1n', 'b2a1q', 'b2a1r'] }), ['black'])).toBe('b2a1q');
    });

    it('is dropped silently when it is not legal then', () => {
        const q = new PremoveQueue();
        q.queue('black', 'd7', 'd5');
        expect(q.due(game({ toMove: 'black', legal: ['e7e5'] }), ['black'])).toBeUndefined();
        expect(q.current).toBeUndefined();
    });

    it('is dropped when its seat is no longer held here or the game is over, and can be cancelled', () => {
        const q = new PremoveQueue();
        q.queue('black', 'd7', 'd5');
        expect(q.due(game({ toMove: 'black', legal: ['d7d5'] }), ['white'])).toBeUndefined();
        expect(q.current).toBeUndefined();
        q.queue('black', 'd7', 'd5');
        expect(q.due(game({ over: true }), ['black'])).toBeUndefined();
        expect(q.current).toBeUndefined();
        q.queue('black', 'd7', 'd5');
        expect(q.cancel()).toBe(true);
        expect(q.cancel()).toBe(false);
        expect(q.due(game({ toMove: 'black', legal: ['d7d5'] }), ['black'])).toBeUndefined();
    });
});
