// The page's side of typed moves without a browser: the server's refusals sorted (src/game/typed.ts). The page
// reads no move itself: the server does (typed-moves.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typedRefusal } from '../src/game/typed.js';
import type { Game, LegalMove } from '../src/protocol.js';

const promotions: LegalMove[] = ['q', 'r', 'b', 'n'].map(p => ({ uci: `c7c8${p}`, san: `c8=${p.toUpperCase()}` }));
const moves: LegalMove[] = [
  { uci: 'b1d2', san: 'Nbd2' }, { uci: 'f3d2', san: 'Nfd2' }, { uci: 'e5d6', san: 'exd6' }, { uci: 'd1d8', san: 'Qxd8+' },
  { uci: 'e1g1', san: 'O-O' }, { uci: 'g1f3', san: 'Nf3' }, ...promotions,
];
const game = { legal_moves: moves } as Game;

test('refusals of a typed move: unknown, ambiguous with the candidates, a promotion to choose', () => {
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'unreadable', text: 'zz' }, game), { kind: 'unknown' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'illegal', text: 'e5' }, game), { kind: 'unknown' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['Nbd2', 'Nfd2'] }, game), {
    kind: 'ambiguous',
    candidates: [{ uci: 'b1d2', san: 'Nbd2' }, { uci: 'f3d2', san: 'Nfd2' }],
  });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['c8=Q', 'c8=R', 'c8=B', 'c8=N'] }, game), { kind: 'promotion', from: 'c7', to: 'c8' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['Qxd8'] }, game), { kind: 'ambiguous', candidates: [{ uci: 'd1d8', san: 'Qxd8+' }] }, 'check signs aside');
  assert.deepEqual(typedRefusal('bad_message', { field: 'uci', expected: 'string' }, game), { kind: 'other' });
  assert.deepEqual(typedRefusal('not_your_turn', { turn: 'black' }, game), { kind: 'other' });
  assert.deepEqual(typedRefusal('bad_message', { field: 'ply' }, game), { kind: 'other' });
});
