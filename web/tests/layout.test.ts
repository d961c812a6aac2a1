// The game page from a small phone to a large screen, upright and sideways: after Play the page
// is not left scrolled down where the form was, the whole board is in view, the header is one row (the rarer
// choices open from its menu button), nothing is wider than the screen (the move list scrolls sideways in its
// own strip under the board on a phone), and the game's buttons are on the first screen, within thumb reach.
// Screenshots at every size in every language go to build/screenshots/layout-*.png.
import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newGame, serverAndBrowser, shot, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const SIZES = [
  { name: '320x568', width: 320, height: 568 },
  { name: '375x667', width: 375, height: 667 },
  { name: '768x1024', width: 768, height: 1024 },
  { name: '667x375', width: 667, height: 375 },
  { name: '1920x1080', width: 1920, height: 1080 },
];
const LANGS = ['en', 'de', 'pl', 'lv', 'bg', 'uk', 'ru'];
// Ten moves played before the game starts (a PGN to start from), so the move list has something to scroll.
const OPENING = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *';

interface Size {
  name: string;
  width: number;
  height: number;
}

/** The checks of one screen as it stands; `fresh`: just after Play (the page must not have scrolled). */
async function laidOut(page: Page, size: Size, where: string): Promise<void> {
  // The board follows a new window size on its ResizeObserver's next frames.
  await page.evaluate(() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))));
  const found = await page.evaluate(() => {
    const header = document.querySelector('header.top')!.getBoundingClientRect();
    // Every shown element of the header's row sits in that one row.
    const rowItems = [...document.querySelectorAll<HTMLElement>('header.top > a, .top-actions > *, .top-more > *')]
      .map(el => el.getBoundingClientRect())
      .filter(r => r.width > 0 && r.height > 0);
    const offRow = rowItems.filter(r => r.top < header.top - 1 || r.bottom > header.bottom + 1).length;
    // Anything beyond the right edge, except inside a box that scrolls sideways (the move strip).
    const scrolls = (el: Element): boolean => {
      for (let p = el.parentElement; p !== null; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
      }
      return false;
    };
    const wide: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > innerWidth + 1 || r.left < -1) && !scrolls(el) && !el.closest('.visually-hidden'))
        wide.push(`${el.tagName.toLowerCase()}#${el.id}.${String(el.className)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return { headerHeight: header.height, offRow, scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 6), scrollY };
  });
  assert.ok(found.headerHeight <= 50, `${where}: the header is ${found.headerHeight} px high`);
  assert.equal(found.offRow, 0, `${where}: header items off its row`);
  assert.ok(found.scrollWidth <= size.width, `${where}: the page is ${found.scrollWidth} px wide`);
  assert.deepEqual(found.wide, [], `${where}: wider than the screen`);
  const board = (await page.locator('#board').boundingBox())!;
  assert.ok(board.x >= 0 && board.y >= 0 && board.x + board.width <= size.width + 0.5 && board.y + board.height <= size.height + 0.5,
    `${where}: the board ${JSON.stringify(board)} is not all in view (scrolled ${found.scrollY})`);
  assert.ok(board.width >= Math.min(size.width, size.height) * 0.55, `${where}: the board is only ${board.width} px`);
}

/** The moves under the board in one sideways strip (phone upright), else beside it. */
async function movesPlaced(page: Page, size: Size, where: string): Promise<void> {
  const board = (await page.locator('#board').boundingBox())!;
  const box = (await page.locator('.moves-box').boundingBox())!;
  const upright = size.width <= 800 && size.height > size.width;
  if (upright) {
    assert.ok(box.y >= board.y + board.height, `${where}: the moves are under the board`);
    const strip = await page.locator('#moves li:not(.empty)').evaluateAll(els => new Set(els.map(el => Math.round(el.getBoundingClientRect().top))).size);
    assert.equal(strip, 1, `${where}: the moves are one row`);
    assert.ok(box.y + box.height <= size.height, `${where}: the move strip is on the first screen`);
    // The game's buttons are on the first screen too, under the thumb.
    const resign = (await page.locator('[data-action=resign]').boundingBox())!;
    assert.ok(resign.y + resign.height <= size.height, `${where}: resign at ${resign.y}, below the screen`);
  } else assert.ok(box.x >= board.x + board.width, `${where}: the moves beside the board`);
}

test('after Play the board is in view and the page fits, at every size (English)', { timeout: 300_000 }, async () => {
  for (const size of SIZES) {
    const context = await f.browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.width < 800, isMobile: size.width < 800 });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=en`);
    await page.waitForSelector('#board piece.king.white');
    // The form is below the board on a phone: Play is pressed from far down the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:15+10', start: OPENING });
    await waitMoves(page, 10);
    await page.waitForSelector('[data-action=resign]');
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${size.name}: the game opened scrolled down`);
    await laidOut(page, size, size.name);
    await movesPlaced(page, size, size.name);
    assert.deepEqual(errors, [], size.name);
    await context.close();
  }
});

test('the menu button of a narrow screen opens the rarer choices under the header, and closes again', async () => {
  const context = await f.browser.newContext({ viewport: { width: 320, height: 568 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${f.server.url}/?lang=en`);
  assert.equal(await page.locator('#lang-select').isVisible(), false);
  await page.locator('#btn-menu').tap();
  assert.equal(await page.locator('#btn-menu').getAttribute('aria-expanded'), 'true');
  for (const id of ['#lang-select', '#notation-select', '#link-rules', '#btn-tournament']) assert.ok(await page.locator(id).isVisible(), id);
  const menu = (await page.locator('#top-more').boundingBox())!;
  assert.ok(menu.x >= 0 && menu.x + menu.width <= 320, 'the menu fits the screen');
  await shot(page, 'layout-menu-320x568');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#lang-select').isVisible(), false);
  assert.equal(await page.locator('#btn-menu').getAttribute('aria-expanded'), 'false');
  // On a large screen there is no menu button: everything is in the row.
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await page.locator('#btn-menu').isVisible(), false);
  assert.ok(await page.locator('#lang-select').isVisible());
  await context.close();
});

test('every language at every size: one header row, the board in view, nothing too wide (screenshots); axe-core on the phone', { timeout: 600_000 }, async () => {
  const violations: string[] = [];
  for (const lang of LANGS) {
    const context = await f.browser.newContext({ viewport: { width: 375, height: 667 }, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:15+10', start: OPENING });
    await waitMoves(page, 10);
    await page.waitForSelector('[data-action=resign]');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await laidOut(page, size, `${lang} ${size.name}`);
      await movesPlaced(page, size, `${lang} ${size.name}`);
      await shot(page, `layout-${lang}-${size.name}`);
      if (size.name === '375x667') {
        const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
        violations.push(...result.violations.map(v => `${lang} ${size.name}: ${v.id}: ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(' | ')}`));
      }
    }
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
  assert.deepEqual(violations, []);
});
