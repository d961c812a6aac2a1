// Moving through the game: which position the board shows. `null` is the live position (it follows the game);
// a number is the position after that many moves of the game (0: the start position), kept while the game goes
// on. Each position is the one the server sent with its move (GAME moves[i].fen, the `move` event's fen): no
// chess rules here. No DOM, so node tests drive it directly.
import type { Color, Game } from '../protocol.js';

/** The shown position: null while following the game, else the number of moves played before it. */
export type Shown = number | null;

export type NavStep = 'first' | 'prev' | 'next' | 'last';

/** Where a step goes from the shown position; reaching the last move is following the game again. */
export function stepTo(game: Game, shown: Shown, step: NavStep): Shown {
  const total = game.moves.length;
  const at = shown ?? total;
  const to = step === 'first' ? 0 : step === 'prev' ? Math.max(0, at - 1) : step === 'next' ? at + 1 : total;
  return jumpTo(game, to);
}

/** The keys that move through the game (lichess's): Left and Right one move, Up or Home to the start, Down or
 * End to the live position; none with a modifier. */
export function navKey(ev: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): NavStep | null {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return null;
  const steps: Record<string, NavStep> = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'first', Home: 'first', ArrowDown: 'last', End: 'last' };
  return steps[ev.key] ?? null;
}

/** A jump to the position after `ply` moves; the last one (or beyond) is the live position. */
export function jumpTo(game: Game, ply: number): Shown {
  return ply >= game.moves.length ? null : Math.max(0, Math.floor(ply));
}

/** The shown position still exists after the game changed (a takeback shortens it): else the live one. */
export function keepShown(game: Game, shown: Shown): Shown {
  return shown === null ? null : jumpTo(game, shown);
}

export interface ShownPosition {
  fen: string;
  /** The move that led to it, as UCI; null for the start position. */
  lastUci: string | null;
  turn: Color;
  /** The side to move is in check: the server's SAN of the move ends in + or #. */
  check: boolean;
}

/** The position after `ply` moves as the server described it. */
export function positionAfter(game: Game, ply: number): ShownPosition {
  const move = ply > 0 ? game.moves[ply - 1] : undefined;
  const fen = move === undefined ? game.start_fen : (move.fen ?? game.fen);
  return {
    fen,
    lastUci: move?.uci ?? null,
    turn: fen.split(' ')[1] === 'b' ? 'black' : 'white',
    check: move !== undefined && /[+#]$/.test(move.san),
  };
}

/** The game as it stood after `ply` moves, for the views that describe a game (the blind mode's answers):
 * the moves up to there, that position, and no moves to make in it. */
export function gameAt(game: Game, shown: Shown): Game {
  if (shown === null) return game;
  const p = positionAfter(game, shown);
  return { ...game, moves: game.moves.slice(0, shown), fen: p.fen, turn: p.turn, check: p.check, legal: {}, legal_moves: [] };
}

/** The move number and side of the move that led to the position after `ply` moves: "12." or "12…". */
export function moveLabel(game: Game, ply: number): string {
  const startBlack = game.start_fen.split(' ')[1] === 'b';
  const startNumber = Number(game.start_fen.split(' ')[5] ?? '1') || 1;
  const index = ply - 1 + (startBlack ? 1 : 0);
  return `${startNumber + Math.floor(index / 2)}${index % 2 === 0 ? '.' : '…'}`;
}

/** The ply of "move N" of one side ("show move 12", "move 12 black"); null when the game has no such move. */
export function plyOfMove(game: Game, number: number, side: Color): number | null {
  const startBlack = game.start_fen.split(' ')[1] === 'b';
  const startNumber = Number(game.start_fen.split(' ')[5] ?? '1') || 1;
  const index = (number - startNumber) * 2 + (side === 'black' ? 1 : 0);
  const ply = index + 1 - (startBlack ? 1 : 0);
  return Number.isInteger(number) && ply >= 1 && ply <= game.moves.length ? ply : null;
}

export type NavCommand = { step: NavStep } | { live: true } | { move: number; side: Color };

const STEP_WORDS: Record<string, NavStep> = {
  back: 'prev', previous: 'prev', prev: 'prev', forward: 'next', next: 'next', first: 'first', start: 'first',
  last: 'last', end: 'last',
};

/** A typed navigation command of the blind mode ("back", "forward", "first", "last", "live", "show move 12",
 * "move 12 black"); null when the text is none. "last" alone is the last move's question (commands.ts). */
export function navCommand(text: string): NavCommand | null {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words[0] === 'show') words.shift();
  const [first, second, third] = words;
  if (first === undefined) return null;
  if (words.length === 1 && first === 'live') return { live: true };
  if (words.length === 1 && first !== 'last' && STEP_WORDS[first] !== undefined) return { step: STEP_WORDS[first]! };
  if (words.length === 2 && second === 'position' && (first === 'first' || first === 'last' || first === 'live'))
    return first === 'first' ? { step: 'first' } : { live: true };
  if (first === 'move' && second !== undefined && /^\d{1,4}$/.test(second) && words.length <= 3) {
    if (third !== undefined && third !== 'white' && third !== 'black') return null;
    return { move: Number(second), side: third === 'black' ? 'black' : 'white' };
  }
  return null;
}
