// Tournament pages: /t/new creates an event (the arbiter's secret link comes back), /t/ID shows it —
// players, each round's pairings with links to the games, standings, crosstable, downloads — with the
// arbiter's controls for the arbiter's token, a player's own games for a player's token, and the join form
// for the join link. Tokens travel in the URL fragment (#a= arbiter, #p= player, #join= join code) and are
// remembered per event. The page polls the event and redraws when its version changes.
import { showCreateForm } from './tournament/create_form';
import { layout, root } from './tournament/dom';
import { keysFromFragment } from './tournament/keys';
import { TournamentPage } from './tournament/page';
import { showPrintable } from './tournament/print';

let page: TournamentPage | null = null;

export function tournamentIdFromPath(): string | null {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})(\/print)?\/?$/.exec(location.pathname);
  return m ? m[1]! : null;
}

/** /t/ID/print: the event's printable table. */
function printPath(): boolean {
  return /^\/t\/[A-Za-z0-9_-]{1,64}\/print\/?$/.test(location.pathname);
}

export function showTournament(id: string, navigate: (path: string) => void): void {
  hideTournament();
  layout().hidden = true;
  root().hidden = false;
  document.body.classList.add('tournament-page');
  document.body.classList.toggle('tournament-print', printPath());
  if (printPath()) return void showPrintable(id);
  page = id === 'new' ? null : new TournamentPage(id, keysFromFragment(id));
  if (id === 'new') showCreateForm(navigate);
}

export function hideTournament(): void {
  page?.close();
  page = null;
  root().hidden = true;
  root().replaceChildren();
  layout().hidden = false;
  document.body.classList.remove('tournament-page', 'tournament-print');
}
