// The ratings on a player's public profile (/p/NAME): one figure per category played ("1500?" while provisional,
// with the number of games), then the rating history graph the lobby draws. A player the lobby has not seen
// (404 unknown_player) simply has no rated games yet.
import { api } from '../http';
import { t } from '../i18n';
import { drawRatingHistory, type RatingHistoryEntry } from '../lobby/rating_graph';
import { shownRating } from '../lobby/types';

interface Ratings {
  ratings: Record<string, { rating: number; rd: number; games: number; provisional: boolean }>;
  history: RatingHistoryEntry[];
}

/** The section, filled once the ratings arrive; `name` is the profile's username. */
export function ratingsView(name: string): HTMLElement {
  const section = document.createElement('section');
  section.className = 'panel profile-ratings';
  section.setAttribute('aria-labelledby', 'ratings-title');
  const title = Object.assign(document.createElement('h2'), { id: 'ratings-title', textContent: t('account.ratings.title') });
  const status = Object.assign(document.createElement('p'), { className: 'status', textContent: '' });
  section.append(title, status);
  void api<Ratings>(`/api/players/${encodeURIComponent(name)}/ratings`).then(answer => {
    const figures = answer.ok ? Object.entries(answer.value.ratings).filter(([, r]) => r.games > 0) : [];
    if (!answer.ok || figures.length === 0) return void (status.textContent = t('account.ratings.none'));
    const list = document.createElement('dl');
    list.className = 'profile-facts rating-figures';
    for (const [category, r] of figures) {
      const figure = Object.assign(document.createElement('dd'), { textContent: `${shownRating(r.rating, r.provisional)} · ${t('account.ratings.games', { count: r.games })}` });
      figure.dataset.category = category;
      list.append(Object.assign(document.createElement('dt'), { textContent: t(`lobby.category.${category}`) }), figure);
    }
    const graph = document.createElement('div');
    graph.className = 'rating-graph-box';
    drawRatingHistory(graph, answer.value.history);
    status.remove();
    section.append(list, graph);
  });
  return section;
}
