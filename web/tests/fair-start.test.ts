// The fair start and an opponent gone (docs/protocol.md, "The fair start", "Opponent gone"), as a player sees
// them: a 1+0 robot game where the player never moves is aborted, not lost on time (as it once was); the
// clocks stand still until each side has moved; the Abort button of an invite game ends it for both; a closed
// opponent's page offers the player present the win or a draw. Screenshots of the abort button and the claim
// offer in every language (build/screenshots/fair-start-*.png), with axe-core A/AA on both screens.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { advanceClock, apiGame, clickMove, newGame, openPage, serverAndBrowser, shot, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();
const LANGS = ['en', 'de', 'pl', 'lv', 'bg', 'uk', 'ru'];

async function axe(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${screen}: ${v.id} (${v.impact}): ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

test('a 1+0 robot game where the player never moves is aborted after 30 s, not flagged', { timeout: 90_000 }, async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'custom', custom: '1+0' });
  await page.waitForSelector('#first-move:not([hidden])');
  assert.match(await page.locator('#first-move').innerText(), /^Make your first move within (30|29|28) s, or the game is aborted$/);
  assert.equal(await page.locator('[data-action=abort]').count(), 1);
  // Neither clock runs while the player reads the page.
  assert.equal(await page.locator('.clock.running').count(), 0);
  const game = await apiGame(f.server, id);
  assert.equal(game.clock!.running, null);
  assert.equal(game.first_move!.color, 'white');
  await shot(page, 'fair-start-robot-first-move');
  // The 30 s pass on the server's test clock, not the wall's.
  await advanceClock(f.server, 30_000);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.locator('#result .headline').innerText(), 'Game aborted');
  assert.equal(await page.locator('#result .reason').innerText(), 'White did not make a first move in time');
  assert.doesNotMatch(await page.locator('#status').innerText(), /flag/);
  const over = await apiGame(f.server, id);
  assert.deepEqual([over.result!.score, over.result!.termination, over.moves.length], ['*', 'first_move_timeout', 0]);
  assert.equal(over.clock!.white, 60_000, 'the clock never ran');
  assert.equal(await page.locator('[data-action=abort]').count(), 0);
  assert.equal(await page.locator('#first-move').isHidden(), true);
  await shot(page, 'fair-start-robot-aborted');
  assert.deepEqual(errors, []);
  await page.close();
});

test('in 5+3 against the robot the clock waits for the first move, then runs', async () => {
  const { page, errors } = await openPage(f);
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:5+3' });
  await page.waitForTimeout(1500); // reading the page
  assert.equal((await apiGame(f.server, id)).clock!.white, 303_000);
  await clickMove(page, 'e2e4');
  await waitMoves(page, 2, 30_000); // the robot's first move: immediate, never timed
  const after = await apiGame(f.server, id);
  assert.equal(after.moves[0]!.elapsed, 0, 'the first move took nothing off the clock');
  assert.equal(after.clock!.running, 'white');
  assert.deepEqual(after.abortable, []);
  await page.waitForSelector('.player[data-color=white] .clock.running');
  assert.equal(await page.locator('[data-action=abort]').count(), 0, 'no abort once both have moved');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Abort button of an invite game ends it for both, without a result', async () => {
  const errors: string[] = [];
  const alice = await (await f.browser.newContext()).newPage();
  const bob = await (await f.browser.newContext()).newPage();
  for (const p of [alice, bob]) watchErrors(p, errors);
  await alice.goto(f.server.url);
  const id = await newGame(alice, { opponent: 'invite', color: 'white', time: 'preset:10+5' });
  const invite = await alice.locator('#invite-url').inputValue();
  await bob.goto(invite.replace(/^http:\/\/[^/]+/, f.server.url));
  await bob.waitForSelector('#board.orientation-black');
  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  // Black's first move is due: Bob sees the countdown, Alice does not; both may still abort.
  await bob.waitForSelector('#first-move:not([hidden])');
  assert.equal(await alice.locator('#first-move').isHidden(), true);
  await alice.waitForSelector('[data-action=abort]');
  await bob.locator('[data-action=abort]').click();
  for (const p of [alice, bob]) {
    await p.waitForSelector('#result:not([hidden])');
    assert.equal(await p.locator('#result .headline').innerText(), 'Game aborted');
    assert.equal(await p.locator('#result .reason').innerText(), 'Black aborted the game');
  }
  const over = await apiGame(f.server, id);
  assert.deepEqual([over.result!.score, over.result!.termination, over.result!.culprit], ['*', 'aborted', 'black']);
  const pgn = await (await fetch(`${f.server.url}/api/games/${id}/pgn`)).text();
  assert.match(pgn, /\[Result "\*"\]/);
  assert.match(pgn, /\[Termination "abandoned"\]/);
  assert.deepEqual(errors, []);
});

test('typed "abort" in the blind mode aborts the game', async () => {
  const { page, errors } = await openPage(f, {}, '/?blind=1');
  const id = await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:5+3' });
  await page.waitForSelector('#board-grid');
  await page.fill('#move-input', 'abort');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal((await apiGame(f.server, id)).result!.termination, 'aborted');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the abort button in every language (screenshots, axe-core A/AA)', { timeout: 300_000 }, async () => {
  const found: string[] = [];
  for (const lang of LANGS) {
    const context = await f.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:5+3' });
    await page.waitForSelector('[data-action=abort]');
    await page.waitForSelector('#first-move:not([hidden])');
    await shot(page, `fair-start-abort-${lang}`);
    found.push(...(await axe(page, `${lang} abort`)));
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('an opponent gone: the player present claims the win after 30 s (claim offer in every language)', { timeout: 300_000 }, async () => {
  const errors: string[] = [];
  const aliceContext = await f.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const alice = await aliceContext.newPage();
  // Alice's page counts the 30 s down by itself: its clock is moved with the server's.
  await alice.clock.install();
  const bobContext = await f.browser.newContext();
  const bob = await bobContext.newPage();
  for (const p of [alice, bob]) watchErrors(p, errors);
  await alice.goto(f.server.url);
  const id = await newGame(alice, { opponent: 'invite', color: 'white', time: 'preset:10+5' });
  const invite = await alice.locator('#invite-url').inputValue();
  await bob.goto(invite.replace(/^http:\/\/[^/]+/, f.server.url));
  await bob.waitForSelector('#board.orientation-black');
  await clickMove(alice, 'e2e4');
  await waitMoves(bob, 1);
  await clickMove(bob, 'e7e5');
  await waitMoves(alice, 2);
  // Bob closes his page: Alice is told at once, and may claim once he has been away 30 s.
  await bobContext.close();
  await alice.waitForFunction(() => /left the game/.test(document.getElementById('offers')!.textContent ?? ''));
  assert.equal(await alice.locator('[data-action=claim-victory]').count(), 0);
  await advanceClock(f.server, 30_000);
  await alice.clock.fastForward(30_000);
  await alice.waitForSelector('[data-action=claim-victory]');
  assert.equal(await alice.locator('[data-action=call-draw]').count(), 1);
  await shot(alice, 'fair-start-claim-en');
  const found = await axe(alice, 'en claim');
  // The same offer in the other languages: the page reloaded in each shows it at once.
  for (const lang of LANGS.filter(l => l !== 'en')) {
    await alice.goto(`${f.server.url}/g/${id}?lang=${lang}`);
    await alice.waitForSelector('[data-action=claim-victory]', { timeout: 15_000 });
    await shot(alice, `fair-start-claim-${lang}`);
    found.push(...(await axe(alice, `${lang} claim`)));
  }
  assert.deepEqual(found, []);
  await alice.goto(`${f.server.url}/g/${id}?lang=en`);
  await alice.locator('[data-action=claim-victory]').click();
  await alice.waitForSelector('#result:not([hidden])');
  assert.equal(await alice.locator('#result .headline').innerText(), 'White wins');
  assert.equal(await alice.locator('#result .reason').innerText(), 'Black left the game');
  const over = await apiGame(f.server, id);
  assert.deepEqual([over.result!.score, over.result!.termination], ['1-0', 'opponent_gone']);
  assert.deepEqual(errors, []);
});
