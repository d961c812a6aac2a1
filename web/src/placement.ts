// The pieces on the board from a FEN's first field, for what the page shows and says about squares (the
// blind mode's labels and questions). No moves: the server names every legal move (GAME `legal_moves`).
import type { Color, Square } from './protocol';

export type Role = 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn';
export interface Piece {
  role: Role;
  color: Color;
}

const ROLES: Record<string, Role> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

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

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
