// Moves in the player's notation: national piece letters (the same table as the C++ reader,
// src/notation/language.cpp), figurines and ICCF numeric notation (5254 = e2-e4, castling as the king's
// move 5171, a fifth digit for promotion: 1 queen, 2 rook, 3 bishop, 4 knight), shown and read back.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { legalMoves, START_FEN } from '../src/chess.js';
import { iccf, PIECE_LETTERS, readTyped, sanIn, showMove, toEnglishLetters } from '../src/notation.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

test("the web's piece letters are the C++ notation layer's", () => {
  const cpp = readFileSync(join(web, '../src/notation/language.cpp'), 'utf8');
  const rows = [...cpp.matchAll(/\{Language::\w+, "(\w+)", \{"([^"]+)", "([^"]+)", "([^"]+)", "([^"]+)", "([^"]+)"\}\}/g)];
  assert.equal(rows.length, 7);
  for (const r of rows) {
    const [, code, n, b, rook, q, k] = r;
    assert.deepEqual(PIECE_LETTERS[code!], { K: k, Q: q, R: rook, B: b, N: n }, code);
  }
});

test('moves shown in the language, as figurines, or in ICCF digits', () => {
  assert.equal(sanIn('pl', 'Nf3'), 'Sf3');
  assert.equal(sanIn('pl', 'Qxd8+'), 'Hxd8+');
  assert.equal(sanIn('pl', 'exd8=Q#'), 'exd8=H#');
  assert.equal(sanIn('uk', 'Kxe2'), 'Крxe2');
  assert.equal(sanIn('ru', 'Rad1'), 'Лad1');
  assert.equal(sanIn('bg', 'Bb5'), 'Оb5');
  assert.equal(sanIn('lv', 'Nc3'), 'Zc3');
  assert.equal(sanIn('de', 'Bb5'), 'Lb5');
  assert.equal(sanIn('pl', 'O-O'), 'O-O');
  assert.equal(showMove('figurines', 'pl', 'Nf3', 'g1f3'), '♘f3');
  assert.equal(showMove('iccf', 'pl', 'e4', 'e2e4'), '5254');
  assert.equal(iccf('e1g1', 'O-O'), '5171');
  assert.equal(iccf('e1h1', 'O-O'), '5171');
  assert.equal(iccf('e8a8', 'O-O-O'), '5838');
  assert.equal(iccf('e7e8q', 'e8=Q'), '57581');
  assert.equal(iccf('b2a1n', 'bxa1=N'), '22114');
  assert.equal(showMove('iccf', 'ru', 'Nf3'), 'Кf3', 'without the UCI, letters');
});

const uci = (lang: string, text: string, fen = START_FEN, legal?: Record<string, string[]>): string[] =>
  readTyped(lang, text, legalMoves(fen, legal ?? startLegal)).map(m => m.uci);
const startLegal: Record<string, string[]> = {
  a2: ['a3', 'a4'], b2: ['b3', 'b4'], c2: ['c3', 'c4'], d2: ['d3', 'd4'], e2: ['e3', 'e4'], f2: ['f3', 'f4'],
  g2: ['g3', 'g4'], h2: ['h3', 'h4'], b1: ['a3', 'c3'], g1: ['f3', 'h3'],
};

test('typed moves in national letters, their Latin twins and lower case', () => {
  assert.deepEqual(uci('pl', 'Sf3'), ['g1f3']);
  assert.deepEqual(uci('pl', 'sc3'), ['b1c3']);
  assert.deepEqual(uci('pl', 'e4'), ['e2e4']);
  assert.deepEqual(uci('pl', 'Nf3'), ['g1f3'], 'English letters still work');
  assert.deepEqual(uci('de', 'Sf3'), ['g1f3']);
  assert.deepEqual(uci('lv', 'Zf3'), ['g1f3']);
  assert.deepEqual(uci('ru', 'Кf3'), ['g1f3']);
  assert.deepEqual(uci('ru', 'Kf3'), ['g1f3'], 'Latin K is the Cyrillic К, a knight in Russian');
  assert.deepEqual(uci('uk', 'кc3'), ['b1c3']);
  assert.deepEqual(uci('bg', 'Кf3'), ['g1f3']);
  assert.equal(toEnglishLetters('uk', 'Крe2'), 'Ke2');
  assert.equal(toEnglishLetters('ru', 'Kpe2'), 'Ke2');
  assert.equal(toEnglishLetters('bg', 'Цe2'), 'Ke2');
  assert.equal(toEnglishLetters('pl', 'e8=H'), 'e8=Q');
  assert.equal(toEnglishLetters('pl', 'Gb5'), 'Bb5');
});

test('typed ICCF numeric moves: squares, castling by the king, the promotion digit', () => {
  assert.deepEqual(uci('en', '5254'), ['e2e4']);
  assert.deepEqual(uci('pl', '7163'), ['g1f3']);
  assert.deepEqual(uci('en', '5255'), []);
  const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const castleLegal = { e1: ['d1', 'f1', 'd2', 'e2', 'f2', 'g1', 'h1', 'c1', 'a1'] };
  assert.deepEqual(uci('en', '5171', castle, castleLegal), ['e1g1']);
  assert.deepEqual(uci('en', '5131', castle, castleLegal), ['e1c1']);
  const promote = '3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1';
  const promoteLegal = { e7: ['e8', 'd8'] };
  assert.deepEqual(uci('en', '57581', promote, promoteLegal), ['e7e8q']);
  assert.deepEqual(uci('en', '57584', promote, promoteLegal), ['e7e8n']);
  assert.deepEqual(uci('en', '57482', promote, promoteLegal), ['e7d8r']);
  assert.equal(uci('en', '5758', promote, promoteLegal).length, 4, 'no digit: the four pieces, the page asks');
  assert.deepEqual(uci('pl', 'e8=H', promote, promoteLegal), ['e7e8q']);
  assert.deepEqual(uci('pl', 'O-O', castle, castleLegal).length > 0, true);
});
