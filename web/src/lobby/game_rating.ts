// The rating change of a finished rated game, under its result on the game page, read from the lobby
// (GET /api/lobby/games/ID/ratings), for a page that opens the game after its end (a reload, another device): a
// page that saw the end gets the lobby socket's own message (lobby.ts), which also names the opponent.
import { api } from '../http';
import { t } from '../i18n';
import { shownRating } from './types';

interface Change {
  category: string;
  rating: number;
  diff: number;
  provisional: boolean;
}

const asked = new Set<string>();

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Asks once per game; `you` is the viewer's colour (null: a spectator, or both seats on one device). */
export function showGameRatingChange(game: string, you: 'white' | 'black' | null): void {
  if (asked.has(game)) return;
  asked.add(game);
  void api<Record<'white' | 'black', Change>>(`/api/lobby/games/${encodeURIComponent(game)}/ratings`).then(answer => {
    const result = document.getElementById('result');
    if (!answer.ok || !result || location.pathname !== `/g/${game}`) return;
    let line = result.querySelector('.lobby-rating-change');
    if (line?.textContent) return;
    line ??= result.querySelector('.headline')?.insertAdjacentElement('afterend', Object.assign(document.createElement('p'), { className: 'lobby-rating-change' })) ?? null;
    if (!line) return;
    const side = (color: 'white' | 'black'): string => {
      const c = answer.value[color];
      return `${t(`color.${color}`)}: ${shownRating(c.rating, c.provisional)} (${signed(c.diff)})`;
    };
    if (you) {
      const mine = answer.value[you];
      const category = t(`lobby.category.${mine.category}`);
      line.textContent = `${t('lobby.ratingChange', { category, rating: shownRating(mine.rating, mine.provisional), diff: signed(mine.diff) })} · ${side(you === 'white' ? 'black' : 'white')}`;
    } else line.textContent = `${side('white')} · ${side('black')}`;
  });
}
