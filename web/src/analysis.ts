// The post-game analysis: the server's GET /api/games/{id}/analysis (docs/server.md, docs/web.md
// section 6) read through an `AnalysisSource`: 200 with the analysis, or 202 with the progress
// while the server computes it (the panel then asks again about once a second, until it has the
// data, the page is left, or an error comes). The finished analysis is drawn by
// analysis_panel.ts (the chart: analysis_chart.ts maps, analysis_svg.ts draws).

import { type AnalysisHandlers, type AnalysisPanel, renderAnalysis } from './analysis_panel';
import { button, el } from './dom';
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
    best_move?: string; // its first move, UCI text (to draw it)
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
            (p.best === undefined || (Array.isArray(p.best) && p.best.every((m) => typeof m === 'string'))) &&
            (p.best_move === undefined || typeof p.best_move === 'string'),
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

// Draws the progress of a pending analysis.
export function renderPending(container: HTMLElement, done: number, total: number, ahead: number): void {
    const text = ahead > 0 ? t('analysis_waiting', { n: ahead }) : t('analysis_pending', { done, total });
    const bar = el('progress', { class: 'analysis-progress', 'aria-label': text });
    bar.max = Math.max(1, total);
    bar.value = Math.min(done, total);
    container.replaceChildren(el('h3', {}, t('analysis')), el('p', { class: 'analysis-status' }, text), bar);
    container.setAttribute('aria-busy', 'true');
}

// The panel for game `id`: progress while the server computes, then the analysis, or the error
// with a button to ask again. `shown` marks the position the board shows on the chart; `stop`
// stops asking (call it when the page is left).
export function watchAnalysis(
    container: HTMLElement,
    id: string,
    san: readonly string[],
    sides: number,
    source: AnalysisSource,
    handlers?: AnalysisHandlers,
    intervalMs = 1000,
): AnalysisPanel {
    let stopAsking = () => {};
    let shownPly: number | undefined;
    let panel: AnalysisPanel | undefined;
    const start = () => {
        stopAsking = pollAnalysis(
            id,
            source,
            (a) => {
                if (a.state === 'pending') return renderPending(container, a.done, a.total, a.ahead);
                container.removeAttribute('aria-busy');
                if (a.state === 'ready') {
                    panel = renderAnalysis(container, a.data, san, sides, handlers);
                    if (shownPly !== undefined) panel.shown(shownPly);
                    return;
                }
                const why = a.code === 'analysis_busy' ? t('analysis_busy') : a.message;
                container.replaceChildren(
                    el('h3', {}, t('analysis')),
                    el('p', { class: 'analysis-status' }, t('analysis_error', { message: why })),
                    button(t('analysis_retry'), start, { id: 'analysis-retry' }),
                );
            },
            intervalMs,
        );
    };
    start();
    return {
        shown: (ply) => {
            shownPly = ply;
            panel?.shown(ply);
        },
        stop: () => {
            stopAsking();
            panel?.stop();
        },
    };
}
