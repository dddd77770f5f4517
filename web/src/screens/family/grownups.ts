// The grown-ups' view (`/family/grown-ups`), for parents and teachers: for each child the stars
// of each lesson (earned of possible, the course map's levels), the practice levels solved per
// topic, the rules they get wrong most often (an illegal move's reason or a missed goal, each in a
// short phrase for the grown-up) each with the lesson to revisit, and when they last played; then
// each lesson's teaching tip, in the interface's language.

import { el } from '../../dom';
import { familyApi } from '../../family/api';
import type { Child, Mistake } from '../../family/contract';
import { loadFamily } from '../../family/memory';
import { dateTimeText, hasKey, language, t } from '../../i18n';
import type { Course } from '../../learn_contract';
import { learnApi } from '../../learn_api';
import { FAMILY_PATH, learnPath } from '../../router';
import { backLink, linkButton } from '../learn/lesson';
import { failureText } from '../learn/level';
import { topicName } from '../learn/practice';
import { lessonStars } from '../learn/stars';
import { avatarPicture } from './avatars';

// How many of a child's most frequent mistakes are shown.
const MISTAKES_SHOWN = 5;

// A mistake in words: the rules' reason for an illegal move, or the goal a move missed. A reason
// is said as the child's habit ("moving pinned pieces", family_reason_*); one without such a phrase
// in the child's own sentence (reason_*), so a new reason never shows a raw key.
export function mistakeText(m: Mistake): string {
    if ('reason' in m) {
        const phrase = `family_reason_${m.reason}`;
        if (hasKey(phrase)) return t(phrase);
        const sentence = `reason_${m.reason}`;
        return hasKey(sentence) ? t(sentence) : t('reason_other');
    }
    const key = `family_goal_${m.goal}`;
    return hasKey(key) ? t(key) : t('family_goal_other');
}

function lastPlayed(ms: number): string {
    if (ms <= 0) return t('family_never_played');
    return t('family_last_activity', { when: dateTimeText(ms) });
}

export function renderGrownups(root: HTMLElement, navigate: (p: string) => void): () => void {
    let alive = true;
    const back = backLink(t('family_back'), FAMILY_PATH, navigate, 'family-back');
    const main = el('div', { class: 'grownups-main' }, el('p', { class: 'learn-loading' }, t('learn_loading')));
    const tips = el('section', { class: 'grownups-tips', id: 'grownups-tips' });
    root.replaceChildren(
        el(
            'div',
            { class: 'learn-page grownups-page', id: 'grownups' },
            el('div', { class: 'learn-bar' }, back, el('h1', { class: 'lesson-title' }, t('family_grownups_title'))),
            el('p', { class: 'family-intro' }, t('family_grownups_intro')),
            main,
            tips,
        ),
    );
    document.title = `${t('family_grownups_title')} · ${t('app_title')}`;

    const load = () => {
        const memory = loadFamily();
        if (!memory) {
            main.replaceChildren(
                el('p', {}, t('family_no_family')),
                linkButton(t('family_title'), FAMILY_PATH, navigate, 'grownups-family'),
            );
            return;
        }
        main.replaceChildren(el('p', { class: 'learn-loading' }, t('learn_loading')));
        Promise.all([familyApi.get(memory.key), learnApi.course(language())])
            .then(([family, course]) => {
                if (!alive) return;
                main.replaceChildren(...family.children.map((c) => childReport(c, course)));
                drawTips(course);
            })
            .catch((e: unknown) => {
                if (alive) main.replaceChildren(el('p', { class: 'learn-error', role: 'alert' }, failureText(e)));
            });
    };

    function childReport(child: Child, course: Course): HTMLElement {
        const p = child.progress;
        const titles = new Map(course.lessons.map((l) => [l.id, l.title]));
        const lessons = el(
            'ul',
            { class: 'report-lessons' },
            ...course.lessons.map((l) => {
                const { earned, possible } = lessonStars(l.levels, p.levels);
                const label = t('learn_stars_count', { earned, possible });
                return el(
                    'li',
                    { 'data-lesson': l.id, 'data-earned': String(earned), 'data-possible': String(possible) },
                    el('span', { class: 'report-lesson' }, l.title),
                    el('meter', { min: '0', max: String(possible || 1), value: String(earned), 'aria-label': label }),
                    el('span', { class: 'report-count' }, label),
                );
            }),
        );
        const topics = Object.entries(p.practice).filter(([, n]) => n > 0);
        const practice = topics.length
            ? el(
                  'ul',
                  { class: 'report-practice' },
                  ...topics.map(([topic, n]) =>
                      el(
                          'li',
                          { 'data-topic': topic, 'data-solved': String(n) },
                          el('span', {}, topicName(topic)),
                          el('span', { class: 'report-count' }, t('learn_practice_solved', { n })),
                      ),
                  ),
              )
            : el('p', { class: 'report-none' }, t('family_practice_none'));
        const mistakes = p.mistakes.length
            ? el(
                  'ol',
                  { class: 'report-mistakes' },
                  ...p.mistakes.slice(0, MISTAKES_SHOWN).map((m) => {
                      const title = titles.get(m.lesson);
                      return el(
                          'li',
                          {
                              class: 'mistake',
                              'data-reason': 'reason' in m ? m.reason : undefined,
                              'data-goal': 'goal' in m ? m.goal : undefined,
                              'data-lesson': m.lesson,
                          },
                          el('span', { class: 'mistake-text' }, mistakeText(m)),
                          el('span', { class: 'report-count' }, t('family_mistake_count', { n: m.count })),
                          title
                              ? linkButton(
                                    t('family_revisit', { lesson: title }),
                                    learnPath(m.lesson),
                                    navigate,
                                    `revisit-${child.id}-${m.lesson}`,
                                )
                              : null,
                      );
                  }),
              )
            : el('p', { class: 'report-none' }, t('family_mistakes_none'));
        return el(
            'section',
            { class: 'child-report', 'data-child': child.id },
            el(
                'div',
                { class: 'report-head' },
                avatarPicture(child.avatar, 56),
                el('h2', {}, child.name),
                el('p', { class: 'report-last', 'data-last-ms': String(p.last_ms) }, lastPlayed(p.last_ms)),
            ),
            el('h3', {}, t('family_lessons')),
            lessons,
            el('h3', {}, t('learn_more_practice')),
            practice,
            el('h3', {}, t('family_mistakes')),
            mistakes,
        );
    }

    // Each lesson's tip for the grown-up (GET /api/learn/lessons/{id} gives it).
    function drawTips(course: Course): void {
        Promise.all(course.lessons.map((l) => learnApi.lesson(l.id, language())))
            .then((lessons) => {
                if (!alive) return;
                tips.replaceChildren(
                    el('h2', {}, t('family_tips_title')),
                    ...lessons.map((l) =>
                        el(
                            'div',
                            { class: 'tip', 'data-lesson': l.id },
                            el('h3', {}, l.title),
                            el('p', { class: 'tip-text' }, l.tip),
                        ),
                    ),
                );
            })
            .catch(() => {
                /* the tips are also in each lesson's "For grown-ups" */
            });
    }

    load();
    return () => {
        alive = false;
    };
}
