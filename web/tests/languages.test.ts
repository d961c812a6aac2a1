// The languages: every catalogue in web/i18n/ has every key of en.json with the same placeholders; every
// rules page (web/rules/) has the words for every point of the outline; the outline's article numbers for
// results are the ones the C++ laws cite (src/laws/outcome.cpp), and every termination of the protocol has
// a point to link to. Numbers and clocks follow the language (Intl).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatClockIn, fromBrowser } from '../src/intl.js';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LANGS = ['en', 'pl', 'lv', 'bg', 'uk', 'ru', 'de'];
const read = (path: string): unknown => JSON.parse(readFileSync(join(web, path), 'utf8'));
const catalogue = (lang: string): Record<string, string> => read(`i18n/${lang}.json`) as Record<string, string>;
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map(m => m[1]!).sort();

test('a catalogue for each language, and no other', () => {
  const files = readdirSync(join(web, 'i18n')).filter(f => f.endsWith('.json')).map(f => f.slice(0, -5)).sort();
  assert.deepEqual(files, [...LANGS].sort());
});

for (const lang of LANGS.filter(l => l !== 'en')) {
  test(`${lang}: every key of en.json, with the same placeholders, and translated`, () => {
    const en = catalogue('en');
    const other = catalogue(lang);
    assert.deepEqual(Object.keys(other).sort(), Object.keys(en).sort(), 'the same keys');
    for (const [key, value] of Object.entries(en)) {
      assert.equal(typeof other[key], 'string', key);
      assert.notEqual(other[key]!.trim(), '', `${lang} ${key} is empty`);
      assert.deepEqual(placeholders(other[key]!), placeholders(value), `${lang} ${key}: placeholders`);
      assert.ok(!/[{}]/.test(other[key]!.replace(/\{\w+\}/g, '')), `${lang} ${key}: stray brace`);
    }
    // Translated, not copied: most words differ from English (names like "tabiya" and "Blitz" may not).
    const same = Object.keys(en).filter(k => other[k] === en[k] && !/\d|^\{|tabiya|PGN|online|offline|Blitz|Bullet|Links/.test(en[k]!));
    assert.ok(same.length < 10, `${lang}: ${same.length} values identical to English: ${same.join(', ')}`);
    assert.notEqual(other['lang.name'], en['lang.name']);
  });
}

test('the chess words: Polish Szach/Mat/Remis/Pat, Cyrillic in uk, ru, bg', () => {
  const pl = catalogue('pl');
  assert.equal(pl['reason.stalemate'], 'Pat');
  assert.equal(pl['result.draw'], 'Remis');
  assert.equal(pl['reason.checkmate'], 'Szach mat');
  for (const lang of ['uk', 'ru', 'bg']) {
    const c = catalogue(lang);
    for (const key of ['result.draw', 'reason.checkmate', 'reason.stalemate', 'newGame.levelOption'])
      assert.match(c[key]!, /[\u0400-\u04FF]/, `${lang} ${key} in Cyrillic`);
  }
});

interface Outline {
  sections: { id: string; points: { id: string; art?: string; editions?: Record<string, string> }[] }[];
}
const outline = read('rules/points.json') as Outline;
const points = outline.sections.flatMap(s => s.points);

for (const lang of LANGS) {
  test(`${lang}: the rules page has words for every section and point`, () => {
    const words = read(`rules/${lang}.json`) as { sections: Record<string, string>; points: Record<string, { title: string; text: string }>; art: string };
    for (const s of outline.sections) assert.ok(words.sections[s.id], `${lang} section ${s.id}`);
    for (const p of points) {
      assert.ok(words.points[p.id]?.title, `${lang} ${p.id} title`);
      assert.ok((words.points[p.id]?.text.length ?? 0) > 40, `${lang} ${p.id} text`);
    }
    assert.deepEqual(Object.keys(words.points).sort(), points.map(p => p.id).sort(), 'no point the outline lacks');
    assert.deepEqual(placeholders(words.art), ['art']);
  });
}

test('every termination of the protocol has a rules point of its own name', () => {
  const protocol = readFileSync(join(web, '../docs/protocol.md'), 'utf8');
  const terminations = /`termination` is one of:([\s\S]*?)\. `culprit`/.exec(protocol)![1]!.match(/`([a-z_]+)`/g)!.map(s => s.slice(1, -1));
  const ids = new Set(points.map(p => p.id));
  for (const t of terminations) assert.ok(ids.has(t), `no rules point for ${t}`);
  const source = readFileSync(join(web, 'src/rules.ts'), 'utf8');
  for (const t of terminations) assert.ok(source.includes(`'${t}'`), `src/rules.ts does not link ${t}`);
});

test("the result points' article numbers are the C++ laws' (src/laws/outcome.cpp)", () => {
  const cpp = readFileSync(join(web, '../src/laws/outcome.cpp'), 'utf8');
  const names: Record<string, string> = {
    checkmate: 'checkmate', resignation: 'resignation', stalemate: 'stalemate', dead_position: 'dead position',
    agreement: 'draw by agreement', threefold_repetition: 'threefold repetition', fifty_moves: 'fifty-move rule',
    fivefold_repetition: 'fivefold repetition', seventy_five_moves: 'seventy-five-move rule', time_forfeit: 'loss on time',
    timeout_draw: 'flag fall, but the opponent cannot checkmate', both_flags_fell: 'both flags fell in the last period',
    forfeit: 'forfeit', arbiter_decision: "arbiter's decision",
  };
  const order = ['fide-2001', 'fide-2005', 'fide-2009', 'fide-2014', 'fide-2018'];
  for (const p of points.filter(x => x.editions)) {
    const name = names[p.id];
    assert.ok(name, `${p.id} has a row name`);
    const row = new RegExp(`\\{"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}", \\{([^}]*)\\}\\}`).exec(cpp);
    assert.ok(row, `outcome.cpp row ${name}`);
    const cited = row[1]!.match(/"([^"]*)"/g)!.map(s => s.slice(1, -1).replace(/^Art\. /, ''));
    assert.deepEqual(order.map(e => p.editions![e]), cited, p.id);
  }
});

test('the language comes from the browser list by primary subtag, else English', () => {
  assert.equal(fromBrowser(['pl-PL', 'en-US'], LANGS), 'pl');
  assert.equal(fromBrowser(['fr-FR', 'uk'], LANGS), 'uk');
  assert.equal(fromBrowser(['fr-FR'], LANGS), 'en');
  assert.equal(fromBrowser([], LANGS), 'en');
});

test('clocks in the language: tenths with its decimal separator', () => {
  assert.equal(formatClockIn('en', 9_450), '0:09.4');
  assert.equal(formatClockIn('pl', 9_450), '0:09,4');
  assert.equal(formatClockIn('de', 65_000), '1:05');
  assert.equal(formatClockIn('ru', 3_725_000), '1:02:05');
});
