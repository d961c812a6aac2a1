// After a game: asks the server for the engine review (low priority there), polls it, and draws the
// evaluation of every ply as a graph (a click shows that position), the moves the server labelled
// inaccuracy / mistake / blunder with the engine's better line, each side's counts, and the link to the
// PGN with the analysis. The labels and lines come from the server; this only shows them.
import { api } from './http';
import { num, t } from './i18n';
import type { Color, Game, Review, ReviewPly } from './protocol';
import { colorName } from './words';

const SVG = 'http://www.w3.org/2000/svg';
const CAP = 1000; // centipawns shown at the graph's edge

/** A move in the page's notation: SAN with English letters, and its UCI when known (for ICCF). */
export type MoveNamer = (san: string, uci?: string) => string;

export interface ReviewHooks {
  /** Shows the position after `ply` (0: the start) on the board. */
  showPly(ply: number): void;
  /** The review so far, each time it grows. */
  reviewed(review: Review): void;
}

/** White's view; `mate` 0 means the side to move after the ply is mated on the board (the mover mated). */
function score(p: ReviewPly, whiteMovedLast = p.ply % 2 === 1): number {
  if (p.mate === 0) return whiteMovedLast ? CAP : -CAP;
  if (p.mate !== null) return p.mate > 0 ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, p.cp ?? 0));
}

/** An evaluation as players read it: +0.35, -1.20, +mate in 3, # (mated on the board). */
export function evalText(e: { cp: number | null; mate: number | null }): string {
  if (e.mate === 0) return '#';
  if (e.mate !== null) return (e.mate > 0 ? '+' : '-') + t('review.mate', { n: Math.abs(e.mate) });
  const pawns = (e.cp ?? 0) / 100;
  return (pawns > 0 ? '+' : '') + num(pawns, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** "12." or "12…" for the move made at `ply` (1 = the first move of the game). */
export function moveLabel(ply: number, startBlack: boolean, startNumber: number): string {
  const index = ply - 1 + (startBlack ? 1 : 0);
  const number = startNumber + Math.floor(index / 2);
  return index % 2 === 0 ? `${number}.` : `${number}…`;
}

/** A line of moves in the page's notation (SAN from the server; UCI beside it where known). */
export function lineText(sans: string[], ucis: string[], name: MoveNamer): string {
  return sans.map((s, i) => name(s, ucis[i])).join(' ');
}

export function startReview(id: string, game: Game, box: HTMLElement, san: MoveNamer, hooks: ReviewHooks): void {
  box.hidden = false;
  // Nothing of an earlier game's review stays.
  (box.querySelector('.review-summary') as HTMLElement).hidden = true;
  (box.querySelector('.analysis-pgn') as HTMLElement).hidden = true;
  (box.querySelector('.graph') as HTMLElement).replaceChildren();
  (box.querySelector('.mistakes') as HTMLElement).replaceChildren();
  const status = box.querySelector('.review-status') as HTMLElement;
  status.textContent = t('review.queued');
  const url = `/api/games/${encodeURIComponent(id)}/review`;
  let tries = 0;
  const poll = async (): Promise<void> => {
    try {
      const answer = await api<Review>(url);
      if (!answer.ok) throw new Error(answer.failure.error);
      const review = answer.value;
      if (review.status === 'none' && tries === 0) await api(url, { method: 'POST', ignoreBody: true });
      tries++;
      if (review.status === 'failed') {
        status.textContent = t('review.failed');
        return;
      }
      if (review.plies.length > 0) hooks.reviewed(review);
      if (review.status === 'done') {
        draw(id, review, game, box, san, hooks);
        return;
      }
      if (review.status === 'running')
        status.textContent = t('review.running', { done: review.plies.length, total: game.moves.length + 1 });
      if (review.plies.length > 0) draw(id, review, game, box, san, hooks, false);
      if (review.status === 'none' && tries > 3) {
        status.textContent = t('review.none');
        return;
      }
    } catch {
      tries++;
      if (tries > 5) {
        status.textContent = t('review.none');
        return;
      }
    }
    if (tries < 300) window.setTimeout(() => void poll(), 2000);
  };
  void poll();
}

/** Marks the shown ply on the graph (null: none of the main line's, e.g. a side line). */
export function markShownPly(box: HTMLElement, ply: number | null): void {
  const svg = box.querySelector('.graph svg');
  const marker = svg?.querySelector('line.shown');
  if (!svg || !marker) return;
  const n = Number(svg.getAttribute('data-plies') ?? '1');
  marker.setAttribute('visibility', ply === null ? 'hidden' : 'visible');
  const x = ((ply ?? 0) / n) * 300;
  marker.setAttribute('x1', x.toFixed(1));
  marker.setAttribute('x2', x.toFixed(1));
}

function draw(id: string, review: Review, game: Game, box: HTMLElement, san: MoveNamer, hooks: ReviewHooks, done = true): void {
  const status = box.querySelector('.review-status') as HTMLElement;
  if (done) status.textContent = review.engine ? t('review.engine', { engine: review.engine }) : '';
  const plies = [...review.plies].sort((a, b) => a.ply - b.ply);
  const startBlack = game.start_fen.split(' ')[1] === 'b';
  const startNumber = Number(game.start_fen.split(' ')[5] ?? '1') || 1;
  const white = (p: ReviewPly): number => score(p, (p.ply - 1 + (startBlack ? 1 : 0)) % 2 === 0);
  const width = 300;
  const height = 100;
  const n = Math.max(1, game.moves.length);
  const x = (ply: number): number => (ply / n) * width;
  const y = (cp: number): number => height / 2 - (cp / CAP) * (height / 2);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('review.graph'));
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('data-plies', String(n));
  const area = document.createElementNS(SVG, 'path');
  const points = plies.map(p => `${x(p.ply).toFixed(1)},${y(white(p)).toFixed(1)}`);
  if (points.length > 0) {
    area.setAttribute('d', `M0,${height} L${points.join(' L')} L${x(plies[plies.length - 1]!.ply).toFixed(1)},${height} Z`);
    area.setAttribute('class', 'white-area');
    svg.append(area);
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', points.join(' '));
    line.setAttribute('class', 'eval-line');
    svg.append(line);
  }
  const mid = document.createElementNS(SVG, 'line');
  mid.setAttribute('x1', '0');
  mid.setAttribute('x2', String(width));
  mid.setAttribute('y1', String(height / 2));
  mid.setAttribute('y2', String(height / 2));
  mid.setAttribute('class', 'mid');
  svg.append(mid);
  const shown = document.createElementNS(SVG, 'line');
  shown.setAttribute('y1', '0');
  shown.setAttribute('y2', String(height));
  shown.setAttribute('class', 'shown');
  shown.setAttribute('visibility', 'hidden');
  svg.append(shown);
  for (const p of plies) {
    if (p.ply === 0) continue;
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x(p.ply).toFixed(1));
    dot.setAttribute('cy', y(white(p)).toFixed(1));
    dot.setAttribute('r', '2');
    if (p.label) dot.setAttribute('class', p.label);
    const title = document.createElementNS(SVG, 'title');
    const played = game.moves[p.ply - 1];
    title.textContent = t('review.eval', { move: moveLabel(p.ply, startBlack, startNumber), san: played ? san(played.san, played.uci) : '', eval: evalText(p) });
    dot.append(title);
    svg.append(dot);
  }
  // A click anywhere on the graph shows the position after the nearest ply.
  svg.addEventListener('click', ev => {
    const rect = svg.getBoundingClientRect();
    if (rect.width <= 0) return;
    const ply = Math.round(((ev.clientX - rect.left) / rect.width) * n);
    hooks.showPly(Math.max(0, Math.min(game.moves.length, ply)));
  });
  (box.querySelector('.graph') as HTMLElement).replaceChildren(svg);
  // The moves the server labelled, each with the engine's better move and line; a click shows the position
  // before the move, where the better one could have been played.
  const byPly = new Map(plies.map(p => [p.ply, p]));
  const items: HTMLElement[] = [];
  for (let ply = 1; ply <= game.moves.length; ply++) {
    const after = byPly.get(ply);
    const played = game.moves[ply - 1]!;
    const label = after?.label ?? null;
    const best = after?.best ?? null;
    if (!after || !label || best === null || best === played.uci) continue;
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'show-ply';
    button.dataset.ply = String(ply - 1);
    const tag = document.createElement('span');
    tag.className = `label ${label}`;
    tag.textContent = t(`review.${label}`);
    const text = document.createElement('span');
    text.textContent = ' ' + t('review.better', {
      move: moveLabel(ply, startBlack, startNumber),
      played: san(played.san, played.uci),
      best: san(after.best_san ?? best, after.best_san ? best : undefined),
    });
    button.append(tag, text);
    button.addEventListener('click', () => hooks.showPly(ply - 1));
    li.append(button);
    const sans = after.line_san ?? [];
    if (sans.length > 0) {
      const line = document.createElement('span');
      line.className = 'line';
      line.textContent = ` (${t('review.line', { line: lineText(sans, after.line, san) })})`;
      li.append(line);
    }
    items.push(li);
  }
  (box.querySelector('.mistakes') as HTMLElement).replaceChildren(...items);
  if (done) drawSummary(id, review, box);
}

/** Each side's inaccuracies, mistakes, blunders and average centipawn loss, and the PGN with it all. */
function drawSummary(id: string, review: Review, box: HTMLElement): void {
  const table = box.querySelector('.review-summary') as HTMLTableElement;
  const summary = review.summary;
  table.hidden = !summary;
  if (summary) {
    // One row per kind, a column per side: the long words of some languages wrap in the first column.
    const head = document.createElement('tr');
    head.append(document.createElement('td'));
    for (const c of ['white', 'black'] as Color[]) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = colorName(c);
      head.append(th);
    }
    const kinds = [
      ['review.inaccuracies', 'inaccuracies'],
      ['review.mistakes', 'mistakes'],
      ['review.blunders', 'blunders'],
      ['review.acpl', 'acpl'],
    ] as const;
    const rows = kinds.map(([key, field]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = t(key);
      tr.append(th);
      for (const c of ['white', 'black'] as Color[]) {
        const v = summary[c][field];
        const td = document.createElement('td');
        td.textContent = v === null ? '–' : num(v);
        tr.append(td);
      }
      return tr;
    });
    table.replaceChildren(head, ...rows);
  }
  const link = box.querySelector('.analysis-pgn') as HTMLAnchorElement;
  link.href = `/api/games/${encodeURIComponent(id)}/analysis.pgn`;
  link.hidden = false;
}
