// The Learn screens' voice: a speaker button beside every text, and the two switches (the voice
// on or off; reading each new text by itself). Speaking itself is speech.ts.

import { button, el } from '../../dom';
import { language, t } from '../../i18n';
import { readsByItself, setReadsByItself, setVoiceOn, speak, speakNew, voiceOn } from '../../speech';

const SPEAKER =
    '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

const SPEAKER_OFF =
    '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 9l5 6M21 9l-5 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// A button that reads `text` aloud; it shows that it speaks until the text ends.
export function speakerButton(text: string): HTMLButtonElement {
    const b = button('', () => {
        b.classList.add('speaking');
        if (speak(text, language(), { onEnd: () => b.classList.remove('speaking') }) === 'off')
            b.classList.remove('speaking');
    });
    b.className = 'speak';
    b.setAttribute('aria-label', t('learn_speak'));
    b.title = t('learn_speak');
    b.innerHTML = SPEAKER;
    return b;
}

// `text` in a `tag` element with its speaker button beside it.
export function spokenText(
    tag: 'p' | 'h2' | 'h3' | 'span',
    text: string,
    attrs: Record<string, string> = {},
): HTMLElement {
    return el(
        'div',
        { class: 'said' },
        el(tag, { ...attrs, class: `said-text ${attrs['class'] ?? ''}`.trim() }, text),
        speakerButton(text),
    );
}

// Reads a new text if the page reads by itself.
export function readNew(text: string): void {
    speakNew(text, language());
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

// The voice switches; `changed` redraws what depends on them (the speaker buttons' visibility).
export function voiceSwitches(changed: () => void): HTMLElement {
    const box = el('div', { class: 'voice-switches' });
    const draw = () => {
        const on = voiceOn();
        const voice = switchButton(on ? SPEAKER : SPEAKER_OFF, t('learn_voice'), on, 'voice-switch', () => {
            setVoiceOn(!voiceOn());
            draw();
            changed();
        });
        const auto = switchButton(READ_ALONE, t('learn_reads_itself'), readsByItself(), 'auto-read-switch', () => {
            setReadsByItself(!readsByItself());
            draw();
        });
        auto.disabled = !on;
        box.replaceChildren(voice, auto);
    };
    draw();
    return box;
}
