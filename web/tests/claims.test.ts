// Draw claims by the player having the move, as a person on this device makes them (FIDE 2018):
// threefold repetition (Art. 9.2) by the claim button and with an intended move written but not played
// (Art. 9.2.1.1); fifty moves (Art. 9.3) from a pasted FEN whose half-move clock stands at 99, by the button
// and with an intended move; and an incorrect claim with an intended move: the move is played and the
// opponent gets more time (Art. 9.5.2: two minutes; in blitz, as here, one minute: Appendix B).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGame, clickMove, clickSquare, newGame, openPage, serverAndBrowser, shot, shownClock, shownMoves, type Fixture } from './helpers.js';

const f = serverAndBrowser();
const KNIGHTS_OUT_AND_BACK = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];

async function expectDraw(page: Page, reason: RegExp, article: RegExp): Promise<void> {
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.locator('#result .headline').innerText(), 'Draw');
  assert.match(await page.locator('#result .reason').innerText(), reason);
  assert.match(await page.locator('#result .article').innerText(), article);
}

/** Chooses "claim with my next move" and plays the move by clicks; the claim is judged instead. */
async function claimWithMove(page: Page, ground: 'threefold' | 'fifty', uci: string): Promise<void> {
  await page.selectOption('#claim-with-move select', ground);
  await clickSquare(page, uci.slice(0, 2));
  await clickSquare(page, uci.slice(2, 4));
}

async function hotseat(fixture: Fixture, start?: string, time = 'none'): Promise<{ page: Page; errors: string[]; id: string }> {
  const { page, errors } = await openPage(fixture);
  const id = await newGame(page, { opponent: 'hotseat', time, ...(start ? { start } : {}) });
  return { page, errors, id };
}

test('threefold repetition claimed by the button (Art. 9.2)', async () => {
  const { page, errors, id } = await hotseat(f);
  for (const uci of KNIGHTS_OUT_AND_BACK) {
    assert.equal(await page.locator('[data-action=claim-threefold]').count(), 0, `no claim before ${uci}`);
    await clickMove(page, uci);
  }
  await clickMove(page, 'f6g8'); // the start position with White to move, for the third time
  await page.locator('[data-action=claim-threefold]').click();
  await expectDraw(page, /Threefold repetition, claimed/, /Art\. 9\.2/);
  const result = (await apiGame(f.server, id)).result!;
  assert.deepEqual([result.score, result.termination], ['1/2-1/2', 'threefold_repetition']);
  assert.deepEqual(errors, []);
});

test('threefold repetition claimed with an intended move: drawn, the move not played (Art. 9.2.1.1)', async () => {
  const { page, errors, id } = await hotseat(f);
  for (const uci of KNIGHTS_OUT_AND_BACK) await clickMove(page, uci);
  // Black's Ng8 would repeat the start position a third time: it is written with the claim.
  assert.equal(await page.locator('[data-action=claim-threefold]').count(), 0, 'no claim without the move');
  await claimWithMove(page, 'threefold', 'f6g8');
  await expectDraw(page, /Threefold repetition, claimed/, /Art\. 9\.2/);
  await shot(page, 'claim-threefold-desktop');
  const game = await apiGame(f.server, id);
  assert.equal(game.result!.termination, 'threefold_repetition');
  assert.equal(game.result!.score, '1/2-1/2');
  assert.deepEqual(errors, []);
});

test('fifty moves claimed by the button after the 100th half-move, from a pasted FEN (Art. 9.3)', async () => {
  const { page, errors, id } = await hotseat(f, '4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
  assert.equal(await page.locator('[data-action=claim-fifty]').count(), 0);
  await clickMove(page, 'a1a2');
  await page.locator('[data-action=claim-fifty]').click();
  await expectDraw(page, /Fifty moves without capture or pawn move, claimed/, /Art\. 9\.3/);
  assert.equal((await apiGame(f.server, id)).result!.termination, 'fifty_moves');
  assert.deepEqual(errors, []);
});

test('fifty moves claimed with the intended 100th half-move (Art. 9.3.1)', async () => {
  const { page, errors, id } = await hotseat(f, '4k3/8/8/8/8/8/8/R3K3 w - - 99 80');
  await claimWithMove(page, 'fifty', 'a1a2');
  await expectDraw(page, /Fifty moves/, /Art\. 9\.3/);
  assert.equal((await apiGame(f.server, id)).result!.termination, 'fifty_moves');
  assert.deepEqual(errors, []);
});

test('an incorrect claim with an intended move in blitz: the move stands, the opponent gets a minute (Art. 9.5.2, App. B)', async () => {
  const { page, errors, id } = await hotseat(f, '4k3/8/8/8/8/8/8/R3K3 w - - 60 80', 'preset:3+2');
  await claimWithMove(page, 'fifty', 'a1a2');
  await page.waitForSelector('#notice >> text=/claim of White was rejected; 60 s added/');
  await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.gap)').length === 1);
  assert.deepEqual(await shownMoves(page), ['Ra2']);
  const game = await apiGame(f.server, id);
  assert.equal(game.status, 'playing');
  assert.equal(game.moves.length, 1);
  // Black's three minutes, the two seconds of move 1's increment and the minute added, less what ran since.
  assert.ok(game.clock!.black > 237_000 && game.clock!.black <= 242_000, `black ${game.clock!.black}`);
  const shown = await shownClock(page, 'black');
  assert.ok(shown > 235_000 && shown <= 243_000, `shown black ${shown}`); // whole seconds, rounded up
  assert.equal(await page.locator('#claim-with-move select').inputValue(), '', 'the claim choice is cleared');
  assert.deepEqual(errors, []);
});
