// Reading texts aloud (the Learn screens): with the browser's own voice for the language where it
// has one (speechSynthesis), else the server's recording (GET /api/speech, learn.md). One text at
// a time: speaking again, or stopSpeaking(), ends the one before. Two switches, remembered in
// localStorage: the voice on or off (off: nothing is read, not even on request) and reading each
// new text by itself. The seam for word highlighting is SpeechEvents.onWord: the browser's
// word boundaries call it now; the server's word timings will, once it sends them.

import type { Language } from './i18n';

export interface SpeechEvents {
    onWord?(start: number, end: number): void; // the word being spoken: text.slice(start, end)
    onEnd?(): void;
}

export type SpeechWay = 'voice' | 'audio' | 'off';

const VOICE_KEY = 'citadel.speech.voice'; // '0': off
const AUTO_KEY = 'citadel.speech.auto'; // '0': only on request

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

function setting(key: string): boolean {
    try {
        return localStorage.getItem(key) !== '0';
    } catch {
        return true;
    }
}
function remember(key: string, on: boolean): void {
    try {
        localStorage.setItem(key, on ? '1' : '0');
    } catch {
        /* storage off: the choice lasts this page only */
    }
}

export const voiceOn = (): boolean => setting(VOICE_KEY);
export const readsByItself = (): boolean => setting(AUTO_KEY);
export function setVoiceOn(on: boolean): void {
    remember(VOICE_KEY, on);
    if (!on) stopSpeaking();
}
export function setReadsByItself(on: boolean): void {
    remember(AUTO_KEY, on);
}

let stopCurrent: (() => void) | undefined;

export function stopSpeaking(): void {
    const stop = stopCurrent;
    stopCurrent = undefined;
    stop?.();
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
        u.onend = () => events.onEnd?.();
        synth.cancel(); // a text of another page part may still be queued
        synth.speak(u);
        stopCurrent = () => synth.cancel();
        return 'voice';
    }
    if (typeof Audio === 'undefined') return 'off';
    const audio = new Audio(speechUrl(lang, text));
    audio.onended = () => events.onEnd?.();
    audio.play().catch(() => {
        // no recording (the server may not have speech yet) or no sound device: silence, and done
        events.onEnd?.();
    });
    stopCurrent = () => audio.pause();
    return 'audio';
}

// Speaks `text` if the page reads new texts by itself.
export function speakNew(text: string, lang: Language): SpeechWay {
    return readsByItself() ? speak(text, lang) : 'off';
}
