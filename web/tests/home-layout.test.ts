// The home page does not move under a click while the lobby loads: the lobby section is drawn with
// its place held at the first paint, beside (above) the new-game form, so the form's box is the same before the
// lobby's answer arrives and after the lobby has filled in. The lobby's answer is held back by the test, so the
// "before" is really before; screenshots of both go to build/screenshots/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { DESKTOP, PHONE, serverAndBrowser, shot, watchErrors } from './helpers.js';

const f = serverAndBrowser();

async function formBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator('#newgame').boundingBox();
  assert.ok(box, 'the new-game form is shown');
  return box;
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`the new-game form stays where it is while the lobby loads (${label})`, async () => {
    const errors: string[] = [];
    const page = await (await f.browser.newContext({ viewport })).newPage();
    watchErrors(page, errors);
    let release: () => void = () => {};
    const held = new Promise<void>(resolve => (release = resolve));
    let asked: () => void = () => {};
    const lobbyAsked = new Promise<void>(resolve => (asked = resolve));
    await page.route('**/api/lobby', async (route: Route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(f.server.url);
    await lobbyAsked;
    await page.waitForSelector('#newgame:not([hidden])');
    const before = await formBox(page);
    assert.equal(await page.evaluate(() => document.querySelector('#lobby .lobby-you')?.textContent?.trim() ?? ''), '', 'the lobby has not loaded yet');
    await shot(page, `home-lobby-loading-${label}`);
    release();
    await page.waitForFunction(() => (document.querySelector('#lobby .lobby-you')?.textContent ?? '').trim() !== '');
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('#lobby .seeks')?.textContent ?? ''));
    const after = await formBox(page);
    await shot(page, `home-lobby-loaded-${label}`);
    assert.deepEqual(after, before);
    // The radio buttons are where they were: a click aimed at the first paint lands (no retry needed).
    await page.locator('input[name=opponent][value=hotseat]').check({ force: true });
    assert.equal(await page.locator('input[name=opponent][value=hotseat]').isChecked(), true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
