// The server is killed with SIGKILL in the middle of a game and restarted on the same data directory and
// port: the open page reconnects by itself (resync), the game goes on, and neither clock was charged for
// the downtime (Art. 6.12: the clocks were stopped while the game was interrupted).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, newGame, openPage, serverAndBrowser, shownClock, startServer, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('server killed with SIGKILL mid-game and restarted: the game goes on, clocks right', { timeout: 90_000 }, async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
  await clickMove(page, 'e2e4');
  await clickMove(page, 'e7e5');
  await page.waitForTimeout(1000);
  const before = await apiGame(f.server, id);
  assert.equal(before.clock!.running, 'white');
  const killedAt = Date.now();
  await f.server.stop('SIGKILL');
  await page.waitForTimeout(3000); // downtime: charged to nobody
  const downtime = Date.now() - killedAt;
  f.server = await startServer({ dataDir: f.server.dataDir, port: f.server.port });
  const back = await apiGame(f.server, id);
  assert.equal(back.moves.length, 2, 'no acknowledged move lost');
  // Black's clock as it was. Within 100 ms: the restored reading has been seen to differ by a few ms from the
  // one before the kill (the lag allowance of the last move is not restored exactly), far below the 3 s
  // downtime this test would catch.
  assert.ok(Math.abs(back.clock!.black - before.clock!.black) <= 100, `black ${back.clock!.black} vs ${before.clock!.black}`);
  // White's clock restarts from where it stood at the last acknowledged move: at least what it showed before
  // the kill, and not the downtime less.
  assert.ok(back.clock!.white >= before.clock!.white - 200, `white ${back.clock!.white} >= ${before.clock!.white}`);
  assert.ok(back.clock!.white > before.clock!.white - downtime + 1000, 'downtime not charged to white');
  // The page reconnects on its own and shows the server's clocks.
  await page.waitForFunction(() => !document.body.classList.contains('offline'), undefined, { timeout: 15_000 });
  const now = await apiGame(f.server, id);
  const shownWhite = await shownClock(page, 'white');
  assert.ok(Math.abs(shownWhite - now.clock!.white) < 1500, `shown ${shownWhite} vs server ${now.clock!.white}`);
  assert.ok(Math.abs((await shownClock(page, 'black')) - now.clock!.black) < 1500);
  await clickMove(page, 'g1f3');
  await waitMoves(page, 3);
  const after3 = await apiGame(f.server, id);
  assert.equal(after3.moves.length, 3);
  assert.equal(after3.clock!.running, 'black');
  assert.deepEqual(errors, []);
  await page.close();
});
