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
  const restarting = Date.now();
  f.server = await startServer({ dataDir: f.server.dataDir, port: f.server.port });
  const back = await apiGame(f.server, id);
  const sinceRestart = Date.now() - restarting;
  assert.equal(back.moves.length, 2, 'no acknowledged move lost');
  // Black's clock stopped at Black's move. The replay of the game's log puts every clock press at the instant
  // it was logged (play/live_game.cpp, record()), so the restored reading is the same to the millisecond.
  assert.equal(back.clock!.black, before.clock!.black, 'black as before the kill');
  // White's clock restarts from where it stood at the last acknowledged move (Black's): White's reading after
  // White's own move. It may have run since the restart, no more: neither the second White used before the
  // kill nor the downtime is charged.
  const atLastMove = Number(before.moves[0]!.clock);
  assert.ok(back.clock!.white <= atLastMove && back.clock!.white >= atLastMove - sinceRestart, `white ${back.clock!.white}: ${atLastMove} less at most ${sinceRestart} ms`);
  assert.ok(back.clock!.white > before.clock!.white - downtime + 1000, 'downtime not charged to white');
  // The page reconnects on its own and shows the server's clocks (whole seconds, rounded up, above ten).
  await page.waitForFunction(() => !document.body.classList.contains('offline'), undefined, { timeout: 15_000 });
  const now = await apiGame(f.server, id);
  const read = Date.now();
  const shownWhite = await shownClock(page, 'white');
  const ranSince = Date.now() - read + 100;
  assert.ok(shownWhite >= now.clock!.white - ranSince && shownWhite < now.clock!.white + 1000, `shown ${shownWhite} vs server ${now.clock!.white}`);
  assert.equal(await shownClock(page, 'black'), Math.ceil(now.clock!.black / 1000) * 1000);
  await clickMove(page, 'g1f3');
  await waitMoves(page, 3);
  const after3 = await apiGame(f.server, id);
  assert.equal(after3.moves.length, 3);
  assert.equal(after3.clock!.running, 'black');
  assert.deepEqual(errors, []);
  await page.close();
});
