// The sound switch and the figurine switch are remembered across a reload (localStorage).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverAndBrowser, watchErrors } from './helpers.js';

const f = serverAndBrowser();

test('sound switch remembered after reload', async () => {
  const context = await f.browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(f.server.url);
  const sound = page.locator('#btn-sound');
  assert.equal(await sound.getAttribute('aria-pressed'), 'true', 'sound is on by default');
  await sound.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  await page.reload();
  assert.equal(await page.locator('#btn-sound').getAttribute('aria-pressed'), 'false', 'off after reload');
  await page.locator('#btn-sound').click();
  await page.reload();
  assert.equal(await page.locator('#btn-sound').getAttribute('aria-pressed'), 'true', 'on again after reload');
  // The New game settings are remembered too.
  await page.locator('input[name=opponent][value=hotseat]').check({ force: true });
  await page.selectOption('select[name=time]', 'preset:15+10');
  await page.reload();
  assert.equal(await page.locator('input[name=opponent][value=hotseat]').isChecked(), true);
  assert.equal(await page.locator('select[name=time]').inputValue(), 'preset:15+10');
  assert.deepEqual(errors, []);
  await context.close();
});
