// Starting from a position: the board editor of the New game form builds a position by
// dragging pieces from its rows onto the board and off it, the server checks it and words a refusal in the
// page's language ("no white king", not "(fen)"), a pasted PGN without a result marker is previewed on a small
// board and starts, and the editor is photographed and checked by axe-core in every language.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { PHONE, apiGame, openPage, serverAndBrowser, shot, shownMoves, shownPlacement, waitGame, watchErrors } from './helpers.js';

const f = serverAndBrowser();
const TALL = { width: 1280, height: 1300 };

const startText = (page: Page): Promise<string> => page.locator('textarea[name=start]').inputValue();

async function openEditor(page: Page): Promise<void> {
  await page.waitForSelector('#board piece.king.white');
  if (!(await page.locator('details.more').evaluate(d => (d as HTMLDetailsElement).open))) await page.locator('details.more summary').click();
  await page.locator('#editor-open').click();
  await page.waitForSelector('#editor-board piece');
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The centre of a square of the editor's board (white at the bottom). */
async function editorSquare(page: Page, square: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator('#editor-board').boundingBox())!;
  const size = box.width / 8;
  return { x: box.x + (square.charCodeAt(0) - 97 + 0.5) * size, y: box.y + (8 - Number(square[1]) + 0.5) * size };
}

/** Presses the mouse at one point, moves it in steps to another and lets go, as a hand drags; then waits until
 * the editor has written the changed position into the start field (every drag here changes it). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const before = await startText(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  await page.waitForFunction(b => (document.querySelector('textarea[name=start]') as HTMLTextAreaElement).value !== b, before, { timeout: 5000 });
}

async function dragFromRow(page: Page, piece: string, square: string): Promise<void> {
  await drag(page, await centre(page, `.palette-piece[data-piece=${piece}]`), await editorSquare(page, square));
}


async function waitCheck(page: Page, text: string): Promise<void> {
  await page.waitForFunction(t => document.getElementById('start-check')!.textContent === t, text, { timeout: 5000 }).catch(async () => {
    assert.fail(`#start-check shows "${await page.locator('#start-check').textContent()}", not "${text}"`);
  });
}

test('a position built by dragging pieces onto the board and off it starts the game', async () => {
  const { page, errors } = await openPage(f, { viewport: TALL });
  await page.locator('input[name=opponent][value=hotseat]').check({ force: true });
  await page.selectOption('select[name=time]', 'none');
  await openEditor(page);
  await page.locator('[data-editor=clear]').click();
  assert.equal(await startText(page), '8/8/8/8/8/8/8/8 w - - 0 1');
  await dragFromRow(page, 'white-king', 'e1');
  await dragFromRow(page, 'white-rook', 'h1');
  await dragFromRow(page, 'black-king', 'e8');
  await dragFromRow(page, 'white-queen', 'd4');
  await dragFromRow(page, 'black-pawn', 'c5');
  // A piece on the board dragged off it is gone; one dragged to another square moves there.
  await drag(page, await editorSquare(page, 'd4'), { x: 20, y: 20 });
  await drag(page, await editorSquare(page, 'c5'), await editorSquare(page, 'c7'));
  await page.locator('input[name=castleK]').check();
  await page.selectOption('select[name=editorTurn]', 'b');
  await page
    .waitForFunction(() => (document.querySelector('textarea[name=start]') as HTMLTextAreaElement).value.startsWith('4k3/2p5/8/8/8/8/8/4K2R b K'), null, { timeout: 5000 })
    .catch(() => undefined);
  assert.equal(await startText(page), '4k3/2p5/8/8/8/8/8/4K2R b K - 0 1');
  await waitCheck(page, 'The game starts from this position, Black to move');
  await shot(page, 'editor-built-desktop');
  await page.locator('#newgame button[type=submit]').click();
  const id = await waitGame(page);
  assert.equal(await shownPlacement(page), '4k3/2p5/8/8/8/8/8/4K2R');
  assert.equal((await apiGame(f.server, id)).start_fen, '4k3/2p5/8/8/8/8/8/4K2R b K - 0 1');
  assert.deepEqual(errors, []);
});

test('a piece chosen in a row is put down by clicks on squares; the same piece clicked again is taken off', async () => {
  const { page, errors } = await openPage(f, { viewport: TALL });
  await openEditor(page);
  await page.locator('[data-editor=clear]').click();
  await page.locator('.palette-piece[data-piece=white-pawn]').click();
  assert.equal(await page.locator('.palette-piece[data-piece=white-pawn]').getAttribute('aria-pressed'), 'true');
  for (const square of ['a2', 'b2', 'c2']) {
    const p = await editorSquare(page, square);
    await page.mouse.click(p.x, p.y);
  }
  const b2 = await editorSquare(page, 'b2');
  await page.mouse.click(b2.x, b2.y);
  await page.waitForFunction(() => (document.querySelector('textarea[name=start]') as HTMLTextAreaElement).value === '8/8/8/8/8/8/P1P5/8 w - - 0 1');
  await page.locator('[data-editor=initial]').click();
  assert.equal(await startText(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');  // with its castling rights
  assert.deepEqual(errors, []);
});

test('a refused position shows the server\'s reason in words: no white king, in English and in Polish', async () => {
  for (const [lang, words, failed] of [
    ['en', 'There is no white king', 'The game could not be created: There is no white king'],
    ['pl', 'Brak białego króla', 'Nie udało się utworzyć partii: Brak białego króla'],
  ] as const) {
    const { page, errors } = await openPage(f, { viewport: TALL, locale: lang }, `/?lang=${lang}`);
    await openEditor(page);
    await page.locator('[data-editor=clear]').click();
    await dragFromRow(page, 'black-king', 'e8');
    await waitCheck(page, words);
    assert.equal(await startText(page), '4k3/8/8/8/8/8/8/8 w - - 0 1');
    await page.locator('#newgame button[type=submit]').click();
    await page.waitForSelector('#newgame .form-error:not([hidden])');
    assert.equal(await page.locator('#newgame .form-error').textContent(), failed);
    await shot(page, `editor-refused-${lang}-desktop`);
    assert.deepEqual(errors, [], lang);
    await page.context().close();
  }
});

test('a pasted PGN without a result marker is previewed, then starts after its moves', async () => {
  const { page, errors } = await openPage(f, { viewport: TALL });
  await page.locator('input[name=opponent][value=hotseat]').check({ force: true });
  await page.selectOption('select[name=time]', 'none');
  await page.locator('details.more summary').click();
  await page.fill('textarea[name=start]', '[Event "Pasted"]\n\n1. e4 e5 2. Nf3');
  await waitCheck(page, 'The game goes on after the moves given, Black to move');
  await page.waitForSelector('#start-preview:not([hidden]) piece.knight.white');
  assert.equal(await page.locator('#start-preview piece').count(), 32);
  await shot(page, 'editor-pgn-preview-desktop');
  await page.locator('#newgame button[type=submit]').click();
  await waitGame(page);
  assert.deepEqual(await shownMoves(page), ['e4', 'e5', 'Nf3']);
  assert.equal(await shownPlacement(page), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R');
  assert.deepEqual(errors, []);
});

const LANGS = ['en', 'de', 'pl', 'lv', 'bg', 'uk', 'ru'];

test('the editor in every language: photographed, worded, and clean under axe-core (WCAG 2 A, AA)', { timeout: 300_000 }, async () => {
  const found: string[] = [];
  for (const lang of LANGS) {
    const context = await f.browser.newContext({ viewport: TALL, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    await openEditor(page);
    await page.locator('[data-editor=clear]').click();
    await dragFromRow(page, 'black-king', 'e8');
    await page.waitForFunction(() => document.getElementById('start-check')!.classList.contains('error'));
    const text = (await page.locator('#start-check').textContent()) ?? '';
    assert.ok(text.length > 0 && !text.includes('no_king') && !text.includes('{'), `${lang}: ${text}`);
    if (lang !== 'en') assert.notEqual(text, 'There is no white king', lang);
    await page.locator('[data-editor=initial]').click();
    await page.waitForFunction(() => !document.getElementById('start-check')!.classList.contains('error'));
    const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
    found.push(...result.violations.map(v => `${lang}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`));
    await dragFromRow(page, 'white-king', 'd4');  // two white kings: the reason, photographed
    await page.waitForFunction(() => document.getElementById('start-check')!.classList.contains('error'));
    await shot(page, `editor-${lang}-desktop`);
    await page.setViewportSize(PHONE);
    await page.locator('#editor-board').scrollIntoViewIfNeeded();
    await shot(page, `editor-${lang}-phone`);
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
  assert.deepEqual(found, []);
});
