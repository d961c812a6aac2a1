// Takebacks and draw offers as the players see them: against the robot a takeback is granted at once (robot
// games are always casual); in a casual game between two people only when the opponent agrees (declined
// first, then accepted); in a game that is not casual the page offers none and the server refuses one.
// A draw offer declined (Art. 9.1.b: the offer stands until declined); the accepted one is in invite.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGame, clickMove, newGame, openLink, openPage, serverAndBrowser, shot, shownMoves, shownPlacement, waitMoves } from './helpers.js';

const f = serverAndBrowser();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

test('takeback against the robot is granted at once, even with "casual" unticked', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'none', casual: false });
  await clickMove(page, 'e2e4');
  await waitMoves(page, 2, 30_000); // the robot's answer
  await page.locator('[data-action=offer-takeback]').click();
  // The robot's reply and our move both go; the page shows the start again and it is our move.
  await page.waitForSelector('#moves li.empty');
  assert.equal(await shownPlacement(page), START);
  const game = await apiGame(f.server, id);
  assert.equal(game.moves.length, 0);
  assert.equal(game.turn, 'white');
  await clickMove(page, 'd2d4');
  assert.equal((await shownMoves(page))[0], 'd4');
  assert.deepEqual(errors, []);
});

/** Two people by invite link: Alice (White) creates, Bob (Black) comes by the link. */
async function inviteGame(casual: boolean): Promise<{ alice: Page; bob: Page; id: string; errors: string[] }> {
  const a = await openPage(f);
  const id = await newGame(a.page, { opponent: 'invite', color: 'white', time: 'none', casual });
  const invite = await a.page.locator('#invite-url').inputValue();
  const b = await openLink(f, invite);
  await b.page.waitForSelector('#board.orientation-black');
  return { alice: a.page, bob: b.page, id, errors: [...a.errors, ...b.errors] };
}

test('casual game between two people: takeback only when the opponent agrees; a draw offer declined', async () => {
  const { alice, bob, id, errors } = await inviteGame(true);
  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  await clickMove(bob, 'e7e5');
  await waitMoves(alice, 2);
  await clickMove(alice, 'g1f3');
  await waitMoves(bob, 3);

  // Alice proposes, Bob declines: nothing is taken back.
  await alice.locator('[data-action=offer-takeback]').click();
  await alice.waitForSelector('#offers >> text=You proposed a takeback');
  await bob.waitForSelector('[data-action=accept-takeback]');
  assert.match(await bob.locator('#offers').innerText(), /White proposes a takeback/);
  await shot(bob, 'takeback-offered-desktop');
  await bob.locator('[data-action=decline-takeback]').click();
  await alice.waitForSelector('#notice >> text=Black declined the takeback');
  assert.equal((await apiGame(f.server, id)).moves.length, 3);
  assert.equal(await bob.locator('[data-action=accept-takeback]').count(), 0);

  // Proposed again and accepted: Alice's last move goes, on both boards, and she is to move again.
  await alice.locator('[data-action=offer-takeback]').click();
  await bob.locator('[data-action=accept-takeback]').click();
  for (const p of [alice, bob]) {
    await p.waitForFunction(() => document.querySelectorAll('#moves .san:not(.gap)').length === 2);
    assert.deepEqual(await shownMoves(p), ['e4', 'e5']);
    assert.equal(await shownPlacement(p), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR');
  }
  assert.equal((await apiGame(f.server, id)).turn, 'white');

  // A draw offer declined (Art. 9.1): the game goes on.
  await clickMove(alice, 'b1c3');
  await alice.locator('[data-action=offer-draw]').click();
  await bob.waitForSelector('[data-action=decline-draw]');
  assert.match(await bob.locator('#offers').innerText(), /White offers a draw/);
  await bob.locator('[data-action=decline-draw]').click();
  await alice.waitForSelector('#notice >> text=Black declined the draw offer');
  const game = await apiGame(f.server, id);
  assert.equal(game.status, 'playing');
  assert.equal(game.offers.draw, null);
  await clickMove(bob, 'b8c6');
  assert.deepEqual(errors, []);
});

test('no takeback in a game that is not casual: no button, and the server refuses a request', async () => {
  const { alice, bob, errors } = await inviteGame(false);
  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  await clickMove(bob, 'e7e5');
  await waitMoves(alice, 2);
  for (const p of [alice, bob]) {
    assert.equal(await p.locator('[data-action=offer-takeback]').count(), 0);
    assert.equal(await p.locator('[data-action=offer-draw]').count(), 1, 'the action bar is drawn');
  }
  // Asked anyway (as a modified page would), over a socket of Alice's own with her seat.
  const answer = await alice.evaluate(async () => {
    const id = location.pathname.split('/')[2]!;
    const seats = JSON.parse(localStorage.getItem(`tabiya.seats.${id}`) ?? '[]') as string[];
    const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
    return new Promise<unknown>(resolve => {
      ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', v: 1, seats }));
      ws.onmessage = ev => {
        const msg = JSON.parse(String(ev.data)) as { t: string; req?: number };
        if (msg.t === 'state') ws.send(JSON.stringify({ t: 'takeback', req: 7, action: 'offer' }));
        if (msg.req === 7) {
          ws.close();
          resolve(msg);
        }
      };
    });
  });
  assert.deepEqual(answer, { ...(answer as object), t: 'error', req: 7, code: 'not_allowed', data: { reason: 'not_casual' } });
  // Alice's next move is the next event Bob sees; no takeback offer came before it.
  await clickMove(alice, 'g1f3');
  await waitMoves(bob, 3);
  assert.equal(await bob.locator('[data-action=accept-takeback]').count(), 0);
  assert.deepEqual(errors, []);
});
