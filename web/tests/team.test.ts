// A small team event played in the browser: the arbiter creates a team round robin of two teams on two boards,
// registers both teams, publishes round 1 and hands out the captains' and players' links. The Rooks' captain
// follows his boards (which games run and their results, never a position) and advises his board 1 player to
// offer a draw; the player sees it on his game page. The board 2 player asks his captain whether to resign and
// is answered "decide yourself". Both games end on the board (one resigned, one drawn by agreement), the results
// reach the match, the team standings and the match crosstable by themselves. Screenshots of the arbiter's,
// captain's, player's and public pages go to build/screenshots/; axe finds no A/AA violation on them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axe, EVENT_DESKTOP as DESKTOP, EVENT_PHONE as PHONE, localTo, openNewEventForm, pageOpener } from './event_pages.js';
import { clickMove, serverAndBrowser, shot, waitMoves } from './helpers.js';

const f = serverAndBrowser();

const local = (url: string): string => localTo(f, url);

test('a team event of two teams on two boards: captain links, advice seen by the player, standings', async () => {
  const errors: string[] = [];
  const violations: string[] = [];
  const newPage = pageOpener(f, errors);

  // The arbiter creates the event from the New tournament form.
  const arbiter = await newPage();
  await openNewEventForm(f, arbiter, 'Club League');
  await arbiter.selectOption('#tournament-new select[name=system]', 'team-round-robin');
  assert.equal(await arbiter.locator('#tournament-new input[name=boards]').isVisible(), true);
  await arbiter.fill('#tournament-new input[name=boards]', '2');
  await arbiter.locator('#tournament-new button[type=submit]').click();
  await arbiter.waitForSelector('#arbiter-panel #add-team');
  const id = /\/t\/([A-Za-z0-9_-]+)/.exec(arbiter.url())![1]!;

  // Two teams, each with two boards and a reserve, in board order.
  for (const [team, players] of [
    ['Rooks', 'Ada Rook/2100\nBen Rook/2050\nCy Rook'],
    ['Knights', 'Dan Knight/2080\nEve Knight/2010\nFay Knight'],
  ] as const) {
    await arbiter.fill('#team-name', team);
    await arbiter.fill('#team-players', players);
    await arbiter.locator('#add-team button[type=submit]').click();
    await arbiter.waitForFunction(name => [...document.querySelectorAll('#teams h3')].some(h => h.textContent?.endsWith(name)), team);
  }
  await shot(arbiter, 'team-registration-desktop');
  await axe(arbiter, 'arbiter registration', violations);
  await arbiter.locator('#btn-close-registration').click();
  await arbiter.locator('#btn-publish').click();
  await arbiter.waitForSelector('#team-pairings table[data-round="1"] tbody tr');
  assert.equal(await arbiter.locator('#team-pairings table[data-round="1"] tbody tr').count(), 2);
  const captainLink = await arbiter.locator('#captain-link-1').inputValue();
  assert.match(captainLink, new RegExp(`/t/${id}#c=[A-Za-z0-9_-]{16,}$`));
  const playerLink = async (n: number): Promise<string> => arbiter.locator(`#player-link-${n}`).inputValue();

  // The four players open their own links and go to their games. Ada (1) has White on board 1 against Dan (4);
  // Eve (5) White on board 2 against Ben (2).
  const players = new Map<number, Page>();
  for (const n of [1, 2, 4, 5]) {
    const page = await newPage(n === 2 ? PHONE : DESKTOP);
    await page.goto(local(await playerLink(n)));
    await page.waitForSelector('#player-panel a.play');
    await page.locator('#player-panel a.play').click();
    await page.waitForFunction(() => !document.getElementById('game')!.hidden);
    players.set(n, page);
  }
  const ada = players.get(1)!;
  const ben = players.get(2)!;
  const dan = players.get(4)!;
  // A player of a team event has his captain's box; it is empty at first.
  for (const page of [ada, ben]) await page.waitForSelector('#team-advice:not([hidden]) h2');
  assert.match(await ada.locator('#team-advice h2').innerText(), /Rooks/);

  // The Rooks' captain: his two boards, running; no position, no moves, no clock on his page.
  const captain = await newPage();
  await captain.goto(local(captainLink));
  await captain.waitForSelector('#captain-panel li[data-state="running"]');
  assert.equal(await captain.locator('#captain-panel li[data-state="running"]').count(), 2);
  assert.equal(await captain.locator('#captain-panel .cg-wrap, #captain-panel [data-fen], #captain-panel .clock').count(), 0);
  assert.equal(await captain.locator('#team-pairings a.watch').count(), 0);
  // Only his own players have advice buttons, and only the three advices while nobody asked.
  assert.deepEqual(await captain.locator('#captain-panel li[data-player="1"] button').evaluateAll(bs => bs.map(b => b.getAttribute('data-kind'))), ['offer_draw', 'accept_draw', 'resign']);
  assert.equal(await captain.locator('#captain-panel li[data-player="4"]').count(), 0);

  // Board 1: Ada and Dan play a move each, the captain advises Ada to offer a draw, she sees it.
  await clickMove(ada, 'e2e4');
  await waitMoves(dan, 1);
  await clickMove(dan, 'e7e5');
  await waitMoves(ada, 2);
  await captain.locator('#advice-1-offer_draw').click();
  await ada.waitForSelector('#team-advice-log li[data-kind="offer_draw"]', { timeout: 10_000 });
  assert.equal(await ada.locator('#team-advice-log li[data-kind="offer_draw"]').innerText(), 'Captain: Offer a draw');
  // The advice is Ada's own: Dan, the opponent, has no captain's box of the Rooks.
  assert.doesNotMatch((await dan.locator('#team-advice').innerText().catch(() => '')) ?? '', /Offer a draw/);
  await shot(ada, 'team-game-advice-desktop');
  await axe(ada, 'player game page', violations);

  // She follows it: the draw is offered and Dan accepts.
  await ada.locator('[data-action=offer-draw]').click();
  await dan.locator('[data-action=accept-draw]').click();
  await ada.waitForSelector('#result:not([hidden])');

  // Board 2: Ben asks whether to resign; the captain may now answer, and answers "decide yourself".
  await ben.selectOption('#team-ask-about', 'resign');
  await ben.locator('#team-ask button[type=submit]').click();
  await captain.waitForSelector('#advice-2-decide_yourself', { timeout: 10_000 });
  await shot(captain, 'team-captain-desktop');
  await axe(captain, 'captain page', violations);
  await captain.locator('#advice-2-decide_yourself').click();
  await ben.waitForSelector('#team-advice-log li[data-kind="decide_yourself"]', { timeout: 10_000 });
  await shot(ben, 'team-game-advice-phone');
  // He decides to resign.
  await ben.locator('[data-action=resign]').click();
  await ben.locator('[data-action=resign]').click();
  await ben.waitForSelector('#result:not([hidden])');

  // The results reach the match, the standings and the crosstable: Knights ½ + 1 = 1½, Rooks ½.
  await arbiter.waitForFunction(() => document.querySelector('#team-pairings table[data-round="1"] caption')?.textContent?.endsWith('½–1½'), undefined, { timeout: 10_000 });
  const standings = await arbiter.$$eval('#team-standings tbody tr', rows => rows.map(r => [...r.children].map(c => c.textContent)));
  // MP, then the tie-breaks GP, BH, SB.
  assert.deepEqual(standings.map(r => r.slice(0, 4)), [
    ['1', 'Knights', '2', '1½'],
    ['2', 'Rooks', '0', '½'],
  ]);
  const cross = await arbiter.$$eval('#team-crosstable tbody tr', rows => rows.map(r => [...r.children].map(c => c.textContent)));
  assert.deepEqual(cross, [
    ['1', 'Rooks', '×', '½', '0', '½'],
    ['2', 'Knights', '1½', '×', '2', '1½'],
  ]);
  // The captain sees both boards finished, with their results; no more advice buttons.
  await captain.waitForFunction(() => document.querySelectorAll('#captain-panel li[data-state="finished"]').length === 2, undefined, { timeout: 10_000 });
  assert.equal(await captain.locator('#captain-panel button[data-kind]').count(), 0);
  await shot(arbiter, 'team-arbiter-desktop');
  await axe(arbiter, 'arbiter page', violations);

  // Anyone may watch: the public page on a desktop and a phone.
  const visitor = await newPage();
  await visitor.goto(`${f.server.url}/t/${id}`);
  await visitor.waitForSelector('#team-crosstable table');
  assert.equal(await visitor.locator('#arbiter-panel, #captain-panel, select.enter-result').count(), 0);
  await shot(visitor, 'team-event-desktop');
  await axe(visitor, 'public page', violations);
  await visitor.setViewportSize(PHONE);
  await shot(visitor, 'team-event-phone');
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});
