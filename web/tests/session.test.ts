// What surrounds a game: the robot's levels named with the Elo the server measured (GET /api/levels); the
// colour drawn by lot on the server (the create answer's `color`); a game started from a pasted PGN; a reload
// and the start page's "back to your game" lead back into the game with its seats; "play again" starts a
// new game with the same settings; after the game the engine review draws its evaluation graph.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Response as PlaywrightResponse } from 'playwright-core';
import { apiGame, clickMove, newGame, openLink, openPage, serverAndBrowser, shot, shownMoves, waitGame, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('the robot levels show the Elo the server names for each', async () => {
  const { page, errors } = await openPage(f);
  const levels = ((await (await fetch(`${f.server.url}/api/levels`)).json()) as { levels: { level: number; elo: number }[] }).levels;
  assert.equal(levels.length, 10);
  await page.waitForFunction(() => /Elo/.test(document.querySelector('select[name=level] option')?.textContent ?? ''));
  const shown = await page.locator('select[name=level] option').allInnerTexts();
  assert.deepEqual(shown, levels.map(l => `Level ${l.level} (Elo ${l.elo})`));
  assert.deepEqual(errors, []);
});

/** Creates a game with the colour drawn by lot: the page asks the server for "random" and takes the colour the
 * server's answer names. */
async function drawnColour(page: Page, opponent: 'robot' | 'invite'): Promise<{ color: string; id: string }> {
  const answer = new Promise<PlaywrightResponse>(resolve =>
    page.on('response', r => {
      if (r.url().endsWith('/api/games') && r.request().method() === 'POST') resolve(r);
    }),
  );
  const id = await newGame(page, { opponent, color: 'random', time: 'none', ...(opponent === 'robot' ? { level: 1 } : {}) });
  const response = await answer;
  assert.equal((JSON.parse(response.request().postData() ?? '{}') as { color: string }).color, 'random');
  const body = (await response.json()) as { color: string };
  assert.ok(body.color === 'white' || body.color === 'black');
  return { color: body.color, id };
}

test('colour drawn by lot on the server: the creator gets that seat, the invite link the other', async () => {
  const { page, errors } = await openPage(f);
  const robot = await drawnColour(page, 'robot');
  await page.waitForSelector(`#board.orientation-${robot.color}`);
  const robotGame = await apiGame(f.server, robot.id);
  assert.equal(robotGame.players[robot.color as 'white' | 'black'].kind, 'human');

  await page.locator('#btn-new').click();
  const invite = await drawnColour(page, 'invite');
  await page.waitForSelector(`#board.orientation-${invite.color}`);
  const link = await page.locator('#invite-url').inputValue();
  const other = invite.color === 'white' ? 'black' : 'white';
  const b = await openLink(f, link);
  await b.page.waitForSelector(`#board.orientation-${other}`);
  // White moves, from whichever page holds White.
  const white = invite.color === 'white' ? page : b.page;
  await clickMove(white, 'e2e4');
  await waitMoves(invite.color === 'white' ? b.page : page, 1);
  assert.deepEqual([...errors, ...b.errors], []);
});

test('start from a pasted PGN; reload and "back to your game" return to it; play again; review graph', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'preset:3+2', start: '[Event "?"]\n\n1. e4 e5 2. Nf3 Nc6 *' });
  assert.deepEqual(await shownMoves(page), ['e4', 'e5', 'Nf3', 'Nc6']);
  await clickMove(page, 'f1b5');

  // Reload: the same game, its moves, and the seats still held (the next move is ours to play).
  await page.reload();
  await waitGame(page);
  await waitMoves(page, 5);
  assert.deepEqual(await shownMoves(page), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  await clickMove(page, 'a7a6');
  // The start page offers the way back.
  await page.locator('.brand').click();
  await page.waitForSelector('#newgame:not([hidden])');
  await page.locator('#btn-resume').click();
  assert.equal(await waitGame(page), id);
  await waitMoves(page, 6);
  await clickMove(page, 'b5c6');

  // The side to move (Black) resigns: two presses. The result, then the engine review's graph.
  await page.locator('[data-action=resign]').click();
  await page.locator('[data-action=resign]').click();
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.locator('#result .reason').innerText(), /resigned/);
  await page.waitForSelector('#review .graph svg', { timeout: 60_000 });
  await page.waitForFunction(() => /Evaluations by/.test(document.querySelector('#review .review-status')?.textContent ?? ''), undefined, { timeout: 60_000 });
  // A line through the evaluations, and a point for every move of the game (those of the PGN included).
  assert.equal(await page.locator('#review .graph svg polyline.eval-line').count(), 1);
  assert.equal(await page.locator('#review .graph svg circle').count(), 7);
  await page.locator('#review').scrollIntoViewIfNeeded();
  await shot(page, 'review-desktop');

  // Play again: a new game with the same settings (hot-seat, 3+2, from the same PGN).
  await page.locator('#btn-again').click();
  await page.waitForURL(url => !url.pathname.endsWith(id) && /\/g\//.test(url.pathname));
  const again = await waitGame(page);
  assert.notEqual(again, id);
  const [before, after] = [await apiGame(f.server, id), await apiGame(f.server, again)];
  assert.equal(after.time, before.time);
  assert.equal(after.start_fen, before.start_fen);
  assert.deepEqual([after.players.white.kind, after.players.black.kind], ['human', 'human']);
  assert.deepEqual(await shownMoves(page), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.equal(after.status, 'playing');
  await clickMove(page, 'd2d4');
  assert.deepEqual(errors, []);
});
