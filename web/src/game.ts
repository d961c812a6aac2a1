// The game screen: shows the server's GAME, sends the player's requests, and applies the numbered events.
// Everything shown is the server's word; between updates only the running clock is counted down locally.
import { BlindGame } from './blind/blind-game';
import { matchSpoken } from './blind/notation';
import { board, choosePromotion, type Key } from './board';
import { isPromotion, legalMoves, parsePlacement } from './chess';
import { Connection } from './connection';
import { language, t } from './i18n';
import { formatClockIn, formatDateTime } from './lang';
import { readTyped, showMove, startsMove } from './notation';
import { renderGameEvent } from './game_event';
import { rulesLink } from './rules';
import { opposite, type Color, type Game, type GameEvent, type ServerMessage } from './protocol';
import { startReview } from './review';
import { play, type SoundName } from './sound';
import { prefs, settings } from './store';
import { colorName, errorText, resultArticle, resultHeadline, resultReason } from './words';

const LOW_TIME_MS = 20_000;

export interface GameHooks {
  playAgain(game: Game, you: Color[]): void;
  newGame(): void;
  inviteToken(): string | null;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export class GameView {
  private game: Game | null = null;
  private you: Color[] = [];
  private connection: Connection;
  private flipped = false;
  private clockAt = performance.now();
  private ticker: number;
  private pendingMove = false;
  private resignArmed = false;
  private lowWarned = new Set<Color>();
  private connected = false;
  private everConnected = false;
  private reviewStarted = false;
  private readonly turnBoard: boolean;
  private readonly blind: BlindGame;

  constructor(
    private readonly id: string,
    tokens: string[],
    private readonly hooks: GameHooks,
  ) {
    this.turnBoard = settings.load().turnBoard;
    $('game').hidden = false;
    $('newgame').hidden = true;
    $('result').hidden = true;
    $('review').hidden = true;
    $('moves').replaceChildren();
    this.setStatus(t('status.connecting'));
    const cg = board();
    cg.set({
      viewOnly: false,
      movable: { color: undefined, dests: new Map(), events: { after: (o, d) => void this.onBoardMove(o, d) } },
      premovable: { enabled: true },
    });
    this.blind = new BlindGame({
      game: () => this.game,
      you: () => this.you,
      orientation: () => this.orientation(),
      clock: c => this.clockValue(c),
      move: (from, to) => void this.onBoardMove(from as Key, to as Key),
    });
    this.connection = new Connection(id, tokens, {
      message: msg => this.onMessage(msg),
      status: up => this.onConnection(up),
    });
    this.ticker = window.setInterval(() => this.renderClocks(), 100);
    const spectate = `${location.origin}/g/${id}`;
    ($('spectate-url') as HTMLInputElement).value = spectate;
    ($('pgn-link') as HTMLAnchorElement).href = `/api/games/${encodeURIComponent(id)}/pgn`;
    const invite = hooks.inviteToken();
    $('invite-link').hidden = invite === null;
    if (invite !== null) ($('invite-url') as HTMLInputElement).value = `${spectate}#seat=${invite}`;
    $('move-form').onsubmit = ev => {
      ev.preventDefault();
      this.onTyped();
    };
    ($('claim-with-move').querySelector('select') as HTMLSelectElement).value = '';
    document.addEventListener('keydown', this.onKey);
  }

  /** Typing a move anywhere on the page goes to the move box. */
  private readonly onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length !== 1 || !startsMove(language(), ev.key)) return;
    if (target.closest('input, textarea, select, [contenteditable]') || $('move-form').hidden) return;
    $('move-input').focus();
  };

  close(): void {
    document.removeEventListener('keydown', this.onKey);
    this.blind.close();
    this.connection.close();
    window.clearInterval(this.ticker);
    $('game').hidden = true;
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.render();
  }

  refreshNotation(): void {
    this.renderMoves();
  }

  // --- messages -----------------------------------------------------------------------------------

  private onConnection(up: boolean): void {
    this.connected = up;
    if (up) this.everConnected = true;
    else this.setStatus(this.everConnected ? t('status.reconnecting') : t('status.noServer'));
    document.body.classList.toggle('offline', !up);
  }

  private onMessage(msg: ServerMessage): void {
    switch (msg.t) {
      case 'state':
        this.game = msg.game;
        this.you = msg.you ?? [];
        this.connection.setSeq(msg.seq);
        this.clockAt = performance.now();
        this.pendingMove = false;
        this.render(true);
        break;
      case 'event':
        this.connection.setSeq(msg.seq);
        this.applyEvent(msg.e);
        break;
      case 'error':
        this.notice(errorText(msg.code, msg.data ?? {}), true);
        if (this.pendingMove) {
          this.pendingMove = false;
          this.render(true);
        }
        if (msg.code === 'stale') this.connection.send({ t: 'resync', since: this.connection.seq() });
        if (msg.code === 'unknown_game') {
          this.connection.close();
          this.setStatus(errorText(msg.code, msg.data ?? { id: this.id }));
        }
        break;
      case 'ok':
      case 'ping':
        break;
    }
  }

  private applyEvent(e: GameEvent): void {
    const g = this.game;
    if (g === null) return;
    switch (e.type) {
      case 'move': {
        const mover = opposite(e.turn);
        g.moves.push({ uci: e.uci, san: e.san, clock: e.clock ? e.clock[mover] : null, elapsed: e.elapsed ?? null });
        g.fen = e.fen;
        g.turn = e.turn;
        g.check = e.check;
        g.legal = e.legal;
        g.clock = e.clock;
        g.deadline = e.deadline;
        g.claims = e.claims;
        // A move answers a standing draw offer of the other side (Art. 9.1.b.4) and ends any takeback proposal.
        if (g.offers.draw !== null && g.offers.draw !== mover) g.offers.draw = null;
        g.offers.takeback = null;
        if (g.status === 'waiting') g.status = 'playing';
        this.clockAt = performance.now();
        this.pendingMove = false;
        this.resignArmed = false;
        const sound: SoundName = e.check ? 'check' : e.san.includes('x') ? 'capture' : 'move';
        play(sound);
        this.render(true);
        this.blind.moved(e);
        if (this.you.includes(g.turn) && g.status === 'playing') board().playPremove();
        return;
      }
      case 'offer':
        g.offers[e.kind] = e.by;
        break;
      case 'offer_declined':
        g.offers[e.kind] = null;
        this.notice(t('action.offerDeclined', { color: colorName(e.by), kind: t(`action.kind.${e.kind}`) }), false);
        break;
      case 'claim_rejected':
        if (e.clock) {
          g.clock = e.clock;
          this.clockAt = performance.now();
        }
        this.notice(t('action.claimRejected', { color: colorName(e.by), seconds: Math.round(e.added / 1000) }), false);
        break;
      case 'presence':
        g.players.white.connected = e.white;
        g.players.black.connected = e.black;
        if (g.status === 'waiting' && e.white && e.black) g.status = 'playing';
        break;
      case 'robot':
        g.robot = { thinking: e.thinking, queue: e.queue };
        break;
      case 'end':
        g.result = e.result;
        if (g.clock) {
          // The clocks stop where they stand; a fallen flag shows zero.
          for (const c of ['white', 'black'] as const) g.clock[c] = this.clockValue(c) ?? g.clock[c];
          const flag = e.result.termination;
          if ((flag === 'time_forfeit' || flag === 'timeout_draw') && e.result.culprit) g.clock[e.result.culprit] = 0;
          if (flag === 'both_flags_fell') g.clock.white = g.clock.black = 0;
          g.clock.running = null;
        }
        g.status = 'over';
        play('end');
        break;
    }
    this.render(false);
    this.blind.event(e);
  }

  // --- requests -----------------------------------------------------------------------------------

  /** The colour this client acts for now: the side to move for hot-seat, its one seat otherwise. */
  private actor(): Color | null {
    const g = this.game;
    if (g === null || this.you.length === 0) return null;
    if (this.you.length === 1) return this.you[0]!;
    return g.turn;
  }

  private async onBoardMove(orig: Key, dest: Key): Promise<void> {
    const g = this.game;
    if (g === null) return;
    const placement = parsePlacement(g.fen);
    let uci = orig + dest;
    if (isPromotion(placement, orig, dest)) {
      const role = await choosePromotion(g.turn, dest[0]!, this.orientation());
      if (role === null) {
        this.render(true);
        return;
      }
      uci += role;
    }
    this.sendMove(uci);
  }

  private sendMove(uci: string): void {
    const g = this.game;
    if (g === null) return;
    const select = $('claim-with-move').querySelector('select') as HTMLSelectElement;
    const ground = select.value;
    const ply = g.moves.length;
    this.pendingMove = true;
    this.renderBoard(false);
    if (ground === 'threefold' || ground === 'fifty') {
      select.value = '';
      this.connection.request(req => ({ t: 'claim', req, ground, uci }));
    } else {
      this.connection.request(req => ({ t: 'move', req, uci, ply }));
    }
  }

  private onTyped(): void {
    const input = $('move-input') as HTMLInputElement;
    const text = input.value.trim();
    const g = this.game;
    if (text === '' || g === null) return;
    if (this.blind.command(text)) {
      input.value = '';
      return;
    }
    if (!this.you.includes(g.turn) || g.status !== 'playing') {
      this.notice(t('input.notYourTurn'), true);
      return;
    }
    let found = readTyped(language(), text, legalMoves(g.fen, g.legal));
    if (found.length === 0) found = matchSpoken(text, g.fen, g.legal); // Appendix D or plain words
    const squares = found[0]?.uci.slice(0, 4);
    if (found.length === 0) this.notice(t('input.unknown', { text }), true);
    else if (found.length > 1 && !found.every(m => m.uci.slice(0, 4) === squares))
      this.notice(t('input.ambiguous', { text, moves: found.map(m => this.sanText(m.san, m.uci)).join(', ') }), true);
    else {
      input.value = '';
      this.notice('', false);
      // Several moves between the same squares are promotions typed without the piece: ask for it.
      if (found.length > 1) void this.onBoardMove(squares!.slice(0, 2) as Key, squares!.slice(2, 4) as Key);
      else {
        board().move(squares!.slice(0, 2) as Key, squares!.slice(2, 4) as Key);
        this.sendMove(found[0]!.uci);
      }
    }
  }

  private act(kind: 'draw' | 'takeback', action: 'offer' | 'accept' | 'decline', color: Color | null): void {
    const c = this.you.length > 1 && color !== null ? { color } : {};
    this.connection.request(req => ({ t: kind, req, action, ...c }));
  }

  // --- rendering ----------------------------------------------------------------------------------

  private orientation(): Color {
    const g = this.game;
    let side: Color = 'white';
    if (this.you.length === 1) side = this.you[0]!;
    else if (this.you.length === 2 && g !== null && this.turnBoard && g.status !== 'over') side = g.turn;
    return this.flipped ? opposite(side) : side;
  }

  private render(full = false): void {
    this.renderBoard(full);
    this.renderPlayers();
    renderGameEvent(this.game!);
    this.renderClocks();
    this.renderMoves();
    this.renderStatus();
    this.renderActions();
    this.renderResult();
    this.blind.render();
  }

  private renderBoard(full: boolean): void {
    const g = this.game;
    const cg = board();
    if (g === null) return;
    const mine = this.you.includes(g.turn) && g.status === 'playing' && !this.pendingMove;
    const dests = new Map<Key, Key[]>();
    if (mine) for (const [from, tos] of Object.entries(g.legal)) dests.set(from as Key, tos as Key[]);
    const last = g.moves[g.moves.length - 1];
    const movableColor = g.status === 'over' || this.you.length === 0 ? undefined : this.you.length === 2 ? g.turn : this.you[0];
    const config: Parameters<typeof cg.set>[0] = {
      orientation: this.orientation(),
      turnColor: g.turn,
      check: g.check ? g.turn : false,
      lastMove: last ? [last.uci.slice(0, 2) as Key, last.uci.slice(2, 4) as Key] : undefined,
      movable: { color: movableColor, dests },
      premovable: { enabled: this.you.length === 1 && g.status !== 'over' },
      draggable: { enabled: this.you.length > 0 && g.status !== 'over' },
    };
    if (full || cg.getFen() !== g.fen.split(' ')[0]) config.fen = g.fen;
    cg.set(config);
    if (g.status === 'over' || this.you.length === 0) cg.cancelPremove();
  }

  private playerName(c: Color): string {
    const p = this.game!.players[c];
    if (p.name) return p.name;
    if (p.kind === 'robot') return p.elo ? t('player.robotElo', { level: p.level ?? '?', elo: p.elo }) : t('player.robot', { level: p.level ?? '?' });
    if (this.you.length === 1 && this.you[0] === c) return t('player.you');
    return colorName(c);
  }

  private renderPlayers(): void {
    const g = this.game!;
    const bottom = this.orientation();
    for (const [el, c] of [[$('player-bottom'), bottom], [$('player-top'), opposite(bottom)]] as const) {
      el.dataset.color = c;
      (el.querySelector('.name') as HTMLElement).textContent = this.playerName(c);
      const presence = el.querySelector('.presence') as HTMLElement;
      const p = g.players[c];
      const showPresence = p.kind === 'human' && !this.you.includes(c);
      presence.hidden = !showPresence;
      presence.className = `presence ${p.connected ? 'on' : 'off'}`;
      presence.textContent = showPresence ? t(p.connected ? 'player.connected' : 'player.disconnected') : '';
      (el.querySelector('.clock') as HTMLElement).setAttribute('aria-label', t('clock.label', { color: colorName(c) }));
    }
  }

  private clockValue(c: Color): number | null {
    const clock = this.game?.clock;
    if (!clock) return null;
    let ms = clock[c];
    if (clock.running === c && this.game!.status === 'playing') {
      let passed = performance.now() - this.clockAt;
      const delay = clock.delay ?? 0;
      passed = Math.max(0, passed - delay);
      ms -= passed;
    }
    return Math.max(0, ms);
  }

  private renderClocks(): void {
    const g = this.game;
    if (g === null) return;
    const bottom = this.orientation();
    for (const [el, c] of [[$('player-bottom'), bottom], [$('player-top'), opposite(bottom)]] as const) {
      const clockEl = el.querySelector('.clock') as HTMLElement;
      const ms = this.clockValue(c);
      if (ms === null) {
        clockEl.hidden = true;
        continue;
      }
      clockEl.hidden = false;
      const text = formatClock(ms);
      if (clockEl.textContent !== text) clockEl.textContent = text;
      const running = g.clock?.running === c && g.status === 'playing';
      clockEl.classList.toggle('running', running);
      if (g.status === 'playing') this.blind.clockTick(c, ms, running);
      const low = ms < LOW_TIME_MS && g.status === 'playing';
      clockEl.classList.toggle('low', low);
      if (low && running && this.you.includes(c) && !this.lowWarned.has(c)) {
        this.lowWarned.add(c);
        play('lowtime');
      }
    }
  }

  private sanText(san: string, uci?: string): string {
    return showMove(prefs.notation(), language(), san, uci);
  }

  private renderMoves(): void {
    const g = this.game;
    const list = $('moves');
    if (g === null) return;
    const startBlack = g.start_fen.split(' ')[1] === 'b';
    const startNumber = Number(g.start_fen.split(' ')[5] ?? '1') || 1;
    const items: HTMLElement[] = [];
    let li: HTMLLIElement | null = null;
    g.moves.forEach((m, i) => {
      const plyIndex = i + (startBlack ? 1 : 0);
      if (li === null || plyIndex % 2 === 0) {
        li = document.createElement('li');
        li.value = startNumber + Math.floor(plyIndex / 2);
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${li.value}.`;
        li.append(num);
        if (plyIndex % 2 === 1) {
          const gap = document.createElement('span');
          gap.className = 'san gap';
          gap.textContent = '…';
          li.append(gap);
        }
        items.push(li);
      }
      const san = document.createElement('span');
      san.className = 'san';
      if (i === g.moves.length - 1) san.classList.add('last');
      san.textContent = this.sanText(m.san, m.uci);
      li.append(san);
    });
    if (items.length === 0) {
      const empty = document.createElement('li');
      empty.className = 'empty';
      empty.textContent = t('moves.none');
      items.push(empty);
    }
    list.replaceChildren(...items);
    list.parentElement!.scrollTop = list.parentElement!.scrollHeight;
  }

  private renderStatus(): void {
    const g = this.game!;
    if (!this.connected) return;
    let text: string;
    if (g.status === 'over' && g.result) text = `${resultHeadline(g.result)}. ${resultReason(g.result)}`;
    else if (g.status === 'waiting') text = t('status.waiting');
    else if (g.robot && g.robot.queue > 0) text = t('status.robotQueue', { queue: g.robot.queue });
    else if (g.robot?.thinking && g.players[g.turn].kind === 'robot') text = t('status.robotThinking');
    else if (this.you.length === 1 && this.you[0] === g.turn) text = t('status.yourMove');
    else text = t('status.toMove', { color: colorName(g.turn) });
    if (this.you.length === 0 && g.status !== 'over') text += ` · ${t('status.spectating')}`;
    if (g.deadline && g.status === 'playing') {
      const when = formatDateTime(language(), new Date(g.deadline));
      text += ` · ${t('clock.deadline', { time: when })}`;
    }
    this.setStatus(text);
  }

  private setStatus(text: string): void {
    const el = $('status');
    if (el.textContent !== text) el.textContent = text;
  }

  private notice(text: string, isError: boolean): void {
    const el = $('notice');
    el.textContent = text;
    el.classList.toggle('error', isError);
    this.blind.noticed(text);
  }

  private button(label: string, onClick: () => void, cls = 'btn', name = ''): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = cls;
    b.textContent = label;
    if (name) b.dataset.action = name;
    b.addEventListener('click', onClick);
    return b;
  }

  private renderActions(): void {
    const g = this.game!;
    const actions: HTMLElement[] = [];
    const offers: HTMLElement[] = [];
    const playing = g.status === 'playing' && this.you.length > 0;
    const me = this.actor();
    const hotseat = this.you.length === 2;
    const claimSelect = $('claim-with-move');
    claimSelect.hidden = !(playing && this.you.includes(g.turn));
    $('move-form').hidden = !playing;
    if (playing && me !== null) {
      // Draw offers (Art. 9.1).
      const draw = g.offers.draw;
      if (draw !== null && (hotseat || draw !== me)) {
        const p = document.createElement('p');
        p.textContent = t('action.drawOffered', { color: colorName(draw) });
        offers.push(p);
        offers.push(this.button(t('action.acceptDraw'), () => this.act('draw', 'accept', opposite(draw)), 'btn primary', 'accept-draw'));
        offers.push(this.button(t('action.declineDraw'), () => this.act('draw', 'decline', opposite(draw)), 'btn', 'decline-draw'));
      } else if (draw === me) {
        const p = document.createElement('p');
        p.textContent = t('action.drawOfferedYou');
        offers.push(p);
      } else {
        actions.push(this.button(t('action.offerDraw'), () => this.act('draw', 'offer', me), 'btn', 'offer-draw'));
      }
      // Takebacks in casual games.
      if (g.casual && g.moves.length > 0) {
        const tb = g.offers.takeback;
        if (tb !== null && (hotseat || tb !== me)) {
          const p = document.createElement('p');
          p.textContent = t('action.takebackOffered', { color: colorName(tb) });
          offers.push(p);
          offers.push(this.button(t('action.acceptTakeback'), () => this.act('takeback', 'accept', opposite(tb)), 'btn primary', 'accept-takeback'));
          offers.push(this.button(t('action.declineTakeback'), () => this.act('takeback', 'decline', opposite(tb)), 'btn', 'decline-takeback'));
        } else if (tb === me) {
          const p = document.createElement('p');
          p.textContent = t('action.takebackOfferedYou');
          offers.push(p);
        } else {
          actions.push(this.button(t('action.offerTakeback'), () => this.act('takeback', 'offer', me), 'btn', 'offer-takeback'));
        }
      }
      // Claims by the player having the move (Art. 9.2, 9.3).
      if (this.you.includes(g.turn)) {
        if (g.claims.threefold)
          actions.push(this.button(t('action.claimThreefold'), () => this.connection.request(req => ({ t: 'claim', req, ground: 'threefold' })), 'btn', 'claim-threefold'));
        if (g.claims.fifty)
          actions.push(this.button(t('action.claimFifty'), () => this.connection.request(req => ({ t: 'claim', req, ground: 'fifty' })), 'btn', 'claim-fifty'));
      }
      const resign = this.button(
        t(this.resignArmed ? 'action.resignConfirm' : 'action.resign'),
        () => {
          if (!this.resignArmed) {
            this.resignArmed = true;
            this.renderActions();
            window.setTimeout(() => {
              this.resignArmed = false;
              this.renderActions();
            }, 4000);
            return;
          }
          this.resignArmed = false;
          const c = hotseat ? { color: g.turn } : {};
          this.connection.request(req => ({ t: 'resign', req, ...c }));
        },
        this.resignArmed ? 'btn danger' : 'btn',
        'resign',
      );
      actions.push(resign);
    }
    $('actions').replaceChildren(...actions);
    $('offers').replaceChildren(...offers);
    if (g.status !== 'waiting') $('invite-link').hidden = $('invite-link').hidden || g.status === 'over';
  }

  private renderResult(): void {
    const g = this.game!;
    const box = $('result');
    if (g.status !== 'over' || !g.result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    (box.querySelector('.headline') as HTMLElement).textContent = resultHeadline(g.result);
    (box.querySelector('.reason') as HTMLElement).textContent = resultReason(g.result);
    // The article links to its point on the rules page in the page's language.
    const article = box.querySelector('.article') as HTMLElement;
    const words = resultArticle(g.result);
    const href = words ? rulesLink(language(), g.result.termination) : null;
    if (href) {
      const a = document.createElement('a');
      a.href = href;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = words;
      article.replaceChildren(a);
    } else article.textContent = words;
    $('btn-again').onclick = () => this.hooks.playAgain(g, this.you);
    $('btn-new2').onclick = () => this.hooks.newGame();
    $('claim-with-move').hidden = true;
    if (!this.reviewStarted) {
      this.reviewStarted = true;
      startReview(this.id, g, $('review'), (san, uci) => this.sanText(san, uci));
    }
  }
}

export function formatClock(ms: number): string {
  return formatClockIn(language(), ms);
}
