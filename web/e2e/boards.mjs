// A picture of every board of the course, to look at: each learn step (its moves played out)
// and each level at its start, of every lesson, at phone (390x844) and desktop (1280x900) size.
// Against the same servers as run.mjs (the development mock by default; CITADEL_BIN for the real
// course):
//
//   npm run build && CITADEL_BIN=../build/citadel node e2e/boards.mjs <folder>   (default test-results/boards/)
//   SHOT_LANGS=vi SHOT_SIZES=phone ...                                            only these
//
// Each picture is the lesson's stage (text, board, side panel), named
// <lesson>-step<N>-<size>-<lang>.png or <level>-<size>-<lang>.png.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WEB, launchBrowser, startTarget, stopChildren } from './harness.mjs';
import { lessons, openLevel } from './learn.mjs';

const dir = process.argv[2] ?? join(WEB, 'test-results', 'boards');
mkdirSync(dir, { recursive: true });
const { base } = await startTarget();
const browser = await launchBrowser();
const SIZES = {
    phone: { width: 390, height: 844 },
    desktop: { width: 1280, height: 900 },
};
const LANGS = (process.env.SHOT_LANGS ?? 'en').split(',');
const SIZE_NAMES = (process.env.SHOT_SIZES ?? 'phone,desktop').split(',');

let count = 0;
for (const lang of LANGS) {
    const course = await lessons(base, lang);
    for (const size of SIZE_NAMES) {
        const context = await browser.newContext({
            viewport: SIZES[size],
            hasTouch: size === 'phone',
            isMobile: size === 'phone',
            reducedMotion: 'reduce',
        });
        await context.addInitScript((l) => {
            localStorage.setItem('citadel.language', l);
            localStorage.setItem('citadel.muted', '1');
            localStorage.setItem('citadel.speech.voice', '0');
        }, lang);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
        const save = async (name) => {
            await page.locator('.learn-stage').screenshot({ path: join(dir, `${name}-${size}-${lang}.png`) });
            count++;
        };
        for (const lesson of course) {
            await page.goto(`${base}/learn/${lesson.id}`);
            for (let i = 0; i < lesson.learn.length; i++) {
                await page.waitForSelector(`#learn-step[data-step="${i + 1}"]`);
                const moves = lesson.learn[i].moves.join(',');
                await page.waitForSelector(`#learn-step:not([data-playing]) .learn-board[data-shown="${moves}"]`, {
                    timeout: 20000,
                });
                await save(`${lesson.id}-step${i + 1}`);
                if (i + 1 < lesson.learn.length) await page.click('#step-next');
            }
            for (const level of lesson.levels) {
                await openLevel(page, base, lesson, level);
                await save(level.id);
            }
        }
        await context.close();
    }
}
await browser.close();
stopChildren();
console.log(`boards: ${count} pictures in ${dir}`);
