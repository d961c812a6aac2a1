// Types of docs/protocol.md, version 1. The client never decides anything: it shows these and asks.
export const PROTOCOL_VERSION = 1;

export type Color = 'white' | 'black';
export type Square = string;

export interface CreateGameRequest {
  v: number;
  opponent: 'robot' | 'hotseat' | 'invite';
  level?: number;
  color?: Color | 'random';
  time?: string;
  days?: number | null;
  variant?: 'standard' | 'chess960';
  chess960?: number | null;
  fen?: string | null;
  pgn?: string | null;
  rules?: string;
  casual?: boolean;
}

export interface CreateGameResponse {
  id: string;
  seats: Partial<Record<Color, string>>;
  /** The creator's colour, drawn by the server when asked for "random". */
  color: Color;
  spectate: string;
}

export interface Player {
  kind: 'human' | 'robot';
  level?: number;
  elo?: number;
  connected: boolean;
  /** The player's name, when the game was created with one (an event's game). */
  name?: string;
  /** Opponent gone: this person has had no connection for a while; the other may claim in `claim_after` ms. */
  away?: { claim_after: number } | null;
}

/** The fair start: the first move due and the ms left for it (counted from the message, as a clock). */
export interface FirstMove {
  color: Color;
  remaining: number;
}

/** A legal move of the side to move as the server names it: UCI and SAN (English letters). */
export interface LegalMove {
  uci: string;
  san: string;
}

export interface MoveRecord {
  uci: string;
  san: string;
  clock?: number | null;
  elapsed?: number | null;
  /** The position after the move (moving through the game shows it). */
  fen?: string;
}

export interface ClockState {
  white: number;
  black: number;
  running: Color | null;
  delay?: number;
}

export interface Result {
  score: string;
  termination: string;
  article?: string | null;
  edition?: string | null;
  culprit?: Color | null;
}

/** One side's rating in a rated game's end: before it, after it, the change, and whether still provisional. */
export interface RatingFigures {
  before: number;
  rating: number;
  diff: number;
  provisional: boolean;
}

/** A rated game's rating change, as its `end` event carries it. */
export interface EndRatings {
  category: string;
  white: RatingFigures;
  black: RatingFigures;
}

export interface Game {
  id: string;
  variant: string;
  chess960: number | null;
  rules: string;
  casual: boolean;
  time: string | null;
  days: number | null;
  players: Record<Color, Player>;
  /** The event an event's game belongs to. */
  tournament?: { id: string; name: string; round: number } | null;
  start_fen: string;
  moves: MoveRecord[];
  fen: string;
  turn: Color;
  check: boolean;
  legal: Record<Square, Square[]>;
  /** Every legal move of the side to move with its SAN (servers of the notation change on). */
  legal_moves?: LegalMove[];
  clock: ClockState | null;
  deadline: number | null;
  /** The sides that may abort now (the fair start). */
  abortable?: Color[];
  first_move?: FirstMove | null;
  offers: { draw: Color | null; takeback: Color | null };
  claims: { threefold: boolean; fifty: boolean };
  status: 'waiting' | 'playing' | 'over';
  result: Result | null;
  robot?: { thinking: boolean; queue: number } | null;
  /** A casual invite game's rematch: the side offering it, and the new game once accepted; null for other games. */
  rematch?: { offer: Color | null; game: string | null } | null;
  /** A rated game's rating change, once its end is rated (absent: casual, or not known to this server's memory). */
  ratings?: EndRatings;
}

export interface MoveEvent {
  type: 'move';
  uci: string;
  san: string;
  ply: number;
  fen: string;
  turn: Color;
  check: boolean;
  legal: Record<Square, Square[]>;
  legal_moves?: LegalMove[];
  clock: ClockState | null;
  deadline: number | null;
  abortable?: Color[];
  first_move?: FirstMove | null;
  claims: { threefold: boolean; fifty: boolean };
  elapsed?: number | null;
}

export type GameEvent =
  | MoveEvent
  | { type: 'offer'; kind: 'draw' | 'takeback'; by: Color }
  | { type: 'offer_declined'; kind: 'draw' | 'takeback'; by: Color }
  | { type: 'claim_rejected'; ground: string; by: Color; added: number; clock: ClockState | null }
  | { type: 'presence'; white: boolean; black: boolean }
  | { type: 'robot'; thinking: boolean; queue: number }
  | { type: 'away'; color: Color; claim_after: number }
  | { type: 'back'; color: Color }
  | { type: 'end'; result: Result; ratings?: EndRatings }
  | { type: 'rematch'; action: 'offer' | 'decline' | 'withdraw' | 'accept' | 'failed'; by: Color; game?: string };

export type ServerMessage =
  | { t: 'state'; seq: number; you: Color[]; game: Game; interrupted_ms?: number }
  | { t: 'event'; seq: number; req?: number; e: GameEvent }
  | { t: 'ok'; req: number }
  | { t: 'error'; req?: number; code: string; data?: Record<string, unknown>; detail?: string }
  | { t: 'ping'; n: number }
  /** The player's own seat tokens in the accepted rematch, to his connection only. */
  | { t: 'rematch'; game: string; seats: string[] };

export type ClientMessage =
  | { t: 'hello'; v: number; seats: string[]; since?: number }
  | { t: 'move'; req: number; uci: string; ply: number }
  /** A move as the person typed or said it, read by the server in the page's language. */
  | { t: 'move'; req: number; text: string; lang: string; ply: number }
  | { t: 'draw'; req: number; action: 'offer' | 'accept' | 'decline'; color?: Color }
  | { t: 'claim'; req: number; ground: 'threefold' | 'fifty'; uci?: string }
  | { t: 'takeback'; req: number; action: 'offer' | 'accept' | 'decline'; color?: Color }
  | { t: 'resign'; req: number; color?: Color }
  | { t: 'rematch'; req: number; action: 'offer' | 'accept' | 'decline' }
  | { t: 'abort'; req: number; color?: Color }
  | { t: 'opponent_gone'; req: number; claim: 'win' | 'draw' }
  | { t: 'resync'; since: number }
  | { t: 'pong'; n: number };

export interface ReviewPly {
  ply: number;
  cp: number | null;
  mate: number | null;
  best: string | null;
  best_san: string | null;
  line: string[];
  /** The analysis board's fields (servers of the analysis board on). */
  line_san?: string[];
  fen?: string;
  label?: MoveLabel | null;
  loss?: number | null;
}

export type MoveLabel = 'inaccuracy' | 'mistake' | 'blunder';

export interface SideSummary {
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  acpl: number | null;
}

export interface Review {
  status: 'queued' | 'running' | 'done' | 'none' | 'failed';
  engine?: string | null;
  plies: ReviewPly[];
  summary?: Record<Color, SideSummary>;
}

/** POST /api/position: any position with its legal moves, after `move` when one was asked. */
export interface PositionAnswer {
  fen: string;
  turn: Color;
  check: boolean;
  legal: Record<Square, Square[]>;
  legal_moves: LegalMove[];
  status: 'playing' | 'checkmate' | 'stalemate';
  move?: LegalMove;
}

/** POST /api/position/eval: the engine's view of a shown position, White's point of view. */
export interface PositionEval {
  status: 'queued' | 'running' | 'done';
  fen: string;
  engine: string | null;
  cp: number | null;
  mate: number | null;
  best: string | null;
  best_san: string | null;
  line_san: string[];
}

export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');
