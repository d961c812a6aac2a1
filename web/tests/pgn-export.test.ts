// The game's PGN as the web page downloads it: a real Date (the game's start, UTC), "?" for
// a player of whom nothing is known and the robot as "tabiya level N", and after a takeback clean clock
// readings: no arbiter's comment, and `tabiya pgn check` (the CLI, on the exported file) warns of no clock
// that rose.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { binary, clickMove, newGame, serverAndBrowser, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

async function pgnOf(id: string): Promise<string> {
  const r = await fetch(`${f.server.url}/api/games/${id}/pgn`);
  assert.equal(r.status, 200);
  return r.text();
}

function today(): string {
  const d = new Date();
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
}

test('a hot-seat game with a takeback exports a PGN with its date and clean clocks that pgn check accepts', async () => {
  const errors: string[] = [];
  const page = await (await f.browser.newContext()).newPage();
  watchErrors(page, errors);
  await page.goto(f.server.url);
  const id = await newGame(page, { opponent: 'hotseat', time: 'preset:5+3', casual: true });
  const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6'];
  for (const [i, m] of moves.entries()) {
    await clickMove(page, m);
    await waitMoves(page, i + 1);
  }
  // White takes back Nf3 and Black's reply; the page answers for Black too (hot-seat).
  await page.locator('[data-action=offer-takeback]').click();
  await page.locator('[data-action=accept-takeback]').click();
  await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.gap)').length === 2);
  for (const [i, m] of ['g1f3', 'g8f6', 'f1c4'].entries()) {
    await clickMove(page, m);
    await waitMoves(page, 3 + i);
  }
  const text = await pgnOf(id);
  const date = today();
  assert.match(text, new RegExp(`\\[Date "${date.replace(/\./g, '\\.')}"\\]`));
  assert.match(text, /\[White "\?"\]/);
  assert.match(text, /\[Black "\?"\]/);
  assert.doesNotMatch(text, /arbiter sets|takeback/);
  assert.match(text, /\[%clk /);
  const file = join(mkdtempSync(join(tmpdir(), 'tabiya-pgn-')), 'takeback.pgn');
  writeFileSync(file, text);
  const report = execFileSync(binary, ['pgn', 'check', file], { encoding: 'utf8' });
  assert.doesNotMatch(report, /clock rose/, report);
  assert.match(report, /1 games, 1 ok/, report);
  assert.deepEqual(errors, []);
});

test('a robot game names the robot by its level', async () => {
  const page = await (await f.browser.newContext()).newPage();
  await page.goto(f.server.url);
  const id = await newGame(page, { opponent: 'robot', level: 2, color: 'white', time: 'preset:10+5' });
  const text = await pgnOf(id);
  assert.match(text, /\[White "\?"\]/);
  assert.match(text, /\[Black "tabiya level 2"\]/);
});
