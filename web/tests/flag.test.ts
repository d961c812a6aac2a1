// A flag falls in a position where the opponent cannot checkmate by any series of legal moves: the game
// is drawn (FIDE 2018 Art. 6.9), decided by the server's timer while nobody moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, newGame, openPage, serverAndBrowser } from './helpers.js';

const f = serverAndBrowser();

test('flag fall against a lone king is a draw (Art. 6.9)', { timeout: 60_000 }, async () => {
  const { page, errors } = await openPage(f);
  // White (king and queen) to move with 3 seconds; Black has only the king.
  const id = await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '3s+0', start: '4k3/8/8/8/8/8/8/Q3K3 w - - 0 1' });
  await page.waitForSelector('.player[data-color=white] .clock.running');
  await page.waitForSelector('#result:not([hidden])', { timeout: 15_000 });
  assert.equal(await page.locator('#result .headline').innerText(), 'Draw');
  assert.match(await page.locator('#result .reason').innerText(), /White's flag fell, but Black cannot checkmate/);
  assert.match(await page.locator('#result .article').innerText(), /Art\. 6\.9/);
  assert.equal(await page.locator('.player[data-color=white] .clock').innerText(), '0:00.0');
  const game = await apiGame(f.server, id);
  const result = game.result as { score: string; termination: string; article: string; culprit: string };
  assert.deepEqual([result.score, result.termination, result.article, result.culprit], ['1/2-1/2', 'timeout_draw', '6.9', 'white']);
  assert.deepEqual(errors, []);
  await page.close();
});
