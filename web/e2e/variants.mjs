// Browser checks of the variant players' screens: Four Kingdoms' status line says why a player in
// check moves first, and its move list by player keeps that move in its player's column;
// Tamerlane on a phone (cells of at least 28 px, a piece's card on a long press, closed on
// release) and the note on a citadel when a king stands at its door.

// East's rook checks West from m9 to m8: West moves next, before South (check comes first).
const FK_CHECK_FIRST =
    'xxx3nK4xxx/xxx8xxx/xxx8xxx/14/14/12eR1/wK13/13eK/14/14/14/xxx8xxx/xxx8xxx/xxx4sK3xxx e - - 0 1 eswn -';

// White's King on a9, a step from Black's citadel (z9); Black's king far away.
const TAMERLANE_AT_CITADEL = '11/K10/11/11/11/5k5/11/11/11/11 w -/- - 0/0 0 1';

export async function variantChecks({ mock, step, assert, newPage, create, seatUrl, api }) {
    const ready = (page) => page.waitForSelector('.board-svg rect.sq', { timeout: 10000 });
    const token = (game, seat) => game.seats.find((s) => s.seat === seat).token;

    // The development mock does not reorder the turn for a check (only the rules core does).
    if (!mock)
        await step(
            'variants: Four Kingdoms says check comes first, and its move list keeps that move in its player’s column',
            async () => {
                const game = await create('fourkingdoms', FK_CHECK_FIRST, undefined, null);
                const checked = await api(`/api/games/${game.id}/moves`, {
                    token: token(game, 'east'),
                    move: 'm9m8',
                    ply: 0,
                });
                assert(checked.json.to_move === 'west', `West is not to move after the check: ${checked.json.to_move}`);
                // the status line says why West, not South, moves now
                const page = await newPage();
                await page.goto(seatUrl(game, 'north'));
                await ready(page);
                await page.waitForFunction(
                    () =>
                        /West is in check, so West moves before South/.test(
                            document.querySelector('#status').textContent,
                        ),
                    null,
                    { timeout: 5000 },
                );
                const reply = checked.json.legal_moves[0];
                await api(`/api/games/${game.id}/moves`, { token: token(game, 'west'), move: reply, ply: 1 });
                await page.waitForSelector('.rounds tbody .san[data-ply="2"]', { timeout: 10000 });
                const table = await page.evaluate(() => ({
                    heads: [...document.querySelectorAll('.rounds thead th[scope="col"]')].map((th) =>
                        th.textContent.trim(),
                    ),
                    first: [...document.querySelectorAll('.rounds tbody tr:first-child > *')].map((c) =>
                        c.textContent.trim(),
                    ),
                }));
                assert(
                    JSON.stringify(table.heads.slice(1)) === JSON.stringify(['East', 'South', 'West', 'North']),
                    `columns: ${JSON.stringify(table.heads)}`,
                );
                const [round, east, south, west, north] = table.first;
                assert(
                    round === '1.' && east.startsWith('R') && south === '' && west !== '' && north === '',
                    `row: ${table.first}`,
                );
                await page.context().close();
            },
        );

    await step(
        'variants: Tamerlane at 390x844 has cells of 28 px or more; a long press shows a piece card',
        async () => {
            const game = await create('tamerlane');
            const page = await newPage({ width: 390, height: 844 });
            await page.goto(seatUrl(game, 'white'));
            await ready(page);
            const cell = await page.locator('.board-svg rect[data-square="c3"]').boundingBox();
            assert(cell.width >= 28, `Tamerlane cells are ${cell.width} px wide`);
            const cdp = await page.context().newCDPSession(page);
            const at = { x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 };
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
            await page.waitForSelector('.piece-card:not([hidden])', { timeout: 3000 });
            const text = await page.textContent('.piece-card');
            assert(/Pawn of camels/.test(text) && /camel\./.test(text), `card: ${text}`);
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
            await page.waitForSelector('.piece-card[hidden]', { state: 'attached', timeout: 3000 });
            await page.context().close();
        },
    );

    await step(
        'variants: a Tamerlane king at the door of the enemy citadel is told what the citadel means',
        async () => {
            const game = await create('tamerlane', TAMERLANE_AT_CITADEL);
            const page = await newPage();
            await page.goto(seatUrl(game, 'white'));
            await ready(page);
            const note = page.locator('#citadel-notes .citadel-note[data-citadel="z9"]');
            await note.waitFor({ timeout: 5000 });
            const text = await note.textContent();
            assert(/White/.test(text) && /king/i.test(text) && /draw/.test(text), `the note says "${text}"`);
            await page.context().close();
        },
    );
}
