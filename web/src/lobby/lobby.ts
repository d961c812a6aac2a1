// The lobby on the home page: quick pairing pools, open seeks (and a form to make one), challenges by name,
// the games being played now. It speaks to /ws/lobby (docs/protocol.md, "Lobby"); the socket stays open while
// the page lives, so a pairing found while the player looks elsewhere still reaches them, and a rated game's
// rating change arrives at its end. Pairings and answers are announced in an assertive live region, so a
// screen-reader user (the blind mode) hears them.
import { api } from '../http';
import { t } from '../i18n';
import { seats } from '../store';
import { LobbySocket } from './socket';
import { type Challenge, type LobbyGame, type LobbyMessage, type LobbySnapshot, type Seek, type Terms, type You, shownRating } from './types';

const POOLS = ['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0', '30+20'];
const DAYS = [1, 3, 7];

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...kids);
  return node;
}

/** "3+2" or "3 days per move". */
function timeText(terms: Pick<Terms, 'time' | 'days'>): string {
  return terms.days ? t('lobby.days', { days: terms.days }) : (terms.time ?? '');
}

function categoryText(category: string | null): string {
  return category ? t(`lobby.category.${category}`) : '';
}

function termsText(terms: Terms): string {
  return [timeText(terms), categoryText(terms.category), t(terms.rated ? 'lobby.rated' : 'lobby.casual')].filter(Boolean).join(' · ');
}

function timeOptions(select: HTMLSelectElement): void {
  for (const time of POOLS) select.append(el('option', { value: time, textContent: time }));
  for (const days of DAYS) select.append(el('option', { value: `d${days}`, textContent: t('lobby.days', { days }) }));
  select.value = '5+3';
}

function termsFrom(value: string): { time?: string; days?: number } {
  return value.startsWith('d') ? { days: Number(value.slice(1)) } : { time: value };
}

class Lobby {
  private socket: LobbySocket | null = null;
  private readonly live: HTMLElement;
  private readonly error: HTMLElement;
  private readonly pools = new Map<string, HTMLButtonElement>();
  private readonly seekList: HTMLUListElement;
  private readonly challengeList: HTMLUListElement;
  private readonly gameList: HTMLUListElement;
  private readonly youLine: HTMLElement;
  private readonly rated: HTMLInputElement;
  private readonly seekRated: HTMLInputElement;
  private readonly waitingLine: HTMLElement;
  private seeks = new Map<string, Seek>();
  private games = new Map<string, LobbyGame>();
  private challenges = new Map<string, Challenge>();
  private you: You | null = null;
  private waiting: string | null = null;

  constructor(root: HTMLElement, private readonly navigate: (path: string) => void) {
    this.live = document.getElementById('lobby-live') ?? document.body.appendChild(el('div', { id: 'lobby-live', className: 'visually-hidden' }));
    this.live.setAttribute('aria-live', 'assertive');
    this.live.setAttribute('aria-atomic', 'true');
    this.youLine = el('p', { className: 'lobby-you' });
    this.error = el('p', { className: 'form-error lobby-error', hidden: true });
    this.error.setAttribute('role', 'alert');
    this.rated = el('input', { type: 'checkbox', name: 'lobbyRated' });
    this.waitingLine = el('p', { className: 'lobby-waiting', hidden: true });
    this.seekList = el('ul', { className: 'lobby-list seeks' });
    this.challengeList = el('ul', { className: 'lobby-list challenges' });
    this.gameList = el('ul', { className: 'lobby-list games' });
    this.seekRated = el('input', { type: 'checkbox', name: 'seekRated' });
    root.replaceChildren(
      el('h2', { id: 'lobby-title', textContent: t('lobby.title') }),
      this.youLine,
      this.error,
      this.quickPairing(),
      el('h3', { textContent: t('lobby.seeks') }),
      this.seekList,
      this.seekForm(),
      this.challengeForm(),
      this.challengeList,
      el('h3', { textContent: t('lobby.games') }),
      this.gameList,
    );
    root.setAttribute('aria-labelledby', 'lobby-title');
    // Until the lobby's hello, each line holds the place of what will fill it, so that nothing below (the new-game
    // form) moves when it arrives.
    this.youLine.textContent = '\u00a0';
    for (const list of [this.seekList, this.gameList]) list.replaceChildren(el('li', { className: 'none', textContent: t('lobby.loading') }));
  }

  /** Opens the socket (after GET /api/lobby, which hands out the anonymous cookie its upgrade carries). */
  connect(): void {
    this.socket ??= new LobbySocket(msg => this.handle(msg));
  }

  private quickPairing(): HTMLElement {
    const group = el('div', { className: 'pools' });
    group.setAttribute('role', 'group');
    group.setAttribute('aria-labelledby', 'lobby-quick');
    for (const time of POOLS) {
      const button = el('button', { type: 'button', className: 'btn pool', textContent: time });
      // Its name gains its rating category once the server has told it (load: the lobby's snapshot).
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => {
        if (this.waiting?.startsWith(`${time} `)) this.socket?.send({ t: 'leave_pool' });
        else this.socket?.send({ t: 'join_pool', time, rated: this.rated.checked });
      });
      this.pools.set(time, button);
      group.append(button);
    }
    const rated = el('label', { className: 'check lobby-rated' }, this.rated, el('span', { textContent: t('lobby.rated') }));
    return el('div', { className: 'lobby-quick' }, el('h3', { id: 'lobby-quick', textContent: t('lobby.quick') }), rated, group, this.waitingLine);
  }

  private seekForm(): HTMLElement {
    const time = el('select', { name: 'seekTime' });
    timeOptions(time);
    const color = el('select', { name: 'seekColor' });
    for (const c of ['random', 'white', 'black']) color.append(el('option', { value: c, textContent: t(`color.${c}`) }));
    const variant = el('select', { name: 'seekVariant' });
    for (const v of ['standard', 'chess960']) variant.append(el('option', { value: v, textContent: t(`newGame.variant.${v}`) }));
    const form = el(
      'form',
      { className: 'lobby-form seek-form' },
      el('label', { className: 'field' }, el('span', { textContent: t('lobby.seek.time') }), time),
      el('label', { className: 'field' }, el('span', { textContent: t('lobby.seek.color') }), color),
      el('label', { className: 'field' }, el('span', { textContent: t('newGame.variant') }), variant),
      el('label', { className: 'check' }, this.seekRated, el('span', { textContent: t('lobby.rated') })),
      el('button', { type: 'submit', className: 'btn', textContent: t('lobby.seek.create') }),
    );
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      this.socket?.send({ t: 'seek', ...termsFrom(time.value), color: color.value, variant: variant.value, rated: this.seekRated.checked });
    });
    return el('details', { className: 'lobby-more lobby-seek' }, el('summary', { textContent: t('lobby.seek.title') }), form);
  }

  private challengeForm(): HTMLElement {
    const name = el('input', { type: 'text', name: 'challengeName', autocomplete: 'off', spellcheck: false, maxLength: 64 });
    const time = el('select', { name: 'challengeTime' });
    timeOptions(time);
    const rated = el('input', { type: 'checkbox', name: 'challengeRated' });
    const form = el(
      'form',
      { className: 'lobby-form challenge-form' },
      el('label', { className: 'field' }, el('span', { textContent: t('lobby.challenge.name') }), name),
      el('label', { className: 'field' }, el('span', { textContent: t('lobby.seek.time') }), time),
      el('label', { className: 'check' }, rated, el('span', { textContent: t('lobby.rated') })),
      el('button', { type: 'submit', className: 'btn', textContent: t('lobby.challenge.send') }),
    );
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      if (name.value.trim() === '') return name.focus();
      this.socket?.send({ t: 'challenge', to: name.value.trim(), ...termsFrom(time.value), rated: rated.checked });
    });
    return el('details', { className: 'lobby-more lobby-challenge' }, el('summary', { textContent: t('lobby.challenge.title') }), form);
  }

  private announce(text: string): void {
    // Emptied first, so the same words twice are heard twice.
    this.live.textContent = '';
    window.setTimeout(() => (this.live.textContent = text), 50);
  }

  private handle(msg: LobbyMessage): void {
    switch (msg.t) {
      case 'hello':
        return this.load(msg);
      case 'seek':
        this.seeks.set(msg.seek.id, msg.seek);
        return this.drawSeeks();
      case 'seek_gone':
        this.seeks.delete(msg.id);
        return this.drawSeeks();
      case 'game_started':
        this.games.set(msg.game.id, msg.game);
        return this.drawGames();
      case 'game_over':
        this.games.delete(msg.id);
        return this.drawGames();
      case 'challenge':
        this.challenges.set(msg.challenge.id, { ...msg.challenge, incoming: msg.incoming });
        if (msg.incoming) this.announce(t('lobby.challenge.incoming', { player: msg.challenge.from, terms: termsText(msg.challenge) }));
        return this.drawChallenges();
      case 'challenge_gone': {
        const gone = this.challenges.get(msg.id);
        this.challenges.delete(msg.id);
        if (gone && !gone.incoming && msg.reason === 'declined') this.announce(t('lobby.challenge.declined', { player: gone.to }));
        return this.drawChallenges();
      }
      case 'pool_joined':
        return this.setWaiting(`${msg.time} ${msg.rated ? 'rated' : 'casual'}`);
      case 'pool_left':
        return this.setWaiting(null);
      case 'paired':
        return this.paired(msg);
      case 'rating':
        return this.ratingChanged(msg);
      case 'error':
        return this.refused(msg.code);
      case 'updates':
        return msg.events.forEach(event => this.handle(event));
      case 'pong':
        return;
    }
  }

  private load(snapshot: LobbySnapshot): void {
    this.seeks = new Map(snapshot.seeks.map(s => [s.id, s]));
    this.games = new Map(snapshot.games.map(g => [g.id, g]));
    this.challenges = new Map(snapshot.challenges.map(c => [c.id, c]));
    this.you = snapshot.you ?? null;
    const account = this.you?.account ?? false;
    this.youLine.textContent = account
      ? t('lobby.you', { name: this.you!.name, rating: shownRating(this.you!.ratings.blitz?.rating ?? 1500, this.you!.ratings.blitz?.provisional ?? true) })
      : t('lobby.anonymous');
    for (const box of [this.rated, this.seekRated]) {
      box.disabled = !account;
      box.checked = account;
    }
    for (const pool of snapshot.pools) {
      const button = this.pools.get(pool.time);
      if (button && pool.category) button.setAttribute('aria-label', t('lobby.pool', { time: pool.time, category: t(`lobby.category.${pool.category}`) }));
    }
    this.setWaiting(snapshot.waiting ?? null);
    this.drawSeeks();
    this.drawGames();
    this.drawChallenges();
  }

  private setWaiting(key: string | null): void {
    this.waiting = key;
    for (const [time, button] of this.pools) button.setAttribute('aria-pressed', String(key?.startsWith(`${time} `) ?? false));
    this.waitingLine.hidden = key === null;
    if (key !== null) {
      const time = key.split(' ')[0]!;
      this.waitingLine.textContent = t('lobby.waiting', { time });
      this.announce(t('lobby.waiting', { time }));
    }
  }

  private paired(msg: Extract<LobbyMessage, { t: 'paired' }>): void {
    this.setWaiting(null);
    seats.add(msg.game, [msg.seat]);
    this.announce(t('lobby.paired', { opponent: msg.opponent, color: t(`color.${msg.color}`), terms: termsText(msg) }));
    this.navigate(msg.url);
  }

  private ratingChanged(msg: Extract<LobbyMessage, { t: 'rating' }>): void {
    const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
    const mine = t('lobby.ratingChange', { category: categoryText(msg.category), rating: shownRating(msg.rating, msg.provisional), diff: signed(msg.diff) });
    const theirs = `${msg.opponent.name || t(`color.${msg.color === 'white' ? 'black' : 'white'}`)}: ${shownRating(msg.opponent.rating, msg.opponent.provisional)} (${signed(msg.opponent.diff)})`;
    const text = `${mine} · ${theirs}`;
    this.announce(text);
    // Shown under the game's result when that game is on screen.
    const result = document.getElementById('result');
    if (result && location.pathname === `/g/${msg.game}`) {
      const line = result.querySelector('.lobby-rating-change') ?? result.querySelector('.headline')?.insertAdjacentElement('afterend', el('p', { className: 'lobby-rating-change' }));
      if (line) line.textContent = text;
    }
  }

  private refused(code: string): void {
    const key = `lobby.error.${code}`;
    const known = [
      'account_required', 'player_offline', 'rating_range', 'too_many_seeks', 'too_many_challenges', 'seek_taken',
      'unavailable',
    ].includes(code);
    const text = known ? t(key) : t('lobby.error.other', { code });
    this.error.textContent = text;
    this.error.hidden = false;
    window.setTimeout(() => (this.error.hidden = true), 6000);
  }

  private row(text: string, ...buttons: HTMLElement[]): HTMLLIElement {
    return el('li', {}, el('span', { className: 'what', textContent: text }), ...buttons);
  }

  private button(text: string, label: string, click: () => void, primary = false): HTMLButtonElement {
    const b = el('button', { type: 'button', className: primary ? 'btn small primary' : 'btn small', textContent: text });
    b.setAttribute('aria-label', label);
    b.addEventListener('click', click);
    return b;
  }

  private drawSeeks(): void {
    const rows = [...this.seeks.values()].map(s => {
      const text = `${s.player} (${shownRating(s.rating, s.provisional)}) · ${termsText(s)}`;
      const mine = s.user === this.you?.id;
      return mine
        ? this.row(text, this.button(t('lobby.seek.cancel'), t('lobby.seek.cancelLabel', { terms: termsText(s) }), () => this.socket?.send({ t: 'cancel_seek', id: s.id })))
        : this.row(text, this.button(t('lobby.seek.accept'), t('lobby.seek.acceptLabel', { player: s.player, terms: termsText(s) }), () => this.socket?.send({ t: 'accept_seek', id: s.id }), true));
    });
    this.seekList.replaceChildren(...(rows.length > 0 ? rows : [el('li', { className: 'none', textContent: t('lobby.seeks.none') })]));
  }

  private drawGames(): void {
    const rows = [...this.games.values()].map(g =>
      el('li', {}, el('a', { href: g.watch, textContent: `${g.white} – ${g.black} · ${termsText(g)}` })),
    );
    this.gameList.replaceChildren(...(rows.length > 0 ? rows : [el('li', { className: 'none', textContent: t('lobby.games.none') })]));
  }

  private drawChallenges(): void {
    this.challengeList.replaceChildren(
      ...[...this.challenges.values()].map(c =>
        c.incoming
          ? this.row(
              t('lobby.challenge.incoming', { player: c.from, terms: termsText(c) }),
              this.button(t('lobby.challenge.accept'), t('lobby.challenge.acceptLabel', { player: c.from }), () => this.socket?.send({ t: 'accept_challenge', id: c.id }), true),
              this.button(t('lobby.challenge.decline'), t('lobby.challenge.declineLabel', { player: c.from }), () => this.socket?.send({ t: 'decline_challenge', id: c.id })),
            )
          : this.row(
              t('lobby.challenge.outgoing', { player: c.to, terms: termsText(c) }),
              this.button(t('lobby.seek.cancel'), t('lobby.challenge.cancelLabel', { player: c.to }), () => this.socket?.send({ t: 'cancel_challenge', id: c.id })),
            ),
      ),
    );
  }
}

let lobby: Lobby | null = null;

/** Shows the lobby section (first call: asks for the anonymous cookie, then opens the socket). */
export function showLobby(navigate: (path: string) => void): void {
  const root = document.getElementById('lobby');
  if (!root) return;
  root.hidden = false;
  if (lobby) return;
  // Drawn at once, before anything is loaded: the section takes its place beside the new-game form at the first
  // paint instead of pushing the form down under a click when it fills in. GET /api/lobby first: it hands out the
  // anonymous cookie that the socket's upgrade then carries.
  const made = new Lobby(root, navigate);
  lobby = made;
  void api<LobbySnapshot>('/api/lobby').then(() => made.connect());
}

/** Hides the section; the socket stays open (pairings and rating changes still arrive). */
export function hideLobby(): void {
  const root = document.getElementById('lobby');
  if (root) root.hidden = true;
}
