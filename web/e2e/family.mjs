// The browser checks of families and children (docs/learn.md, "Families and children"), for
// run.mjs, and the helpers screenshots.mjs uses: a family made on the family screen, a child added
// (and one changed, one removed after the question), the child chosen, the browser's earlier stars
// offered and added, a mistake and a solved level recorded to the child; the family link opened in
// a second browser, which shows the child's stars; a key no family has refused and kept nowhere;
// the grown-ups' view with the solved level, the mistake and the tips; the screens at phone size.
// Levels and moves come from what the server under test answers, as in learn.mjs.

import { join } from 'node:path';
import { apiCall } from './harness.mjs';
import { course, findMove, levels, openLevel, playMove, solveWithHints } from './learn.mjs';

// A family route or a child's move, with the family's key in the header.
export async function familyCall(base, method, path, key, body) {
    const headers = { Authorization: `Bearer ${key}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const r = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : undefined };
}

// Makes this browser context remember the family `key` (and `child`, the one learning).
export async function rememberFamily(context, key, child = null) {
    await context.addInitScript(
        ([k, c]) => localStorage.setItem('citadel.family', JSON.stringify({ key: k, child: c })),
        [key, child],
    );
}

// A key of the right form that no family has.
export const WRONG_KEY = 'A'.repeat(43);

export async function familyChecks({ base, step, assert, newPage, out }) {
    const shot = (page, name) => page.screenshot({ path: join(out, `${name}.png`) });
    let all;
    try {
        all = await levels(base);
    } catch {
        return; // learn.mjs says so
    }
    const lessonOf = (level) => all.find((x) => x.level.id === level.id).lesson;
    const first = all[0];
    let key;
    let childId;
    const solved = {};
    let mistake;
    const page = await newPage();

    await step('family: create a family, add, change and remove children, choose one', async () => {
        await page.goto(`${base}/family`);
        await page.click('#family-create');
        await page.waitForSelector('#add-child');
        assert((await page.locator('.child-card').count()) === 0, 'a new family has children');
        key = (await page.evaluate(() => JSON.parse(localStorage.getItem('citadel.family')))).key;
        assert(/^[A-Za-z0-9_-]{43}$/.test(key), `the key kept is "${key}"`);
        assert((await page.inputValue('#family-link')) === `${base}/family#key=${key}`, 'not the family link');
        const add = async (name, avatar) => {
            await page.click('#add-child');
            await page.waitForSelector('#child-dialog[open]');
            await page.fill('#child-name', name);
            await page.click(`.avatar-choice[data-avatar="${avatar}"]`);
            await page.click('#child-save');
            await page.waitForSelector('#child-dialog', { state: 'detached' });
        };
        // a name of spaces is refused in the form
        await page.click('#add-child');
        await page.fill('#child-name', '   ');
        await page.click('#child-save');
        await page.waitForSelector('#child-problem:not([hidden])');
        await page.click('#child-cancel');
        await add('Linh', 'owl');
        await page.waitForSelector('.child-card:has-text("Linh")');
        await add('Minh', 'dragon');
        await page.waitForSelector('.child-card:has-text("Minh")');
        await shot(page, 'family-children');
        // change Linh's name and avatar
        const linh = page.locator('li[data-child]', { hasText: 'Linh' });
        await linh.locator('.child-edit').click();
        await page.fill('#child-name', 'Linh Chi');
        await page.click('.avatar-choice[data-avatar="fox"]');
        await page.click('#child-save');
        await page.waitForSelector('.child-card:has-text("Linh Chi") .avatar[data-avatar="fox"]');
        // remove Minh: "no" keeps him, "yes" removes him
        const minh = page.locator('li[data-child]', { hasText: 'Minh' });
        await minh.locator('.child-remove').click();
        await page.click('#confirm-no');
        await page.waitForSelector('#confirm-dialog', { state: 'detached' });
        assert((await page.locator('.child-card').count()) === 2, 'Minh is gone after "no"');
        await minh.locator('.child-remove').click();
        await page.click('#confirm-yes');
        await page.waitForFunction(() => document.querySelectorAll('.child-card').length === 1);
        const family = await familyCall(base, 'GET', '/api/family', key);
        assert(family.json.children.length === 1 && family.json.children[0].name === 'Linh Chi', 'the server differs');
        childId = family.json.children[0].id;
        // stars this browser earned before: offered once to the child
        await page.evaluate(
            (id) =>
                localStorage.setItem(
                    'citadel.learn.stars',
                    JSON.stringify({ v: 1, levels: { [id]: 2 }, practice: {}, practice_recent: [] }),
                ),
            first.level.id,
        );
        await page.click(`.child-card[data-child="${childId}"]`);
        await page.waitForURL(/\/learn$/);
        await page.waitForSelector(`#learner[data-child="${childId}"]:has-text("Linh Chi")`);
        await page.waitForSelector('#stars-offer');
        await shot(page, 'family-offer');
        await page.click('#stars-offer-yes');
        await page.waitForSelector('#stars-offer', { state: 'detached' });
        await page.waitForSelector(`.lesson-card[data-lesson="${first.lesson.id}"][data-earned="2"]`);
        const merged = await familyCall(base, 'GET', '/api/family', key);
        assert(merged.json.children[0].progress.levels[first.level.id] === 2, 'the stars were not added to the child');
        await page.reload();
        await page.waitForSelector('.lesson-card');
        assert((await page.locator('#stars-offer').count()) === 0, 'the offer is made again');
    });

    await step(
        'family: the child’s moves are sent with its id and the key, recorded, and its stars shown',
        async () => {
            assert(childId, 'no child was made');
            const sent = [];
            const listen = (r) => {
                if (r.url().endsWith('/move'))
                    sent.push({ body: r.postDataJSON(), auth: r.headers()['authorization'] });
            };
            page.on('request', listen);
            const found = await findMove(base, all, (v) => v.verdict === 'illegal' && v.arrows.length > 0);
            assert(found, 'no move of the course is answered "illegal"');
            mistake = { reason: found.verdict.reason, lesson: found.lesson };
            await openLevel(page, base, found.lesson, found.level);
            await page.waitForSelector(`#learner[data-child="${childId}"]`);
            await playMove(page, found.move);
            await page.waitForSelector('#feedback[data-verdict="illegal"]');
            const level = all.find((x) => x.level.kind === 'move' && x.level.id !== first.level.id) ?? first;
            await openLevel(page, base, level.lesson, level.level);
            await solveWithHints(page);
            solved.level = level.level;
            solved.stars = Number(await page.locator('#feedback .stars').getAttribute('data-stars'));
            await shot(page, 'family-level-solved');
            page.off('request', listen);
            assert(sent.length >= 2, `${sent.length} moves sent`);
            for (const s of sent) {
                assert(s.body.child === childId, `a move sent for ${JSON.stringify(s.body.child)}`);
                assert(s.auth === `Bearer ${key}`, 'a move sent without the key');
            }
            const progress = (await familyCall(base, 'GET', '/api/family', key)).json.children[0].progress;
            assert(
                progress.levels[solved.level.id] >= 1,
                `the solved level is not recorded: ${JSON.stringify(progress)}`,
            );
            assert(
                progress.mistakes.some((m) => m.reason === mistake.reason && m.lesson === mistake.lesson.id),
                `the mistake is not recorded: ${JSON.stringify(progress.mistakes)}`,
            );
            assert(progress.last_ms > 0, 'no last activity');
            await page.goto(`${base}/learn`);
            const lesson = lessonOf(solved.level);
            const earned = Number(
                await page
                    .locator(`.lesson-card[data-lesson="${lesson.id}"]`)
                    .getAttribute('data-earned', { timeout: 5000 }),
            );
            assert(earned >= solved.stars, `${earned} stars on the map, ${solved.stars} earned`);
            // Reading aloud by itself is the child's choice, kept on the server for every device.
            await page.goto(`${base}/learn/${lesson.id}`);
            await page.waitForSelector('#auto-read-switch[aria-pressed="true"]');
            await page.click('#auto-read-switch');
            await page.waitForSelector('#auto-read-switch[aria-pressed="false"]');
            const readAloud = async () =>
                (await familyCall(base, 'GET', '/api/family', key)).json.children[0].read_aloud;
            for (let i = 0; i < 50 && (await readAloud()) !== false; i++) await page.waitForTimeout(100);
            assert((await readAloud()) === false, 'the child’s choice not to read aloud is not on the server');
        },
    );

    await step(
        'family: the child’s new round of practice is dealt by the server, and a level solved counts',
        async () => {
            await page.goto(`${base}/learn/practice/checkmate`);
            await page.waitForSelector('#level[data-busy="false"]', { timeout: 15000 });
            // The address holds the seed the server drew for the child (positions it never met).
            const seed = () => new URL(page.url()).searchParams.get('seed');
            for (let i = 0; i < 50 && !seed(); i++) await page.waitForTimeout(100);
            assert(/^\d+$/.test(seed() ?? ''), `no seed of the server's in the address: ${page.url()}`);
            // and the child's stage: a new child's first (checkmate: mates in 1 only)
            assert(new URL(page.url()).searchParams.get('stage') === '0', `not the first stage: ${page.url()}`);
            await solveWithHints(page);
            const progress = (await familyCall(base, 'GET', '/api/family', key)).json.children[0].progress;
            assert(
                (progress.practice.checkmate ?? 0) >= 1,
                `the practice level is not counted: ${JSON.stringify(progress.practice)}`,
            );
        },
    );

    await step('family: the family link in a second browser shows the child and its stars', async () => {
        assert(solved.level, 'no level was solved');
        const other = await newPage();
        await other.goto(`${base}/family#key=${key}`);
        await other.waitForSelector(`.child-card[data-child="${childId}"]`);
        assert((await other.evaluate(() => location.hash)) === '', 'the key stays in the address');
        const kept = await other.evaluate(() => JSON.parse(localStorage.getItem('citadel.family')));
        assert(kept.key === key && kept.child === null, `kept ${JSON.stringify(kept)}`);
        await other.click(`.child-card[data-child="${childId}"]`);
        await other.waitForURL(/\/learn$/);
        const lesson = lessonOf(solved.level);
        await other.waitForSelector(`.lesson-card[data-lesson="${lesson.id}"]`);
        const earned = Number(
            await other.locator(`.lesson-card[data-lesson="${lesson.id}"]`).getAttribute('data-earned'),
        );
        assert(earned >= solved.stars, `the second browser shows ${earned} stars, ${solved.stars} earned`);
        await other.goto(`${base}/learn/${lesson.id}`);
        await other.waitForSelector('#auto-read-switch[aria-pressed="false"]'); // the child's choice
        await other.click('#auto-read-switch'); // back on, for the steps after
        await other.waitForSelector('#auto-read-switch[aria-pressed="true"]');
        await other.context().close();
    });

    await step('family: a key no family has is refused and kept nowhere', async () => {
        const other = await newPage();
        await other.goto(`${base}/family#key=${WRONG_KEY}`);
        await other.waitForSelector('#family-error:not([hidden])');
        await other.waitForSelector('#family-create');
        assert((await other.evaluate(() => location.hash)) === '', 'the wrong key stays in the address');
        assert((await other.evaluate(() => localStorage.getItem('citadel.family'))) === null, 'the wrong key was kept');
        await shot(other, 'family-wrong-key');
        const r = await familyCall(base, 'GET', '/api/family', WRONG_KEY);
        assert(r.status === 403 && r.json.code === 'unknown_family', `the server answers ${r.status} ${r.json?.code}`);
        const none = await apiCall(base, '/api/family');
        assert(none.status === 403 && none.json.code === 'unknown_family', `without a key: ${none.status}`);
        await other.context().close();
    });

    await step('family: the grown-ups’ view shows the solved level, the mistake, the tips', async () => {
        assert(solved.level && mistake, 'nothing was recorded');
        await page.goto(`${base}/family`);
        await page.click('#grownups-view');
        await page.waitForURL(/\/family\/grown-ups$/);
        const report = `.child-report[data-child="${childId}"]`;
        await page.waitForSelector(report);
        const lesson = lessonOf(solved.level);
        const earned = Number(
            await page.locator(`${report} .report-lessons li[data-lesson="${lesson.id}"]`).getAttribute('data-earned'),
        );
        assert(earned >= solved.stars, `the grown-ups see ${earned} stars in ${lesson.id}`);
        const item = page.locator(`${report} .mistake[data-reason="${mistake.reason}"]`).first();
        assert((await item.count()) === 1, `the mistake ${mistake.reason} is not listed`);
        assert((await item.locator('.mistake-text').textContent()).length > 5, 'the mistake has no words');
        assert(
            (await item.locator('a.button').getAttribute('href')) === `/learn/${mistake.lesson.id}`,
            'no way to the lesson to revisit',
        );
        assert(!/Not played yet/.test(await page.textContent(`${report} .report-last`)), 'no last activity shown');
        const c = await course(base);
        await page.waitForSelector('#grownups-tips .tip');
        assert((await page.locator('#grownups-tips .tip').count()) === c.lessons.length, 'not one tip per lesson');
        assert(
            (await page.textContent(`#grownups-tips .tip[data-lesson="${first.lesson.id}"] .tip-text`)) ===
                first.lesson.tip,
            'not the lesson’s tip',
        );
        await shot(page, 'family-grownups');
        await item.locator('a.button').click();
        await page.waitForURL(new RegExp(`/learn/${mistake.lesson.id}$`));
    });
    await page.context().close();

    await step(
        'family: phone size (390x844) in en, zh and vi: the family, its dialogs and the grown-ups fit',
        async () => {
            assert(key, 'no family was made');
            for (const lang of ['en', 'zh', 'vi']) {
                const p = await newPage({ width: 390, height: 844 }, lang);
                await rememberFamily(p.context(), key);
                const wide = async (what) => {
                    const w = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
                    assert(w <= 0, `${what} (${lang}): the page is ${w}px too wide`);
                };
                await p.goto(`${base}/family`);
                await p.waitForSelector('.child-card');
                await wide('the family');
                await p.click('#add-child');
                await p.waitForSelector('#child-dialog[open]');
                const box = await p.locator('.avatar-choice').first().boundingBox();
                assert(box.width >= 44 && box.height >= 44, `an avatar to pick is ${box.width}x${box.height}`);
                await wide('the child dialog');
                await p.click('#child-cancel');
                await p.goto(`${base}/family/grown-ups`);
                await p.waitForSelector('.child-report');
                await wide('the grown-ups’ view');
                await p.context().close();
            }
        },
    );
}
