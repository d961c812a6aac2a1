// The game screen's state without a browser (src/game/state.ts): each server message and event of
// docs/protocol.md applied by the pure reducer, the event numbers (duplicates ignored, a gap asks for a
// resync), the offers a move answers (Art. 9.1.b.4), takebacks, presence, the robot, the end with the
// clocks stopped, and the clock readings counted down between the server's updates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actor, applyEvent, clockReading, initialState, mayMove, moveSent, movesBetween, orientation, receive, type GameState } from '../src/game/state.js';
import type { Game, GameEvent, MoveEvent, ServerMessage } from '../src/protocol.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

function game(over: Partial<Game> = {}): Game {
  return {
    id: 'g1', variant: 'standard', chess960: null, rules: 'fide-2018', casual: true, time: '5+3', days: null,
    players: { white: { kind: 'human', connected: true }, black: { kind: 'human', connected: false } },
    start_fen: START, moves: [], fen: START, turn: 'white', check: false,
    legal: { e2: ['e3', 'e4'], g1: ['f3', 'h3'] },
    legal_moves: [{ uci: 'e2e3', san: 'e3' }, { uci: 'e2e4', san: 'e4' }, { uci: 'g1f3', san: 'Nf3' }, { uci: 'g1h3', san: 'Nh3' }],
    clock: { white: 300_000, black: 300_000, running: 'white', delay: 0 }, deadline: null,
    offers: { draw: null, takeback: null }, claims: { threefold: false, fifty: false }, status: 'playing', result: null,
    ...over,
  };
}

function stateMsg(g: Game, seq: number, you: ('white' | 'black')[] = ['white']): ServerMessage {
  return { t: 'state', seq, you, game: g };
}

function event(seq: number, e: GameEvent): ServerMessage {
  return { t: 'event', seq, e };
}

const e4: MoveEvent = {
  type: 'move', uci: 'e2e4', san: 'e4', ply: 1, fen: AFTER_E4, turn: 'black', check: false,
  legal: { e7: ['e6', 'e5'] }, legal_moves: [{ uci: 'e7e6', san: 'e6' }, { uci: 'e7e5', san: 'e5' }],
  clock: { white: 301_000, black: 300_000, running: 'black', delay: 0 }, deadline: null,
  claims: { threefold: false, fifty: false }, elapsed: 2_000,
};

/** The state after a `state` message with seq 5, taken at time 1000. */
function started(g: Game = game(), you: ('white' | 'black')[] = ['white']): GameState {
  return receive(initialState, stateMsg(g, 5, you), 1_000).state;
}

test('a state message replaces everything: game, seats, event number, clock time; a pending move is over', () => {
  const s = receive({ ...initialState, pendingMove: true }, stateMsg(game(), 7, ['white', 'black']), 123).state;
  assert.equal(s.seq, 7);
  assert.deepEqual(s.you, ['white', 'black']);
  assert.equal(s.clockAt, 123);
  assert.equal(s.pendingMove, false);
  assert.equal(s.game!.id, 'g1');
});

test('a move event: the move is recorded with its mover\'s clock, the position and legal moves are the server\'s', () => {
  const before = moveSent(started());
  assert.equal(before.pendingMove, true);
  const step = receive(before, event(6, e4), 2_500);
  const g = step.state.game!;
  assert.equal(step.state.seq, 6);
  assert.equal(step.event, e4);
  assert.equal(step.resync, null);
  assert.deepEqual(g.moves, [{ uci: 'e2e4', san: 'e4', clock: 301_000, elapsed: 2_000, fen: AFTER_E4 }]);
  assert.equal(g.fen, AFTER_E4);
  assert.equal(g.turn, 'black');
  assert.deepEqual(g.legal, { e7: ['e6', 'e5'] });
  assert.deepEqual(g.legal_moves, e4.legal_moves);
  assert.equal(g.clock!.running, 'black');
  assert.equal(step.state.clockAt, 2_500);
  assert.equal(step.state.pendingMove, false, 'the answer came');
  // Pure: the state before is untouched.
  assert.equal(before.game!.moves.length, 0);
  assert.equal(before.game!.fen, START);
  assert.equal(before.seq, 5);
});

test('a move event without legal_moves drops the list of the position before', () => {
  const { legal_moves: _dropped, ...old } = e4;
  const s = applyEvent(started(), old as MoveEvent, 0);
  assert.equal(s.game!.legal_moves, undefined);
});

test('event numbers: a duplicate is ignored, a gap asks for the events after the last one applied', () => {
  const s = started();
  const dup = receive(s, event(5, e4), 0);
  assert.equal(dup.state, s);
  assert.equal(dup.event, null);
  assert.equal(dup.resync, null);
  const gap = receive(s, event(7, e4), 0);
  assert.equal(gap.state, s, 'nothing applied out of order');
  assert.equal(gap.resync, 5);
  const next = receive(s, event(6, e4), 0);
  assert.equal(next.state.game!.moves.length, 1);
  // An event before any state has nothing to apply to.
  assert.equal(receive(initialState, event(1, e4), 0).state.game, null);
});

test('errors: a refused move frees the board; `stale` asks for a resync', () => {
  const s = moveSent(started());
  const refused = receive(s, { t: 'error', req: 3, code: 'illegal_move', data: { reason: 'illegal' } }, 0);
  assert.equal(refused.state.pendingMove, false);
  assert.equal(refused.resync, null);
  const stale = receive(s, { t: 'error', req: 3, code: 'stale', data: { ply: 4 } }, 0);
  assert.equal(stale.resync, 5);
  const ok = receive(s, { t: 'ok', req: 1 }, 0);
  assert.equal(ok.state, s);
});

test('offers: a draw offer stands until declined or answered by the other side\'s move (Art. 9.1.b.4)', () => {
  let s = receive(started(), event(6, { type: 'offer', kind: 'draw', by: 'black' }), 0).state;
  assert.equal(s.game!.offers.draw, 'black');
  // White's move answers Black's offer: it lapses.
  s = receive(s, event(7, e4), 0).state;
  assert.equal(s.game!.offers.draw, null);
  // An offer made with one's own move stands after it.
  s = started();
  s = receive(s, event(6, { type: 'offer', kind: 'draw', by: 'white' }), 0).state;
  s = receive(s, event(7, e4), 0).state;
  assert.equal(s.game!.offers.draw, 'white');
  s = receive(s, event(8, { type: 'offer_declined', kind: 'draw', by: 'black' }), 0).state;
  assert.equal(s.game!.offers.draw, null);
});

test('takebacks: the offer stands, a move ends it, the granted takeback arrives as a new state', () => {
  let s = receive(started(), event(6, { type: 'offer', kind: 'takeback', by: 'white' }), 0).state;
  assert.equal(s.game!.offers.takeback, 'white');
  assert.equal(receive(s, event(7, e4), 0).state.game!.offers.takeback, null);
  s = receive(s, event(7, { type: 'offer_declined', kind: 'takeback', by: 'black' }), 0).state;
  assert.equal(s.game!.offers.takeback, null);
  // Accepted: the server rewrites the game and sends a state with a number of its own.
  s = receive(s, event(8, e4), 0).state;
  assert.equal(s.game!.moves.length, 1);
  s = receive(s, stateMsg(game(), 9), 50).state;
  assert.equal(s.game!.moves.length, 0);
  assert.equal(s.seq, 9);
  assert.equal(receive(s, event(10, e4), 0).state.game!.moves.length, 1, 'numbers go on from the state');
});

test('presence: connected flags, and a waiting game starts when both are there', () => {
  let s = started(game({ status: 'waiting' }));
  s = receive(s, event(6, { type: 'presence', white: true, black: false }), 0).state;
  assert.equal(s.game!.status, 'waiting');
  assert.equal(s.game!.players.black.connected, false);
  s = receive(s, event(7, { type: 'presence', white: true, black: true }), 0).state;
  assert.equal(s.game!.status, 'playing');
  assert.equal(s.game!.players.black.connected, true);
  s = receive(s, event(8, { type: 'presence', white: true, black: false }), 0).state;
  assert.equal(s.game!.status, 'playing', 'a player leaving does not stop the game');
  // A move also starts a waiting game.
  assert.equal(applyEvent(started(game({ status: 'waiting' })), e4, 0).game!.status, 'playing');
});

test('the robot: thinking and its place in the queue', () => {
  const s = receive(started(), event(6, { type: 'robot', thinking: false, queue: 2 }), 0).state;
  assert.deepEqual(s.game!.robot, { thinking: false, queue: 2 });
});

test('a rejected claim brings fresh clock readings (Art. 9.5)', () => {
  const clock = { white: 200_000, black: 360_000, running: 'white' as const, delay: 0 };
  const s = receive(started(), event(6, { type: 'claim_rejected', ground: 'threefold', by: 'white', added: 60_000, clock }), 4_000).state;
  assert.deepEqual(s.game!.clock, clock);
  assert.equal(s.clockAt, 4_000);
});

test('clock readings count down the running clock only, after a US delay', () => {
  const s = started(game({ clock: { white: 10_000, black: 9_000, running: 'white', delay: 2_000 } }));
  assert.equal(clockReading(s, 'white', 1_000), 10_000);
  assert.equal(clockReading(s, 'white', 2_500), 10_000, 'within the delay');
  assert.equal(clockReading(s, 'white', 4_000), 9_000);
  assert.equal(clockReading(s, 'black', 4_000), 9_000);
  assert.equal(clockReading(s, 'white', 100_000), 0, 'never below zero');
  assert.equal(clockReading(started(game({ clock: null })), 'white', 5), null);
});

test('the end: result, status over, clocks stopped where they stood; a fallen flag shows zero', () => {
  const s = started(game({ clock: { white: 10_000, black: 9_000, running: 'white', delay: 0 } }));
  const mate = { score: '0-1', termination: 'checkmate', article: '5.1.1', edition: 'fide-2018', culprit: 'white' as const };
  const over = receive(s, event(6, { type: 'end', result: mate }), 4_000).state;
  assert.equal(over.game!.status, 'over');
  assert.deepEqual(over.game!.result, mate);
  assert.deepEqual(over.game!.clock, { white: 7_000, black: 9_000, running: null, delay: 0 });
  assert.equal(clockReading(over, 'white', 60_000), 7_000, 'stopped');
  const flag = { score: '0-1', termination: 'time_forfeit', culprit: 'white' as const };
  assert.equal(receive(s, event(6, { type: 'end', result: flag }), 2_000).state.game!.clock!.white, 0);
  const both = { score: '1/2-1/2', termination: 'both_flags_fell', culprit: null };
  const c = receive(s, event(6, { type: 'end', result: both }), 2_000).state.game!.clock!;
  assert.deepEqual([c.white, c.black], [0, 0]);
  assert.equal(mayMove(over), false);
});

test('who acts, who may move, which way the board faces, the moves between two squares', () => {
  const one = started();
  assert.equal(actor(one), 'white');
  assert.equal(mayMove(one), true);
  assert.equal(mayMove(moveSent(one)), false, 'not while a move is on its way');
  const black = started(game(), ['black']);
  assert.equal(mayMove(black), false);
  assert.equal(orientation(black, false, true), 'black');
  assert.equal(orientation(black, true, true), 'white');
  const hotseat = receive(started(), event(6, e4), 0).state;
  const both = { ...hotseat, you: ['white', 'black'] as ('white' | 'black')[] };
  assert.equal(actor(both), 'black');
  assert.equal(orientation(both, false, true), 'black', 'the board turns to the side to move');
  assert.equal(orientation(both, false, false), 'white');
  const spectator = { ...one, you: [] };
  assert.equal(actor(spectator), null);
  assert.equal(orientation(spectator, false, true), 'white');
  assert.deepEqual(movesBetween(one, 'g1', 'f3'), [{ uci: 'g1f3', san: 'Nf3' }]);
  const promotion = started(game({ legal_moves: ['q', 'r', 'b', 'n'].map(p => ({ uci: `e7e8${p}`, san: `e8=${p.toUpperCase()}` })) }));
  assert.equal(movesBetween(promotion, 'e7', 'e8').length, 4);
});
