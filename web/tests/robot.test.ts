// A whole game against the level-1 robot, ended by the rules: from a position where White mates in two
// whatever the robot does, the test types its moves (keyboard entry, SAN `Nf3`, then UCI `b3b1`), the robot
// answers between them, and the game ends in checkmate (Art. 5.1.1) as the server decides it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, moveCount, newGame, openPage, serverAndBrowser, waitMoves } from './helpers.js';

const f = serverAndBrowser();

// White: Kf2, Rb3, Ne5; Black: Kh1, pawns h2 and a7. The black king has no square (g1 and g2 are White's,
// h2 is its own pawn's), so after 1. Nf3 only the a-pawn can move, and 2. Rb1 mates along the first rank.
const MATE_IN_TWO = '8/p7/8/4N3/8/1R6/5K1p/7k w - - 0 1';

test('a game against the level-1 robot to its end by the rules (checkmate)', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'none', start: MATE_IN_TWO });
  assert.match(await page.locator('#player-top .name').innerText(), /Robot level 1/);
  for (const [move, typed] of ['Nf3', 'b3b1'].entries()) {
    const game = await apiGame(f.server, id);
    assert.equal(game.status, 'playing');
    assert.equal(game.turn, 'white', 'the robot answered');
    const count = await moveCount(page);
    // The first move is typed in SAN, the second in UCI.
    await page.fill('#move-input', typed);
    await page.press('#move-input', 'Enter');
    await waitMoves(page, count + 1);
    // Then the robot's answer or the end.
    await page.waitForFunction(
      n => document.querySelectorAll('#moves .san:not(.gap)').length >= n + 2 || !document.getElementById('result')!.hidden,
      count,
      { timeout: 30_000 },
    );
    if (move === 0) assert.match((await apiGame(f.server, id)).moves[1]!.san, /^a[65]$/, 'the only moves the robot had');
  }
  await page.waitForSelector('#result:not([hidden])');
  const game = await apiGame(f.server, id);
  assert.equal(game.status, 'over');
  const result = game.result as { termination: string; score: string };
  console.log(`robot game: ${game.moves.length} plies, ${result.score} by ${result.termination}`);
  assert.equal(result.termination, 'checkmate');
  assert.equal(result.score, '1-0');
  assert.equal(game.moves.length, 3);
  assert.equal(game.moves[2]!.san, 'Rb1#');
  assert.ok((await page.locator('#result .reason').innerText()).length > 0);
  assert.ok((await page.locator('#result .headline').innerText()).length > 0);
  assert.match(await page.locator('#result .headline').innerText(), /White wins/);
  assert.deepEqual(errors, []);
  await page.close();
});
