// A team event whose captains enter their players and choose each round's line-up: the arbiter creates it with
// "Captains enter their teams' players" ticked and registers two teams by name alone; each captain enters his
// three players (two boards and a reserve) from his link. Before round 1 the Rooks' captain tries a line-up
// against the registered order (refused, naming the board), then puts his reserve on board 2; the published
// round has the reserve playing. The printable page shows the team standings, the match crosstable and the
// matches; the page offers the PGN of all games. A team Swiss made from the New tournament form pairs its first
// round with a bye, with its options chosen on the form (game points primary, Type B),
// and a team the arbiter marks absent is left out of round 2. Screenshots to build/screenshots/; axe finds no A/AA violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axe, EVENT_DESKTOP as DESKTOP, EVENT_PHONE as PHONE, localTo, openNewEventForm, pageOpener } from './event_pages.js';
import { serverAndBrowser, shot, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const local = (url: string): string => localTo(f, url);

test('captains enter their players and line up a reserve; the printable page and the PGN', async () => {
  const errors: string[] = [];
  const violations: string[] = [];
  const newPage = pageOpener(f, errors);

  const arbiter = await newPage();
  await openNewEventForm(f, arbiter, 'Captains League');
  assert.equal(await arbiter.locator('#captain-registration').isVisible(), false);
  await arbiter.selectOption('#tournament-new select[name=system]', 'team-round-robin');
  await arbiter.fill('#tournament-new input[name=boards]', '2');
  await arbiter.locator('#captain-registration').check();
  await arbiter.locator('#tournament-new button[type=submit]').click();
  await arbiter.waitForSelector('#arbiter-panel #add-team');
  const id = /\/t\/([A-Za-z0-9_-]+)/.exec(arbiter.url())![1]!;

  // Two teams by their names alone: their captains' links come back, their players do not exist yet.
  for (const team of ['Rooks', 'Knights']) {
    await arbiter.fill('#team-name', team);
    await arbiter.locator('#add-team button[type=submit]').click();
    await arbiter.waitForFunction(name => [...document.querySelectorAll('#teams h3')].some(h => h.textContent?.endsWith(name)), team);
  }
  const captainLink = async (n: number): Promise<string> => arbiter.locator(`#captain-link-${n}`).inputValue();
  // Registration cannot close while a team has no players.
  await arbiter.locator('#btn-close-registration').click();
  await arbiter.waitForSelector('#tournament p.form-error');
  assert.match(await arbiter.locator('#tournament p.form-error').innerText(), /Team 1 has 0 players for 2 boards/);

  // Each captain enters his players from his link, in board order, the third a reserve.
  const rooks = await newPage();
  await rooks.goto(local(await captainLink(1)));
  await rooks.waitForSelector('#team-roster');
  await shot(rooks, 'team-roster-desktop');
  await axe(rooks, 'captain roster', violations);
  await rooks.fill('#roster-players', 'Ada Rook/2100\nBen Rook/2050\nCy Rook');
  await rooks.locator('#btn-roster').click();
  await rooks.waitForSelector('#captain-panel #team-lineup');
  // Until registration closes the captain may correct his players: the form stays, filled with them.
  assert.equal(await rooks.locator('#roster-players').inputValue(), 'Ada Rook/2100\nBen Rook/2050\nCy Rook');
  const knights = await newPage(PHONE);
  await knights.goto(local(await captainLink(2)));
  await knights.waitForSelector('#team-roster');
  await knights.fill('#roster-players', 'Dan Knight/2080\nEve Knight/2010\nFay Knight');
  await knights.locator('#btn-roster').click();
  await knights.waitForSelector('#captain-panel #team-lineup');
  await arbiter.waitForFunction(() => document.querySelectorAll('#teams li').length === 6, undefined, { timeout: 10_000 });
  await arbiter.locator('#btn-close-registration').click();
  await arbiter.waitForSelector('#btn-publish');

  // The Rooks' line-up for round 1 starts from the registered order; the reserve above Ada is refused. (The page
  // redraws when the event changes: wait for the closing to reach it before choosing.)
  await rooks.waitForSelector('.tstate[data-state="running"]', { timeout: 10_000 });
  assert.equal(await rooks.locator('#team-roster').count(), 0);
  assert.equal(await rooks.locator('#team-lineup').getAttribute('data-round'), '1');
  assert.equal(await rooks.locator('#lineup-board-1').inputValue(), '1');
  assert.equal(await rooks.locator('#lineup-board-2').inputValue(), '2');
  await rooks.selectOption('#lineup-board-1', '3');
  await rooks.selectOption('#lineup-board-2', '1');
  await rooks.locator('#btn-lineup').click();
  await rooks.waitForSelector('#tournament p.form-error');
  assert.match(await rooks.locator('#tournament p.form-error').innerText(), /^Board 2: /);
  // Ada on board 1, Cy (the reserve) on board 2 in Ben's place.
  await rooks.selectOption('#lineup-board-1', '1');
  await rooks.selectOption('#lineup-board-2', '3');
  await rooks.locator('#btn-lineup').click();
  await rooks.waitForFunction(() => document.querySelector('#tournament p.status[role=alert]')?.textContent === 'Line-up saved.');
  assert.equal(await rooks.locator('#lineup-board-2').inputValue(), '3');
  await shot(rooks, 'team-lineup-desktop');
  await axe(rooks, 'captain line-up', violations);
  // The arbiter sees the line-up given; the Knights keep their registered order.
  await arbiter.reload();
  await arbiter.waitForSelector('#team-lineup');
  assert.equal(await arbiter.locator('#lineup-board-2').inputValue(), '3');
  await shot(arbiter, 'team-lineup-arbiter-desktop');
  await axe(arbiter, 'arbiter line-up', violations);

  await arbiter.locator('#btn-publish').click();
  await arbiter.waitForSelector('#team-pairings table[data-round="1"] tbody tr');
  const boards = await arbiter.$$eval('#team-pairings table[data-round="1"] tbody tr', rows => rows.map(r => [...r.children].slice(0, 4).map(c => c.textContent)));
  assert.deepEqual(boards, [
    ['1', 'Ada Rook', '–', 'Dan Knight'],
    ['2', 'Eve Knight', '–', 'Cy Rook'],
  ]);
  // A published round's line-up is final: the form is gone (one round in all).
  await rooks.waitForFunction(() => document.querySelector('#team-lineup') === null, undefined, { timeout: 10_000 });

  // The arbiter enters both results; the printable page has the standings, the crosstable and the matches.
  await arbiter.locator('#team-pairings tr[data-white="1"] select.enter-result').selectOption('1-0');
  await arbiter.waitForFunction(() => document.querySelector('#team-pairings tr[data-white="1"] td.res')?.textContent === '1–0');
  await arbiter.locator('#team-pairings tr[data-white="5"] select.enter-result').selectOption('1/2');
  await arbiter.waitForFunction(() => document.querySelector('#team-pairings table[data-round="1"] caption')?.textContent?.endsWith('1½–½'));
  assert.equal(await arbiter.locator('#download-pgn').getAttribute('href'), `/api/tournaments/${id}/pgn`);
  const pgn = await arbiter.evaluate(async path => (await fetch(path)).text(), `/api/tournaments/${id}/pgn`);
  assert.match(pgn, /\[White "Eve Knight"\]\n\[Black "Cy Rook"\][\s\S]*\[WhiteTeam "Knights"\]\n\[BlackTeam "Rooks"\]/);

  const print = await newPage();
  await print.goto(`${f.server.url}/t/${id}/print`);
  await print.waitForSelector('.tprint #team-crosstable table');
  assert.equal(await print.locator('.tprint #team-standings tbody tr').count(), 2);
  assert.equal(await print.locator('.tprint #team-pairings table[data-round="1"] tbody tr').count(), 2);
  assert.equal(await print.locator('.tprint select, .tprint a.watch').count(), 0);
  await shot(print, 'team-print-desktop');
  await axe(print, 'printable page', violations);
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});

test('a team Swiss from the New tournament form: three teams, round 1 paired with a bye', async () => {
  const errors: string[] = [];
  const violations: string[] = [];
  const page = await (await f.browser.newContext({ viewport: DESKTOP })).newPage();
  watchErrors(page, errors);
  await openNewEventForm(f, page, 'Team Swiss Cup');
  await page.selectOption('#tournament-new select[name=system]', 'team-swiss');
  // A team Swiss declares its rounds and its boards.
  assert.equal(await page.locator('#tournament-new input[name=rounds]').isVisible(), true);
  assert.equal(await page.locator('#tournament-new input[name=boards]').isVisible(), true);
  await page.fill('#tournament-new input[name=rounds]', '2');
  await page.fill('#tournament-new input[name=boards]', '2');
  // Its options as the CLI's: primary score, colour preferences, the first team's colour on board 1 (or a lot).
  assert.equal(await page.locator('#team-swiss-options').isVisible(), true);
  await page.selectOption('#swiss-primary', 'gp');
  await page.selectOption('#swiss-colours', 'B');
  assert.deepEqual(await page.$$eval('#swiss-initial option', os => os.map(o => (o as HTMLOptionElement).value)), ['white', 'black', 'lot']);
  await shot(page, 'team-swiss-form-desktop');
  await axe(page, 'team Swiss form', violations);
  await page.locator('#tournament-new button[type=submit]').click();
  await page.waitForSelector('#arbiter-panel #add-team');
  assert.match(await page.locator('.thead .facts').innerText(), /^Team Swiss \(FIDE 2026\) · 2 boards · 2 rounds/);
  assert.equal(await page.locator('#swiss-facts').innerText(), 'Primary score: Game points · colour preferences: Type B · first team on board 1 in round 1: White');
  for (const [team, players] of [
    ['Alpha', 'Al One\nAl Two'],
    ['Beta', 'Be One\nBe Two'],
    ['Gamma', 'Ga One\nGa Two'],
  ] as const) {
    await page.fill('#team-name', team);
    await page.fill('#team-players', players);
    await page.locator('#add-team button[type=submit]').click();
    await page.waitForFunction(name => [...document.querySelectorAll('#teams h3')].some(h => h.textContent?.endsWith(name)), team);
  }
  await page.locator('#btn-close-registration').click();
  await page.locator('#btn-publish').click();
  await page.waitForSelector('#team-pairings table[data-round="1"]');
  // C.04.6 3.4: the bye to the lowest score with the largest number, Gamma; Alpha meets Beta.
  assert.equal(await page.locator('#team-pairings table[data-round="1"] caption').innerText(), 'Alpha – Beta');
  assert.equal(await page.locator('#team-pairings p.bye').innerText(), 'Gamma has the bye');
  await shot(page, 'team-swiss-desktop');
  await axe(page, 'team Swiss', violations);
  // White for Alpha on board 1 (4.1), Black on board 2.
  assert.deepEqual(await page.$$eval('#team-pairings table[data-round="1"] tbody tr', rows => rows.map(r => r.children[1]?.textContent)), ['Al One', 'Be Two']);
  // Both boards drawn; the arbiter marks Beta absent from round 2: Alpha meets Gamma, and nobody has the bye.
  for (const white of ['1', '4']) await page.locator(`#team-pairings tr[data-white="${white}"] select.enter-result`).selectOption('1/2');
  await page.waitForFunction(() => document.querySelector('#team-pairings table[data-round="1"] caption')?.textContent?.endsWith('1–1'));
  assert.equal(await page.locator('#absent-teams legend').innerText(), 'Absent in round 2');
  await page.locator('#absent-2').check();
  await page.waitForFunction(() => (document.querySelector('#absent-2') as HTMLInputElement | null)?.checked === true && document.querySelector('#tournament p.form-error') === null);
  await page.reload();
  await page.waitForSelector('#absent-2');
  assert.equal(await page.locator('#absent-2').isChecked(), true);
  await shot(page, 'team-swiss-absent-desktop');
  await axe(page, 'team Swiss absent teams', violations);
  await page.locator('#btn-publish').click();
  await page.waitForSelector('#team-pairings table[data-round="2"]');
  assert.equal(await page.locator('#team-pairings table[data-round="2"]').count(), 1);
  assert.equal(await page.locator('#team-pairings p.bye').count(), 1);
  assert.match(await page.locator('#team-pairings table[data-round="2"] caption').innerText(), /^(Alpha – Gamma|Gamma – Alpha)/);
  assert.deepEqual(violations, []);
  assert.deepEqual(errors, []);
});
