// A correspondence game (one day per move) by invite link: no chess clock, a due time for the move instead.
// Both players leave; the game waits on the server (through a restart, too), and each comes back later by
// their own link on another device (a fresh browser context, nothing remembered) and plays on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, newGame, openLink, openPage, serverAndBrowser, shot, shownMoves, startServer, waitMoves } from './helpers.js';

const f = serverAndBrowser();
const DAY = 24 * 3600 * 1000;

test('correspondence: moves are due within the days per move, each player comes back by their link', async () => {
  const a = await openPage(f);
  const id = await newGame(a.page, { opponent: 'invite', color: 'white', time: 'days', days: 1 });
  const aliceLink = a.page.url();
  const bobLink = await a.page.locator('#invite-url').inputValue();
  assert.match(aliceLink, /#seat=/);
  const b = await openLink(f, bobLink);
  await b.page.waitForSelector('#board.orientation-black');

  await clickMove(a.page, 'e2e4');
  await waitMoves(b.page, 1);
  const afterMove = Date.now();
  let game = await apiGame(f.server, id);
  assert.equal(game.days, 1);
  assert.equal(game.clock, null, 'no chess clock');
  assert.ok(Math.abs(Number(game.deadline) - (afterMove + DAY)) < 60_000, `due in a day: ${game.deadline}`);
  for (const p of [a.page, b.page]) {
    assert.match(await p.locator('#status').innerText(), /Move due by/);
    assert.equal(await p.locator('.player .clock:not([hidden])').count(), 0, 'no clock shown');
  }
  await shot(b.page, 'correspondence-desktop');

  // Both leave; the server restarts meanwhile.
  await a.page.context().close();
  await b.page.context().close();
  await f.server.stop();
  f.server = await startServer({ dataDir: f.server.dataDir, port: f.server.port });

  // Bob comes back by his link on another device and answers.
  const b2 = await openLink(f, bobLink);
  await b2.page.waitForSelector('#board.orientation-black');
  await waitMoves(b2.page, 1);
  assert.match(await b2.page.locator('#status').innerText(), /Your move/);
  await clickMove(b2.page, 'e7e5');
  await b2.page.context().close();

  // Alice comes back by hers and sees the answer waiting for her.
  const a2 = await openLink(f, aliceLink);
  await waitMoves(a2.page, 2);
  assert.deepEqual(await shownMoves(a2.page), ['e4', 'e5']);
  assert.match(await a2.page.locator('#status').innerText(), /Your move · Move due by/);
  await clickMove(a2.page, 'g1f3');
  game = await apiGame(f.server, id);
  assert.equal(game.moves.length, 3);
  assert.ok(Number(game.deadline) > Date.now() + DAY - 60_000, 'a new day for Black');
  assert.deepEqual([...a.errors, ...b.errors, ...b2.errors, ...a2.errors], []);
});
