// What the analysis' data means on a chart, with no drawing: each position's value clipped to
// the axis (pawns within ±8, a mate or a won end at the edge; free-for-all Four Kingdoms the
// expected points 0..2, one line per seat), the y axis' ticks, the move numbers that fit under
// the x axis, the mistakes with the side that moved and its move number, each point's words for
// a screen reader, and the summary that stands in for the picture.

import type { AnalysisData, AnalysisView, PositionEval } from './analysis';
import type { Seat } from './geometry';
import { hasKey, language, t } from './i18n';

export const PAWN_LIMIT = 8; // pawns: the chart's range either way
export const POINTS_TOP = 2; // points: the free-for-all range (0 .. 2; 1 is an even share)
const MISTAKE_LOSS = 1.5; // pawns lost by the mover's own move
const BETTER_BY = 1; // pawns: a side "better" in the summary; less is about even

const TWO_SEATS: readonly Seat[] = ['white', 'black'];
const FOUR_SEATS: readonly Seat[] = ['east', 'south', 'west', 'north'];

export interface ChartPoint {
    readonly ply: number;
    readonly value: number; // clipped to the axis
    readonly text: string; // the value as said: "+0.62", "#-3", "1-0"
}

export interface ChartSeries {
    readonly seat?: Seat; // free-for-all: whose line
    readonly points: readonly ChartPoint[];
}

export interface Mistake {
    readonly ply: number; // the position after the mistake
    readonly loss: number; // pawns, from the mover's side
    readonly best: readonly string[]; // the better line from the position before, SAN
    readonly bestMove?: string; // its first move, UCI text (the server's, to draw it)
    readonly mover: Seat;
    readonly move: number; // the mover's move number
    readonly san: string;
}

export interface Tick {
    readonly value: number;
    readonly label: string;
}

export interface Chart {
    readonly ffa: boolean;
    readonly lastPly: number;
    readonly min: number; // the y axis' range
    readonly max: number;
    readonly yTicks: readonly Tick[];
    readonly series: readonly ChartSeries[];
    readonly mistakes: readonly Mistake[];
    readonly positions: readonly PositionEval[]; // by ply
}

const sorted = (data: AnalysisData) => [...data.positions].sort((a, b) => a.ply - b.ply);

// A position's value on the pawn axis (clipped), or undefined if it has none.
export function clampScore(e: PositionEval): number | undefined {
    if (e.outcome !== undefined) return Math.sign(e.outcome) * PAWN_LIMIT;
    if (e.mateIn !== undefined) return e.mateIn >= 0 ? PAWN_LIMIT : -PAWN_LIMIT;
    if (e.score === undefined) return undefined;
    return Math.max(-PAWN_LIMIT, Math.min(PAWN_LIMIT, e.score));
}

// A position's value as text: "+0.62", "#-3" (mate), "1-0"-like ends.
export function formatEval(p: PositionEval): string {
    if (p.end) return p.outcome === undefined ? '—' : p.outcome > 0 ? '1-0' : p.outcome < 0 ? '0-1' : '½-½';
    if (p.mateIn !== undefined) return `#${p.mateIn}`;
    if (p.points !== undefined) return p.points.toFixed(2);
    if (p.score !== undefined) return `${p.score > 0 ? '+' : ''}${p.score.toFixed(2)}`;
    return '';
}

// The seat that moves in the position after `ply - 1` moves: the server's `to_move`, else the
// seats in turn.
function moverBefore(ps: readonly PositionEval[], ply: number, sides: number): Seat {
    const seats = sides === 4 ? FOUR_SEATS : TWO_SEATS;
    const told = ps.find((p) => p.ply === ply - 1)?.to_move;
    return (seats as readonly string[]).includes(told ?? '') ? (told as Seat) : seats[(ply - 1) % sides]!;
}

// Whether `seat` is on the side whose view the scores take.
function onViewSide(seat: Seat, view: AnalysisView | undefined): boolean {
    return view === 'east+south' ? seat === 'east' || seat === 'south' : seat === 'white' || seat === 'east';
}

// The move number of ply `ply` (1-based: the first `sides` plies are move 1).
export const moveNumber = (ply: number, sides: number) => Math.ceil(ply / sides);

// The moves that lost at least 1.5 pawns for their mover, with the better line from the position
// before them. Free-for-all has none: a player's points can fall through the others' moves.
export function mistakes(data: AnalysisData, san: readonly string[] = [], sides = 2): Mistake[] {
    if (data.view === 'mover') return [];
    const ps = sorted(data);
    const out: Mistake[] = [];
    for (let i = 1; i < ps.length; i++) {
        const before = ps[i - 1]!;
        const after = ps[i]!;
        const a = clampScore(before);
        const b = clampScore(after);
        if (a === undefined || b === undefined || after.ply !== before.ply + 1 || !before.best?.length) continue;
        const mover = moverBefore(ps, after.ply, sides);
        const loss = (a - b) * (onViewSide(mover, data.view) ? 1 : -1);
        if (loss >= MISTAKE_LOSS)
            out.push({
                ply: after.ply,
                loss,
                best: before.best,
                ...(before.best_move ? { bestMove: before.best_move } : {}),
                mover,
                move: moveNumber(after.ply, sides),
                san: san[after.ply - 1] ?? '?',
            });
    }
    return out;
}

// "14th" in English, "14" where the sentence says it ("第14步", "thứ 14").
export function ordinal(n: number): string {
    const key = `ordinal_${new Intl.PluralRules(language(), { type: 'ordinal' }).select(n)}`;
    return t(hasKey(key) ? key : 'ordinal_other', { n });
}

// A side's name: a seat, or a Four Kingdoms team.
function sideName(seats: readonly Seat[]): string {
    const [a, b] = seats.map((s) => t(`seat_${s}`));
    return b === undefined ? a! : t('team', { a: a!, b });
}

// "White's 14th move: Qxb7?"
export function mistakeLabel(m: Mistake): string {
    return t('chart_mistake', { side: sideName([m.mover]), nth: ordinal(m.move), move: m.san });
}

// The better line with move numbers where two play ("3…Qf6 4.Qf3 Nd4"); Four Kingdoms' as it is.
export function numberedLine(m: Mistake, sides: number): string {
    if (sides !== 2) return m.best.join(' ');
    let move = m.move;
    let white = m.mover === 'white';
    return m.best
        .map((san, i) => {
            const text = white ? `${move}.${san}` : i === 0 ? `${move}…${san}` : san;
            if (!white) move++;
            white = !white;
            return text;
        })
        .join(' ');
}

// A mistake's short mark on the chart: "Qxb7?".
export const mistakeMark = (m: Mistake) => `${m.san}?`;

// The lines to draw: one for a view; free-for-all one per seat, through that seat's turns.
function seriesOf(data: AnalysisData, ps: readonly PositionEval[]): ChartSeries[] {
    if (data.view !== 'mover') {
        const points = ps.flatMap((p) => {
            const v = clampScore(p);
            return v === undefined ? [] : [{ ply: p.ply, value: v, text: formatEval(p) }];
        });
        return [{ points }];
    }
    return FOUR_SEATS.map((seat) => ({
        seat,
        points: ps.flatMap((p) =>
            p.to_move === seat && p.points !== undefined
                ? [{ ply: p.ply, value: Math.max(0, Math.min(POINTS_TOP, p.points)), text: formatEval(p) }]
                : [],
        ),
    }));
}

const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

// The chart of `data` (the moves' SAN for the mistakes' names), or undefined when nothing has a
// value.
export function chartOf(data: AnalysisData, san: readonly string[] = [], sides = 2): Chart | undefined {
    const ps = sorted(data);
    const series = seriesOf(data, ps).filter((s) => s.points.length > 0);
    if (series.length === 0) return undefined;
    const ffa = data.view === 'mover';
    const yTicks = ffa
        ? [0, 1, 2].map((v) => ({ value: v, label: String(v) }))
        : [-8, -4, 0, 4, 8].map((v) => ({ value: v, label: signed(v) }));
    return {
        ffa,
        lastPly: Math.max(1, ps[ps.length - 1]!.ply),
        min: ffa ? 0 : -PAWN_LIMIT,
        max: ffa ? POINTS_TOP : PAWN_LIMIT,
        yTicks,
        series,
        mistakes: mistakes(data, san, sides),
        positions: ps,
    };
}

const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200];

// The move numbers under the x axis, as far apart as `minGap` pixels at least on a plot
// `width` wide: every move, or 1, 5, 10, … (1, 10, 20, …), each at its first ply.
export function moveTicks(lastPly: number, sides: number, width: number, minGap = 28): { move: number; ply: number }[] {
    const moves = Math.max(1, moveNumber(lastPly, sides));
    const perMove = (width / Math.max(1, lastPly)) * sides;
    const step = STEPS.find((s) => s * perMove >= minGap) ?? STEPS[STEPS.length - 1]!;
    const numbers = [];
    // 1 starts the axis where it stands far enough from the first multiple.
    if (step === 1 || step >= 5) numbers.push(1);
    for (let n = step; n <= moves; n += step) if (n !== 1) numbers.push(n);
    return numbers.map((move) => ({ move, ply: (move - 1) * sides + 1 }));
}

// What the point of `ply` says to a screen reader: "White's 3rd move, Bc4: +0.40".
export function pointLabel(chart: Chart, ply: number, san: readonly string[], sides: number): string {
    const p = chart.positions.find((x) => x.ply === ply);
    const value = p ? formatEval(p) : '';
    const mistake = chart.mistakes.find((m) => m.ply === ply);
    const where =
        ply === 0
            ? t('chart_start')
            : t('chart_after', {
                  side: sideName([moverBefore(chart.positions, ply, sides)]),
                  nth: ordinal(moveNumber(ply, sides)),
                  move: san[ply - 1] ?? '?',
              });
    const said = value ? `${where}: ${value}` : where;
    return mistake ? `${said}. ${t('chart_is_mistake')}` : said;
}

// Who was better when, in runs of moves: "Moves 1–12: about even. Moves 13–20: White better."
// Free-for-all: each player's expected points at its last turn.
export function summary(chart: Chart, sides: number, view: AnalysisView | undefined): string {
    if (chart.ffa) {
        const last = chart.series.map((s) => `${t(`seat_${s.seat!}`)} ${s.points[s.points.length - 1]!.text}`);
        return t('chart_summary_points', { list: last.join(', ') });
    }
    const [ours, theirs] =
        view === 'east+south'
            ? [
                  ['east', 'south'],
                  ['west', 'north'],
              ]
            : [['white'], ['black']];
    const who = (v: number) => (v >= BETTER_BY ? 1 : v <= -BETTER_BY ? -1 : 0);
    // Each move is judged by the position after its last ply; the start counts as move 1.
    const byMove = new Map<number, number>();
    for (const p of chart.series[0]!.points) byMove.set(Math.max(1, moveNumber(p.ply, sides)), who(p.value));
    const runs: { who: number; from: number; to: number }[] = [];
    for (const [move, w] of byMove) {
        const run = runs[runs.length - 1];
        if (run && run.who === w) run.to = move;
        else runs.push({ who: w, from: move, to: move });
    }
    const sentences = runs.map((r) => {
        const moves = r.from === r.to ? t('chart_move', { n: r.from }) : t('chart_moves', { from: r.from, to: r.to });
        const state =
            r.who === 0
                ? t('chart_even')
                : t('chart_better', { side: sideName((r.who > 0 ? ours : theirs) as Seat[]) });
        return `${moves}: ${state}.`;
    });
    const found = chart.mistakes.length
        ? t('chart_summary_mistakes', { list: chart.mistakes.map(mistakeLabel).join('; ') })
        : t('analysis_no_mistakes');
    return [...sentences, found].join(' ');
}
