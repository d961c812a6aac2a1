// An event's game names its event and round above the moves, linking back to the event's page (/t/ID);
// other games show nothing here. The players' own names are in GAME players.COLOR.name (docs/protocol.md).
import { t } from './i18n';
import type { Game } from './protocol';

export function renderGameEvent(game: Game): void {
  const panel = document.getElementById('game');
  if (!panel) return;
  let line = document.getElementById('game-event') as HTMLParagraphElement | null;
  if (!line) {
    line = document.createElement('p');
    line.id = 'game-event';
    line.className = 'game-event';
    line.append(document.createElement('a'));
    panel.prepend(line);
  }
  const event = game.tournament;
  line.hidden = !event;
  if (!event) return;
  const link = line.firstElementChild as HTMLAnchorElement;
  link.href = `/t/${encodeURIComponent(event.id)}`;
  link.textContent = t('game.tournamentRound', { event: event.name, round: event.round });
}
