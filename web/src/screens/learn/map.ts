// The course map (`/learn`): the lessons in teaching order as big cards (a piece for a picture,
// the title and summary with a speaker button, the stars earned of those possible), the
// suggested lesson (the first not done) flagged "Start here" or "Up next"; under a lesson with a
// practice topic, a "More practice" button and the practice levels solved of that topic. Nothing
// is locked: any card opens its lesson. While a child of the family is learning, the bar shows
// the child and the stars are the child's (learner.ts brings them from the server first).

import { button, el } from '../../dom';
import { language, t } from '../../i18n';
import type { CourseLesson } from '../../learn_contract';
import { learnApi } from '../../learn_api';
import type { Kind } from '../../notation';
import { pieceSvg } from '../../pieces';
import { learnPath, practicePath } from '../../router';
import { voiceOn } from '../../speech';
import { practiceIcon, starsRow } from './feedback';
import { linkButton } from './lesson';
import { learnerBadge, refreshLearner, starsOffer } from './learner';
import { failureText } from './level';
import { type StarMap, lessonDone, lessonStars, loadStarFile, suggestedLesson } from './stars';
import { speakerButton } from '../../voice';

// A piece to picture a lesson by its first topic.
export function lessonPiece(topics: readonly string[]): Kind {
    const topic = topics[0] ?? '';
    if (/castling/.test(topic)) return 'R';
    if (/promotion|en_passant|pawn/.test(topic)) return 'P';
    if (/mate|escape_square/.test(topic)) return 'Q';
    if (/stalemate|repetition|fifty|insufficient|draw/.test(topic)) return 'N';
    return 'K';
}

function card(
    lesson: CourseLesson,
    n: number,
    stars: StarMap,
    marker: string | undefined,
    practiced: Record<string, number>,
    navigate: (p: string) => void,
) {
    const { earned, possible } = lessonStars(lesson.levels, stars);
    const done = lessonDone(lesson.levels, stars) && lesson.levels.length > 0;
    const icon = el('span', { class: 'lesson-icon' });
    icon.innerHTML = pieceSvg({ army: n % 2 ? 'white' : 'black', kind: lessonPiece(lesson.topics) }, 64);
    const a = el(
        'a',
        {
            href: learnPath(lesson.id),
            class: `lesson-card${marker ? ' suggested' : ''}${done ? ' done' : ''}`,
            'data-lesson': lesson.id,
            'data-earned': String(earned),
        },
        icon,
        el(
            'span',
            { class: 'lesson-words' },
            el('span', { class: 'lesson-number' }, t('learn_lesson_number', { n })),
            el('strong', { class: 'lesson-name' }, lesson.title),
            el('span', { class: 'lesson-summary' }, lesson.summary),
            el(
                'span',
                { class: 'lesson-stars' },
                starsRow(earned > 0 ? 1 : 0, 1, t('learn_stars_count', { earned, possible })),
                el('span', { class: 'lesson-star-count' }, t('learn_stars_count', { earned, possible })),
            ),
        ),
        marker ? el('span', { class: 'lesson-marker' }, marker) : null,
        done ? el('span', { class: 'lesson-done' }, t('learn_lesson_done')) : null,
    );
    a.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(learnPath(lesson.id));
    });
    // beside the link, not in it (a button may not sit inside a link)
    const box = el('div', { class: 'lesson-box' }, a, speakerButton(`${lesson.title}. ${lesson.summary}`));
    return el('li', {}, box, lesson.practice ? practiceRow(lesson, lesson.practice, practiced, navigate) : null);
}

// Under a card: "More practice" and how many practice levels of its topic were solved.
function practiceRow(
    lesson: CourseLesson,
    topic: string,
    practiced: Record<string, number>,
    navigate: (p: string) => void,
): HTMLElement {
    const go = linkButton(
        t('learn_more_practice'),
        practicePath(topic, { from: lesson.id }),
        navigate,
        `practice-${lesson.id}`,
    );
    go.classList.add('practice-link');
    go.prepend(practiceIcon());
    const solved = practiced[topic] ?? 0;
    return el(
        'div',
        { class: 'lesson-practice', 'data-topic': topic, 'data-solved': String(solved) },
        go,
        solved > 0 ? el('span', { class: 'practice-count' }, t('learn_practice_solved', { n: solved })) : null,
    );
}

export function renderMap(root: HTMLElement, navigate: (p: string) => void): () => void {
    let alive = true;
    const list = el('ol', { class: 'lesson-list', id: 'lesson-list' });
    const heading = el('h1', {}, t('learn_map_title'));
    const bar = el('div', { class: 'learn-bar map-bar' });
    const notice = el('p', { class: 'learn-notice', id: 'learner-notice', role: 'status', hidden: true });
    const offer = el('div', { class: 'offer-place' });
    const drawBar = () => bar.replaceChildren(heading, learnerBadge(navigate, true) ?? '');
    drawBar();
    const page = el(
        'div',
        { class: `learn-page learn-map${voiceOn() ? '' : ' voice-off'}`, id: 'learn-map' },
        bar,
        notice,
        el('p', { class: 'learn-intro' }, t('learn_map_intro')),
        offer,
        list,
    );
    root.replaceChildren(page);
    document.title = `${t('learn_map_title')} · ${t('app_title')}`;
    const load = () => {
        list.replaceChildren(el('li', { class: 'learn-loading' }, t('learn_loading')));
        // the course, and the child's progress from the server (kept here when it cannot be reached)
        Promise.all([learnApi.course(language()), refreshLearner()])
            .then(([course, refreshed]) => {
                if (!alive) return;
                drawBar();
                notice.hidden = refreshed !== 'child-gone' && refreshed !== 'family-gone';
                if (!notice.hidden)
                    notice.textContent = t(refreshed === 'family-gone' ? 'family_gone' : 'family_child_removed');
                offer.replaceChildren(starsOffer(load) ?? '');
                const { levels: stars, practice } = loadStarFile();
                const suggested = suggestedLesson(course.lessons, stars);
                const started = Object.keys(stars).length > 0;
                list.replaceChildren(
                    ...course.lessons.map((l, i) =>
                        card(
                            l,
                            i + 1,
                            stars,
                            l.id === suggested ? t(started ? 'learn_up_next' : 'learn_start_here') : undefined,
                            practice,
                            navigate,
                        ),
                    ),
                );
            })
            .catch((e: unknown) => {
                if (!alive) return;
                list.replaceChildren(
                    el(
                        'li',
                        { class: 'learn-error', role: 'alert' },
                        el('p', {}, failureText(e)),
                        button(t('learn_try_again'), load, { class: 'primary' }),
                    ),
                );
            });
    };
    load();
    return () => {
        alive = false;
    };
}
