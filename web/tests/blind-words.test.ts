// The blind mode's words without a browser (src/blind/notation.ts, commands.ts, braille.ts): moves announced in
// plain words, SAN and the Appendix D words of the FIDE Laws (2014 App. D.2.1; 2009 App. E.2.1; 2005 App. F.2.1)
// (typed Appendix D words are read by the server: typed-moves.test.ts), the questions a player may ask (2014 App. D.2.9.d: moves made and
// time used), and the score sheet laid out for a Braille display (2014 App. D.2.6).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scoreSheet, wrap } from '../src/blind/braille.js';
import { attacks, attacksCommand, clocks, legalFrom, line, movesMade, pieces, position, typedCommand, type Asked } from '../src/blind/commands.js';
import { moveWords, squareLabel } from '../src/blind/notation.js';
import { START_FEN } from '../src/placement.js';
import type { Game } from '../src/protocol.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = JSON.parse(readFileSync(join(web, 'i18n/en.json'), 'utf8')) as Record<string, string>;
const words = (key: string, params: Record<string, string | number> = {}): string => {
  const text = catalogue[key];
  assert.ok(text !== undefined, `catalogue key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_w, n: string) => String(params[n]));
};

const START_LEGAL = {
  a2: ['a3', 'a4'], b2: ['b3', 'b4'], c2: ['c3', 'c4'], d2: ['d3', 'd4'], e2: ['e3', 'e4'], f2: ['f3', 'f4'],
  g2: ['g3', 'g4'], h2: ['h3', 'h4'], b1: ['a3', 'c3'], g1: ['f3', 'h3'],
};

test('moves in plain words, SAN and the Appendix D words, the promoted piece always named (App. D.2.1)', () => {
  const cases: [string, string, string][] = [
    ['Nf3', 'knight to f3', 'Springer Felix drei'],
    ['Nxe5+', 'knight takes e5, check', 'Springer schlaegt Eva fuenf, Schach'],
    ['e4', 'pawn to e4', 'Bauer Eva vier'],
    ['exd5', 'pawn from e takes d5', 'Bauer Eva schlaegt David fuenf'],
    ['Nbd2', 'knight from b to d2', 'Springer Bella David zwei'],
    ['O-O', 'short castling', 'Kurze Rochade'],
    ['O-O-O+', 'long castling, check', 'Lange Rochade, Schach'],
    ['a8=Q', 'pawn to a8, promotes to queen', 'Bauer Anna acht Dame'],
    ['bxa1=N#', 'pawn from b takes a1, promotes to knight, checkmate', 'Bauer Bella schlaegt Anna eins Springer, Matt'],
    ['Qh4#', 'queen to h4, checkmate', 'Dame Hector vier, Matt'],
    ['Rb7', 'rook to b7', 'Turm Bella sieben'],
    ['Bc4', 'bishop to c4', 'Laeufer Cesar vier'],
    ['Kg8', 'king to g8', 'Koenig Gustav acht'],
  ];
  for (const [san, plain, d] of cases) {
    assert.equal(moveWords(san, 'plain', words), plain, san);
    assert.equal(moveWords(san, 'appendixD', words), d, san);
    assert.equal(moveWords(san, 'san', words), san);
  }
});

test('squares announce themselves: "e4, white pawn", "f7, empty"', () => {
  const fen = 'rnbqkbnr/ppppp1pp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1';
  assert.equal(squareLabel('e4', fen, 'plain', words), 'e4, white pawn');
  assert.equal(squareLabel('f7', fen, 'plain', words), 'f7, empty');
  assert.equal(squareLabel('g8', fen, 'appendixD', words), 'Gustav acht, black knight');
});

function game(fen: string, legal: Record<string, string[]>, sans: string[] = [], start = fen): Game {
  return {
    id: 'x', variant: 'standard', chess960: null, rules: 'fide-2018', casual: false, time: '5+3', days: null,
    players: { white: { kind: 'human', connected: true }, black: { kind: 'robot', level: 1, connected: true } },
    start_fen: start, moves: sans.map(san => ({ uci: '', san })), fen, turn: fen.split(' ')[1] === 'b' ? 'black' : 'white',
    check: false, legal, clock: { white: 185_000, black: 61_000, running: 'white' }, deadline: null,
    offers: { draw: null, takeback: null }, claims: { threefold: false, fifty: false }, status: 'playing', result: null,
  };
}

test('commands: position, rank and file, pieces of a kind, attacks and defends, legal moves', () => {
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  const g = game(fen, { f3: ['g1', 'd4', 'h4', 'g5', 'e5'], f1: ['e2', 'd3', 'c4', 'b5', 'a6'] }, ['e4', 'e5', 'Nf3', 'Nc6'], START_FEN);
  const a: Asked = { game: g, me: 'white', style: 'plain', words, clock: c => g.clock![c] };
  assert.match(position(a), /^White: king e1; queen d1; rooks a1, h1; bishops c1, f1; knights b1, f3; pawns a2, b2, c2, d2, e4, f2, g2, h2\. Black: king e8; .*knights c6, g8;.* White to move$/);
  assert.equal(line(a, '5'), 'a5, empty; b5, empty; c5, empty; d5, empty; e5, black pawn; f5, empty; g5, empty; h5, empty');
  assert.match(line(a, 'e'), /^e1, white king; e2, empty; e3, empty; e4, white pawn; e5, black pawn; e6, empty; e7, empty; e8, black king$/);
  assert.equal(pieces(a, 'white', 'knight'), 'Your knights: b1, f3');
  assert.equal(pieces(a, 'black', 'knight'), "Opponent's knights: c6, g8");
  // What bears on e5 and d4 is the server's answer for this position (tests/server/attackers_test.cpp).
  assert.equal(attacks(a, 'e5', { white: ['f3'], black: ['c6'] }), 'e5, black pawn. Attacked by: knight f3. Defended by: knight c6.');
  assert.equal(attacks(a, 'd4', { white: ['f3'], black: ['c6', 'e5'] }), 'd4, empty. White pieces bearing on it: knight f3. Black pieces bearing on it: knight c6, pawn e5.');
  assert.equal(attacks(a, 'a3', { white: ['b1', 'b2'], black: ['f8'] }), 'a3, empty. White pieces bearing on it: knight b1, pawn b2. Black pieces bearing on it: bishop f8.');
  assert.equal(attacks(a, 'h6', { white: [], black: [] }), 'h6, empty. White pieces bearing on it: none. Black pieces bearing on it: none.');
  // The typed question names its square; its answer waits for the server, so the synchronous commands leave it.
  assert.equal(attacksCommand('attacks e4'), 'e4');
  assert.equal(attacksCommand(' Defenders  H8 '), 'h8');
  assert.equal(attacksCommand('square a1'), 'a1');
  assert.equal(attacksCommand('attacks'), null);
  assert.equal(attacksCommand('attacks e4 e5'), null);
  assert.equal(attacksCommand('attacks i9'), null);
  assert.equal(attacksCommand('position'), null);
  assert.equal(typedCommand('attacks e4', a), null);
  assert.equal(legalFrom(a, 'f3'), 'f3, white knight. It can go to g1, d4, h4, g5, e5');
  assert.match(typedCommand('ranks', a)!, /^Rank 8: a8, black rook; c8, black bishop; .*\. Rank 6: c6, black knight\. Rank 5: e5, black pawn\. Rank 4: e4, white pawn\. Rank 3: f3, white knight\. .*Rank 1: a1, white rook; .*h1, white rook$/);
  assert.match(typedCommand('files', a)!, /^File a: a1, white rook; a2, white pawn; a7, black pawn; a8, black rook\. File b: /);
  // Appendix D style for the answers too.
  assert.equal(pieces({ ...a, style: 'appendixD' }, 'white', 'knight'), 'Your knights: Bella eins, Felix drei');
});

test('clocks and the number of moves made (2014 App. D.2.9.d)', () => {
  const g = game(START_FEN, START_LEGAL, ['e4', 'e5', 'Nf3']);
  const a: Asked = { game: g, me: 'white', style: 'plain', words, clock: c => g.clock![c] };
  assert.equal(movesMade(g), 1);
  assert.equal(clocks(a), 'Moves completed: 1 (3 half-moves). White has 3 minutes 5 seconds. Black has 1 minute 1 second.');
  assert.equal(typedCommand('clock', a), clocks(a));
  assert.equal(typedCommand('my knights', a), 'Your knights: b1, g1');
  assert.equal(typedCommand('their pawns', a)?.startsWith("Opponent's pawns: a7, b7"), true);
  assert.equal(typedCommand('Nf3', a), null, 'a move is no command');
  assert.equal(typedCommand('e4', a), null);
  assert.match(typedCommand('moves', a)!, /^1\. pawn to e4, pawn to e5\. 2\. knight to f3$/);
  assert.match(typedCommand('help', a)!, /Appendix D/);
});

test('score sheet for a Braille display: lines of at most 40 cells, numbered pairs, no tables (App. D.2.6)', () => {
  const sans = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7', 'Re1', 'b5', 'Bb3', 'd6', 'c3', 'O-O', 'h3', 'Nb8', 'd4', 'Nbd7'];
  const text = scoreSheet({ white: 'Robot level 1', black: 'Black', date: '2026-11-24', startFen: START_FEN, sans, result: '1/2-1/2', reason: 'Draw. Draw by agreement. Art. 9.1, FIDE Laws of Chess 2018' });
  const lines = text.trimEnd().split('\n');
  for (const l of lines) assert.ok(l.length <= 40, `too long: ${l}`);
  assert.ok(!/[|\t]/.test(text), 'no table characters');
  assert.ok(/^[\x20-\x7e\n]*$/.test(text), 'ASCII only');
  assert.ok(lines.includes('1. e4 e5'));
  assert.ok(lines.includes('5. O-O Be7'));
  assert.ok(lines.includes('10. d4 Nbd7'));
  assert.equal(lines[0], 'White: Robot level 1');
  assert.equal(lines[lines.length - 1]!.length <= 40, true);
  // A game begun with Black's move, from move 20.
  const fromBlack = scoreSheet({ white: 'W', black: 'B', date: 'd', startFen: '4k3/8/8/8/8/8/8/4K3 b - - 0 20', sans: ['Kd7', 'Kd2'], result: '*', reason: '' });
  assert.ok(fromBlack.includes('\n20. ... Kd7\n21. Kd2\n'));
  assert.deepEqual(wrap('a'.repeat(45), 40), ['a'.repeat(40), 'a'.repeat(5)]);
});
