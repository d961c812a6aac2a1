// The blind mode and moving through the game: after Play the focus is on the board grid
// (not twenty Tab presses away), and the typed commands back, forward, first, live and "move N" show a position and
// say which, in the live region; the grid then describes that position, no move is made on it, and a move played
// meanwhile is announced with a reminder. axe-core finds no WCAG 2 A or AA violation on it.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newGame, serverAndBrowser, shot, shownPlacement, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

async function say(page: Page, command: string): Promise<string> {
  // The live region keeps its last few lines: the ones there now are marked, the answer is the new one.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('#announcer p').forEach(p => (p.dataset.old = '1')));
  await page.locator('#move-input').fill(command);
  await page.locator('#move-input').press('Enter');
  await page.waitForSelector('#announcer p:last-child:not([data-old])');
  return (await page.locator('#announcer p').last().textContent()) ?? '';
}

const cellLabel = (page: Page, square: string): Promise<string> =>
  page.locator(`#board-grid [data-square="${square}"]`).evaluate(el => el.textContent ?? '');

test('blind mode: the board has the focus after Play; back, forward, first, live and "move N" by command', { timeout: 120_000 }, async () => {
  const context = await f.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/?blind=1`);
  await newGame(page, { opponent: 'hotseat', time: 'none', start: '1. e4 e5 2. Nf3 *' });
  await page.waitForSelector('#board-grid [role=gridcell]');
  await page.waitForFunction(() => document.activeElement?.matches('#board-grid [role=gridcell]') ?? false);
  assert.match((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /^[a-h][1-8], /, 'the focus is on a square of the board');

  assert.equal(await say(page, 'back'), 'The position after 1… pawn to e5');
  assert.equal(await cellLabel(page, 'f3'), 'f3, empty', 'the grid tells the position shown');
  assert.equal(await shownPlacement(page), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR');
  assert.equal(await say(page, 'first'), 'The start position');
  assert.equal(await cellLabel(page, 'e4'), 'e4, empty');
  assert.equal(await say(page, 'forward'), 'The position after 1. pawn to e4');
  // The last move is the game's current position: said so, and which move it is.
  assert.equal(await say(page, 'show move 2'), "The game's current position. The position after 2. knight to f3");
  assert.equal(await say(page, 'back'), 'The position after 1… pawn to e5');
  assert.equal(await say(page, 'forward'), "The game's current position. The position after 2. knight to f3");
  assert.equal(await say(page, 'move 1 black'), 'The position after 1… pawn to e5');
  assert.equal(await say(page, 'move 9'), 'The game has no move 9');
  // The questions answer for the position shown: the last move there.
  assert.equal(await say(page, 'last'), 'Black: pawn to e5');
  // No move on an earlier position: typed or on the grid.
  await page.locator('#move-input').fill('Nc6');
  await page.locator('#move-input').press('Enter');
  await page.waitForSelector('#notice[role=alert] >> text=An earlier position is shown: go back to the game to move');
  await page.locator('#board-grid [data-square="b8"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#announcer p:last-child')?.textContent === 'An earlier position is shown: go back to the game to move');
  const found = (await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map(v => `${v.id}: ${v.help}`);
  await shot(page, 'blind-nav-earlier-desktop');
  assert.equal(await say(page, 'live'), "The game's current position. The position after 2. knight to f3");
  assert.equal(await cellLabel(page, 'f3'), 'f3, white knight');
  await page.locator('#move-input').fill('Nc6');
  await page.locator('#move-input').press('Enter');
  await waitMoves(page, 4);
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});
