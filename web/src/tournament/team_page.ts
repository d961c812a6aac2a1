// A team event's page for whoever opens it: the public event polled and redrawn when its version changes, with
// the arbiter's controls for the arbiter's token (teams, captains' and players' links, rounds, results), the
// captain's page for a captain's token (his team's boards and the advice Tournament Rules 15 allows, no
// positions), and a player's own games for a player's token.
import { t } from '../i18n';
import { copyRow, el, field } from './dom';
import { EventPage, eventFacts } from './event_page';
import type { Keys } from './keys';
import { lineupForm, lineupRound, parsePlayers, rosterForm } from './team_forms';
import type { AdviceMessage, CaptainBoard, TeamEventView, TeamMe } from './team_types';
import { matchCrosstablePanel, matchesPanel, memberName, teamName, teamsPanel, teamStandingsPanel } from './team_views';
import { downloadsPanel, resultText } from './views';
const ADVICE = ['offer_draw', 'accept_draw', 'resign'] as const;
const ANSWERS = ['yes', 'no', 'decide_yourself'] as const;

/** One line of the advice log: the captain's word, or the player's question. */
export function adviceLine(m: AdviceMessage, player: string): string {
  if (m.from === 'player') return `${player}: ${t(`tournament.team.question.${m.about ?? 'offer_draw'}`)}`;
  return `${t('tournament.team.captainSays')}: ${t(`tournament.team.advice.${m.kind}`)}`;
}

export class TeamPage extends EventPage<TeamEventView, TeamMe> {
  /** The team whose line-up the arbiter's form shows. */
  private lineupTeam = 1;

  constructor(
    id: string,
    private readonly keys: Keys,
  ) {
    super(id);
    void this.refresh(true);
  }

  protected token(): string | undefined {
    return this.keys.arbiter ?? this.keys.captain ?? this.keys.player;
  }

  protected render(): void {
    const e = this.event;
    if (!e) return;
    // Redrawing keeps the keyboard where it was: the focused control is found again by its id.
    const focused = document.activeElement?.id ?? '';
    const note = e.swiss ? el('p', { class: 'tnote', id: 'swiss-facts' }, swissFacts(e.swiss)) : null;
    const left: HTMLElement[] = [];
    if (this.me?.role === 'arbiter') left.push(this.arbiterPanel(e, this.me));
    else if (this.me?.role === 'captain') left.push(this.captainPanel(e, this.me));
    else if (this.me?.role === 'player') left.push(this.playerPanel(e, this.me));
    left.push(matchesPanel(e, this.me?.role === 'arbiter' ? (round, white, result) => this.act('result', { round, white, result }) : null, this.me?.role !== 'captain'));
    this.show(e, eventFacts(e, e.boards), note, left, [teamStandingsPanel(e), teamsPanel(e)], [matchCrosstablePanel(e), downloadsPanel(this.base)]);
    if (focused) document.getElementById(focused)?.focus();
  }

  private arbiterPanel(e: TeamEventView, me: TeamMe): HTMLElement {
    const panel = this.arbiterPanelStart(this.keys.arbiter);
    if (e.state === 'registration') {
      const form = el('form', { class: 'tform', id: 'add-team' });
      const name = el('input', { name: 'team', type: 'text', maxlength: '32', required: '', id: 'team-name' });
      // When captains enter their players, the arbiter may register a team by its name alone.
      const players = el('textarea', e.captain_registration ? { name: 'players', rows: String(e.boards + 1), id: 'team-players' } : { name: 'players', rows: String(e.boards + 1), required: '', id: 'team-players' });
      const hint = e.captain_registration ? `${t('tournament.team.playersHint')} ${t('tournament.team.roster.byCaptain')}` : t('tournament.team.playersHint');
      form.append(el('h3', {}, t('tournament.team.addTeam')), field(t('tournament.field.team'), name), field(hint, players), el('button', { type: 'submit', class: 'btn', id: 'btn-add-team' }, t('tournament.team.add')));
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        const list = parsePlayers(players.value);
        this.act('teams', list.length === 0 && e.captain_registration ? { name: name.value.trim() } : { name: name.value.trim(), players: list });
      });
      panel.append(form, ...this.arbiterLineup(e, me), ...this.absentTeams(e), el('div', { class: 'actions' }, this.closeRegistrationButton()));
    } else if (e.published < e.rounds) {
      panel.append(...this.arbiterLineup(e, me), ...this.absentTeams(e), el('div', { class: 'actions' }, this.publishButton(e.published + 1)));
    }
    if (me.captains && me.captains.length > 0) {
      const details = el('details', { class: 'plinks', id: 'captain-links', open: '' }, el('summary', {}, t('tournament.team.captainLinks')));
      for (const c of me.captains) {
        const id = `captain-link-${c.team}`;
        details.append(el('div', { class: 'plink' }, el('label', { for: id }, teamName(e, c.team)), el('input', { type: 'text', readonly: '', id, value: `${location.origin}/t/${this.id}#c=${c.token}` })));
      }
      panel.append(details);
    }
    if (me.players && me.players.length > 0) {
      const details = el('details', { class: 'plinks', id: 'team-player-links' }, el('summary', {}, t('tournament.team.playerLinks')));
      for (const p of me.players) {
        const id = `player-link-${p.player}`;
        details.append(el('div', { class: 'plink' }, el('label', { for: id }, memberName(e, p.player)), el('input', { type: 'text', readonly: '', id, value: `${location.origin}/t/${this.id}#p=${p.token}` })));
      }
      panel.append(details);
    }
    return panel;
  }

  /** A team Swiss: one box per team, ticked when the team is absent from the next round (left out of its pairing). */
  private absentTeams(e: TeamEventView): HTMLElement[] {
    if (e.system !== 'team-swiss' || e.teams.length === 0) return [];
    const round = e.published + 1;
    const group = el('fieldset', { class: 'tform', id: 'absent-teams' }, el('legend', {}, t('tournament.team.absent.title', { round })), el('p', { class: 'tnote' }, t('tournament.team.absent.note')));
    for (const team of e.teams) {
      const box = el('input', { type: 'checkbox', id: `absent-${team.number}`, 'data-team': String(team.number) });
      box.checked = (e.absent ?? []).includes(team.number);
      box.addEventListener('change', () => this.act('absent', { team: team.number, absent: box.checked }));
      group.append(el('label', { class: 'check' }, box, el('span', {}, team.name)));
    }
    return [group];
  }

  /** The arbiter's line-up form for the next round (any team with players), or nothing. */
  private arbiterLineup(e: TeamEventView, me: TeamMe): HTMLElement[] {
    const round = lineupRound(e);
    const teams = e.teams.filter(x => x.players.length > 0).map(x => x.number);
    if (round === 0 || teams.length === 0) return [];
    const team = teams.includes(this.lineupTeam) ? this.lineupTeam : teams[0]!;
    const current = me.lineups?.find(l => l.round === round && l.team === team)?.players;
    const pick = (n: number): void => {
      this.lineupTeam = n;
      this.render();
      document.getElementById('lineup-team')?.focus();
    };
    return [lineupForm(e, round, team, teams, current, pick, (n, players) => this.act('lineup', { team: n, round, players }, t('tournament.team.lineup.saved')))];
  }

  private captainPanel(e: TeamEventView, me: TeamMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'captain-panel' });
    panel.append(el('h2', {}, t('tournament.team.captain.title', { team: teamName(e, me.team ?? 0) })));
    panel.append(copyRow(t('tournament.team.captain.link'), `${location.origin}/t/${this.id}#c=${this.keys.captain ?? ''}`, 'captain-link'));
    const team = me.team ?? 0;
    const members = e.teams.find(x => x.number === team)?.players ?? [];
    // Until registration closes the captain may correct his players: the form comes back filled in.
    if (e.captain_registration && e.state === 'registration') panel.append(rosterForm(e, members, players => this.act('roster', { players }, t('tournament.team.roster.saved'))));
    const round = lineupRound(e);
    if (round > 0 && members.length > 0) {
      const current = me.lineups?.find(l => l.round === round && l.team === team)?.players;
      panel.append(lineupForm(e, round, team, [team], current, () => undefined, (_n, players) => this.act('lineup', { round, players }, t('tournament.team.lineup.saved'))));
    }
    panel.append(el('p', { class: 'tnote' }, t('tournament.team.captain.rule')));
    const boards = [...(me.boards ?? [])].sort((a, b) => b.round - a.round || a.board - b.board);
    if (boards.length === 0) panel.append(el('p', { class: 'empty' }, t('tournament.team.captain.none')));
    const list = el('ul', { class: 'tcaptain' });
    for (const b of boards) list.append(this.captainBoard(e, b));
    panel.append(list);
    return panel;
  }

  private captainBoard(e: TeamEventView, b: CaptainBoard): HTMLElement {
    const name = memberName(e, b.player);
    const colour = t(b.colour === 'w' ? 'color.white' : 'color.black');
    const state = b.result ? resultText(b.result) : t(`tournament.team.state.${b.state}`);
    const item = el('li', { 'data-player': String(b.player), 'data-round': String(b.round), 'data-state': b.state });
    item.append(el('h3', {}, `${t('tournament.roundShort', { round: b.round })} · ${t('tournament.board')} ${b.board}: ${name} (${colour}) – ${memberName(e, b.opponent)} · ${state}`));
    if (b.advice.length > 0) {
      const log = el('ol', { class: 'advice-log' });
      for (const m of b.advice) log.append(el('li', {}, adviceLine(m, name)));
      item.append(log);
    }
    if (b.state === 'running') {
      const group = el('div', { class: 'actions', role: 'group', 'aria-label': t('tournament.team.advise', { name }) });
      const words = b.question_open ? [...ADVICE, ...ANSWERS] : ADVICE;
      for (const kind of words) {
        const button = el('button', { type: 'button', class: 'btn small', id: `advice-${b.player}-${kind}`, 'data-kind': kind }, t(`tournament.team.advice.${kind}`));
        button.addEventListener('click', () => this.act('captain', { player: b.player, kind }, t('tournament.team.sent')));
        group.append(button);
      }
      item.append(group);
    }
    return item;
  }

  private playerPanel(e: TeamEventView, me: TeamMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'player-panel' });
    const n = me.player ?? 0;
    panel.append(el('h2', {}, t('tournament.team.you', { name: memberName(e, n), team: teamName(e, me.team ?? 0) })));
    panel.append(copyRow(t('tournament.yourLink'), `${location.origin}/t/${this.id}#p=${this.keys.player ?? ''}`, 'player-link'));
    const list = el('ul', { class: 'tgames' });
    for (const g of [...(me.games ?? [])].sort((a, b) => b.round - a.round)) {
      const white = g.white === n;
      const link = el('a', { class: 'btn primary play', href: `/g/${g.game}#seat=${g.seat}` }, t('tournament.playGame'));
      list.append(el('li', {}, el('span', {}, `${t('tournament.roundN', { round: g.round })}: ${t(white ? 'tournament.youWhite' : 'tournament.youBlack', { opponent: memberName(e, white ? g.black : g.white) })}`), link));
    }
    if ((me.games ?? []).length === 0) list.append(el('li', { class: 'empty' }, t('tournament.noGamesYet')));
    panel.append(list);
    return panel;
  }
}

/** "Primary: match points · colour preferences: Type A · round 1, board 1: White (drawn by lot)". */
function swissFacts(s: NonNullable<TeamEventView['swiss']>): string {
  const colour = t(`tournament.new.initial.${s.initial_colour}`);
  return t('tournament.team.swiss.facts', { primary: t(`tournament.new.primary.${s.primary}`), colours: t(`tournament.new.colours.${s.colour_preferences}`), colour: s.initial_colour_by_lot ? t('tournament.team.swiss.byLot', { colour }) : colour });
}
