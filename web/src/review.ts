// After a game: asks the server for the engine review (low priority there), polls it, and draws the
// evaluation of every ply as a graph, with the better move and its line where the move played differs.
import { api } from './http';
import { num, t } from './i18n';
import type { Game, Review, ReviewPly } from './protocol';

const SVG = 'http://www.w3.org/2000/svg';
const CAP = 1000; // centipawns shown at the graph's edge

/** White's view; `mate` 0 means the side to move after the ply is mated on the board (the mover mated). */
function score(p: ReviewPly, whiteMovedLast = p.ply % 2 === 1): number {
  if (p.mate === 0) return whiteMovedLast ? CAP : -CAP;
  if (p.mate !== null) return p.mate > 0 ? CAP : -CAP;
  return Math.max(-CAP, Math.min(CAP, p.cp ?? 0));
}

function evalText(p: ReviewPly): string {
  if (p.mate === 0) return '#';
  if (p.mate !== null) return (p.mate > 0 ? '+' : '-') + t('review.mate', { n: Math.abs(p.mate) });
  const pawns = (p.cp ?? 0) / 100;
  return (pawns > 0 ? '+' : '') + num(pawns, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function moveLabel(ply: number, startBlack: boolean, startNumber: number): string {
  const index = ply - 1 + (startBlack ? 1 : 0);
  const number = startNumber + Math.floor(index / 2);
  return index % 2 === 0 ? `${number}.` : `${number}…`;
}

export function startReview(id: string, game: Game, box: HTMLElement, san: (s: string, uci?: string) => string, jump?: (ply: number) => void): void {
  // A click on the graph shows the position after the nearest move (moving through the game: game_view.ts).
  const graph = box.querySelector('.graph') as HTMLElement;
  graph.onclick = ev => {
    const r = graph.getBoundingClientRect();
    if (jump && r.width > 0) jump(Math.round(((ev.clientX - r.left) / r.width) * Math.max(1, game.moves.length)));
  };
  box.hidden = false;
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
      if (review.status === 'done') {
        draw(review, game, box, san);
        return;
      }
      if (review.status === 'running')
        status.textContent = t('review.running', { done: review.plies.length, total: game.moves.length + 1 });
      if (review.plies.length > 0) draw(review, game, box, san, false);
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

function draw(review: Review, game: Game, box: HTMLElement, san: (s: string, uci?: string) => string, done = true): void {
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
  for (const p of plies) {
    if (p.ply === 0) continue;
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x(p.ply).toFixed(1));
    dot.setAttribute('cy', y(white(p)).toFixed(1));
    dot.setAttribute('r', '2');
    const title = document.createElementNS(SVG, 'title');
    const played = game.moves[p.ply - 1];
    title.textContent = t('review.eval', { move: moveLabel(p.ply, startBlack, startNumber), san: played ? san(played.san, played.uci) : '', eval: evalText(p) });
    dot.append(title);
    svg.append(dot);
  }
  (box.querySelector('.graph') as HTMLElement).replaceChildren(svg);
  // Where the move played differs from the engine's choice and costs the mover at least half a pawn.
  const byPly = new Map(plies.map(p => [p.ply, p]));
  const items: HTMLElement[] = [];
  for (let ply = 1; ply <= game.moves.length; ply++) {
    const before = byPly.get(ply - 1);
    const after = byPly.get(ply);
    const played = game.moves[ply - 1]!;
    const best = after?.best ?? null;
    if (!before || !after || best === null || best === played.uci) continue;
    const whiteMoved = (ply - 1 + (startBlack ? 1 : 0)) % 2 === 0;
    const loss = (white(before) - white(after)) * (whiteMoved ? 1 : -1);
    if (loss < 50) continue;
    const li = document.createElement('li');
    li.textContent = t('review.better', {
      move: moveLabel(ply, startBlack, startNumber),
      played: san(played.san, played.uci),
      best: san(after.best_san ?? best, after.best_san ? best : undefined),
    });
    if (after.line.length > 0) {
      const line = document.createElement('span');
      line.className = 'line';
      line.textContent = ` (${t('review.line', { line: after.line.join(' ') })})`;
      li.append(line);
    }
    items.push(li);
  }
  (box.querySelector('.mistakes') as HTMLElement).replaceChildren(...items);
}
