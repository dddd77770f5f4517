// A lesson (`/learn/{lesson}`, and `/learn/{lesson}/{level}` for one of its levels, so that a
// reload keeps the place): the bar (all lessons, the title, "For grown-ups", the voice), the
// progress dots, and the part shown: the learn steps, a level, or the lesson-complete screen (with
// "More practice" where the lesson has a practice topic).
// Which part comes next is decided here; the parts themselves are steps.ts and level.ts.

import { ApiError } from '../../api';
import { button, el } from '../../dom';
import { language, t } from '../../i18n';
import type { Lesson } from '../../learn_contract';
import { learnApi } from '../../learn_api';
import { learnPath, practicePath } from '../../router';
import { stopSpeaking, voiceOn } from '../../speech';
import { practiceIcon, starsRow } from './feedback';
import { learnerBadge } from './learner';
import { LevelView, failureText } from './level';
import { lessonStars, loadStars } from './stars';
import { StepView } from './steps';
import { spokenText, voiceSwitches } from '../../voice';

// A link drawn as a button that goes to `path` in the app.
export function linkButton(label: string, path: string, navigate: (p: string) => void, id: string): HTMLAnchorElement {
    const a = el('a', { href: path, class: 'button', id }, label);
    a.addEventListener('click', (e) => {
        e.preventDefault();
        navigate(path);
    });
    return a;
}

// The way back at the start of a Learn bar: an arrow, with its words where there is room (a phone
// shows the arrow; the words stay its name).
export function backLink(label: string, path: string, navigate: (p: string) => void, id: string): HTMLAnchorElement {
    const back = linkButton('', path, navigate, id);
    back.classList.add('back-link');
    back.setAttribute('aria-label', label);
    back.append(el('span', { 'aria-hidden': 'true' }, '‹'), el('span', { class: 'label' }, label));
    return back;
}

export function renderLesson(
    root: HTMLElement,
    lessonId: string,
    levelId: string | undefined,
    navigate: (p: string) => void,
): () => void {
    let part: { close(): void } | undefined;
    let alive = true;
    const title = el('h1', { class: 'lesson-title', id: 'lesson-title' }, t('learn_loading'));
    const tipButton = button(t('learn_grownups'), () => undefined, { id: 'grownups', class: 'grownups-button' });
    tipButton.disabled = true;
    const tipDialog = el('dialog', { class: 'tip-dialog', id: 'tip-dialog', 'aria-labelledby': 'tip-title' });
    const progress = el('ol', { class: 'learn-progress', id: 'learn-progress', 'aria-label': t('learn_progress') });
    const main = el('div', { class: 'learn-main' }, el('p', { class: 'learn-loading' }, t('learn_loading')));
    const back = backLink(t('learn_all_lessons'), learnPath(), navigate, 'all-lessons');
    const page = el(
        'div',
        { class: 'learn-page', id: 'lesson', 'data-lesson': lessonId },
        el('div', { class: 'learn-bar' }, back, title, learnerBadge(navigate), tipButton),
        el(
            'div',
            { class: 'learn-subbar' },
            progress,
            voiceSwitches(() => drawVoice()),
        ),
        main,
        tipDialog,
    );
    tipDialog.addEventListener('click', (e) => {
        if (e.target === tipDialog) tipDialog.close(); // a tap beside the dialog
    });
    const drawVoice = () => page.classList.toggle('voice-off', !voiceOn());
    drawVoice();
    root.replaceChildren(page);

    const load = () => {
        main.replaceChildren(el('p', { class: 'learn-loading' }, t('learn_loading')));
        learnApi
            .lesson(lessonId, language())
            .then((lesson) => alive && open(lesson))
            .catch((e: unknown) => {
                if (!alive) return;
                const missing = e instanceof ApiError && e.status === 404;
                main.replaceChildren(
                    el(
                        'div',
                        { class: 'learn-error', role: 'alert' },
                        el('p', {}, missing ? t('learn_missing') : failureText(e)),
                        missing
                            ? linkButton(t('learn_all_lessons'), learnPath(), navigate, 'missing-map')
                            : button(t('learn_try_again'), load, { class: 'primary' }),
                    ),
                );
            });
    };
    load();

    function open(lesson: Lesson): void {
        title.textContent = lesson.title;
        document.title = `${lesson.title} · ${t('app_title')}`;
        tipButton.disabled = false;
        tipButton.onclick = () => openTip(lesson);
        if (!levelId) {
            if (lesson.learn.length) showStep(lesson, 0);
            else if (lesson.levels.length) goLevel(lesson, 0);
            else showComplete(lesson);
            return;
        }
        const i = lesson.levels.findIndex((l) => l.id === levelId);
        if (i < 0) {
            main.replaceChildren(el('p', { class: 'learn-error', role: 'alert' }, t('learn_missing')));
            drawProgress(lesson, 'none');
        } else showLevel(lesson, i);
    }

    function swap(next: { element: HTMLElement; close(): void }): void {
        part?.close();
        part = next;
        main.replaceChildren(next.element);
    }

    function showStep(lesson: Lesson, i: number): void {
        const total = lesson.learn.length;
        const view = new StepView(
            lesson.learn[i]!,
            { n: i + 1, total, last: i === total - 1 },
            {
                back: i > 0 ? () => showStep(lesson, i - 1) : undefined,
                next: () => (i + 1 < total ? showStep(lesson, i + 1) : goLevel(lesson, 0)),
            },
        );
        swap(view);
        drawProgress(lesson, 'learn');
        if (i > 0) view.element.querySelector<HTMLButtonElement>('#step-next')?.focus({ preventScroll: true });
    }

    function goLevel(lesson: Lesson, i: number): void {
        const level = lesson.levels[i];
        if (level) navigate(learnPath(lesson.id, level.id));
        else showComplete(lesson);
    }

    function showLevel(lesson: Lesson, i: number): void {
        const view = new LevelView(
            lesson.levels[i]!,
            { n: i + 1, total: lesson.levels.length },
            {
                solved: () => drawProgress(lesson, i),
                next: () => (i + 1 < lesson.levels.length ? goLevel(lesson, i + 1) : showComplete(lesson)),
                last: i + 1 === lesson.levels.length,
            },
        );
        swap(view);
        drawProgress(lesson, i);
    }

    // The learn part's dot, then one dot per level (filled once it has a star), the shown one marked.
    function drawProgress(lesson: Lesson, current: number | 'learn' | 'done' | 'none'): void {
        const stars = loadStars();
        const dot = (label: string, text: string, path: string, state: string, here: boolean) => {
            const b = button(text, () => navigate(path), {
                class: `dot ${state}`,
                'aria-label': label,
                title: label,
                'aria-current': here ? 'step' : undefined,
            });
            return el('li', {}, b);
        };
        progress.replaceChildren(
            dot(t('learn_step_dot'), t('learn_step_dot'), learnPath(lesson.id), 'learn-dot', current === 'learn'),
            ...lesson.levels.map((l, i) =>
                dot(
                    t('learn_puzzle_dot', { n: i + 1 }),
                    String(i + 1),
                    learnPath(lesson.id, l.id),
                    (stars[l.id] ?? 0) > 0 ? 'has-stars' : 'no-stars',
                    current === i,
                ),
            ),
        );
    }

    function showComplete(lesson: Lesson): void {
        const { earned, possible } = lessonStars(
            lesson.levels.map((l) => l.id),
            loadStars(),
        );
        const buttons = el('div', { class: 'learn-actions' });
        const element = el(
            'div',
            { class: 'learn-complete celebrate', id: 'lesson-complete' },
            starsRow(earned, possible, t('learn_stars_count', { earned, possible })),
            el('h2', {}, t('learn_lesson_complete')),
            el('p', {}, t('learn_lesson_complete_text', { earned, possible })),
            buttons,
        );
        swap({ element, close: () => stopSpeaking() });
        drawProgress(lesson, 'done');
        const again = button(t('learn_play_again'), () => navigate(learnPath(lesson.id)), { id: 'lesson-again' });
        const map = linkButton(t('learn_all_lessons'), learnPath(), navigate, 'complete-map');
        buttons.replaceChildren(map, again);
        if (lesson.practice) {
            const more = linkButton(
                t('learn_more_practice'),
                practicePath(lesson.practice, { from: lesson.id }),
                navigate,
                'lesson-practice',
            );
            more.classList.add('big', 'practice-button');
            more.prepend(practiceIcon());
            buttons.prepend(more);
        }
        learnApi
            .course(language())
            .then((course) => {
                const i = course.lessons.findIndex((l) => l.id === lesson.id);
                const next = course.lessons[i + 1];
                if (!alive) return;
                if (next) {
                    const b = button(t('learn_next_lesson'), () => navigate(learnPath(next.id)), {
                        id: 'next-lesson',
                        class: 'primary big',
                    });
                    buttons.prepend(b);
                    b.focus();
                } else element.append(el('p', { class: 'course-done' }, t('learn_course_complete')));
            })
            .catch(() => {
                /* the map is one tap away */
            });
    }

    // "For grown-ups": the lesson's tip in a dialog.
    function openTip(lesson: Lesson): void {
        const close = button(t('learn_close'), () => tipDialog.close(), { id: 'tip-close', class: 'primary' });
        tipDialog.replaceChildren(
            el(
                'div',
                { class: 'tip-body' },
                el('h2', { id: 'tip-title' }, t('learn_grownups')),
                spokenText('p', lesson.tip, { id: 'tip-text' }),
                close,
            ),
        );
        tipDialog.showModal();
        close.focus();
    }

    return () => {
        alive = false;
        part?.close();
        stopSpeaking();
        if (tipDialog.open) tipDialog.close();
    };
}
