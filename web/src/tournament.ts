// Tournament pages: /t/new creates an event (the arbiter's secret link comes back), /t/ID shows it —
// players, each round's pairings with links to the games, standings, crosstable, downloads — with the
// arbiter's controls for the arbiter's token, a player's own games for a player's token, and the join form
// for the join link. Tokens travel in the URL fragment (#a= arbiter, #p= player, #join= join code) and are
// remembered per event. The page polls the event and redraws when its version changes.
import { t } from './i18n';
import { api } from './http';
import { apiErrorText } from './words';

interface TPlayer {
  number: number;
  name: string;
  title: string;
  rating: number;
  federation: string;
  fide_id: string;
  score: string;
  withdrawn: number | null;
  excluded: boolean;
}
interface TBoard {
  board: number;
  white: number;
  black: number;
  result: string | null;
  game: string | null;
}
interface TRound {
  round: number;
  boards: TBoard[];
  byes: { player: number; kind: string }[];
}
interface TEvent {
  id: string;
  name: string;
  system: 'round-robin' | 'double-round-robin' | 'swiss-dutch';
  rounds: number;
  time: string;
  rules: string;
  state: 'registration' | 'running' | 'finished';
  published: number;
  version: number;
  players: TPlayer[];
  pairings: TRound[];
  requested_byes: { player: number; round: number; kind: string }[];
  standings: { tie_breaks?: string[]; edition?: string; rows?: { rank: number; number: number; score: string; values: string[] }[] };
  crosstable: { number: number; annulled: boolean; rounds: { round: number; opponent: number; colour: string; mark: string }[] }[];
}
interface TMe {
  role: 'arbiter' | 'player';
  player: number | null;
  games: { round: number; white: number; black: number; game: string; seat?: string }[];
  join?: string;
  players?: { player: number; token: string }[];
}

const POLL_MS = 2000;
const RESULTS = ['1-0', '1/2', '0-1', '+-', '-+', '--'];

const root = (): HTMLElement => document.getElementById('tournament')!;
const layout = (): HTMLElement => document.querySelector<HTMLElement>('main.layout')!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

// --- Tokens remembered per event ---

interface Keys {
  arbiter?: string;
  player?: string;
  join?: string;
}

function keysOf(id: string): Keys {
  try {
    return JSON.parse(localStorage.getItem(`tabiya.t.${id}`) ?? '{}') as Keys;
  } catch {
    return {};
  }
}

function saveKeys(id: string, keys: Keys): void {
  try {
    localStorage.setItem(`tabiya.t.${id}`, JSON.stringify(keys));
  } catch {
    // Storage disabled: the link in the address bar still works.
  }
}

function keysFromFragment(id: string): Keys {
  const keys = keysOf(id);
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = part.split('=');
    if (!v || !/^[A-Za-z0-9_-]{8,64}$/.test(v)) continue;
    if (k === 'a') keys.arbiter = v;
    if (k === 'p') keys.player = v;
    if (k === 'join') keys.join = v;
  }
  saveKeys(id, keys);
  return keys;
}

// --- Talking to the server ---

class ApiError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await api<T>(path, body === undefined ? { method } : { method, body });
  if (answer.ok) return answer.value;
  const { error, data } = answer.failure;
  if (error === 'bad_request' && typeof data.field === 'string')
    throw new ApiError(t('tournament.error.field', { field: t(`tournament.field.${data.field || 'request'}`) }));
  if (error === 'not_allowed' && typeof data.reason === 'string')
    throw new ApiError(t(`tournament.error.${data.reason}`, data as Record<string, string | number>));
  if (error === 'forbidden') throw new ApiError(t('tournament.error.forbidden'));
  throw new ApiError(apiErrorText(answer.failure));
}

// --- The page ---

let page: TournamentPage | null = null;

export function tournamentIdFromPath(): string | null {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  return m ? m[1]! : null;
}

export function showTournament(id: string, navigate: (path: string) => void): void {
  hideTournament();
  layout().hidden = true;
  root().hidden = false;
  document.body.classList.add('tournament-page');
  page = id === 'new' ? null : new TournamentPage(id, keysFromFragment(id));
  if (id === 'new') showCreateForm(navigate);
}

export function hideTournament(): void {
  page?.close();
  page = null;
  root().hidden = true;
  root().replaceChildren();
  layout().hidden = false;
  document.body.classList.remove('tournament-page');
}

function showCreateForm(navigate: (path: string) => void): void {
  const form = el('form', { class: 'panel tform', id: 'tournament-new' });
  const system = el('select', { name: 'system' });
  for (const s of ['round-robin', 'double-round-robin', 'swiss-dutch']) system.append(el('option', { value: s }, t(`tournament.system.${s}`)));
  const rounds = el('input', { name: 'rounds', type: 'number', min: '1', max: '30', value: '5' });
  const roundsField = field(t('tournament.new.rounds'), rounds);
  const time = el('select', { name: 'time' });
  for (const tc of ['3+2', '5+3', '10+5', '15+10', '30+0', '90+30', 'none'])
    time.append(el('option', { value: tc }, tc === 'none' ? t('newGame.time.none') : tc));
  time.value = '10+5';
  const rules = el('select', { name: 'rules' });
  for (const r of ['fide-2018', 'fide-2014', 'fide-2009', 'fide-2005', 'fide-2001']) rules.append(el('option', { value: r }, t(`newGame.rules.${r}`)));
  const edition = el('select', { name: 'tie_break_edition' });
  for (const ed of ['2026', '2024', '2022']) edition.append(el('option', { value: ed }, t(`tournament.edition.${ed}`)));
  const name = el('input', { name: 'name', type: 'text', maxlength: '80', required: '' });
  const error = el('p', { class: 'form-error', role: 'alert' });
  const showRounds = (): void => void (roundsField.hidden = system.value !== 'swiss-dutch');
  system.addEventListener('change', showRounds);
  showRounds();
  form.append(
    el('h1', {}, t('tournament.new.title')),
    field(t('tournament.new.name'), name),
    field(t('tournament.new.system'), system),
    roundsField,
    field(t('newGame.time'), time),
    field(t('newGame.rules'), rules),
    field(t('tournament.new.tieBreakEdition'), edition),
    error,
    el('button', { type: 'submit', class: 'btn primary big' }, t('tournament.new.create')),
  );
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    error.textContent = '';
    const request: Record<string, unknown> = {
      v: 1,
      name: name.value.trim(),
      system: system.value,
      time: time.value,
      rules: rules.value,
      tie_break_edition: edition.value,
    };
    if (system.value === 'swiss-dutch') request.rounds = Number(rounds.value);
    call<{ id: string; arbiter: string; join: string }>('POST', '/api/tournaments', request).then(
      made => {
        saveKeys(made.id, { arbiter: made.arbiter, join: made.join });
        navigate(`/t/${made.id}#a=${made.arbiter}`);
      },
      (e: Error) => (error.textContent = e.message),
    );
  });
  root().replaceChildren(el('div', { class: 'tpage-inner narrow' }, form));
}

function field(label: string, input: HTMLElement): HTMLLabelElement {
  return el('label', { class: 'field' }, el('span', {}, label), input);
}

function copyRow(label: string, value: string, id: string): HTMLElement {
  const input = el('input', { type: 'text', readonly: '', id, value });
  const button = el('button', { type: 'button', class: 'btn' }, t('links.copy'));
  button.addEventListener('click', () => {
    input.select();
    const done = (): void => {
      button.textContent = t('links.copied');
      window.setTimeout(() => (button.textContent = t('links.copy')), 1500);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(value).then(done, done);
    else {
      document.execCommand('copy');
      done();
    }
  });
  return el('div', { class: 'link' }, el('label', { for: id }, label), el('div', { class: 'copy-row' }, input, button));
}

class TournamentPage {
  private event: TEvent | null = null;
  private me: TMe | null = null;
  private timer = 0;
  private closed = false;
  private message = '';
  private messageError = false;

  constructor(
    private readonly id: string,
    private keys: Keys,
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
    return this.keys.arbiter ?? this.keys.player;
  }

  private async refresh(force = false): Promise<void> {
    window.clearTimeout(this.timer);
    try {
      const event = await call<TEvent>('GET', this.base);
      if (this.closed) return;
      if (force || !this.event || event.version !== this.event.version) {
        const token = this.token();
        let me: TMe | null = null;
        if (token) {
          try {
            me = await call<TMe>('POST', `${this.base}/me`, { token });
          } catch {
            me = null;
          }
        }
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

  /** Runs an action, shows its outcome, and redraws. */
  private act(path: string, body: Record<string, unknown>, done?: (answer: Record<string, unknown>) => void): void {
    call<Record<string, unknown>>('POST', `${this.base}/${path}`, { token: this.token(), ...body }).then(
      answer => {
        this.message = '';
        done?.(answer);
        void this.refresh(true);
      },
      (e: Error) => {
        this.message = e.message;
        this.messageError = true;
        this.render();
      },
    );
  }

  private name(n: number): string {
    const p = this.event?.players.find(x => x.number === n);
    if (!p) return '?';
    // TRF title codes g i f c wg wi wf wc are GM IM FM CM WGM WIM WFM WCM.
    return p.title ? `${p.title.toUpperCase()}M ${p.name}` : p.name;
  }

  private render(): void {
    const e = this.event;
    if (!e) return;
    const inner = el('div', { class: 'tpage-inner' });
    const facts = [
      t(`tournament.system.${e.system}`),
      e.rounds ? t('tournament.roundsCount', { rounds: e.rounds }) : '',
      e.time === 'none' ? t('newGame.time.none') : e.time,
      t(`newGame.rules.${e.rules}`),
    ].filter(Boolean);
    inner.append(
      el('header', { class: 'thead' }, el('h1', {}, e.name), el('p', { class: 'facts' }, facts.join(' · ')), el('p', { class: 'tstate', 'data-state': e.state }, t(`tournament.state.${e.state}`))),
    );
    if (this.message) inner.append(el('p', { class: this.messageError ? 'form-error' : 'status', role: 'alert' }, this.message));
    const main = el('div', { class: 'tgrid' });
    const left = el('div', { class: 'tcol' });
    const right = el('div', { class: 'tcol' });
    if (this.me?.role === 'arbiter') left.append(this.arbiterPanel(e, this.me));
    else if (this.me?.role === 'player') left.append(this.playerPanel(e, this.me));
    else if (this.keys.join && e.state === 'registration') left.append(this.joinPanel());
    left.append(this.pairingsPanel(e));
    right.append(this.standingsPanel(e), this.playersPanel(e));
    main.append(left, right);
    inner.append(main, this.crosstablePanel(e), this.downloadsPanel());
    root().replaceChildren(inner);
  }

  private joinPanel(): HTMLElement {
    const form = el('form', { class: 'panel tform', id: 'join-form' });
    const name = el('input', { name: 'name', type: 'text', maxlength: '33', required: '' });
    const rating = el('input', { name: 'rating', type: 'number', min: '0', max: '3500', value: '' });
    const title = el('select', { name: 'title' }, el('option', { value: '' }, '—'));
    for (const ti of ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM']) title.append(el('option', { value: ti }, ti));
    const fed = el('input', { name: 'federation', type: 'text', maxlength: '3', placeholder: 'NOR' });
    const fide = el('input', { name: 'fide_id', type: 'text', maxlength: '11', inputmode: 'numeric' });
    form.append(
      el('h2', {}, t('tournament.join.title')),
      field(t('tournament.field.name'), name),
      el('div', { class: 'row2' }, field(t('tournament.field.rating'), rating), field(t('tournament.field.title'), title)),
      el('div', { class: 'row2' }, field(t('tournament.field.federation'), fed), field(t('tournament.field.fide_id'), fide)),
      el('button', { type: 'submit', class: 'btn primary' }, t('tournament.join.submit')),
    );
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      call<{ token: string }>('POST', `${this.base}/join`, { code: this.keys.join, ...playerRequest(name, rating, title, fed, fide) }).then(
        joined => {
          this.keys = { ...this.keys, player: joined.token };
          saveKeys(this.id, this.keys);
          history.replaceState(null, '', `/t/${this.id}#p=${joined.token}`);
          this.message = t('tournament.join.done');
          this.messageError = false;
          void this.refresh(true);
        },
        (err: Error) => {
          this.message = err.message;
          this.messageError = true;
          this.render();
        },
      );
    });
    return form;
  }

  private playerPanel(e: TEvent, me: TMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'player-panel' });
    const n = me.player ?? 0;
    panel.append(el('h2', {}, t('tournament.you', { name: this.name(n), number: n })));
    panel.append(copyRow(t('tournament.yourLink'), `${location.origin}/t/${this.id}#p=${this.keys.player ?? ''}`, 'player-link'));
    const list = el('ul', { class: 'tgames' });
    for (const g of [...me.games].sort((a, b) => b.round - a.round)) {
      const white = g.white === n;
      const board = e.pairings[g.round - 1]?.boards.find(b => b.game === g.game);
      const link = el('a', { class: 'btn primary play', href: `/g/${g.game}#seat=${g.seat ?? ''}` }, board?.result ? t('tournament.viewGame') : t('tournament.playGame'));
      list.append(
        el('li', {}, el('span', {}, t('tournament.roundN', { round: g.round }) + ': ' + t(white ? 'tournament.youWhite' : 'tournament.youBlack', { opponent: this.name(white ? g.black : g.white) })), board?.result ? el('span', { class: 'res' }, resultText(board.result)) : '', link),
      );
    }
    if (me.games.length === 0) list.append(el('li', { class: 'empty' }, t('tournament.noGamesYet')));
    panel.append(list);
    const player = e.players.find(p => p.number === n);
    if (player && player.withdrawn === null && e.state !== 'finished') {
      const actions = el('div', { class: 'actions' });
      if (e.system === 'swiss-dutch' && e.published < e.rounds) {
        const bye = el('button', { type: 'button', class: 'btn' }, t('tournament.requestBye', { round: e.published + 1 }));
        bye.addEventListener('click', () => this.act('bye', { round: e.published + 1, kind: 'H' }));
        actions.append(bye);
      }
      const leave = el('button', { type: 'button', class: 'btn danger' }, t('tournament.withdrawMe'));
      leave.addEventListener('click', () => {
        if (confirm(t('tournament.withdrawConfirm'))) this.act('withdraw', {});
      });
      actions.append(leave);
      panel.append(actions);
    }
    return panel;
  }

  private arbiterPanel(e: TEvent, me: TMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'arbiter-panel' });
    panel.append(el('h2', {}, t('tournament.arbiter.title')));
    panel.append(copyRow(t('tournament.arbiter.link'), `${location.origin}/t/${this.id}#a=${this.keys.arbiter ?? ''}`, 'arbiter-link'));
    if (e.state === 'registration') {
      panel.append(copyRow(t('tournament.arbiter.joinLink'), `${location.origin}/t/${this.id}#join=${me.join ?? ''}`, 'join-link'));
      const form = el('form', { class: 'tform inline', id: 'add-player' });
      const name = el('input', { name: 'name', type: 'text', maxlength: '33', required: '', placeholder: t('tournament.field.name') });
      const rating = el('input', { name: 'rating', type: 'number', min: '0', max: '3500', placeholder: t('tournament.field.rating') });
      const title = el('select', { name: 'title' }, el('option', { value: '' }, '—'));
      for (const ti of ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM']) title.append(el('option', { value: ti }, ti));
      const fed = el('input', { name: 'federation', type: 'text', maxlength: '3', placeholder: t('tournament.field.federation') });
      const fide = el('input', { name: 'fide_id', type: 'text', maxlength: '11', placeholder: t('tournament.field.fide_id') });
      form.append(el('h3', {}, t('tournament.arbiter.addPlayer')), name, el('div', { class: 'row2' }, rating, title), el('div', { class: 'row2' }, fed, fide), el('button', { type: 'submit', class: 'btn' }, t('tournament.arbiter.add')));
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        this.act('players', playerRequest(name, rating, title, fed, fide));
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
    // Each player's own link, for players the arbiter entered.
    if (me.players && me.players.length > 0) {
      const details = el('details', { class: 'plinks' }, el('summary', {}, t('tournament.arbiter.playerLinks')));
      for (const p of me.players) {
        const row = el('div', { class: 'plink' }, el('span', {}, `${p.player}. ${this.name(p.player)}`), el('input', { type: 'text', readonly: '', value: `${location.origin}/t/${this.id}#p=${p.token}` }));
        const player = e.players.find(x => x.number === p.player);
        if (player && player.withdrawn === null && e.state !== 'finished') {
          const w = el('button', { type: 'button', class: 'btn small' }, t('tournament.arbiter.withdraw'));
          w.addEventListener('click', () => {
            if (confirm(t('tournament.arbiter.withdrawConfirm', { name: player.name }))) this.act('withdraw', { player: p.player });
          });
          row.append(w);
        }
        details.append(row);
      }
      panel.append(details);
    }
    return panel;
  }

  private pairingsPanel(e: TEvent): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'pairings' });
    panel.append(el('h2', {}, t('tournament.pairings')));
    if (e.pairings.length === 0) panel.append(el('p', { class: 'empty' }, t('tournament.noPairings')));
    const arbiter = this.me?.role === 'arbiter';
    for (const r of [...e.pairings].reverse()) {
      const table = el('table', { class: 'ttable pairs', 'data-round': String(r.round) });
      table.append(el('caption', {}, t('tournament.roundN', { round: r.round })));
      table.append(el('thead', {}, el('tr', {}, el('th', {}, t('tournament.board')), el('th', { class: 'name' }, t('color.white')), el('th', {}, t('tournament.result')), el('th', { class: 'name' }, t('color.black')), el('th', {}, ''))));
      const body = el('tbody');
      for (const b of r.boards) {
        const result = el('td', { class: 'res' }, b.result ? resultText(b.result) : '–');
        const tr = el('tr', { 'data-white': String(b.white) }, el('td', {}, String(b.board)), el('td', { class: 'name' }, this.name(b.white)), result, el('td', { class: 'name' }, this.name(b.black)));
        const cell = el('td', { class: 'acts' });
        if (b.game) {
          cell.append(el('a', { href: `/g/${b.game}`, class: 'watch' }, t('tournament.watch')));
        }
        if (arbiter) {
          const select = el('select', { class: 'enter-result', 'aria-label': t('tournament.arbiter.enterResult') }, el('option', { value: '' }, t('tournament.arbiter.enterResult')));
          for (const code of RESULTS) select.append(el('option', { value: code }, resultText(code)));
          select.addEventListener('change', () => {
            if (select.value) this.act('result', { round: r.round, white: b.white, result: select.value });
          });
          cell.append(select);
        }
        tr.append(cell);
        body.append(tr);
      }
      for (const bye of r.byes)
        body.append(el('tr', { class: 'bye' }, el('td', {}, ''), el('td', { class: 'name' }, this.name(bye.player)), el('td', { class: 'res' }, t(`tournament.bye.${bye.kind}`)), el('td', {}, ''), el('td', {}, '')));
      table.append(body);
      panel.append(table);
    }
    return panel;
  }

  private standingsPanel(e: TEvent): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'standings' });
    panel.append(el('h2', {}, t('tournament.standings')));
    const tbs = e.standings.tie_breaks ?? [];
    if (e.standings.edition) panel.append(el('p', { class: 'tnote' }, t('tournament.standings.edition', { edition: t(`tournament.edition.${e.standings.edition}`) })));
    const table = el('table', { class: 'ttable' });
    const head = el('tr', {}, el('th', {}, '#'), el('th', { class: 'name' }, t('tournament.field.name')), el('th', {}, t('tournament.points')));
    for (const tb of tbs) head.append(el('th', { title: tb }, tb));
    table.append(el('thead', {}, head));
    const body = el('tbody');
    for (const row of e.standings.rows ?? []) {
      const tr = el('tr', { 'data-number': String(row.number) }, el('td', {}, row.rank ? String(row.rank) : '–'), el('td', { class: 'name' }, this.name(row.number)), el('td', { class: 'pts' }, row.score));
      for (const v of row.values) tr.append(el('td', {}, v));
      body.append(tr);
    }
    table.append(body);
    panel.append(el('div', { class: 'scroll' }, table));
    return panel;
  }

  private playersPanel(e: TEvent): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'players' });
    panel.append(el('h2', {}, t('tournament.players', { count: e.players.length })));
    const table = el('table', { class: 'ttable' });
    table.append(el('thead', {}, el('tr', {}, el('th', {}, t('tournament.number')), el('th', { class: 'name' }, t('tournament.field.name')), el('th', {}, t('tournament.field.federation')), el('th', {}, t('tournament.field.rating')), el('th', {}, ''))));
    const body = el('tbody');
    for (const p of e.players) {
      const status = p.excluded ? t('tournament.excluded') : p.withdrawn !== null ? t('tournament.withdrawn') : '';
      body.append(el('tr', {}, el('td', {}, String(p.number)), el('td', { class: 'name' }, this.name(p.number)), el('td', {}, p.federation), el('td', {}, p.rating ? String(p.rating) : ''), el('td', { class: 'status-cell' }, status)));
    }
    if (e.players.length === 0) body.append(el('tr', {}, el('td', { colspan: '5', class: 'empty' }, t('tournament.noPlayers'))));
    table.append(body);
    panel.append(table);
    return panel;
  }

  private crosstablePanel(e: TEvent): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'crosstable' });
    panel.append(el('h2', {}, t('tournament.crosstable')));
    if (e.published === 0) {
      panel.append(el('p', { class: 'empty' }, t('tournament.noPairings')));
      return panel;
    }
    const table = el('table', { class: 'ttable cross' });
    const rr = e.system !== 'swiss-dutch';
    const head = el('tr', {}, el('th', {}, '#'), el('th', { class: 'name' }, t('tournament.field.name')));
    if (rr) for (const p of e.players) head.append(el('th', {}, String(p.number)));
    else for (let r = 1; r <= e.published; ++r) head.append(el('th', {}, t('tournament.roundShort', { round: r })));
    head.append(el('th', {}, t('tournament.points')));
    table.append(el('thead', {}, head));
    const body = el('tbody');
    const score = new Map(e.players.map(p => [p.number, p.score]));
    for (const row of e.crosstable) {
      const tr = el('tr', {}, el('td', {}, String(row.number)), el('td', { class: 'name' }, this.name(row.number)));
      if (rr) {
        for (const p of e.players) {
          if (p.number === row.number) {
            tr.append(el('td', { class: 'self' }, ''));
            continue;
          }
          const marks = row.rounds.filter(c => c.opponent === p.number).map(c => c.mark);
          tr.append(el('td', {}, marks.join(' ')));
        }
      } else {
        for (let r = 1; r <= e.published; ++r) {
          const c = row.rounds.find(x => x.round === r);
          tr.append(el('td', {}, c ? (c.opponent ? `${c.opponent}${c.colour === 'w' ? 'w' : c.colour === 'b' ? 'b' : ''} ${c.mark}` : c.mark) : ''));
        }
      }
      tr.append(el('td', { class: 'pts' }, score.get(row.number) ?? ''));
      body.append(tr);
    }
    table.append(body);
    panel.append(el('div', { class: 'scroll' }, table));
    return panel;
  }

  private downloadsPanel(): HTMLElement {
    return el(
      'section',
      { class: 'panel downloads', id: 'downloads' },
      el('h2', {}, t('tournament.downloads')),
      el('a', { class: 'btn', href: `${this.base}/trf`, download: '', id: 'download-trf' }, t('tournament.download.trf')),
      el('a', { class: 'btn', href: `${this.base}/pgn`, download: '', id: 'download-pgn' }, t('tournament.download.pgn')),
      el('a', { class: 'btn', href: `${this.base}/html`, target: '_blank', rel: 'noopener' }, t('tournament.download.html')),
    );
  }
}

function playerRequest(name: HTMLInputElement, rating: HTMLInputElement, title: HTMLSelectElement, fed: HTMLInputElement, fide: HTMLInputElement): Record<string, unknown> {
  const request: Record<string, unknown> = { name: name.value.trim() };
  if (rating.value) request.rating = Number(rating.value);
  if (title.value) request.title = title.value;
  if (fed.value.trim()) request.federation = fed.value.trim().toUpperCase();
  if (fide.value.trim()) request.fide_id = fide.value.trim();
  return request;
}

function resultText(code: string): string {
  switch (code) {
    case '1-0':
      return '1–0';
    case '0-1':
      return '0–1';
    case '1/2':
      return '½–½';
    case '+-':
      return t('tournament.result.whiteForfeit');
    case '-+':
      return t('tournament.result.blackForfeit');
    case '--':
      return t('tournament.result.doubleForfeit');
    default:
      return code;
  }
}
