// speech.ts: the browser's voice where it has one for the language (zh: Mandarin, zh-CN first; vi:
// vi-VN; en), else the server's recording; one text at a time; the voice and read-by-itself
// switches remembered; the word seam. speechSynthesis, its utterances, Audio and localStorage are
// stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
    keepLearnReadingWith,
    pickVoice,
    readsByItself,
    setReadsByItself,
    setVoiceOn,
    speak,
    readSpeechWords,
    speechUrl,
    speechWordsUrl,
    stopSpeaking,
    voiceOn,
    wordAt,
} from '../src/speech';

const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

class FakeUtterance {
    voice: SpeechSynthesisVoice | null = null;
    lang = '';
    rate = 1;
    onboundary: ((e: { name: string; charIndex: number; charLength?: number }) => void) | null = null;
    onend: (() => void) | null = null;
    constructor(readonly text: string) {}
}

class FakeAudio {
    static made: FakeAudio[] = [];
    static playable = false; // whether play() succeeds (else: no recording)
    played = false;
    paused = false;
    ended = false;
    currentTime = 0;
    onended: (() => void) | null = null;
    onplaying: (() => void) | null = null;
    constructor(readonly src: string) {
        FakeAudio.made.push(this);
    }
    play(): Promise<void> {
        this.played = true;
        if (!FakeAudio.playable) return Promise.reject(new Error('404: no recording yet'));
        queueMicrotask(() => this.onplaying?.());
        return Promise.resolve();
    }
    pause(): void {
        this.paused = true;
    }
}

let voices: SpeechSynthesisVoice[] = [];
const spoken: FakeUtterance[] = [];
let cancels = 0;

beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
    });
    voices = [];
    spoken.length = 0;
    cancels = 0;
    FakeAudio.made = [];
    FakeAudio.playable = false;
    vi.stubGlobal('speechSynthesis', {
        getVoices: () => voices,
        speak: (u: FakeUtterance) => void spoken.push(u),
        cancel: () => void cancels++,
    });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => {
    stopSpeaking();
    vi.unstubAllGlobals();
});

describe('which voice speaks a language', () => {
    it('prefers the exact tag, then any of the language', () => {
        const all = [voice('en-GB'), voice('zh-TW'), voice('zh-CN'), voice('vi-VN'), voice('en-US')];
        expect(pickVoice(all, 'zh')?.lang).toBe('zh-CN');
        expect(pickVoice(all, 'vi')?.lang).toBe('vi-VN');
        expect(pickVoice(all, 'en')?.lang).toBe('en-US');
        expect(pickVoice([voice('en-GB')], 'en')?.lang).toBe('en-GB');
        expect(pickVoice([voice('vi_VN')], 'vi')?.lang).toBe('vi_VN'); // Android writes an underscore
        expect(pickVoice([voice('cmn-Hans-CN')], 'zh')?.lang).toBe('cmn-Hans-CN');
    });
    it('never reads Chinese with a Cantonese voice, nor one language with another’s', () => {
        expect(pickVoice([voice('zh-HK'), voice('yue-HK')], 'zh')).toBeUndefined();
        expect(pickVoice([voice('en-US'), voice('fr-FR')], 'vi')).toBeUndefined();
        expect(pickVoice([voice('vi-VN')], 'en')).toBeUndefined();
        expect(pickVoice([], 'en')).toBeUndefined();
    });
});

describe('speaking', () => {
    it('uses the browser’s voice when it has one for the language', () => {
        voices = [voice('en-US'), voice('zh-CN')];
        expect(speak('将军！', 'zh')).toBe('voice');
        expect(spoken).toHaveLength(1);
        expect([spoken[0]!.text, spoken[0]!.lang, spoken[0]!.voice?.lang]).toEqual(['将军！', 'zh-CN', 'zh-CN']);
        expect(FakeAudio.made).toHaveLength(0);
    });
    it('else plays the server’s recording, and stays silent when there is none', async () => {
        voices = [voice('en-US')];
        let ended = false;
        expect(speak('Vua bị chiếu!', 'vi', { onEnd: () => (ended = true) })).toBe('audio');
        await Promise.resolve();
        await Promise.resolve();
        expect(ended).toBe(true); // the recording could not play: done at once
        expect(spoken).toHaveLength(0);
        expect(FakeAudio.made.map((a) => [a.src, a.played])).toEqual([[speechUrl('vi', 'Vua bị chiếu!'), true]]);
        expect(speechUrl('vi', 'Vua bị chiếu!')).toBe('/api/speech?lang=vi&text=Vua%20b%E1%BB%8B%20chi%E1%BA%BFu!');
    });
    it('also without speech synthesis at all', () => {
        vi.stubGlobal('speechSynthesis', undefined);
        expect(speak('Check!', 'en')).toBe('audio');
    });
    it('one text at a time: a new one, or stopping, ends the one before', () => {
        speak('one', 'en');
        speak('two', 'en');
        expect(FakeAudio.made.map((a) => a.paused)).toEqual([true, false]);
        stopSpeaking();
        expect(FakeAudio.made[1]!.paused).toBe(true);
        voices = [voice('en-US')];
        speak('three', 'en');
        const before = cancels;
        stopSpeaking();
        expect(cancels).toBe(before + 1);
    });
    it('says each word as it is spoken (the seam for highlighting) and when it ends', () => {
        voices = [voice('en-US')];
        const words: string[] = [];
        let ended = false;
        const text = 'Run, block, capture';
        speak(text, 'en', { onWord: (a, b) => words.push(text.slice(a, b)), onEnd: () => (ended = true) });
        const u = spoken[0]!;
        u.onboundary?.({ name: 'word', charIndex: 0, charLength: 3 });
        u.onboundary?.({ name: 'word', charIndex: 5 }); // no length given: up to the next space
        u.onboundary?.({ name: 'sentence', charIndex: 0 });
        u.onend?.();
        expect(words).toEqual(['Run', 'block,']);
        expect(ended).toBe(true);
    });
    it('the voice switch silences everything, and is remembered', () => {
        expect(voiceOn()).toBe(true);
        setVoiceOn(false);
        expect(voiceOn()).toBe(false);
        expect(localStorage.getItem('citadel.speech.voice')).toBe('0');
        expect(speak('Check!', 'en')).toBe('off');
        expect(FakeAudio.made).toHaveLength(0);
        setVoiceOn(true);
        expect(speak('Check!', 'en')).toBe('audio');
    });
    it('reads new texts by itself in Learn unless told not to, in games only when told to', () => {
        expect(readsByItself()).toBe(true);
        expect(readsByItself('learn')).toBe(true);
        expect(readsByItself('game')).toBe(false);
        setReadsByItself(false);
        expect(readsByItself()).toBe(false);
        expect(localStorage.getItem('citadel.speech.auto')).toBe('0');
        setReadsByItself(true, 'game');
        expect([readsByItself('game'), readsByItself('learn')]).toEqual([true, false]);
        expect(localStorage.getItem('citadel.speech.auto.game')).toBe('1');
    });
    it('in Learn, follows the choice of whoever keeps their own (a family’s child), else the browser’s', () => {
        let childs: boolean | undefined = false;
        const kept: boolean[] = [];
        keepLearnReadingWith({
            get: () => childs,
            set: (on) => {
                if (childs === undefined) return false;
                kept.push(on);
                childs = on;
                return true;
            },
        });
        try {
            expect(readsByItself('learn')).toBe(false); // the child's, though the browser's is on
            setReadsByItself(true);
            expect(kept).toEqual([true]);
            expect(localStorage.getItem('citadel.speech.auto')).toBeNull(); // not the browser's
            expect(readsByItself('game')).toBe(false); // games keep the browser's
            childs = undefined; // nobody chosen: the browser's
            setReadsByItself(false);
            expect(localStorage.getItem('citadel.speech.auto')).toBe('0');
            expect(readsByItself('learn')).toBe(false);
        } finally {
            keepLearnReadingWith(undefined);
        }
    });
    it('says nothing for an empty text', () => {
        expect(speak('  ', 'en')).toBe('off');
    });
});

describe('the server’s word timings', () => {
    const text = 'Vua bị chiếu!';
    const timings = {
        duration_ms: 1200,
        words: [
            { start: 0, length: 3, at_ms: 0 },
            { start: 4, length: 2, at_ms: 350 },
            { start: 7, length: 6, at_ms: 700 },
        ],
    };
    it('are read strictly: each word inside the text, in order', () => {
        expect(readSpeechWords(timings, text, true).words).toHaveLength(3);
        const past = structuredClone(timings);
        past.words[2]!.length = 7;
        expect(() => readSpeechWords(past, text)).toThrow('words.words[2]: not inside the text');
        const back = structuredClone(timings);
        back.words[1]!.at_ms = 900;
        expect(() => readSpeechWords(back, text)).toThrow('words.words[2]: not after the word before');
        expect(() => readSpeechWords({ duration_ms: -1, words: [] }, text)).toThrow('words.duration_ms: negative');
        expect(() => readSpeechWords({ words: [] }, text)).toThrow('words.duration_ms: missing');
    });
    it('name the word being said at a time of the recording', () => {
        const w = timings.words;
        expect(wordAt(w, 0)).toBe(w[0]);
        expect(wordAt(w, 349)).toBe(w[0]);
        expect(wordAt(w, 350)).toBe(w[1]);
        expect(wordAt(w, 5000)).toBe(w[2]);
        expect(wordAt([], 10)).toBeUndefined();
    });
    it('drive the word marks while the recording plays, and the end clears them', async () => {
        FakeAudio.playable = true;
        const asked: string[] = [];
        vi.stubGlobal('fetch', (url: string) => {
            asked.push(url);
            return Promise.resolve({ ok: true, json: () => Promise.resolve(timings) });
        });
        const frames: (() => void)[] = [];
        vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
        vi.stubGlobal('cancelAnimationFrame', () => undefined);
        const words: string[] = [];
        let ended = 0;
        expect(speak(text, 'vi', { onWord: (a, b) => words.push(text.slice(a, b)), onEnd: () => void ended++ })).toBe(
            'audio',
        );
        await new Promise((r) => setTimeout(r, 0)); // the timings arrive, the recording plays
        expect(asked).toEqual([speechWordsUrl('vi', text)]);
        const audio = FakeAudio.made[0]!;
        for (const ms of [10, 100, 400, 800, 900]) {
            audio.currentTime = ms / 1000;
            frames.shift()?.();
        }
        expect(words).toEqual(['Vua', 'bị', 'chiếu!']);
        audio.ended = true;
        audio.onended?.();
        stopSpeaking();
        expect(ended).toBe(1); // once, however it ends
    });
    it('are not asked for where nothing marks words', () => {
        const asked: string[] = [];
        vi.stubGlobal('fetch', (url: string) => void asked.push(url));
        speak(text, 'vi');
        expect(asked).toEqual([]);
    });
});
