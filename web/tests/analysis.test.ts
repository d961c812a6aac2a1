// The analysis board after a game: the moves labelled inaccuracy / mistake / blunder with the
// better line in the page's notation, a click on the graph shows that position, a side line is played on the
// board with the server's moves and the engine's evaluation, one click returns to the game, and the PGN with
// the analysis downloads and passes `tabiya pgn check`. Also opened by a spectator's link, in every
// language (screenshots), and axe-clean.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { binary, clickSquare, DESKTOP, newGame, PHONE, openPage, serverAndBrowser, shot, shownPlacement, typeMove, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR';
const FINAL = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR';

/** Fool's mate, typed: 2. g4 is the blunder (Black mates at once). */
async function foolsMate(page: Page, queen = 'Q'): Promise<string> {
  const id = await newGame(page, { opponent: 'hotseat', time: 'none' });
  for (const m of ['f3', 'e5', 'g4', `${queen}h4`]) await typeMove(page, m);
  await page.waitForSelector('#result:not([hidden])');
  return id;
}

async function waitAnalysis(page: Page): Promise<void> {
  await page.waitForSelector('#review .review-summary:not([hidden])', { timeout: 90_000 });
  await page.waitForSelector('#review .mistakes .label.blunder');
}

/** Clicks the evaluation graph where ply `ply` of `plies` is drawn. */
async function clickGraph(page: Page, ply: number, plies: number): Promise<void> {
  const box = (await page.locator('#review .graph svg').boundingBox())!;
  await page.mouse.click(box.x + (box.width * ply) / plies, box.y + box.height / 2);
}

async function waitPlacement(page: Page, placement: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let shown = '';
  while (Date.now() < deadline) {
    shown = await shownPlacement(page);
    if (shown === placement) return;
    await page.waitForTimeout(50);
  }
  assert.equal(shown, placement);
}

test('after the game: labels, a clickable graph, a side line with its evaluation, back to the game, PGN export', { timeout: 180_000 }, async () => {
  const { page, errors } = await openPage(f);
  const id = await foolsMate(page);
  await waitAnalysis(page);
  // The blunder, with the better move and line in SAN as the move list shows moves (not UCI).
  const blunder = await page.locator('#review .mistakes li', { has: page.locator('.label.blunder') }).innerText();
  assert.match(blunder, /^Blunder 2\. g4: better \S+/);
  assert.doesNotMatch(blunder, /\b[a-h][1-8][a-h][1-8]\b/);
  // The counts per side: White blundered, Black did not.
  const blunders = await page.locator('#review .review-summary tr', { hasText: 'Blunders' }).locator('td').allInnerTexts();
  assert.ok(Number(blunders[0]) >= 1, `blunders: ${blunders.join(' ')}`);
  assert.equal(blunders[1], '0');
  await waitPlacement(page, FINAL);

  // The graph: a click shows the position after that ply.
  await clickGraph(page, 2, 4);
  await waitPlacement(page, AFTER_E5);
  assert.equal(await page.locator('#analysis .shown-where').innerText(), 'Position after 1… e5');
  await page.waitForFunction(() => /Evaluation: /.test(document.querySelector('#analysis .shown-eval')?.textContent ?? ''));
  // The labelled move's button shows the position before it.
  await clickGraph(page, 0, 4);
  await waitPlacement(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  await page.locator('#review .mistakes li', { has: page.locator('.label.blunder') }).locator('button.show-ply').click();
  await waitPlacement(page, AFTER_E5);
  await page.locator('#board').scrollIntoViewIfNeeded();

  // A side line from there: 2. Nc3 Nc6, each move named by the server, then the engine's evaluation.
  await clickSquare(page, 'b1');
  await clickSquare(page, 'c3');
  await page.waitForFunction(() => document.querySelectorAll('#analysis .side-line button').length === 1);
  await waitPlacement(page, 'rnbqkbnr/pppp1ppp/8/4p3/8/2N2P2/PPPPP1PP/R1BQKBNR');
  await clickSquare(page, 'b8');
  await clickSquare(page, 'c6');
  await page.waitForFunction(() => document.querySelectorAll('#analysis .side-line button').length === 2).catch(async e => {
    await shot(page, 'analysis-side-line-failed');
    throw e;
  });
  assert.deepEqual(await page.locator('#analysis .side-line button').allInnerTexts(), ['2. Nc3', 'Nc6']);
  await waitPlacement(page, 'r1bqkbnr/pppp1ppp/2n5/4p3/8/2N2P2/PPPPP1PP/R1BQKBNR');
  await page.waitForFunction(() => /^Evaluation: [+-−]?\d/.test(document.querySelector('#analysis .shown-eval')?.textContent ?? ''), undefined, { timeout: 30_000 });
  assert.match(await page.locator('#analysis .shown-where').innerText(), /^Side line from: Position after 1… e5/);
  await page.locator('#analysis').scrollIntoViewIfNeeded();
  await shot(page, 'analysis-side-line-desktop');
  await page.setViewportSize(PHONE);
  await page.locator('#analysis').scrollIntoViewIfNeeded();
  await shot(page, 'analysis-side-line-phone');
  await page.setViewportSize(DESKTOP);
  // One click back to the game's line.
  await page.locator('#analysis .back-main').click();
  await waitPlacement(page, AFTER_E5);
  assert.equal(await page.locator('#analysis .side-line button').count(), 0);
  assert.equal(await page.locator('#analysis .back-main').isHidden(), true);

  // The PGN with the analysis: [%eval], the blunder's NAG and the better line; the CLI accepts it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#review .analysis-pgn').click()]);
  const dir = mkdtempSync(join(tmpdir(), 'tabiya-analysis-'));
  try {
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    assert.equal(download.suggestedFilename(), `tabiya-${id}-analysis.pgn`);
    const pgn = readFileSync(file, 'utf8');
    assert.match(pgn, /\[%eval -?\d+\.\d\d\]/);
    assert.match(pgn, /g4 \$4/);
    assert.match(pgn, /\(2\. /);
    const out = execFileSync(binary, ['pgn', 'check', file], { encoding: 'utf8' });
    assert.match(out, /1 games?, 1 ok/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A spectator opening the finished game by its link gets the same analysis board.
  const spectator = await openPage(f, {}, `/g/${id}`);
  await waitAnalysis(spectator.page);
  await clickGraph(spectator.page, 2, 4);
  await waitPlacement(spectator.page, AFTER_E5);
  assert.deepEqual([...errors, ...spectator.errors], []);
});

// The queen's letter in each language, for typing the mate.
const QUEEN: Record<string, string> = { en: 'Q', de: 'D', pl: 'H', lv: 'D', bg: 'Д', uk: 'Ф', ru: 'Ф' };

test('the analysis board in every language: screenshots, the better move in the language\'s letters, axe-clean', { timeout: 600_000 }, async () => {
  const found: string[] = [];
  for (const lang of Object.keys(QUEEN)) {
    const context = await f.browser.newContext({ viewport: DESKTOP, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    await foolsMate(page, QUEEN[lang]);
    await waitAnalysis(page);
    // The side line from the final position's predecessor: the labelled move's position, then a move.
    await page.locator('#review .mistakes li', { has: page.locator('.label.blunder') }).locator('button.show-ply').click();
    await waitPlacement(page, AFTER_E5);
    await page.locator('#board').scrollIntoViewIfNeeded();
    await clickSquare(page, 'g1');
    await clickSquare(page, 'h3');
    await page.waitForFunction(() => document.querySelectorAll('#analysis .side-line button').length === 1);
    await page.waitForFunction(() => /\d/.test(document.querySelector('#analysis .shown-eval')?.textContent ?? ''), undefined, { timeout: 30_000 });
    const side = await page.locator('#analysis .side-line button').innerText();
    const knight: Record<string, string> = { en: 'N', de: 'S', pl: 'S', lv: 'Z', bg: 'К', uk: 'К', ru: 'К' };
    assert.equal(side, `2. ${knight[lang]}h3`, lang);
    const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
    found.push(...result.violations.map(v => `${lang}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`));
    await page.locator('#review').scrollIntoViewIfNeeded();
    await shot(page, `analysis-${lang}-desktop`);
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
  assert.deepEqual(found, []);
});
