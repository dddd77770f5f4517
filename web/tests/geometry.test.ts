import { describe, expect, it } from 'vitest';
import {
    VARIANTS,
    cellAt,
    displayPosition,
    geometryOf,
    isDark,
    layoutOf,
    parseSquare,
    rotationFor,
} from '../src/geometry';
import type { Rotation } from '../src/geometry';

describe('board geometry', () => {
    it.each([
        ['silverman', 16],
        ['chess', 64],
        ['pawnrace', 64],
        ['tamerlane', 112],
        ['fourkingdoms', 160],
        ['fourkingdoms-teams', 160],
    ] as const)('%s has %i squares', (v, n) => {
        const g = geometryOf(v);
        expect(g.cells.length).toBe(n);
        expect(new Set(g.cells.map((c) => c.name)).size).toBe(n);
    });
    it('puts the Tamerlane citadels beside k2 and a9', () => {
        const g = geometryOf('tamerlane');
        expect(g.citadels).toEqual(['l2', 'z9']);
        expect(g.has('l2') && g.has('z9')).toBe(true);
        expect(g.has('l1') || g.has('z8') || g.has('l3')).toBe(false);
        const l2 = displayPosition(g, 11, 1, 0);
        const k2 = displayPosition(g, 10, 1, 0);
        expect(l2).toEqual({ x: k2.x + 1, y: k2.y }); // right of k2
        const z9 = displayPosition(g, -1, 8, 0);
        const a9 = displayPosition(g, 0, 8, 0);
        expect(z9).toEqual({ x: a9.x - 1, y: a9.y }); // left of a9
        expect(layoutOf(g, 0)).toEqual({ columns: 13, rows: 10 });
    });
    it('cuts the Four Kingdoms corners', () => {
        const g = geometryOf('fourkingdoms');
        for (const sq of ['a1', 'c3', 'a14', 'c12', 'l1', 'n3', 'l14', 'n12']) expect(g.has(sq)).toBe(false);
        for (const sq of ['d1', 'a4', 'k14', 'n11', 'g7']) expect(g.has(sq)).toBe(true);
    });
    it('colours a1 dark in chess and k4 dark in Four Kingdoms', () => {
        expect(isDark(geometryOf('chess'), 0, 0)).toBe(true);
        expect(isDark(geometryOf('chess'), 7, 0)).toBe(false);
        expect(isDark(geometryOf('fourkingdoms'), 10, 3)).toBe(true);
        expect(isDark(geometryOf('fourkingdoms'), 3, 0)).toBe(true); // d1: 4 + 1 is odd
        expect(isDark(geometryOf('fourkingdoms'), 4, 0)).toBe(false);
    });
    it('reads square names', () => {
        expect(parseSquare('a10')).toEqual({ file: 0, rank: 9 });
        expect(parseSquare('z9')).toEqual({ file: -1, rank: 8 });
        expect(parseSquare('n14')).toEqual({ file: 13, rank: 13 });
        for (const bad of ['', 'a0', 'a', '1a', 'a100', 'o4x', 'A1']) expect(parseSquare(bad)).toBeUndefined();
    });
});

describe('orientation', () => {
    it('turns each seat to the bottom', () => {
        expect(rotationFor('white')).toBe(0);
        expect(rotationFor('black')).toBe(2);
        expect(rotationFor('south')).toBe(0);
        expect(rotationFor('north')).toBe(2);
        expect(rotationFor('east')).toBe(1);
        expect(rotationFor('west')).toBe(3);
    });
    it("puts each Four Kingdoms seat's king on the bottom rows", () => {
        const g = geometryOf('fourkingdoms');
        const kings = { south: 'h1', north: 'g14', west: 'a8', east: 'n7' } as const;
        for (const [seat, sq] of Object.entries(kings)) {
            const p = parseSquare(sq)!;
            const r = rotationFor(seat as keyof typeof kings);
            const pos = displayPosition(g, p.file, p.rank, r);
            expect(pos.y).toBe(layoutOf(g, r).rows - 1);
        }
    });
    it('white at the bottom, black on top; turned, the other way round', () => {
        const g = geometryOf('chess');
        expect(displayPosition(g, 0, 0, 0)).toEqual({ x: 0, y: 7 }); // a1 bottom left
        expect(displayPosition(g, 0, 0, 2)).toEqual({ x: 7, y: 0 }); // a1 top right for Black
        expect(displayPosition(g, 7, 7, 2)).toEqual({ x: 0, y: 7 }); // h8 bottom left for Black
    });
    it('every rotation is a one-to-one map onto the layout, and cellAt inverts it', () => {
        for (const v of VARIANTS) {
            const g = geometryOf(v);
            for (const r of [0, 1, 2, 3] as Rotation[]) {
                const l = layoutOf(g, r);
                const seen = new Set<string>();
                for (const c of g.cells) {
                    const p = displayPosition(g, c.file, c.rank, r);
                    expect(p.x >= 0 && p.x < l.columns && p.y >= 0 && p.y < l.rows).toBe(true);
                    seen.add(`${p.x},${p.y}`);
                    expect(cellAt(g, p.x, p.y, r)?.name).toBe(c.name);
                }
                expect(seen.size).toBe(g.cells.length);
            }
        }
    });
});

import { coordinateSize } from '../src/board';

describe('coordinates', () => {
    it('keep a similar size on screen for small and large boards', () => {
        expect(coordinateSize(4).font).toBe(14);
        expect(coordinateSize(8).font).toBe(26);
        expect(coordinateSize(14).font).toBe(46); // Four Kingdoms: as large on screen as chess's
        for (const n of [8, 11, 13, 14]) expect(coordinateSize(n).font / n).toBeCloseTo(3.3, 0);
        for (const n of [4, 8, 13, 14]) expect(coordinateSize(n).margin).toBeGreaterThan(coordinateSize(n).font);
    });
});
