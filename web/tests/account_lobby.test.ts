// Real accounts in the lobby: two people REGISTER in browser contexts of their own (no test-only
// accounts), quick-pair 1+0, play a move each, one resigns; both see their rating change, find the game in their
// history on their profile (/p/NAME) with the seat recorded for the account, see their provisional Bullet rating
// ("?") and its graph there, and export their games as PGN. The profile with ratings is axe-clean (WCAG 2 A/AA).
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, serverAndBrowser, shot, typeMove, watchErrors } from './helpers.js';

const f = serverAndBrowser();

async function register(name: string, errors: string[]): Promise<Page> {
  const page = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/account`);
  await page.locator('#register-form input[name=username]').fill(name);
  await page.locator('#register-form input[name=password]').fill('correct horse');
  await page.locator('#register-form button[type=submit]').click();
  await page.waitForSelector('#profile-form');
  await page.goto(`${f.server.url}/`);
  await page.waitForSelector('#lobby .pools button');
  await page.waitForFunction(() => (document.querySelector('#lobby .lobby-you')?.textContent ?? '').trim() !== '');
  return page;
}

/** A promise that never settles: the loser of a race stays silent. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

async function gameId(page: Page): Promise<string> {
  await page.waitForURL(/\/g\/[A-Za-z0-9_-]+/, { timeout: 15_000 });
  return /\/g\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

test('two registered players quick-pair, play a rated game, and find it with their ratings on their profiles', async () => {
  const errors: string[] = [];
  const hana = await register('hana', errors);
  const ivan = await register('ivan', errors);
  await hana.getByRole('button', { name: 'Quick pairing 1+0, Bullet' }).click();
  await ivan.getByRole('button', { name: 'Quick pairing 1+0, Bullet' }).click();
  const [id, other] = await Promise.all([gameId(hana), gameId(ivan)]);
  assert.equal(id, other);
  // Whichever board turns to Black's side names the colours (see lobby.test.ts).
  const hanaWhite = await Promise.race([
    hana.waitForSelector('#board.orientation-black', { timeout: 15_000 }).then(() => false, () => never<boolean>()),
    ivan.waitForSelector('#board.orientation-black', { timeout: 15_000 }).then(() => true, () => never<boolean>()),
    new Promise<boolean>((_, reject) => setTimeout(() => reject(new Error('neither board turned to Black')), 20_000).unref()),
  ]);
  const [white, black] = hanaWhite ? [hana, ivan] : [ivan, hana];
  const [whiteName, blackName] = hanaWhite ? ['hana', 'ivan'] : ['ivan', 'hana'];
  await black.waitForSelector('#board.orientation-black');
  await typeMove(white, 'e4');
  await typeMove(black, 'e5');
  // White's page reloads before the end: it opens the game alone, without the lobby's socket, and still shows
  // the change, which the game's own `end` event brings.
  const whiteSockets: string[] = [];
  white.on('websocket', socket => whiteSockets.push(new URL(socket.url()).pathname));
  await white.reload();
  await white.waitForFunction(() => (document.querySelector('#moves')?.textContent ?? '').includes('e5'));
  await black.locator('[data-action=resign]').click();
  await black.locator('[data-action=resign]').click(); // confirm
  for (const p of [white, black]) await p.waitForSelector('.lobby-rating-change', { timeout: 15_000 });
  assert.match(await white.locator('.lobby-rating-change').innerText(), /^Bullet rating: \d+\? \(\+\d+\)/);
  assert.match(await black.locator('.lobby-rating-change').innerText(), /^Bullet rating: \d+\? \(-\d+\)/);
  assert.match(await white.locator('#result .lobby-rating-change').innerText(), new RegExp(`^Bullet rating: \\d+\\? \\(\\+\\d+\\) · ${blackName}: \\d+\\? \\(-\\d+\\)$`));
  assert.deepEqual(whiteSockets, [`/ws/${id}`], 'the reloaded game page opened no lobby socket');
  await shot(white, 'account-lobby-game-end-live');
  // The game page itself shows the change at the end, also when opened afterwards (a reload: no lobby message);
  // it names the opponent as the lobby's message does.
  await white.reload();
  await white.waitForSelector('#result .lobby-rating-change', { timeout: 15_000 });
  assert.match(await white.locator('#result .lobby-rating-change').innerText(), new RegExp(`^Bullet rating: \\d+\\? \\(\\+\\d+\\) · ${blackName}: \\d+\\? \\(-\\d+\\)$`));
  await shot(white, 'account-lobby-game-end-reloaded');

  const violations: string[] = [];
  for (const [page, name, result] of [[white, whiteName, 'Won'], [black, blackName, 'Lost']] as const) {
    await page.goto(`${f.server.url}/p/${name}`);
    // The game in the history, with the seat the account holds (recorded from the game socket's hello).
    const row = page.locator(`table.history tr[data-game="${id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(result));
    assert.match((await row.locator('a', { hasText: 'Open' }).getAttribute('href'))!, new RegExp(`^/g/${id}#seat=`));
    // The provisional Bullet rating and its graph.
    const bullet = page.locator('.profile-ratings dd[data-category=bullet]');
    await bullet.waitFor();
    assert.match(await bullet.innerText(), /^\d+\? · Games: 1$/);
    const figure = Number(/^(\d+)/.exec(await bullet.innerText())![1]);
    assert.ok(result === 'Won' ? figure > 1500 : figure < 1500, `${name}: ${figure}`);
    assert.equal(await page.locator('.profile-ratings svg.rating-graph polyline').count(), 1);
    const result_ = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
    violations.push(...result_.violations.map(v => `${name}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`));
    await shot(page, `account-lobby-profile-${result === 'Won' ? 'winner' : 'loser'}`);
    // The export names both accounts and holds the moves.
    const pgn = await (await page.request.get(`${f.server.url}/api/players/${name}/games.pgn`)).text();
    assert.match(pgn, new RegExp(`\\[White "${whiteName}"\\]`));
    assert.match(pgn, new RegExp(`\\[Black "${blackName}"\\]`));
    assert.match(pgn, /1\. e4 [^\n]*1\.\.\. e5/);
    assert.match(pgn, /0-1|1-0/);
  }
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
  await hana.context().close();
  await ivan.context().close();
});
