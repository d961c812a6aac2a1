// A person on this device plays both sides: the fool's mate by mouse clicks, with the board turning for
// each side; the result names checkmate and its article (FIDE 2018 Art. 5.1.1). Also takes the screenshots
// of the main screens (new game, game in progress, game over) at desktop and phone size.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickMove, clickSquare, newGame, DESKTOP, openPage, PHONE, serverAndBrowser, shot, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('hot-seat game to checkmate by clicks (fool\'s mate, Art. 5.1.1)', async () => {
  const { page, errors } = await openPage(f);
  // The board is there before anything else is chosen.
  await page.waitForSelector('#board piece.king.white');
  assert.equal(await page.locator('#board cg-board piece').count(), 32);
  await shot(page, 'newgame-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'newgame-phone');
  await page.setViewportSize(DESKTOP);

  await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
  await page.locator('input[name=turnBoard]').count();
  await clickMove(page, 'f2f3');
  // The board turned to Black, the side to move.
  assert.ok(await page.locator('#board.orientation-black').count() === 1, 'board turned to black');
  await clickMove(page, 'e7e5');
  await clickMove(page, 'g2g4');
  await shot(page, 'playing-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'playing-phone');
  await page.setViewportSize(DESKTOP);
  await clickMove(page, 'd8h4');

  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.locator('#result .headline').innerText(), 'Black wins');
  assert.equal(await page.locator('#result .reason').innerText(), 'White is checkmated');
  assert.match(await page.locator('#result .article').innerText(), /Art\. 5\.1\.1/);
  const sans = await page.locator('#moves .san:not(.gap)').allInnerTexts();
  assert.deepEqual(sans, ['f3', 'e5', 'g4', 'Qh4#']);
  await shot(page, 'over-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'over-phone');

  // The PGN of the game can be downloaded.
  const pgnHref = await page.locator('#pgn-link').getAttribute('href');
  const pgn = await (await fetch(f.server.url + pgnHref!)).text();
  assert.match(pgn, /\[Result "0-1"\]/);
  assert.match(pgn, /2\.\.\. Qh4#[\s\S]*0-1\s*$/);
  assert.match(pgn, /\[%clk \d+:\d\d:\d\d/, 'clock comments');
  assert.deepEqual(errors, []);
  await page.close();
});

test('promotion chooser: a pawn reaching the last rank becomes the piece chosen', async () => {
  const { page, errors } = await openPage(f);
  await newGame(page, { opponent: 'hotseat', time: 'none', start: '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1' });
  await clickSquare(page, 'e7');
  await clickSquare(page, 'e8');
  await page.waitForSelector('#promotion:not([hidden])');
  await shot(page, 'promotion-desktop');
  await page.locator('#promotion button[data-role=r]').click();
  await waitMoves(page, 1);
  assert.deepEqual(await page.locator('#moves .san:not(.gap)').allInnerTexts(), ['e8=R']);
  // Typed moves: SAN for Black's king, then the board's keyboard entry refuses an unknown move.
  await page.fill('#move-input', 'Kf7');
  await page.press('#move-input', 'Enter');
  await waitMoves(page, 2);
  await page.fill('#move-input', 'Qd8');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#notice.error');
  assert.match(await page.locator('#notice').innerText(), /No legal move matches/);
  assert.deepEqual(errors, []);
  await page.close();
});
