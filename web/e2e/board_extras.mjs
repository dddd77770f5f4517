// The browser checks of the game board's extras, for run.mjs: a premove planned while the
// opponent thinks in a game in time, played by itself when the turn comes; an arrow drawn with
// the right button and cleared by a left click; a capture shown by the capturer's name with "+1".

import { join } from 'node:path';

export async function boardExtrasChecks({ step, assert, api, newPage, create, seatUrl, out }) {
    const ready = async (page) => {
        await page.waitForSelector('.board-svg rect.sq', { timeout: 10000 });
        await page.waitForTimeout(200);
    };
    const square = (page, sq) => page.locator(`.board-svg rect.sq[data-square="${sq}"]`);
    const centre = async (page, sq) => {
        const b = await square(page, sq).boundingBox();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };

    await step('board extras: a premove in a game in time is played when the turn comes', async () => {
        const game = await create('chess');
        const page = await newPage();
        await page.goto(seatUrl(game, 'black'));
        await ready(page);
        // White to move: Black plans e7-e5.
        await square(page, 'e7').click();
        await square(page, 'e5').click();
        await page.waitForSelector('.board-svg rect.premove[data-premove="e5"]', { timeout: 3000 });
        assert((await page.locator('#premove-note').textContent()).includes('e7 → e5'), 'the premove is not said');
        const white = game.seats.find((s) => s.seat === 'white').token;
        const r = await api(`/api/games/${game.id}/moves`, { token: white, move: 'e2e4', ply: 0 });
        assert(r.status === 200, `white's move: ${r.status} ${JSON.stringify(r.json)}`);
        await page.waitForFunction(() => document.querySelectorAll('.move-list .san').length >= 2, null, {
            timeout: 5000,
        });
        const sans = await page.locator('.move-list .san').allTextContents();
        assert(sans[1] === 'e5', `the second move is ${sans[1]}`);
        assert((await page.locator('.board-svg rect.premove').count()) === 0, 'the premove is still shown');
        await page.screenshot({ path: join(out, 'premove-played.png') });
        await page.context().close();
    });

    await step('board extras: the right button draws an arrow and a circle, a left click clears them', async () => {
        const game = await create('chess');
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await ready(page);
        const a = await centre(page, 'g1');
        const b = await centre(page, 'f3');
        await page.mouse.move(a.x, a.y);
        await page.mouse.down({ button: 'right' });
        await page.mouse.move(b.x, b.y, { steps: 5 });
        await page.mouse.up({ button: 'right' });
        await page.waitForSelector('.board-svg line.arrow.drawn[data-drawn="g1f3"]', { timeout: 2000 });
        const c = await centre(page, 'd5');
        await page.mouse.click(c.x, c.y, { button: 'right' });
        await page.waitForSelector('.board-svg circle.drawn-circle[data-drawn="d5"]', { timeout: 2000 });
        await page.screenshot({ path: join(out, 'drawn-arrow.png') });
        await square(page, 'e5').click();
        const left = await page.locator('.board-svg [data-drawn]').count();
        assert(left === 0, `${left} drawings left after a left click`);
        await page.context().close();
    });

    await step('board extras: a capture shows the taken pawn by the capturer and +1', async () => {
        const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
        const game = await create('chess', fen);
        const page = await newPage();
        await page.goto(seatUrl(game, 'white'));
        await ready(page);
        await square(page, 'e4').click();
        await square(page, 'd5').click();
        const taken = page.locator('#players .seat-white .captured');
        await taken.locator('.captured-group[data-kind="P"]').waitFor({ timeout: 5000 });
        const lead = await taken.locator('.material-ahead').textContent();
        assert(lead === '+1', `the lead reads ${lead}`);
        const words = await taken.locator('.visually-hidden').textContent();
        assert(words === 'White has taken 1 pawn. White is 1 ahead.', `it says "${words}"`);
        assert((await page.locator('#players .seat-black .captured').count()) === 0, 'Black shows captures');
        await page.context().close();
    });
}
