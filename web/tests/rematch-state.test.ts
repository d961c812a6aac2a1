// The rematch in the game screen's state without a browser (src/game/state.ts): the `rematch` events of
// docs/protocol.md change GAME `rematch` as the server's own GAME would read; the seat message is not an event
// and changes nothing; a game without a rematch (null) ignores them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initialState, receive, type GameState } from '../src/game/state.js';
import type { Game, GameEvent } from '../src/protocol.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function over(rematch: Game['rematch']): GameState {
  const game: Game = {
    id: 'g1', variant: 'standard', chess960: null, rules: 'fide-2018', casual: true, time: '5+3', days: null,
    players: { white: { kind: 'human', connected: true }, black: { kind: 'human', connected: true } },
    start_fen: START, moves: [], fen: START, turn: 'white', check: false, legal: {}, legal_moves: [],
    clock: null, deadline: null, offers: { draw: null, takeback: null }, claims: { threefold: false, fifty: false },
    status: 'over', result: { score: '0-1', termination: 'resignation', culprit: 'white' }, rematch,
  };
  return receive(initialState, { t: 'state', seq: 3, you: ['white'], game }, 0).state;
}

function apply(s: GameState, e: GameEvent): GameState {
  return receive(s, { t: 'event', seq: s.seq + 1, e }, 0).state;
}

test('an offer stands until declined or withdrawn; accepted, the game links to the rematch', () => {
  let s = over({ offer: null, game: null });
  s = apply(s, { type: 'rematch', action: 'offer', by: 'black' });
  assert.deepEqual(s.game!.rematch, { offer: 'black', game: null });
  s = apply(s, { type: 'rematch', action: 'decline', by: 'white' });
  assert.deepEqual(s.game!.rematch, { offer: null, game: null });
  s = apply(s, { type: 'rematch', action: 'offer', by: 'white' });
  s = apply(s, { type: 'rematch', action: 'withdraw', by: 'white' });
  assert.deepEqual(s.game!.rematch, { offer: null, game: null });
  s = apply(s, { type: 'rematch', action: 'offer', by: 'white' });
  s = apply(s, { type: 'rematch', action: 'failed', by: 'black' });
  assert.deepEqual(s.game!.rematch, { offer: 'white', game: null }, 'a failed creation leaves the offer standing');
  s = apply(s, { type: 'rematch', action: 'accept', by: 'black', game: 'g2' });
  assert.deepEqual(s.game!.rematch, { offer: null, game: 'g2' });
  assert.equal(s.seq, 10);
});

test('the seat message is no event; a game without a rematch ignores rematch events', () => {
  const s = over({ offer: null, game: null });
  const step = receive(s, { t: 'rematch', game: 'g2', seats: ['tok'] }, 0);
  assert.equal(step.state, s);
  assert.equal(step.event, null);
  const none = over(null);
  assert.equal(apply(none, { type: 'rematch', action: 'offer', by: 'white' }).game!.rematch, null);
});
