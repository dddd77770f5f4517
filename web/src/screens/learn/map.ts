// The course map (`/learn`): the lessons in teaching order as big cards (a piece for a picture,
// the title and summary with a speaker button, the stars earned of those possible), the
// suggested lesson (the first not done) flagged "Start here" or "Up next". Nothing is locked: any
// card opens its lesson.

import { button, el } from '../../dom';
import { language, t } from '../../i18n';
import type { CourseLesson } from '../../learn_contract';
import { learnApi } from '../../learn_api';
import type { Kind } from '../../notation';
import { pieceSvg } from '../../pieces';
import { learnPath } from '../../router';
import { voiceOn } from '../../speech';
import { starsRow } from './feedback';
import { failureText } from './level';
import { type StarMap, lessonDone, lessonStars, loadStars, suggestedLesson } from './stars';
import { speakerButton } from './voice';

// A piece to picture a lesson by its first topic.
export function lessonPiece(topics: readonly string[]): Kind {
    const topic = topics[0] ?? '';
    if (/castling/.test(topic)) return 'R';
    if (/promotion|en_passant|pawn/.test(topic)) return 'P';
    if (/mate|escape_square/.test(topic)) return 'Q';
    if (/stalemate|repetition|fifty|insufficient|draw/.test(topic)) return 'N';
    return 'K';
}

function card(lesson: CourseLesson, n: number, stars: StarMap, marker: string | undefined, go: () => void) {
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
        go();
    });
    // beside the link, not in it (a button may not sit inside a link)
    return el('li', {}, a, speakerButton(`${lesson.title}. ${lesson.summary}`));
}

export function renderMap(root: HTMLElement, navigate: (p: string) => void): () => void {
    let alive = true;
    const list = el('ol', { class: 'lesson-list', id: 'lesson-list' });
    const page = el(
        'div',
        { class: `learn-page learn-map${voiceOn() ? '' : ' voice-off'}`, id: 'learn-map' },
        el('h1', {}, t('learn_map_title')),
        el('p', { class: 'learn-intro' }, t('learn_map_intro')),
        list,
    );
    root.replaceChildren(page);
    document.title = `${t('learn_map_title')} · ${t('app_title')}`;
    const load = () => {
        list.replaceChildren(el('li', { class: 'learn-loading' }, t('learn_loading')));
        learnApi
            .course(language())
            .then((course) => {
                if (!alive) return;
                const stars = loadStars();
                const suggested = suggestedLesson(course.lessons, stars);
                const started = Object.keys(stars).length > 0;
                list.replaceChildren(
                    ...course.lessons.map((l, i) =>
                        card(
                            l,
                            i + 1,
                            stars,
                            l.id === suggested ? t(started ? 'learn_up_next' : 'learn_start_here') : undefined,
                            () => navigate(learnPath(l.id)),
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
