import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalysisAnswer, type AnalysisSource, isAnalysisData, pollAnalysis, readAnswer } from '../src/analysis';

const ready: AnalysisAnswer = { state: 'ready', data: { positions: [{ ply: 0, score: 0.3, best: ['e4'] }] } };
const pending = (done: number): AnalysisAnswer => ({ state: 'pending', done, total: 5, ahead: 0 });

// A source answering from a script, counting the questions.
function scripted(answers: AnalysisAnswer[]): AnalysisSource & { asked: number } {
    const s = {
        asked: 0,
        analyse: () => Promise.resolve(answers[Math.min(s.asked++, answers.length - 1)]!),
    };
    return s;
}

describe('reading the server’s answers', () => {
    it('tells ready, pending and refusals apart', () => {
        const body = {
            type: 'analysis',
            status: 'ready',
            view: 'white',
            positions: [
                { ply: 0, to_move: 'white', score: 0.2, best: ['e4'] },
                { ply: 1, to_move: 'black', end: true, outcome: 1 },
            ],
        };
        expect(readAnswer(200, body)).toEqual({ state: 'ready', data: body });
        expect(readAnswer(202, { status: 'pending', done: 3, total: 41, ahead: 0 })).toEqual({
            state: 'pending',
            done: 3,
            total: 41,
            ahead: 0,
        });
        expect(readAnswer(409, { type: 'error', code: 'game_not_over', message: 'not yet' })).toEqual({
            state: 'error',
            code: 'game_not_over',
            message: 'not yet',
        });
        expect(readAnswer(503, { code: 'analysis_busy', message: 'busy' })).toMatchObject({
            state: 'error',
            code: 'analysis_busy',
        });
    });
    it('never trusts junk', () => {
        expect(readAnswer(200, { positions: [{ ply: -1 }] }).state).toBe('error');
        expect(readAnswer(200, { positions: [{ ply: 0, best: [1] }] }).state).toBe('error');
        expect(readAnswer(200, { positions: [], view: 'sideways' }).state).toBe('error');
        expect(readAnswer(200, null)).toEqual({ state: 'error', code: undefined, message: 'HTTP 200' });
        expect(readAnswer(202, { status: 'pending', done: -4, total: 'x' })).toEqual({
            state: 'pending',
            done: 0,
            total: 0,
            ahead: 0,
        });
        expect(readAnswer(500, '<html>')).toEqual({ state: 'error', code: undefined, message: 'HTTP 500' });
        expect(isAnalysisData({ positions: [{ ply: 0, points: Infinity }] })).toBe(false);
    });
});

describe('polling while the server computes', () => {
    beforeEach(() => {
        vi.useFakeTimers();
    });
    afterEach(() => {
        vi.useRealTimers();
    });

    it('asks about once a second while pending and stops once it has the data', async () => {
        const source = scripted([pending(0), pending(2), pending(4), ready]);
        const seen: AnalysisAnswer[] = [];
        pollAnalysis('g1', source, (a) => seen.push(a), 1000);
        await vi.advanceTimersByTimeAsync(0);
        expect(source.asked).toBe(1);
        await vi.advanceTimersByTimeAsync(999);
        expect(source.asked).toBe(1); // not before the second is up
        await vi.advanceTimersByTimeAsync(1);
        expect(source.asked).toBe(2);
        await vi.advanceTimersByTimeAsync(2000);
        expect(source.asked).toBe(4);
        expect(seen.map((a) => a.state)).toEqual(['pending', 'pending', 'pending', 'ready']);
        await vi.advanceTimersByTimeAsync(10000);
        expect(source.asked).toBe(4); // no more questions after the data
    });

    it('stops after an error', async () => {
        const source = scripted([pending(1), { state: 'error', code: 'analysis_busy', message: 'busy' }, ready]);
        const seen: string[] = [];
        pollAnalysis('g1', source, (a) => seen.push(a.state), 1000);
        await vi.advanceTimersByTimeAsync(5000);
        expect(seen).toEqual(['pending', 'error']);
        expect(source.asked).toBe(2);
    });

    it('turns a throwing source into an error', async () => {
        const seen: AnalysisAnswer[] = [];
        pollAnalysis('g1', { analyse: () => Promise.reject(new Error('down')) }, (a) => seen.push(a), 1000);
        await vi.advanceTimersByTimeAsync(3000);
        expect(seen).toHaveLength(1);
        expect(seen[0]).toMatchObject({ state: 'error' });
    });

    it('stops when the page is left, even with a question under way', async () => {
        let release: (a: AnalysisAnswer) => void = () => {};
        const source = {
            asked: 0,
            analyse: () => {
                source.asked++;
                return new Promise<AnalysisAnswer>((r) => {
                    release = r;
                });
            },
        };
        const seen: AnalysisAnswer[] = [];
        const stop = pollAnalysis('g1', source, (a) => seen.push(a), 1000);
        await vi.advanceTimersByTimeAsync(0);
        stop();
        release(pending(1)); // the answer to the question asked before leaving
        await vi.advanceTimersByTimeAsync(5000);
        expect(seen).toEqual([]);
        expect(source.asked).toBe(1);
        const again = scripted([pending(0)]);
        const stop2 = pollAnalysis('g2', again, () => {}, 1000);
        await vi.advanceTimersByTimeAsync(2500);
        expect(again.asked).toBe(3);
        stop2();
        await vi.advanceTimersByTimeAsync(5000);
        expect(again.asked).toBe(3);
    });
});
