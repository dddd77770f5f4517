// The levels' meaning (levels.ts): the measured Elo is the engine's own table, and every level
// has words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../src/i18n';
import { MEASURED_ELO, levelAbout, levelBand } from '../src/levels';

describe('engine levels', () => {
    it('take their Elo from the engine’s measured table (src/search/skill.h)', () => {
        const header = readFileSync(join(__dirname, '..', '..', 'src', 'search', 'skill.h'), 'utf8');
        const table = /EloTable\{ \{([\s\S]*?)\} \};/.exec(header)?.[1] ?? '';
        const anchors: Record<number, number> = {};
        for (const m of table.matchAll(/\{ (\d+), (\d+|FullStrength) \}/g))
            anchors[m[2] === 'FullStrength' ? 20 : Number(m[2]) / 100] = Number(m[1]);
        expect(Object.keys(anchors).length).toBeGreaterThan(3);
        // Level 20 is full strength with the chess net, measured apart from the table.
        anchors[20] = Number(/NetFullStrengthElo = (\d+);/.exec(header)?.[1]);
        expect(anchors[20]).toBeGreaterThan(2000);
        expect(MEASURED_ELO).toEqual(anchors);
    });
    it('say what each level means, with the Elo in chess where it was measured', () => {
        setLanguage('en');
        expect(levelAbout(0, 'chess')).toBe("Just learned the moves, about 303 on Stockfish's Elo scale");
        expect(levelAbout(1, 'chess')).toBe('Just learned the moves');
        expect(levelAbout(20, 'fourkingdoms')).toBe('Full strength');
        expect([0, 3, 6, 10, 15, 20].map(levelBand)).toEqual([
            'learning',
            'beginner',
            'improving',
            'club',
            'strong',
            'full',
        ]);
        setLanguage('vi');
        expect(levelAbout(10, 'chess')).toContain('1548');
        setLanguage('en');
    });
});
