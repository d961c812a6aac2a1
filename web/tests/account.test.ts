// Accounts in the browser: register, log in, play while logged in, find the game in the history from a second
// browser (a phone) logged in as the same player, get back into it with its seat, export the games as PGN; wrong
// passwords worded; log-out. The account pages are axe-clean (WCAG 2 A/AA) at desktop and phone size.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, clickMove, newGame, serverAndBrowser, shot, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

async function axe(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${label}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

async function logIn(page: Page, name: string, password: string): Promise<void> {
  await page.locator('#login-form input[name=username]').fill(name);
  await page.locator('#login-form input[name=password]').fill(password);
  await page.locator('#login-form button[type=submit]').click();
}

test('register, play, and find the game from a second browser logged in as the same player', async () => {
  const errors: string[] = [];
  const violations: string[] = [];
  const desktop = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(desktop, errors);
  await desktop.goto(`${f.server.url}/`);
  // Anonymous: the header offers to log in; the account link leads to the forms.
  await desktop.locator('#btn-account').click();
  await desktop.waitForURL(/\/account$/);
  await desktop.waitForSelector('#register-form');
  violations.push(...(await axe(desktop, 'login desktop')));
  await shot(desktop, 'account-login-desktop');

  // A name with a Cyrillic letter is refused with words, then a good one is taken.
  await desktop.locator('#register-form input[name=username]').fill('аlice');
  await desktop.locator('#register-form input[name=password]').fill('correct horse');
  await desktop.locator('#register-form button[type=submit]').click();
  await desktop.waitForFunction(() => /not allowed/.test(document.querySelector('#register-form .status')!.textContent!));
  await desktop.locator('#register-form input[name=username]').fill('Alice_1');
  await desktop.locator('#register-form button[type=submit]').click();
  await desktop.waitForSelector('#profile-form');
  assert.equal((await desktop.locator('#btn-account .label').innerText()).trim(), 'Alice_1');
  violations.push(...(await axe(desktop, 'settings desktop')));
  await shot(desktop, 'account-settings-desktop');
  await desktop.locator('#profile-form input[name=federation]').fill('nor');
  await desktop.locator('#profile-form button[type=submit]').click();
  await desktop.waitForFunction(() => document.querySelector('#profile-form .status')!.textContent === 'Saved.');

  // A game against the robot while logged in.
  await desktop.locator('#btn-new').click();
  const id = await newGame(desktop, { opponent: 'robot', level: 1, color: 'white' });
  await clickMove(desktop, 'e2e4');
  await waitMoves(desktop, 2);

  // A second browser, phone size: wrong password first, then the right one.
  const phone = await (await f.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  watchErrors(phone, errors);
  await phone.goto(`${f.server.url}/account`);
  await phone.waitForSelector('#login-form');
  await logIn(phone, 'alice_1', 'wrong password');
  await phone.waitForFunction(() => document.querySelector('#login-form .status')!.textContent === 'Wrong username or password.');
  await logIn(phone, 'alice_1', 'correct horse');
  await phone.waitForSelector('#link-my-games');
  await phone.locator('#link-my-games').click();
  await phone.waitForURL(/\/p\/Alice_1$/);
  const row = phone.locator(`table.history tr[data-game="${id}"]`);
  await row.waitFor();
  assert.match(await row.innerText(), /Robot/);
  assert.match(await row.innerText(), /Playing/);
  assert.match(await phone.locator('.profile-facts').innerText(), /NOR/);
  violations.push(...(await axe(phone, 'history phone')));
  await shot(phone, 'account-history-phone');
  // The page fits the phone's width.
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling');

  // Filters: a finished-games filter hides the game still being played.
  await phone.selectOption('.history-filters select[name=result]', 'win');
  await phone.locator('.history-filters button[type=submit]').click();
  await phone.waitForFunction(() => document.querySelectorAll('table.history tbody tr').length === 0);
  await phone.selectOption('.history-filters select[name=result]', '');
  await phone.locator('.history-filters button[type=submit]').click();
  await row.waitFor();

  // The export: every game as PGN, the player named by account.
  const href = await phone.locator('#link-export').getAttribute('href');
  assert.equal(href, '/api/players/Alice_1/games.pgn');
  const pgn = await (await phone.request.get(`${f.server.url}${href}`)).text();
  assert.match(pgn, /\[White "Alice_1"\]/);
  assert.match(pgn, /1\. e4/);

  // Back into the game from the phone, with its seat: the phone plays it.
  await row.locator('a', { hasText: 'Open' }).click();
  await phone.waitForURL(new RegExp(`/g/${id}`));
  await phone.waitForSelector('#board.orientation-white');
  await waitMoves(phone, 2);
  assert.equal(await phone.locator('#move-form').isHidden(), false, 'the phone holds the seat');

  // Log-out on the phone leaves the desktop logged in.
  await phone.goto(`${f.server.url}/account`);
  await phone.locator('#btn-logout').click();
  await phone.waitForSelector('#login-form');
  assert.notEqual((await phone.locator('#btn-account .label').innerText()).trim(), 'Alice_1');
  await desktop.goto(`${f.server.url}/account`);
  await desktop.waitForSelector('#profile-form');

  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});
