// The forms of a team event's line-ups and players: the players typed one per line (by the arbiter registering a
// team, or by its captain when the event lets captains enter them), and a round's line-up chosen board by board
// from the team's registered players, reserves included, a board left empty allowed (docs/protocol.md, "Team
// events"). The server checks the board order and names the board it refuses.
import { t } from '../i18n';
import { el, field } from './dom';
import type { TeamEventView } from './team_types';
import { teamName } from './team_views';

export interface NewPlayer {
  name: string;
  rating?: number;
}

/** "Name" or "Name/rating", one player per line, empty lines skipped. */
export function parsePlayers(text: string): NewPlayer[] {
  return text
    .split('\n')
    .map(line => line.trim())
    .filter(Boolean)
    .map(line => {
      const m = /^(.*?)\s*\/\s*(\d{1,4})$/.exec(line);
      return m ? { name: m[1]!, rating: Number(m[2]) } : { name: line };
    });
}

/** The round a line-up may be given for now: the next one to publish, or none when all are out. */
export function lineupRound(e: TeamEventView): number {
  if (e.state === 'registration') return 1;
  return e.published < e.rounds ? e.published + 1 : 0;
}

/** The captain's form entering his team's players before registration closes, filled with `current` to correct them. */
export function rosterForm(e: TeamEventView, current: NewPlayer[], send: (players: NewPlayer[]) => void): HTMLElement {
  const form = el('form', { class: 'tform', id: 'team-roster' });
  const players = el('textarea', { name: 'players', rows: String(e.boards + 1), required: '', id: 'roster-players' });
  players.value = current.map(p => (p.rating ? `${p.name}/${p.rating}` : p.name)).join('\n');
  form.append(el('h3', {}, t('tournament.team.roster.title')), el('p', { class: 'tnote' }, t('tournament.team.roster.note')), field(t('tournament.team.playersHint'), players), el('button', { type: 'submit', class: 'btn primary', id: 'btn-roster' }, t('tournament.team.roster.submit')));
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    send(parsePlayers(players.value));
  });
  return form;
}

/**
 * The line-up of `team` for `round`: one choice per board among the team's players (or the board left empty),
 * starting from `current` (the line-up given already, else the registered order). With more than one team in
 * `teams` (the arbiter's form) a choice of the team comes first and `pick` redraws the form for another.
 */
export function lineupForm(e: TeamEventView, round: number, team: number, teams: number[], current: number[] | undefined, pick: (team: number) => void, send: (team: number, players: number[]) => void): HTMLElement {
  const form = el('form', { class: 'tform', id: 'team-lineup', 'data-team': String(team), 'data-round': String(round) });
  form.append(el('h3', {}, t('tournament.team.lineup.title', { round })), el('p', { class: 'tnote' }, t('tournament.team.lineup.note')));
  if (teams.length > 1) {
    const choice = el('select', { id: 'lineup-team' });
    for (const n of teams) choice.append(el('option', { value: String(n) }, teamName(e, n)));
    choice.value = String(team);
    choice.addEventListener('change', () => pick(Number(choice.value)));
    form.append(field(t('tournament.team.team'), choice));
  }
  const members = e.teams.find(x => x.number === team)?.players ?? [];
  const start = current ?? members.slice(0, e.boards).map(p => p.number);
  const selects: HTMLSelectElement[] = [];
  for (let b = 1; b <= e.boards; ++b) {
    const select = el('select', { id: `lineup-board-${b}`, 'data-board': String(b) }, el('option', { value: '0' }, t('tournament.team.lineup.empty')));
    members.forEach((p, i) => {
      const reserve = i >= e.boards ? ` (${t('tournament.team.reserve')})` : '';
      select.append(el('option', { value: String(p.number) }, `${i + 1}. ${p.name}${reserve}`));
    });
    select.value = String(start[b - 1] ?? 0);
    selects.push(select);
    form.append(field(t('tournament.team.lineup.board', { board: b }), select));
  }
  form.append(el('button', { type: 'submit', class: 'btn primary', id: 'btn-lineup' }, t('tournament.team.lineup.submit')));
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    send(
      team,
      selects.map(s => Number(s.value)),
    );
  });
  return form;
}
