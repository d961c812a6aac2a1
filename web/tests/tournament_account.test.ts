// Joining an individual event while logged in: the join form shows the name, federation and FIDE ID of
// the account's profile, read-only because the server takes them from the account, and says that the entry will
// be linked to the account; the arbiter sees the entry under the profile's name. A visitor without an account
// gets the empty form as before. The join form is axe-clean (WCAG 2 A/AA).
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, serverAndBrowser, shot, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const local = (url: string): string => url.replace(/^http:\/\/[^/]+/, f.server.url);

async function axe(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${label}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

test('a logged-in player joins with the profile: the form shows it read-only and says the entry is linked', async () => {
  const errors: string[] = [];
  const arbiter = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(arbiter, errors);
  await arbiter.goto(f.server.url);
  await arbiter.locator('#btn-tournament').click();
  await arbiter.waitForSelector('#tournament-new');
  await arbiter.fill('#tournament-new input[name=name]', 'Riga Rapid');
  await arbiter.selectOption('#tournament-new select[name=system]', 'round-robin');
  await arbiter.locator('#tournament-new button[type=submit]').click();
  await arbiter.waitForSelector('#arbiter-panel');
  const join = local(await arbiter.locator('#join-link').inputValue());

  // Mira registers and fills in her profile.
  const mira = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(mira, errors);
  await mira.goto(`${f.server.url}/account`);
  await mira.locator('#register-form input[name=username]').fill('mira');
  await mira.locator('#register-form input[name=password]').fill('correct horse');
  await mira.locator('#register-form button[type=submit]').click();
  await mira.waitForSelector('#profile-form');
  await mira.locator('#profile-form input[name=display_name]').fill('Mira Lind');
  await mira.locator('#profile-form input[name=federation]').fill('lat');
  await mira.locator('#profile-form input[name=fide_id]').fill('11600322');
  await mira.locator('#profile-form button[type=submit]').click();
  await mira.waitForFunction(() => document.querySelector('#profile-form .status')!.textContent === 'Saved.');

  // The join link, opened in the same page (the account is known without a reload).
  await mira.goto(join);
  await mira.waitForSelector('#join-form #join-linked');
  assert.match(await mira.locator('#join-linked').innerText(), /logged in as mira: your entry will be linked to your account/);
  assert.equal(await mira.locator('#join-linked a').getAttribute('href'), '/account');
  const shown = async (name: string): Promise<[string, boolean]> => {
    const input = mira.locator(`#join-form input[name=${name}]`);
    return [await input.inputValue(), await input.evaluate(e => (e as HTMLInputElement).readOnly)];
  };
  assert.deepEqual(await shown('name'), ['Mira Lind', true]);
  assert.deepEqual(await shown('federation'), ['LAT', true]);
  assert.deepEqual(await shown('fide_id'), ['11600322', true]);
  assert.deepEqual(await shown('rating'), ['', false]); // the rating is still hers to give
  await mira.fill('#join-form input[name=rating]', '1912');
  const violations = await axe(mira, 'join form logged in');
  await shot(mira, 'tournament-join-account-desktop');
  await mira.setViewportSize(PHONE);
  await shot(mira, 'tournament-join-account-phone');
  await mira.setViewportSize(DESKTOP);
  await mira.locator('#join-form button[type=submit]').click();
  await mira.waitForSelector('#player-panel');
  assert.match(await mira.locator('#player-panel h2').innerText(), /Mira Lind/);

  // The arbiter sees the entry as the profile gave it.
  await arbiter.waitForFunction(() => (document.querySelector('#players tbody')?.textContent ?? '').includes('Mira Lind'));
  assert.equal(await arbiter.locator('#players tbody tr').count(), 1);
  const row = await arbiter.locator('#players tbody tr').innerText();
  assert.match(row, /Mira Lind/);
  assert.match(row, /LAT/);
  assert.match(row, /1912/);

  // Without an account the form is empty and editable, and says nothing of an account.
  const visitor = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(visitor, errors);
  await visitor.goto(join);
  await visitor.waitForSelector('#join-form');
  assert.equal(await visitor.locator('#join-linked').count(), 0);
  assert.equal(await visitor.locator('#join-form input[name=name]').inputValue(), '');
  assert.equal(await visitor.locator('#join-form input[name=name]').evaluate(e => (e as HTMLInputElement).readOnly), false);

  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});
