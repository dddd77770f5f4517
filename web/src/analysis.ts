// The post-game analysis panel: an evaluation graph of every position and, where a played move
// was a mistake, the engine's better line. The data comes through `AnalysisSource`; the server
// has no analysis API yet, so the lead plugs one in (see docs/web.md).

import { t } from './i18n';

export interface PositionEval {
    ply: number; // positions after `ply` moves (0 = the start)
    // From White's (or, in Four Kingdoms, the first seat's) point of view, in pawns; mate as
    // +/- `mateIn` moves.
    score?: number;
    mateIn?: number;
    best?: string[]; // the engine's best line from this position, SAN or UCI
}

export interface AnalysisData {
    positions: PositionEval[];
}

export interface AnalysisSource {
    analyse(gameId: string): Promise<AnalysisData | null>;
}

// No analysis at all.
export const noAnalysis: AnalysisSource = { analyse: async () => null };

// The proposed server route: GET /api/games/{id}/analysis answering AnalysisData (docs/web.md).
// Until the server has it, any refusal (404, an error body, no JSON) means "no analysis yet".
export const httpAnalysis: AnalysisSource = {
    analyse: async (id) => {
        try {
            const r = await fetch(`/api/games/${encodeURIComponent(id)}/analysis`, { headers: { Accept: 'application/json' } });
            if (!r.ok) return null;
            const data = (await r.json()) as unknown;
            return isAnalysisData(data) ? data : null;
        } catch {
            return null;
        }
    },
};

export function isAnalysisData(v: unknown): v is AnalysisData {
    if (!v || typeof v !== 'object' || !Array.isArray((v as AnalysisData).positions)) return false;
    return (v as AnalysisData).positions.every(
        (p) => p && typeof p === 'object' && Number.isInteger(p.ply) && p.ply >= 0 &&
            (p.score === undefined || Number.isFinite(p.score)) &&
            (p.mateIn === undefined || Number.isInteger(p.mateIn)) &&
            (p.best === undefined || (Array.isArray(p.best) && p.best.every((m) => typeof m === 'string'))),
    );
}

const CLAMP = 8;

export function clampScore(e: PositionEval): number {
    if (e.mateIn !== undefined) return e.mateIn >= 0 ? CLAMP : -CLAMP;
    return Math.max(-CLAMP, Math.min(CLAMP, e.score ?? 0));
}

// The moves that lost at least `threshold` pawns (from the mover's side), with the better line.
export function mistakes(data: AnalysisData, sides = 2, threshold = 1.5): { ply: number; loss: number; best: string[] }[] {
    const out: { ply: number; loss: number; best: string[] }[] = [];
    const ps = [...data.positions].sort((a, b) => a.ply - b.ply);
    for (let i = 1; i < ps.length; i++) {
        const before = ps[i - 1]!;
        const after = ps[i]!;
        const whiteMoved = (after.ply - 1) % sides === 0;
        const loss = (clampScore(before) - clampScore(after)) * (whiteMoved ? 1 : -1);
        if (loss >= threshold && before.best?.length) out.push({ ply: after.ply, loss, best: before.best });
    }
    return out;
}

// The graph as an SVG string (no inline style; classes only).
export function evaluationGraph(data: AnalysisData, width = 600, height = 160): string {
    const ps = [...data.positions].sort((a, b) => a.ply - b.ply);
    if (ps.length === 0) return '';
    const maxPly = Math.max(1, ps[ps.length - 1]!.ply);
    const x = (ply: number) => (ply / maxPly) * width;
    const y = (s: number) => height / 2 - (s / CLAMP) * (height / 2 - 4);
    const line = ps.map((p, i) => `${i ? 'L' : 'M'}${x(p.ply).toFixed(1)} ${y(clampScore(p)).toFixed(1)}`).join(' ');
    const area = `${line} L${x(ps[ps.length - 1]!.ply).toFixed(1)} ${height} L0 ${height} Z`;
    return (
        `<svg class="eval-graph" viewBox="0 0 ${width} ${height}" role="img" aria-label="${t('evaluation')}">` +
        `<rect class="eval-bg" x="0" y="0" width="${width}" height="${height}"/>` +
        `<path class="eval-area" d="${area}"/>` +
        `<line class="eval-zero" x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}"/>` +
        `<path class="eval-line" d="${line}"/>` +
        ps.map((p) => `<circle class="eval-dot" data-ply="${p.ply}" cx="${x(p.ply).toFixed(1)}" cy="${y(clampScore(p)).toFixed(1)}" r="3"/>`).join('') +
        `</svg>`
    );
}

export function renderAnalysis(container: HTMLElement, data: AnalysisData | null, san: string[], sides = 2): void {
    container.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = t('analysis');
    container.append(h);
    if (!data || data.positions.length === 0) {
        const p = document.createElement('p');
        p.textContent = t('analysis_none');
        container.append(p);
        return;
    }
    const graph = document.createElement('div');
    graph.innerHTML = evaluationGraph(data);
    container.append(graph);
    const list = document.createElement('ul');
    for (const m of mistakes(data, sides)) {
        const li = document.createElement('li');
        li.textContent = `${t('mistake', { n: Math.ceil(m.ply / sides), move: san[m.ply - 1] ?? '?' })} ${t('best_line', { line: m.best.join(' ') })}`;
        list.append(li);
    }
    container.append(list);
}
