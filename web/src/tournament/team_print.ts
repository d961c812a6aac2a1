// The printable page of a team event (/t/ID/print): its name, system and rounds, the team standings, the match
// crosstable and every published round's matches board by board, styled by the app's stylesheet as the
// individual events' printable table is (tournament/print.ts).
import { t } from '../i18n';
import { el, root } from './dom';
import type { TeamEventView } from './team_types';
import { matchCrosstablePanel, matchesPanel, teamStandingsPanel } from './team_views';

export function showTeamPrintable(id: string, e: TeamEventView): void {
  const facts = [t(`tournament.system.${e.system}`), t('tournament.team.boardsCount', { boards: e.boards }), t('tournament.print.roundsPlayed', { rounds: e.published, total: e.rounds })];
  const print = el('button', { type: 'button', class: 'btn primary', id: 'btn-print' }, t('tournament.print.print'));
  print.addEventListener('click', () => window.print());
  const back = el('a', { class: 'btn', href: `/t/${encodeURIComponent(id)}` }, t('tournament.print.back'));
  root().replaceChildren(
    el(
      'div',
      { class: 'tpage-inner tprint' },
      el('header', { class: 'thead' }, el('h1', {}, e.name), el('p', { class: 'facts' }, facts.join(' · '))),
      el('div', { class: 'print-actions' }, print, back),
      teamStandingsPanel(e),
      matchCrosstablePanel(e),
      matchesPanel(e, null, false),
    ),
  );
}
