// Ways of entering moves besides clicking two squares: a premove set by clicks while the opponent thinks,
// played as soon as the opponent's move arrives; and moves typed on the keyboard with nothing focused
// (the page sends the keys to the move box): UCI (e2e4), SAN (Nf3) and castling (O-O, 0-0).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, clickSquare, newGame, openLink, openPage, serverAndBrowser, shot, shownMoves, typeMove, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('premove: set while the opponent is to move, played on their move', async () => {
  const a = await openPage(f);
  const id = await newGame(a.page, { opponent: 'invite', color: 'white', time: 'preset:3+2' });
  const invite = await a.page.locator('#invite-url').inputValue();
  const b = await openLink(f, invite);
  await b.page.waitForSelector('#board.orientation-black');
  await clickMove(a.page, 'e2e4');
  await waitMoves(b.page, 1);
  // Black to move; White clicks d2 and d4: a premove, shown on the board and not yet sent.
  await clickSquare(a.page, 'd2');
  await clickSquare(a.page, 'd4');
  await a.page.waitForSelector('#board square.current-premove:visible');
  await shot(a.page, 'premove-desktop');
  assert.equal((await apiGame(f.server, id)).moves.length, 1);
  await clickMove(b.page, 'e7e5');
  await waitMoves(b.page, 3);
  assert.deepEqual(await shownMoves(b.page), ['e4', 'e5', 'd4']);
  assert.deepEqual(await shownMoves(a.page), ['e4', 'e5', 'd4']);
  assert.equal(await a.page.locator('#board square.current-premove:visible').count(), 0);
  assert.deepEqual([...a.errors, ...b.errors], []);
});

test('keyboard move entry with nothing focused: e2e4, Nf3, O-O and 0-0', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'none' });
  await page.locator('#status').click(); // focus on nothing in particular
  for (const text of ['e2e4', 'e7e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O', 'Nf6', 'd3', '0-0']) {
    await page.locator('#status').click();
    await typeMove(page, text);
  }
  assert.deepEqual(await shownMoves(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O', 'Nf6', 'd3', 'O-O']);
  const game = await apiGame(f.server, id);
  assert.equal(String(game.fen).split(' ')[0], 'r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1');
  // A move that is not legal is refused on the page and nothing is sent.
  await page.locator('#status').click();
  await page.keyboard.type('Qxf7');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#notice.error');
  assert.equal((await apiGame(f.server, id)).moves.length, 10);
  await clickMove(page, 'c1g5');
  assert.deepEqual(errors, []);
});
