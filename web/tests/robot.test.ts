// A whole game against the level-1 robot: the test types its moves (keyboard entry, UCI and SAN), choosing
// captures first and otherwise at random from the server's legal moves, until the game ends by the rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, moveCount, newGame, openPage, serverAndBrowser, waitMoves } from './helpers.js';

const f = serverAndBrowser();

/** A small deterministic generator, so a failing game can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('a game against the level-1 robot to its end', { timeout: 240_000 }, async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'none' });
  assert.match(await page.locator('#player-top .name').innerText(), /Robot level 1/);
  const next = random(Number(process.env.SEED ?? 10));
  for (let move = 0; move < 150; move++) {
    const game = await apiGame(f.server, id);
    if (game.status === 'over') break;
    assert.equal(game.turn, 'white', 'the robot answered');
    const moves = Object.entries(game.legal).flatMap(([from, tos]) => tos.map(to => from + to));
    const board = String(game.fen).split(' ')[0]!;
    const occupied = new Set<string>();
    board.split('/').forEach((row, i) => {
      let f = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) f += Number(ch);
        else occupied.add(`${'abcdefgh'[f++]}${8 - i}`);
      }
    });
    const captures = moves.filter(m => occupied.has(m.slice(2, 4)));
    const pool = captures.length > 0 && next() < 0.7 ? captures : moves;
    let uci = pool[Math.floor(next() * pool.length)]!;
    const from = uci.slice(0, 2);
    const pawnRow = board.split('/');
    const isPawn = (() => {
      const row = pawnRow[8 - Number(from[1])]!;
      let f = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) f += Number(ch);
        else if (f++ === from.charCodeAt(0) - 97) return ch === 'P';
      }
      return false;
    })();
    if (isPawn && uci[3] === '8') uci += 'q';
    const count = await moveCount(page);
    // The first move is typed in SAN, the rest in UCI.
    await page.fill('#move-input', move === 0 ? 'Nf3' : uci);
    await page.press('#move-input', 'Enter');
    await waitMoves(page, count + 1);
    // Then the robot's answer or the end.
    await page.waitForFunction(
      n => document.querySelectorAll('#moves .san:not(.gap)').length >= n + 2 || !document.getElementById('result')!.hidden,
      count,
      { timeout: 30_000 },
    );
  }
  let game = await apiGame(f.server, id);
  if (game.status !== 'over') {
    // Too long a game for a test: resign (two presses, the second confirms).
    await page.locator('[data-action=resign]').click();
    await page.locator('[data-action=resign]').click();
  }
  await page.waitForSelector('#result:not([hidden])');
  game = await apiGame(f.server, id);
  assert.equal(game.status, 'over');
  const result = game.result as { termination: string; score: string };
  console.log(`robot game: ${game.moves.length} plies, ${result.score} by ${result.termination}`);
  assert.ok((await page.locator('#result .reason').innerText()).length > 0);
  assert.ok((await page.locator('#result .headline').innerText()).length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});
