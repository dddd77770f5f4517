// The Learn screens: the course map (`/learn`), a lesson (`/learn/{lesson}[/{level}]`) and a round
// of practice (`/learn/practice/{topic}`). The modules, one job each: map.ts, lesson.ts (which
// part shows), steps.ts (the learn part), level.ts (one level and its verdicts, for lessons and
// practice), practice.ts (a round of practice), feedback.ts (what the lesson says back, and the
// pace of moves played by themselves), hint.ts, stage.ts (the lesson's board), voice.ts (speaker
// buttons and the voice switches), stars.ts (the stars and practice kept). The contract is
// learn_contract.ts, its calls learn_api.ts; speaking is speech.ts.

import { practicePlace } from '../../router';
import { prepareVoices, stopSpeaking } from '../../speech';
import { renderLesson } from './lesson';
import { renderMap } from './map';
import { renderPractice } from './practice';

export type LearnRoute =
    { screen: 'learn' } | { screen: 'lesson'; lesson: string; level?: string } | { screen: 'practice'; topic: string };

// `search`: the address's query (a round of practice's seed and place).
export function renderLearn(
    root: HTMLElement,
    r: LearnRoute,
    search: string,
    navigate: (p: string) => void,
): () => void {
    prepareVoices();
    const close =
        r.screen === 'learn'
            ? renderMap(root, navigate)
            : r.screen === 'practice'
              ? renderPractice(root, r.topic, practicePlace(search), navigate)
              : renderLesson(root, r.lesson, r.level, navigate);
    window.scrollTo(0, 0);
    return () => {
        close();
        stopSpeaking();
    };
}
