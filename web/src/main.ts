// The app: a header with the language switch, and the screens chosen by the address: `/` (new
// game), `/g/{id}` (play with `?token=…`, watch without), `/learn`, `/learn/{lesson}[/{level}]`
// and `/learn/practice/{topic}` (the children's course), `/family` and `/family/grown-ups` (a
// family's children and their progress), `/rules/{variant}` (how to play). An address under
// `/g/` that is no game's says so.

import { type AnalysisSource, httpAnalysis } from './analysis';
import { applyBoardColours } from './board_colours';
import { el } from './dom';
import { childReading } from './family/reading';
import { LANGUAGE_NAMES, isLanguage, language, setLanguage, t } from './i18n';
import { renderFamily } from './screens/family';
import { renderGrownups } from './screens/family/grownups';
import { renderGame } from './screens/game';
import { renderNoSuchGame } from './screens/game/missing';
import { renderHome } from './screens/home';
import { renderLearn } from './screens/learn';
import { renderRules } from './screens/rules';
import { route } from './router';
import { keepLearnReadingWith } from './speech';
import './style.css';
import './learn.css';
import './family.css';
import './games.css';
import './play.css';
import './rules.css';

// Where the post-game analysis comes from (docs/web.md section 6): GET /api/games/{id}/analysis.
let analysisSource: AnalysisSource = httpAnalysis;
export function setAnalysisSource(s: AnalysisSource): void {
    analysisSource = s;
}

// Learn reads aloud by itself as the child learning chose, where a family's child is.
keepLearnReadingWith(childReading);

let cleanup: (() => void) | undefined;

function navigate(path: string): void {
    history.pushState(null, '', path);
    show();
}

function show(): void {
    cleanup?.();
    cleanup = undefined;
    const main = document.getElementById('app')!;
    drawHeader();
    document.title = t('app_title'); // the Learn screens name their lesson
    const r = route(location.pathname);
    if (r.screen === 'game') {
        const q = new URLSearchParams(location.search);
        cleanup = renderGame(
            main,
            r.id,
            { token: q.get('token') ?? undefined, seat: q.get('seat') ?? undefined },
            navigate,
            analysisSource,
        );
    } else if (r.screen === 'learn' || r.screen === 'lesson' || r.screen === 'practice') {
        cleanup = renderLearn(main, r, location.search, navigate);
    } else if (r.screen === 'family') {
        cleanup = renderFamily(main, navigate);
    } else if (r.screen === 'grownups') {
        cleanup = renderGrownups(main, navigate);
    } else if (r.screen === 'rules') {
        renderRules(main, r.variant, navigate);
    } else if (r.screen === 'missing' && location.pathname.startsWith('/g/')) {
        renderNoSuchGame(main, navigate);
    } else {
        renderHome(main, navigate);
    }
}

function drawHeader(): void {
    const header = document.getElementById('header')!;
    const select = el('select', { id: 'language', 'aria-label': t('language') });
    for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
        select.append(el('option', { value: code, selected: code === language(), lang: code }, name));
    }
    select.addEventListener('change', () => {
        if (isLanguage(select.value)) {
            setLanguage(select.value);
            show();
        }
    });
    const home = el('a', { href: '/', class: 'brand' }, t('app_title'));
    home.addEventListener('click', (e) => {
        e.preventDefault();
        navigate('/');
    });
    const learn = el('a', { href: '/learn', class: 'nav-learn', id: 'nav-learn' }, t('learn_entry_nav'));
    learn.addEventListener('click', (e) => {
        e.preventDefault();
        navigate('/learn');
    });
    header.replaceChildren(
        home,
        el('span', { class: 'tagline' }, t('tagline')),
        learn,
        el('label', { class: 'lang' }, select),
    );
}

window.addEventListener('popstate', show);
setLanguage(language());
applyBoardColours();
show();
