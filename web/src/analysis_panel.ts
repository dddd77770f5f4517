// The finished analysis as a panel: the chart (analysis_svg.ts) with its summary in words for a
// screen reader, the free-for-all legend, and the mistakes listed by the side that moved with the
// better line. A column of the chart (clicked, tapped, or reached with the arrow keys and Enter)
// asks for its position; a mistake (its name on the chart or its line in the list) asks for the
// position before it with the better move. Which position the board shows is told back with
// `shown`, and the chart marks it.

import type { AnalysisData } from './analysis';
import { type Mistake, chartOf, mistakeLabel, numberedLine, summary } from './analysis_chart';
import { drawChart, placeCursor } from './analysis_svg';
import { button, el } from './dom';
import { t } from './i18n';

export interface AnalysisHandlers {
    pick(ply: number): void; // show the position after `ply` moves
    mistake(m: Mistake): void; // show the position before `m` with its better move
}

export interface AnalysisPanel {
    shown(ply: number): void; // the board shows the position after `ply` moves
    stop(): void; // the page is left
}

const SEATS = ['east', 'south', 'west', 'north'] as const;
const FALLBACK_WIDTH = 300; // px, where the panel cannot be measured (hidden, or no layout)

// A touch screen's coarse pointer wants fingertip-wide columns.
const touchScreen = () => globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;

// Draws the finished analysis into `container`.
export function renderAnalysis(
    container: HTMLElement,
    data: AnalysisData | null,
    san: readonly string[],
    sides: number,
    handlers?: AnalysisHandlers,
): AnalysisPanel {
    container.replaceChildren(el('h3', {}, t('analysis')));
    const chart = data ? chartOf(data, san, sides) : undefined;
    if (!data || !chart) {
        container.append(el('p', {}, t('analysis_none')));
        return { shown: () => {}, stop: () => {} };
    }
    const title = chart.ffa
        ? t('evaluation_points')
        : data.view === 'east+south'
          ? t('evaluation_teams')
          : t('evaluation');
    const axis = el('div', { class: 'eval-axis-box' });
    const scroller = el('div', { class: 'eval-scroll' });
    const said = el('p', { class: 'visually-hidden', id: 'analysis-summary' }, summary(chart, sides, data.view));
    container.append(
        el('p', { class: 'eval-caption' }, title),
        el('div', { class: 'eval-chart' }, axis, scroller),
        said,
    );
    let shownPly: number | undefined;
    let drawnWidth = 0;
    const plot = () => scroller.querySelector<SVGSVGElement>('.eval-graph');
    const draw = () => {
        const width = Math.floor(scroller.clientWidth) || FALLBACK_WIDTH;
        if (width === drawnWidth) return;
        drawnWidth = width;
        const drawing = drawChart(chart, san, sides, {
            width,
            touch: touchScreen(),
            label: title,
            summaryId: said.id,
        });
        axis.innerHTML = drawing.axis;
        scroller.innerHTML = drawing.plot;
        placeCursor(plot()!, shownPly);
    };
    draw();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(draw);
    resized?.observe(scroller);
    if (handlers) listen(scroller, chart.mistakes, handlers);

    if (chart.ffa) {
        const legend = el('ul', { class: 'eval-legend' });
        for (const seat of SEATS) {
            const li = el('li', {});
            li.innerHTML = `<svg class="swatch seat-${seat}" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" rx="2"/></svg>`;
            li.append(t(`seat_${seat}`));
            legend.append(li);
        }
        container.append(legend, el('p', { class: 'eval-note' }, t('analysis_ffa_note')));
    } else if (chart.mistakes.length === 0) {
        container.append(el('p', { class: 'eval-note' }, t('analysis_no_mistakes')));
    } else {
        const heading = t('analysis_mistakes', { n: chart.mistakes.length });
        const list = el('ul', { class: 'mistakes', 'aria-label': heading });
        for (const m of chart.mistakes) {
            const what = el('strong', {}, mistakeLabel(m));
            const line = el('span', { class: 'better' }, t('best_line', { line: numberedLine(m, sides) }));
            if (!handlers) list.append(el('li', {}, what, ' ', line));
            else {
                const b = button('', () => handlers.mistake(m), { class: 'link', 'data-ply': String(m.ply) });
                b.replaceChildren(what, ' ', line);
                list.append(el('li', {}, b));
            }
        }
        container.append(el('p', { class: 'eval-caption' }, heading), list);
    }
    return {
        shown: (ply) => {
            shownPly = ply;
            const svg = plot();
            if (svg) placeCursor(svg, ply);
        },
        stop: () => resized?.disconnect(),
    };
}

// Clicks and taps on the chart; the arrow keys, Home and End along its columns, Enter or Space
// to show one.
function listen(scroller: HTMLElement, found: readonly Mistake[], handlers: AnalysisHandlers): void {
    const plyOf = (e: Event) => (e.target as Element | null)?.closest?.('[data-ply]')?.getAttribute('data-ply');
    scroller.addEventListener('click', (e) => {
        const mistake = (e.target as Element | null)?.closest?.('[data-mistake]')?.getAttribute('data-mistake');
        if (mistake) return handlers.mistake(found[Number(mistake)]!);
        const ply = plyOf(e);
        if (ply) handlers.pick(Number(ply));
    });
    scroller.addEventListener('keydown', (e) => {
        const ply = plyOf(e);
        if (!ply) return;
        const hits = [...scroller.querySelectorAll<SVGRectElement>('.eval-hit')];
        const at = hits.findIndex((h) => h.dataset['ply'] === ply);
        const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: hits.length - 1 }[e.key];
        if (e.key === 'Enter' || e.key === ' ') handlers.pick(Number(ply));
        else if (to !== undefined) {
            const next = hits[Math.max(0, Math.min(hits.length - 1, to))]!;
            for (const h of hits) h.setAttribute('tabindex', h === next ? '0' : '-1');
            next.focus();
        } else return;
        e.preventDefault();
        // The move list's arrow keys listen on the whole page: here they move along the chart.
        e.stopPropagation();
    });
}
