// The blind mode's questions about the game, each answered in one sentence or a few: the position by piece type
// or by rank or file, where the pieces of one kind stand, what attacks or defends a square, the last move, the
// move list, the clocks with the number of moves made (2014 App. D.2.9.d: the number of moves completed and the
// time used by both players, told on request), the legal moves of a piece, and the help listing them.
// Attacks are worked out from the placement alone (which pieces bear on a square), not legal moves: a pinned
// piece still defends. Legal moves come from the server. No DOM here, so node tests can run it.
import { parsePlacement, type Piece, type Role } from '../placement.js';
import type { Color, Game, Square } from '../protocol';
import { moveWords, pieceName, ROLES, squareLabel, squareWords, type Style, type Words } from './notation.js';

export interface Asked {
  game: Game;
  /** The colour the player acts for (the side to move in hot-seat), White for a spectator. */
  me: Color;
  style: Style;
  words: Words;
  /** Each clock's reading now, in milliseconds (null without a clock). */
  clock: (c: Color) => number | null;
}

const FILES = 'abcdefgh';
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

function list(items: string[], words: Words): string {
  return items.length === 0 ? words('blind.none') : items.join(', ');
}

function rolePlural(role: Role, words: Words): string {
  return words(`blind.pieces.${role}`);
}

function squaresOf(board: Map<Square, Piece>, color: Color, role: Role): Square[] {
  return [...board.entries()]
    .filter(([, p]) => p.color === color && p.role === role)
    .map(([s]) => s)
    .sort((a, b) => a.localeCompare(b));
}

/** Both sides, piece type by piece type: "White: king e1; queen d1; ...". */
export function position(a: Asked): string {
  const board = parsePlacement(a.game.fen);
  const sides = (['white', 'black'] as Color[]).map(color => {
    const parts = ROLES.map(role => {
      const at = squaresOf(board, color, role);
      return at.length === 0 ? '' : `${at.length > 1 ? rolePlural(role, a.words) : pieceName(role, a.words)} ${at.map(s => squareWords(s, a.style)).join(', ')}`;
    }).filter(x => x !== '');
    return `${a.words(`color.${color}`)}: ${parts.join('; ')}`;
  });
  return `${sides.join('. ')}. ${a.words(a.game.turn === 'white' ? 'blind.toMove.white' : 'blind.toMove.black')}`;
}

/** The squares of one rank (1-8) or file (a-h), in order, each with its piece or "empty". */
export function line(a: Asked, which: string): string {
  const squares = /^[1-8]$/.test(which) ? [...FILES].map(f => f + which) : /^[a-h]$/.test(which) ? [1, 2, 3, 4, 5, 6, 7, 8].map(r => which + r) : [];
  if (squares.length === 0) return a.words('blind.cmd.badLine', { text: which });
  return squares.map(s => squareLabel(s, a.game.fen, a.style, a.words)).join('; ');
}

/** The whole position rank by rank (8 to 1) or file by file (a to h), naming only the occupied squares. */
export function positionByLines(a: Asked, by: 'rank' | 'file'): string {
  const board = parsePlacement(a.game.fen);
  const lines = by === 'rank' ? ['8', '7', '6', '5', '4', '3', '2', '1'] : [...FILES];
  return lines
    .map(l => {
      const squares = by === 'rank' ? [...FILES].map(f => f + l) : [1, 2, 3, 4, 5, 6, 7, 8].map(r => l + r);
      const occupied = squares.filter(s => board.has(s)).map(s => squareLabel(s, a.game.fen, a.style, a.words));
      const name = a.words(by === 'rank' ? 'blind.cmd.rank' : 'blind.cmd.file', { line: l });
      return `${name}: ${occupied.length === 0 ? a.words('blind.cmd.lineEmpty') : occupied.join('; ')}`;
    })
    .join('. ');
}

/** Where the pieces of one kind of one side stand. */
export function pieces(a: Asked, color: Color, role: Role): string {
  const at = squaresOf(parsePlacement(a.game.fen), color, role);
  const whose = a.words(color === a.me ? 'blind.cmd.yours' : 'blind.cmd.theirs', { pieces: rolePlural(role, a.words) });
  return `${whose}: ${list(at.map(s => squareWords(s, a.style)), a.words)}`;
}

/** The squares of the pieces of each colour that bear on a square, as the server answers them. */
export interface Bearing {
  white: Square[];
  black: Square[];
}

/** What attacks and what defends a square: the pieces of each side bearing on it, as the server found them. */
export function attacks(a: Asked, target: Square, by: Bearing): string {
  const board = parsePlacement(a.game.fen);
  const name = (s: Square): string => `${pieceName(board.get(s)!.role, a.words)} ${squareWords(s, a.style)}`;
  const occupant = board.get(target);
  const head = squareLabel(target, a.game.fen, a.style, a.words);
  const sideText = (c: Color): string => list(by[c].filter(s => board.has(s)).map(name), a.words);
  if (occupant) {
    const defenders = sideText(occupant.color);
    const attackers = sideText(other(occupant.color));
    return `${head}. ${a.words('blind.cmd.attackedBy', { pieces: attackers })}. ${a.words('blind.cmd.defendedBy', { pieces: defenders })}.`;
  }
  return `${head}. ${a.words('blind.cmd.reachedBy', { color: a.words('color.white'), pieces: sideText('white') })}. ${a.words('blind.cmd.reachedBy', { color: a.words('color.black'), pieces: sideText('black') })}.`;
}

function moverOf(game: Game, index: number): Color {
  const first: Color = game.start_fen.split(' ')[1] === 'b' ? 'black' : 'white';
  return index % 2 === 0 ? first : other(first);
}

export function lastMove(a: Asked): string {
  const g = a.game;
  const last = g.moves[g.moves.length - 1];
  if (!last) return a.words('blind.cmd.noMoves');
  const mover = moverOf(g, g.moves.length - 1);
  return a.words('blind.move.by', { color: a.words(`color.${mover}`), move: moveWords(last.san, a.style, a.words) });
}

/** The numbered move pairs: "1. e4 e5. 2. knight to f3 ...". */
export function moveList(a: Asked): string {
  const g = a.game;
  if (g.moves.length === 0) return a.words('blind.cmd.noMoves');
  const startBlack = g.start_fen.split(' ')[1] === 'b';
  const startNumber = Number(g.start_fen.split(' ')[5] ?? '1') || 1;
  const pairs: string[] = [];
  g.moves.forEach((m, i) => {
    const ply = i + (startBlack ? 1 : 0);
    const number = startNumber + Math.floor(ply / 2);
    const words = moveWords(m.san, a.style, a.words);
    if (ply % 2 === 0 || i === 0) pairs.push(`${number}.${ply % 2 === 1 ? ' …' : ''} ${words}`);
    else pairs[pairs.length - 1] += `, ${words}`;
  });
  return pairs.join('. ');
}

/** Moves completed, counted as the Laws count them: a move is White's and Black's turn together. */
export function movesMade(game: Game): number {
  const startBlack = game.start_fen.split(' ')[1] === 'b';
  // Completed moves in this game: pairs of plies; a game begun with Black's turn counts that ply as a move.
  return Math.floor((game.moves.length + (startBlack ? 1 : 0)) / 2);
}

export function spokenTime(ms: number, words: Words): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(words(h === 1 ? 'blind.time.hour' : 'blind.time.hours', { n: h }));
  if (m > 0) parts.push(words(m === 1 ? 'blind.time.minute' : 'blind.time.minutes', { n: m }));
  if (s > 0 || parts.length === 0) parts.push(words(s === 1 ? 'blind.time.second' : 'blind.time.seconds', { n: s }));
  return parts.join(' ');
}

/** Both clocks and the number of moves made (2014 App. D.2.9.d). */
export function clocks(a: Asked): string {
  const g = a.game;
  const made = a.words('blind.cmd.movesMade', { n: movesMade(g), plies: g.moves.length });
  const w = a.clock('white');
  const b = a.clock('black');
  if (w === null || b === null) return `${made}. ${a.words('blind.cmd.noClock')}`;
  return `${made}. ${a.words('blind.cmd.clock', { color: a.words('color.white'), time: spokenTime(w, a.words) })}. ${a.words('blind.cmd.clock', { color: a.words('color.black'), time: spokenTime(b, a.words) })}.`;
}

/** The squares the piece on `from` may move to, from the server's legal moves. */
export function legalFrom(a: Asked, from: Square): string {
  const head = squareLabel(from, a.game.fen, a.style, a.words);
  const dests = a.game.legal[from] ?? [];
  if (dests.length === 0) return `${head}. ${a.words('blind.cmd.noLegal')}`;
  return `${head}. ${a.words('blind.cmd.canGo', { squares: dests.map(s => squareWords(s, a.style)).join(', ') })}`;
}

export const HELP_KEYS = [
  'blind.help.arrows',
  'blind.help.jump',
  'blind.help.enter',
  'blind.help.position',
  'blind.help.line',
  'blind.help.lines',
  'blind.help.pieces',
  'blind.help.attacks',
  'blind.help.last',
  'blind.help.moves',
  'blind.help.clock',
  'blind.help.legal',
  'blind.help.typed',
  'blind.help.nav',
  'blind.help.abort',
  'blind.help.help',
];

export function help(words: Words): string {
  return HELP_KEYS.map(k => words(k)).join(' ');
}

const ROLE_WORDS: Record<string, Role> = {
  king: 'king', kings: 'king', queen: 'queen', queens: 'queen', rook: 'rook', rooks: 'rook', bishop: 'bishop',
  bishops: 'bishop', knight: 'knight', knights: 'knight', pawn: 'pawn', pawns: 'pawn', k: 'king', q: 'queen',
  r: 'rook', b: 'bishop', n: 'knight', p: 'pawn', koenig: 'king', dame: 'queen', turm: 'rook', laeufer: 'bishop',
  springer: 'knight', bauer: 'pawn',
};

/** The square of a typed "attacks e4" (or attackers, defends, defenders, square): its answer needs the server. */
export function attacksCommand(text: string): Square | null {
  const [first, second, third] = text.trim().toLowerCase().split(/\s+/);
  const asks = ['attacks', 'attackers', 'defends', 'defenders', 'square'].includes(first ?? '');
  return asks && second !== undefined && /^[a-h][1-8]$/.test(second) && third === undefined ? second : null;
}

/** A typed command word ("position", "rank 4", "my knights", ...) answered; null if it is none. */
export function typedCommand(text: string, a: Asked): string | null {
  const words = text.trim().toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').split(/\s+/);
  const [first, second, third] = words;
  const square = (s: string | undefined): s is Square => s !== undefined && /^[a-h][1-8]$/.test(s);
  switch (first) {
    case 'help':
    case '?':
      return help(a.words);
    case 'position':
    case 'pos':
    case 'board':
      return words.length === 1 ? position(a) : null;
    case 'rank':
    case 'row':
      return second !== undefined && /^[1-8]$/.test(second) ? line(a, second) : null;
    case 'file':
    case 'column':
      return second !== undefined && /^[a-h]$/.test(second) ? line(a, second) : null;
    case 'ranks':
    case 'rows':
      return words.length === 1 ? positionByLines(a, 'rank') : null;
    case 'files':
    case 'columns':
      return words.length === 1 ? positionByLines(a, 'file') : null;
    case 'my':
    case 'mine':
    case 'their':
    case 'theirs':
    case 'opponent':
    case 'opponents':
    case "opponent's": {
      const role = ROLE_WORDS[second ?? ''];
      if (role === undefined || third !== undefined) return null;
      return pieces(a, first.startsWith('m') ? a.me : other(a.me), role);
    }
    case 'last':
      return words.length === 1 || second === 'move' ? lastMove(a) : null;
    case 'moves':
    case 'score':
      return words.length === 1 ? moveList(a) : null;
    case 'clock':
    case 'clocks':
    case 'time':
      return words.length === 1 ? clocks(a) : null;
    case 'legal':
    case 'where':
      return square(second) && third === undefined ? legalFrom(a, second) : null;
    default:
      return null;
  }
}
