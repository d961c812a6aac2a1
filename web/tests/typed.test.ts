// The page's side of typed moves without a browser: the server's refusals sorted (src/game/typed.ts), and the
// bridge for servers that read only UCI (src/game/typed_bridge.ts), which looks typed text up among the names
// the page shows for the server's legal moves, as written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typedRefusal } from '../src/game/typed.js';
import { lookUpTyped } from '../src/game/typed_bridge.js';
import type { Game, LegalMove } from '../src/protocol.js';

const promotions: LegalMove[] = ['q', 'r', 'b', 'n'].map(p => ({ uci: `c7c8${p}`, san: `c8=${p.toUpperCase()}` }));
const moves: LegalMove[] = [
  { uci: 'b1d2', san: 'Nbd2' }, { uci: 'f3d2', san: 'Nfd2' }, { uci: 'e5d6', san: 'exd6' }, { uci: 'd1d8', san: 'Qxd8+' },
  { uci: 'e1g1', san: 'O-O' }, { uci: 'g1f3', san: 'Nf3' }, ...promotions,
];
const game = { legal_moves: moves } as Game;

test('refusals of a typed move: unknown, ambiguous with the candidates, a promotion to choose, an old server', () => {
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'unreadable', text: 'zz' }, game), { kind: 'unknown' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'illegal', text: 'e5' }, game), { kind: 'unknown' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['Nbd2', 'Nfd2'] }, game), {
    kind: 'ambiguous',
    candidates: [{ uci: 'b1d2', san: 'Nbd2' }, { uci: 'f3d2', san: 'Nfd2' }],
  });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['c8=Q', 'c8=R', 'c8=B', 'c8=N'] }, game), { kind: 'promotion', from: 'c7', to: 'c8' });
  assert.deepEqual(typedRefusal('illegal_move', { reason: 'ambiguous', candidates: ['Qxd8'] }, game), { kind: 'ambiguous', candidates: [{ uci: 'd1d8', san: 'Qxd8+' }] }, 'check signs aside');
  assert.deepEqual(typedRefusal('bad_message', { field: 'uci', expected: 'string' }, game), { kind: 'text_not_read' });
  assert.deepEqual(typedRefusal('not_your_turn', { turn: 'black' }, game), { kind: 'other' });
  assert.deepEqual(typedRefusal('bad_message', { field: 'ply' }, game), { kind: 'other' });
});

test('the bridge finds a typed text among the names the page shows: SAN, national letters, ICCF, UCI, Appendix D words', () => {
  const uci = (lang: string, text: string): string[] => lookUpTyped(lang, text, moves).map(m => m.uci);
  assert.deepEqual(uci('en', 'Nf3'), ['g1f3']);
  assert.deepEqual(uci('en', 'g1f3'), ['g1f3']);
  assert.deepEqual(uci('pl', 'Sf3'), ['g1f3']);
  assert.deepEqual(uci('pl', 'sf3'), ['g1f3']);
  assert.deepEqual(uci('pl', 'Hxd8+'), ['d1d8']);
  assert.deepEqual(uci('en', 'Qd8'), ['d1d8'], 'without capture and check signs');
  assert.deepEqual(uci('en', '7163'), ['g1f3']);
  assert.deepEqual(uci('en', '0-0'), ['e1g1']);
  assert.deepEqual(uci('en', 'Springer Felix drei'), ['g1f3']);
  assert.deepEqual(uci('en', 'Nd2'), [], 'no grammar: an under-specified SAN is not completed');
  assert.deepEqual(uci('en', 'c8=N'), ['c7c8n']);
  assert.deepEqual(uci('en', ''), []);
});
