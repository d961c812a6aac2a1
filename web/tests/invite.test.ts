// A game by invite link between two browser contexts (two people on two devices), watched by a spectator
// who cannot move; it ends by a draw offer accepted (Art. 9.1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, clickSquare, moveCount, newGame, recordSent, serverAndBrowser, shownPlacement, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

test('invite link played between two browser contexts, a spectator cannot move', async () => {
  const errors: string[] = [];
  const alice = await (await f.browser.newContext()).newPage();
  const bob = await (await f.browser.newContext()).newPage();
  const carol = await (await f.browser.newContext()).newPage();
  for (const p of [alice, bob, carol]) watchErrors(p, errors);
  const sentBy = { alice: recordSent(alice), carol: recordSent(carol) };

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
  const placement = await shownPlacement(carol);
  const carolSent = sentBy.carol.length;
  await clickSquare(carol, 'b8');
  await clickSquare(carol, 'c6');
  assert.equal(await shownPlacement(carol), placement, 'the board did not take the move');
  assert.equal(await moveCount(carol), 3);
  assert.equal((await apiGame(f.server, id)).moves.length, 3);
  // Nor can the player whose turn it is not: her clicks only set a premove, played on her turn.
  await clickSquare(alice, 'd2');
  await clickSquare(alice, 'd4');
  await alice.waitForSelector('#board square.current-premove');
  assert.equal((await apiGame(f.server, id)).moves.length, 3);

  // Bob's move is the next event everyone sees: by then the spectator's click sent no move, and the server
  // has Bob's move as the fourth and Alice's premove as the fifth (not refused as out of turn).
  await clickMove(bob, 'b8c6');
  for (const p of [alice, bob, carol]) await waitMoves(p, 5);
  assert.deepEqual(sentBy.carol.slice(carolSent).filter(t => t === 'move'), []);
  assert.ok(sentBy.carol.includes('hello') && sentBy.alice.includes('move'), 'the recording sees the pages\' messages');
  const five = await apiGame(f.server, id);
  assert.deepEqual(five.moves.map(m => m.san), ['e4', 'e5', 'Nf3', 'Nc6', 'd4']);
  assert.equal(await alice.locator('#notice.error').count(), 0);

  // Bob offers a draw with his move (Art. 9.1.b.1), Alice accepts.
  await clickMove(bob, 'e5d4');
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
