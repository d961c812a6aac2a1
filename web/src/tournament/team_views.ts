// A team event as everyone sees it: the teams in board order, each round's matches board by board (with the
// arbiter's result entry when given a handler), the team standings and the match crosstable. Renders only.
import { t } from '../i18n';
import { el } from './dom';
import type { TeamEventView } from './team_types';
import { boardsHead, resultSelect, resultText } from './views';

/** "1.5" as "1½", "0.5" as "½". */
export function points(text: string): string {
  if (text === '0.5') return '½';
  return text.endsWith('.5') ? `${text.slice(0, -2)}½` : text;
}

export function teamName(e: TeamEventView, n: number): string {
  return e.teams.find(x => x.number === n)?.name ?? '?';
}

export function memberName(e: TeamEventView, n: number): string {
  for (const team of e.teams) {
    const p = team.players.find(x => x.number === n);
    if (p) return p.name;
  }
  return n === 0 ? '—' : '?';
}

export function teamsPanel(e: TeamEventView): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'teams' });
  panel.append(el('h2', {}, t('tournament.team.teams', { count: e.teams.length })));
  if (e.teams.length === 0) panel.append(el('p', { class: 'empty' }, t('tournament.team.noTeams')));
  for (const team of e.teams) {
    const list = el('ol', { class: 'tmembers' });
    team.players.forEach((p, i) => {
      const reserve = i >= e.boards ? ` (${t('tournament.team.reserve')})` : '';
      list.append(el('li', {}, `${p.name}${p.rating ? ` ${p.rating}` : ''}${reserve}`));
    });
    panel.append(el('h3', {}, `${team.number}. ${team.name}`), team.players.length > 0 ? list : el('p', { class: 'empty' }, t('tournament.team.roster.missing')));
  }
  return panel;
}

/** The matches board by board; `watch` links each game (not on a captain's page, which shows no positions). */
export function matchesPanel(e: TeamEventView, onResult: ((round: number, white: number, result: string) => void) | null, watch = true): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'team-pairings' });
  panel.append(el('h2', {}, t('tournament.team.matches')));
  if (e.pairings.length === 0) panel.append(el('p', { class: 'empty' }, t('tournament.noPairings')));
  for (const r of [...e.pairings].reverse()) {
    panel.append(el('h3', {}, t('tournament.roundN', { round: r.round })));
    for (const m of r.matches) {
      if (m.second === 0) {
        panel.append(el('p', { class: 'bye' }, t('tournament.team.bye', { team: teamName(e, m.first) })));
        continue;
      }
      const title = t('tournament.team.match', { first: teamName(e, m.first), second: teamName(e, m.second) });
      const score = m.score ? ` ${points(m.score[0])}–${points(m.score[1])}` : '';
      const table = el('table', { class: 'ttable pairs', 'data-round': String(r.round), 'data-first': String(m.first) });
      table.append(el('caption', {}, title + score));
      table.append(boardsHead());
      const body = el('tbody');
      for (const b of m.boards) {
        const tr = el('tr', { 'data-white': String(b.white) }, el('td', {}, String(b.board)), el('td', { class: 'name' }, memberName(e, b.white)), el('td', { class: 'res' }, b.result ? resultText(b.result) : '–'), el('td', { class: 'name' }, memberName(e, b.black)));
        const cell = el('td', { class: 'acts' });
        if (b.game && watch) cell.append(el('a', { href: `/g/${b.game}`, class: 'watch' }, t('tournament.watch')));
        if (onResult && b.white !== 0 && b.black !== 0) {
          const label = `${t('tournament.arbiter.enterResult')}: ${t('tournament.board')} ${b.board}`;
          cell.append(resultSelect(label, code => onResult(r.round, b.white, code)));
        }
        tr.append(cell);
        body.append(tr);
      }
      table.append(body);
      panel.append(table);
    }
  }
  return panel;
}

export function teamStandingsPanel(e: TeamEventView): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'team-standings' });
  panel.append(el('h2', {}, t('tournament.team.standings')));
  panel.append(el('p', { class: 'tnote' }, t('tournament.standings.edition', { edition: t(`tournament.edition.${e.tie_break_edition}`) })));
  const table = el('table', { class: 'ttable' });
  // Game points are a column of their own unless they are among the tie-breaks already.
  const gpColumn = !e.tie_breaks.includes('GP');
  const head = el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { class: 'name', scope: 'col' }, t('tournament.team.team')), el('th', { scope: 'col', title: t('tournament.field.match_points') }, t('tournament.team.mp')));
  if (gpColumn) head.append(el('th', { scope: 'col' }, t('tournament.team.gp')));
  for (const tb of e.tie_breaks) head.append(el('th', { scope: 'col' }, tb === 'GP' ? t('tournament.team.gp') : tb));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const s of e.standings) {
    const row = el('tr', {}, el('td', {}, String(s.rank)), el('th', { class: 'name', scope: 'row' }, teamName(e, s.team)), el('td', {}, points(s.match_points)));
    if (gpColumn) row.append(el('td', {}, points(s.game_points)));
    for (const v of s.tie_breaks) row.append(el('td', {}, points(String(v))));
    row.dataset.team = String(s.team);
    body.append(row);
  }
  table.append(body);
  panel.append(table);
  return panel;
}

export function matchCrosstablePanel(e: TeamEventView): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'team-crosstable' });
  panel.append(el('h2', {}, t('tournament.team.crosstable')));
  panel.append(el('p', { class: 'tnote' }, t('tournament.team.crosstableNote')));
  const table = el('table', { class: 'ttable cross' });
  const head = el('tr', {}, el('th', { scope: 'col' }, '#'), el('th', { class: 'name', scope: 'col' }, t('tournament.team.team')));
  for (const team of e.teams) head.append(el('th', { scope: 'col', title: team.name }, String(team.number)));
  head.append(el('th', { scope: 'col' }, t('tournament.team.mp')), el('th', { scope: 'col' }, t('tournament.team.gp')));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const team of e.teams) {
    const row = el('tr', {}, el('td', {}, String(team.number)), el('th', { class: 'name', scope: 'row' }, team.name));
    const results = e.crosstable.find(c => c.team === team.number)?.matches ?? [];
    for (const other of e.teams) {
      if (other.number === team.number) {
        row.append(el('td', { class: 'self' }, '×'));
        continue;
      }
      const marks = results
        .filter(m => m.opponent === other.number)
        .map(m => (m.played ? points(m.game_points) : Number(m.match_points) > 0 ? '+' : '−'));
      row.append(el('td', {}, marks.join(' ')));
    }
    const standing = e.standings.find(s => s.team === team.number);
    row.append(el('td', {}, standing ? points(standing.match_points) : ''), el('td', {}, standing ? points(standing.game_points) : ''));
    body.append(row);
  }
  table.append(body);
  panel.append(table);
  return panel;
}
