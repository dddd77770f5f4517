import { describe, expect, it } from 'vitest';
import { boardRotation, seatAtBottom } from '../src/screens/game/orientation';

describe('the board’s orientation', () => {
    it('turns a two-player board round with each flip', () => {
        expect(boardRotation('chess', ['white'], 'white', true, 0)).toBe(0);
        expect(boardRotation('chess', ['white'], 'white', true, 1)).toBe(2);
        expect(boardRotation('chess', ['black'], 'white', true, 1)).toBe(0);
        expect(seatAtBottom('chess', 2)).toBe('black');
        expect(seatAtBottom('tamerlane', 0)).toBe('white');
    });
    it('brings the next seat in the order of play to the bottom in Four Kingdoms', () => {
        const views = [0, 1, 2, 3, 4].map((n) =>
            seatAtBottom('fourkingdoms', boardRotation('fourkingdoms', ['east'], 'east', true, n)),
        );
        expect(views).toEqual(['east', 'south', 'west', 'north', 'east']);
        // one device holding every seat, turning to the player to move (North), then flipped once
        const all = ['east', 'south', 'west', 'north'] as const;
        expect(seatAtBottom('fourkingdoms-teams', boardRotation('fourkingdoms-teams', all, 'north', true, 1))).toBe(
            'east',
        );
        // a spectator starts with South at the bottom
        expect(seatAtBottom('fourkingdoms', boardRotation('fourkingdoms', [], 'east', true, 0))).toBe('south');
    });
});
