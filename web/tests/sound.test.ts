// The sound switch and the figurine switch are remembered across a reload (localStorage).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launch, removeData, startServer, watchErrors, type Server } from './helpers.js';

let server: Server;
let browser: Browser;
before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeData(server);
});

test('sound switch remembered after reload', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(server.url);
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
