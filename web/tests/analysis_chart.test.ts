import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisData } from '../src/analysis';
import {
    chartOf,
    clampScore,
    formatEval,
    mistakeLabel,
    mistakes,
    moveTicks,
    numberedLine,
    ordinal,
    pointLabel,
    summary,
} from '../src/analysis_chart';
import { drawChart } from '../src/analysis_svg';
import { setLanguage } from '../src/i18n';

afterEach(() => setLanguage('en'));

// The scholar's mate as the server judges it: 3...Nf6 walks into mate.
const SCHOLAR: AnalysisData = {
    view: 'white',
    positions: [
        { ply: 0, to_move: 'white', score: 0.3, best: ['e4'] },
        { ply: 1, to_move: 'black', score: 0.3, best: ['e5'] },
        { ply: 2, to_move: 'white', score: 0.4, best: ['Nf3'] },
        { ply: 3, to_move: 'black', score: 0.2, best: ['Nc6'] },
        { ply: 4, to_move: 'white', score: 0.3, best: ['Qh5'] },
        { ply: 5, to_move: 'black', score: 0.5, best: ['g6', 'Qf3', 'Nf6'], best_move: 'g7g6' },
        { ply: 6, to_move: 'white', mateIn: 1, best: ['Qxf7#'] },
        { ply: 7, to_move: 'black', end: true, outcome: 1 },
    ],
};
const SCHOLAR_SAN = ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'];

describe('values on the axis', () => {
    it('clips pawns at ±8 and puts a mate or a won end at the edge', () => {
        expect(clampScore({ ply: 0, score: 0.4 })).toBe(0.4);
        expect(clampScore({ ply: 0, score: 23 })).toBe(8);
        expect(clampScore({ ply: 0, score: -11.5 })).toBe(-8);
        expect(clampScore({ ply: 0, mateIn: 3 })).toBe(8);
        expect(clampScore({ ply: 0, mateIn: -1 })).toBe(-8);
        expect(clampScore({ ply: 0, end: true, outcome: -1 })).toBe(-8);
        expect(clampScore({ ply: 0, end: true, outcome: 0 })).toBe(0);
        expect(clampScore({ ply: 0 })).toBeUndefined();
    });
    it('writes values as said', () => {
        expect(
            [
                { ply: 0, score: 0.5 },
                { ply: 0, score: -1.25 },
                { ply: 0, mateIn: -3 },
                { ply: 0, points: 1.5 },
                { ply: 0, end: true, outcome: 1 },
                { ply: 0, end: true, outcome: 0 },
                { ply: 0, end: true },
                { ply: 0 },
            ].map(formatEval),
        ).toEqual(['+0.50', '-1.25', '#-3', '1.50', '1-0', '½-½', '—', '']);
    });
    it('has pawn ticks from −8 to +8 with the zero between, and points 0 to 2 in free-for-all', () => {
        const chart = chartOf(SCHOLAR, SCHOLAR_SAN)!;
        expect(chart.yTicks.map((t) => t.label)).toEqual(['−8', '−4', '0', '+4', '+8']);
        expect([chart.min, chart.max, chart.lastPly]).toEqual([-8, 8, 7]);
        expect(chart.series[0]!.points.map((p) => p.value)).toEqual([0.3, 0.3, 0.4, 0.2, 0.3, 0.5, 8, 8]);
        const ffa = chartOf({ view: 'mover', positions: [{ ply: 0, to_move: 'east', points: 2.6 }] })!;
        expect(ffa.yTicks.map((t) => t.value)).toEqual([0, 1, 2]);
        expect(ffa.series.map((s) => [s.seat, s.points.map((p) => p.value)])).toEqual([['east', [2]]]);
        expect(chartOf({ positions: [{ ply: 0 }] })).toBeUndefined();
    });
});

describe('move numbers under the chart', () => {
    it('numbers every move of a short game', () => {
        expect(moveTicks(7, 2, 300).map((t) => t.move)).toEqual([1, 2, 3, 4]);
        expect(moveTicks(7, 2, 300).map((t) => t.ply)).toEqual([1, 3, 5, 7]);
    });
    it('counts by fives, tens or more as the game grows, and always fits', () => {
        expect(moveTicks(60, 2, 300).map((t) => t.move)).toEqual([1, 5, 10, 15, 20, 25, 30]);
        expect(moveTicks(160, 2, 300).map((t) => t.move)).toEqual([1, 10, 20, 30, 40, 50, 60, 70, 80]);
        expect(moveTicks(600, 2, 300).map((t) => t.move)).toEqual([1, 50, 100, 150, 200, 250, 300]);
        expect(moveTicks(30, 2, 300).map((t) => t.move)).toEqual([2, 4, 6, 8, 10, 12, 14]);
        for (const plies of [1, 9, 41, 99, 250, 999])
            for (const width of [300, 1000]) {
                const ticks = moveTicks(plies, 2, width, 28);
                const x = ticks.map((t) => (t.ply / plies) * width);
                for (let i = 1; i < x.length; i++) expect(x[i]! - x[i - 1]!).toBeGreaterThanOrEqual(28 * 0.8);
            }
    });
    it('counts Four Kingdoms rounds: four plies a move', () => {
        expect(moveTicks(12, 4, 300).map((t) => [t.move, t.ply])).toEqual([
            [1, 1],
            [2, 5],
            [3, 9],
        ]);
    });
});

describe('mistakes named by the side that moved', () => {
    it('names 3...Nf6 as Black’s 3rd move, with the better line from before it', () => {
        const found = mistakes(SCHOLAR, SCHOLAR_SAN);
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({
            ply: 6,
            mover: 'black',
            move: 3,
            san: 'Nf6',
            best: ['g6', 'Qf3', 'Nf6'],
            bestMove: 'g7g6',
        });
        expect(mistakeLabel(found[0]!)).toBe('Black’s 3rd move: Nf6?');
        setLanguage('zh');
        expect(mistakeLabel(found[0]!)).toBe('黑方第3步：Nf6？');
        setLanguage('vi');
        expect(mistakeLabel(found[0]!)).toBe('Nước thứ 3 của Đen: Nf6?');
    });
    it('numbers the better line where two play', () => {
        const [m] = mistakes(SCHOLAR, SCHOLAR_SAN);
        expect(numberedLine(m!, 2)).toBe('3…g6 4.Qf3 Nf6');
        expect(numberedLine({ ...m!, mover: 'white', best: ['e4', 'e5', 'Nf3'] }, 2)).toBe('3.e4 e5 4.Nf3');
        expect(numberedLine({ ...m!, mover: 'east', best: ['Nl4', 'b6-a6'] }, 4)).toBe('Nl4 b6-a6');
    });
    it('says English ordinals right', () => {
        expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
            '1st',
            '2nd',
            '3rd',
            '4th',
            '11th',
            '12th',
            '13th',
            '21st',
            '22nd',
            '23rd',
            '101st',
        ]);
    });
    it('uses each position’s side to move and the team view', () => {
        // Teams: East and South move one after the other; North's blunder hands the team 4 pawns.
        const data: AnalysisData = {
            view: 'east+south',
            positions: [
                { ply: 0, to_move: 'east', score: 0.1, best: ['a'] },
                { ply: 1, to_move: 'south', score: 0.2, best: ['b'] },
                { ply: 2, to_move: 'west', score: 0.0, best: ['c'] }, // South lost 0.2: no mistake
                { ply: 3, to_move: 'north', score: 0.1, best: ['d'] },
                { ply: 4, to_move: 'east', score: 4.2, best: ['e'] }, // North's move lost 4.1
                { ply: 5, to_move: 'west', end: true, outcome: 1 },
            ],
        };
        const found = mistakes(data, ['e1', 's1', 'w1', 'Nl4', 'e2'], 4);
        expect(found.map((m) => [m.ply, m.mover, m.move, m.san, m.best])).toEqual([[4, 'north', 1, 'Nl4', ['d']]]);
        expect(mistakeLabel(found[0]!)).toBe('North’s 1st move: Nl4?');
    });
    it('counts a mate against the mover as the edge, and a move that helps its mover as none', () => {
        const allowsMate: AnalysisData = {
            positions: [
                { ply: 0, to_move: 'white', score: 0.5, best: ['Qh5'] },
                { ply: 1, to_move: 'black', mateIn: -1 },
            ],
        };
        expect(mistakes(allowsMate, ['g4'])).toMatchObject([{ ply: 1, loss: 8.5, mover: 'white', san: 'g4' }]);
        const good: AnalysisData = {
            positions: [
                { ply: 0, to_move: 'white', score: 0.5, best: ['Qh5'] },
                { ply: 1, to_move: 'black', mateIn: 2 },
            ],
        };
        expect(mistakes(good)).toEqual([]);
        // A start position with Black to move: the mover is the server's to_move, not the ply's parity.
        const blackFirst: AnalysisData = {
            positions: [
                { ply: 0, to_move: 'black', score: 0.5, best: ['Kh8'] },
                { ply: 1, to_move: 'white', mateIn: 1 },
            ],
        };
        expect(mistakes(blackFirst, ['Kg7'])).toMatchObject([{ ply: 1, loss: 7.5, mover: 'black' }]);
    });
    it('lists none in free-for-all, whose points fall through the others’ moves too', () => {
        const data: AnalysisData = {
            view: 'mover',
            positions: [
                { ply: 0, to_move: 'east', points: 1.0 },
                { ply: 1, to_move: 'south', points: 1.1 },
                { ply: 2, to_move: 'west', points: 0.2 },
                { ply: 3, to_move: 'north', points: 1.7 },
                { ply: 4, to_move: 'east', points: 0.1 },
                { ply: 5, to_move: 'south', end: true },
            ],
        };
        expect(mistakes(data, [], 4)).toEqual([]);
        const chart = chartOf(data, [], 4)!;
        expect(chart.series.map((s) => s.seat)).toEqual(['east', 'south', 'west', 'north']);
        expect(summary(chart, 4, 'mover')).toBe(
            'Expected points at each player’s last turn: East 0.10, South 1.10, West 0.20, North 1.70.',
        );
    });
});

describe('words for a screen reader', () => {
    it('labels each point with the move that led there and its value', () => {
        const chart = chartOf(SCHOLAR, SCHOLAR_SAN)!;
        expect(pointLabel(chart, 0, SCHOLAR_SAN, 2)).toBe('Start: +0.30');
        expect(pointLabel(chart, 3, SCHOLAR_SAN, 2)).toBe('White’s 2nd move, Bc4: +0.20');
        expect(pointLabel(chart, 6, SCHOLAR_SAN, 2)).toBe('Black’s 3rd move, Nf6: #1. A mistake.');
    });
    it('sums up who was better when, and the mistakes', () => {
        const chart = chartOf(SCHOLAR, SCHOLAR_SAN)!;
        expect(summary(chart, 2, 'white')).toBe(
            'Moves 1–2: about even. Moves 3–4: White better. Mistakes: Black’s 3rd move: Nf6?.',
        );
    });
});

describe('the drawing', () => {
    it('has one focusable column per position, a fingertip wide on a touch screen', () => {
        const chart = chartOf(SCHOLAR, SCHOLAR_SAN)!;
        const wide = drawChart(chart, SCHOLAR_SAN, 2, { width: 300, touch: true, label: 'x', summaryId: 's' });
        expect((wide.plot.match(/class="eval-hit"/g) ?? []).length).toBe(8);
        expect(wide.plot).toContain('<title>Black’s 3rd move, Nf6: #1. A mistake.</title>');
        expect(wide.plot).toContain('>Nf6?</text>');
        expect(wide.axis).toContain('>+8</text>');
        // A long game on a phone: the plot grows past the screen (it scrolls) rather than shrink
        // its columns under 24 px; with a mouse it fits.
        const long: AnalysisData = { positions: Array.from({ length: 81 }, (_, ply) => ({ ply, score: 0 })) };
        const longChart = chartOf(long)!;
        const width = (d: { plot: string }) => Number(/width="([\d.]+)"/.exec(d.plot)![1]);
        expect(width(drawChart(longChart, [], 2, { width: 300, touch: true, label: 'x', summaryId: 's' }))).toBe(
            81 * 24,
        );
        expect(width(drawChart(longChart, [], 2, { width: 600, touch: false, label: 'x', summaryId: 's' }))).toBe(600);
    });
});
