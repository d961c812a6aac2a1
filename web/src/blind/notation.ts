// Moves and squares in words for the blind and visually impaired mode, in three announcement styles, and
// typed moves read back from words. The Appendix D style uses the fixed words of the FIDE Laws for visually
// impaired players (2014 App. D.2.1; 2009 App. E.2.1; 2005 App. F.2.1): files Anna..Hector, ranks eins..acht,
// pieces Koenig..Bauer, castling Kurze / Lange Rochade, and the promoted piece always named. These words are
// the Laws' own and the same in every language, so they live here and not in the message catalogue.
// No DOM and no catalogue import: the caller passes its `Words` function, so node tests can run this file.
import { legalMoves, parsePlacement, type LegalMove, type Role } from '../chess.js';
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

// --- typed words --------------------------------------------------------------------------------------

const WORD_ROLE: Record<string, Role> = {
  koenig: 'king', konig: 'king', king: 'king', k: 'king',
  dame: 'queen', queen: 'queen', q: 'queen',
  turm: 'rook', rook: 'rook', r: 'rook',
  laeufer: 'bishop', laufer: 'bishop', lauefer: 'bishop', laeuffer: 'bishop', bishop: 'bishop',
  springer: 'knight', knight: 'knight', n: 'knight',
  bauer: 'pawn', pawn: 'pawn', p: 'pawn',
};
const WORD_FILE: Record<string, string> = {};
FILE_WORDS.forEach((w, i) => (WORD_FILE[w.toLowerCase()] = 'abcdefgh'[i]!));
Object.assign(WORD_FILE, { caesar: 'c', cäsar: 'c', caser: 'c', hektor: 'h' });
const WORD_RANK: Record<string, string> = {};
RANK_WORDS.forEach((w, i) => (WORD_RANK[w] = String(i + 1)));
['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].forEach((w, i) => (WORD_RANK[w] = String(i + 1)));
Object.assign(WORD_RANK, { funf: '5', zwo: '2', ein: '1' });
const FILLERS = new Set(['to', 'nach', 'auf', 'from', 'von', 'on', 'schach', 'check', 'matt', 'mate', 'checkmate', 'en', 'passant', 'ep', 'e.p.', 'promotes', 'promote', 'promotion', 'umwandlung', 'in', 'into', 'and', 'the']);
const TAKES = new Set(['schlaegt', 'schlagt', 'nimmt', 'takes', 'captures', 'x', 'capture', ':']);

function fold(text: string): string {
  return text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

interface Spoken {
  castle?: 'short' | 'long';
  role?: Role;
  from?: string; // a file, a rank or a square
  to?: string;
  promo?: Role;
}

/** Reads words like "Springer Felix drei", "Bauer Eva schlaegt David fuenf", "Kurze Rochade", "knight to f3". */
export function readSpoken(text: string): Spoken | null {
  const folded = fold(text).replace(/[,.;!?+#=()-]/g, ' ').trim();
  if (/^(kurze rochade|short castl\w*|castles? short|castle kingside|kingside castl\w*|o o|0 0)$/.test(folded)) return { castle: 'short' };
  if (/^(lange rochade|long castl\w*|castles? long|castle queenside|queenside castl\w*|o o o|0 0 0)$/.test(folded)) return { castle: 'long' };
  const tokens = folded.split(/\s+/).filter(x => x !== '');
  if (tokens.length < 2) return null; // one token is SAN or UCI, read elsewhere
  // Squares and lone files/ranks in order; a piece word before the first square is the piece, after the last
  // square it is the promotion.
  const spots: string[] = [];
  let role: Role | undefined;
  let promo: Role | undefined;
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (FILLERS.has(tok) || TAKES.has(tok)) {
      words++;
      continue;
    }
    if (WORD_ROLE[tok] !== undefined && !(tok.length === 1 && /[a-h]/.test(tok))) {
      words++;
      if (spots.length === 0 && role === undefined) role = WORD_ROLE[tok];
      else promo = WORD_ROLE[tok];
      continue;
    }
    const file = WORD_FILE[tok] ?? (/^[a-h]$/.test(tok) ? tok : undefined);
    if (file !== undefined) {
      if (WORD_FILE[tok] !== undefined) words++;
      const next = tokens[i + 1];
      const rank = next === undefined ? undefined : (WORD_RANK[next] ?? (/^[1-8]$/.test(next) ? next : undefined));
      if (rank !== undefined) {
        if (WORD_RANK[next!] !== undefined) words++;
        spots.push(file + rank);
        i++;
      } else spots.push(file);
      continue;
    }
    const rank = WORD_RANK[tok];
    if (rank !== undefined) {
      words++;
      spots.push(rank);
      continue;
    }
    if (/^[a-h][1-8]$/.test(tok)) {
      spots.push(tok);
      continue;
    }
    return null; // an unknown word: not a spoken move
  }
  if (words === 0 || spots.length === 0) return null;
  const to = spots[spots.length - 1]!;
  if (to.length !== 2) return null;
  const from = spots.length > 1 ? spots[spots.length - 2] : undefined;
  const spoken: Spoken = { to, role: role ?? 'pawn' };
  if (from !== undefined) spoken.from = from;
  if (promo !== undefined) spoken.promo = promo;
  return spoken;
}

/** The legal moves that words typed by the player name; [] when the text is not a spoken move. */
export function matchSpoken(text: string, fen: string, legal: Record<Square, Square[]>): LegalMove[] {
  const spoken = readSpoken(text);
  if (spoken === null) return [];
  const board = parsePlacement(fen);
  const moves = legalMoves(fen, legal);
  if (spoken.castle) return moves.filter(m => m.san === (spoken.castle === 'long' ? 'O-O-O' : 'O-O'));
  return moves.filter(m => {
    if (m.san.startsWith('O-O')) return false;
    const from = m.uci.slice(0, 2);
    const to = m.uci.slice(2, 4);
    if (to !== spoken.to || board.get(from)?.role !== spoken.role) return false;
    if (spoken.from !== undefined && !from.startsWith(spoken.from) && !(spoken.from.length === 1 && from[1] === spoken.from)) return false;
    if (spoken.promo !== undefined) return m.uci[4] === LETTER_OF[spoken.promo];
    return true;
  });
}

const LETTER_OF: Record<Role, string> = { king: 'k', queen: 'q', rook: 'r', bishop: 'b', knight: 'n', pawn: 'p' };

/** The colour whose move it was, for "White: knight to f3". */
export function byColor(color: Color, move: string, words: Words): string {
  return words('blind.move.by', { color: words(`color.${color}`), move });
}
