// The screens' voice (Learn's texts, a game's announcements): a speaker button beside a text, the
// word being read marked in the text, and the two switches (the voice on or off; reading each new
// text by itself, per place: on in Learn, off in games until asked). Speaking itself is speech.ts.

import { button, el } from './dom';
import { language, t } from './i18n';
import {
    type ReadingPlace,
    type SpeechEvents,
    readsByItself,
    setReadsByItself,
    setVoiceOn,
    speak,
    voiceOn,
} from './speech';

const SPEAKER =
    '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

const SPEAKER_OFF =
    '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9l5 6M21 9l-5 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// Marks the word being read in `target`, which shows `text` (a <mark class="reading">), and
// leaves the text as it was at the end.
export function wordMarker(target: HTMLElement, text: string): Required<SpeechEvents> {
    return {
        onWord: (start, end) => {
            const word = el('mark', { class: 'reading' }, text.slice(start, end));
            target.replaceChildren(text.slice(0, start), word, text.slice(end));
        },
        onEnd: () => {
            target.textContent = text;
        },
    };
}

// Reads `text` aloud, `b` showing that it speaks and `target` (where given) the word.
export function read(text: string, b: HTMLButtonElement, target?: HTMLElement): void {
    const marker = target ? wordMarker(target, text) : undefined;
    b.classList.add('speaking');
    const way = speak(text, language(), {
        onWord: marker?.onWord,
        onEnd: () => {
            b.classList.remove('speaking');
            marker?.onEnd();
        },
    });
    if (way === 'off') b.classList.remove('speaking');
}

// Reads `text`, which holds the texts `shown` in order (each shown by its element), as one: `b`
// shows that it speaks, and each word is marked in the element that shows it.
export function readAcross(
    text: string,
    shown: readonly { target: HTMLElement; text: string }[],
    b: HTMLButtonElement,
): void {
    let from = 0;
    const parts = shown.flatMap((s) => {
        const start = text.indexOf(s.text, from);
        if (start < 0 || !s.text) return [];
        from = start + s.text.length;
        return [{ start, end: from, marker: wordMarker(s.target, s.text) }];
    });
    b.classList.add('speaking');
    const way = speak(text, language(), {
        onWord: (start, end) => {
            for (const p of parts)
                if (start >= p.start && end <= p.end) p.marker.onWord(start - p.start, end - p.start);
                else p.marker.onEnd();
        },
        onEnd: () => {
            b.classList.remove('speaking');
            for (const p of parts) p.marker.onEnd();
        },
    });
    if (way === 'off') b.classList.remove('speaking');
}

// A button that reads `text` (or what it says when pressed) aloud, marking each word in `target`
// (the element showing the text) where given; it shows that it speaks until the text ends.
export function speakerButton(text: string | (() => string), target?: HTMLElement): HTMLButtonElement {
    const b = button('', () => read(typeof text === 'string' ? text : text(), b, target));
    b.className = 'speak';
    b.setAttribute('aria-label', t('learn_speak'));
    b.title = t('learn_speak');
    b.innerHTML = SPEAKER;
    return b;
}

// How to read each spokenText aloud (readNew).
const readers = new WeakMap<HTMLElement, () => void>();

// `text` in a `tag` element with its speaker button beside it.
export function spokenText(
    tag: 'p' | 'h2' | 'h3' | 'span',
    text: string,
    attrs: Record<string, string> = {},
): HTMLElement {
    const shown = el(tag, { ...attrs, class: `said-text ${attrs['class'] ?? ''}`.trim() }, text);
    const speaker = speakerButton(text, shown);
    const said = el('div', { class: 'said' }, shown, speaker);
    readers.set(said, () => read(text, speaker, shown));
    return said;
}

// Reads a new text (a spokenText) if `place` reads by itself.
export function readNew(said: HTMLElement, place: ReadingPlace = 'learn'): void {
    if (readsByItself(place)) readers.get(said)?.();
}

const READ_ALONE =
    '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M4 4h16v12H9l-5 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M8 8h8M8 12h5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// A switch button: a picture and its words (a phone shows only the picture; the name stays).
function switchButton(icon: string, label: string, on: boolean, id: string, flip: () => void): HTMLButtonElement {
    const b = button('', flip, {
        id,
        class: `switch${on ? ' on' : ''}`,
        'aria-pressed': on ? 'true' : 'false',
        title: label,
    });
    b.innerHTML = icon;
    b.append(el('span', { class: 'label' }, label));
    b.setAttribute('aria-label', label);
    return b;
}

// The voice switches of `place`; `changed` redraws what depends on them (the speaker buttons'
// visibility).
export function voiceSwitches(changed: () => void, place: ReadingPlace = 'learn'): HTMLElement {
    const box = el('div', { class: 'voice-switches' });
    const draw = () => {
        const on = voiceOn();
        const voice = switchButton(on ? SPEAKER : SPEAKER_OFF, t('learn_voice'), on, 'voice-switch', () => {
            setVoiceOn(!voiceOn());
            draw();
            changed();
        });
        const auto = switchButton(READ_ALONE, t('learn_reads_itself'), readsByItself(place), 'auto-read-switch', () => {
            setReadsByItself(!readsByItself(place), place);
            draw();
        });
        auto.disabled = !on;
        box.replaceChildren(voice, auto);
    };
    draw();
    return box;
}
