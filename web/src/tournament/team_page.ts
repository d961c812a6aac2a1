// A team event's page for whoever opens it: the public event polled and redrawn when its version changes, with
// the arbiter's controls for the arbiter's token (teams, captains' and players' links, rounds, results), the
// captain's page for a captain's token (his team's boards and the advice Tournament Rules 15 allows, no
// positions), and a player's own games for a player's token.
import { t } from '../i18n';
import { call } from './api';
import { copyRow, el, field, root } from './dom';
import type { Keys } from './keys';
import type { AdviceMessage, CaptainBoard, TeamEventView, TeamMe } from './team_types';
import { matchCrosstablePanel, matchesPanel, memberName, teamName, teamsPanel, teamStandingsPanel } from './team_views';
import { resultText } from './views';

const POLL_MS = 2000;
const ADVICE = ['offer_draw', 'accept_draw', 'resign'] as const;
const ANSWERS = ['yes', 'no', 'decide_yourself'] as const;

/** One line of the advice log: the captain's word, or the player's question. */
export function adviceLine(m: AdviceMessage, player: string): string {
  if (m.from === 'player') return `${player}: ${t(`tournament.team.question.${m.about ?? 'offer_draw'}`)}`;
  return `${t('tournament.team.captainSays')}: ${t(`tournament.team.advice.${m.kind}`)}`;
}

export class TeamPage {
  private event: TeamEventView | null = null;
  private me: TeamMe | null = null;
  private timer = 0;
  private closed = false;
  private message = '';
  private messageError = false;

  constructor(
    private readonly id: string,
    private readonly keys: Keys,
  ) {
    root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'status' }, t('tournament.loading'))));
    void this.refresh(true);
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
  }

  private get base(): string {
    return `/api/tournaments/${this.id}`;
  }

  private token(): string | undefined {
    return this.keys.arbiter ?? this.keys.captain ?? this.keys.player;
  }

  private async refresh(force = false): Promise<void> {
    window.clearTimeout(this.timer);
    try {
      const event = await call<TeamEventView>('GET', this.base);
      if (this.closed) return;
      if (force || !this.event || event.version !== this.event.version) {
        const token = this.token();
        let me: TeamMe | null = null;
        if (token) me = await call<TeamMe>('POST', `${this.base}/me`, { token }).catch(() => null);
        if (this.closed) return;
        this.event = event;
        this.me = me;
        this.render();
      }
    } catch (e) {
      if (this.closed) return;
      if (!this.event) root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'form-error' }, (e as Error).message)));
    }
    if (!this.closed) this.timer = window.setTimeout(() => void this.refresh(), POLL_MS);
  }

  private act(path: string, body: Record<string, unknown>, done?: string): void {
    call<Record<string, unknown>>('POST', `${this.base}/${path}`, { token: this.token(), ...body }).then(
      () => {
        this.message = done ?? '';
        this.messageError = false;
        void this.refresh(true);
      },
      (e: Error) => {
        this.message = e.message;
        this.messageError = true;
        this.render();
      },
    );
  }

  private render(): void {
    const e = this.event;
    if (!e) return;
    // Redrawing keeps the keyboard where it was: the focused control is found again by its id.
    const focused = document.activeElement?.id ?? '';
    const inner = el('div', { class: 'tpage-inner' });
    const facts = [t(`tournament.system.${e.system}`), t('tournament.team.boardsCount', { boards: e.boards }), e.rounds ? t('tournament.roundsCount', { rounds: e.rounds }) : '', e.time === 'none' ? t('newGame.time.none') : e.time, t(`newGame.rules.${e.rules}`)].filter(Boolean);
    inner.append(el('header', { class: 'thead' }, el('h1', {}, e.name), el('p', { class: 'facts' }, facts.join(' · ')), el('p', { class: 'tstate', 'data-state': e.state }, t(`tournament.state.${e.state}`))));
    if (this.message) inner.append(el('p', { class: this.messageError ? 'form-error' : 'status', role: 'alert' }, this.message));
    const main = el('div', { class: 'tgrid' });
    const left = el('div', { class: 'tcol' });
    const right = el('div', { class: 'tcol' });
    if (this.me?.role === 'arbiter') left.append(this.arbiterPanel(e, this.me));
    else if (this.me?.role === 'captain') left.append(this.captainPanel(e, this.me));
    else if (this.me?.role === 'player') left.append(this.playerPanel(e, this.me));
    left.append(matchesPanel(e, this.me?.role === 'arbiter' ? (round, white, result) => this.act('result', { round, white, result }) : null, this.me?.role !== 'captain'));
    right.append(teamStandingsPanel(e), teamsPanel(e));
    main.append(left, right);
    inner.append(main, matchCrosstablePanel(e), el('section', { class: 'panel downloads', id: 'downloads' }, el('h2', {}, t('tournament.downloads')), el('a', { class: 'btn', href: `${this.base}/trf`, download: '', id: 'download-trf' }, t('tournament.download.trf'))));
    root().replaceChildren(inner);
    if (focused) document.getElementById(focused)?.focus();
  }

  private arbiterPanel(e: TeamEventView, me: TeamMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'arbiter-panel' });
    panel.append(el('h2', {}, t('tournament.arbiter.title')));
    panel.append(copyRow(t('tournament.arbiter.link'), `${location.origin}/t/${this.id}#a=${this.keys.arbiter ?? ''}`, 'arbiter-link'));
    if (e.state === 'registration') {
      const form = el('form', { class: 'tform', id: 'add-team' });
      const name = el('input', { name: 'team', type: 'text', maxlength: '32', required: '', id: 'team-name' });
      const players = el('textarea', { name: 'players', rows: String(e.boards + 1), required: '', id: 'team-players' });
      form.append(el('h3', {}, t('tournament.team.addTeam')), field(t('tournament.field.team'), name), field(t('tournament.team.playersHint'), players), el('button', { type: 'submit', class: 'btn', id: 'btn-add-team' }, t('tournament.team.add')));
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        const list = players.value
          .split('\n')
          .map(line => line.trim())
          .filter(Boolean)
          .map(line => {
            const m = /^(.*?)\s*\/\s*(\d{1,4})$/.exec(line);
            return m ? { name: m[1], rating: Number(m[2]) } : { name: line };
          });
        this.act('teams', { name: name.value.trim(), players: list });
      });
      panel.append(form);
      const close = el('button', { type: 'button', class: 'btn primary', id: 'btn-close-registration' }, t('tournament.arbiter.close'));
      close.addEventListener('click', () => this.act('close', {}));
      panel.append(el('div', { class: 'actions' }, close));
    } else if (e.published < e.rounds) {
      const publish = el('button', { type: 'button', class: 'btn primary', id: 'btn-publish' }, t('tournament.arbiter.publish', { round: e.published + 1 }));
      publish.addEventListener('click', () => this.act('publish', {}));
      panel.append(el('div', { class: 'actions' }, publish));
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

  private captainPanel(e: TeamEventView, me: TeamMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'captain-panel' });
    panel.append(el('h2', {}, t('tournament.team.captain.title', { team: teamName(e, me.team ?? 0) })));
    panel.append(copyRow(t('tournament.team.captain.link'), `${location.origin}/t/${this.id}#c=${this.keys.captain ?? ''}`, 'captain-link'));
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
