// The post-game analysis panel: an evaluation graph of every position and, where a played move
// was a mistake, the engine's better line. The data comes from the server's
// GET /api/games/{id}/analysis (docs/server.md, docs/web.md section 6) through an
// `AnalysisSource`: 200 with the analysis, or 202 with the progress while the server computes it
// (the panel then asks again about once a second, until it has the data, the page is left, or an
// error comes).

import { t } from './i18n';

export interface PositionEval {
    ply: number; // the position after `ply` moves (0 = the start)
    to_move?: string; // the seat to move there
    // From the analysis' `view` (White; East+South), in pawns; mate as +/- `mateIn` moves.
    score?: number;
    mateIn?: number;
    // Free-for-all Four Kingdoms: the expected points of the player to move (2/1/1/0 are shared
    // out; 1 is an even share).
    points?: number;
    end?: boolean; // the rules ended the game in this position...
    outcome?: number; // ...won (1), drawn (0) or lost (-1) from the view
    best?: string[]; // the engine's best line from this position, SAN
}

export type AnalysisView = 'white' | 'east+south' | 'mover';

export interface AnalysisData {
    positions: PositionEval[];
    view?: AnalysisView; // absent: White's (or the first seat's) view
    nodes?: number;
}

export type AnalysisAnswer =
    | { state: 'ready'; data: AnalysisData }
    | { state: 'pending'; done: number; total: number; ahead: number }
    | { state: 'error'; code?: string; message: string };

export interface AnalysisSource {
    analyse(gameId: string): Promise<AnalysisAnswer>;
}

// No analysis at all.
export const noAnalysis: AnalysisSource = {
    analyse: () => Promise.resolve({ state: 'error', message: t('analysis_none') }),
};

// The server's route.
export const httpAnalysis: AnalysisSource = {
    analyse: async (id) => {
        let r: Response;
        try {
            r = await fetch(`/api/games/${encodeURIComponent(id)}/analysis`, {
                headers: { Accept: 'application/json' },
            });
        } catch {
            return { state: 'error', code: 'network', message: t('analysis_offline') };
        }
        const body = (await r.json().catch(() => null)) as unknown;
        return readAnswer(r.status, body);
    },
};

// What an HTTP answer of the route means (anything unexpected is an error, never a crash).
export function readAnswer(status: number, body: unknown): AnalysisAnswer {
    const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (status === 200 && isAnalysisData(body)) return { state: 'ready', data: body };
    if (status === 202 && o['status'] === 'pending') {
        const n = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : 0);
        return { state: 'pending', done: n(o['done']), total: n(o['total']), ahead: n(o['ahead']) };
    }
    const code = typeof o['code'] === 'string' ? o['code'] : undefined;
    const message = typeof o['message'] === 'string' && o['message'] ? o['message'] : `HTTP ${status}`;
    return { state: 'error', code, message };
}

export function isAnalysisData(v: unknown): v is AnalysisData {
    if (!v || typeof v !== 'object' || !Array.isArray((v as AnalysisData).positions)) return false;
    const view = (v as AnalysisData).view;
    if (view !== undefined && view !== 'white' && view !== 'east+south' && view !== 'mover') return false;
    const num = (x: unknown) => x === undefined || (typeof x === 'number' && Number.isFinite(x));
    return (v as AnalysisData).positions.every(
        (p) =>
            p &&
            typeof p === 'object' &&
            Number.isInteger(p.ply) &&
            p.ply >= 0 &&
            num(p.score) &&
            num(p.points) &&
            num(p.outcome) &&
            (p.mateIn === undefined || Number.isInteger(p.mateIn)) &&
            (p.to_move === undefined || typeof p.to_move === 'string') &&
            (p.best === undefined || (Array.isArray(p.best) && p.best.every((m) => typeof m === 'string'))),
    );
}

// Asks `source` for the analysis of `id` now and, while it is pending, again every `intervalMs`;
// each answer goes to `onAnswer`. Stops after a ready answer or an error, or when the returned
// function is called (the page is left).
export function pollAnalysis(
    id: string,
    source: AnalysisSource,
    onAnswer: (a: AnalysisAnswer) => void,
    intervalMs = 1000,
): () => void {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
        let answer: AnalysisAnswer;
        try {
            answer = await source.analyse(id);
        } catch (e) {
            answer = { state: 'error', message: String(e) };
        }
        if (stopped) return;
        onAnswer(answer);
        if (answer.state === 'pending') timer = setTimeout(() => void ask(), intervalMs);
    };
    void ask();
    return () => {
        stopped = true;
        clearTimeout(timer);
    };
}

const CLAMP = 8; // pawns: the graph's range either way
const FFA_TOP = 2; // points: the free-for-all graph's range (0 .. 2)

// A position's value on the graph (clamped), or undefined if it has none.
export function clampScore(e: PositionEval): number | undefined {
    if (e.outcome !== undefined) return Math.sign(e.outcome) * CLAMP;
    if (e.mateIn !== undefined) return e.mateIn >= 0 ? CLAMP : -CLAMP;
    if (e.score === undefined) return undefined;
    return Math.max(-CLAMP, Math.min(CLAMP, e.score));
}

// Whether `seat` is on the side whose view the scores take.
function onViewSide(seat: string, view: AnalysisView | undefined): boolean {
    return view === 'east+south' ? seat === 'east' || seat === 'south' : seat === 'white' || seat === 'east';
}

// The moves that lost at least `threshold` pawns (from the mover's side), with the better line
// from the position before them. Free-for-all has none (see renderAnalysis).
export function mistakes(
    data: AnalysisData,
    sides = 2,
    threshold = 1.5,
): { ply: number; loss: number; best: string[] }[] {
    if (data.view === 'mover') return [];
    const out: { ply: number; loss: number; best: string[] }[] = [];
    const ps = [...data.positions].sort((a, b) => a.ply - b.ply);
    const seats = sides === 4 ? ['east', 'south', 'west', 'north'] : ['white', 'black'];
    for (let i = 1; i < ps.length; i++) {
        const before = ps[i - 1]!;
        const after = ps[i]!;
        const a = clampScore(before);
        const b = clampScore(after);
        if (a === undefined || b === undefined || after.ply !== before.ply + 1) continue;
        const mover = before.to_move ?? seats[before.ply % sides]!;
        const loss = (a - b) * (onViewSide(mover, data.view) ? 1 : -1);
        if (loss >= threshold && before.best?.length) out.push({ ply: after.ply, loss, best: before.best });
    }
    return out;
}

// A position's value as text (the dots' tooltips): "+0.62", "#-3" (mate), "1-0"-like ends.
export function formatEval(p: PositionEval): string {
    if (p.end) return p.outcome === undefined ? '—' : p.outcome > 0 ? '1-0' : p.outcome < 0 ? '0-1' : '½-½';
    if (p.mateIn !== undefined) return `#${p.mateIn}`;
    if (p.points !== undefined) return p.points.toFixed(2);
    if (p.score !== undefined) return `${p.score > 0 ? '+' : ''}${p.score.toFixed(2)}`;
    return '';
}

interface Series {
    seat?: string; // free-for-all: whose line (its colour comes from style.css, seat-<seat>)
    points: { ply: number; value: number; text: string }[];
}

// The lines to draw: one for a view; free-for-all one per seat, through that seat's turns.
function seriesOf(data: AnalysisData): Series[] {
    const ps = [...data.positions].sort((a, b) => a.ply - b.ply);
    if (data.view !== 'mover') {
        const points = ps.flatMap((p) => {
            const v = clampScore(p);
            return v === undefined ? [] : [{ ply: p.ply, value: v, text: formatEval(p) }];
        });
        return [{ points }];
    }
    return (['east', 'south', 'west', 'north'] as const).map((seat) => ({
        seat,
        points: ps.flatMap((p) =>
            p.to_move === seat && p.points !== undefined
                ? [{ ply: p.ply, value: Math.max(0, Math.min(FFA_TOP, p.points)), text: formatEval(p) }]
                : [],
        ),
    }));
}

// The graph as an SVG string (no inline style; classes and presentation attributes only).
// `marks`: plies of mistakes, drawn as red dots.
export function evaluationGraph(data: AnalysisData, width = 600, height = 160, marks: number[] = []): string {
    const ps = [...data.positions].sort((a, b) => a.ply - b.ply);
    const series = seriesOf(data).filter((s) => s.points.length > 0);
    if (ps.length === 0 || series.length === 0) return '';
    const ffa = data.view === 'mover';
    const maxPly = Math.max(1, ps[ps.length - 1]!.ply);
    const x = (ply: number) => ((ply / maxPly) * width).toFixed(1);
    const y = (v: number) =>
        (ffa ? height - 4 - (v / FFA_TOP) * (height - 8) : height / 2 - (v / CLAMP) * (height / 2 - 4)).toFixed(1);
    const path = (s: Series) => s.points.map((p, i) => `${i ? 'L' : 'M'}${x(p.ply)} ${y(p.value)}`).join(' ');
    const mid = ffa ? y(1) : y(0);
    let body = `<rect class="eval-bg${ffa ? ' ffa' : ''}" x="0" y="0" width="${width}" height="${height}"/>`;
    if (!ffa) {
        const s = series[0]!;
        const last = s.points[s.points.length - 1]!;
        // White's (or East+South's) share below the line: light; the other side's above: dark.
        body += `<path class="eval-area" d="${path(s)} L${x(last.ply)} ${height} L${x(s.points[0]!.ply)} ${height} Z"/>`;
    }
    body += `<line class="eval-zero" x1="0" y1="${mid}" x2="${width}" y2="${mid}"/>`;
    for (const s of series) {
        const seat = s.seat ? ` seat-${s.seat}` : '';
        body += `<path class="eval-line${seat}" d="${path(s)}"/>`;
        for (const p of s.points) {
            const mark = marks.includes(p.ply) ? ' mistake' : '';
            body += `<circle class="eval-dot${seat}${mark}" data-ply="${p.ply}" cx="${x(p.ply)}" cy="${y(p.value)}" r="${mark ? 4.5 : 3}"><title>${p.ply}: ${p.text}</title></circle>`;
        }
    }
    const label = ffa ? t('evaluation_points') : data.view === 'east+south' ? t('evaluation_teams') : t('evaluation');
    return `<svg class="eval-graph" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">${body}</svg>`;
}

function paragraph(text: string, cls?: string): HTMLParagraphElement {
    const p = document.createElement('p');
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
}

// Draws the finished analysis; `onPick(ply)` (optional) shows a position when a point or a
// mistake is chosen.
export function renderAnalysis(
    container: HTMLElement,
    data: AnalysisData | null,
    san: string[],
    sides = 2,
    onPick?: (ply: number) => void,
): void {
    container.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = t('analysis');
    container.append(h);
    if (!data || data.positions.length === 0) {
        container.append(paragraph(t('analysis_none')));
        return;
    }
    const found = mistakes(data, sides);
    const ffa = data.view === 'mover';
    const caption = paragraph(
        ffa ? t('evaluation_points') : data.view === 'east+south' ? t('evaluation_teams') : t('evaluation'),
        'eval-caption',
    );
    const graph = document.createElement('div');
    graph.className = 'eval-graph-box';
    graph.innerHTML = evaluationGraph(
        data,
        600,
        160,
        found.map((m) => m.ply),
    );
    if (onPick) {
        graph.addEventListener('click', (e) => {
            const ply = (e.target as Element | null)?.closest('[data-ply]')?.getAttribute('data-ply');
            if (ply !== null && ply !== undefined) onPick(Number(ply));
        });
    }
    container.append(caption, graph);
    if (ffa) {
        const legend = document.createElement('ul');
        legend.className = 'eval-legend';
        for (const seat of ['east', 'south', 'west', 'north'] as const) {
            const li = document.createElement('li');
            li.innerHTML = `<svg class="swatch seat-${seat}" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" rx="2"/></svg>`;
            li.append(t(`seat_${seat}`));
            legend.append(li);
        }
        container.append(legend, paragraph(t('analysis_ffa_note'), 'eval-note'));
        return;
    }
    if (found.length === 0) {
        container.append(paragraph(t('analysis_no_mistakes'), 'eval-note'));
        return;
    }
    const list = document.createElement('ul');
    list.className = 'mistakes';
    list.setAttribute('aria-label', t('analysis_mistakes', { n: found.length }));
    container.append(paragraph(t('analysis_mistakes', { n: found.length }), 'eval-caption'));
    for (const m of found) {
        const li = document.createElement('li');
        const what = `${t('mistake', { n: Math.ceil(m.ply / sides), move: san[m.ply - 1] ?? '?' })} ${t('best_line', { line: m.best.join(' ') })}`;
        if (onPick) {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'link';
            b.textContent = what;
            b.addEventListener('click', () => onPick(m.ply - 1));
            li.append(b);
        } else {
            li.textContent = what;
        }
        list.append(li);
    }
    container.append(list);
}

// Draws the progress of a pending analysis.
export function renderPending(container: HTMLElement, done: number, total: number, ahead: number): void {
    container.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = t('analysis');
    const text = ahead > 0 ? t('analysis_waiting', { n: ahead }) : t('analysis_pending', { done, total });
    const bar = document.createElement('progress');
    bar.className = 'analysis-progress';
    bar.max = Math.max(1, total);
    bar.value = Math.min(done, total);
    bar.setAttribute('aria-label', text);
    container.append(h, paragraph(text, 'analysis-status'), bar);
    container.setAttribute('aria-busy', 'true');
}

// The panel for game `id`: progress while the server computes, then the analysis, or the error
// with a button to ask again. Returns the function that stops asking (call it when the page is
// left).
export function watchAnalysis(
    container: HTMLElement,
    id: string,
    san: string[],
    sides: number,
    source: AnalysisSource,
    onPick?: (ply: number) => void,
    intervalMs = 1000,
): () => void {
    let stop = () => {};
    const start = () => {
        stop = pollAnalysis(
            id,
            source,
            (a) => {
                if (a.state === 'pending') return renderPending(container, a.done, a.total, a.ahead);
                container.removeAttribute('aria-busy');
                if (a.state === 'ready') return renderAnalysis(container, a.data, san, sides, onPick);
                container.replaceChildren();
                const h = document.createElement('h3');
                h.textContent = t('analysis');
                const again = document.createElement('button');
                again.type = 'button';
                again.id = 'analysis-retry';
                again.textContent = t('analysis_retry');
                again.addEventListener('click', start);
                container.append(
                    h,
                    paragraph(
                        t('analysis_error', { message: a.code === 'analysis_busy' ? t('analysis_busy') : a.message }),
                        'analysis-status',
                    ),
                    again,
                );
            },
            intervalMs,
        );
    };
    start();
    return () => stop();
}
