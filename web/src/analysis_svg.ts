// The analysis chart drawn as two SVGs in real pixels, so that its text reads the same on a
// phone and a desktop: the y axis' labels (which stay put) and the plot (which scrolls sideways
// when the game has more positions than fit): grid, zero line, move numbers, the line(s), the
// mistakes marked and named, the cursor on the position shown, and one invisible column per
// position, as wide as the plot allows but never narrower than a finger on a touch screen, which
// is what is clicked, tapped and focused. No inline style; classes and presentation attributes.

import { type Chart, mistakeMark, moveTicks, pointLabel } from './analysis_chart';

export const CHART_HEIGHT = 200;
export const AXIS_WIDTH = 34;
const TOP = 14; // room for a mistake's name above the highest value
const BOTTOM = 24; // the move numbers
const TOUCH_COLUMN = 24; // px: a fingertip (WCAG 2.5.8)
const MOUSE_COLUMN = 6;
const MARK_CHAR = 7.5; // px per character of a mistake's name, to keep names apart

export interface ChartDrawing {
    readonly axis: string; // the y axis' SVG
    readonly plot: string; // the plot's SVG
}

const escapeXml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The chart for a plot area `width` pixels wide (`touch`: columns at least a fingertip wide).
// `label` names the chart, `summaryId` is the element that says it in words.
export function drawChart(
    chart: Chart,
    san: readonly string[],
    sides: number,
    opts: { width: number; touch: boolean; label: string; summaryId: string },
): ChartDrawing {
    const plies = chart.lastPly + 1;
    const width = Math.max(opts.width, plies * (opts.touch ? TOUCH_COLUMN : MOUSE_COLUMN));
    const column = width / plies;
    const x = (ply: number) => (ply + 0.5) * column;
    const bottom = CHART_HEIGHT - BOTTOM;
    const y = (v: number) => TOP + ((chart.max - v) / (chart.max - chart.min)) * (bottom - TOP);
    const f = (n: number) => n.toFixed(1);
    const parts: string[] = [
        `<rect class="eval-bg${chart.ffa ? ' ffa' : ''}" x="0" y="${TOP}" width="${width}" height="${f(bottom - TOP)}"/>`,
    ];
    const line = (points: Chart['series'][number]['points']) =>
        points.map((p, i) => `${i ? 'L' : 'M'}${f(x(p.ply))} ${f(y(p.value))}`).join(' ');
    if (!chart.ffa) {
        // White's (or East+South's) share below the line: light; the other side's above: dark.
        // The first and last values reach out to the plot's edges.
        const s = chart.series[0]!.points;
        const [first, last] = [y(s[0]!.value), y(s[s.length - 1]!.value)].map(f);
        parts.push(
            `<path class="eval-area" d="M0 ${first} ${line(s).replace(/^M/, 'L')} L${width} ${last} L${width} ${bottom} L0 ${bottom} Z"/>`,
        );
    }
    for (const tick of chart.yTicks) {
        const zero = tick.value === (chart.ffa ? 1 : 0);
        parts.push(
            `<line class="${zero ? 'eval-zero' : 'eval-grid'}" x1="0" y1="${f(y(tick.value))}" x2="${width}" y2="${f(y(tick.value))}"/>`,
        );
    }
    for (const { move, ply } of moveTicks(chart.lastPly, sides, width)) {
        parts.push(
            `<line class="eval-tick" x1="${f(x(ply))}" y1="${bottom}" x2="${f(x(ply))}" y2="${bottom + 4}"/>`,
            `<text class="eval-move" x="${f(x(ply))}" y="${CHART_HEIGHT - 6}" text-anchor="middle">${move}</text>`,
        );
    }
    parts.push(`<line class="eval-cursor" x1="0" y1="${TOP}" x2="0" y2="${bottom}" visibility="hidden"/>`);
    const marked = new Set(chart.mistakes.map((m) => m.ply));
    for (const s of chart.series) {
        const seat = s.seat ? ` seat-${s.seat}` : '';
        parts.push(`<path class="eval-line${seat}" d="${line(s.points)}"/>`);
        for (const p of s.points) {
            const mark = marked.has(p.ply) ? ' mistake' : '';
            parts.push(
                `<circle class="eval-dot${seat}${mark}" data-ply="${p.ply}" cx="${f(x(p.ply))}" cy="${f(y(p.value))}" r="${mark ? 5 : 3}"/>`,
            );
        }
    }
    // The columns, then the mistakes' names over them: a name is tapped for the better line.
    // A column's title is its name for a screen reader and its tooltip for a mouse.
    for (const p of chart.positions) {
        const said = escapeXml(pointLabel(chart, p.ply, san, sides));
        parts.push(
            `<rect class="eval-hit" data-ply="${p.ply}" x="${f(p.ply * column)}" y="0" width="${f(column)}" height="${bottom}" role="button" tabindex="-1"><title>${said}</title></rect>`,
        );
    }
    let freeFrom = -Infinity; // where the last name drawn ends
    chart.mistakes.forEach((m, i) => {
        const text = mistakeMark(m);
        const half = (text.length * MARK_CHAR) / 2;
        const cx = Math.min(width - half, Math.max(half, x(m.ply)));
        if (cx - half < freeFrom) return; // too close to the previous name: the dot and the list say it
        freeFrom = cx + half + 4;
        const value = chart.series[0]!.points.find((p) => p.ply === m.ply)?.value ?? 0;
        const above = y(value) > (TOP + bottom) / 2; // the name goes where there is room
        const ty = above ? y(value) - 10 : y(value) + 18;
        parts.push(
            `<text class="eval-mistake-name" data-mistake="${i}" x="${f(cx)}" y="${f(ty)}" text-anchor="middle" aria-hidden="true">${escapeXml(text)}</text>`,
        );
    });
    const axis = chart.yTicks
        .map(
            (tick) =>
                `<text class="eval-axis-label" x="${AXIS_WIDTH - 6}" y="${f(y(tick.value) + 4)}" text-anchor="end">${escapeXml(tick.label)}</text>`,
        )
        .join('');
    return {
        axis: `<svg class="eval-axis" width="${AXIS_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${AXIS_WIDTH} ${CHART_HEIGHT}" aria-hidden="true">${axis}</svg>`,
        plot: `<svg class="eval-graph" width="${f(width)}" height="${CHART_HEIGHT}" viewBox="0 0 ${f(width)} ${CHART_HEIGHT}" role="group" aria-label="${escapeXml(opts.label)}" aria-describedby="${opts.summaryId}">${parts.join('')}</svg>`,
    };
}

// Puts the cursor on the column of `ply` (none: hidden), and makes that column the one Tab
// reaches (the arrow keys go on from there).
export function placeCursor(plot: SVGSVGElement, ply: number | undefined): void {
    const cursor = plot.querySelector('.eval-cursor');
    const hits = [...plot.querySelectorAll<SVGRectElement>('.eval-hit')];
    const hit = hits.find((h) => h.dataset['ply'] === String(ply));
    for (const h of hits) {
        h.setAttribute('tabindex', h === (hit ?? hits[hits.length - 1]) ? '0' : '-1');
        h.classList.toggle('shown', h === hit);
        if (h === hit) h.setAttribute('aria-current', 'true');
        else h.removeAttribute('aria-current');
    }
    if (!cursor) return;
    if (!hit) return cursor.setAttribute('visibility', 'hidden');
    const cx = String(Number(hit.getAttribute('x')) + Number(hit.getAttribute('width')) / 2);
    cursor.setAttribute('x1', cx);
    cursor.setAttribute('x2', cx);
    cursor.setAttribute('visibility', 'visible');
}
