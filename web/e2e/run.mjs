// Browser checks with playwright-core driving Debian's /usr/bin/chromium (headless, never a
// downloaded browser). Against:
//   CITADEL_URL=http://127.0.0.1:8080 npm run e2e      a server already running
//   CITADEL_BIN=../build/citadel npm run e2e           starts `citadel serve` on a free port
//   npm run e2e                                        the development MOCK (dev/mock-server.ts)
// The same steps run in all three: games are made through POST /api/games with the positions
// below, so no fixture is needed on a real server. Screenshots go to test-results/.
// CITADEL_E2E_MOCK_ONLY=0 skips the steps that need the mock's fixed games.

import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WEB, apiCall, launchBrowser, startTarget, stopChildren } from './harness.mjs';
import { boardExtrasChecks } from './board_extras.mjs';
import { familyChecks } from './family.mjs';
import { formChecks } from './form.mjs';
import { gamesChecks } from './games.mjs';
import { learnChecks } from './learn.mjs';
import { playChecks } from './play.mjs';
import { rulesChecks } from './rules.mjs';
import { variantChecks } from './variants.mjs';

const OUT = join(WEB, 'test-results');
mkdirSync(OUT, { recursive: true });
let failures = 0;
let passes = 0;

// E2E_ONLY=<regular expression> runs only the steps whose name matches (while developing).
const ONLY = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;

async function step(name, fn) {
    if (ONLY && !ONLY.test(name)) return;
    try {
        await fn();
        passes++;
        console.log(`ok   ${name}`);
    } catch (e) {
        failures++;
        console.log(`FAIL ${name}: ${e && e.message ? e.message.split('\n').slice(0, 3).join(' / ') : e}`);
    }
}

function assert(cond, what) {
    if (!cond) throw new Error(what);
}

await step('dist/ holds no development mock and no inline script', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = join(WEB, 'dist', 'assets');
    for (const f of readdirSync(dir)) {
        const text = readFileSync(join(dir, f), 'utf8');
        assert(!/MOCK citadel API|MOCK ONLY|mock-server|mock-learn/.test(text), `${f} contains the mock`);
    }
    const html = readFileSync(join(WEB, 'dist', 'index.html'), 'utf8');
    assert(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), 'index.html has an inline script');
});

const { base, mock, restart } = await startTarget();
console.log(`e2e against ${base}${mock ? ' (development mock)' : ''}`);

const browser = await launchBrowser();

const api = (path, body) => apiCall(base, path, body);

async function create(variant, fen = null, seats = undefined, clock = { initial_s: 300, increment_s: 3 }) {
    const n = variant.startsWith('fourkingdoms') ? 4 : 2;
    const r = await api('/api/games', {
        variant,
        fen,
        clock,
        seats: seats ?? Array.from({ length: n }, () => ({ player: 'human' })),
    });
    assert(r.status === 201, `create ${variant}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
}

const seatUrl = (game, seat) => {
    const s = game.seats.find((x) => x.seat === seat);
    return `${base}/g/${game.id}?token=${encodeURIComponent(s.token)}&seat=${seat}`;
};

async function newPage(viewport = { width: 1280, height: 860 }, lang = 'en') {
    const context = await browser.newContext({
        viewport,
        hasTouch: viewport.width < 500,
        isMobile: viewport.width < 500,
    });
    await context.addInitScript((l) => {
        if (!localStorage.getItem('citadel.language')) localStorage.setItem('citadel.language', l);
        localStorage.setItem('citadel.muted', '1');
    }, lang);
    const page = await context.newPage();
    page.on('pageerror', (e) => {
        failures++;
        console.log(`FAIL page error: ${e.message}`);
    });
    page.on('console', (m) => {
        if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text()))
            console.log(`console: ${m.text()}`);
    });
    return page;
}

async function boardReady(page) {
    await page.waitForSelector('.board-svg rect.sq', { timeout: 10000 });
    await page.waitForTimeout(300);
}

async function clickSquare(page, sq) {
    await page.locator(`.board-svg rect[data-square="${sq}"]`).click();
}

const shot = (page, name) => page.screenshot({ path: join(OUT, `${name}.png`) });

await step('the piece set sheet', async () => {
    const r = spawnSync(
        process.execPath,
        [join(WEB, 'node_modules', 'vite-node', 'vite-node.mjs'), join(WEB, 'dev', 'piece-sheet.ts')],
        { cwd: WEB },
    );
    assert(r.status === 0, `piece-sheet failed: ${r.stderr}`);
    const page = await newPage({ width: 1250, height: 1500 });
    await page.goto('file://' + join(OUT, 'pieces.html'));
    await page.screenshot({ path: join(OUT, 'pieces.png'), fullPage: true });
    await page.context().close();
});

await step('home screen in three languages', async () => {
    for (const lang of ['en', 'zh', 'vi']) {
        const page = await newPage(undefined, lang);
        await page.goto(base + '/');
        await page.waitForSelector('#new-game');
        await page.screenshot({ path: join(OUT, `home-${lang}.png`), fullPage: true });
        await page.context().close();
    }
});

const VARIANT_MOVE = {
    chess: ['e2', 'e4'],
    silverman: ['b2', 'c3'],
    pawnrace: ['d2', 'd4'],
    tamerlane: ['f3', 'f4'],
    fourkingdoms: ['m7', 'k7'],
    'fourkingdoms-teams': ['m7', 'k7'],
};

for (const variant of Object.keys(VARIANT_MOVE)) {
    await step(`${variant}: create on the home screen, move by clicking, both orientations`, async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check(`#variant-${variant}`);
        await page.click('#create');
        await page.waitForURL(/\/g\//);
        await boardReady(page);
        await shot(page, `${variant}-start`);
        const [from, to] = VARIANT_MOVE[variant];
        await clickSquare(page, from);
        const dots = await page.locator('.board-svg circle.target').count();
        assert(dots > 0, `no legal-move dots after picking ${from}`);
        await shot(page, `${variant}-picked`);
        await clickSquare(page, to);
        await page.waitForSelector('.move-list .san', { timeout: 5000 });
        await page.waitForTimeout(300);
        if (variant === 'chess') {
            // one device, "turn the board" on: Black to move now sits at the bottom
            const rot = await page.locator('.board').getAttribute('data-rotation');
            assert(rot === '2', `one-device board did not turn to Black (rotation ${rot})`);
        }
        await shot(page, `${variant}-after-move`);
        await page.click('#flip');
        await page.waitForTimeout(150);
        await shot(page, `${variant}-turned`);
        await page.context().close();
    });
}

await step('chess: drag and drop a move, then the engine answers', async () => {
    const game = await create('chess', null, [{ player: 'human' }, { player: 'engine', level: 1 }]);
    const page = await newPage();
    await page.goto(seatUrl(game, 'white'));
    await boardReady(page);
    const a = await page.locator('.board-svg rect[data-square="g1"]').boundingBox();
    const b = await page.locator('.board-svg rect[data-square="f3"]').boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelectorAll('.move-list .san').length >= 2, null, {
        timeout: 30000,
    });
    await shot(page, 'chess-engine-answered');
    await page.context().close();
});

await step('keyboard: arrows and Enter play e2e4', async () => {
    const game = await create('chess');
    const page = await newPage();
    await page.goto(seatUrl(game, 'white'));
    await boardReady(page);
    await page.focus('.board-svg');
    // the cursor starts on a1 (bottom left for White)
    for (const k of [
        'ArrowRight',
        'ArrowRight',
        'ArrowRight',
        'ArrowRight',
        'ArrowUp',
        'Enter',
        'ArrowUp',
        'ArrowUp',
        'Enter',
    ])
        await page.keyboard.press(k);
    await page.waitForSelector('.move-list .san', { timeout: 5000 });
    await shot(page, 'keyboard-move');
    await page.context().close();
});

for (const lang of ['en', 'vi'])
    await step(`illegal move explained with an arrow (pinned knight, ${lang})`, async () => {
        const game = await create('chess', '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1');
        const page = await newPage(undefined, lang);
        await page.goto(seatUrl(game, 'white'));
        await boardReady(page);
        await clickSquare(page, 'e2');
        await clickSquare(page, 'c3');
        await page.waitForSelector('#explain:not([hidden])', { timeout: 5000 });
        const arrows = await page.locator('.board-svg line.arrow').count();
        assert(arrows >= 1, 'no arrow drawn');
        await shot(page, `illegal-move-explained-${lang}`);
        await page.context().close();
    });

await step('promotion chooser (chess) and the promoted queen', async () => {
    const game = await create('chess', 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1');
    const page = await newPage();
    await page.goto(seatUrl(game, 'white'));
    await boardReady(page);
    await clickSquare(page, 'e7');
    await clickSquare(page, 'e8');
    await page.waitForSelector('.promotion', { timeout: 5000 });
    const choices = await page.locator('.promotion-choice').count();
    assert(choices === 4, `chess offers ${choices} promotion choices, not 4`);
    await shot(page, 'promotion-chooser-chess');
    await page.click('.promotion-choice[data-move="e7e8q"]');
    await page.waitForSelector('.move-list .san', { timeout: 5000 });
    await shot(page, 'promotion-done');
    await page.context().close();
});

await step('promotion chooser (Silverman: queen or rook)', async () => {
    const game = await create('silverman', 'k3/2P1/4/3K w - - 0 1');
    const page = await newPage();
    await page.goto(seatUrl(game, 'white'));
    await boardReady(page);
    await clickSquare(page, 'c3');
    await clickSquare(page, 'c4');
    await page.waitForSelector('.promotion', { timeout: 5000 });
    const choices = await page.locator('.promotion-choice').count();
    assert(choices === 2, `silverman offers ${choices} choices, not 2`);
    await shot(page, 'promotion-chooser-silverman');
    await page.context().close();
});

const FK_PROMO =
    'xxx6nK1xxx/xxx2sP5xxx/xxx8xxx/14/14/14/wK13/13eK/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx s - - 0 20 eswn -';
await step("Four Kingdoms promotion chooser with don't promote", async () => {
    const game = await create('fourkingdoms', FK_PROMO);
    const page = await newPage();
    await page.goto(seatUrl(game, 'south'));
    await boardReady(page);
    await clickSquare(page, 'f13');
    await clickSquare(page, 'f14');
    await page.waitForSelector('.promotion', { timeout: 5000 });
    const choices = await page.locator('.promotion-choice').count();
    assert(choices === 5, `four kingdoms offers ${choices} choices, not 5`);
    await shot(page, 'promotion-chooser-fourkingdoms');
    await page.context().close();
});

await step('Four Kingdoms: each seat sees its army at the bottom (four contexts)', async () => {
    const game = await create('fourkingdoms');
    const pages = [];
    for (const seat of ['east', 'south', 'west', 'north']) {
        const page = await newPage({ width: 1100, height: 820 });
        await page.goto(seatUrl(game, seat));
        await boardReady(page);
        pages.push([seat, page]);
    }
    for (const [seat, page] of pages) {
        const rot = await page.locator('.board').getAttribute('data-rotation');
        const want = { east: '1', south: '0', west: '3', north: '2' }[seat];
        assert(rot === want, `${seat} sees rotation ${rot}, not ${want}`);
        await shot(page, `fourkingdoms-seat-${seat}`);
    }
    // East moves first; the three others see it
    const east = pages[0][1];
    await clickSquare(east, 'm7');
    await clickSquare(east, 'k7');
    for (const [seat, page] of pages) {
        await page.waitForSelector('.move-list .san', { timeout: 8000 });
        if (seat === 'north') await shot(page, 'fourkingdoms-north-after-east');
    }
    for (const [, page] of pages) await page.context().close();
});

await step('phone-size screen (390x844, touch)', async () => {
    const game = await create('tamerlane');
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(seatUrl(game, 'black'));
    await boardReady(page);
    await shot(page, 'phone-tamerlane-black');
    const chess = await create('chess');
    const touch = await newPage({ width: 390, height: 844 });
    await touch.goto(seatUrl(chess, 'white'));
    await boardReady(touch);
    await touch.locator('.board-svg rect[data-square="d2"]').tap();
    await touch.locator('.board-svg rect[data-square="d4"]').tap();
    await touch.waitForSelector('.move-list .san', { timeout: 5000 });
    await shot(touch, 'phone-chess-after-tap');
    await touch.context().close();
    const page2 = await newPage({ width: 390, height: 844 });
    await page2.goto(base + '/');
    await page2.waitForSelector('#new-game');
    await shot(page2, 'phone-home');
    // "Start the game" stays in view however long the form (a phone, and 1280x900).
    for (const [p, height] of [
        [page2, 844],
        [await newPage({ width: 1280, height: 900 }), 900],
    ]) {
        await p.goto(base + '/');
        await p.selectOption('#seat-black', 'engine');
        const box = await p.locator('#create').boundingBox();
        assert(
            box && box.y >= 0 && box.y + box.height <= height,
            `"Start the game" is out of view: ${JSON.stringify(box)}`,
        );
        if (p !== page2) await p.context().close();
    }
    await page.context().close();
    await page2.context().close();
});

await step('spectator view and invitations', async () => {
    const page = await newPage();
    await page.goto(base + '/');
    await page.check('#variant-chess');
    await page.check('#mode-invite');
    await page.click('#create');
    await page.waitForSelector('#invitations:not([hidden]) .invite-url');
    assert(await page.locator('#new-game').isHidden(), 'the form stays beside the invitations');
    await shot(page, 'invitations');
    const watch = await page.locator('#invitations input.invite-url').last().inputValue();
    await page.goto(watch);
    await boardReady(page);
    const status = await page.textContent('#status');
    assert(/watching/i.test(status ?? ''), `spectator status is "${status}"`);
    await shot(page, 'spectator');
    await page.context().close();
});

await step('game screen in Chinese (Tamerlane, a piece picked)', async () => {
    const game = await create('tamerlane');
    const page = await newPage(undefined, 'zh');
    await page.goto(seatUrl(game, 'white'));
    await boardReady(page);
    await clickSquare(page, 'b2');
    await shot(page, 'tamerlane-zh');
    await page.context().close();
});

await step('resign ends the game; the board colours chosen and kept', async () => {
    const game = await create('chess');
    const page = await newPage();
    await page.goto(seatUrl(game, 'black'));
    await boardReady(page);
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForSelector('#status[data-state="over"]', { timeout: 5000 });
    await shot(page, 'resigned');
    // The board's colours: chosen under the moves, kept over a reload.
    const dark = () =>
        page
            .locator('.board-svg rect.sq.dark')
            .first()
            .evaluate((r) => getComputedStyle(r).fill);
    const wood = await dark();
    await page.selectOption('#board-colours', 'green');
    assert((await dark()) !== wood, `the dark squares stay ${wood} in green`);
    await page.reload();
    await boardReady(page);
    assert((await page.inputValue('#board-colours')) === 'green', 'the board colours are not kept');
    assert((await dark()) !== wood, 'green is not shown after a reload');
    await page.context().close();
});

// ---- every board, every language, phone and desktop: test-results/boards/ ----
const BOARDS = join(OUT, 'boards');
mkdirSync(BOARDS, { recursive: true });
for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
]) {
    await step(`every variant's board in en, zh and vi (${size} ${viewport.width}x${viewport.height})`, async () => {
        for (const variant of Object.keys(VARIANT_MOVE)) {
            const game = await create(variant);
            for (const lang of ['en', 'zh', 'vi']) {
                const page = await newPage(viewport, lang);
                const seat = variant.startsWith('fourkingdoms') ? 'east' : 'white';
                await page.goto(seatUrl(game, seat));
                await boardReady(page);
                const [from] = VARIANT_MOVE[variant];
                await clickSquare(page, from);
                // nothing of the page may stick out sideways (a phone would scroll)
                const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
                assert(wide <= 0, `${variant} ${lang} ${size}: the page is ${wide}px too wide`);
                await page.screenshot({
                    path: join(BOARDS, `${variant}-${size}-${lang}.png`),
                    fullPage: size === 'phone',
                });
                await page.context().close();
            }
        }
    });
}

// ---- the other screens at phone size in Chinese and Vietnamese: test-results/boards/ ----
await step('phone screens in zh and vi: illegal move, promotion chooser, game over, home', async () => {
    for (const lang of ['zh', 'vi']) {
        const viewport = { width: 390, height: 844 };
        const pinned = await create('chess', '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1');
        let page = await newPage(viewport, lang);
        await page.goto(seatUrl(pinned, 'white'));
        await boardReady(page);
        await clickSquare(page, 'e2');
        await clickSquare(page, 'c3');
        await page.waitForSelector('#explain:not([hidden])', { timeout: 5000 });
        await page.screenshot({ path: join(BOARDS, `illegal-phone-${lang}.png`), fullPage: true });
        await page.context().close();
        const promo = await create('chess', 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1');
        page = await newPage(viewport, lang);
        await page.goto(seatUrl(promo, 'white'));
        await boardReady(page);
        await clickSquare(page, 'e7');
        await clickSquare(page, 'e8');
        await page.waitForSelector('.promotion', { timeout: 5000 });
        await page.screenshot({ path: join(BOARDS, `promotion-phone-${lang}.png`) });
        await page.context().close();
        const over = await create('fourkingdoms-teams');
        page = await newPage(viewport, lang);
        await page.goto(seatUrl(over, 'east'));
        await boardReady(page);
        await page.click('#resign');
        await page.click('#resign-yes');
        await page.waitForTimeout(500);
        // on the real server East leaves and the game goes on: East has no controls left
        if (!mock)
            assert(
                (await page.locator('#resign, #offer-draw').count()) === 0,
                'a player out of the game still has controls',
            );
        await page.screenshot({ path: join(BOARDS, `resigned-fourkingdoms-teams-phone-${lang}.png`), fullPage: true });
        await page.context().close();
        page = await newPage(viewport, lang);
        await page.goto(base + '/');
        await page.waitForSelector('#new-game');
        await page.screenshot({ path: join(BOARDS, `home-phone-${lang}.png`), fullPage: true });
        await page.context().close();
    }
});

// ---- FIDE 9.2.1: a draw claimed with the move that repeats the position (real server) ----
const KNIGHT_SHUFFLE = [
    ['g1', 'f3'],
    ['g8', 'f6'],
    ['f3', 'g1'],
    ['f6', 'g8'],
    ['g1', 'f3'],
    ['g8', 'f6'],
    ['f3', 'g1'],
    ['f6', 'g8'],
];
async function playShuffle(page, upto) {
    for (let i = 0; i < upto; i++) {
        const [a, b] = KNIGHT_SHUFFLE[i];
        await clickSquare(page, a);
        await clickSquare(page, b);
        assert((await page.locator('#claim-ask').count()) === 0, `a claim was offered with move ${i + 1}`);
        await page.waitForFunction((n) => document.querySelectorAll('.move-list .san').length === n, i + 1, {
            timeout: 5000,
        });
    }
}
async function oneDeviceChess(viewport = undefined) {
    const page = await newPage(viewport);
    await page.goto(base + '/');
    await page.check('#variant-chess');
    await page.click('#create');
    await page.waitForURL(/\/g\//);
    await boardReady(page);
    return page;
}
if (!mock) {
    await step('claim a draw with the repeating move: asked, yes ends the game', async () => {
        const page = await oneDeviceChess();
        await playShuffle(page, 7);
        assert((await page.locator('#claim-draw').count()) === 0, 'a claim button before the repetition');
        const [a, b] = KNIGHT_SHUFFLE[7];
        await clickSquare(page, a);
        await clickSquare(page, b);
        await page.waitForSelector('#claim-ask', { timeout: 5000 });
        const text = await page.textContent('#claim-ask');
        assert(/claim a draw \(threefold repetition\)/.test(text ?? ''), `the question says "${text}"`);
        assert(
            (await page.locator('.board-svg rect.sq.last[data-square="g8"]').count()) === 1,
            'the board does not show the move asked about',
        );
        await shot(page, 'claim-with-move-asked');
        await page.click('#claim-yes');
        await page.waitForSelector('#status[data-state="over"]', { timeout: 5000 });
        const status = await page.textContent('#status');
        assert(/Threefold repetition/.test(status ?? ''), `status "${status}"`);
        const verdict = await page.textContent('#end-verdict');
        assert(verdict === 'Draw', `end panel "${verdict}"`);
        const told = await page.textContent('#event-log');
        assert(/Black claimed a draw by threefold repetition\./.test(told ?? ''), `event log "${told}"`);
        assert((await page.locator('.move-list .san').count()) === 8, 'the claim move is not in the list');
        await shot(page, 'claim-with-move-drawn');
        await page.context().close();
    });
    await step('claim with the move declined (phone size): the move is played, the opponent may claim', async () => {
        const page = await oneDeviceChess({ width: 390, height: 844 });
        await playShuffle(page, 7);
        const [a, b] = KNIGHT_SHUFFLE[7];
        await clickSquare(page, a);
        await clickSquare(page, b);
        await page.waitForSelector('#claim-ask', { timeout: 5000 });
        await shot(page, 'claim-with-move-asked-phone');
        await page.click('#claim-no');
        await page.waitForFunction(() => document.querySelectorAll('.move-list .san').length === 8, null, {
            timeout: 5000,
        });
        await page.waitForSelector('#claim-draw', { timeout: 5000 });
        const label = await page.textContent('#claim-draw');
        assert(/threefold/.test(label ?? ''), `claim button "${label}"`);
        await shot(page, 'claim-button');
        await page.click('#claim-draw');
        await page.waitForSelector('#status[data-state="over"]', { timeout: 5000 });
        await page.context().close();
    });
}

// ---- two-player draw offer on one device: it stands over the offerer's move (real server) ----
if (!mock) {
    await step('one device: White offers a draw and moves, Black accepts', async () => {
        const page = await oneDeviceChess();
        await page.click('#offer-draw');
        await page.waitForSelector('#draw-offer', { timeout: 5000 });
        assert(/You offered a draw/.test((await page.textContent('#draw-offer')) ?? ''), 'no word of the own offer');
        await clickSquare(page, 'e2');
        await clickSquare(page, 'e4');
        await page.waitForSelector('#accept-draw', { timeout: 5000 });
        assert((await page.locator('#decline-draw').count()) === 1, 'no Decline for Black');
        assert(
            /White offers a draw/.test((await page.textContent('#draw-offer')) ?? ''),
            'Black is not told who offered',
        );
        await shot(page, 'draw-offer-two-players');
        await page.click('#accept-draw');
        await page.waitForSelector('#status[data-state="over"]', { timeout: 5000 });
        assert(/Draw agreed/.test((await page.textContent('#status')) ?? ''), 'not a draw by agreement');
        await page.context().close();
    });
}

// ---- the game in words: offers and answers, the end panel and its rematch, moves heard ----
if (!mock) {
    const vsEngine = (fen = null) => create('chess', fen, [{ player: 'human' }, { player: 'engine', level: 1 }], null);
    const logText = (page) => page.locator('#event-log').innerText();

    await step('words: a draw offered to the engine, and its decline, are said in words', async () => {
        // Black is a queen and a rook up: the engine declines at once.
        const game = await vsEngine('rq2k3/8/8/8/8/8/P7/7K w - - 0 1');
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await boardReady(page);
        await page.click('#offer-draw');
        await page.waitForFunction(
            () => /Black declined the draw offer\./.test(document.querySelector('#event-log')?.textContent ?? ''),
            null,
            { timeout: 10000 },
        );
        const told = await logText(page);
        assert(/White offered a draw\.\s*Black declined the draw offer\./.test(told), `event log "${told}"`);
        await page.waitForSelector('#offer-draw', { timeout: 5000 }); // the offer no longer stands
        await shot(page, 'words-draw-declined');
        await page.context().close();
    });

    await step('words: resigned to the engine, the end panel; Rematch swaps the colours; New game', async () => {
        const game = await vsEngine();
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await boardReady(page);
        await page.click('#resign');
        await page.click('#resign-yes');
        await page.waitForSelector('#end-panel:not([hidden])', { timeout: 5000 });
        assert((await page.textContent('#end-verdict')) === 'The computer won', 'the end panel does not say who won');
        assert(/White resigned\./.test(await logText(page)), 'the resignation is not told');
        assert(/^Game over: Resignation\.$/.test((await page.textContent('#status')) ?? ''), 'status line');
        assert((await page.locator('#end-new-game').count()) === 1, 'no New game in the end panel');
        await shot(page, 'words-end-panel');
        await page.click('#rematch');
        await page.waitForURL((u) => /\/g\//.test(u.pathname) && !u.pathname.includes(game.id), { timeout: 10000 });
        const id = new URL(page.url()).pathname.split('/').pop();
        const state = (await api(`/api/games/${id}`)).json;
        const seats = state.seats.map((s) => `${s.seat}:${s.player}:${s.level}`).join(' ');
        assert(seats === 'white:engine:1 black:human:null', `rematch seats ${seats}`);
        await boardReady(page);
        assert(
            (await page.locator('.board').getAttribute('data-rotation')) === '2',
            'the rematch is not played as Black',
        );
        await page.waitForSelector('#resign', { timeout: 10000 });
        await page.click('#resign');
        await page.click('#resign-yes');
        await page.click('#end-new-game');
        await page.waitForSelector('#new-game', { timeout: 5000 });
        await page.context().close();
    });

    await step('take back: offered in the form against the computer; the move and the reply go', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-chess');
        await page.selectOption('#seat-white', 'human');
        await page.selectOption('#seat-black', 'human');
        assert(await page.locator('#take-back').isHidden(), 'take-backs offered between two people');
        await page.selectOption('#seat-black', 'engine');
        await page.fill('#level-black', '1');
        assert(await page.locator('#take-back').isChecked(), 'take-backs not offered against the computer');
        await page.click('#create');
        await page.waitForURL(/\/g\//);
        await boardReady(page);
        assert((await page.locator('#take-back').count()) === 0, 'a take-back offered before any move');
        await clickSquare(page, 'e2');
        await clickSquare(page, 'e4');
        await page.waitForSelector('.move-list .san >> nth=1', { timeout: 10000 }); // the engine's reply
        await page.click('#take-back');
        await page.waitForFunction(() => document.querySelectorAll('.move-list .san').length === 0, null, {
            timeout: 5000,
        });
        assert(/You took back your move\./.test(await logText(page)), 'the take-back is not told');
        assert((await page.locator('#take-back').count()) === 0, 'take-back still offered with no move left');
        await clickSquare(page, 'd2');
        await clickSquare(page, 'd4');
        await page.waitForSelector('.move-list .san >> nth=1', { timeout: 10000 });
        assert((await page.locator('.move-list .san').first().textContent()) === 'd4', 'the game did not go on');
        await page.context().close();
    });

    await step('rematch between two browsers: one asks, the other is told and joins, colours swapped', async () => {
        const game = await create('chess', null, undefined, null);
        const white = await newPage();
        const black = await newPage();
        await white.goto(seatUrl(game, 'white'));
        await black.goto(seatUrl(game, 'black'));
        await boardReady(white);
        await boardReady(black);
        await white.click('#resign');
        await white.click('#resign-yes');
        await black.waitForSelector('#end-panel:not([hidden])', { timeout: 5000 });
        await white.click('#rematch');
        await white.waitForURL((u) => !u.pathname.includes(game.id), { timeout: 10000 });
        const id = new URL(white.url()).pathname.split('/').pop();
        await black.waitForFunction(
            () => /wants a rematch/.test(document.querySelector('#event-log')?.textContent ?? ''),
            null,
            {
                timeout: 5000,
            },
        );
        assert((await black.textContent('#rematch')) === 'Play the rematch', 'the other player is not asked to join');
        await black.click('#rematch');
        await black.waitForURL((u) => u.pathname.endsWith(id), { timeout: 10000 });
        await boardReady(black);
        await boardReady(white);
        // The one who was Black plays White now: the move is theirs.
        await clickSquare(black, 'e2');
        await clickSquare(black, 'e4');
        await white.waitForSelector('.move-list .san', { timeout: 5000 });
        await white.context().close();
        await black.context().close();
    });

    await step('words: the live region says each move, and describes the position on request', async () => {
        const game = await create('chess', null, undefined, null);
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await boardReady(page);
        assert((await page.getAttribute('#move-words', 'aria-live')) === 'polite', 'the move words are not live');
        await clickSquare(page, 'e2');
        await clickSquare(page, 'e4');
        await page.waitForFunction(
            () => document.querySelector('#move-words')?.textContent === 'White: pawn to e4',
            null,
            { timeout: 5000 },
        );
        await page.focus('#describe-position');
        await page.keyboard.press('Enter');
        const described = (await page.textContent('#move-words')) ?? '';
        assert(/^White: king e1; queen d1; .*pawn a2, b2, c2, d2, e4, f2/.test(described), `described "${described}"`);
        await page.context().close();
    });
}

// ---- Four Kingdoms draw offers: no Decline, who offered, the next move ends it ----
await step('Four Kingdoms draw offer: who offered, no decline, lapses with the move', async () => {
    const page = await newPage();
    await page.goto(base + '/');
    await page.check('#variant-fourkingdoms');
    await page.click('#create');
    await page.waitForURL(/\/g\//);
    await boardReady(page);
    await page.click('#offer-draw');
    await page.waitForSelector('#draw-offer', { timeout: 5000 });
    const text = await page.textContent('#draw-offer');
    assert(/Draw offered by East/.test(text ?? '') && /next move/.test(text ?? ''), `offer text "${text}"`);
    assert((await page.locator('#decline-draw').count()) === 0, 'a Decline button in Four Kingdoms');
    assert((await page.locator('button.accept-draw').count()) === 3, 'not one accept button per other seat');
    await shot(page, 'fourkingdoms-draw-offer');
    await clickSquare(page, 'm7');
    await clickSquare(page, 'k7');
    await page.waitForSelector('.move-list .san', { timeout: 5000 });
    await page.waitForTimeout(300);
    assert((await page.locator('#draw-offer').count()) === 0, 'the offer outlived the move');
    await page.context().close();
});

// ---- Four Kingdoms alliance: the seat proposed to is offered to accept ----
// Three players left, East commanding North's army (tests/fixtures/fourkingdoms_alliance.json).
const FK_ALLIANCE = 'xxx8xxx/xxxnP7xxx/xxx8xxx/14/14/14/wK13/13eK/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx s - - 0 1 eswe -';
await step('Four Kingdoms alliance: South proposes, West is asked and accepts', async () => {
    const game = await create('fourkingdoms', FK_ALLIANCE);
    const south = await newPage();
    await south.goto(seatUrl(game, 'south'));
    await boardReady(south);
    const west = await newPage();
    await west.goto(seatUrl(game, 'west'));
    await boardReady(west);
    assert(
        /West/.test((await south.textContent('#propose-alliance')) ?? ''),
        'South is not offered to propose to West',
    );
    await south.click('#propose-alliance');
    await west.waitForSelector('#accept-alliance', { timeout: 5000 });
    assert(/South/.test((await west.textContent('#accept-alliance')) ?? ''), 'West is not told who proposed');
    await south.waitForSelector('#propose-alliance', { state: 'detached', timeout: 5000 });
    await shot(west, 'fourkingdoms-alliance-asked');
    await west.click('#accept-alliance');
    await west.waitForSelector('#accept-alliance', { state: 'detached', timeout: 5000 });
    assert((await west.locator('#propose-alliance').count()) === 0, 'West may still propose after the alliance');
    await south.context().close();
    await west.context().close();
});

if (!mock) {
    // A finished game: the panel shows the progress, then the chart and the mistake (3...Nf6??),
    // on a desktop and on a phone. A point (clicked, or reached with the keys) shows its position
    // on the board; the mistake shows the position before it with the better move's arrow, and
    // on a phone brings the board (above the chart) back into view.
    await step('finished game: the analysis chart, a point and a mistake on the board (desktop, phone)', async () => {
        const game = await create('chess');
        const moves = ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];
        for (const [ply, move] of moves.entries()) {
            const token = game.seats[ply % 2].token;
            const r = await api(`/api/games/${game.id}/moves`, { token, move, ply });
            assert(r.status === 200, `move ${move}: ${r.status}`);
        }
        for (const [name, viewport] of [
            ['desktop', undefined],
            ['phone', { width: 390, height: 844 }],
        ]) {
            const page = await newPage(viewport);
            await page.goto(`${base}/g/${game.id}`);
            await boardReady(page);
            if (name === 'desktop') {
                // The first visit finds it computing (or, on a fast machine, already done).
                await page.waitForSelector('#analysis .analysis-progress, #analysis .eval-graph', {
                    timeout: 10000,
                });
                if (await page.locator('#analysis .analysis-progress').count())
                    await page.locator('#analysis').screenshot({ path: join(OUT, 'analysis-pending.png') });
            }
            await page.waitForSelector('#analysis:not([hidden]) .eval-graph', { timeout: 60000 });
            const hits = page.locator('#analysis .eval-hit');
            assert((await hits.count()) === 8, 'one column per position');
            assert((await page.locator('#analysis .eval-dot.mistake').count()) >= 1, 'the mistake is marked');
            const width = await hits.first().evaluate((r) => r.getBoundingClientRect().width);
            assert(width >= 24, `a column ${width} px wide`);
            const text = await page.locator('#analysis .mistakes').innerText();
            assert(/Black’s 3rd move: Nf6\?/.test(text), `the mistake list names Black’s 3...Nf6: ${text}`);
            await page.locator('#analysis').scrollIntoViewIfNeeded();
            await shot(page, `analysis-${name}`);
            await page.locator('#analysis').screenshot({ path: join(OUT, `analysis-panel-${name}.png`) });
            if (name === 'desktop') {
                await page.locator('#analysis .eval-hit[data-ply="3"]').click();
                await page.waitForSelector('.move-list .san.current[data-ply="3"]', { timeout: 5000 });
                assert(
                    (await page.locator('#analysis .eval-cursor').getAttribute('visibility')) === 'visible',
                    'the chart marks the position shown',
                );
                await page.keyboard.press('ArrowLeft');
                await page.keyboard.press('Enter');
                await page.waitForSelector('.move-list .san.current[data-ply="2"]', { timeout: 5000 });
            }
            const mistake = page.locator('#analysis .mistakes button', { hasText: 'Nf6' });
            await (name === 'phone' ? mistake.tap() : mistake.click());
            await page.waitForSelector('.move-list .san.current[data-ply="5"]', { timeout: 5000 }); // before 3...Nf6
            // Attached, not "visible": a straight arrow along a file (3...g6, g7 to g6) is an SVG
            // line with an empty bounding box, which Playwright does not count as visible. A
            // person sees it when it has a length.
            const arrow = await page.waitForSelector('.board-svg line.arrow', { state: 'attached', timeout: 5000 });
            const length = await arrow.evaluate((l) =>
                Math.hypot(l.x2.baseVal.value - l.x1.baseVal.value, l.y2.baseVal.value - l.y1.baseVal.value),
            );
            assert(length > 10, `the better move's arrow is ${length} units long`);
            assert(
                /Better was/.test((await page.locator('#better-line').innerText()) ?? ''),
                'the better line in words',
            );
            // The board scrolls into view (smoothly: give it time on a loaded machine).
            const inView = () => {
                const r = document.querySelector('.board-area .board-svg').getBoundingClientRect();
                return r.top >= -1 && r.bottom <= innerHeight + 1;
            };
            const seen = await page.waitForFunction(inView, null, { timeout: 5000 }).catch(() => null);
            const box = await page.locator('.board-area .board-svg').boundingBox();
            assert(seen, `the board in view: ${JSON.stringify(box)}`);
            await shot(page, `analysis-better-${name}`);
            await page.context().close();
        }
    });

    await step('finished free-for-all Four Kingdoms: one line per player and why no mistakes are listed', async () => {
        const game = await create('fourkingdoms');
        const token = (seat) => game.seats.find((x) => x.seat === seat).token;
        const state = (await api(`/api/games/${game.id}`)).json;
        assert(
            (await api(`/api/games/${game.id}/moves`, { token: token('east'), move: state.legal_moves[0], ply: 0 }))
                .status === 200,
            'east moves',
        );
        for (const seat of ['south', 'west', 'north'])
            await api(`/api/games/${game.id}/actions`, { token: token(seat), action: 'resign' });
        const page = await newPage({ width: 390, height: 844 });
        await page.goto(`${base}/g/${game.id}`);
        await page.waitForSelector('#analysis:not([hidden]) .eval-legend', { timeout: 60000 });
        assert((await page.locator('#analysis .eval-note').count()) === 1, 'the note on mistakes');
        assert((await page.locator('#analysis .mistakes').count()) === 0, 'no mistakes listed');
        await page.locator('#analysis').screenshot({ path: join(OUT, 'analysis-panel-fourkingdoms.png') });
        await page.context().close();
    });
}

if (restart) {
    await step('server killed (SIGKILL) and restarted mid-game: the page reconnects and goes on', async () => {
        const game = mock
            ? { id: 'mock-chess', seats: [{ seat: 'white', token: 'mock-chess-white' }] }
            : await create('chess');
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await boardReady(page);
        await page.waitForSelector('#link-status[data-status="connected"]');
        if (!mock) {
            await clickSquare(page, 'e2');
            await clickSquare(page, 'e4');
            await page.waitForSelector('.move-list .san');
        }
        await restart(async () => {
            await page.waitForSelector(
                '#link-status[data-status="reconnecting"], #link-status[data-status="polling"]',
                { timeout: 10000 },
            );
            await shot(page, 'reconnecting');
        });
        await page.waitForSelector('#link-status[data-status="connected"]', { timeout: 30000 });
        if (!mock) {
            assert((await page.locator('.move-list .san').count()) === 1, 'the move before the restart is gone');
        }
        await shot(page, 'reconnected');
        await page.context().close();
    });
}

if (mock && process.env.CITADEL_E2E_MOCK_ONLY !== '0') {
    await step('mock: check highlight, move list replay, past positions', async () => {
        const page = await newPage();
        await page.goto(`${base}/g/mock-check?token=mock-check-black&seat=black`);
        await boardReady(page);
        assert((await page.locator('.board-svg circle.check').count()) === 1, 'the king in check is not marked');
        await shot(page, 'check-highlight');
        await page.click('#nav-back');
        await page.click('#nav-back');
        await page.waitForTimeout(100);
        await shot(page, 'past-position');
        await page.context().close();
    });
    await step('mock: Tamerlane citadel occupant, pawns by kind', async () => {
        const page = await newPage();
        await page.goto(`${base}/g/mock-tamerlane-citadel?token=mock-tamerlane-citadel-white&seat=white`);
        await boardReady(page);
        await shot(page, 'tamerlane-citadel');
        await page.context().close();
    });
    await step('mock: Four Kingdoms alliance button', async () => {
        const page = await newPage();
        await page.goto(`${base}/g/mock-fk-alliance?token=mock-fk-alliance-west&seat=west`);
        await boardReady(page);
        assert((await page.locator('#propose-alliance').count()) === 1, 'no alliance proposal button');
        await shot(page, 'fourkingdoms-alliance');
        await page.context().close();
    });
    await step('mock: Four Kingdoms alliance: the seat proposed to may accept', async () => {
        const page = await newPage();
        await page.goto(`${base}/g/mock-fk-proposal?token=mock-fk-proposal-west&seat=west`);
        await boardReady(page);
        assert((await page.locator('#accept-alliance').count()) === 1, 'West is not offered to accept');
        await shot(page, 'fourkingdoms-alliance-proposed');
        await page.context().close();
    });
    await step('mock: finished game with analysis panel', async () => {
        const page = await newPage();
        await page.goto(`${base}/g/mock-over`);
        await boardReady(page);
        await page.waitForSelector('#analysis:not([hidden]) .eval-graph', { timeout: 5000 });
        await shot(page, 'game-over');
        await page.context().close();
    });
}

await playChecks({ step, assert, newPage, create, seatUrl, out: OUT });
await boardExtrasChecks({ step, assert, api, newPage, create, seatUrl, out: OUT });
await variantChecks({ mock, step, assert, newPage, create, seatUrl, api });
await learnChecks({ base, mock, step, assert, newPage, create, seatUrl, out: OUT });
await familyChecks({ base, step, assert, newPage, out: OUT });
await gamesChecks({ base, step, assert, newPage, out: OUT });
await formChecks({ base, mock, step, assert, newPage });
await rulesChecks({ base, step, assert, newPage, out: OUT });

await browser.close();
stopChildren();
console.log(`e2e: ${passes} passed, ${failures} failed; screenshots in ${OUT}`);
process.exit(failures ? 1 : 0);
