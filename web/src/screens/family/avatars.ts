// The twelve avatars of the contract as simple pictures: an animal's face on a soft round ground,
// drawn here (SVG) rather than as emoji, which many computers (and the test browser) lack.

import { el } from '../../dom';
import { type Avatar } from '../../family/contract';
import { t } from '../../i18n';

const LINE = '#2b2420';
const circle = (cx: number, cy: number, r: number, fill: string, outline = false) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${outline ? ` stroke="${LINE}" stroke-width="2"` : ''}/>`;
const oval = (cx: number, cy: number, rx: number, ry: number, fill: string, outline = false) =>
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${outline ? ` stroke="${LINE}" stroke-width="2"` : ''}/>`;
const shape = (d: string, fill: string, outline = false) =>
    `<path d="${d}" fill="${fill}"${outline ? ` stroke="${LINE}" stroke-width="2" stroke-linejoin="round"` : ''}/>`;
const stroke = (d: string, colour = LINE, width = 2.5) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
// Two eyes at (50 ± dx, y).
const eyes = (y: number, dx: number, r = 4) => circle(50 - dx, y, r, LINE) + circle(50 + dx, y, r, LINE);

const FACES: Record<Avatar, { ground: string; face: string }> = {
    fox: {
        ground: '#ffe2c7',
        face:
            shape('M22 44 L28 12 L46 30Z', '#e8742a', true) +
            shape('M78 44 L72 12 L54 30Z', '#e8742a', true) +
            shape('M18 42 Q50 20 82 42 Q80 70 50 88 Q20 70 18 42Z', '#e8742a', true) +
            shape('M20 52 Q38 58 50 86 Q26 76 20 52Z', '#fff') +
            shape('M80 52 Q62 58 50 86 Q74 76 80 52Z', '#fff') +
            eyes(52, 13) +
            circle(50, 80, 4.5, LINE),
    },
    owl: {
        ground: '#e6dcf5',
        face:
            shape('M22 36 L26 10 L42 28Z', '#8b5e3c', true) +
            shape('M78 36 L74 10 L58 28Z', '#8b5e3c', true) +
            oval(50, 56, 32, 34, '#8b5e3c', true) +
            circle(37, 50, 13, '#f3e3c7') +
            circle(63, 50, 13, '#f3e3c7') +
            eyes(50, 13, 7) +
            circle(39, 47, 2, '#fff') +
            circle(65, 47, 2, '#fff') +
            shape('M44 62 L56 62 L50 72Z', '#f0a030', true),
    },
    cat: {
        ground: '#dfeaf5',
        face:
            shape('M22 44 L25 12 L44 30Z', '#9a9aa6', true) +
            shape('M78 44 L75 12 L56 30Z', '#9a9aa6', true) +
            shape('M28 36 L28 22 L38 31Z', '#f4b6c6') +
            shape('M72 36 L72 22 L62 31Z', '#f4b6c6') +
            circle(50, 56, 31, '#9a9aa6', true) +
            oval(38, 52, 5, 7, '#4caf50') +
            oval(62, 52, 5, 7, '#4caf50') +
            oval(38, 52, 1.8, 5, LINE) +
            oval(62, 52, 1.8, 5, LINE) +
            shape('M45 63 L55 63 L50 69Z', '#e88aa0') +
            stroke('M22 64 L38 67 M22 72 L38 70 M78 64 L62 67 M78 72 L62 70', LINE, 1.8),
    },
    bear: {
        ground: '#f3e7d3',
        face:
            circle(26, 30, 11, '#8a5a33', true) +
            circle(74, 30, 11, '#8a5a33', true) +
            circle(26, 30, 5, '#d9b48a') +
            circle(74, 30, 5, '#d9b48a') +
            circle(50, 56, 32, '#8a5a33', true) +
            oval(50, 68, 15, 12, '#d9b48a') +
            oval(50, 62, 6, 4, LINE) +
            stroke('M50 66 L50 71 M44 74 Q50 78 56 74') +
            eyes(48, 12),
    },
    rabbit: {
        ground: '#fde4ec',
        face:
            oval(38, 24, 8, 21, '#f4f4f4', true) +
            oval(62, 24, 8, 21, '#f4f4f4', true) +
            oval(38, 26, 3.5, 14, '#f5a9bf') +
            oval(62, 26, 3.5, 14, '#f5a9bf') +
            circle(50, 62, 27, '#f4f4f4', true) +
            eyes(58, 10, 3.8) +
            shape('M46 66 L54 66 L50 71Z', '#f07ca0') +
            shape('M46 73 L54 73 L54 80 L46 80Z', '#fff', true),
    },
    turtle: {
        ground: '#dff3e4',
        face:
            shape('M10 92 Q50 48 90 92Z', '#3d7d46', true) +
            stroke('M30 90 L38 74 L50 70 L62 74 L70 90 M38 74 L34 64 M62 74 L66 64', '#2a5a32', 2) +
            circle(50, 46, 24, '#7cc47f', true) +
            eyes(44, 9, 4.5) +
            circle(42, 42, 1.5, '#fff') +
            circle(60, 42, 1.5, '#fff') +
            stroke('M42 55 Q50 61 58 55'),
    },
    lion: {
        ground: '#fff1c9',
        face:
            [0, 45, 90, 135, 180, 225, 270, 315]
                .map((a) =>
                    circle(
                        50 + 28 * Math.cos((a * Math.PI) / 180),
                        54 + 28 * Math.sin((a * Math.PI) / 180),
                        13,
                        '#c9711e',
                    ),
                )
                .join('') +
            circle(50, 54, 30, '#c9711e') +
            circle(33, 36, 7, '#f4c04e', true) +
            circle(67, 36, 7, '#f4c04e', true) +
            circle(50, 56, 23, '#f4c04e', true) +
            eyes(50, 9, 3.6) +
            oval(50, 65, 10, 7, '#fbe3a4') +
            shape('M45 59 L55 59 L50 65Z', '#6b3a1e'),
    },
    panda: {
        ground: '#e4f1e4',
        face:
            circle(27, 29, 11, LINE) +
            circle(73, 29, 11, LINE) +
            circle(50, 56, 31, '#fff', true) +
            oval(38, 53, 8, 10, LINE) +
            oval(62, 53, 8, 10, LINE) +
            circle(39, 51, 3, '#fff') +
            circle(61, 51, 3, '#fff') +
            oval(50, 66, 5, 3.5, LINE) +
            stroke('M50 69 L50 73 M44 75 Q50 79 56 75'),
    },
    penguin: {
        ground: '#dceffa',
        face:
            circle(50, 54, 33, '#2a2f3a', true) +
            circle(40, 56, 14, '#fff') +
            circle(60, 56, 14, '#fff') +
            oval(50, 68, 17, 13, '#fff') +
            eyes(52, 9, 4) +
            shape('M42 61 L58 61 L50 71Z', '#f39c2d', true),
    },
    frog: {
        ground: '#e9f7d6',
        face:
            circle(32, 34, 13, '#5cb85c', true) +
            circle(68, 34, 13, '#5cb85c', true) +
            oval(50, 60, 37, 26, '#5cb85c', true) +
            circle(32, 33, 8, '#fff') +
            circle(68, 33, 8, '#fff') +
            circle(32, 34, 4.5, LINE) +
            circle(68, 34, 4.5, LINE) +
            circle(26, 64, 4, '#f7a1a1') +
            circle(74, 64, 4, '#f7a1a1') +
            stroke('M32 62 Q50 78 68 62', '#2d6a2d', 3),
    },
    unicorn: {
        ground: '#f6e3fb',
        face:
            shape('M28 38 Q12 60 24 86 Q30 64 36 48Z', '#c86dd7', true) +
            shape('M33 40 L35 20 L47 32Z', '#fff', true) +
            oval(52, 60, 26, 28, '#fff', true) +
            shape('M45 32 L54 4 L61 32Z', '#f2c94c', true) +
            stroke('M48 23 L59 19 M50 15 L57 12', '#c9961a', 1.8) +
            shape('M36 36 Q48 26 62 34 Q50 36 42 44Z', '#c86dd7', true) +
            circle(42, 56, 3.6, LINE) +
            circle(63, 56, 3.6, LINE) +
            circle(37, 67, 4.5, '#f8b4c8') +
            circle(68, 67, 4.5, '#f8b4c8') +
            stroke('M46 74 Q53 78 60 74'),
    },
    dragon: {
        ground: '#e0f2ef',
        face:
            shape('M32 34 L22 8 L42 26Z', '#f2c94c', true) +
            shape('M68 34 L78 8 L58 26Z', '#f2c94c', true) +
            oval(50, 54, 31, 28, '#4aa37c', true) +
            oval(50, 72, 18, 11, '#7fd1a4', true) +
            circle(44, 70, 2.2, '#1f4d39') +
            circle(56, 70, 2.2, '#1f4d39') +
            oval(37, 48, 6, 7, '#fff') +
            oval(63, 48, 6, 7, '#fff') +
            oval(38, 49, 2.2, 4.5, LINE) +
            oval(62, 49, 2.2, 4.5, LINE),
    },
};

// The picture of `avatar`, `size` pixels wide; its name is said by what holds it.
export function avatarPicture(avatar: Avatar, size: number): HTMLElement {
    const { ground, face } = FACES[avatar];
    const span = el('span', { class: 'avatar', 'data-avatar': avatar, 'aria-hidden': 'true' });
    span.innerHTML = `<svg viewBox="0 0 100 100" width="${size}" height="${size}" focusable="false">${circle(50, 50, 49, ground)}${face}</svg>`;
    return span;
}

// The avatar's name ("Fox"), for screen readers and the picker.
export const avatarName = (avatar: Avatar): string => t(`family_avatar_${avatar}`);
