// The app in the seeds' languages, in Chromium: the language follows the browser (navigator.languages),
// a game is played in Polish with Polish piece letters (and one ICCF numeric move) typed, the result links
// its article to the Polish rules page, the language switch is remembered, moves can be shown as ICCF
// digits, and the game screen is photographed in every language (build/screenshots/lang-*.png).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { moveCount, newGame, serverAndBrowser, shot, waitMoves, watchErrors } from './helpers.js';

const f = serverAndBrowser();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

async function typeMove(page: Page, text: string): Promise<void> {
  const before = await moveCount(page);
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  await waitMoves(page, before + 1);
}

test('a hot-seat game in Polish, typed in Polish letters, to mate; the article links to the Polish rules', async () => {
  const context = await f.browser.newContext({ viewport: DESKTOP, locale: 'pl-PL' });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(f.server.url);
  // Chosen from the browser's language, nothing stored yet.
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
  assert.equal(await page.locator('#btn-new').innerText(), 'Nowa partia');
  assert.equal(await page.locator('#lang-select').inputValue(), 'pl');
  await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
  // The scholar's mate: G = goniec (bishop), H = hetman (queen), S = skoczek (knight); 2... Sc6 as ICCF 2836.
  for (const move of ['e4', 'e5', 'Gc4', '2836', 'Hh5', 'sf6', 'Hxf7#']) await typeMove(page, move);
  const sans = await page.locator('#moves .san:not(.gap)').allInnerTexts();
  assert.deepEqual(sans, ['e4', 'e5', 'Gc4', 'Sc6', 'Hh5', 'Sf6', 'Hxf7#']);
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.locator('#result .headline').innerText(), 'Wygrywają białe');
  assert.equal(await page.locator('#result .reason').innerText(), 'Czarne dostały mata');
  const link = page.locator('#result .article a');
  assert.equal(await link.innerText(), 'Art. 5.1.1, Przepisy gry w szachy FIDE 2018');
  assert.equal(await link.getAttribute('href'), '/rules/pl.html#checkmate');
  await shot(page, 'lang-pl-over-desktop');

  // The rules page the article leads to: in Polish, the point is there with its numbers in each edition.
  const rules = await context.newPage();
  await rules.goto(`${f.server.url}/rules/pl.html#checkmate`);
  assert.equal(await rules.evaluate(() => document.documentElement.lang), 'pl');
  const point = rules.locator('section#checkmate');
  assert.match(await point.locator('h3').innerText(), /Art\. 5\.1\.1 \(2018\)\s*Mat/);
  assert.match(await point.locator('.editions').innerText(), /2014: 5\.1\.a · 2009: 5\.1a/);
  await shot(rules, 'lang-pl-rules');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the language switch reloads in the chosen language and is remembered; ICCF display', async () => {
  const context = await f.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(f.server.url);
  assert.equal(await page.locator('#btn-new').innerText(), 'New game');
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-select', 'uk')]);
  await page.waitForFunction(() => document.documentElement.lang === 'uk');
  assert.equal(await page.locator('#btn-new').innerText(), 'Нова партія');
  await page.reload();
  assert.equal(await page.locator('#btn-new').innerText(), 'Нова партія', 'remembered across a reload');
  assert.equal(await page.locator('#link-rules').getAttribute('href'), '/rules/uk.html');
  // Level names in the language, with the Elo the server measured (GET /api/levels answers after the page is up).
  const firstLevel = page.locator('select[name=level] option').first();
  await page.waitForFunction(() => /\d\)$/.test(document.querySelector('select[name=level] option')?.textContent ?? ''));
  assert.match(await firstLevel.innerText(), /^Рівень 1 \(Ело \d+\)$/);

  await newGame(page, { opponent: 'hotseat', time: 'none' });
  for (const move of ['e4', 'e5', 'Кf3']) await typeMove(page, move);
  assert.deepEqual(await page.locator('#moves .san:not(.gap)').allInnerTexts(), ['e4', 'e5', 'Кf3']);
  await page.selectOption('#notation-select', 'iccf');
  assert.deepEqual(await page.locator('#moves .san:not(.gap)').allInnerTexts(), ['5254', '5755', '7163']);
  await page.selectOption('#notation-select', 'figurines');
  assert.deepEqual(await page.locator('#moves .san:not(.gap)').allInnerTexts(), ['e4', 'e5', '♘f3']);
  assert.deepEqual(errors, []);
  await context.close();
});

const GAME: Record<string, { first: string[]; letters: string[]; newGame: string }> = {
  en: { first: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'], letters: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'], newGame: 'New game' },
  pl: { first: ['e4', 'e5', 'Sf3', 'Sc6', 'Gb5'], letters: ['e4', 'e5', 'Sf3', 'Sc6', 'Gb5'], newGame: 'Nowa partia' },
  lv: { first: ['e4', 'e5', 'Zf3', 'Zc6', 'Lb5'], letters: ['e4', 'e5', 'Zf3', 'Zc6', 'Lb5'], newGame: 'Jauna partija' },
  bg: { first: ['e4', 'e5', 'Кf3', 'Кc6', 'Оb5'], letters: ['e4', 'e5', 'Кf3', 'Кc6', 'Оb5'], newGame: 'Нова партия' },
  uk: { first: ['e4', 'e5', 'Кf3', 'Кc6', 'Сb5'], letters: ['e4', 'e5', 'Кf3', 'Кc6', 'Сb5'], newGame: 'Нова партія' },
  ru: { first: ['e4', 'e5', 'Кf3', 'Кc6', 'Сb5'], letters: ['e4', 'e5', 'Кf3', 'Кc6', 'Сb5'], newGame: 'Новая партия' },
  de: { first: ['e4', 'e5', 'Sf3', 'Sc6', 'Lb5'], letters: ['e4', 'e5', 'Sf3', 'Sc6', 'Lb5'], newGame: 'Neue Partie' },
};

test('the game screen in every language (screenshots), moves typed and shown in its letters', async () => {
  for (const [lang, game] of Object.entries(GAME)) {
    const context = await f.browser.newContext({ viewport: DESKTOP, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    assert.equal(await page.locator('#btn-new').innerText(), game.newGame, lang);
    await newGame(page, { opponent: 'robot', level: 1, color: 'white', time: 'preset:5+3' });
    await page.waitForFunction(() => document.querySelector('#player-top .name')?.textContent !== '');
    for (let i = 0; i < game.first.length; i += 2) {
      // The robot's replies are its own, so a typed move may turn out a capture (Bb5 taking on b5): compared without 'x'.
      await typeMove(page, game.first[i]!);
      await waitMoves(page, i + 2, 30_000); // the robot's answer
    }
    const shown = await page.locator('#moves .san:not(.gap)').allInnerTexts();
    assert.deepEqual(shown.filter((_, i) => i % 2 === 0).map(m => m.replace(/[+#]$/, '').replace(/[x:]/, '')), game.letters.filter((_, i) => i % 2 === 0), lang);
    await shot(page, `lang-${lang}-playing-desktop`);
    await page.setViewportSize(PHONE);
    await shot(page, `lang-${lang}-playing-phone`);
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
});

/** Violations of WCAG 2 levels A and AA on the page as it stands, as readable lines. */
async function axe(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page } as never).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(v => `${screen}: ${v.id} (${v.impact}): ${v.help}; ${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

// The fool's mate in each language's letters (the queen's letter differs).
const QUEEN: Record<string, string> = { en: 'Q', pl: 'H', lv: 'D', bg: 'Д', uk: 'Ф', ru: 'Ф', de: 'D' };

test('axe-core: no WCAG 2 A or AA violation on the new game, game over and rules screens in every language', { timeout: 900_000 }, async () => {
  const found: string[] = [];
  for (const lang of Object.keys(QUEEN)) {
    const context = await f.browser.newContext({ viewport: DESKTOP, locale: lang });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    await page.goto(`${f.server.url}/?lang=${lang}`);
    await page.waitForSelector('#board piece.king.white');
    found.push(...(await axe(page, `${lang} new game`)));
    await newGame(page, { opponent: 'hotseat', time: 'preset:5+3' });
    // The game screen is checked once it is over; blind.test.ts checks the playing screen (in English).
    await typeMove(page, 'f3');
    await typeMove(page, 'e5');
    await typeMove(page, 'g4');
    await typeMove(page, `${QUEEN[lang]}h4`);
    await page.waitForSelector('#result:not([hidden])');
    found.push(...(await axe(page, `${lang} game over`)));
    await page.goto(`${f.server.url}/rules/${lang}.html`);
    found.push(...(await axe(page, `${lang} rules`)));
    assert.deepEqual(errors, [], lang);
    await context.close();
  }
  assert.deepEqual(found, []);
});
