// Custom time controls as the clocks on the page show them (hot-seat, a few seconds each so the clocks show
// tenths): a Fischer increment is added after the move, a US (simple) delay holds the clock still before
// it runs, a Bronstein delay gives back the time used up to the delay. The server's readings are the truth;
// the page must show them. Then the PGN is downloaded by its button, with a clock comment for every move.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGame, clickMove, newGame, openPage, serverAndBrowser, shot, shownClock } from './helpers.js';

const f = serverAndBrowser();

/** The time a move took as the server records it (`elapsed`, the PGN's %emt). The clock is charged that less
 * the lag allowance (at most 500 ms, docs/protocol.md "Lag and clocks"), so a clock is compared with it
 * within `LAG`. */
const LAG = 500;
async function elapsed(id: string, ply: number): Promise<number> {
  const game = await apiGame(f.server, id);
  return Number((game.moves[ply] as { elapsed: number }).elapsed);
}

/** The page shows tenths below ten seconds (cut down) and whole seconds above (rounded up). */
function shows(shown: number, server: number, what: string): void {
  const ok = server < 10_000 ? shown <= server && server - shown < 100 : shown >= server && shown - server < 1_000;
  assert.ok(ok, `${what}: the page shows ${shown}, the server has ${server}`);
}

function near(actual: number, expected: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= LAG, `${what}: ${actual}, expected ${expected} (within ${LAG} ms)`);
}

async function waitRunning(page: Page, color: 'white' | 'black'): Promise<void> {
  await page.waitForSelector(`.player[data-color=${color}] .clock.running`);
}

test('the custom time fields compose the periods text', async () => {
  const { page, errors } = await openPage(f);
  await page.selectOption('select[name=time]', 'custom');
  await page.fill('input[name=customMinutes]', '15');
  await page.fill('input[name=customBonus]', '5');
  await page.selectOption('select[name=customKind]', 'd');
  assert.equal(await page.locator('input[name=custom]').inputValue(), '15d5');
  await page.selectOption('select[name=customKind]', 'b');
  assert.equal(await page.locator('input[name=custom]').inputValue(), '15b5');
  await page.selectOption('select[name=customKind]', '+');
  assert.equal(await page.locator('input[name=custom]').inputValue(), '15+5');
  assert.deepEqual(errors, []);
});

test('Fischer increment: the increment of move 1 is on the clock at the start, then added after each move', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '8s+2' });
  // 8 s and the 2 s of the first move (the increment counts from move 1, as an electronic clock adds it).
  assert.equal(await shownClock(page, 'black'), 10_000);
  await waitRunning(page, 'white');
  await page.waitForTimeout(500);
  assert.ok((await shownClock(page, 'white')) < 9_900, 'White\'s clock runs down');
  await clickMove(page, 'e2e4');
  await waitRunning(page, 'black');
  await page.waitForTimeout(1_000);
  await clickMove(page, 'e7e5');
  const game = await apiGame(f.server, id);
  const [white, black] = [game.clock!.white, game.clock!.black];
  near(white, 10_000 - (await elapsed(id, 0)) + 2_000, 'White: the move\'s time taken, two seconds added');
  const used = await elapsed(id, 1);
  near(black, 10_000 - used + 2_000, `Black: used ${used}`);
  shows(await shownClock(page, 'black'), black, 'Black');
  assert.deepEqual(errors, []);
});

test('US delay: the clock stands still for the first three seconds of a move, nothing is added', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '8sd3' });
  await clickMove(page, 'e2e4');
  const white = (await apiGame(f.server, id)).clock!.white;
  near(white, 8_000 - Math.max(0, (await elapsed(id, 0)) - 3_000), 'only the time beyond the delay is charged');
  // Black's clock: within the delay it shows the full eight seconds, then it runs.
  await waitRunning(page, 'black');
  await page.waitForTimeout(1_000);
  const within = (await apiGame(f.server, id)).clock!;
  assert.ok(within.delay! > 0 && within.black === 8_000, `still within the delay: ${JSON.stringify(within)}`);
  assert.equal(await shownClock(page, 'black'), 8_000, 'the page\'s clock stands still too');
  await page.waitForFunction(() => document.querySelector('.player[data-color=black] .clock')!.textContent !== '0:08.0');
  await page.waitForTimeout(1_500);
  const running = await shownClock(page, 'black');
  assert.ok(running < 7_000 && running > 5_000, `after the delay the clock runs: ${running}`);
  await clickMove(page, 'e7e5');
  const game = await apiGame(f.server, id);
  const used = await elapsed(id, 1);
  assert.ok(used > 3_000);
  near(game.clock!.black, 8_000 - (used - 3_000), `black: used ${used}`);
  shows(await shownClock(page, 'black'), game.clock!.black, 'Black');
  assert.deepEqual(errors, []);
});

test('Bronstein delay: the clock runs at once, the time used up to three seconds is given back', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '8sb3' });
  await clickMove(page, 'e2e4');
  // Black moves within a second: the clock ran meanwhile, and all of it comes back.
  await waitRunning(page, 'black');
  await page.waitForTimeout(700);
  assert.ok((await shownClock(page, 'black')) < 7_500, 'Black\'s clock runs at once');
  await clickMove(page, 'e7e5');
  assert.ok((await elapsed(id, 1)) < 3_000);
  assert.equal((await apiGame(f.server, id)).clock!.black, 8_000, 'all of a short move\'s time given back');
  assert.equal(await shownClock(page, 'black'), 8_000);
  // White thinks four seconds: three come back.
  const before = (await apiGame(f.server, id)).clock!.white;
  await waitRunning(page, 'white');
  await page.waitForTimeout(4_000);
  await clickMove(page, 'g1f3');
  const used = await elapsed(id, 2);
  assert.ok(used > 3_000);
  const white = (await apiGame(f.server, id)).clock!.white;
  near(white, before - used + 3_000, `white, used ${used}: three seconds back`);
  shows(await shownClock(page, 'white'), white, 'White');
  await shot(page, 'clocks-bronstein-desktop');

  // The PGN by its download button: the time control and a clock comment after every move.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#pgn-link').click()]);
  const pgn = readFileSync((await download.path())!, 'utf8');
  assert.match(download.suggestedFilename(), /\.pgn$/);
  assert.match(pgn, /\[TimeControl "8b3"\]/);
  assert.match(pgn, /1\. e4 \{[^}]*\[%clk 0:00:0\d[^}]*\} 1\.\.\. e5 \{[^}]*\[%clk 0:00:08(\.0+)?\][^}]*\} 2\. Nf3 \{[^}]*\[%clk /);
  assert.equal(pgn.match(/\[%clk /g)?.length, 3);
  assert.deepEqual(errors, []);
});
