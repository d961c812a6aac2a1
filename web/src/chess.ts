// Just enough chess to show and look up moves: the placement from a FEN, and a SAN name for each of the
// server's legal moves so that a typed `Nf3`, `e2e4` or `O-O` finds the move the server offers. The server
// decides legality, check and mate; this file never generates moves of its own.
import type { Color, Square } from './protocol';

export type Role = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
export interface Piece {
  role: Role;
  color: Color;
}

const ROLES: Record<string, Role> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const LETTER: Record<Role, string> = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: '' };

export function parsePlacement(fen: string): Map<Square, Piece> {
  const board = new Map<Square, Piece>();
  const rows = (fen.split(' ')[0] ?? '').split('/');
  rows.forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else {
        const role = ROLES[ch.toLowerCase()];
        if (role && file < 8) board.set(`${'abcdefgh'[file]}${rank}`, { role, color: ch === ch.toUpperCase() ? 'white' : 'black' });
        file++;
      }
    }
  });
  return board;
}

export interface LegalMove {
  uci: string;
  san: string;
}

/** Is the move from `from` to `to` a castling (two-square king step, or king onto its own rook in Chess960)? */
export function isCastling(board: Map<Square, Piece>, from: Square, to: Square): boolean {
  const piece = board.get(from);
  if (piece?.role !== 'king') return false;
  const target = board.get(to);
  if (target && target.color === piece.color && target.role === 'rook') return true;
  return from[1] === to[1] && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2 && (from[0] === 'e');
}

export function isPromotion(board: Map<Square, Piece>, from: Square, to: Square): boolean {
  const piece = board.get(from);
  return piece?.role === 'pawn' && (to[1] === '8' || to[1] === '1');
}

/** Every legal move with its SAN (without + and #, which only the server knows). */
export function legalMoves(fen: string, legal: Record<Square, Square[]>): LegalMove[] {
  const board = parsePlacement(fen);
  const moves: LegalMove[] = [];
  for (const [from, dests] of Object.entries(legal)) {
    const piece = board.get(from);
    if (!piece) continue;
    for (const to of dests) {
      if (isCastling(board, from, to)) {
        moves.push({ uci: from + to, san: to.charCodeAt(0) > from.charCodeAt(0) ? 'O-O' : 'O-O-O' });
        continue;
      }
      const target = board.get(to);
      const capture = (target !== undefined && target.color !== piece.color) || (piece.role === 'pawn' && from[0] !== to[0]);
      let san: string;
      if (piece.role === 'pawn') {
        san = (capture ? `${from[0]}x` : '') + to;
      } else {
        const rivals = Object.entries(legal).filter(
          ([other, ds]) => other !== from && ds.includes(to) && board.get(other)?.role === piece.role,
        );
        let hint = '';
        if (rivals.length > 0) {
          if (rivals.every(([o]) => o[0] !== from[0])) hint = from[0]!;
          else if (rivals.every(([o]) => o[1] !== from[1])) hint = from[1]!;
          else hint = from;
        }
        san = LETTER[piece.role] + hint + (capture ? 'x' : '') + to;
      }
      if (isPromotion(board, from, to)) {
        for (const p of ['q', 'r', 'b', 'n']) moves.push({ uci: from + to + p, san: `${san}=${p.toUpperCase()}` });
      } else moves.push({ uci: from + to, san });
    }
  }
  return moves;
}

/** Typed text in a comparable form: no check marks, annotations, capture signs, dashes or spaces. */
function normalise(text: string): string {
  return text
    .trim()
    .replace(/[+#!?\s]/g, '')
    .replace(/0/g, 'O')
    .replace(/[x:=\-()]/g, '')
    .replace(/ep$|e\.p\.$/i, '');
}

/** The legal moves matching what the player typed (SAN or UCI); one match means the move is known. */
export function matchTyped(text: string, moves: LegalMove[]): LegalMove[] {
  const raw = text.trim().replace(/[+#!?]/g, '');
  const lower = raw.toLowerCase().replace(/[-x\s]/g, '');
  const uci = moves.filter(m => m.uci === lower || (m.uci.length === 4 && m.uci === lower.slice(0, 4) && lower.length === 4));
  if (uci.length > 0) return uci;
  const wanted = normalise(raw);
  if (wanted === '') return [];
  const exact = moves.filter(m => normalise(m.san) === wanted);
  if (exact.length > 0) return exact;
  // Looser forms: a lower-case piece letter (nf3), over-specified (Ng1f3), under-specified (Nd2 when two
  // knights can go there: all of them match, so the caller asks which), a promotion without the piece (c8).
  const fixed = /^[nrqk]/.test(wanted) ? wanted[0]!.toUpperCase() + wanted.slice(1) : wanted;
  return moves.filter(m => {
    const san = normalise(m.san);
    const from = m.uci.slice(0, 2);
    const to = m.uci.slice(2, 4);
    const letter = /^[KQRBN]/.test(san) ? san[0]! : '';
    const forms = new Set([san, san.replace(/[QRBN]$/, '')]);
    if (letter !== '') {
      forms.add(letter + to);
      forms.add(letter + from + to);
    }
    return forms.has(fixed);
  });
}

const FIGURINES: Record<string, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };

export function figurine(san: string): string {
  return san.replace(/[KQRBN]/g, l => FIGURINES[l] ?? l);
}

/** The colour to move, from a FEN's second field. */
export function turnOf(fen: string): Color {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
