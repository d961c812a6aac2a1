// Moves typed (or dictated) in the move box go to the server as written, with the page's language: the
// server's reader (src/notation) reads SAN, national piece letters, Appendix D words, ICCF digits and UCI, and
// answers `illegal_move` with reason `unreadable`, `illegal` or `ambiguous` (with the `candidates` in SAN)
// when it cannot play the text. This file only sorts those answers; it reads no chess of its own.
import type { Game, LegalMove } from '../protocol';

export type TypedRefusal =
  /** The server could not read the text, or read a move that is not legal here. */
  | { kind: 'unknown' }
  /** Several moves fit: the player says which. */
  | { kind: 'ambiguous'; candidates: LegalMove[] }
  /** Several moves fit, all between the same two squares: a promotion typed without the piece. */
  | { kind: 'promotion'; from: string; to: string }
  /** Any other refusal (not your turn, game over, ...): worded from its code as every error is. */
  | { kind: 'other' };

/** Sorts the server's refusal of a typed move; `candidates` are SAN names of the server's legal moves. */
export function typedRefusal(code: string, data: Record<string, unknown>, game: Game): TypedRefusal {
  if (code !== 'illegal_move') return { kind: 'other' };
  if (data.reason !== 'ambiguous') return data.reason === 'unreadable' || data.reason === 'illegal' ? { kind: 'unknown' } : { kind: 'other' };
  const sans = Array.isArray(data.candidates) ? data.candidates.filter((s): s is string => typeof s === 'string') : [];
  const moves = game.legal_moves ?? [];
  // Matched without check signs, which a reader's candidate list may leave out.
  const bare = (san: string): string => san.replace(/[+#]+$/, '');
  const candidates = sans.map(san => moves.find(m => bare(m.san) === bare(san)) ?? { uci: '', san });
  return choice(candidates);
}

/** Several moves that fit: a promotion to choose when they all join the same squares, else a question. */
export function choice(candidates: LegalMove[]): TypedRefusal {
  const squares = candidates[0]?.uci.slice(0, 4) ?? '';
  if (candidates.length > 1 && squares.length === 4 && candidates.every(m => m.uci.slice(0, 4) === squares))
    return { kind: 'promotion', from: squares.slice(0, 2), to: squares.slice(2, 4) };
  return { kind: 'ambiguous', candidates };
}
