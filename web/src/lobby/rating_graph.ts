// A player's rating history as a small graph, for the profile page to mount (the profile is the accounts'
// page): `mountRatingHistory(container, name)` reads GET /api/players/NAME/ratings and draws one line per
// category played, with a table of the same figures for screen readers (the SVG itself is hidden from them).
import { api } from '../http';
import { t } from '../i18n';
import { shownRating } from './types';

export interface RatingHistoryEntry {
  category: string;
  game: string;
  at_ms: number;
  rating: number;
  diff: number;
  provisional: boolean;
}

interface PlayerRatings {
  name: string;
  ratings: Record<string, { rating: number; rd: number; games: number; provisional: boolean }>;
  history: RatingHistoryEntry[];
}

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS: Record<string, string> = { bullet: '#e0a030', blitz: '#5aa0e0', rapid: '#60c060', classical: '#c070d0', correspondence: '#a0a0a0', chess960: '#e06060' };

/** Draws `history` into `container` (replacing what it held): the graph, then the table. */
export function drawRatingHistory(container: HTMLElement, history: RatingHistoryEntry[]): void {
  const width = 320;
  const height = 120;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'rating-graph');
  svg.setAttribute('aria-hidden', 'true');
  if (history.length > 0) {
    const ratings = history.map(c => c.rating);
    const low = Math.min(...ratings) - 20;
    const high = Math.max(...ratings) + 20;
    const first = history[0]!.at_ms;
    const span = Math.max(1, history[history.length - 1]!.at_ms - first);
    const x = (c: RatingHistoryEntry): number => (history.length === 1 ? width / 2 : 4 + ((c.at_ms - first) / span) * (width - 8));
    const y = (r: number): number => height - 4 - ((r - low) / (high - low)) * (height - 8);
    for (const category of new Set(history.map(c => c.category))) {
      const line = document.createElementNS(SVG, 'polyline');
      line.setAttribute('points', history.filter(c => c.category === category).map(c => `${x(c).toFixed(1)},${y(c.rating).toFixed(1)}`).join(' '));
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', COLOURS[category] ?? '#ccc');
      line.setAttribute('stroke-width', '2');
      svg.append(line);
      // A dot per game: a single game draws no line.
      for (const c of history.filter(h => h.category === category)) {
        const dot = document.createElementNS(SVG, 'circle');
        dot.setAttribute('cx', x(c).toFixed(1));
        dot.setAttribute('cy', y(c.rating).toFixed(1));
        dot.setAttribute('r', '3');
        dot.setAttribute('fill', COLOURS[category] ?? '#ccc');
        svg.append(dot);
      }
    }
  }
  const table = document.createElement('table');
  table.className = 'rating-history visually-hidden';
  const head = table.createTHead().insertRow();
  for (const key of ['lobby.history.category', 'lobby.history.rating', 'lobby.history.change']) head.append(Object.assign(document.createElement('th'), { textContent: t(key) }));
  const body = table.createTBody();
  for (const c of history) {
    const row = body.insertRow();
    row.insertCell().textContent = t(`lobby.category.${c.category}`);
    row.insertCell().textContent = shownRating(c.rating, c.provisional);
    row.insertCell().textContent = c.diff > 0 ? `+${c.diff}` : String(c.diff);
  }
  container.replaceChildren(svg, table);
}

/** Reads NAME's ratings and draws their history into `container`; false when the player is unknown. */
export async function mountRatingHistory(container: HTMLElement, name: string): Promise<boolean> {
  const answer = await api<PlayerRatings>(`/api/players/${encodeURIComponent(name)}/ratings`);
  if (!answer.ok) return false;
  drawRatingHistory(container, answer.value.history);
  return true;
}
