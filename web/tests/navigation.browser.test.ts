// Moving through the game in the browser: a click on a move, the arrow keys, Home and End,
// the buttons under the list and "back to the game"; the board shows the position after the chosen move as the
// server sent it, while the game goes on underneath: the opponent's move is counted on the "back to the game"
// button without moving the board, and no move is made on an earlier position. After the game the same, and a
// click on the review's graph shows the position at that point.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGame, clickSquare, newGame, openLink, openPage, serverAndBrowser, shot, shownMoves, shownPlacement, typeMove, waitMoves } from './helpers.js';

const f = serverAndBrowser();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

const placement = (fen: string): string => fen.split(' ')[0]!;

/** The shown move (its ply) in the move list; 0 when none is marked. */
async function shownPly(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.querySelector<HTMLElement>('#moves .san.shown')?.dataset.ply ?? 0));
}

async function waitPlacement(page: Page, want: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await shownPlacement(page)) === want) return;
    await page.waitForTimeout(50);
  }
  assert.equal(await shownPlacement(page), want);
}

test('click a move, arrow keys, Home/End, Up/Down and the buttons; the live game goes on meanwhile', { timeout: 120_000 }, async () => {
  const a = await openPage(f);
  const alice = a.page;
  const id = await newGame(alice, { opponent: 'invite', color: 'white', time: 'none' });
  const b = await openLink(f, await alice.locator('#invite-url').inputValue());
  const bob = b.page;
  await bob.waitForSelector('#board.orientation-black');
  for (const [i, [who, move]] of ([[alice, 'e4'], [bob, 'e5'], [alice, 'Nf3'], [bob, 'Nc6'], [alice, 'Bb5']] as const).entries()) {
    await typeMove(who, move);
    await waitMoves(i % 2 === 0 ? bob : alice, i + 1);
  }
  const fens = (await apiGame(f.server, id)).moves.map(m => placement(m.fen!));
  assert.equal(fens.length, 5);
  assert.equal(await alice.locator('#nav .nav-live').isVisible(), false, 'following the game: no "back to the game"');
  assert.equal(await shownPly(alice), 5, 'the last move is the one shown');

  // A click on 1... e5 shows the position after it: the board, the mark in the list, the button back.
  await alice.locator('#moves .san[data-ply="2"]').click();
  await waitPlacement(alice, fens[1]!);
  assert.equal(await shownPly(alice), 2);
  assert.equal(await alice.locator('#moves .san[aria-current=step]').innerText(), 'e5');
  assert.ok(await alice.locator('#nav .nav-live').isVisible());
  await shot(alice, 'nav-earlier-desktop');
  // Arrow keys step, Home and Up go to the start, End and Down back to the game.
  await alice.keyboard.press('ArrowRight');
  await waitPlacement(alice, fens[2]!);
  await alice.keyboard.press('ArrowLeft');
  await alice.keyboard.press('ArrowLeft');
  await waitPlacement(alice, fens[0]!);
  await alice.keyboard.press('Home');
  await waitPlacement(alice, START);
  assert.equal(await shownPly(alice), 0);
  assert.equal(await alice.locator('#nav [data-nav=prev]').isDisabled(), true);
  await alice.keyboard.press('End');
  await waitPlacement(alice, fens[4]!);
  assert.equal(await alice.locator('#nav .nav-live').isVisible(), false);
  await alice.keyboard.press('ArrowUp');
  await waitPlacement(alice, START);
  await alice.keyboard.press('ArrowDown');
  await waitPlacement(alice, fens[4]!);
  // The buttons under the list.
  await alice.locator('#nav [data-nav=first]').click();
  await waitPlacement(alice, START);
  await alice.locator('#nav [data-nav=next]').click();
  await waitPlacement(alice, fens[0]!);
  await alice.locator('#nav [data-nav=last]').click();
  await waitPlacement(alice, fens[4]!);
  // Keys typed into a field are the field's: the move box keeps its arrows.
  await alice.locator('#move-input').focus();
  await alice.keyboard.press('ArrowLeft');
  await alice.keyboard.press('Home');
  assert.equal(await shownPly(alice), 5);
  await alice.locator('#move-input').blur();

  // Bob looks back while Alice moves: his board stays, the button counts the new move, the list has it.
  await bob.locator('#move-input').blur();
  await bob.keyboard.press('Home');
  await waitPlacement(bob, START);
  assert.equal(await bob.locator('#nav .nav-live.news').count(), 0);
  // Bob cannot move on the earlier position: by the board (nothing moves) nor typed (refused in words); had
  // Nf6 gone to the server, his a6 below would be refused and the move list at the end would differ.
  await clickSquare(bob, 'g8');
  await clickSquare(bob, 'f6');
  assert.equal(await shownPlacement(bob), START);
  await bob.locator('#move-input').fill('Nf6');
  await bob.locator('#move-input').press('Enter');
  await bob.waitForSelector('#notice >> text=An earlier position is shown');
  await bob.locator('#move-input').fill('');
  // It is Bob's move, so Alice cannot move either; she looks back and Bob, back in the game, moves.
  await alice.keyboard.press('ArrowLeft');
  await waitPlacement(alice, fens[3]!);
  await bob.locator('#nav .nav-live').click();
  await waitPlacement(bob, fens[4]!);
  await typeMove(bob, 'a6');
  await waitMoves(alice, 6);
  // Alice's board stays where she was; the button tells her there is a new move.
  await alice.waitForSelector('#nav .nav-live.news');
  assert.equal(await shownPlacement(alice), fens[3]);
  assert.match(await alice.locator('#nav .nav-live').innerText(), /new moves: 1/);
  assert.match(await alice.locator('#nav .nav-news').innerText(), /new moves: 1/);
  assert.equal(await shownPly(alice), 4);
  await shot(alice, 'nav-new-move-desktop');
  await alice.locator('#nav .nav-live').click();
  const live = (await apiGame(f.server, id)).fen;
  await waitPlacement(alice, placement(live));
  assert.equal(await alice.locator('#nav .nav-live').isVisible(), false);
  // Back in the game she moves as ever.
  await typeMove(alice, 'Ba4');
  await waitMoves(bob, 7);
  assert.deepEqual(await shownMoves(bob), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4']);

  // After the game: the list and the keys still move through it; the review's graph too.
  await bob.locator('[data-action=resign]').click();
  await bob.locator('[data-action=resign]').click();
  await alice.waitForSelector('#result:not([hidden])');
  await alice.locator('#moves .san[data-ply="3"]').click();
  await waitPlacement(alice, fens[2]!);
  await alice.keyboard.press('End');
  const final = (await apiGame(f.server, id)).moves.map(m => placement(m.fen!));
  await waitPlacement(alice, final[6]!);
  await alice.waitForSelector('#review .graph svg', { timeout: 90_000 });
  const graph = alice.locator('#review .graph');
  const { width, height } = (await graph.boundingBox())!;
  await graph.click({ position: { x: 2, y: height / 2 } });
  await waitPlacement(alice, START);
  await graph.click({ position: { x: (width * 2) / 7, y: height / 2 } });
  await waitPlacement(alice, final[1]!);
  await shot(alice, 'nav-review-desktop');
  assert.deepEqual([...a.errors, ...b.errors], []);
});
