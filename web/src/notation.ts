// Moves in the player's notation. The server names every move in SAN with English letters and in UCI; the
// page shows them with the chosen language's piece letters (FIDE Laws Appendix C lets each country use its
// own: a letter for a letter), as figurines, or in ICCF numeric notation. Typed moves are read by the server
// (game/typed.ts). The letters are the ones tabiya's C++ reader knows (src/notation/language.cpp).

export type NotationStyle = 'letters' | 'figurines' | 'iccf';

type English = 'K' | 'Q' | 'R' | 'B' | 'N';

/** Each language's letters for king, queen, rook, bishop, knight (src/notation/language.cpp). */
export const PIECE_LETTERS: Record<string, Record<English, string>> = {
  en: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
  pl: { K: 'K', Q: 'H', R: 'W', B: 'G', N: 'S' },
  de: { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'S' },
  lv: { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'Z' },
  uk: { K: 'Кр', Q: 'Ф', R: 'Т', B: 'С', N: 'К' },
  ru: { K: 'Кр', Q: 'Ф', R: 'Л', B: 'С', N: 'К' },
  bg: { K: 'Ц', Q: 'Д', R: 'Т', B: 'О', N: 'К' },
};

const FIGURINES: Record<English, string> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };

const lettersOf = (lang: string): Record<English, string> => PIECE_LETTERS[lang] ?? PIECE_LETTERS.en!;

/** SAN with English letters -> the same move with the language's letters (castling stays O-O). */
export function sanIn(lang: string, san: string): string {
  const letters = lettersOf(lang);
  return san.replace(/[KQRBN]/g, l => letters[l as English]);
}

export function figurineSan(san: string): string {
  return san.replace(/[KQRBN]/g, l => FIGURINES[l as English]);
}

const PROMOTION_DIGIT: Record<string, string> = { q: '1', r: '2', b: '3', n: '4' };

const digits = (square: string): string => `${square.charCodeAt(0) - 96}${square[1]}`;

/**
 * ICCF numeric notation of a move given in UCI and SAN: departure and arrival squares as two digits each
 * (file a..h = 1..8, then the rank), castling as the king's move, a fifth digit for the promotion piece
 * (1 queen, 2 rook, 3 bishop, 4 knight): e2e4 -> 5254, O-O -> 5171, e7e8q -> 57581.
 */
export function iccf(uci: string, san: string): string {
  const from = uci.slice(0, 2);
  let to = uci.slice(2, 4);
  if (san.startsWith('O-O')) to = (san.startsWith('O-O-O') ? 'c' : 'g') + from[1];
  return digits(from) + digits(to) + (PROMOTION_DIGIT[uci[4] ?? ''] ?? '');
}

/** A move as the player chose to see it. Without the UCI, ICCF falls back to the language's letters. */
export function showMove(style: NotationStyle, lang: string, san: string, uci?: string): string {
  if (style === 'figurines') return figurineSan(san);
  if (style === 'iccf' && uci) return iccf(uci, san);
  return sanIn(lang, san);
}

/** Characters that may start a typed move in a language: typed with nothing focused, they go to the move box. */
export function startsMove(lang: string, key: string): boolean {
  if (/^[a-hKQRBNO0-8]$/.test(key)) return true;
  return Object.values(lettersOf(lang)).some(l => l[0] === key || l[0]!.toLowerCase() === key);
}
