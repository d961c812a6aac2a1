// The printable page of a team event (/t/ID/print): its name, system and rounds, the team standings, the match
// crosstable and every published round's matches board by board, styled by the app's stylesheet as the
// individual events' printable table is (tournament/print.ts).
import { t } from '../i18n';
import { showPrintablePage } from './printable';
import type { TeamEventView } from './team_types';
import { matchCrosstablePanel, matchesPanel, teamStandingsPanel } from './team_views';

export function showTeamPrintable(id: string, e: TeamEventView): void {
  const facts = [t(`tournament.system.${e.system}`), t('tournament.team.boardsCount', { boards: e.boards }), t('tournament.print.roundsPlayed', { rounds: e.published, total: e.rounds })];
  showPrintablePage(id, e.name, facts, teamStandingsPanel(e), matchCrosstablePanel(e), matchesPanel(e, null, false));
}
