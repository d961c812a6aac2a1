// The blind and visually impaired mode in the browser (FIDE Laws 2014 App. D, 2009 App. E,
// 2005 App. F): keyboard-only games to checkmate against the level-1 robot with the live region checked after
// every move in two announcement styles (plain words, then the Appendix D words of App. D.2.1), the one-key
// commands, the Braille score sheet, axe-core at WCAG 2 A and AA on every main screen in the normal and the
// blind mode, and screenshots of the blind mode, the high-contrast and the large board.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newGame, serverAndBrowser, shot, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const DESKTOP = { width: 1280, height: 800 };
// White: Kg1, Ra6, Rb1; Black: Kh7, Nb7. 1. Rxb7+ leaves Black only Kg8 or Kh8 (rank 6 and 7 are the rooks'),
// and after either 2. Ra8 is mate (Art. 5.1.1): a forced mate in two whatever the robot answers.
const MATE_IN_TWO = '8/1n5k/R7/8/8/8/8/1R4K1 w - - 0 1';

/** Violations of WCAG 2 levels A and AA on the page as it stands, as readable lines. */
async function axe(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${screen}: ${v.id} (${v.impact}): ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

/** The newest line of the live region. */
async function lastAnnouncement(page: Page): Promise<string> {
  return (await page.locator('#announcer p').last().textContent()) ?? '';
}

/** Waits until some line of the live region added after `count` lines matches. */
async function waitAnnouncement(page: Page, re: RegExp, timeout = 30_000): Promise<string> {
  const handle = await page.waitForFunction(
    source => {
      const re = new RegExp(source);
      const lines = [...document.querySelectorAll('#announcer p')].map(p => p.textContent ?? '');
      return lines.reverse().find(l => re.test(l)) ?? false;
    },
    re.source,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}

/** Presses Tab until the focus is on an element matching `selector`. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate(s => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focusedLabel = (page: Page): Promise<string> => page.evaluate(() => document.activeElement?.textContent ?? '');

test('keyboard-only game to checkmate against the level-1 robot, announced in plain words', { timeout: 120_000 }, async () => {
  const page = await f.browser.newPage({ viewport: DESKTOP });
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/?blind=1`);
  assert.equal(await page.locator('body.blind').count(), 1, '?blind=1 switches the mode on');
  await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:5+3', start: MATE_IN_TWO });
  await page.waitForSelector('#board-grid [role=gridcell]');
  // Into the board grid with Tab alone; the focused square says what is on it.
  await tabTo(page, '#board-grid [role=gridcell]');
  assert.equal(await focusedLabel(page), 'e2, empty');
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  assert.equal(await focusedLabel(page), 'b1, white rook');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedLabel(page), 'b3, empty');
  // Commands: clocks and moves made (App. D.2.9.d), pieces of a kind, attacks on a square, legal moves.
  await page.keyboard.press('t');
  assert.match(await lastAnnouncement(page), /^Moves completed: 0 \(0 half-moves\)\. White has [45] minutes( \d+ seconds?)?\. Black has 5 minutes( \d+ seconds?)?\.$/);
  await page.keyboard.press('Shift+R');
  assert.equal(await lastAnnouncement(page), "Your rooks: a6, b1. Opponent's rooks: none.");
  await page.keyboard.press('7');
  await page.keyboard.press('x');
  // The server answers what bears on the square; the words come when it has.
  await waitAnnouncement(page, /^b7, black knight\. Attacked by: rook b1\. Defended by: none\.$/);
  await page.keyboard.press('1');
  await page.keyboard.press('s');
  assert.equal(await lastAnnouncement(page), 'b1, white rook. It can go to a1, c1, d1, e1, f1, b2, b3, b4, b5, b6, b7');
  await page.keyboard.press('w');
  assert.equal(await lastAnnouncement(page), 'White: king g1; rooks a6, b1. Black: king h7; knight b7. White to move');
  await page.keyboard.press('Shift+W');
  assert.equal(await lastAnnouncement(page), 'Rank 8: empty. Rank 7: b7, black knight; h7, black king. Rank 6: a6, white rook. Rank 5: empty. Rank 4: empty. Rank 3: empty. Rank 2: empty. Rank 1: b1, white rook; g1, white king');
  // 1. Rxb7+: Enter picks the rook, 7 goes up the file, Enter plays it.
  await page.keyboard.press('Enter');
  assert.equal(await lastAnnouncement(page), 'Picked b1, white rook. It can go to a1, c1, d1, e1, f1, b2, b3, b4, b5, b6, b7');
  assert.match(await focusedLabel(page), /^b1, white rook, picked$/);
  await page.keyboard.press('7');
  assert.equal(await focusedLabel(page), 'b7, black knight, a target');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: rook takes b7, check$/);
  const reply = await waitAnnouncement(page, /^Black: king to (g8|h8)$/);
  await waitMoves(page, 2);
  assert.equal(await focusedLabel(page), 'b7, white rook', 'the focus stays on the board');
  await page.keyboard.press('l');
  assert.equal(await lastAnnouncement(page), reply);
  await shot(page, 'blind-playing-desktop');
  // 2. Ra8#, typed in the move box reached with Tab.
  await tabTo(page, '#move-input');
  await page.keyboard.type('Ra8');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: rook to a8, checkmate$/);
  const end = await waitAnnouncement(page, /^Game over\./);
  assert.equal(end, 'Game over. White wins. Black is checkmated. Art. 5.1.1, FIDE Laws of Chess 2018');
  await page.waitForSelector('#result:not([hidden])');
  // Typed commands answer in the live region after the game too.
  await page.evaluate(() => (document.getElementById('move-form')!.hidden = false));
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard-only game against the robot announced in the Appendix D words (App. D.2.1)', { timeout: 120_000 }, async () => {
  const page = await f.browser.newPage({ viewport: DESKTOP });
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/?blind=1`);
  await page.selectOption('select[name=access-style]', 'appendixD');
  await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'none', start: MATE_IN_TWO });
  await tabTo(page, '#board-grid [role=gridcell]');
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  assert.equal(await focusedLabel(page), 'Bella eins, white rook');
  // 1. Rxb7+ typed in the Appendix D words.
  await tabTo(page, '#move-input');
  await page.keyboard.type('Turm schlaegt Bella sieben');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: Turm schlaegt Bella sieben, Schach$/);
  await waitAnnouncement(page, /^Black: Koenig (Gustav|Hector) acht$/);
  await waitMoves(page, 2);
  // Typed commands: the moves made and the move list in the same words.
  await page.keyboard.type('moves');
  await page.keyboard.press('Enter');
  assert.match(await lastAnnouncement(page), /^1\. Turm schlaegt Bella sieben, Schach, Koenig (Gustav|Hector) acht$/);
  await page.keyboard.type('clock');
  await page.keyboard.press('Enter');
  assert.equal(await lastAnnouncement(page), 'Moves completed: 1 (2 half-moves). The game has no clock');
  // "attacks a8" typed: only the rook on a6 bears on the mating square (the server's answer, in the same words).
  await page.keyboard.type('attacks a8');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^Anna acht, empty\. White pieces bearing on it: \S+ Anna sechs\. Black pieces bearing on it: none\.$/);
  // 2. Ra8# on the grid: back with Shift+Tab, then a, 8 and Enter twice.
  for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')); i++) await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('a');
  await page.keyboard.press('6');
  await page.keyboard.press('Enter');
  await page.keyboard.press('8');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: Turm Anna acht, Matt$/);
  await waitAnnouncement(page, /^Game over\. White wins\. Black is checkmated\. Art\. 5\.1\.1/);
  // The score sheet for a Braille display: lines of at most 40 cells, numbered pairs.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#braille-link').press('Enter')]);
  const text = readFileSync((await download.path())!, 'utf8');
  assert.match(text, /^1\. Rxb7\+ K[gh]8$/m);
  assert.match(text, /^2\. Ra8#$/m);
  assert.match(text, /^1-0 White wins\./m);
  for (const l of text.split('\n')) assert.ok(l.length <= 40, l);
  assert.deepEqual(errors, []);
  await page.close();
});

test('promotion on the keyboard grid: the chooser by keys, the piece named (App. D.2.1)', { timeout: 90_000 }, async () => {
  const page = await f.browser.newPage({ viewport: DESKTOP });
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/?blind=1`);
  await page.selectOption('select[name=access-style]', 'plain');
  // 1. b8=Q is mate: the rook on a7 guards the seventh rank once the pawn has left it.
  await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'none', start: '7k/RP6/8/8/8/8/8/K7 w - - 0 1' });
  await tabTo(page, '#board-grid [role=gridcell]');
  await page.keyboard.press('b');
  await page.keyboard.press('7');
  await page.keyboard.press('Enter');
  await page.keyboard.press('8');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#promotion:not([hidden])');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Queen', 'the chooser takes the focus');
  await page.keyboard.press('ArrowDown'); // nothing: buttons are reached with Tab
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Knight');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: pawn to b8, promotes to queen, checkmate$/);
  await waitAnnouncement(page, /^Game over\. White wins\. Black is checkmated/);
  assert.equal(await focusedLabel(page), 'b8, white queen', 'the focus is back on the board');
  assert.deepEqual(errors, []);
  await page.close();
});

test('offers, claims, clock warnings and the result are announced (hot-seat, blind mode)', { timeout: 120_000 }, async () => {
  const page = await f.browser.newPage({ viewport: DESKTOP });
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(`${f.server.url}/?blind=1`);
  await newGame(page, { opponent: 'hotseat', time: 'custom', custom: '1+0' });
  // A one-minute game: the clock warning comes at once (one minute left), for the side whose clock runs.
  await waitAnnouncement(page, /^(White|Black) has one minute left$/);
  await tabTo(page, '#move-input');
  // Knights out and back twice: the start position a third time, White may claim (Art. 9.2).
  for (const [i, move] of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'].entries()) {
    await page.keyboard.type(move);
    await page.keyboard.press('Enter');
    await waitMoves(page, i + 1);
  }
  await waitAnnouncement(page, /^White may claim a draw by threefold repetition \(Art\. 9\.2\)$/);
  await tabTo(page, '[data-action=offer-draw]');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White offers a draw$/);
  await tabTo(page, '[data-action=accept-draw]');
  await page.keyboard.press('Enter');
  const end = await waitAnnouncement(page, /^Game over\./);
  assert.match(end, /^Game over\. Draw\. Draw by agreement\. Art\. 9\.1/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the browser\'s own voice speaks the announcements at the chosen rate (Web Speech API)', { timeout: 90_000 }, async () => {
  const context = await f.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  // Headless Chromium has no voices: record what the page asks to be spoken instead.
  await page.addInitScript(() => {
    const spoken: [string, number][] = [];
    (window as unknown as { spoken: [string, number][] }).spoken = spoken;
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void spoken.push([u.text, u.rate]);
  });
  await page.goto(`${f.server.url}/?blind=1`);
  await page.locator('input[name=access-speech]').check();
  await page.locator('input[name=access-rate]').fill('1.5');
  await page.locator('input[name=access-rate]').dispatchEvent('change');
  await newGame(page, { opponent: 'hotseat', time: 'none' });
  await tabTo(page, '#move-input');
  await page.keyboard.type('e4');
  await page.keyboard.press('Enter');
  await waitAnnouncement(page, /^White: pawn to e4$/);
  await tabTo(page, '#board-grid [role=gridcell]');
  const spoken = await page.evaluate(() => (window as unknown as { spoken: [string, number][] }).spoken);
  assert.deepEqual(spoken.find(([text]) => text === 'White: pawn to e4'), ['White: pawn to e4', 1.5]);
  assert.ok(spoken.some(([text]) => /^[a-h][1-8], /.test(text)), 'the focused square is spoken');
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe-core finds no WCAG 2 A or AA violation on the main screens, normal and blind mode', { timeout: 300_000 }, async () => {
  const found: string[] = [];
  for (const blind of [false, true]) {
    const mode = blind ? 'blind' : 'normal';
    const context = await f.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?blind=${blind ? 1 : 0}`);
    await page.waitForSelector('#board piece.king.white');
    found.push(...(await axe(page, `${mode} new game`)));
    await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
    for (const [i, move] of ['f3', 'e5'].entries()) {
      await page.fill('#move-input', move);
      await page.press('#move-input', 'Enter');
      await waitMoves(page, i + 1); // the next move may be typed only once the server has taken this one
    }
    found.push(...(await axe(page, `${mode} playing`)));
    for (const [i, move] of ['g4', 'Qh4'].entries()) {
      await page.fill('#move-input', move);
      await page.press('#move-input', 'Enter');
      await waitMoves(page, i + 3);
    }
    await page.waitForSelector('#result:not([hidden])');
    found.push(...(await axe(page, `${mode} game over`)));
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.deepEqual(found, []);
});

test('high-contrast and large board in the blind mode: screenshots', { timeout: 150_000 }, async () => {
  const context = await f.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${f.server.url}/?blind=1`);
  await page.locator('input[name=access-contrast]').check();
  await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
  for (const [i, move] of ['e4', 'e5', 'Nf3'].entries()) {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
    await waitMoves(page, i + 1); // the next move may be typed only once the server has taken this one
  }
  await tabTo(page, '#board-grid [role=gridcell]');
  await page.keyboard.press('g');
  await page.keyboard.press('8');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#board-grid .dest').count(), 3, 'the targets (e7, f6, h6) of the picked knight are marked');
  assert.equal(await page.locator('body.high-contrast').count(), 1);
  await shot(page, 'blind-contrast-desktop');
  await page.setViewportSize({ width: 375, height: 667 });
  await shot(page, 'blind-contrast-phone');
  await page.setViewportSize(DESKTOP);
  const found = await axe(page, 'high contrast playing');
  await page.locator('input[name=access-large]').check();
  await shot(page, 'blind-large-desktop');
  // Both settings are remembered.
  await page.reload();
  assert.equal(await page.locator('body.high-contrast.large-board.blind').count(), 1);
  assert.deepEqual(found, []);
  await context.close();
});
