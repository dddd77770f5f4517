// Browser checks of the new-game form's explanations, for run.mjs: an engine seat's level says
// what it means as the level changes; a start position the rules refuse is said in the page's
// language, naming the rule, and never as the server's English sentence; a FEN without its two
// move counters starts a game, as other chess software allows.

export async function formChecks({ base, mock, step, assert, newPage }) {
    await step('form: an engine seat says what its level means, and the meaning follows the level', async () => {
        const page = await newPage();
        await page.goto(base + '/');
        await page.check('#variant-chess');
        await page.selectOption('#seat-black', 'engine');
        const about = page.locator('#level-about-black');
        const meaning = async (level) => {
            await page.fill('#level-black', String(level));
            return (await about.textContent()).trim();
        };
        const low = await meaning(0);
        const high = await meaning(20);
        assert(/^Just learned the moves/.test(low) && /303/.test(low), `level 0 says "${low}"`);
        assert(/^Full strength/.test(high) && /2430/.test(high), `level 20 says "${high}"`);
        await page.context().close();
    });

    // The development mock reads a FEN but does not judge it by the rules.
    if (mock) return;

    await step('form: a refused start position is said in Chinese, naming the rule; no counters is fine', async () => {
        const page = await newPage({ width: 390, height: 844 }, 'zh');
        await page.goto(base + '/');
        await page.check('#variant-chess');
        await page.click('#new-game details summary');
        await page.fill('#fen', '4k3/8/8/8/8/8/8/3KK3 w - - 0 1');
        await page.click('#create');
        const error = page.locator('.field-error');
        await page.waitForFunction(() => document.querySelector('.field-error').textContent.trim() !== '', null, {
            timeout: 5000,
        });
        const text = (await error.textContent()).trim();
        assert(/[\u4e00-\u9fff]/.test(text) && /王/.test(text), `the refusal reads "${text}"`);
        assert(!/fen|illegal|position/i.test(text), `the server's English shows through: "${text}"`);
        assert(/\/$/.test(new URL(page.url()).pathname), 'a refused position left the form');
        await page.fill('#fen', '4k3/8/8/8/8/8/8/4K2R w K -');
        await page.click('#create');
        await page.waitForURL(/\/g\//, { timeout: 5000 });
        await page.context().close();
    });
}
