// Moves typed in the move box. For the moment the page still looks typed text up in the legal moves it
// names itself (chess.ts, notation.ts, blind/notation.ts); the server's reader replaces this.
import { matchSpoken } from '../blind/notation';
import { legalMoves, type LegalMove } from '../chess';
import { readTyped } from '../notation';
import type { Game } from '../protocol';

export { startsMove } from '../notation';

export function readTypedMove(lang: string, text: string, g: Game): LegalMove[] {
  const found = readTyped(lang, text, legalMoves(g.fen, g.legal));
  return found.length > 0 ? found : matchSpoken(text, g.fen, g.legal); // Appendix D or plain words
}
