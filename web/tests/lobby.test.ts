// The lobby on the home page, between browser contexts (each its own person): a seek taken up by
// another player, quick pairing from two contexts, a challenge by name declined and accepted, a rated game whose
// end moves both ratings, the phone size, and the announcements a screen reader hears. Accounts come from the
// server's test-only stand-in (`--lobby-test-accounts`: the cookie acct=NAME is NAME).
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, removeData, shot, startServer, typeMove, watchErrors, type Server } from './helpers.js';

let server: Server;
let browser: Browser;

before(async () => {
  server = await startServer({ limits: ['--create-burst', '0', '--lobby-test-accounts'] });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeData(server);
});

/** A person at the home page, logged in as `name` (or a guest), in a context of their own. */
async function person(name: string | null, viewport = DESKTOP, path = '/'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  if (name) await context.addCookies([{ name: 'acct', value: name, url: server.url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(server.url + path);
  await page.waitForSelector('#lobby .pools button');
  await page.waitForFunction(() => (document.querySelector('#lobby .lobby-you')?.textContent ?? '').trim() !== '');
  return { page, errors };
}

/** A promise that never settles: the loser of a race stays silent. */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

async function gameId(page: Page): Promise<string> {
  await page.waitForURL(/\/g\/[A-Za-z0-9_-]+/, { timeout: 15_000 });
  return /\/g\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

async function ratingOf(name: string, category: string): Promise<{ rating: number; games: number; provisional: boolean }> {
  const answer = (await (await fetch(`${server.url}/api/players/${name}/ratings`)).json()) as { ratings: Record<string, { rating: number; games: number; provisional: boolean }> };
  return answer.ratings[category]!;
}

test('a seek taken up by a guest pairs both into one game, each with their own seat', async () => {
  const alice = await person('alice');
  const guest = await person(null);
  assert.match(await alice.page.locator('.lobby-you').innerText(), /alice/);
  assert.match(await guest.page.locator('.lobby-you').innerText(), /guest/);
  const axe = await new AxeBuilder({ page: alice.page } as never).withTags(['wcag2a', 'wcag2aa']).include('#lobby').analyze();
  assert.deepEqual(axe.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target).join(' ')}`), []);
  await alice.page.locator('.lobby-seek summary').click();
  await alice.page.selectOption('select[name=seekTime]', '5+3');
  await alice.page.locator('input[name=seekRated]').uncheck();
  await alice.page.locator('.seek-form button[type=submit]').click();
  const accept = guest.page.getByRole('button', { name: /^Play alice: 5\+3/ });
  await accept.waitFor();
  await shot(guest.page, 'lobby-seek-desktop');
  await accept.click();
  const [a, g] = await Promise.all([gameId(alice.page), gameId(guest.page)]);
  assert.equal(a, g);
  // Each holds one seat: the board shows a player's view, and the other's name is the opponent's.
  await alice.page.waitForSelector('[data-action=resign]');
  await guest.page.waitForSelector('[data-action=resign]');
  assert.deepEqual([...alice.errors, ...guest.errors], []);
  await alice.page.context().close();
  await guest.page.context().close();
});

test('quick pairing from two contexts, announced to a screen reader', async () => {
  const bob = await person('bob', DESKTOP, '/?blind=1');
  const carol = await person('carol');
  // Keyboard only: focus the pool's button and press Enter.
  await bob.page.getByRole('button', { name: 'Quick pairing 3+2, Blitz' }).focus();
  await bob.page.keyboard.press('Enter');
  await bob.page.waitForFunction(() => document.querySelector('#lobby-live')?.textContent?.includes('Looking for an opponent'));
  assert.equal(await bob.page.getByRole('button', { name: 'Quick pairing 3+2, Blitz' }).getAttribute('aria-pressed'), 'true');
  await carol.page.getByRole('button', { name: 'Quick pairing 3+2, Blitz' }).click();
  const [b, c] = await Promise.all([gameId(bob.page), gameId(carol.page)]);
  assert.equal(b, c);
  await bob.page.waitForFunction(() => /Paired with carol: you play (White|Black), 3\+2 · Blitz · Rated/.test(document.querySelector('#lobby-live')?.textContent ?? ''));
  assert.equal(await bob.page.locator('#lobby-live').getAttribute('aria-live'), 'assertive');
  assert.deepEqual([...bob.errors, ...carol.errors], []);
  await bob.page.context().close();
  await carol.page.context().close();
});

test('a challenge by name: declined, then accepted', async () => {
  const dave = await person('dave');
  const erin = await person('erin');
  const challenge = async (): Promise<void> => {
    await dave.page.locator('.lobby-challenge summary').click();
    await dave.page.fill('input[name=challengeName]', 'Erin');
    await dave.page.selectOption('select[name=challengeTime]', '10+5');
    await dave.page.locator('.challenge-form button[type=submit]').click();
  };
  await challenge();
  await erin.page.getByRole('button', { name: 'Decline the challenge of dave' }).click();
  await dave.page.waitForFunction(() => document.querySelector('#lobby-live')?.textContent?.includes('declined'));
  await dave.page.locator('.lobby-challenge summary').click(); // closes it; challenge() opens it again
  await challenge();
  await erin.page.waitForFunction(() => document.querySelector('#lobby-live')?.textContent?.includes('dave challenges you'));
  await shot(erin.page, 'lobby-challenge-desktop');
  await erin.page.getByRole('button', { name: 'Accept the challenge of dave' }).click();
  const [d, e] = await Promise.all([gameId(dave.page), gameId(erin.page)]);
  assert.equal(d, e);
  // Nobody by that name: the lobby says so.
  await dave.page.goto(server.url + '/');
  await dave.page.waitForSelector('#lobby .pools button');
  await challenge();
  await dave.page.fill('input[name=challengeName]', 'nobody');
  await dave.page.locator('.challenge-form button[type=submit]').click();
  await dave.page.waitForSelector('.lobby-error:not([hidden])');
  assert.match(await dave.page.locator('.lobby-error').innerText(), /not in the lobby/);
  await dave.page.context().close();
  await erin.page.context().close();
});

test('a rated game: both ratings change at its end and the change is shown', async () => {
  const frank = await person('frank');
  const gina = await person('gina');
  await frank.page.getByRole('button', { name: 'Quick pairing 1+0, Bullet' }).click();
  await gina.page.getByRole('button', { name: 'Quick pairing 1+0, Bullet' }).click();
  await Promise.all([gameId(frank.page), gameId(gina.page)]);
  // A move each (a game without moves would be aborted, not lost), then black resigns.
  // The colours are drawn by lot. A board turns to Black's side only for the player of Black (White's side is also
  // what a page shows before it knows its seat), so whichever board turns first names the colours.
  const frankWhite = await Promise.race([
    frank.page.waitForSelector('#board.orientation-black', { timeout: 15_000 }).then(() => false, () => never<boolean>()),
    gina.page.waitForSelector('#board.orientation-black', { timeout: 15_000 }).then(() => true, () => never<boolean>()),
    new Promise<boolean>((_, reject) => setTimeout(() => reject(new Error('neither board turned to Black')), 20_000).unref()),
  ]);
  const [white, black] = frankWhite ? [frank, gina] : [gina, frank];
  await black.page.waitForSelector('#board.orientation-black');
  await typeMove(white.page, 'e4');
  await typeMove(black.page, 'e5');
  await black.page.locator('[data-action=resign]').click();
  await black.page.locator('[data-action=resign]').click(); // confirm
  for (const p of [frank.page, gina.page]) await p.waitForSelector('.lobby-rating-change', { timeout: 15_000 });
  // Each sees their own change and the opponent's.
  assert.match(await white.page.locator('.lobby-rating-change').innerText(), /^Bullet rating: \d+\? \(\+\d+\) · (frank|gina): \d+\? \(-\d+\)$/);
  assert.match(await black.page.locator('.lobby-rating-change').innerText(), /^Bullet rating: \d+\? \(-\d+\) · (frank|gina): \d+\? \(\+\d+\)$/);
  await shot(white.page, 'lobby-rating-change');
  const winner = white === frank ? 'frank' : 'gina';
  const loser = white === frank ? 'gina' : 'frank';
  const [w, l] = [await ratingOf(winner, 'bullet'), await ratingOf(loser, 'bullet')];
  assert.ok(w.rating > 1500 && l.rating < 1500, `winner ${w.rating}, loser ${l.rating}`);
  assert.equal(w.games, 1);
  assert.equal(l.games, 1);
  assert.ok(w.provisional);
  await frank.page.context().close();
  await gina.page.context().close();
});

test('phone size: the lobby fits the screen and its buttons can be tapped', async () => {
  const hana = await person('hana', PHONE);
  const width = await hana.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide`);
  const small = await hana.page.locator('#lobby button:visible').evaluateAll(els => els.filter(el => el.getBoundingClientRect().height < 32).map(el => el.textContent));
  assert.deepEqual(small, []);
  await hana.page.locator('#lobby').scrollIntoViewIfNeeded();
  await shot(hana.page, 'lobby-phone');
  const axe = await new AxeBuilder({ page: hana.page } as never).withTags(['wcag2a', 'wcag2aa']).include('#lobby').analyze();
  assert.deepEqual(axe.violations.map(v => v.id), []);
  await hana.page.context().close();
});
