// The browser checks of the games a browser keeps, for run.mjs: a game created on the home page is
// listed there with "your move" (and the tab's title says it); the creator's invitation links are
// shown again after a reload of its game page, and on the home page after Back; an address of no
// game says "No such game" with a way home, and asks the server nothing more; the new-game form
// keeps its settings across a language switch and after a game is created. Each step is a few
// seconds: no engine thinks, nothing waits on a clock.

import { join } from 'node:path';

export async function gamesChecks({ base, step, assert, newPage, out }) {
    const shot = (page, name) => page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
    const boardReady = (page) => page.waitForSelector('.board-svg rect.sq', { timeout: 10000 });

    await step('games: a created game is listed on the home page with "your move"', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        assert(await page.locator('#my-games').isHidden(), 'a new browser lists games');
        await page.check('#variant-silverman');
        await page.click('#create');
        await page.waitForURL(/\/g\//);
        await boardReady(page);
        const id = new URL(page.url()).pathname.split('/')[2];
        await page.waitForFunction(() => document.title.startsWith('●'), null, { timeout: 5000 });
        assert((await page.title()) === '● Your move · Citadel', `the tab's title is "${await page.title()}"`);
        await page.click('#new-game-link');
        const row = page.locator(`#my-games .kept-game[data-id="${id}"]`);
        await page.waitForSelector(`#my-games .kept-game[data-id="${id}"][data-standing="your_move"]`);
        const text = await row.textContent();
        assert(/Silverman/.test(text) && /Your move/.test(text), `the game is listed as "${text}"`);
        await shot(page, 'games-home-listed');
        await row.locator('a').click();
        await page.waitForURL(new RegExp(`/g/${id}$`));
        await boardReady(page);
        await page.context().close();
    });

    await step('games: the invitation links again, after a reload of the creator’s page and after Back', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-chess');
        await page.check('#mode-invite');
        await page.click('#create');
        await page.waitForSelector('#invitations:not([hidden]) .invite-url');
        const black = await page.inputValue('#invitations li.seat-black input.invite-url');
        await page.click('#invitations li.seat-white button:not(.copy)'); // Play as White
        await boardReady(page);
        await page.reload();
        await boardReady(page);
        await page.click('#invite-open');
        const again = await page.inputValue('#invite li.seat-black input.invite-url');
        assert(again === black, `Black's link is "${again}", not "${black}"`);
        assert((await page.locator('#invite li.seat-white .own-seat').count()) === 1, 'White is not marked as mine');
        await shot(page, 'games-invite-again');
        await page.goBack();
        await page.waitForSelector('#invitations:not([hidden]) li.seat-black');
        const back = await page.inputValue('#invitations li.seat-black input.invite-url');
        assert(back === black, `after Back, Black's link is "${back}"`);
        await page.context().close();
    });

    await step('games: an address of no game says "No such game", links home and asks nothing more', async () => {
        const page = await newPage(undefined, 'zh');
        const asked = [];
        page.on('request', (r) => {
            if (r.url().includes('/api/games/')) asked.push(r.url());
        });
        await page.goto(`${base}/g/nosuchgame0000`);
        await page.waitForSelector('#no-such-game');
        const heading = await page.textContent('#no-such-game h2');
        assert(heading === '没有这个对局', `the heading is "${heading}"`);
        const seen = asked.length;
        await page.waitForTimeout(2000);
        assert(asked.length === seen, `still asking the server: ${asked.slice(seen).join(', ')}`);
        await shot(page, 'games-no-such-game-zh');
        await page.click('#go-home');
        await page.waitForSelector('#new-game');
        await page.goto(`${base}/g/not%20an%20id`);
        await page.waitForSelector('#no-such-game');
        await page.context().close();
    });

    await step('games: the form keeps its settings across a language switch and after a game', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-pawnrace');
        await page.selectOption('#seat-black', 'engine');
        await page.fill('#level-black', '7');
        await page.selectOption('#clock', '2');
        await page.check('#mode-invite');
        const settings = async (where, page) => {
            const got = {
                variant: await page.isChecked('#variant-pawnrace'),
                black: await page.inputValue('#seat-black'),
                level: await page.inputValue('#level-black'),
                clock: await page.inputValue('#clock'),
                invite: await page.isChecked('#mode-invite'),
            };
            const want = { variant: true, black: 'engine', level: '7', clock: '2', invite: true };
            assert(JSON.stringify(got) === JSON.stringify(want), `${where}: the form is ${JSON.stringify(got)}`);
        };
        await page.selectOption('#language', 'vi');
        await page.waitForFunction(() => document.documentElement.lang === 'vi');
        await settings('after switching to Tiếng Việt', page);
        await page.click('#create');
        await page.waitForSelector('#invitations:not([hidden])');
        const next = await page.context().newPage(); // a visit of its own: the settings come from storage
        await next.goto(base + '/');
        await next.waitForSelector('#new-game');
        await settings('on the next visit', next);
        await page.context().close();
    });
}
