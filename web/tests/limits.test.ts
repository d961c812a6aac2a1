// The creation limit as a visitor meets it: a server that allows one game per client (and the next only
// after 100 minutes) creates the first, and the second new game is refused with the wait worded on the form.
// The screen with the refusal stays free of WCAG 2 A/AA violations.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { launch, newGame, openPage, removeData, shot, startServer, type Fixture, type Server } from './helpers.js';

const f = {} as Fixture;
before(async () => {
  f.server = await startServer({ limits: ['--create-burst', '1', '--create-rate', '0.01'] });
  f.browser = await launch();
});
after(async () => {
  await (f.browser as Browser | undefined)?.close();
  await (f.server as Server | undefined)?.stop();
  if (f.server) removeData(f.server);
});

test('past the creation limit the new game form says how long to wait', async () => {
  const first = await openPage(f);
  await newGame(first.page, { opponent: 'hotseat', time: 'preset:5+3' });
  await first.page.close();

  const { page, errors } = await openPage(f);
  await page.waitForSelector('#board piece.king.white');
  await page.locator('input[name=opponent][value=hotseat]').check({ force: true });
  await page.locator('#newgame button[type=submit]').click();
  const error = page.locator('#newgame .form-error:not([hidden])');
  await error.waitFor();
  assert.match(
    await error.innerText(),
    /^The game could not be created: You have created many games or tournaments in a short time: try again in \d+ s$/,
  );
  assert.match(page.url(), /\/$/, 'no game was opened');
  await shot(page, 'create-limit-desktop');
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  assert.deepEqual(result.violations.map(v => `${v.id}: ${v.help}`), []);
  assert.deepEqual(errors, []);
  await page.close();
});
