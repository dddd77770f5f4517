// Pictures of the children's course and the coach, to look at: the map, a learn step, a level
// with an explanation, a wrong move's consequence, a choice level, a solved level, the lesson's
// end, a round of practice (a level, one solved, the round's end), the map with stars and
// practice counted, and the coach panel; the family (welcome, children, a child added, a removal
// asked, a wrong key, the map and a level with the child learning, the grown-ups' view), at phone
// (390x844) and desktop (1280x900) size in English, 简体中文 and Tiếng Việt. Against the same
// servers as run.mjs (the development mock by default):
//
//   npm run build && node e2e/screenshots.mjs <folder>      (default test-results/learn/)
//   SHOT_LANGS=vi SHOT_SIZES=phone SHOT_PARTS=family node e2e/screenshots.mjs   only these
//   (parts: learn, coach, family)

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WEB, apiCall, launchBrowser, startTarget, stopChildren } from './harness.mjs';
import { WRONG_KEY, familyCall, rememberFamily } from './family.mjs';
import { COACH_FEN, findMove, levels, openLevel, playMove, practiceRound, solveWithHints } from './learn.mjs';

const dir = process.argv[2] ?? join(WEB, 'test-results', 'learn');
mkdirSync(dir, { recursive: true });
const { base } = await startTarget();
const browser = await launchBrowser();
const SIZES = {
    phone: { width: 390, height: 844 },
    desktop: { width: 1280, height: 900 },
};

const all = await levels(base);
const illegal = await findMove(base, all, (v) => v.verdict === 'illegal' && v.arrows.length > 0);
const wrong = await findMove(base, all, (v) => v.verdict === 'wrong' && v.consequence.length > 0);
const firstMove = all.find((x) => x.level.kind === 'move');
const choice = all.find((x) => x.level.kind === 'choice');
const lastOfLesson = all.filter((x) => x.lesson.id === all[0].lesson.id).at(-1);
const stepWithMoves = all[0].lesson.learn.findIndex((s) => s.moves.length > 0);
const practiceLesson = all.find((x) => x.lesson.practice)?.lesson;

async function newPage(size, lang) {
    const context = await browser.newContext({
        viewport: SIZES[size],
        hasTouch: size === 'phone',
        isMobile: size === 'phone',
        reducedMotion: 'reduce', // the stars stand still for the picture
    });
    await context.addInitScript((l) => {
        localStorage.setItem('citadel.language', l);
        localStorage.setItem('citadel.muted', '1');
    }, lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
    return page;
}

// The move step 2 of the hint names, asked of the server (so the level is solved with 3 stars).
async function solution(level, lang) {
    const r = await apiCall(base, `/api/learn/levels/${level.id}/hint?line=&step=2&lang=${lang}`);
    return r.json.move ?? r.json.choice;
}

let count = 0;
const LANGS = (process.env.SHOT_LANGS ?? 'en,zh,vi').split(',');
const SIZE_NAMES = (process.env.SHOT_SIZES ?? 'phone,desktop').split(',');
const PARTS = (process.env.SHOT_PARTS ?? 'learn,coach,family').split(',');

// One family for every picture: Linh, who solved a level and made a mistake (recorded from moves
// sent for her), and Minh, who has not played yet.
async function pictureFamily() {
    const made = await apiCall(base, '/api/families', {});
    const key = made.json.key;
    const add = async (name, avatar) =>
        (await familyCall(base, 'POST', '/api/family/children', key, { name, avatar })).json;
    const linh = await add('Nguyễn Linh Chi', 'fox');
    await add('Minh', 'panda');
    const move = (level, m) =>
        familyCall(base, 'POST', `/api/learn/levels/${level.id}/move`, key, {
            line: [],
            move: m,
            lang: 'en',
            mistakes: 0,
            hints: 0,
            child: linh.id,
        });
    if (illegal) await move(illegal.level, illegal.move);
    await move(firstMove.level, await solution(firstMove.level, 'en'));
    return { key, linh: { id: linh.id, name: linh.name, avatar: linh.avatar } };
}
const family = PARTS.includes('family') ? await pictureFamily() : undefined;
for (const lang of LANGS)
    for (const size of SIZE_NAMES) {
        const full = size === 'phone';
        const save = async (page, name) => {
            await page.screenshot({ path: join(dir, `${name}-${size}-${lang}.png`), fullPage: full });
            count++;
        };
        if (PARTS.includes('learn')) {
            const page = await newPage(size, lang);
            await page.goto(`${base}/`);
            await page.waitForSelector('#learn-entry');
            await save(page, 'home');
            await page.goto(`${base}/learn`);
            await page.waitForSelector('.lesson-card');
            await save(page, 'map');

            await page.goto(`${base}/learn/${all[0].lesson.id}`);
            await page.waitForSelector('#learn-step');
            await page.waitForTimeout(300);
            await save(page, 'step');
            if (stepWithMoves >= 0) {
                for (let i = 0; i < stepWithMoves; i++) await page.click('#step-next');
                const moves = all[0].lesson.learn[stepWithMoves].moves.join(',');
                await page.waitForSelector(
                    `#learn-step[data-step="${stepWithMoves + 1}"] .learn-board[data-shown="${moves}"]`,
                    {
                        timeout: 10000,
                    },
                );
                await save(page, 'step-played');
            }
            await page.click('#grownups');
            await page.waitForSelector('#tip-dialog[open]');
            await save(page, 'grownups');

            if (illegal) {
                await openLevel(page, base, illegal.lesson, illegal.level);
                await playMove(page, illegal.move);
                await page.waitForSelector('#feedback[data-verdict="illegal"]');
                await save(page, 'level-illegal');
            }
            if (wrong) {
                await openLevel(page, base, wrong.lesson, wrong.level);
                await playMove(page, wrong.move);
                const whole = [wrong.move, ...wrong.verdict.consequence].join(',');
                await page.waitForSelector(`.learn-board[data-shown="${whole}"]`, { timeout: 10000 });
                await save(page, 'level-wrong');
            }
            await openLevel(page, base, firstMove.lesson, firstMove.level);
            await page.click('#hint');
            await page.waitForSelector('#feedback[data-verdict="hint"]');
            await save(page, 'level-hint');
            await openLevel(page, base, firstMove.lesson, firstMove.level);
            await playMove(page, await solution(firstMove.level, lang));
            await page.waitForSelector('#feedback[data-verdict="solved"]', { timeout: 10000 });
            await page.waitForSelector('#level[data-busy="false"]');
            await save(page, 'level-solved');
            if (choice) {
                await openLevel(page, base, choice.lesson, choice.level);
                await save(page, 'choice');
            }
            // the end of the first lesson
            await openLevel(page, base, lastOfLesson.lesson, lastOfLesson.level);
            const answer = await solution(lastOfLesson.level, lang);
            if (lastOfLesson.level.kind === 'choice') await page.click(`.choice-answer[data-choice="${answer}"]`);
            else await playMove(page, answer);
            await page.waitForSelector('#next');
            await page.click('#next');
            await page.waitForSelector('#lesson-complete');
            await page.waitForTimeout(300);
            await save(page, 'lesson-complete');
            if (practiceLesson) {
                // a round of practice, every level solved by the hints, to its end
                const topic = practiceLesson.practice;
                const round = await practiceRound(base, topic, 7, lang);
                await page.goto(`${base}/learn/practice/${topic}?seed=7&from=${practiceLesson.id}`);
                for (const [i, level] of round.levels.entries()) {
                    await page.waitForSelector(`#level[data-level="${level.id}"][data-busy="false"]`, {
                        timeout: 15000,
                    });
                    if (i === 0) await save(page, 'practice');
                    await solveWithHints(page);
                    if (i === 0) await save(page, 'practice-solved');
                    await page.click('#next');
                }
                await page.waitForSelector('#practice-complete');
                await page.waitForTimeout(300);
                await save(page, 'practice-done');
            }
            await page.goto(`${base}/learn`);
            await page.waitForSelector('.lesson-card');
            await save(page, 'map-with-stars');
            await page.context().close();
        }

        if (PARTS.includes('coach')) {
            const page = await newPage(size, lang);
            const game = (
                await apiCall(base, '/api/games', {
                    variant: 'chess',
                    fen: COACH_FEN,
                    clock: null,
                    seats: [{ player: 'human' }, { player: 'engine', level: 1 }],
                })
            ).json;
            const white = game.seats.find((s) => s.seat === 'white');
            await page.goto(`${base}/g/${game.id}?token=${white.token}&seat=white`);
            await page.waitForSelector('#coach-panel:not([hidden]) .coach-way', { timeout: 10000 });
            await save(page, 'coach');
            await page.context().close();
        }
        if (family) {
            let page = await newPage(size, lang);
            await page.goto(`${base}/family`);
            await page.waitForSelector('#family-create');
            await save(page, 'family-welcome');
            await page.goto(`${base}/family#key=${WRONG_KEY}`);
            await page.waitForSelector('#family-error:not([hidden])');
            await save(page, 'family-wrong-key');
            await page.context().close();
            page = await newPage(size, lang);
            await rememberFamily(page.context(), family.key, family.linh);
            await page.goto(`${base}/family`);
            await page.waitForSelector('.child-card');
            await save(page, 'family');
            await page.click('#add-child');
            await page.waitForSelector('#child-dialog[open]');
            await page.fill('#child-name', 'Lan');
            await save(page, 'family-add-child');
            await page.click('#child-cancel');
            await page.locator('.child-remove').last().click();
            await page.waitForSelector('#confirm-dialog[open]');
            await save(page, 'family-remove');
            await page.click('#confirm-no');
            await page.goto(`${base}/learn`);
            await page.waitForSelector('.lesson-card');
            await save(page, 'map-child');
            await openLevel(page, base, firstMove.lesson, firstMove.level);
            await save(page, 'level-child');
            await page.goto(`${base}/family/grown-ups`);
            await page.waitForSelector('.child-report');
            await page.waitForSelector('#grownups-tips .tip');
            await save(page, 'grownups');
            await page.context().close();
        }
    }

await browser.close();
stopChildren();
console.log(`${count} pictures in ${dir}`);
process.exit(0);
