// The game screen's state and the one function that changes it: `receive` takes what the server sent (a
// whole `state`, a numbered event, an error) and gives the next state, as a pure function of (state,
// message, now) with no DOM, socket or timer, so node tests drive it directly. Views read the state;
// game_view.ts plays the side effects (sounds, announcements, the premove) after each step.
import { opposite, type Color, type Game, type GameEvent, type LegalMove, type ServerMessage } from '../protocol.js';

export interface GameState {
  /** The game as the server last described it, with the events since applied; null before the first state. */
  game: Game | null;
  /** The seats this client holds (none: a spectator; both: hot-seat). */
  you: Color[];
  /** The number of the last event applied (after a `state`, the state's own number). */
  seq: number;
  /** The client's time (ms, a monotonic clock) at which the game's clock readings were taken. */
  clockAt: number;
  /** A move was sent and no answer to it has come yet: the board takes no other move meanwhile. */
  pendingMove: boolean;
  /** Opponent gone: the client's time at which the claim against each away side opens. */
  awayUntil?: Partial<Record<Color, number>>;
}

export const initialState: GameState = { game: null, you: [], seq: 0, clockAt: 0, pendingMove: false };

/** One step of `receive`: the next state, what to ask the server for, and the event applied if any. */
export interface Step {
  state: GameState;
  /** Ask for the events after this number (`resync`): a gap in the numbers, or a stale request. */
  resync: number | null;
  /** The event that changed the state, for the side effects; null for anything else. */
  event: GameEvent | null;
}

export function receive(state: GameState, msg: ServerMessage, now: number): Step {
  switch (msg.t) {
    case 'state':
      return {
        state: { game: msg.game, you: msg.you ?? [], seq: msg.seq, clockAt: now, pendingMove: false, awayUntil: awayFrom(msg.game, now) },
        resync: null,
        event: null,
      };
    case 'event':
      // Already applied (e.g. replayed after a resync), or a gap: the missing events are asked for.
      if (msg.seq <= state.seq) return { state, resync: null, event: null };
      if (msg.seq !== state.seq + 1) return { state, resync: state.seq, event: null };
      if (state.game === null) return { state, resync: null, event: null };
      return { state: { ...applyEvent(state, msg.e, now), seq: msg.seq }, resync: null, event: msg.e };
    case 'error':
      return {
        state: state.pendingMove ? { ...state, pendingMove: false } : state,
        resync: msg.code === 'stale' ? state.seq : null,
        event: null,
      };
    case 'ok':
    case 'ping':
    case 'rematch':
      return { state, resync: null, event: null };
  }
}

/** The state after one event of docs/protocol.md (EVENT). The event number is the caller's (`receive`). */
export function applyEvent(state: GameState, e: GameEvent, now: number): GameState {
  const g = state.game;
  if (g === null) return state;
  switch (e.type) {
    case 'move': {
      const mover = opposite(e.turn);
      const record = { uci: e.uci, san: e.san, clock: e.clock ? e.clock[mover] : null, elapsed: e.elapsed ?? null, fen: e.fen };
      // A move answers a standing draw offer of the other side (Art. 9.1.b.4) and ends any takeback proposal.
      const draw = g.offers.draw !== null && g.offers.draw !== mover ? null : g.offers.draw;
      const game: Game = {
        ...g,
        moves: [...g.moves, record],
        fen: e.fen,
        turn: e.turn,
        check: e.check,
        legal: e.legal,
        clock: e.clock,
        deadline: e.deadline,
        abortable: e.abortable ?? [],
        first_move: e.first_move ?? null,
        claims: e.claims,
        offers: { draw, takeback: null },
        status: g.status === 'waiting' ? 'playing' : g.status,
      };
      if (e.legal_moves !== undefined) game.legal_moves = e.legal_moves;
      else delete game.legal_moves; // the list of the position before would be wrong now
      return { ...state, game, clockAt: now, pendingMove: false };
    }
    case 'offer':
      return withGame(state, { ...g, offers: { ...g.offers, [e.kind]: e.by } });
    case 'offer_declined':
      return withGame(state, { ...g, offers: { ...g.offers, [e.kind]: null } });
    case 'claim_rejected':
      // The opponent's added time (Art. 9.5) comes with fresh readings.
      if (!e.clock) return state;
      return { ...state, game: { ...g, clock: e.clock }, clockAt: now };
    case 'presence': {
      const players = {
        white: { ...g.players.white, connected: e.white },
        black: { ...g.players.black, connected: e.black },
      };
      const status = g.status === 'waiting' && e.white && e.black ? 'playing' : g.status;
      return withGame(state, { ...g, players, status });
    }
    case 'robot':
      return withGame(state, { ...g, robot: { thinking: e.thinking, queue: e.queue } });
    case 'away':
    case 'back': {
      const awayUntil = { ...state.awayUntil };
      if (e.type === 'away') awayUntil[e.color] = now + e.claim_after;
      else delete awayUntil[e.color];
      return { ...state, awayUntil };
    }
    case 'end': {
      let clock = g.clock;
      if (clock) {
        // The clocks stop where they stand; a fallen flag shows zero.
        const stopped = { ...clock, running: null };
        for (const c of ['white', 'black'] as const) stopped[c] = clockReading(state, c, now) ?? clock[c];
        const why = e.result.termination;
        if ((why === 'time_forfeit' || why === 'timeout_draw') && e.result.culprit) stopped[e.result.culprit] = 0;
        if (why === 'both_flags_fell') stopped.white = stopped.black = 0;
        clock = stopped;
      }
      const ended: Game = { ...g, result: e.result, status: 'over', clock, abortable: [], first_move: null };
      if (e.ratings) ended.ratings = e.ratings;
      return { ...state, game: ended, clockAt: now };
    }
    case 'rematch': {
      if (!g.rematch) return state;
      if (e.action === 'offer') return withGame(state, { ...g, rematch: { ...g.rematch, offer: e.by } });
      if (e.action === 'accept') return withGame(state, { ...g, rematch: { offer: null, game: e.game ?? null } });
      if (e.action === 'failed') return state;
      return withGame(state, { ...g, rematch: { ...g.rematch, offer: null } });
    }
  }
}

/** The client's time at which the claim against each away side of a new state opens. */
function awayFrom(game: Game, now: number): Partial<Record<Color, number>> {
  const until: Partial<Record<Color, number>> = {};
  for (const c of ['white', 'black'] as const) {
    const away = game.players[c]?.away;
    if (away) until[c] = now + away.claim_after;
  }
  return until;
}

function withGame(state: GameState, game: Game): GameState {
  return { ...state, game };
}

/** The state once a move has been sent: the board waits for the answer. */
export function moveSent(state: GameState): GameState {
  return { ...state, pendingMove: true };
}

// --- readings of the state (selectors) -----------------------------------------------------------------

/** A clock's reading at `now`: the server's reading, less the time since it was taken if that clock runs
 * (after the delay of a US-delay control). Null without a clock. */
export function clockReading(state: GameState, c: Color, now: number): number | null {
  const g = state.game;
  const clock = g?.clock;
  if (!g || !clock) return null;
  let ms = clock[c];
  if (clock.running === c && g.status === 'playing') ms -= Math.max(0, now - state.clockAt - (clock.delay ?? 0));
  return Math.max(0, ms);
}

/** The fair start: the ms left for the first move due at `now`, and whose it is; null when none is due. */
export function firstMoveLeft(state: GameState, now: number): { color: Color; ms: number } | null {
  const f = state.game?.first_move;
  if (!f || state.game?.status !== 'playing') return null;
  return { color: f.color, ms: Math.max(0, f.remaining - (now - state.clockAt)) };
}

/** Opponent gone: the side away from a game this client plays in, and the ms until its claim opens (0: open). */
export function opponentAway(state: GameState, now: number): { color: Color; ms: number } | null {
  const g = state.game;
  if (g === null || g.status !== 'playing' || state.you.length !== 1) return null;
  const other = opposite(state.you[0]!);
  const until = state.awayUntil?.[other];
  if (until === undefined) return null;
  return { color: other, ms: Math.max(0, until - now) };
}

/** The colour this client acts for now: the side to move for hot-seat, its one seat otherwise. */
export function actor(state: GameState): Color | null {
  const g = state.game;
  if (g === null || state.you.length === 0) return null;
  if (state.you.length === 1) return state.you[0]!;
  return g.turn;
}

/** This client may move now: its side is to move in a game being played, and no move of it is on its way. */
export function mayMove(state: GameState): boolean {
  const g = state.game;
  return g !== null && g.status === 'playing' && state.you.includes(g.turn) && !state.pendingMove;
}

/** The side shown at the bottom: the player's seat, the side to move in hot-seat (if the board turns), or
 * White for a spectator; flipped by the player's choice. */
export function orientation(state: GameState, flipped: boolean, turnBoard: boolean): Color {
  const g = state.game;
  let side: Color = 'white';
  if (state.you.length === 1) side = state.you[0]!;
  else if (state.you.length === 2 && g !== null && turnBoard && g.status !== 'over') side = g.turn;
  return flipped ? opposite(side) : side;
}

/** The server's legal moves of the side to move from one square to another (several: the promotions). */
export function movesBetween(state: GameState, from: string, to: string): LegalMove[] {
  return (state.game?.legal_moves ?? []).filter(m => m.uci.slice(0, 4) === from + to);
}
