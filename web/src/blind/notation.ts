// Moves and squares in words for the blind and visually impaired mode, in three announcement styles (typed
// words are read by the server, like every typed move). The Appendix D style uses the fixed words of the FIDE Laws for visually
// impaired players (2014 App. D.2.1; 2009 App. E.2.1; 2005 App. F.2.1): files Anna..Hector, ranks eins..acht,
// pieces Koenig..Bauer, castling Kurze / Lange Rochade, and the promoted piece always named. These words are
// the Laws' own and the same in every language, so they live here and not in the message catalogue.
// No DOM and no catalogue import: the caller passes its `Words` function, so node tests can run this file.
import { parsePlacement, type Role } from '../placement.js';
import type { Color, Square } from '../protocol';

export type Style = 'plain' | 'san' | 'appendixD';
export const STYLES: Style[] = ['plain', 'san', 'appendixD'];

/** The message catalogue lookup (i18n's `t`). */
export type Words = (key: string, params?: Record<string, string | number>) => string;

export const FILE_WORDS = ['Anna', 'Bella', 'Cesar', 'David', 'Eva', 'Felix', 'Gustav', 'Hector'];
export const RANK_WORDS = ['eins', 'zwei', 'drei', 'vier', 'fuenf', 'sechs', 'sieben', 'acht'];
export const PIECE_WORDS: Record<Role, string> = {
  king: 'Koenig',
  queen: 'Dame',
  rook: 'Turm',
  bishop: 'Laeufer',
  knight: 'Springer',
  pawn: 'Bauer',
};
/** Not among the Appendix's words: the project's choices for capture, check and mate, in the same German. */
const D_TAKES = 'schlaegt';
const D_CHECK = 'Schach';
const D_MATE = 'Matt';

const LETTER_ROLE: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };
export const ROLES: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

export function squareWords(square: Square, style: Style): string {
  if (style !== 'appendixD') return square;
  const f = square.charCodeAt(0) - 97;
  const r = Number(square[1]) - 1;
  return `${FILE_WORDS[f] ?? square[0]} ${RANK_WORDS[r] ?? square[1]}`;
}

function fileWords(file: string, style: Style): string {
  return style === 'appendixD' ? (FILE_WORDS[file.charCodeAt(0) - 97] ?? file) : file;
}

function rankWords(rank: string, style: Style): string {
  return style === 'appendixD' ? (RANK_WORDS[Number(rank) - 1] ?? rank) : rank;
}

/** A SAN disambiguation hint (file, rank or square) in words. */
function hintWords(hint: string, style: Style): string {
  if (hint.length === 2) return squareWords(hint, style);
  return /[a-h]/.test(hint) ? fileWords(hint, style) : rankWords(hint, style);
}

export function pieceName(role: Role, words: Words): string {
  return words(`blind.piece.${role}`);
}

/** The words for one move given by its SAN, e.g. `Nxe5+` -> "knight takes e5, check". */
export function moveWords(san: string, style: Style, words: Words): string {
  if (style === 'san') return san;
  const mate = san.endsWith('#');
  const check = !mate && san.endsWith('+');
  const body = san.replace(/[+#!?]+$/, '');
  let text: string;
  const castle = /^(O-O-O|O-O|0-0-0|0-0)$/.exec(body);
  if (castle) {
    const long = castle[1]!.length > 3;
    text = style === 'appendixD' ? (long ? 'Lange Rochade' : 'Kurze Rochade') : words(long ? 'blind.move.castleLong' : 'blind.move.castleShort');
  } else {
    const m = /^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=?([QRBN]))?$/.exec(body);
    if (!m) return san;
    const role: Role = m[1] ? LETTER_ROLE[m[1]]! : 'pawn';
    const hint = m[2] ?? '';
    const capture = m[3] === 'x';
    const to = m[4]!;
    const promo = m[5] ? LETTER_ROLE[m[5]]! : null;
    if (style === 'appendixD') {
      const parts = [PIECE_WORDS[role]];
      if (hint) parts.push(hintWords(hint, style));
      if (capture) parts.push(D_TAKES);
      parts.push(squareWords(to, style));
      if (promo) parts.push(PIECE_WORDS[promo]);
      text = parts.join(' ');
    } else {
      const piece = pieceName(role, words);
      const from = hint ? words('blind.move.from', { from: hint }) : '';
      text = words(capture ? 'blind.move.capture' : 'blind.move.quiet', { piece, from, to });
      if (promo) text = words('blind.move.promotes', { move: text, piece: pieceName(promo, words) });
    }
  }
  if (style === 'appendixD') return mate ? `${text}, ${D_MATE}` : check ? `${text}, ${D_CHECK}` : text;
  if (mate) return words('blind.move.mate', { move: text });
  if (check) return words('blind.move.check', { move: text });
  return text;
}

/** "e4, white pawn" / "f7, empty", the square in the chosen style. */
export function squareLabel(square: Square, fen: string, style: Style, words: Words): string {
  const piece = parsePlacement(fen).get(square);
  const name = squareWords(square, style);
  if (!piece) return words('blind.square.empty', { square: name });
  return words('blind.square.piece', { square: name, color: words(`color.${piece.color}`).toLowerCase(), piece: pieceName(piece.role, words) });
}

/** The colour whose move it was, for "White: knight to f3". */
export function byColor(color: Color, move: string, words: Words): string {
  return words('blind.move.by', { color: words(`color.${color}`), move });
}
