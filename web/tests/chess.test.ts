// The client's move lookup (src/chess.ts): SAN names for the server's legal moves and matching typed text.
// No browser: these run in node beside the browser tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figurine, legalMoves, matchTyped, START_FEN } from '../src/chess.js';

const START_LEGAL = {
  a2: ['a3', 'a4'], b2: ['b3', 'b4'], c2: ['c3', 'c4'], d2: ['d3', 'd4'], e2: ['e3', 'e4'], f2: ['f3', 'f4'],
  g2: ['g3', 'g4'], h2: ['h3', 'h4'], b1: ['a3', 'c3'], g1: ['f3', 'h3'],
};

const uci = (text: string, fen: string, legal: Record<string, string[]>): string[] =>
  matchTyped(text, legalMoves(fen, legal)).map(m => m.uci);

test('start position: SAN, UCI, long algebraic and lower-case piece letters', () => {
  const names = legalMoves(START_FEN, START_LEGAL).map(m => m.san).sort();
  assert.equal(names.length, 20);
  assert.ok(names.includes('Nf3') && names.includes('e4') && names.includes('Na3'));
  assert.deepEqual(uci('Nf3', START_FEN, START_LEGAL), ['g1f3']);
  assert.deepEqual(uci('nf3', START_FEN, START_LEGAL), ['g1f3']);
  assert.deepEqual(uci('Ng1f3', START_FEN, START_LEGAL), ['g1f3']);
  assert.deepEqual(uci('Ng1-f3', START_FEN, START_LEGAL), ['g1f3']);
  assert.deepEqual(uci('e2e4', START_FEN, START_LEGAL), ['e2e4']);
  assert.deepEqual(uci('e2-e4', START_FEN, START_LEGAL), ['e2e4']);
  assert.deepEqual(uci('e4', START_FEN, START_LEGAL), ['e2e4']);
  assert.deepEqual(uci('e5', START_FEN, START_LEGAL), []);
  assert.deepEqual(uci('Nf3+!?', START_FEN, START_LEGAL), ['g1f3']);
});

test('castling typed as O-O, 0-0 and the king\'s move; in Chess960 as king takes rook', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const legal = { e1: ['d1', 'f1', 'd2', 'e2', 'f2', 'g1', 'c1'] };
  assert.deepEqual(uci('O-O', fen, legal), ['e1g1']);
  assert.deepEqual(uci('0-0-0', fen, legal), ['e1c1']);
  assert.deepEqual(uci('e1g1', fen, legal), ['e1g1']);
  const fen960 = '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1';
  const legal960 = { e1: ['d1', 'f1', 'g1', 'b1'] };
  assert.deepEqual(uci('O-O', fen960, legal960), ['e1g1']);
  assert.deepEqual(uci('O-O-O', fen960, legal960), ['e1b1']);
});

test('disambiguation by file, by rank and by square (SAN, Appendix C.10)', () => {
  // Knights on b1 and f3 can both reach d2; rooks on a1 and a5 both reach a3.
  const fen = '4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1';
  const legal = { b1: ['d2', 'c3', 'a3'], f3: ['d2', 'e5'], a1: ['a2', 'a3', 'a4'], a5: ['a4', 'a3', 'a6'] };
  const names = legalMoves(fen, legal).map(m => m.san);
  assert.ok(names.includes('Nbd2') && names.includes('Nfd2') && names.includes('Ne5'));
  assert.ok(names.includes('R1a3') && names.includes('R5a3') && names.includes('Na3'));
  assert.deepEqual(uci('Nd2', fen, legal).sort(), ['b1d2', 'f3d2'], 'ambiguous: both match');
  assert.deepEqual(uci('Nbd2', fen, legal), ['b1d2']);
  assert.deepEqual(uci('R5a3', fen, legal), ['a5a3']);
});

test('captures, en passant, promotion; a pawn b-file capture is not a bishop', () => {
  const fen = '3rk3/2P5/8/3pP3/8/2n5/1P1B4/4K3 w - d6 0 1';
  const legal = { c7: ['c8', 'd8'], e5: ['e6', 'd6'], b2: ['b3', 'b4', 'c3'], d2: ['c3', 'e3'] };
  const names = legalMoves(fen, legal).map(m => m.san);
  assert.ok(names.includes('exd6') && names.includes('bxc3') && names.includes('Bxc3'));
  assert.ok(names.includes('cxd8=Q') && names.includes('c8=N'));
  assert.deepEqual(uci('bxc3', fen, legal), ['b2c3']);
  assert.deepEqual(uci('Bxc3', fen, legal), ['d2c3']);
  assert.deepEqual(uci('exd6', fen, legal), ['e5d6']);
  assert.deepEqual(uci('exd6e.p.', fen, legal), ['e5d6']);
  assert.deepEqual(uci('c8=N', fen, legal), ['c7c8n']);
  assert.deepEqual(uci('c8N', fen, legal), ['c7c8n']);
  assert.deepEqual(uci('c7c8q', fen, legal), ['c7c8q']);
  assert.equal(uci('c8', fen, legal).length, 4, 'promotion without the piece: four moves to choose from');
});

test('figurines replace the piece letters', () => {
  assert.equal(figurine('Nxe5+'), '♘xe5+');
  assert.equal(figurine('exd8=Q#'), 'exd8=♕#');
  assert.equal(figurine('O-O'), 'O-O');
});
