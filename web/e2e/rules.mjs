// The browser checks of "How to play", for run.mjs: the new-game form's link opens the chosen
// game's rules (its start position drawn) and Back comes to the form as it was filled; the game
// screen's link opens that game's rules in a tab of its own, the game staying open; every game's
// rules in Chinese and Vietnamese at phone size, without sideways scrolling. A few seconds each.

import { join } from 'node:path';

export async function rulesChecks({ base, step, assert, newPage, out }) {
    const shot = (page, name) => page.screenshot({ path: join(out, `${name}.png`), fullPage: true });

    await step('rules: the form’s link opens the chosen game’s rules, Back returns to the form as filled', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-tamerlane');
        await page.selectOption('#seat-black', 'engine');
        await page.fill('#level-black', '9');
        await page.selectOption('#clock', '3');
        await page.click('#rules-link');
        await page.waitForSelector('#rules[data-variant="tamerlane"] #rules-start .board-svg [data-piece]');
        const heading = await page.textContent('#rules h2');
        assert(heading === 'How to play: Tamerlane', `the heading is "${heading}"`);
        const pieces = await page.locator('#rules-start [data-piece]').count();
        assert(pieces === 56, `the start position shows ${pieces} pieces, not Tamerlane's 56`);
        const sections = await page.locator('#rules .rules-section h3').count();
        assert(sections === 18, `${sections} sections`);
        assert((await page.locator('#rules-giraffe [data-mark]').count()) > 0, 'the giraffe’s squares are not marked');
        await shot(page, 'rules-tamerlane');
        await page.click('#rules-back');
        await page.waitForSelector('#new-game');
        const got = {
            variant: await page.isChecked('#variant-tamerlane'),
            black: await page.inputValue('#seat-black'),
            level: await page.inputValue('#level-black'),
            clock: await page.inputValue('#clock'),
        };
        const want = { variant: true, black: 'engine', level: '9', clock: '3' };
        assert(JSON.stringify(got) === JSON.stringify(want), `after Back the form is ${JSON.stringify(got)}`);
        await page.context().close();
    });

    await step('rules: the game screen’s link opens that game’s rules in a tab of its own', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-pawnrace');
        await page.click('#create');
        await page.waitForURL(/\/g\//);
        const game = page.url();
        await page.waitForSelector('#game-rules');
        const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#game-rules')]);
        await tab.waitForSelector('#rules[data-variant="pawnrace"] #rules-start [data-piece]');
        const pieces = await tab.locator('#rules-start [data-piece]').count();
        assert(pieces === 16, `the pawn race starts with ${pieces} pieces`);
        assert(page.url() === game, `the game's tab went to ${page.url()}`);
        await tab.click('#rules-back'); // nothing to go back to in this tab: the new-game form
        await tab.waitForSelector('#new-game');
        await page.context().close();
    });

    await step('rules: every game’s rules in zh and vi at phone size, no sideways scrolling', async () => {
        for (const lang of ['zh', 'vi']) {
            const page = await newPage({ width: 390, height: 844 }, lang);
            for (const variant of [
                'chess',
                'silverman',
                'pawnrace',
                'tamerlane',
                'fourkingdoms',
                'fourkingdoms-teams',
            ]) {
                await page.goto(`${base}/rules/${variant}`);
                await page.waitForSelector('#rules-start .board-svg rect.sq');
                const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
                assert(!wide, `${variant} in ${lang} scrolls sideways`);
                const empty = await page
                    .locator('#rules .rules-section p:empty, #rules .rules-section h3:empty')
                    .count();
                assert(empty === 0, `${variant} in ${lang} has ${empty} empty texts`);
            }
            await shot(page, `rules-fourkingdoms-teams-phone-${lang}`);
            await page.context().close();
        }
    });
}
