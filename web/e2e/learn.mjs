// The browser checks of the children's course and the coach (learn.md), for run.mjs, and the helpers
// screenshots.mjs uses to reach the same screens. They pick every level and move from what the
// server under test answers (the course, the hints, and verdicts asked for beforehand: the
// server keeps no state, so asking costs nothing), never from the mock's data, so the same
// checks run against the mock and a real server.

import { join } from 'node:path';
import { apiCall } from './harness.mjs';

// White in check from the bishop on b4, with a way to run, to block and to capture (the coach).
export const COACH_FEN = '4k3/8/8/8/1b6/P7/2P5/4K3 w - - 0 1';

const FILES = 'abcdefgh';

// The squares of an 8x8 FEN's pieces: square -> letter.
export function piecesOf(fen) {
    const out = new Map();
    fen.split(' ')[0]
        .split('/')
        .forEach((row, i) => {
            let file = 0;
            for (const ch of row) {
                if (/\d/.test(ch)) file += Number(ch);
                else out.set(`${FILES[file++]}${8 - i}`, ch);
            }
        });
    return out;
}

// Every move of the child's pieces to every square, the king's first (a wide net for probing).
export function candidates(level) {
    const own = [...piecesOf(level.fen)].filter(([, p]) => (level.side === 'white') === (p === p.toUpperCase()));
    own.sort(([, a], [, b]) => Number(b.toLowerCase() === 'k') - Number(a.toLowerCase() === 'k'));
    const squares = [...FILES].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${f}${r}`));
    return own.flatMap(([from]) => squares.filter((to) => to !== from).map((to) => `${from}${to}`));
}

export async function course(base, lang = 'en') {
    const r = await apiCall(base, `/api/learn/course?lang=${lang}`);
    if (r.status !== 200) throw new Error(`GET /api/learn/course: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
}

export async function lessons(base, lang = 'en') {
    const c = await course(base, lang);
    const out = [];
    for (const l of c.lessons) out.push((await apiCall(base, `/api/learn/lessons/${l.id}?lang=${lang}`)).json);
    return out;
}

// Every level of the course with its lesson.
export async function levels(base, lang = 'en') {
    return (await lessons(base, lang)).flatMap((lesson) => lesson.levels.map((level) => ({ lesson, level })));
}

// A call that waits and asks again while the server says "too fast".
async function patient(base, path, body) {
    for (let i = 0; ; i++) {
        const r = await apiCall(base, path, body);
        if ((r.status !== 429 && r.json?.code !== 'rate_limited') || i === 10) return r;
        await new Promise((done) => setTimeout(done, 1000));
    }
}

const verdict = async (base, level, move) =>
    (
        await patient(base, `/api/learn/levels/${level.id}/move`, {
            line: [],
            move,
            lang: 'en',
            mistakes: 0,
            hints: 0,
        })
    ).json;

// The first move level and move (from its start) whose verdict `wanted` accepts. The moves of the
// piece the hint points at are tried first (where a puzzle's wrong moves are), then the rest.
export async function findMove(base, all, wanted) {
    for (const { lesson, level } of all) {
        if (level.kind !== 'move') continue;
        const hinted = (await patient(base, `/api/learn/levels/${level.id}/hint?line=&step=1&lang=en`)).json?.square;
        const moves = candidates(level);
        const first = moves.filter((m) => m.startsWith(hinted ?? '-'));
        for (const move of [...first, ...moves.filter((m) => !first.includes(m))]) {
            const v = await verdict(base, level, move);
            if (wanted(v)) return { lesson, level, move, verdict: v };
        }
    }
    return undefined;
}

export async function clickSquare(page, sq) {
    await page.locator(`.board-svg rect[data-square="${sq}"]`).click();
}

// Plays a UCI move on the board by clicking (and the promotion chooser where it opens).
export async function playMove(page, move) {
    await clickSquare(page, move.slice(0, 2));
    await clickSquare(page, move.slice(2, 4));
    if (move.length === 5) await page.click(`.promotion-choice[data-move="${move}"]`);
}

export async function openLevel(page, base, lesson, level) {
    await page.goto(`${base}/learn/${lesson.id}/${level.id}`);
    await page.waitForSelector(`#level[data-level="${level.id}"][data-busy="false"]`, { timeout: 10000 });
}

// Takes hint step 1 and step 2; answers step 2's move (or choice).
export async function takeHints(page) {
    await page.click('#hint');
    await page.waitForSelector('#feedback[data-verdict="hint"]', { timeout: 5000 });
    await page.click('#hint');
    await page.waitForSelector('#feedback[data-hint-move], #feedback[data-hint-choice]', { timeout: 5000 });
    const f = page.locator('#feedback');
    return (await f.getAttribute('data-hint-move')) ?? (await f.getAttribute('data-hint-choice'));
}

// Solves the open move level by playing what step 2 of the hint says, as often as it takes.
export async function solveWithHints(page) {
    for (let i = 0; i < 8; i++) {
        const move = await takeHints(page);
        await playMove(page, move);
        await page.waitForSelector('#level[data-busy="false"]', { timeout: 10000 });
        if ((await page.locator('#level[data-solved="true"]').count()) === 1) return;
    }
    throw new Error('the level was not solved by following the hints');
}

// Solves the open level, of either kind, by the hints.
export async function solveLevel(page, level) {
    if (level.kind === 'choice') {
        await page.click(`.choice-answer[data-choice="${await takeHints(page)}"]`);
        await page.waitForSelector('#level[data-solved="true"]', { timeout: 10000 });
    } else await solveWithHints(page);
}

// A round of practice as the server under test deals it.
export async function practiceRound(base, topic, seed, lang = 'en') {
    const r = await apiCall(base, `/api/learn/practice?topic=${topic}&count=5&seed=${seed}&lang=${lang}`);
    if (r.status !== 200) throw new Error(`GET /api/learn/practice: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
}

// The seed of the practice page shown.
const seedOf = (page) => new URL(page.url()).searchParams.get('seed');

export async function learnChecks({ base, step, assert, newPage, create, seatUrl, out }) {
    const shot = (page, name) => page.screenshot({ path: join(out, `${name}.png`) });
    let all;
    try {
        all = await levels(base);
    } catch (e) {
        await step('learn: the course answers', async () => {
            throw e;
        });
        return;
    }
    const firstLesson = all[0].lesson;

    await step('learn: Learn on the home page, the map, a lesson’s learn steps, For grown-ups', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.click('#learn-entry');
        await page.waitForURL(/\/learn$/);
        const c = await course(base);
        await page.waitForSelector('.lesson-card');
        assert((await page.locator('.lesson-card').count()) === c.lessons.length, 'not one card per lesson');
        assert(
            (await page.locator(`.lesson-card[data-lesson="${c.lessons[0].id}"] .lesson-marker`).count()) === 1,
            'the first lesson is not flagged "start here"',
        );
        await shot(page, 'learn-map');
        await page.click(`.lesson-card[data-lesson="${firstLesson.id}"]`);
        await page.waitForURL(new RegExp(`/learn/${firstLesson.id}$`));
        const steps = firstLesson.learn;
        for (let i = 0; i < steps.length; i++) {
            await page.waitForSelector(`#learn-step[data-step="${i + 1}"]`, { timeout: 5000 });
            const text = await page.textContent('#step-text');
            assert(text === steps[i].text, `step ${i + 1} says "${text}"`);
            if (steps[i].moves.length) {
                // played once by itself, then again with "Show me"
                const shown = `.learn-board[data-shown="${steps[i].moves.join(',')}"]`;
                await page.waitForSelector(shown, { timeout: 10000 });
                await page.click('#show-me');
                await page.waitForSelector('#learn-step[data-playing]', { timeout: 2000 });
                await page.waitForSelector(`#learn-step:not([data-playing]) ${shown}`, { timeout: 10000 });
                await shot(page, 'learn-step-shown');
            }
            if (i === 0) {
                await page.click('#grownups');
                await page.waitForSelector('#tip-dialog[open] #tip-text');
                assert((await page.textContent('#tip-text')) === firstLesson.tip, 'the tip is not the lesson’s');
                await shot(page, 'learn-grownups');
                await page.click('#tip-close');
                await page.waitForSelector('#tip-dialog:not([open])', { state: 'attached' });
            }
            await page.click('#step-next');
        }
        await page.waitForURL(new RegExp(`/learn/${firstLesson.id}/${firstLesson.levels[0].id}$`));
        await page.waitForSelector('#level');
        await page.context().close();
    });

    await step('learn: phone size (390x844): the map, a step, practice, a move and a choice level fit', async () => {
        for (const lang of ['en', 'zh', 'vi']) {
            const p = await newPage({ width: 390, height: 844 }, lang);
            const choice = all.find((x) => x.level.kind === 'choice') ?? all[0];
            const move = all.find((x) => x.level.kind === 'move') ?? all[0];
            const topic = all.find((x) => x.lesson.practice)?.lesson.practice;
            for (const [path, ready] of [
                ['/learn', '.lesson-card'],
                ...(topic ? [[`/learn/practice/${topic}?seed=7`, '#level']] : []),
                [`/learn/${firstLesson.id}`, '#learn-step'],
                [`/learn/${move.lesson.id}/${move.level.id}`, '#level'],
                [`/learn/${choice.lesson.id}/${choice.level.id}`, '#level'],
            ]) {
                await p.goto(base + path);
                await p.waitForSelector(ready);
                const wide = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
                assert(wide <= 0, `${path} (${lang}): the page is ${wide}px too wide`);
            }
            await p.context().close();
        }
    });

    await step('learn: the board rings a king in check where the server says so, and none elsewhere', async () => {
        const inCheck = all.find((x) => x.level.kind === 'move' && x.level.check.length > 0);
        const calm = all.find((x) => x.level.kind === 'move' && x.level.check.length === 0);
        assert(inCheck && calm, 'the course has no level in check, or none without');
        const p = await newPage();
        for (const { lesson, level } of [inCheck, calm]) {
            await p.goto(`${base}/learn/${lesson.id}/${level.id}`);
            await p.waitForSelector(`#level[data-level="${level.id}"]`);
            const rings = await p.locator('.learn-board circle.check').count();
            assert(rings === level.check.length, `${level.id}: ${rings} kings ringed, the server names ${level.check}`);
        }
        // a question rings nothing: it may be the question ("checkmate, stalemate or neither?")
        const question = all.find((x) => x.level.kind === 'choice' && x.level.check.length > 0);
        if (question) {
            await p.goto(`${base}/learn/${question.lesson.id}/${question.level.id}`);
            await p.waitForSelector(`#level[data-level="${question.level.id}"]`);
            assert((await p.locator('.learn-board circle.check').count()) === 0, 'a question rings the king');
        }
        await p.context().close();
    });

    await step(
        'learn: More practice from the map: a level solved by the hints, kept over a reload, counted',
        async () => {
            const c = await course(base);
            const lesson = c.lessons.find((l) => l.practice);
            assert(lesson, 'no lesson has a practice topic');
            const topic = lesson.practice;
            const p = await newPage();
            await p.goto(`${base}/learn`);
            await p.waitForSelector('.lesson-card');
            const withTopic = c.lessons.filter((l) => l.practice).length;
            assert((await p.locator('.lesson-practice').count()) === withTopic, 'not one More practice per topic');
            const row = `.lesson-practice[data-topic="${topic}"]`;
            assert((await p.locator(`${row}[data-solved="0"]`).count()) >= 1, 'practice counted before any');
            await p.click(`#practice-${lesson.id}`);
            await p.waitForURL(new RegExp(`/learn/practice/${topic}\\?seed=\\d+&from=${lesson.id}$`));
            const seed = seedOf(p);
            const round = await practiceRound(base, topic, seed);
            assert(round.levels.length === 5, `${round.levels.length} levels in a round`);
            const [first, second] = round.levels;
            await p.waitForSelector(`#level[data-level="${first.id}"][data-busy="false"]`, { timeout: 15000 });
            assert((await p.locator('#learn-progress .dot').count()) === 5, 'not one dot per level');
            assert((await p.textContent('#goal')) === first.goal, 'not the level’s goal');
            await shot(p, 'practice');
            await p.reload();
            await p.waitForSelector(`#level[data-level="${first.id}"][data-busy="false"]`, { timeout: 15000 });
            assert(seedOf(p) === seed, 'the seed changed over a reload');
            await solveWithHints(p);
            await p.waitForSelector('#feedback[data-verdict="solved"] .stars', { timeout: 5000 });
            assert(
                (await p.locator('#learn-progress li:first-child .dot.has-stars').count()) === 1,
                'the dot is not golden',
            );
            await p.click('#next');
            await p.waitForURL(/[?&]n=2(&|$)/);
            await p.waitForSelector(`#level[data-level="${second.id}"][data-busy="false"]`, { timeout: 15000 });
            await p.reload();
            await p.waitForSelector(`#level[data-level="${second.id}"][data-busy="false"]`, { timeout: 15000 });
            assert(seedOf(p) === seed, 'the seed changed over a reload');
            await p.goto(`${base}/learn`);
            await p.waitForSelector(`${row}[data-solved="1"] .practice-count`);
            const said = await p.locator(`${row} .practice-count`).first().textContent();
            assert(/\b1\b/.test(said), `the map says "${said}"`);
            await shot(p, 'practice-map');
            await p.context().close();
        },
    );

    await step(
        'learn: More practice at a lesson’s end; a round’s end says well done and deals a new seed',
        async () => {
            const withPractice = all.find((x) => x.lesson.practice)?.lesson;
            const last = all.filter((x) => x.lesson.id === withPractice?.id);
            assert(last.length > 0, 'no lesson with practice has levels');
            const { lesson, level } = last.at(-1);
            const p = await newPage();
            await openLevel(p, base, lesson, level);
            await solveLevel(p, level);
            await p.click('#next');
            await p.waitForSelector('#lesson-complete #lesson-practice', { timeout: 10000 });
            await p.click('#lesson-practice');
            await p.waitForURL(new RegExp(`/learn/practice/${lesson.practice}\\?seed=\\d+&from=${lesson.id}$`));
            const seed = seedOf(p);
            const round = await practiceRound(base, lesson.practice, seed);
            await p.waitForSelector(`#level[data-level="${round.levels[0].id}"]`, { timeout: 15000 });
            await p.click('#learn-progress li:nth-child(5) .dot');
            await p.waitForSelector(`#level[data-level="${round.levels[4].id}"][data-busy="false"]`, {
                timeout: 15000,
            });
            await solveWithHints(p);
            await p.click('#next');
            await p.waitForSelector('#practice-complete[data-solved="1"][data-total="5"]', { timeout: 5000 });
            assert((await p.locator('#practice-complete #practice-lesson').count()) === 1, 'no way back to the lesson');
            assert((await p.locator('#practice-complete #practice-map').count()) === 1, 'no way back to the map');
            await shot(p, 'practice-done');
            await p.click('#practice-lesson');
            await p.waitForURL(new RegExp(`/learn/${lesson.id}$`));
            await p.goBack();
            await p.waitForSelector(`#level[data-level="${round.levels[4].id}"]`, { timeout: 15000 });
            await solveWithHints(p); // solved again: counted once
            await p.click('#next');
            await p.waitForSelector('#practice-complete[data-solved="1"]', { timeout: 5000 });
            await p.click('#practice-more');
            await p.waitForURL((u) => /\/learn\/practice\//.test(u.pathname) && u.searchParams.get('seed') !== seed);
            assert(new URL(p.url()).searchParams.get('n') === null, 'a new round does not start at its first level');
            await p.waitForSelector('#level[data-busy="false"]', { timeout: 15000 });
            await p.goto(`${base}/learn`);
            await p.waitForSelector(`.lesson-practice[data-topic="${lesson.practice}"][data-solved="1"]`);
            await p.context().close();
        },
    );

    // One page for the levels, so that the stars they earn are there for the map at the end.
    const page = await newPage();
    const solved = [];

    await step('learn: a level solved by clicking, with both steps of the hint', async () => {
        const { lesson, level } = all.find((x) => x.level.kind === 'move');
        await openLevel(page, base, lesson, level);
        await page.click('#hint');
        await page.waitForSelector('#feedback[data-verdict="hint"][data-hint-square]', { timeout: 5000 });
        assert((await page.locator('.board-svg .mark.hint').count()) === 1, 'hint 1 marks no piece');
        await shot(page, 'learn-hint-1');
        await page.click('#hint');
        await page.waitForSelector('#feedback[data-hint-move]', { timeout: 5000 });
        assert((await page.locator('.board-svg line.arrow').count()) === 1, 'hint 2 draws no arrow');
        assert(await page.locator('#hint').isDisabled(), 'a third hint step is offered');
        await playMove(page, await page.locator('#feedback').getAttribute('data-hint-move'));
        await page.waitForSelector('#level[data-busy="false"]', { timeout: 10000 });
        if ((await page.locator('#level[data-solved="true"]').count()) === 0) await solveWithHints(page);
        await page.waitForSelector('#feedback[data-verdict="solved"] .stars', { timeout: 5000 });
        const stars = Number(await page.locator('#feedback .stars').getAttribute('data-stars'));
        assert(stars >= 1 && stars <= 3, `${stars} stars`);
        solved.push({ lesson, level, stars });
        assert((await page.locator('#next').count()) === 1, 'no Next after solving');
        await shot(page, 'learn-solved');
    });

    await step('learn: a move level of each lesson and one of two moves solved by following the hints', async () => {
        // castling by clicking the king's two squares, the promotion chooser, a reply played
        const chosen = [];
        for (const { lesson, level } of all)
            if (level.kind === 'move' && !chosen.some((c) => c.lesson.id === lesson.id)) chosen.push({ lesson, level });
        const longer = all.find((x) => x.level.kind === 'move' && x.level.par > 1);
        if (longer && !chosen.some((c) => c.level.id === longer.level.id)) chosen.push(longer);
        for (const { lesson, level } of chosen.slice(1)) {
            await openLevel(page, base, lesson, level);
            await solveWithHints(page);
            const stars = Number(await page.locator('#feedback .stars').getAttribute('data-stars'));
            solved.push({ lesson, level, stars });
            const line = (await page.locator('#level').getAttribute('data-line')).split(',');
            assert(line.length >= 2 * level.par - 1, `${level.id}: the line ${line.join(',')} is short of par`);
        }
    });

    await step('learn: an illegal move is explained with an arrow, and nothing is played', async () => {
        const found = await findMove(base, all, (v) => v.verdict === 'illegal' && v.arrows.length > 0);
        assert(found, 'no move of the course is answered "illegal" with an arrow');
        await openLevel(page, base, found.lesson, found.level);
        await playMove(page, found.move);
        await page.waitForSelector('#feedback[data-verdict="illegal"]', { timeout: 5000 });
        assert((await page.textContent('#feedback .said-text')) === found.verdict.message, 'not the server’s message');
        assert((await page.locator('.board-svg line.arrow').count()) >= 1, 'no arrow drawn');
        assert((await page.locator('.learn-board[data-shown=""]').count()) === 1, 'the illegal move was played');
        await shot(page, 'learn-illegal');
    });

    await step('learn: a wrong move: the consequence is replayed, then taken back', async () => {
        const found =
            (await findMove(base, all, (v) => v.verdict === 'wrong' && v.consequence.length > 0)) ??
            (await findMove(base, all, (v) => v.verdict === 'wrong'));
        assert(found, 'no move of the course is answered "wrong"');
        await openLevel(page, base, found.lesson, found.level);
        await playMove(page, found.move);
        await page.waitForSelector('#feedback[data-verdict="wrong"]', { timeout: 5000 });
        const whole = [found.move, ...found.verdict.consequence].join(',');
        await page.waitForSelector(`.learn-board[data-shown="${whole}"]`, { timeout: 10000 });
        await shot(page, 'learn-wrong-consequence');
        await page.waitForSelector('#level[data-busy="false"] .learn-board[data-shown=""]', { timeout: 10000 });
        assert((await page.locator('#level[data-line=""]').count()) === 1, 'the line kept the wrong move');
        await page.click('#watch-again');
        await page.waitForSelector(`.learn-board[data-shown="${whole}"]`, { timeout: 10000 });
        await page.waitForSelector('#level[data-busy="false"] .learn-board[data-shown=""]', { timeout: 10000 });
    });

    await step('learn: a choice level: a wrong answer, then the hinted one', async () => {
        const found = all.find((x) => x.level.kind === 'choice');
        assert(found, 'the course has no choice level');
        const { lesson, level } = found;
        await openLevel(page, base, lesson, level);
        const answer = await takeHints(page);
        assert((await page.locator(`.choice-answer.hinted[data-choice="${answer}"]`).count()) === 1, 'not marked');
        const other = level.choices.find((c) => c.id !== answer);
        await page.click(`.choice-answer[data-choice="${other.id}"]`);
        await page.waitForSelector('#feedback[data-verdict="wrong"], #feedback[data-verdict="good"]', {
            timeout: 5000,
        });
        await page.click(`.choice-answer[data-choice="${answer}"]`);
        await page.waitForSelector('#feedback[data-verdict="solved"] .stars', { timeout: 5000 });
        const stars = Number(await page.locator('#feedback .stars').getAttribute('data-stars'));
        solved.push({ lesson, level, stars });
        await shot(page, 'learn-choice-solved');
    });

    await step('learn: the stars are kept over a reload and shown on the map', async () => {
        assert(solved.length > 0, 'no level was solved before');
        await page.goto(`${base}/learn`);
        await page.reload();
        await page.waitForSelector('.lesson-card');
        for (const lesson of new Set(solved.map((s) => s.lesson))) {
            const want = solved.filter((s) => s.lesson === lesson).reduce((n, s) => n + s.stars, 0);
            const earned = Number(
                await page.locator(`.lesson-card[data-lesson="${lesson.id}"]`).getAttribute('data-earned'),
            );
            assert(earned >= want, `${lesson.id}: ${earned} stars shown, ${want} earned`);
        }
        await shot(page, 'learn-map-stars');
    });

    await step(
        'learn: without a browser voice the speaker plays the server’s recording and marks each word; the mute switch silences it',
        async () => {
            const { lesson } = all[0];
            const text = lesson.learn[0].text;
            // The recordings asked for since the page opened: the step may be read by itself at once,
            // and a second play of the same recording may come from the browser's cache.
            const asked = [];
            const record = (r) => r.url().includes('/api/speech?') && asked.push(new URL(r.url()).searchParams);
            page.on('request', record);
            await page.goto(`${base}/learn/${lesson.id}`);
            await page.waitForSelector('#learn-step');
            // with the browser's voices hidden (headless Chromium has none anyway), the server's recording is asked for
            await page.evaluate(() => {
                if (window.speechSynthesis) window.speechSynthesis.getVoices = () => [];
            });
            await page.click('#learn-step .speak');
            // the recording plays and the word being said is marked, from the server's word timings
            const mark = '#learn-step .said-text mark.reading';
            await page.waitForSelector(mark, { timeout: 10000 });
            page.off('request', record);
            assert(
                asked.some((q) => q.get('lang') === 'en' && q.get('text') === text),
                `the recording of the step was not asked for: ${asked.map((q) => q.toString())}`,
            );
            const word = await page.textContent(mark);
            assert(word && text.includes(word) && !/\s/.test(word.trim()), `"${word}" is not a word of the text`);
            assert((await page.textContent('#step-text')) === text, 'the marked text is not the text');
            await page.waitForSelector(mark, { state: 'detached', timeout: 60000 }); // read out: unmarked
            assert((await page.textContent('#step-text')) === text, 'the text changed after reading');
            // the mute switch silences it: no speaker, and nothing is asked for
            await page.click('#voice-switch');
            let spoke = false;
            const listen = (r) => (spoke ||= r.url().includes('/api/speech'));
            page.on('request', listen);
            await page.click('#step-next');
            await page.waitForTimeout(800);
            page.off('request', listen);
            assert(!spoke, 'speech was asked for with the voice off');
            await page.goto(`${base}/learn/${lesson.id}`);
            await page.waitForSelector('#learn-step');
            assert(await page.locator('#learn-step .speak').isHidden(), 'the speaker stays with the voice off');
            await page.reload();
            await page.waitForSelector('#learn-step');
            assert((await page.locator('#voice-switch[aria-pressed="false"]').count()) === 1, 'voice off forgotten');
            await page.click('#voice-switch');
        },
    );
    await page.context().close();

    await step('coach: in check against the computer, run, block and capture are answered and marked', async () => {
        const game = await create('chess', COACH_FEN, [{ player: 'human' }, { player: 'engine', level: 1 }]);
        const p = await newPage();
        await p.goto(seatUrl(game, 'white'));
        await p.waitForSelector('#coach:not([hidden])', { timeout: 10000 });
        if (!(await p.locator('#coach-switch').isChecked())) await p.check('#coach-switch');
        await p.waitForSelector('#coach-panel:not([hidden]) .coach-way', { timeout: 10000 });
        const escape = (await apiCall(base, '/api/escape', { variant: 'chess', fen: COACH_FEN, lang: 'en' })).json;
        for (const way of ['run', 'block', 'capture']) {
            const count = await p.locator(`.coach-way[data-way="${way}"]`).getAttribute('data-count');
            assert(Number(count) === escape[way].length, `${way}: ${count}, the server says ${escape[way].length}`);
            assert((await p.locator(`.board-svg .mark.${way}`).count()) >= 1, `no ${way} mark on the board`);
        }
        assert((await p.textContent('.coach-message')) === escape.message, 'not the server’s message');
        await shot(p, 'coach');
        await p.uncheck('#coach-switch');
        await p.waitForSelector('#coach-panel[hidden]', { state: 'attached' });
        assert((await p.locator('.board-svg .mark').count()) === 0, 'marks stay with the coach off');
        await p.reload();
        await p.waitForSelector('#coach:not([hidden])', { timeout: 10000 });
        assert(!(await p.locator('#coach-switch').isChecked()), 'the switch is not remembered');
        await p.context().close();
    });

    await step(
        'game: the status line is read on request (a word marked), by itself only once switched on',
        async () => {
            const game = await create('chess', COACH_FEN, [{ player: 'human' }, { player: 'engine', level: 1 }]);
            const p = await newPage();
            let asked = [];
            p.on(
                'request',
                (r) => r.url().includes('/api/speech?') && asked.push(new URL(r.url()).searchParams.get('text')),
            );
            await p.goto(seatUrl(game, 'white'));
            await p.waitForSelector('#status[data-state="mine"]', { timeout: 10000 });
            await p.waitForTimeout(500);
            assert(asked.length === 0, `a game read by itself before being asked: ${asked}`);
            const text = await p.textContent('#status');
            await p.click('#status-speak');
            await p.waitForSelector('#status mark.reading', { timeout: 10000 });
            assert(asked.at(-1) === text, `read "${asked.at(-1)}", the status says "${text}"`);
            assert((await p.textContent('#status')) === text, 'the marked status is not the status');
            await p.click('#auto-read-switch');
            assert(
                (await p.locator('#auto-read-switch[aria-pressed="true"]').count()) === 1,
                'the switch did not turn on',
            );
            // the next announcement (the game's end, after resigning) is read by itself, with who won
            await p.waitForSelector('#status:not(:has(mark))', { timeout: 60000 });
            asked = [];
            await p.click('#resign');
            await p.click('#resign-yes');
            await p.waitForSelector('#status[data-state="over"]', { timeout: 10000 });
            const over = await p.textContent('#status');
            await p.waitForSelector('#status mark.reading', { timeout: 10000 });
            const heard = asked.at(-1) ?? '';
            assert(
                heard.startsWith(over) && heard.includes('The computer won'),
                `read "${heard}", the status says "${over}"`,
            );
            await p.click('#auto-read-switch');
            await p.context().close();
        },
    );
}
