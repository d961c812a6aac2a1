// Tournament pages: /t/new creates an event (the arbiter's secret link comes back), /t/ID shows it —
// players, each round's pairings with links to the games, standings, crosstable, downloads — with the
// arbiter's controls for the arbiter's token, a player's own games for a player's token, and the join form
// for the join link. Tokens travel in the URL fragment (#a= arbiter, #p= player, #join= join code) and are
// remembered per event; a team event (tournament/team_page.ts) adds #c= for a team captain. The page polls the event and redraws when its version changes.
import { call } from './tournament/api';
import { showCreateForm } from './tournament/create_form';
import { layout, root } from './tournament/dom';
import { keysFromFragment } from './tournament/keys';
import { TournamentPage } from './tournament/page';
import { showPrintable } from './tournament/print';
import { TeamPage } from './tournament/team_page';

let page: { close(): void } | null = null;
/** Counts the pages shown, so that an event's kind arriving after the visitor left is ignored. */
let shown = 0;

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
  if (id === 'new') return showCreateForm(navigate);
  // A team event (its "kind") has its own page; anything else, an error included, the individual event's.
  const ticket = ++shown;
  const keys = keysFromFragment(id);
  call<{ kind?: string }>('GET', `/api/tournaments/${id}`).then(
    e => {
      if (ticket === shown) page = e.kind === 'team' ? new TeamPage(id, keys) : new TournamentPage(id, keys);
    },
    () => {
      if (ticket === shown) page = new TournamentPage(id, keys);
    },
  );
}

export function hideTournament(): void {
  ++shown;
  page?.close();
  page = null;
  root().hidden = true;
  root().replaceChildren();
  layout().hidden = false;
  document.body.classList.remove('tournament-page', 'tournament-print');
}
