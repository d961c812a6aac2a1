// The web app's structure, checked on its sources (no browser): every HTTP request goes through the one
// fetch wrapper (src/http.ts); the game's state (src/game/state.ts) is a pure module without DOM, socket or
// timers; views render and do not talk to the server.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter(f => f.endsWith('.ts'));
const read = (file: string): string => readFileSync(join(src, file), 'utf8');

test('every fetch of the app goes through src/http.ts', () => {
  const callers = sources.filter(f => /\bfetch\(/.test(read(f)));
  assert.deepEqual(callers, ['http.ts']);
});

test('the game state is pure: it imports only the protocol types and touches no DOM, socket or timer', () => {
  const text = read('game/state.ts');
  const imports = [...text.matchAll(/from '([^']+)'/g)].map(m => m[1]);
  assert.deepEqual(imports, ['../protocol.js']);
  for (const word of ['document', 'window', 'WebSocket', 'performance', 'setTimeout', 'setInterval', 'Date.now', 'localStorage'])
    assert.ok(!new RegExp(`\\b${word.replace('.', '\\.')}\\b`).test(text), `state.ts uses ${word}`);
});

test('views only render: no view imports the connection, the actions or the store', () => {
  const views = sources.filter(f => (/^game\/\w+_view\.ts$/.test(f) && f !== 'game/game_view.ts') || f === 'tournament/views.ts');
  assert.ok(views.length >= 6, `views: ${views.join(', ')}`);
  for (const view of views) {
    const imports = [...read(view).matchAll(/^import (?!type)[^;]*from '([^']+)'/gm)].map(m => m[1]!);
    for (const banned of ['../connection', './actions', '../store', '../http', './api']) assert.ok(!imports.includes(banned), `${view} imports ${banned}`);
  }
});
