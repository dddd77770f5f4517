// The "How to play" screen (`/rules/{variant}`): a game's rules from src/rules/ in the page's
// language. The heading, the start position drawn by the app's own board (board.ts, only
// showing), the sections, each with a small board where it shows a piece's squares or a special
// move, and links to the other games' rules. Back goes where the reader came from (the new-game
// form, which keeps what was filled: new_game.ts's draft); a tab opened from a game's tools has
// nowhere to go back to, and offers the new-game form instead.

import { type Mark, BoardView } from '../board';
import { button, el } from '../dom';
import { type Variant, VARIANTS, geometryOf } from '../geometry';
import { type StringKey, language, t } from '../i18n';
import { type Position, parsePosition } from '../notation';
import { rulesPath } from '../router';
import { type Diagram, type RuleSection, rulesPage } from '../rules';
import { sentences } from './game/status';

export function renderRules(root: HTMLElement, variant: Variant, navigate: (path: string) => void): void {
    const page = rulesPage(variant, language());
    const heading = t('rules_heading', { variant: t(`variant_${variant}`) });
    document.title = `${heading} · ${t('app_title')}`;
    const back =
        history.length > 1
            ? button(`← ${t('rules_back')}`, () => history.back(), { id: 'rules-back' })
            : appLink('/', t('new_game'), navigate, { id: 'rules-back', class: 'button' });
    const startBoard = board(variant, parsePosition(variant, page.start), {}, t('rules_start'));
    startBoard.id = 'rules-start';
    startBoard.classList.add('rules-board-start');
    const others = VARIANTS.filter((v) => v !== variant).map((v) =>
        el('li', {}, appLink(rulesPath(v), t(`variant_${v}`), navigate)),
    );
    root.replaceChildren(
        el(
            'article',
            { class: 'rules-page', id: 'rules', 'data-variant': variant },
            el('nav', { class: 'rules-bar' }, back),
            el('h2', {}, heading),
            startBoard,
            ...page.sections.map((s) => section(variant, s)),
            el(
                'nav',
                { class: 'rules-others', 'aria-labelledby': 'rules-others-title' },
                el('h3', { id: 'rules-others-title' }, t('rules_other_games')),
                el('ul', {}, ...others),
            ),
        ),
    );
    window.scrollTo(0, 0);
}

function section(variant: Variant, s: RuleSection): HTMLElement {
    return el(
        'section',
        { class: 'rules-section', id: `rules-${s.id}`, 'aria-labelledby': `rules-${s.id}-title` },
        el(
            'div',
            { class: 'rules-text' },
            el('h3', { id: `rules-${s.id}-title` }, s.title),
            ...s.text.map((p) => el('p', {}, p)),
        ),
        s.diagram ? board(variant, diagramPosition(variant, s.diagram), s.diagram, legend(s.diagram)) : null,
    );
}

// A position holding only the diagram's pieces.
function diagramPosition(variant: Variant, d: Diagram): Position {
    return {
        variant,
        pieces: new Map(Object.entries(d.pieces)),
        toMove: geometryOf(variant).seats[0]!,
        castling: '-',
        enPassant: '-',
        halfmove: 0,
        fullmove: 1,
    };
}

// What the marks of a diagram mean, those it has.
function legend(d: Diagram): string {
    const parts: StringKey[] = [];
    if (d.reach?.length) parts.push('rules_legend_reach');
    if (d.captures?.length) parts.push('rules_legend_capture');
    if (d.arrows?.length) parts.push('rules_legend_arrow');
    if (d.check?.length) parts.push('rules_legend_check');
    if (d.lastMove) parts.push('rules_legend_last');
    return sentences(parts.map((k) => t(k)));
}

// A board that only shows: out of the tab order and hidden from screen readers (the text around
// it says what it shows), captioned with what its marks mean.
function board(variant: Variant, position: Position, d: Partial<Diagram>, caption: string): HTMLElement {
    const view = new BoardView({ onMove: () => undefined, onAttempt: () => undefined });
    view.setPosition(geometryOf(variant), position);
    const marks: Mark[] = [
        ...(d.reach ?? []).map((square): Mark => ({ square, tone: 'focus' })),
        ...(d.captures ?? []).map((square): Mark => ({ square, tone: 'capture' })),
    ];
    view.setHighlights({ marks, check: [...(d.check ?? [])], lastMoves: d.lastMove ? [d.lastMove] : [] });
    view.setArrows((d.arrows ?? []).map(([a, b]) => [a, b]));
    view.element.querySelector('svg')?.setAttribute('tabindex', '-1');
    view.element.setAttribute('aria-hidden', 'true');
    return el('figure', { class: 'rules-board' }, view.element, el('figcaption', {}, caption));
}

// A link inside the app: followed without reloading the page.
function appLink(
    path: string,
    text: string,
    navigate: (path: string) => void,
    attrs: Record<string, string> = {},
): HTMLAnchorElement {
    const a = el('a', { href: path, ...attrs }, text);
    a.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(path);
    });
    return a;
}
