// Reading texts aloud (the Learn screens): with the browser's own voice for the language where it
// has one (speechSynthesis), else the server's recording (GET /api/speech, learn.md). One text at
// a time: speaking again, or stopSpeaking(), ends the one before. Two switches, remembered in
// localStorage: the voice on or off (off: nothing is read, not even on request) and reading each
// new text by itself. SpeechEvents.onWord names the word being said, for highlighting: from the
// browser's word boundaries, or from the server's word timings (GET /api/speech/words) against
// the recording's clock.

import type { Language } from './i18n';
import { checkWith, fail, int, list, record } from './schema';

export interface SpeechEvents {
    onWord?(start: number, end: number): void; // the word being spoken: text.slice(start, end)
    onEnd?(): void;
}

export type SpeechWay = 'voice' | 'audio' | 'off';

const VOICE_KEY = 'citadel.speech.voice'; // '0': off

// Where new texts may be read by itself: Learn (on unless switched off) and a game's
// announcements (off unless switched on: a grown-up's game stays quiet). In Learn, a family's
// child learning keeps its own choice (keepLearnReadingWith); else this browser's is used.
export type ReadingPlace = 'learn' | 'game';
const AUTO: Record<ReadingPlace, { key: string; byDefault: boolean }> = {
    learn: { key: 'citadel.speech.auto', byDefault: true },
    game: { key: 'citadel.speech.auto.game', byDefault: false },
};

// The voice tag each language is spoken with: 简体中文 in Mandarin (zh-CN), Tiếng Việt (vi-VN).
export const VOICE_TAGS: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', vi: 'vi-VN' };

const norm = (tag: string) => tag.replace(/_/g, '-').toLowerCase();

// Whether a voice of `tag` speaks `lang` as the page writes it (zh: Mandarin, not Cantonese).
function speaks(tag: string, lang: Language): boolean {
    const t = norm(tag);
    if (lang === 'zh') return /^(zh|cmn)(-|$)/.test(t) && !/^(zh-(hk|mo)|yue)(-|$)|-yue(-|$)/.test(t);
    return t === lang || t.startsWith(`${lang}-`);
}

// The browser voice to speak `lang` with: the exact tag first (zh-CN), then any of the language.
export function pickVoice(voices: readonly SpeechSynthesisVoice[], lang: Language): SpeechSynthesisVoice | undefined {
    const exact = norm(VOICE_TAGS[lang]);
    return voices.find((v) => norm(v.lang) === exact) ?? voices.find((v) => speaks(v.lang, lang));
}

export function speechUrl(lang: Language, text: string): string {
    return `/api/speech?lang=${lang}&text=${encodeURIComponent(text)}`;
}
export function speechWordsUrl(lang: Language, text: string): string {
    return `/api/speech/words?lang=${lang}&text=${encodeURIComponent(text)}`;
}

// When each word of a recording is said (server.md): offsets into the text in UTF-16 units, as a
// JavaScript string counts them, in order.
export interface SpokenWord {
    start: number;
    length: number;
    at_ms: number;
}
export interface SpeechWords {
    duration_ms: number;
    words: SpokenWord[];
}

const count: typeof int = (v, w) => {
    int(v, w);
    if ((v as number) < 0) fail(w, 'negative');
};
const WORDS = record({ duration_ms: count, words: list(record({ start: count, length: count, at_ms: count })) });

// The word timings of `text`, checked: each word inside the text, none before the one before it.
export function readSpeechWords(v: unknown, text: string, strict = false): SpeechWords {
    checkWith(WORDS, v, 'words', strict);
    const words = (v as SpeechWords).words;
    words.forEach((w, i) => {
        if (w.length === 0 || w.start + w.length > text.length) fail(`words.words[${i}]`, 'not inside the text');
        const before = words[i - 1];
        if (before && (w.start < before.start + before.length || w.at_ms < before.at_ms))
            fail(`words.words[${i}]`, 'not after the word before');
    });
    return v as SpeechWords;
}

// The word being said `ms` into the recording: the last one begun.
export function wordAt(words: readonly SpokenWord[], ms: number): SpokenWord | undefined {
    let found: SpokenWord | undefined;
    for (const w of words) {
        if (w.at_ms > ms) break;
        found = w;
    }
    return found;
}

function setting(key: string, byDefault = true): boolean {
    try {
        const v = localStorage.getItem(key);
        return v === null ? byDefault : v !== '0';
    } catch {
        return byDefault;
    }
}
function remember(key: string, on: boolean): void {
    try {
        localStorage.setItem(key, on ? '1' : '0');
    } catch {
        /* storage off: the choice lasts this page only */
    }
}

// Where Learn's choice is kept while someone has their own: `get` answers it (undefined: nobody
// has one now), `set` keeps it (false: nobody to keep it for).
export interface ReadingKeeper {
    get(): boolean | undefined;
    set(on: boolean): boolean;
}
let learnKeeper: ReadingKeeper | undefined;
export function keepLearnReadingWith(keeper: ReadingKeeper | undefined): void {
    learnKeeper = keeper;
}

export const voiceOn = (): boolean => setting(VOICE_KEY);
export const readsByItself = (place: ReadingPlace = 'learn'): boolean =>
    (place === 'learn' ? learnKeeper?.get() : undefined) ?? setting(AUTO[place].key, AUTO[place].byDefault);
export function setVoiceOn(on: boolean): void {
    remember(VOICE_KEY, on);
    if (!on) stopSpeaking();
}
export function setReadsByItself(on: boolean, place: ReadingPlace = 'learn'): void {
    if (place === 'learn' && learnKeeper?.set(on)) return;
    remember(AUTO[place].key, on);
}

let stopCurrent: (() => void) | undefined;

// Ends the text being spoken; its onEnd is called (once, as for a text read to its end).
export function stopSpeaking(): void {
    const stop = stopCurrent;
    stopCurrent = undefined;
    stop?.();
}

// `events.onEnd` wrapped to run once, however the text ends (read out, stopped, failed).
function once(events: SpeechEvents): () => void {
    let done = false;
    return () => {
        if (done) return;
        done = true;
        events.onEnd?.();
    };
}

// Asks the browser for its voices early: Chromium lists them only after a first question.
export function prepareVoices(): void {
    try {
        globalThis.speechSynthesis?.getVoices();
    } catch {
        /* no speech synthesis */
    }
}

// Speaks `text` in `lang` (the voice switch allowing) and says how.
export function speak(text: string, lang: Language, events: SpeechEvents = {}): SpeechWay {
    stopSpeaking();
    if (!voiceOn() || !text.trim()) return 'off';
    const end = once(events);
    const synth = typeof speechSynthesis === 'undefined' ? undefined : speechSynthesis;
    const voice = synth ? pickVoice(synth.getVoices(), lang) : undefined;
    if (synth && voice && typeof SpeechSynthesisUtterance !== 'undefined') {
        const u = new SpeechSynthesisUtterance(text);
        u.voice = voice;
        u.lang = voice.lang;
        u.rate = 0.9; // a little slower, for children
        u.onboundary = (e) => {
            if (e.name !== 'word') return;
            const rest = text.slice(e.charIndex);
            const length = e.charLength || (/^\S+/.exec(rest)?.[0].length ?? 0);
            events.onWord?.(e.charIndex, e.charIndex + length);
        };
        u.onend = end;
        synth.cancel(); // a text of another page part may still be queued
        synth.speak(u);
        stopCurrent = () => {
            synth.cancel();
            end();
        };
        return 'voice';
    }
    if (typeof Audio === 'undefined') return 'off';
    return playRecording(text, lang, events, end);
}

// The server's recording of `text`, its words followed on the recording's clock (each frame
// while it plays) where `events` wants them.
function playRecording(text: string, lang: Language, events: SpeechEvents, end: () => void): SpeechWay {
    const audio = new Audio(speechUrl(lang, text));
    let words: SpokenWord[] = [];
    let said: SpokenWord | undefined;
    let frame: number | undefined;
    const follow = () => {
        frame = undefined;
        const w = wordAt(words, audio.currentTime * 1000);
        if (w && w !== said) {
            said = w;
            events.onWord?.(w.start, w.start + w.length);
        }
        if (!audio.paused && !audio.ended) frame = requestAnimationFrame(follow);
    };
    const finish = () => {
        if (frame !== undefined) cancelAnimationFrame(frame);
        frame = undefined;
        end();
    };
    if (events.onWord && typeof fetch === 'function' && typeof requestAnimationFrame === 'function') {
        fetch(speechWordsUrl(lang, text))
            .then((r) => (r.ok ? r.json() : undefined))
            .then((j: unknown) => {
                if (j !== undefined) words = readSpeechWords(j, text).words;
            })
            .catch(() => undefined); // no timings: the recording plays without highlighting
        audio.onplaying = () => {
            if (frame === undefined) frame = requestAnimationFrame(follow);
        };
    }
    audio.onended = finish;
    audio.play().catch(finish); // no recording (speech off on the server) or no sound device: done
    stopCurrent = () => {
        audio.pause();
        finish();
    };
    return 'audio';
}
