// A phone-sized touch screen (375x667): the New game form and a game against the level-1 robot played by
// taps only. Nothing may be wider than the screen, the whole board must fit across it, and the buttons
// must be large enough to tap; screenshots of each screen go to build/screenshots/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGame, openPage, PHONE, screenshots, serverAndBrowser, shot, tapMove, waitGame, waitMoves } from './helpers.js';

const f = serverAndBrowser();

/** Nothing sticks out sideways, and the board is fully across the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  const [width, wide] = await page.evaluate(limit => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > limit + 1) out.push(`${el.tagName.toLowerCase()}#${el.id}.${String(el.className)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return [document.documentElement.scrollWidth, out.slice(0, 8)] as const;
  }, PHONE.width);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide: ${wide.join(', ')}`);
  const board = (await page.locator('#board').boundingBox())!;
  assert.ok(board.x >= 0 && board.x + board.width <= PHONE.width, `board from ${board.x} to ${board.x + board.width}`);
  assert.ok(board.width >= 300, `board ${board.width} px across`);
}

/** Every visible button is at least 32 px high: a finger can hit it. */
async function tappable(page: Page): Promise<void> {
  const small = await page.locator('button:visible').evaluateAll(els =>
    els.filter(el => el.getBoundingClientRect().height < 32).map(el => el.id || el.textContent?.trim() || el.className),
  );
  assert.deepEqual(small, []);
}

test('phone with touch: New game by taps, a game against the level-1 robot by tapping squares', async () => {
  const { page, errors } = await openPage(f, { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await page.waitForSelector('#board piece.king.white');
  await fitsTheScreen(page);
  await tappable(page);
  await shot(page, 'touch-newgame-phone');
  await page.locator('input[name=opponent][value=robot]').tap({ force: true });
  await page.selectOption('select[name=level]', '1');
  await page.locator('input[name=color][value=white]').tap({ force: true });
  await page.selectOption('select[name=time]', 'preset:5+3');
  await page.locator('#newgame button[type=submit]').tap();
  const id = await waitGame(page);
  await page.locator('#board').scrollIntoViewIfNeeded();
  await tapMove(page, 'e2e4');
  await waitMoves(page, 2, 30_000); // the robot's answer
  await tapMove(page, 'g1f3');
  await waitMoves(page, 4, 30_000);
  await fitsTheScreen(page);
  await tappable(page);
  // The clocks and the names are on the screen beside the board.
  for (const where of ['#player-top .clock', '#player-bottom .clock']) {
    const box = (await page.locator(where).boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${where} on the screen`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'touch-playing-phone');
  await page.screenshot({ path: join(screenshots, 'touch-playing-phone-full.png'), fullPage: true });
  // Resign by two taps; the result is shown.
  await page.locator('[data-action=resign]').tap();
  await page.locator('[data-action=resign]').tap();
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.locator('#result .headline').innerText(), 'Black wins');
  await page.locator('#result').scrollIntoViewIfNeeded();
  await fitsTheScreen(page);
  await shot(page, 'touch-over-phone');
  const game = await apiGame(f.server, id);
  assert.equal(game.moves.length, 4);
  assert.deepEqual(errors, []);
});
