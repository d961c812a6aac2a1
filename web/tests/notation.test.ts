// Moves shown in the player's notation: national piece letters (the same table as the C++ reader,
// src/notation/language.cpp), figurines and ICCF numeric notation (5254 = e2-e4, castling as the king's
// move 5171, a fifth digit for promotion: 1 queen, 2 rook, 3 bishop, 4 knight). Typed moves in these forms
// are read by the server: typed-moves.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { figurineSan, iccf, PIECE_LETTERS, sanIn, showMove } from '../src/notation.js';

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

test('figurines replace the piece letters', () => {
  assert.equal(figurineSan('Nxe5+'), '♘xe5+');
  assert.equal(figurineSan('exd8=Q#'), 'exd8=♕#');
  assert.equal(figurineSan('O-O'), 'O-O');
});
