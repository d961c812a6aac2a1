// After the game: in an invite game "Play again" used to give the creator a new game alone while
// the opponent still saw the old result. Now either player offers a rematch, the other sees the offer live and
// declines or accepts; accepted, both are moved to the new game with the colours swapped, each with his own
// seat. Against the robot and in hot-seat "Play again" stays; a tournament game has neither and links back to
// the event, whose printable table is the app's own page: translated, styled without inline style, the
// system named for people, and no failed request. Screenshots of the offer (both sides) and of the printable
// table in every language go to build/screenshots/.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { clickMove, newGame, serverAndBrowser, shot, waitGame, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();
const LANGS = ['en', 'de', 'pl', 'lv', 'bg', 'uk', 'ru'];

/** Violations of WCAG 2 levels A and AA on the page as it stands. */
async function axe(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${screen}: ${v.id} (${v.impact}): ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

async function resign(page: Page): Promise<void> {
  await page.locator('[data-action=resign]').click();
  await page.locator('[data-action=resign]').click();
  await page.waitForSelector('#result:not([hidden])');
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const r = await fetch(f.server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  assert.ok(r.ok, `${path}: ${r.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Every error the page logs (a refused inline style, a failed request) and every answer of 400 or more. */
function watchEverything(page: Page, errors: string[]): void {
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`));
  page.on('console', m => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('response', r => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
}

test('a rematch offered, declined, offered again and accepted moves both players to a new game, colours swapped', async () => {
  const errors: string[] = [];
  const alice = await (await f.browser.newContext()).newPage();
  const bob = await (await f.browser.newContext()).newPage();
  for (const p of [alice, bob]) watchErrors(p, errors);
  await alice.goto(f.server.url);
  const first = await newGame(alice, { opponent: 'invite', color: 'white', time: 'preset:10+5' });
  const invite = await alice.locator('#invite-url').inputValue();
  await bob.goto(invite.replace(/^http:\/\/[^/]+/, f.server.url));
  await bob.waitForSelector('#board.orientation-black');
  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  await resign(bob);
  await alice.waitForSelector('#result:not([hidden])');

  // No lonely "Play again" in an invite game: a rematch offer instead, on both sides.
  for (const p of [alice, bob]) {
    assert.equal(await p.locator('#btn-again').isHidden(), true);
    await p.waitForSelector('[data-action=offer-rematch]');
  }
  await alice.locator('[data-action=offer-rematch]').click();
  await bob.waitForSelector('[data-action=accept-rematch]');
  assert.equal(await bob.locator('#rematch p').innerText(), 'White offers a rematch');
  await alice.waitForSelector('[data-action=withdraw-rematch]');
  await shot(alice, 'rematch-offer-sent-en');
  await shot(bob, 'rematch-offer-received-en');
  assert.deepEqual([...(await axe(alice, 'rematch offered')), ...(await axe(bob, 'rematch to answer'))], []);

  // Declined: both see it, and the offer is gone.
  await bob.locator('[data-action=decline-rematch]').click();
  await alice.waitForFunction(() => document.getElementById('notice')!.textContent === 'Black declined the rematch');
  await alice.waitForSelector('[data-action=offer-rematch]');
  await bob.waitForSelector('[data-action=offer-rematch]');

  // Offered again, by Bob this time; the offer stands across a reload, in every language.
  await bob.locator('[data-action=offer-rematch]').click();
  await alice.waitForSelector('[data-action=accept-rematch]');
  for (const lang of LANGS.filter(l => l !== 'en')) {
    await alice.goto(`${f.server.url}/g/${first}?lang=${lang}`);
    await bob.goto(`${f.server.url}/g/${first}?lang=${lang}`);
    await alice.waitForSelector('[data-action=accept-rematch]');
    await bob.waitForSelector('[data-action=withdraw-rematch]');
    await shot(alice, `rematch-offer-received-${lang}`);
    await shot(bob, `rematch-offer-sent-${lang}`);
  }
  await alice.goto(`${f.server.url}/g/${first}?lang=en`);
  await bob.goto(`${f.server.url}/g/${first}?lang=en`);
  await alice.waitForSelector('[data-action=accept-rematch]');
  await bob.waitForSelector('[data-action=withdraw-rematch]');

  // Accepted: both pages move to the new game, Alice now Black and Bob White, each holding only his seat.
  await alice.locator('[data-action=accept-rematch]').click();
  // Each page first leaves the old game (waitGame alone would take the old game's page, still open, for the new).
  const leaveFirst = (p: typeof alice) => p.waitForURL(u => !u.pathname.endsWith(`/g/${first}`)).then(() => waitGame(p));
  const [aliceGame, bobGame] = await Promise.all([leaveFirst(alice), leaveFirst(bob)]);
  assert.equal(aliceGame, bobGame);
  assert.notEqual(aliceGame, first);
  await alice.waitForSelector('#board.orientation-black');
  await bob.waitForSelector('#board.orientation-white');
  await clickMove(bob, 'd2d4');
  await waitMoves(alice, 1);
  await clickMove(alice, 'd7d5');
  await waitMoves(bob, 2);
  const game = (await (await fetch(`${f.server.url}/api/games/${aliceGame}`)).json()) as { time: string; moves: unknown[] };
  assert.equal(game.time, '10+5');
  assert.equal(game.moves.length, 2);
  // The old game links to the new one, for whoever comes back to it.
  await alice.goto(`${f.server.url}/g/${first}`);
  await alice.waitForSelector('[data-action=go-rematch]');
  assert.match((await alice.locator('[data-action=go-rematch]').getAttribute('href'))!, new RegExp(`/g/${aliceGame}#seat=`));
  assert.deepEqual(errors, []);
});

test('against the robot and in hot-seat "Play again" stays, and no rematch is offered', async () => {
  const errors: string[] = [];
  const page = await (await f.browser.newContext()).newPage();
  watchErrors(page, errors);
  await page.goto(f.server.url);
  await newGame(page, { opponent: 'hotseat', time: 'preset:10+5' });
  await resign(page);
  assert.equal(await page.locator('#btn-again').isVisible(), true);
  assert.equal(await page.locator('[data-action=offer-rematch]').count(), 0);
  assert.equal(await page.locator('#btn-tournament-back').isHidden(), true);
  await page.goto(f.server.url);
  await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:10+5' });
  await resign(page);
  assert.equal(await page.locator('#btn-again').isVisible(), true);
  assert.equal(await page.locator('[data-action=offer-rematch]').count(), 0);
  assert.deepEqual(errors, []);
});

interface Made {
  id: string;
  arbiter: string;
  join: string;
}

test('a tournament game ends with a link back to the event; the printable table is translated, styled and clean', async () => {
  const errors: string[] = [];
  const t = await post<Made>('/api/tournaments', { v: 1, name: 'Autumn Cup', system: 'round-robin', time: '5+3', rules: 'fide-2018' });
  const base = `/api/tournaments/${t.id}`;
  const anna = await post<{ player: number; token: string }>(`${base}/join`, { code: t.join, name: 'Anna Berg', rating: 1500 });
  // Told her start number on joining, and that a round robin draws pairing numbers by lot.
  const page = await (await f.browser.newContext()).newPage();
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/t/${t.id}#p=${anna.token}`);
  await page.waitForSelector('#player-panel');
  assert.equal(await page.locator('#player-panel h2').innerText(), 'You: Anna Berg (start number 1)');
  assert.match(await page.locator('#numbers-note').innerText(), /pairing number by lot when registration closes/);
  const bo = await post<{ player: number; token: string }>(`${base}/join`, { code: t.join, name: 'Bo Dahl', rating: 1900 });
  await post(`${base}/close`, { token: t.arbiter });
  await post(`${base}/publish`, { token: t.arbiter });
  await page.reload();
  await page.waitForSelector('#player-panel .play');
  assert.match(await page.locator('#player-panel h2').innerText(), /^You: Anna Berg \(pairing number [12], drawn by lot\)$/);
  assert.equal(await page.locator('#numbers-note').count(), 0);

  // Anna's game: she resigns; the result box has no "Play again" and no rematch, but the way back to the event.
  const mine = await post<{ games: { game: string; seat: string }[] }>(`${base}/me`, { token: anna.token });
  const theirs = await post<{ games: { game: string; seat: string }[] }>(`${base}/me`, { token: bo.token });
  const other = await (await f.browser.newContext()).newPage();
  watchErrors(other, errors);
  await page.goto(`${f.server.url}/g/${mine.games[0]!.game}#seat=${mine.games[0]!.seat}`);
  await other.goto(`${f.server.url}/g/${theirs.games[0]!.game}#seat=${theirs.games[0]!.seat}`);
  await page.waitForSelector('[data-action=resign]');
  await resign(page);
  assert.equal(await page.locator('#btn-again').isHidden(), true);
  assert.equal(await page.locator('[data-action=offer-rematch]').count(), 0);
  assert.equal(await page.locator('#btn-tournament-back').isVisible(), true);
  assert.equal(new URL(await page.locator('#btn-tournament-back').evaluate(a => (a as HTMLAnchorElement).href)).pathname, `/t/${t.id}`);
  await shot(page, 'tournament-game-over-en');
  assert.deepEqual(await axe(page, 'tournament game over'), []);

  // The event's page links to the printable table, which is the app's page in every language.
  await page.goto(`${f.server.url}/t/${t.id}`);
  await page.waitForSelector('#download-html');
  assert.equal(await page.locator('#download-html').getAttribute('href'), `/t/${t.id}/print`);
  const systems: Record<string, string> = {};
  for (const lang of LANGS) {
    const print = await (await f.browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
    const all: string[] = [];
    watchEverything(print, all);
    await print.goto(`${f.server.url}/t/${t.id}/print?lang=${lang}`);
    await print.waitForSelector('.tprint #standings');
    await print.waitForSelector('.tprint #crosstable');
    const facts = await print.locator('.tprint .facts').innerText();
    assert.doesNotMatch(facts, /round-robin/);
    systems[lang] = facts.split(' · ')[0]!;
    assert.equal(await print.locator('html').getAttribute('lang'), lang);
    // Styled by the app's stylesheet: the tables are laid out as on the event's page.
    assert.equal(await print.locator('.tprint table').first().evaluate(el => getComputedStyle(el).borderCollapse), 'collapse');
    await shot(print, `tournament-print-${lang}`);
    if (lang === 'en' || lang === 'bg') assert.deepEqual(await axe(print, `printable table ${lang}`), []);
    assert.deepEqual(all, [], `${lang}: errors on the printable table`);
    await print.context().close();
  }
  assert.equal(systems.en, 'Round robin');
  assert.equal(systems.de, 'Rundenturnier');
  assert.equal(new Set(Object.values(systems)).size, LANGS.length, 'each language names the system in its words');
  assert.deepEqual(errors, []);
});
