// The rating change of a finished rated game, under its result on the game page. It comes with the game's own
// `end` event (and the finished game's state), so the page needs no lobby socket; a game that left the server's
// memory before this page opened it (a restart, much later) is read from the lobby instead
// (GET /api/lobby/games/ID/ratings). Every source writes the same line as the lobby socket's own message.
import { api } from '../http';
import { t } from '../i18n';
import type { Color, EndRatings, Game } from '../protocol';
import { shownRating } from './types';

const asked = new Set<string>();

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Writes the line under the result; `you` is the viewer's colour (null: a spectator, or both seats on one device). */
export function showRatingLine(g: Game, you: Color | null, figures: EndRatings): void {
  const result = document.getElementById('result');
  if (!result || location.pathname !== `/g/${g.id}`) return;
  let line = result.querySelector('.lobby-rating-change');
  line ??= result.querySelector('.headline')?.insertAdjacentElement('afterend', Object.assign(document.createElement('p'), { className: 'lobby-rating-change' })) ?? null;
  if (!line) return;
  const side = (color: Color): string => {
    const c = figures[color];
    return `${g.players[color].name || t(`color.${color}`)}: ${shownRating(c.rating, c.provisional)} (${signed(c.diff)})`;
  };
  let text = `${side('white')} · ${side('black')}`;
  if (you) {
    const mine = figures[you];
    const category = t(`lobby.category.${figures.category}`);
    text = `${t('lobby.ratingChange', { category, rating: shownRating(mine.rating, mine.provisional), diff: signed(mine.diff) })} · ${side(you === 'white' ? 'black' : 'white')}`;
  }
  if (line.textContent !== text) line.textContent = text;
}

/** For a finished game whose state carries no figures: asks the lobby once per game. */
export function showGameRatingChange(g: Game, you: Color | null): void {
  if (asked.has(g.id)) return;
  asked.add(g.id);
  void api<Omit<EndRatings, 'category'> & Record<Color, { category: string }>>(`/api/lobby/games/${encodeURIComponent(g.id)}/ratings`).then(answer => {
    if (!answer.ok) return;
    const line = document.getElementById('result')?.querySelector('.lobby-rating-change');
    if (line?.textContent) return;
    showRatingLine(g, you, { ...answer.value, category: answer.value.white.category });
  });
}
