// Moving through the game without a browser (src/game/navigation.ts): the steps and jumps from the live position
// and back to it, the position shown after a move being the one the server sent with that move (no chess rules
// in the page), the keys (lichess's: Left/Right, Up/Home, Down/End) and the blind mode's typed commands.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gameAt, jumpTo, keepShown, moveLabel, navCommand, navKey, plyOfMove, positionAfter, stepTo } from '../src/game/navigation.js';
import type { Game } from '../src/protocol.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const FENS = [
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
  'rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2',
  'rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3',
  'rnbqkb1r/pppp1Qpp/5n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 3',
];

function game(plies = 4, start = START): Game {
  const moves = [
    { uci: 'e2e4', san: 'e4' }, { uci: 'e7e5', san: 'e5' }, { uci: 'f1c4', san: 'Bc4' }, { uci: 'g8f6', san: 'Nf6' },
    { uci: 'd1f7', san: 'Qxf7#' },
  ].slice(0, plies).map((m, i) => ({ ...m, fen: FENS[i]! }));
  return {
    id: 'g', variant: 'standard', chess960: null, rules: 'fide-2018', casual: true, time: '5+3', days: null,
    players: { white: { kind: 'human', connected: true }, black: { kind: 'human', connected: true } },
    start_fen: start, moves, fen: FENS[plies - 1] ?? start, turn: plies % 2 === 0 ? 'white' : 'black', check: false,
    legal: { a2: ['a3'] }, legal_moves: [{ uci: 'a2a3', san: 'a3' }], clock: null, deadline: null,
    offers: { draw: null, takeback: null }, claims: { threefold: false, fifty: false }, status: 'playing', result: null,
  };
}

test('steps from the live position back to the start and forward again; the last move is the live position', () => {
  const g = game();
  assert.equal(stepTo(g, null, 'prev'), 3);
  assert.equal(stepTo(g, 3, 'prev'), 2);
  assert.equal(stepTo(g, 0, 'prev'), 0, 'nothing before the start');
  assert.equal(stepTo(g, null, 'first'), 0);
  assert.equal(stepTo(g, 2, 'next'), 3);
  assert.equal(stepTo(g, 3, 'next'), null, 'the last move is the live position');
  assert.equal(stepTo(g, null, 'next'), null);
  assert.equal(stepTo(g, 1, 'last'), null);
  assert.equal(jumpTo(g, 2), 2);
  assert.equal(jumpTo(g, 4), null);
  assert.equal(jumpTo(g, 99), null);
  assert.equal(jumpTo(g, -3), 0);
});

test('a position shown stays while moves are added; a takeback below it returns to the live position', () => {
  assert.equal(keepShown(game(5), 2), 2);
  assert.equal(keepShown(game(2), 2), null);
  assert.equal(keepShown(game(2), null), null);
});

test('the position after a move is the FEN the server sent with it, with its last move and check from the SAN', () => {
  const g = game(5);
  assert.deepEqual(positionAfter(g, 0), { fen: START, lastUci: null, turn: 'white', check: false });
  assert.deepEqual(positionAfter(g, 2), { fen: FENS[1], lastUci: 'e7e5', turn: 'white', check: false });
  assert.deepEqual(positionAfter(g, 5), { fen: FENS[4], lastUci: 'd1f7', turn: 'black', check: true });
  const earlier = gameAt(g, 3);
  assert.equal(earlier.fen, FENS[2]);
  assert.equal(earlier.turn, 'black');
  assert.deepEqual(earlier.moves.map(m => m.san), ['e4', 'e5', 'Bc4']);
  assert.deepEqual(earlier.legal, {}, 'no move is made on an earlier position');
  assert.equal(gameAt(g, null), g);
});

test('move numbers and "move N" of a side, also from a position with Black to move', () => {
  const g = game(4);
  assert.equal(moveLabel(g, 1), '1.');
  assert.equal(moveLabel(g, 4), '2…');
  assert.equal(plyOfMove(g, 2, 'white'), 3);
  assert.equal(plyOfMove(g, 2, 'black'), 4);
  assert.equal(plyOfMove(g, 3, 'white'), null);
  assert.equal(plyOfMove(g, 0, 'white'), null);
  const fromBlack = game(2, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7');
  assert.equal(moveLabel(fromBlack, 1), '7…');
  assert.equal(moveLabel(fromBlack, 2), '8.');
  assert.equal(plyOfMove(fromBlack, 7, 'black'), 1);
  assert.equal(plyOfMove(fromBlack, 8, 'white'), 2);
  assert.equal(plyOfMove(fromBlack, 7, 'white'), null);
});

test("keys: Left and Right step, Up and Home go to the start, Down and End to the live position; not with modifiers", () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean }> = {}) =>
    navKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  assert.equal(key('ArrowLeft'), 'prev');
  assert.equal(key('ArrowRight'), 'next');
  assert.equal(key('ArrowUp'), 'first');
  assert.equal(key('Home'), 'first');
  assert.equal(key('ArrowDown'), 'last');
  assert.equal(key('End'), 'last');
  assert.equal(key('a'), null);
  assert.equal(key('ArrowLeft', { shiftKey: true }), null);
  assert.equal(key('ArrowLeft', { ctrlKey: true }), null);
});

test('the blind mode\'s typed commands; "last" alone stays the last move\'s question', () => {
  assert.deepEqual(navCommand('back'), { step: 'prev' });
  assert.deepEqual(navCommand(' Forward '), { step: 'next' });
  assert.deepEqual(navCommand('first'), { step: 'first' });
  assert.deepEqual(navCommand('end'), { step: 'last' });
  assert.deepEqual(navCommand('live'), { live: true });
  assert.deepEqual(navCommand('show move 12'), { move: 12, side: 'white' });
  assert.deepEqual(navCommand('move 12 black'), { move: 12, side: 'black' });
  assert.equal(navCommand('last'), null);
  assert.equal(navCommand('move twelve'), null);
  assert.equal(navCommand('move 12 blue'), null);
  assert.equal(navCommand('Nf3'), null);
  assert.equal(navCommand('position'), null);
});
