// The browser checks of the playing board, for run.mjs: the last moves of three players in Four
// Kingdoms and the picked piece, each seen over the board's own colours (the colour drawn is
// compared with the plain square's, as a style sheet could hide them); the promotion chooser
// focused after a click and a tap, Escape and a click elsewhere putting the piece back; Enter on
// another piece of one's own picking it instead; the flip button, kept over a reload, and in
// Four Kingdoms bringing the next seat down; a move's slide (castling's two pieces), none where
// less motion is asked for.

import { join } from 'node:path';

// The colour seen on `square`: its overlays (last move, pick) laid over the square's own fill,
// and the plain fill, as [r, g, b] each.
async function seenColour(page, square) {
    return page.evaluate((sq) => {
        const rgba = (text) => {
            const m = /rgba?\(([^)]+)\)/.exec(text);
            if (!m) return [0, 0, 0, 0];
            const [r, g, b, a] = m[1].split(',').map(Number);
            return [r, g, b, a === undefined || Number.isNaN(a) ? 1 : a];
        };
        const rect = document.querySelector(`.board-svg rect.sq[data-square="${sq}"]`);
        const plain = rgba(getComputedStyle(rect).fill).slice(0, 3);
        let seen = plain;
        for (const el of document.querySelectorAll(`.board-svg [data-last="${sq}"], .board-svg rect.picked`)) {
            if (el.classList.contains('picked') && el.getAttribute('x') !== rect.getAttribute('x')) continue;
            if (el.classList.contains('picked') && el.getAttribute('y') !== rect.getAttribute('y')) continue;
            const style = getComputedStyle(el);
            if (style.display === 'none' || style.visibility === 'hidden') continue;
            const [r, g, b, a0] = rgba(style.fill);
            const a = a0 * Number(style.fillOpacity) * Number(style.opacity);
            seen = seen.map((c, i) => c * (1 - a) + [r, g, b][i] * a);
        }
        return { plain, seen };
    }, square);
}

const distance = (a, b) => Math.hypot(...a.map((x, i) => x - b[i]));

export async function playChecks({ step, assert, newPage, create, seatUrl, out }) {
    const shot = (page, name) => page.screenshot({ path: join(out, `${name}.png`) });
    const ready = async (page) => {
        await page.waitForSelector('.board-svg rect.sq', { timeout: 10000 });
        await page.waitForTimeout(200);
    };
    const click = (page, sq) => page.locator(`.board-svg rect[data-square="${sq}"]`).click();
    const sans = (page, n) =>
        page.waitForFunction((k) => document.querySelectorAll('.move-list .san').length >= k, n, { timeout: 20000 });

    await step('play board: Four Kingdoms shows the last moves of the three others and the picked piece', async () => {
        const engine = { player: 'engine', level: 0 };
        const game = await create('fourkingdoms', null, [{ player: 'human' }, engine, engine, engine], null);
        const page = await newPage();
        await page.goto(seatUrl(game, 'east'));
        await ready(page);
        await click(page, 'm7');
        await click(page, 'k7');
        await sans(page, 4);
        await page.waitForTimeout(300);
        const moves = await page.evaluate(() =>
            [...document.querySelectorAll('.board-svg rect.last-move.to')].map((el) => ({
                square: el.dataset.last,
                army: [...el.classList].find((c) => c.startsWith('army-')),
                ring: getComputedStyle(el.nextElementSibling).stroke,
            })),
        );
        const armies = moves.map((m) => m.army).sort();
        assert(
            JSON.stringify(armies) === '["army-north","army-south","army-west"]',
            `last moves of ${armies.join(', ')}`,
        );
        const rings = new Set(moves.map((m) => m.ring));
        assert(rings.size === 3 && !rings.has('none'), `the rings are ${[...rings].join(', ')}`);
        for (const m of moves) {
            const { plain, seen } = await seenColour(page, m.square);
            assert(distance(plain, seen) > 40, `${m.army}'s move to ${m.square} looks like a plain square`);
        }
        await click(page, 'm8');
        const picked = await seenColour(page, 'm8');
        assert(distance(picked.plain, picked.seen) > 60, 'the picked piece looks like a plain square');
        assert((await page.locator('.board-svg circle.target').count()) > 0, 'no legal-move dots');
        await shot(page, 'play-fourkingdoms-last-moves');
        await page.context().close();
    });

    await step(
        'play board: the promotion chooser takes the focus; Escape and a click elsewhere put the piece back',
        async () => {
            const focused = () => page.evaluate(() => !!document.activeElement?.closest('.promotion'));
            const open = async (how) => {
                for (const sq of ['e7', 'e8']) await page.locator(`.board-svg rect[data-square="${sq}"]`)[how]();
                await page.waitForSelector('.promotion');
                await page.waitForTimeout(100);
            };
            const page = await newPage({ width: 390, height: 844 }); // touch, and a mouse too
            await page.goto(seatUrl(await create('chess', 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1'), 'white'));
            await ready(page);
            await open('tap');
            assert(await focused(), 'the chooser is not focused after a tap');
            const box = await page.locator('.promotion').boundingBox();
            const board = await page.locator('.board').boundingBox();
            assert(
                box.y >= board.y && box.y + box.height <= board.y + board.height + 1,
                'the chooser reaches out of the board',
            );
            await shot(page, 'play-promotion-phone');
            await page.keyboard.press('Escape');
            assert((await page.locator('.promotion').count()) === 0, 'Escape left the chooser open');
            assert((await page.locator('.board-svg [data-piece="e7"]').count()) === 1, 'the pawn is not back on e7');
            await open('click');
            assert(await focused(), 'the chooser is not focused after a click');
            await page.click('#status');
            assert((await page.locator('.promotion').count()) === 0, 'a click elsewhere left the chooser open');
            assert((await page.locator('.move-list .san').count()) === 0, 'a move was sent');
            await open('click');
            await page.keyboard.press('ArrowRight');
            await page.keyboard.press('Enter');
            await sans(page, 1);
            const san = await page.textContent('.move-list .san');
            assert(/=R/.test(san ?? ''), `the second choice (a rook) was not played: ${san}`);
            await page.context().close();
        },
    );

    await step('play board: Enter on another piece of one’s own picks it, as a click does', async () => {
        const page = await newPage();
        await page.goto(seatUrl(await create('chess'), 'white'));
        await ready(page);
        await page.focus('.board-svg');
        for (const k of ['ArrowUp', 'Enter', 'ArrowRight', 'Enter']) await page.keyboard.press(k); // a2, then b2
        await page.waitForTimeout(200);
        assert((await page.locator('.board-svg rect.sq.selected[data-square="b2"]').count()) === 1, 'b2 is not picked');
        assert(await page.locator('#explain').isHidden(), 'a move was attempted');
        for (const k of ['ArrowUp', 'ArrowUp', 'Enter']) await page.keyboard.press(k);
        await sans(page, 1);
        assert((await page.textContent('.move-list .san')) === 'b4', 'b2-b4 was not played');
        await page.context().close();
    });

    await step('play board: flip brings the next seat down in Four Kingdoms, kept over a reload', async () => {
        const page = await newPage();
        await page.goto(seatUrl(await create('fourkingdoms'), 'east'));
        await ready(page);
        const rotation = () => page.locator('.board').getAttribute('data-rotation');
        const seen = [await rotation()];
        assert(/South/.test((await page.getAttribute('#flip', 'aria-label')) ?? ''), 'the flip button names no side');
        for (let i = 0; i < 2; i++) {
            await page.click('#flip');
            seen.push(await rotation());
        }
        await page.reload();
        await ready(page);
        seen.push(await rotation()); // kept
        await page.focus('#flip');
        await page.keyboard.press('Enter');
        seen.push(await rotation());
        // East, South, West, West again after the reload, North
        assert(seen.join() === '1,0,3,3,2', `Four Kingdoms flips through rotations ${seen.join()}`);
        await page.context().close();
    });

    await step('play board: a move slides (castling both pieces), and stands still with reduced motion', async () => {
        const game = await create('chess', 'r3k2r/pppppppp/8/8/8/8/8/R3K2R w KQkq - 0 1');
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await ready(page);
        await click(page, 'e1');
        await click(page, 'g1');
        await page.waitForFunction(
            () => ['g1', 'f1'].every((s) => document.querySelector(`[data-piece="${s}"]`)?.getAnimations().length),
            null,
            { polling: 'raf', timeout: 5000 },
        );
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.evaluate(() => {
            const svg = document.querySelector('.board-svg');
            window.moved = 0;
            new MutationObserver(() => (window.moved += svg.getAnimations({ subtree: true }).length)).observe(svg, {
                childList: true,
            });
        });
        const black = game.seats.find((x) => x.seat === 'black');
        await page.evaluate(
            ([id, token]) =>
                fetch(`/api/games/${id}/moves`, {
                    method: 'POST',
                    headers: { 'Content-Type': 'application/json' },
                    body: JSON.stringify({ token, move: 'a7a6', ply: 1 }),
                }),
            [game.id, black.token],
        );
        await sans(page, 2);
        await page.waitForTimeout(250);
        assert((await page.evaluate(() => window.moved)) === 0, 'a piece moved with reduced motion');
        await page.context().close();
    });
}
