// Chess960 chosen by number in the New game form: number 518 is the standard position (Scharnagl's
// numbering), number 212 is NBBQRKNR; in it White castles by clicking the king and then its rook (king
// takes rook, Chess960 rules of the Laws' Guidelines II), and Black castles by typing O-O.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiGame, clickMove, clickSquare, newGame, openPage, serverAndBrowser, shot, shownMoves, shownPlacement, typeMove, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('Chess960 number 518 is the standard start position', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'none', chess960: 518 });
  assert.equal(await shownPlacement(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  const game = await apiGame(f.server, id);
  assert.equal(game.variant, 'chess960');
  assert.equal(game.chess960, 518);
  assert.equal(String(game.start_fen).split(' ')[0], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.deepEqual(errors, []);
});

test('Chess960 number 212: castling by clicks (king onto rook) and by typing O-O', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'hotseat', time: 'none', chess960: 212 });
  assert.equal(await shownPlacement(page), 'nbbqrknr/pppppppp/8/8/8/8/PPPPPPPP/NBBQRKNR');
  await clickMove(page, 'g1f3');
  await clickMove(page, 'g8h6');
  // White: the king on f1, then the rook on h1.
  await clickSquare(page, 'f1');
  await clickSquare(page, 'h1');
  await waitMoves(page, 3);
  await shot(page, 'chess960-castled-desktop');
  // Black, typed on the keyboard with nothing focused.
  await page.locator('#status').click();
  await typeMove(page, 'O-O');
  assert.deepEqual(await shownMoves(page), ['Nf3', 'Nh6', 'O-O', 'O-O']);
  assert.equal(await shownPlacement(page), 'nbbqrrk1/pppppppp/7n/8/8/5N2/PPPPPPPP/NBBQRRK1');
  const game = await apiGame(f.server, id);
  assert.deepEqual(game.moves.map(m => (m as { uci: string }).uci), ['g1f3', 'g8h6', 'f1h1', 'f8h8']);
  assert.equal(String(game.fen).split(' ')[0], 'nbbqrrk1/pppppppp/7n/8/8/5N2/PPPPPPPP/NBBQRRK1');
  assert.deepEqual(errors, []);
});
