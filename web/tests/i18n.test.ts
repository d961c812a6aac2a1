// The message catalogue: every key the page names literally exists in web/i18n/en.json, every catalogue
// value's placeholders are well formed, and the result and error codes of docs/protocol.md all have words.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const catalogue = JSON.parse(readFileSync(join(web, 'i18n/en.json'), 'utf8')) as Record<string, string>;

test('every literal key in src/ and index.html is in the catalogue', () => {
  const missing: string[] = [];
  const files = (readdirSync(join(web, 'src'), { recursive: true }) as string[]).filter(f => /\.(ts|html)$/.test(f));
  for (const file of files) {
    const text = readFileSync(join(web, 'src', file), 'utf8');
    const patterns = file.endsWith('.html') ? [/data-i18n(?:-aria|-title|-placeholder)?="([^"]+)"/g] : [/\bt\('([a-zA-Z0-9_.-]+)'/g, /'((?:newGame|action|status|error|result|review|player|links|input|clock)\.[a-zA-Z0-9_.-]+)'/g];
    for (const re of patterns) for (const m of text.matchAll(re)) if (!(m[1]! in catalogue)) missing.push(`${file}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('placeholders are {name} only', () => {
  for (const [key, value] of Object.entries(catalogue)) {
    const braces = value.replace(/\{[a-z_]+\}/gi, '');
    assert.ok(!/[{}]/.test(braces), `${key}: ${value}`);
  }
});

test('every termination, error code and edition of the protocol has words', () => {
  const protocol = readFileSync(join(web, '../docs/protocol.md'), 'utf8');
  const terminations = /`termination` is one of:([\s\S]*?)\. `culprit`/.exec(protocol)![1]!.match(/`([a-z_]+)`/g)!.map(s => s.slice(1, -1));
  assert.ok(terminations.length >= 14);
  for (const code of terminations) {
    const keys = Object.keys(catalogue).filter(k => k === `reason.${code}` || k.startsWith(`reason.${code}.`));
    assert.ok(keys.length > 0, `no words for termination ${code}`);
  }
  const errors = /### Error codes([\s\S]*?)###/.exec(protocol)![1]!.match(/^\| `([a-z_]+)`/gm)!.map(s => s.slice(3, -1));
  assert.ok(errors.length >= 15);
  for (const code of errors) assert.ok(`error.${code}` in catalogue, `no words for error ${code}`);
  for (const edition of ['fide-2001', 'fide-2005', 'fide-2009', 'fide-2014', 'fide-2018']) assert.ok(`edition.${edition}` in catalogue);
});
