// Shared by the browser tests: starts `tabiya serve` on a free loopback port with its own data directory,
// drives Debian's Chromium through playwright-core, clicks squares of the chessground board and saves
// screenshots under the repository's build/screenshots/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Game } from '../src/protocol.js';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(webDir, '..');
export const binary = resolve(webDir, process.env.TABIYA_BIN ?? '../build/tabiya');
export const screenshots = resolve(repoRoot, process.env.SCREENSHOT_DIR ?? 'build/screenshots');

export interface Server {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server and waits for its "tabiya: open URL" line. */
export async function startServer(options: { dataDir?: string; port?: number; limits?: string[] } = {}): Promise<Server> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tabiya-web-test-'));
  // Every test's games come from one loopback client: no creation rate limit unless a test sets one.
  // --test-clock: the games' time is the steady clock, but a test may move it forward (advanceClock) instead of
  // waiting out a limit of 30 s against the wall clock.
  const args = ['serve', '--port', String(options.port ?? 0), '--data', dataDir, '--web', join(webDir, 'dist'), '--test-clock', ...(options.limits ?? ['--create-burst', '0'])];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${binary} ${args.join(' ')}: no URL within 20 s; output:\n${text}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString();
      const m = /tabiya: open (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', code => {
      clearTimeout(timer);
      fail(new Error(`${binary} exited with ${code} before printing its URL; output:\n${text}`));
    });
    child.on('error', fail);
  });
  const port = Number(new URL(url).port);
  return {
    url: url.replace('localhost', '127.0.0.1'),
    port,
    dataDir,
    process: child,
    output: () => text,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise<void>(done => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill(signal);
      }),
  };
}

export function removeData(server: Server): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** A test file's server and browser: started before its first test, stopped (and the data removed) after its last. */
export interface Fixture {
  server: Server;
  browser: Browser;
}

/** Registers the before/after hooks of a test file that needs a server and a browser. A test may replace
 * `server` (e.g. by a restart); the one there at the end is stopped. */
export function serverAndBrowser(): Fixture {
  const fixture = {} as Fixture;
  before(async () => {
    fixture.server = await startServer();
    fixture.browser = await launch();
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.server?.stop();
    if (fixture.server) removeData(fixture.server);
  });
  return fixture;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 667 };

/** A page in a context of its own (its own localStorage: another person or device), at the server's start
 * page; page errors are collected in `errors`. */
export async function openPage(fixture: Fixture, options: BrowserContextOptions = {}, path = '/'): Promise<{ page: Page; errors: string[] }> {
  const context = await fixture.browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  await page.goto(fixture.server.url + path);
  return { page, errors };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    // English unless a test asks for a language (a context's locale): the expected texts are English.
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--lang=en-US'],
  });
}

/** Fails the test on any uncaught page error. */
export function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`));
  page.on('console', m => {
    if (m.type() === 'error' && !/WebSocket|Failed to load resource|ERR_CONNECTION/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
}

/** Records the type (`t`) of every message the page sends over its game sockets, from now on; call it
 * before the page opens its game. */
export function recordSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('websocket', ws =>
    ws.on('framesent', frame => {
      try {
        sent.push(String((JSON.parse(String(frame.payload)) as { t?: unknown }).t));
      } catch {
        sent.push('?');
      }
    }),
  );
  return sent;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.waitForTimeout(300); // let the board's move animation finish
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

/** The centre of a square on the board, whichever way it is turned. */
export async function squarePoint(page: Page, square: string): Promise<{ x: number; y: number }> {
  const wrap = page.locator('#board');
  const box = (await wrap.boundingBox())!;
  const black = await wrap.evaluate(el => el.classList.contains('orientation-black'));
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const col = black ? 7 - file : file;
  const row = black ? rank : 7 - rank;
  const size = box.width / 8;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

export async function clickSquare(page: Page, square: string): Promise<void> {
  const p = await squarePoint(page, square);
  await page.mouse.click(p.x, p.y);
}

/** Plays a move by clicking its two squares and waits until the server's move is in the move list. */
export async function clickMove(page: Page, uci: string): Promise<void> {
  await waitSeated(page);
  const before = await moveCount(page);
  await clickSquare(page, uci.slice(0, 2));
  await clickSquare(page, uci.slice(2, 4));
  if (uci.length > 4) await page.locator(`#promotion button[data-role="${uci[4]}"]`).click();
  await waitMoves(page, before + 1);
}

/** Waits until the page shows a game being played from one of its seats (its move box is shown then). Before
 * that, clicks and keys do not make moves: a page the lobby or an invitation opened may not have heard yet that
 * the opponent joined (on a loaded machine), and a move tried then never comes. */
export async function waitSeated(page: Page): Promise<void> {
  await page.waitForSelector('#move-form:not([hidden])', { state: 'attached', timeout: 15_000 });
}

export async function waitMoves(page: Page, count: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(n => document.querySelectorAll('#moves .san:not(.gap)').length >= n, count, { timeout });
}

export async function moveCount(page: Page): Promise<number> {
  return page.locator('#moves .san:not(.gap)').count();
}

export interface NewGameChoice {
  opponent: 'robot' | 'hotseat' | 'invite';
  level?: number;
  color?: string;
  time?: string;
  custom?: string;
  days?: number;
  chess960?: number;
  casual?: boolean;
  start?: string;
}

/** Chooses the options of the New game form and presses Play; resolves with the game id from the URL. */
export async function newGame(page: Page, choose: NewGameChoice): Promise<string> {
  await page.locator(`input[name=opponent][value=${choose.opponent}]`).check({ force: true });
  if (choose.level !== undefined) await page.selectOption('select[name=level]', String(choose.level));
  if (choose.color !== undefined) await page.locator(`input[name=color][value=${choose.color}]`).check({ force: true });
  if (choose.time !== undefined) await page.selectOption('select[name=time]', choose.time);
  if (choose.custom !== undefined) await page.fill('input[name=custom]', choose.custom);
  if (choose.days !== undefined) await page.selectOption('select[name=days]', String(choose.days));
  if (choose.start !== undefined || choose.chess960 !== undefined || choose.casual !== undefined) {
    if (!(await page.locator('details.more').evaluate(d => (d as HTMLDetailsElement).open))) await page.locator('details.more summary').click();
    if (choose.casual !== undefined) await page.locator('input[name=casual]').setChecked(choose.casual);
    await page.selectOption('select[name=variant]', choose.chess960 !== undefined ? 'chess960' : 'standard');
    if (choose.chess960 !== undefined) await page.fill('input[name=chess960]', String(choose.chess960));
    if (choose.start !== undefined) await page.fill('textarea[name=start]', choose.start);
  }
  await page.locator('#newgame button[type=submit]').click();
  return waitGame(page);
}

/** Waits until the page shows a game; resolves with its id. */
export async function waitGame(page: Page): Promise<string> {
  await page.waitForURL(/\/g\/[A-Za-z0-9_-]+/);
  await page.waitForFunction(() => !document.getElementById('game')!.hidden && document.querySelector('#moves li') !== null);
  return /\/g\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

/** Plays a move by tapping its two squares on a touch screen; waits until the server's move is listed. */
export async function tapMove(page: Page, uci: string): Promise<void> {
  await waitSeated(page);
  const before = await moveCount(page);
  for (const square of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const p = await squarePoint(page, square);
    await page.touchscreen.tap(p.x, p.y);
  }
  await waitMoves(page, before + 1);
}

/** Types text on the page's keyboard (not into a chosen field) and presses Enter; waits for the move. */
export async function typeMove(page: Page, text: string): Promise<void> {
  await waitSeated(page);
  const before = await moveCount(page);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await waitMoves(page, before + 1);
}

/** The pieces the board shows, as the placement field of a FEN (from chessground's squares). */
export async function shownPlacement(page: Page): Promise<string> {
  const pieces = await page.locator('#board cg-board piece:not(.ghost):not(.fading)').evaluateAll(els =>
    els.map(el => ({ key: (el as HTMLElement & { cgKey?: string }).cgKey ?? '', cls: el.className })),
  );
  const letters: Record<string, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };
  const board = new Map<string, string>();
  for (const { key, cls } of pieces) {
    const role = Object.keys(letters).find(r => cls.split(' ').includes(r));
    if (!role || key.length !== 2) continue;
    board.set(key, cls.split(' ').includes('white') ? letters[role]!.toUpperCase() : letters[role]!);
  }
  const rows: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const file of 'abcdefgh') {
      const p = board.get(`${file}${rank}`);
      if (p === undefined) empty++;
      else {
        row += (empty > 0 ? String(empty) : '') + p;
        empty = 0;
      }
    }
    rows.push(row + (empty > 0 ? String(empty) : ''));
  }
  return rows.join('/');
}

/** The text of the SAN moves in the move list. */
export async function shownMoves(page: Page): Promise<string[]> {
  return page.locator('#moves .san:not(.gap)').allInnerTexts();
}

/** Opens a link a page shows (an invite or a player's own link) as another person on another device would:
 * a fresh context, at the same path and fragment on the fixture's server (which may have restarted). */
export async function openLink(fixture: Fixture, link: string, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const url = new URL(link);
  return openPage(fixture, options, url.pathname + url.hash);
}

/** The game's public state as the server gives it (GET /api/games/ID). */
/** Moves the server's game time `ms` forward (tabiya serve --test-clock): the limits that passed meanwhile end
 * their games at once. A page that counts down by itself needs its own clock moved too (page.clock). */
export async function advanceClock(server: Server, ms: number): Promise<void> {
  const res = await fetch(`${server.url}/api/test/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
  if (!res.ok) throw new Error(`POST /api/test/clock: ${res.status} ${await res.text()}`);
}

export async function apiGame(server: Server, id: string): Promise<Game> {
  const res = await fetch(`${server.url}/api/games/${id}`);
  if (!res.ok) throw new Error(`GET /api/games/${id}: ${res.status}`);
  return (await res.json()) as never;
}

/** The clock shown for a colour, in milliseconds. */
export async function shownClock(page: Page, color: 'white' | 'black'): Promise<number> {
  const text = await page.locator(`.player[data-color=${color}] .clock`).innerText();
  const parts = text.trim().split(':').map(Number);
  let ms = 0;
  for (const p of parts) ms = ms * 60 + p;
  return Math.round(ms * 1000);
}
