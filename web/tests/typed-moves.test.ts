// The server names the moves and reads what people type (docs/protocol.md: GAME `legal_moves`, the `move`
// message's `text` and `lang`); the page keeps no SAN writer or move reader of its own. These were the web's
// own reader tests (chess.ts, notation.ts, blind/notation.ts), now asked of the server over its protocol:
// SAN names with disambiguation, captures, en passant and promotions; typed SAN, long algebraic and UCI;
// castling as O-O, 0-0 and the king's move; national piece letters and their Latin twins (Appendix C);
// ICCF digits; the Appendix D words (2014 App. D.2.1). A page of the test's browser holds the WebSockets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, serverAndBrowser } from './helpers.js';
import type { LegalMove } from '../src/protocol.js';

const f = serverAndBrowser();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const OPEN = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const CASTLE = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const TWINS = '4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1';
const CAPTURES = '3rk3/2P5/8/3pP3/8/2n5/1P1B4/4K3 w - d6 0 1';
const PROMOTE = '3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1';
const PROMOTE_B = '7k/1P6/8/8/8/8/8/K7 w - - 0 1';

interface Created {
  id: string;
  seats: string[];
}

/** A hot-seat game without clock from a FEN; both seats held. */
async function create(fen: string): Promise<Created> {
  const res = await fetch(`${f.server.url}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ v: 1, opponent: 'hotseat', time: 'none', fen }),
  });
  assert.equal(res.status, 201, `create from ${fen}`);
  const body = (await res.json()) as { id: string; seats: Record<string, string> };
  return { id: body.id, seats: Object.values(body.seats) };
}

async function named(fen: string): Promise<LegalMove[]> {
  const { id } = await create(fen);
  const game = (await (await fetch(`${f.server.url}/api/games/${id}`)).json()) as { legal_moves?: LegalMove[] };
  assert.ok(Array.isArray(game.legal_moves), 'GAME has legal_moves');
  return game.legal_moves;
}

type Answer = { played: string } | { error: string; data: Record<string, unknown> };

let page: Page | null = null;

/** Sends one typed move in a fresh game from `fen` and resolves with the server's answer to it. */
async function typed(fen: string, text: string, lang: string): Promise<Answer> {
  const { id, seats } = await create(fen);
  page ??= (await openPage(f)).page;
  return page.evaluate(
    ({ id, seats, text, lang }) =>
      new Promise<Answer>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
        const timer = setTimeout(() => reject(new Error(`no answer to ${text}`)), 10_000);
        const done = (a: Answer): void => {
          clearTimeout(timer);
          ws.close();
          resolve(a);
        };
        ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', v: 1, seats }));
        ws.onmessage = ev => {
          const msg = JSON.parse(String(ev.data)) as { t: string; req?: number; e?: { type: string; uci: string }; code?: string; data?: Record<string, unknown> };
          if (msg.t === 'state') ws.send(JSON.stringify({ t: 'move', req: 9, text, lang, ply: 0 }));
          else if (msg.req === 9 && msg.t === 'event' && msg.e?.type === 'move') done({ played: msg.e.uci });
          else if (msg.req === 9 && msg.t === 'error') done({ error: msg.code!, data: msg.data ?? {} });
        };
      }),
    { id, seats, text, lang },
  );
}

/** `expected`: the UCI played; [] refused as unreadable or illegal; several: refused as ambiguous, these candidates. */
async function reads(fen: string, lang: string, text: string, expected: string | string[]): Promise<void> {
  const answer = await typed(fen, text, lang);
  const what = `${lang} "${text}"`;
  if (typeof expected === 'string') return assert.deepEqual(answer, { played: expected }, what);
  assert.ok('error' in answer, `${what}: refused, not ${JSON.stringify(answer)}`);
  assert.equal(answer.error, 'illegal_move', what);
  if (expected.length === 0) return assert.ok(['unreadable', 'illegal'].includes(String(answer.data.reason)), `${what}: ${JSON.stringify(answer.data)}`);
  assert.equal(answer.data.reason, 'ambiguous', what);
  const moves = await named(fen);
  const bare = (san: string): string => san.replace(/[+#]+$/, '');
  const candidates = (answer.data.candidates as string[]).map(san => moves.find(m => bare(m.san) === bare(san))?.uci ?? san);
  assert.deepEqual(candidates.sort(), [...expected].sort(), what);
}

test('the server names every legal move in SAN: 20 at the start, disambiguation by file, rank and square', async () => {
  const start = (await named(START)).map(m => m.san).sort();
  assert.equal(start.length, 20);
  assert.ok(start.includes('Nf3') && start.includes('e4') && start.includes('Na3'));
  const names = (await named(TWINS)).map(m => m.san);
  assert.ok(names.includes('Nbd2') && names.includes('Nfd2') && names.includes('Ne5'));
  assert.ok(names.includes('R1a3') && names.includes('R5a3') && names.includes('Na3'));
});

test('captures, en passant and promotions named; a pawn b-file capture is not a bishop; castling as O-O', async () => {
  const names = (await named(CAPTURES)).map(m => m.san);
  assert.ok(names.includes('exd6') && names.includes('bxc3') && names.includes('Bxc3'));
  assert.ok(names.includes('cxd8=Q+') && names.includes('c8=N'), 'the server writes the check a move gives');
  const castle = await named(CASTLE);
  assert.deepEqual(castle.filter(m => m.san.startsWith('O-O')).map(m => [m.san, m.uci]).sort(), [['O-O', 'e1g1'], ['O-O-O', 'e1c1']]);
});

test('typed SAN, UCI and long algebraic; lower-case piece letters; annotations ignored', async () => {
  for (const text of ['Nf3', 'nf3', 'Ng1f3', 'Ng1-f3', 'Nf3+!?']) await reads(START, 'en', text, 'g1f3');
  for (const text of ['e2e4', 'e2-e4', 'e4']) await reads(START, 'en', text, 'e2e4');
  await reads(START, 'en', 'e5', []);
  await reads(CASTLE, 'en', 'O-O', 'e1g1');
  await reads(CASTLE, 'en', '0-0-0', 'e1c1');
  await reads(CASTLE, 'en', 'e1g1', 'e1g1');
});

test('typed disambiguation, captures, en passant and promotion (a promotion without the piece: the four)', async () => {
  await reads(TWINS, 'en', 'Nd2', ['b1d2', 'f3d2']);
  await reads(TWINS, 'en', 'Nbd2', 'b1d2');
  await reads(TWINS, 'en', 'R5a3', 'a5a3');
  await reads(CAPTURES, 'en', 'bxc3', 'b2c3');
  await reads(CAPTURES, 'en', 'Bxc3', 'd2c3');
  await reads(CAPTURES, 'en', 'exd6', 'e5d6');
  await reads(CAPTURES, 'en', 'exd6e.p.', 'e5d6');
  await reads(CAPTURES, 'en', 'c8=N', 'c7c8n');
  await reads(CAPTURES, 'en', 'c8N', 'c7c8n');
  await reads(CAPTURES, 'en', 'c7c8q', 'c7c8q');
  await reads(CAPTURES, 'en', 'c8', ['c7c8q', 'c7c8r', 'c7c8b', 'c7c8n']);
});

test('typed national piece letters, their Latin twins and lower case (Appendix C)', async () => {
  await reads(START, 'pl', 'Sf3', 'g1f3');
  await reads(START, 'pl', 'sc3', 'b1c3');
  await reads(START, 'pl', 'e4', 'e2e4');
  await reads(START, 'pl', 'Nf3', 'g1f3'); // English letters still work
  await reads(START, 'de', 'Sf3', 'g1f3');
  await reads(START, 'lv', 'Zf3', 'g1f3');
  await reads(START, 'ru', 'Кf3', 'g1f3');
  await reads(START, 'ru', 'Kf3', 'g1f3'); // the Latin K is the Cyrillic К, a knight in Russian
  await reads(START, 'uk', 'кc3', 'b1c3');
  await reads(START, 'bg', 'Кf3', 'g1f3');
  await reads(OPEN, 'uk', 'Крe2', 'e1e2');
  await reads(OPEN, 'ru', 'Kpe2', 'e1e2');
  await reads(OPEN, 'bg', 'Цe2', 'e1e2');
  await reads(OPEN, 'pl', 'Gb5', 'f1b5');
  await reads(PROMOTE, 'pl', 'e8=H', 'e7e8q');
  const castled = await typed(CASTLE, 'O-O', 'pl');
  assert.ok('played' in castled, `pl O-O: ${JSON.stringify(castled)}`);
});

test('typed ICCF numeric moves: squares, castling by the king, the promotion digit', async () => {
  await reads(START, 'en', '5254', 'e2e4');
  await reads(START, 'pl', '7163', 'g1f3');
  await reads(START, 'en', '5255', []);
  await reads(CASTLE, 'en', '5171', 'e1g1');
  await reads(CASTLE, 'en', '5131', 'e1c1');
  await reads(PROMOTE, 'en', '57581', 'e7e8q');
  await reads(PROMOTE, 'en', '57584', 'e7e8n');
  await reads(PROMOTE, 'en', '57482', 'e7d8r');
  await reads(PROMOTE, 'en', '5758', ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n']);
});

test('typed Appendix D words and plain words (2014 App. D.2.1)', async () => {
  for (const text of ['Springer Felix drei', 'springer felix DREI', 'Springer Gustav eins Felix drei', 'knight to f3']) await reads(START, 'en', text, 'g1f3');
  for (const text of ['Eva vier', 'Bauer Eva vier']) await reads(START, 'en', text, 'e2e4');
  await reads(START, 'en', 'knight c3', 'b1c3');
  await reads(START, 'en', 'Läufer Cesar vier', []); // no bishop can go there at the start
  await reads(START, 'en', 'hello world', []);
  await reads(CASTLE, 'en', 'Kurze Rochade', 'e1g1');
  await reads(CASTLE, 'en', 'Lange Rochade', 'e1c1');
  await reads(CASTLE, 'en', 'short castling', 'e1g1');
  await reads(PROMOTE_B, 'en', 'Bauer Bella acht Dame', 'b7b8q');
  await reads(PROMOTE_B, 'en', 'Bella acht Springer', 'b7b8n');
  await reads(PROMOTE_B, 'en', 'Bella acht', ['b7b8q', 'b7b8r', 'b7b8b', 'b7b8n']);
});
