// More practice (`/learn/practice/{topic}?seed=N&n=K&from=<lesson>`): a round of fresh levels of
// a topic from the server (GET /api/learn/practice, ROUND levels for the seed), played with the
// lessons' own level screen (level.ts): the goal, the board, verdicts and replays, hints, "Start
// again", the stars. The seed is in the address, so a reload brings back the same levels, and `n`
// the one shown; "More practice" draws a new seed. The bar goes back to the map, the dots show
// the round (golden once solved), and after the last level a "well done" says how many were
// solved. Each practice level solved counts once for its topic (stars.ts), shown on the map.

import { ApiError } from '../../api';
import { button, el } from '../../dom';
import { hasKey, language, t } from '../../i18n';
import type { Level, Practice } from '../../learn_contract';
import { forChild } from '../../family/memory';
import { learnApi } from '../../learn_api';
import { type PracticePlace, learnPath, practicePath } from '../../router';
import { stopSpeaking, voiceOn } from '../../speech';
import { practiceIcon, starsRow } from './feedback';
import { backLink, linkButton } from './lesson';
import { learnerBadge } from './learner';
import { LevelView, failureText } from './level';
import { recordPractice, solvedOf } from './stars';
import { voiceSwitches } from '../../voice';

// How many levels a round has.
export const ROUND = 5;

// A new seed: a whole number below 2^53 (exact in a JS number and in the address), as text.
export function newSeed(random: () => number = Math.random): string {
    const high = Math.floor(random() * 2 ** 21);
    const low = Math.floor(random() * 2 ** 32);
    return String(high * 2 ** 32 + low);
}

// The topic's name for the child ("Checkmate"), or "More practice" for a topic the page does not
// know by name.
export function topicName(topic: string): string {
    const key = `learn_topic_${topic}`;
    return hasKey(key) ? t(key) : t('learn_more_practice');
}

export function renderPractice(
    root: HTMLElement,
    topic: string,
    asked: PracticePlace,
    navigate: (p: string) => void,
): () => void {
    let part: { close(): void } | undefined;
    let alive = true;
    // Without a seed (or with a malformed one) the round is a new one: its seed goes into the
    // address at once, so that a reload keeps it. A child's new round takes the seed the server
    // draws (one whose positions the child has never met), once the round is there.
    let seed = asked.seed ?? (forChild() ? undefined : newSeed());
    let stage = asked.seed === undefined ? undefined : asked.stage;
    const place = (n: number): string => practicePath(topic, { seed, stage, n, from: asked.from });
    if (asked.seed === undefined && seed !== undefined) history.replaceState(null, '', place(asked.n ?? 1));

    const name = topicName(topic);
    const title = el('h1', { class: 'lesson-title', id: 'practice-title' }, t('learn_practice_title', { topic: name }));
    document.title = `${title.textContent ?? ''} · ${t('app_title')}`;
    const progress = el('ol', { class: 'learn-progress', id: 'learn-progress', 'aria-label': t('learn_progress') });
    const main = el('div', { class: 'learn-main' }, el('p', { class: 'learn-loading' }, t('learn_loading')));
    const back = backLink(t('learn_all_lessons'), learnPath(), navigate, 'all-lessons');
    const page = el(
        'div',
        { class: 'learn-page practice-page', id: 'practice', 'data-topic': topic, 'data-seed': seed ?? '' },
        el('div', { class: 'learn-bar' }, back, title, learnerBadge(navigate)),
        el(
            'div',
            { class: 'learn-subbar' },
            progress,
            voiceSwitches(() => drawVoice()),
        ),
        main,
    );
    const drawVoice = () => page.classList.toggle('voice-off', !voiceOn());
    drawVoice();
    root.replaceChildren(page);

    const load = () => {
        main.replaceChildren(el('p', { class: 'learn-loading' }, t('learn_loading')));
        learnApi
            .practice(topic, ROUND, seed, language(), forChild(), stage)
            .then((round) => alive && open(round))
            .catch((e: unknown) => {
                if (!alive) return;
                // an unknown topic is the server's bad_request
                const missing = e instanceof ApiError && (e.status === 404 || e.body.code === 'bad_request');
                main.replaceChildren(
                    el(
                        'div',
                        { class: 'learn-error', role: 'alert' },
                        el('p', {}, missing ? t('learn_practice_missing') : failureText(e)),
                        missing
                            ? linkButton(t('learn_all_lessons'), learnPath(), navigate, 'missing-map')
                            : button(t('learn_try_again'), load, { class: 'primary' }),
                    ),
                );
            });
    };
    load();

    function open(round: Practice): void {
        const n = Math.min(asked.n ?? 1, round.levels.length);
        if (seed === undefined && round.seed !== undefined) {
            seed = round.seed;
            stage = round.stage;
            page.dataset['seed'] = seed;
            history.replaceState(null, '', place(n));
        }
        showLevel(round, n - 1);
    }

    function swap(next: { element: HTMLElement; close(): void }): void {
        part?.close();
        part = next;
        main.replaceChildren(next.element);
    }

    function showLevel(round: Practice, i: number): void {
        const level = round.levels[i]!;
        const last = i + 1 === round.levels.length;
        const view = new LevelView(
            level,
            { n: i + 1, total: round.levels.length },
            {
                solved: () => drawProgress(round, i),
                next: () => (last ? showDone(round) : navigate(place(i + 2))),
                last,
                keep: (stars) => {
                    recordPractice(topic, level.id);
                    return stars;
                },
            },
        );
        view.element.classList.add('practice-level');
        swap(view);
        drawProgress(round, i);
    }

    // One dot per level of the round, golden once solved, the shown one marked.
    function drawProgress(round: Practice, current: number | 'done'): void {
        const solved = solvedOf(round.levels.map((l: Level) => l.id));
        progress.replaceChildren(
            ...round.levels.map((l, i) => {
                const label = t('learn_puzzle_dot', { n: i + 1 });
                const b = button(String(i + 1), () => navigate(place(i + 1)), {
                    class: `dot ${solved.has(l.id) ? 'has-stars' : 'no-stars'}`,
                    'aria-label': label,
                    title: label,
                    'aria-current': current === i ? 'step' : undefined,
                });
                return el('li', {}, b);
            }),
        );
    }

    // The end of the round: how many were solved, and where to go now.
    function showDone(round: Practice): void {
        const total = round.levels.length;
        const solved = solvedOf(round.levels.map((l) => l.id)).size;
        const buttons = el('div', { class: 'learn-actions' });
        const element = el(
            'div',
            {
                class: 'learn-complete practice-complete celebrate',
                id: 'practice-complete',
                'data-solved': String(solved),
                'data-total': String(total),
            },
            starsRow(solved, total, t('learn_practice_done_text', { solved, total })),
            el('h2', {}, t('learn_practice_done')),
            el(
                'p',
                {},
                solved === total
                    ? t('learn_practice_done_all', { total })
                    : t('learn_practice_done_text', { solved, total }),
            ),
            buttons,
        );
        swap({ element, close: () => stopSpeaking() });
        drawProgress(round, 'done');
        const more = button(
            t('learn_more_practice'),
            () => navigate(practicePath(topic, { seed: forChild() ? undefined : newSeed(), from: asked.from })),
            { id: 'practice-more', class: 'primary big' },
        );
        more.prepend(practiceIcon());
        const map = linkButton(t('learn_all_lessons'), learnPath(), navigate, 'practice-map');
        buttons.replaceChildren(more, map);
        more.focus();
        // back to the lesson it goes on from: the one named, else the course's first of this topic
        const toLesson = (id: string) =>
            buttons.insertBefore(
                linkButton(t('learn_back_to_lesson'), learnPath(id), navigate, 'practice-lesson'),
                map,
            );
        if (asked.from) toLesson(asked.from);
        else
            learnApi
                .course(language())
                .then((course) => {
                    const lesson = course.lessons.find((l) => l.practice === topic);
                    if (alive && lesson && element.isConnected) toLesson(lesson.id);
                })
                .catch(() => {
                    /* the map is one tap away */
                });
    }

    return () => {
        alive = false;
        part?.close();
        stopSpeaking();
    };
}
