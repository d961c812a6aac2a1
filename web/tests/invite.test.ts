// A game by invite link between two browser contexts (two people on two devices), watched by a spectator
// who cannot move; it ends by a draw offer accepted (Art. 9.1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, clickSquare, moveCount, newGame, serverAndBrowser, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

test('invite link played between two browser contexts, a spectator cannot move', async () => {
  const errors: string[] = [];
  const alice = await (await f.browser.newContext()).newPage();
  const bob = await (await f.browser.newContext()).newPage();
  const carol = await (await f.browser.newContext()).newPage();
  for (const p of [alice, bob, carol]) watchErrors(p, errors);

  await alice.goto(f.server.url);
  const id = await newGame(alice, { opponent: 'invite', color: 'white', time: 'preset:10+5' });
  const invite = await alice.locator('#invite-url').inputValue();
  const spectate = await alice.locator('#spectate-url').inputValue();
  assert.match(invite, new RegExp(`/g/${id}#seat=[A-Za-z0-9_-]{16,}$`));
  assert.equal(new URL(spectate).pathname, `/g/${id}`);
  assert.equal(new URL(spectate).hash, '');

  await bob.goto(invite.replace(/^http:\/\/[^/]+/, f.server.url));
  await bob.waitForSelector('#board.orientation-black');
  await carol.goto(spectate.replace(/^http:\/\/[^/]+/, f.server.url));
  await carol.waitForFunction(() => document.getElementById('status')!.textContent!.length > 0);

  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  await clickMove(bob, 'e7e5');
  await waitMoves(alice, 2);
  await clickMove(alice, 'g1f3');
  await waitMoves(carol, 3);

  // The spectator sees the moves but cannot play one: no move form, and a click-move changes nothing.
  assert.equal(await carol.locator('#move-form').isHidden(), true);
  assert.match(await carol.locator('#status').innerText(), /watching/);
  await clickSquare(carol, 'b8');
  await clickSquare(carol, 'c6');
  await carol.waitForTimeout(500);
  assert.equal(await moveCount(carol), 3);
  assert.equal((await apiGame(f.server, id)).moves.length, 3);
  // Nor can the player whose turn it is not.
  await clickSquare(alice, 'd2');
  await clickSquare(alice, 'd4');
  await alice.waitForTimeout(300);
  assert.equal((await apiGame(f.server, id)).moves.length, 3);

  // Bob offers a draw with his move (Art. 9.1.b.1), Alice accepts.
  await clickMove(bob, 'b8c6');
  await bob.locator('[data-action=offer-draw]').click();
  await alice.waitForSelector('[data-action=accept-draw]');
  await alice.locator('[data-action=accept-draw]').click();
  for (const p of [alice, bob, carol]) {
    await p.waitForSelector('#result:not([hidden])');
    assert.equal(await p.locator('#result .headline').innerText(), 'Draw');
    assert.equal(await p.locator('#result .reason').innerText(), 'Draw by agreement');
  }
  assert.deepEqual(errors, []);
});
