// Short synthesised sounds (WebAudio, no files): move, capture, check, the end of the game, and
// the chime of "your move" (a page hidden, when asked for). Muting is remembered.

import { keepSwitch, keptSwitch } from './kept';

const KEY = 'citadel.muted';
export type Sound = 'move' | 'capture' | 'check' | 'end' | 'illegal' | 'turn';

let context: AudioContext | undefined;

export const isMuted = (): boolean => keptSwitch(KEY, false);

export function setMuted(muted: boolean): void {
    keepSwitch(KEY, muted);
}

// Notes (frequency Hz, start s, length s) of each sound.
const NOTES: Record<Sound, [number, number, number][]> = {
    move: [[520, 0, 0.07]],
    capture: [
        [330, 0, 0.06],
        [220, 0.05, 0.09],
    ],
    check: [
        [660, 0, 0.08],
        [880, 0.09, 0.12],
    ],
    end: [
        [523, 0, 0.14],
        [659, 0.14, 0.14],
        [784, 0.28, 0.3],
    ],
    illegal: [[180, 0, 0.12]],
    turn: [
        [784, 0, 0.12],
        [1047, 0.13, 0.25],
    ],
};

// Plays `sound`, unless sounds are muted (`evenMuted`: a sound of its own switch, asked for).
export function play(sound: Sound, evenMuted = false): void {
    if ((isMuted() && !evenMuted) || typeof AudioContext === 'undefined') return;
    try {
        context ??= new AudioContext();
        if (context.state === 'suspended') void context.resume(); // allowed once the page was touched
        const now = context.currentTime;
        for (const [freq, start, length] of NOTES[sound]) {
            const osc = context.createOscillator();
            const gain = context.createGain();
            osc.type = sound === 'illegal' ? 'square' : 'triangle';
            osc.frequency.value = freq;
            gain.gain.setValueAtTime(0.0001, now + start);
            gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.01);
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
            osc.connect(gain).connect(context.destination);
            osc.start(now + start);
            osc.stop(now + start + length + 0.02);
        }
    } catch {
        /* no audio device: stay silent */
    }
}
