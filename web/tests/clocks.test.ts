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

/** A move as the server records it: the time it took (`elapsed`, the PGN's %emt; the lag allowance is not
 * counted) and the mover's clock after it (stopped until the mover's next turn). Both come from the same
 * clock press, so they agree to the millisecond. */
async function played(id: string, ply: number): Promise<{ used: number; clock: number }> {
  const move = (await apiGame(f.server, id)).moves[ply]!;
  return { used: Number(move.elapsed), clock: Number(move.clock) };
}

/** The page shows tenths below ten seconds (cut down) and whole seconds above (rounded up). */
function shows(shown: number, server: number, what: string): void {
  const ok = server < 10_000 ? shown <= server && server - shown < 100 : shown >= server && shown - server < 1_000;
  assert.ok(ok, `${what}: the page shows ${shown}, the server has ${server}`);
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
  const white = await played(id, 0);
  assert.equal(white.clock, 10_000 - white.used + 2_000, 'White: the move\'s time taken, two seconds added');
  const black = await played(id, 1);
  assert.equal(black.clock, 10_000 - black.used + 2_000, 'Black: the move\'s time taken, two seconds added');
  shows(await shownClock(page, 'black'), black.clock, 'Black');
  assert.deepEqual(errors, []);
});

test('US delay: the clock stands still for the first three seconds of a move, nothing is added', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '8sd3' });
  await clickMove(page, 'e2e4');
  const white = await played(id, 0);
  assert.equal(white.clock, 8_000 - Math.max(0, white.used - 3_000), 'only the time beyond the delay is charged');
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
  const black = await played(id, 1);
  assert.ok(black.used > 3_000);
  assert.equal(black.clock, 8_000 - (black.used - 3_000), 'the time beyond the delay taken, nothing added');
  shows(await shownClock(page, 'black'), black.clock, 'Black');
  assert.deepEqual(errors, []);
});

test('Bronstein delay: the clock runs at once, the time used up to three seconds is given back', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '8sb3' });
  await clickMove(page, 'e2e4');
  // Black moves within a second or so: the clock ran meanwhile, and all of it comes back.
  await waitRunning(page, 'black');
  await page.waitForTimeout(700);
  assert.ok((await shownClock(page, 'black')) < 7_500, 'Black\'s clock runs at once');
  await clickMove(page, 'e7e5');
  const black = await played(id, 1);
  // All of it when the move took less than the delay (as it does but on a machine too busy to click in time).
  assert.equal(black.clock, 8_000 - black.used + Math.min(black.used, 3_000), 'the time used given back up to three seconds');
  shows(await shownClock(page, 'black'), black.clock, 'Black');
  // White thinks four seconds: three come back.
  const before = (await played(id, 0)).clock;
  await waitRunning(page, 'white');
  await page.waitForTimeout(4_000);
  await clickMove(page, 'g1f3');
  const white = await played(id, 2);
  assert.ok(white.used > 3_000);
  assert.equal(white.clock, before - white.used + 3_000, 'the time taken, three seconds back');
  shows(await shownClock(page, 'white'), white.clock, 'White');
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
