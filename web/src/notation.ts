// Moves in the player's notation. The server names every move in SAN with English letters and in UCI; the
// page shows them with the chosen language's piece letters (FIDE Laws Appendix C lets each country use its
// own), as figurines, or in ICCF numeric notation, and reads typed moves in the same forms. The letters are
// the ones tabiya's C++ reader knows (src/notation/language.cpp).
import { matchTyped, type LegalMove } from './chess.js';

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

// Latin look-alikes that Cyrillic scoresheets and keyboards give for the national letters (as the C++
// reader accepts them): K, O, T, C and p.
const LATIN_TWIN: Record<string, string> = { К: 'K', О: 'O', Т: 'T', С: 'C', р: 'p' };

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
const DIGIT_PROMOTION: Record<string, string> = { '1': 'q', '2': 'r', '3': 'b', '4': 'n' };

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

/** The legal moves an ICCF numeric text names: 5254, 5171 (castling by the king's move), 57581. */
export function matchIccf(text: string, moves: LegalMove[]): LegalMove[] {
  const m = /^([1-8])([1-8])([1-8])([1-8])([1-4])?$/.exec(text.trim());
  if (!m) return [];
  const square = (f: string, r: string): string => String.fromCharCode(96 + Number(f)) + r;
  const from = square(m[1]!, m[2]!);
  const to = square(m[3]!, m[4]!);
  const promo = m[5] === undefined ? null : DIGIT_PROMOTION[m[5]]!;
  return moves.filter(mv => {
    if (mv.uci.slice(0, 2) !== from) return false;
    const arrival = mv.san.startsWith('O-O') ? iccf(mv.uci, mv.san).slice(2, 4) === digits(to) : mv.uci.slice(2, 4) === to;
    if (!arrival) return false;
    return promo === null || mv.uci[4] === promo;
  }).filter((mv, i, all) => all.findIndex(o => o.san === mv.san) === i); // e1g1 and e1h1 are one castling
}

/** Typed text with the language's piece letters (and their Latin twins) turned into English letters. */
export function toEnglishLetters(lang: string, text: string): string {
  if (lang === 'en') return text;
  const letters = lettersOf(lang);
  const forms: [string, English][] = [];
  for (const [english, national] of Object.entries(letters) as [English, string][]) {
    const variants = [...national].reduce<string[]>(
      (acc, ch) => acc.flatMap(v => (LATIN_TWIN[ch] ? [v + ch, v + LATIN_TWIN[ch]] : [v + ch])),
      [''],
    );
    for (const v of variants) forms.push([v, english]);
  }
  forms.sort((a, b) => b[0].length - a[0].length);
  let out = '';
  // A lower-case first letter that is not a file (Polish "s", German "l") is read as a capital.
  const first = text[0] ?? '';
  let rest = first !== first.toUpperCase() && !/[a-h]/.test(first) ? first.toUpperCase() + text.slice(1) : text;
  while (rest.length > 0) {
    const hit = forms.find(([form]) => rest.startsWith(form));
    if (hit) {
      out += hit[1];
      rest = rest.slice(hit[0].length);
    } else {
      out += rest[0];
      rest = rest.slice(1);
    }
  }
  return out;
}

const CASTLING = /^([O0oОо])-?([O0oОо])(-?[O0oОо])?[+#!?]*$/;

/**
 * The legal moves a typed text names, in the order tabiya's C++ reader tries them: ICCF digits, castling,
 * the language's letters, then English letters (SAN, long algebraic, UCI).
 */
export function readTyped(lang: string, text: string, moves: LegalMove[]): LegalMove[] {
  const trimmed = text.trim();
  if (/^\d{4,5}$/.test(trimmed)) return matchIccf(trimmed, moves);
  const castle = CASTLING.exec(trimmed.replace(/\s/g, ''));
  if (castle) return matchTyped(castle[3] ? 'O-O-O' : 'O-O', moves);
  const national = lang === 'en' ? [] : matchTyped(toEnglishLetters(lang, trimmed), moves);
  return national.length > 0 ? national : matchTyped(trimmed, moves);
}

/** Characters that start a typed move in a language (for focusing the move box when typed anywhere). */
export function startsMove(lang: string, key: string): boolean {
  if (/^[a-hKQRBNO0-8]$/.test(key)) return true;
  return Object.values(lettersOf(lang)).some(l => l[0] === key || l[0]!.toLowerCase() === key);
}
