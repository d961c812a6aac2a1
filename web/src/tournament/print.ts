// The printable table of an event (/t/ID/print): its name, system and rounds, the standings and the
// crosstable, in the page's language, styled by the app's own stylesheet (nothing inline: the server's CSP
// allows no inline style). The same panels as the event's page; on paper only the tables are printed.
import { t } from '../i18n';
import { call } from './api';
import { el, root } from './dom';
import { showPrintablePage } from './printable';
import type { TeamEventView } from './team_types';
import { showTeamPrintable } from './team_print';
import type { TEvent } from './types';
import { crosstablePanel, standingsPanel } from './views';

export async function showPrintable(id: string): Promise<void> {
  root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'status' }, t('tournament.loading'))));
  let e: TEvent;
  try {
    e = await call<TEvent>('GET', `/api/tournaments/${encodeURIComponent(id)}`);
  } catch (err) {
    root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'form-error' }, (err as Error).message)));
    return;
  }
  if ((e as { kind?: string }).kind === 'team') return showTeamPrintable(id, e as unknown as TeamEventView);
  const facts = [t(`tournament.system.${e.system}`), t('tournament.print.roundsPlayed', { rounds: e.published, total: e.rounds })];
  showPrintablePage(id, e.name, facts, standingsPanel(e), crosstablePanel(e));
}
