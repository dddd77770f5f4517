// The Learn screens: the course map (`/learn`) and a lesson (`/learn/{lesson}[/{level}]`). The
// modules, one job each: map.ts, lesson.ts (which part shows), steps.ts (the learn part),
// level.ts (a practice level and its verdicts), feedback.ts (what the lesson says back, and the
// pace of moves played by themselves), hint.ts, stage.ts (the lesson's board), voice.ts (speaker
// buttons and the voice switches), stars.ts (the stars kept). The contract is
// learn_contract.ts, its calls learn_api.ts; speaking is speech.ts.

import { prepareVoices, stopSpeaking } from '../../speech';
import { renderLesson } from './lesson';
import { renderMap } from './map';

export type LearnRoute = { screen: 'learn' } | { screen: 'lesson'; lesson: string; level?: string };

export function renderLearn(root: HTMLElement, r: LearnRoute, navigate: (p: string) => void): () => void {
    prepareVoices();
    const close = r.screen === 'learn' ? renderMap(root, navigate) : renderLesson(root, r.lesson, r.level, navigate);
    window.scrollTo(0, 0);
    return () => {
        close();
        stopSpeaking();
    };
}
