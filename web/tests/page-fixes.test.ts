// Small things of the game page, each as a player saw it: the invitation box leaves the page
// once the invited player has come; "Black declined the draw offer" does not stay after the game ended; the rank
// labels are dark on the light squares and light on the dark ones, whichever way the board is turned; the speech
// rate is written with the language's decimal separator ("1,0" in Polish and Latvian).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newGame, openLink, openPage, serverAndBrowser, shot, typeMove, waitMoves } from './helpers.js';

const f = serverAndBrowser();

test('the invitation box goes once the invited player came; a declined offer\'s notice goes with the game\'s end', async () => {
  const a = await openPage(f);
  const alice = a.page;
  await newGame(alice, { opponent: 'invite', color: 'white', time: 'none' });
  assert.ok(await alice.locator('#invite-link').isVisible(), 'the invitation is there while Black has not come');
  const b = await openLink(f, await alice.locator('#invite-url').inputValue());
  const bob = b.page;
  await bob.waitForSelector('#board.orientation-black');
  await alice.waitForSelector('#invite-link', { state: 'hidden' });
  assert.equal(await bob.locator('#invite-link').isVisible(), false);
  await typeMove(alice, 'e4');
  await waitMoves(bob, 1);
  await alice.locator('[data-action=offer-draw]').click();
  await bob.locator('[data-action=decline-draw]').click();
  await alice.waitForSelector('#notice >> text=Black declined the draw offer');
  assert.equal(await alice.locator('#invite-link').isVisible(), false, 'not back during the game');
  await bob.locator('[data-action=resign]').click();
  await bob.locator('[data-action=resign]').click();
  await alice.waitForSelector('#result:not([hidden])');
  await alice.waitForFunction(() => document.getElementById('notice')!.textContent === '');
  assert.equal(await alice.locator('#notice').isVisible(), false);
  assert.equal(await alice.locator('#invite-link').isVisible(), false);
  await shot(alice, 'fixes-over-after-decline-desktop');
  assert.deepEqual([...a.errors, ...b.errors], []);
});

/** Each rank label's lightness (0 dark .. 1 light) and whether its square is light, for the board as turned. */
async function rankLabels(page: Page): Promise<{ rank: number; text: number; lightSquare: boolean }[]> {
  return page.evaluate(() => {
    const board = document.getElementById('board')!;
    const black = board.classList.contains('orientation-black');
    const lightness = (css: string): number => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    };
    return [...board.querySelectorAll('coords.ranks coord')].map(el => {
      const rank = Number(el.textContent);
      // The labels stand on the left file: a when White is at the bottom, h when Black is; a1 is dark.
      const file = black ? 8 : 1;
      return { rank, text: lightness(getComputedStyle(el).color), lightSquare: (file + rank) % 2 === 1 };
    });
  });
}

test('rank labels: dark on the light squares, light on the dark ones, both ways round', async () => {
  const { page, errors } = await openPage(f);
  await page.waitForSelector('#board coords.ranks coord');
  for (const turned of [false, true]) {
    if (turned) {
      await page.locator('#btn-flip').click();
      await page.waitForSelector('#board.orientation-black');
    }
    const labels = await rankLabels(page);
    assert.equal(labels.length, 8);
    for (const l of labels) {
      if (l.lightSquare) assert.ok(l.text < 0.4, `rank ${l.rank} (${turned ? 'h' : 'a'}-file, light square): text lightness ${l.text}`);
      else assert.ok(l.text > 0.6, `rank ${l.rank} (${turned ? 'h' : 'a'}-file, dark square): text lightness ${l.text}`);
    }
  }
  assert.deepEqual(errors, []);
});

test('the speech rate with the language\'s decimal separator: 1,0 in Polish and Latvian, 1.0 in English', async () => {
  for (const [lang, shown] of [['pl', '1,0'], ['lv', '1,0'], ['de', '1,5'], ['en', '1.0']] as const) {
    const context = await f.browser.newContext({ locale: lang });
    const page = await context.newPage();
    await page.goto(`${f.server.url}/?lang=${lang}&blind=1`);
    await page.locator('#access').evaluate(d => ((d as HTMLDetailsElement).open = true));
    const rate = page.locator('input[name=access-rate]');
    if (shown === '1,5') await rate.fill('1.5');
    const label = (await rate.locator('xpath=..').textContent()) ?? '';
    assert.ok(label.includes(shown), `${lang}: "${label}"`);
    assert.equal(await rate.getAttribute('aria-valuetext'), shown, lang);
    await context.close();
  }
});
