// A whole small event in the browser: an arbiter creates a 4-player round robin, four players join by the
// join link in their own browser contexts, the arbiter closes registration and publishes round 1, one game
// is played on the board and resigned, its result reaches the standings by itself, the arbiter enters the
// other board's result from the hall, and the tournament file (TRF) is downloaded. The game page names the
// players and links back to the event. Screenshots of the event and game pages on a desktop and a phone go to
// build/screenshots/.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { clickMove, screenshots, serverAndBrowser, shot, watchErrors } from './helpers.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const f = serverAndBrowser();

const local = (url: string): string => url.replace(/^http:\/\/[^/]+/, f.server.url);

/** The standings as the page shows them: name and points per row. */
async function standings(page: Page): Promise<[string, string][]> {
  return page.$$eval('#standings tbody tr', rows => rows.map(r => [r.children[1]!.textContent!, r.children[2]!.textContent!] as [string, string]));
}

test('arbiter runs round 1 of a 4-player round robin: join links, a game resigned, a result entered, TRF', async () => {
  const errors: string[] = [];
  const arbiter = await (await f.browser.newContext({ viewport: DESKTOP, acceptDownloads: true })).newPage();
  watchErrors(arbiter, errors);

  // The arbiter creates the event from the top bar.
  await arbiter.goto(f.server.url);
  await arbiter.locator('#btn-tournament').click();
  await arbiter.waitForSelector('#tournament-new');
  await arbiter.fill('#tournament-new input[name=name]', 'Spring Club Championship');
  await arbiter.selectOption('#tournament-new select[name=system]', 'round-robin');
  assert.equal(await arbiter.locator('#tournament-new input[name=rounds]').isHidden(), true); // a round robin's rounds follow from the players
  await arbiter.selectOption('#tournament-new select[name=time]', '10+5');
  await shot(arbiter, 'tournament-new-desktop');
  await arbiter.locator('#tournament-new button[type=submit]').click();
  await arbiter.waitForSelector('#arbiter-panel, #tournament-new .form-error:not(:empty)');
  const refused = await arbiter.locator('#tournament-new .form-error').textContent({ timeout: 100 }).catch(() => null);
  assert.equal(refused ?? '', '');
  assert.match(arbiter.url(), /\/t\/[A-Za-z0-9_-]+#a=[A-Za-z0-9_-]{16,}$/);
  const id = /\/t\/([A-Za-z0-9_-]+)/.exec(arbiter.url())![1]!;
  const join = await arbiter.locator('#join-link').inputValue();
  assert.match(join, new RegExp(`/t/${id}#join=[A-Za-z0-9_-]{16,}$`));

  // Four players join by the link, each in their own f.browser.
  const names = ['Alma Berg', 'Bo Dahl', 'Cai Ek', 'Dag Fors'];
  const players: Page[] = [];
  for (const [i, name] of names.entries()) {
    const page = await (await f.browser.newContext({ viewport: i === 0 ? PHONE : DESKTOP })).newPage();
    watchErrors(page, errors);
    await page.goto(local(join));
    await page.waitForSelector('#join-form');
    await page.fill('#join-form input[name=name]', name);
    await page.fill('#join-form input[name=rating]', String(2100 - 100 * i));
    await page.fill('#join-form input[name=federation]', 'swe');
    if (i === 0) await shot(page, 'tournament-join-phone');
    await page.locator('#join-form button[type=submit]').click();
    await page.waitForSelector('#player-panel');
    assert.match(page.url(), new RegExp(`/t/${id}#p=`));
    players.push(page);
  }
  // The arbiter's page hears of them by itself.
  await arbiter.waitForFunction(() => document.querySelectorAll('#players tbody tr').length === 4);
  await shot(arbiter, 'tournament-registration-desktop');

  // Registration closes (the round robin is drawn) and round 1 is published.
  await arbiter.locator('#btn-close-registration').click();
  await arbiter.locator('#btn-publish').click();
  await arbiter.waitForSelector('#pairings table[data-round="1"] tbody tr');
  assert.equal(await arbiter.locator('#pairings table[data-round="1"] tbody tr:not(.bye)').count(), 2);

  // Each player's page shows his own game with a Play link (his seat).
  const links: string[] = [];
  for (const page of players) {
    await page.waitForSelector('#player-panel a.play', { timeout: 10_000 });
    links.push((await page.locator('#player-panel a.play').getAttribute('href'))!);
  }
  const gameOf = (href: string): string => /\/g\/([A-Za-z0-9_-]+)/.exec(href)![1]!;
  const first = gameOf(links[0]!);
  const opponent = links.findIndex((l, i) => i > 0 && gameOf(l) === first);
  assert.ok(opponent > 0, `nobody else plays game ${first}: ${links.join(' ')}`);

  // Alma and her opponent go to their game; White moves, then Alma resigns.
  const alma = players[0]!;
  const opp = players[opponent]!;
  await alma.locator('#player-panel a.play').click();
  await opp.locator('#player-panel a.play').click();
  for (const p of [alma, opp]) await p.waitForFunction(() => !document.getElementById('game')!.hidden);
  // The game page names both players (each sees himself at the bottom) and links back to the event.
  for (const [page, me, them] of [[alma, names[0]!, names[opponent]!], [opp, names[opponent]!, names[0]!]] as const) {
    await page.waitForFunction(name => document.querySelector('#player-top .name')?.textContent === name, them);
    assert.equal(await page.locator('#player-bottom .name').textContent(), me);
    const event = page.locator('#game-event a');
    assert.equal(await event.textContent(), 'Spring Club Championship · round 1');
    assert.equal(await event.getAttribute('href'), `/t/${id}`);
  }
  await shot(opp, 'tournament-game-desktop');
  await shot(alma, 'tournament-game-phone');
  const almaWhite = await alma.evaluate(() => !document.getElementById('board')!.classList.contains('orientation-black'));
  const white = almaWhite ? alma : opp;
  await clickMove(white, 'e2e4');
  await alma.locator('[data-action=resign]').click();
  await alma.locator('[data-action=resign]').click();
  await alma.waitForSelector('#result:not([hidden])');

  // The result reaches the event without anyone entering it.
  const resultOnBoard = almaWhite ? '0–1' : '1–0';
  await arbiter.waitForFunction(
    ([game, shown]) => {
      const row = document.querySelector(`#pairings a[href="/g/${game}"]`)?.closest('tr');
      return row?.querySelector('.res')?.textContent === shown;
    },
    [first, resultOnBoard] as const,
    { timeout: 10_000 },
  );
  const afterGame = await standings(arbiter);
  assert.equal(afterGame.find(([n]) => n === 'Alma Berg')![1], '0.0');
  assert.equal(afterGame.find(([n]) => n === names[opponent])![1], '1.0');

  // The arbiter enters the other board's result: a draw agreed over the board.
  const other = arbiter.locator('#pairings table[data-round="1"] tbody tr:not(.bye)').filter({ hasNot: arbiter.locator(`a[href="/g/${first}"]`) });
  await other.locator('select.enter-result').selectOption('1/2');
  await arbiter.waitForFunction(() => [...document.querySelectorAll('#standings tbody tr td.pts')].filter(td => td.textContent === '0.5').length === 2);
  const table = await standings(arbiter);
  assert.deepEqual(table.map(([, pts]) => pts), ['1.0', '0.5', '0.5', '0.0']);
  await shot(arbiter, 'tournament-arbiter-desktop');

  // Anyone can watch the event: the public page, on a desktop and on a phone.
  const visitor = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(visitor, errors);
  await visitor.goto(`${f.server.url}/t/${id}`);
  await visitor.waitForSelector('#crosstable table');
  assert.equal(await visitor.locator('#arbiter-panel').count(), 0);
  assert.equal(await visitor.locator('select.enter-result').count(), 0);
  await shot(visitor, 'tournament-event-desktop');
  await visitor.screenshot({ path: joinPath(screenshots, 'tournament-event-desktop-full.png'), fullPage: true });
  await visitor.setViewportSize(PHONE);
  await shot(visitor, 'tournament-event-phone');
  await visitor.screenshot({ path: joinPath(screenshots, 'tournament-event-phone-full.png'), fullPage: true });
  await alma.goto(`${f.server.url}/t/${id}`);
  await alma.waitForSelector('#player-panel .tgames .res');
  await shot(alma, 'tournament-player-phone');

  // The tournament file downloads and holds the four players and round 1's results.
  const [download] = await Promise.all([arbiter.waitForEvent('download'), arbiter.locator('#download-trf').click()]);
  const trf = readFileSync((await download.path())!, 'utf8');
  assert.match(trf, /^012 Spring Club Championship$/m);
  assert.equal(trf.match(/^001 /gm)?.length, 4);
  assert.doesNotMatch(trf, /^XT/m); // no secrets
  const alma001 = trf.split('\n').find(l => l.startsWith('001') && l.includes('Alma Berg'))!;
  assert.match(alma001, /\b\d+ [wb] 0\b/); // her round 1: the resigned game, lost
  assert.deepEqual(errors, []);
});
