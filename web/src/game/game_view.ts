// The game screen: wires the game's connection to the state (state.ts), the views to the state, and the
// player's input (board, typed moves, buttons) to the requests (actions.ts). Side effects of an event
// (sounds, announcements, the premove) are played here, after the state has changed.
import { AnalysisBoard } from '../analysis';
import { BlindGame } from '../blind/blind-game';
import { board, choosePromotion, type Key } from '../board';
import { Connection } from '../connection';
import { renderGameEvent } from '../game_event';
import { language, t } from '../i18n';
import { showGameRatingChange, showRatingLine } from '../lobby/game_rating';
import { showMove, startsMove } from '../notation';
import type { Color, Game, GameEvent, MoveRecord, ServerMessage } from '../protocol';
import { startReview } from '../review';
import { play } from '../sound';
import { prefs, settings } from '../store';
import { colorName, errorText } from '../words';
import { GameActions, type OfferAction, type OfferKind } from './actions';
import { renderBoard } from './board_view';
import { renderControls, renderFirstMove } from './controls_view';
import { renderMoves } from './moves_view';
import { renderNav } from './nav_view';
import { gameAt, jumpTo, keepShown, moveLabel, navKey, plyOfMove, positionAfter, stepTo, type NavCommand, type Shown } from './navigation';
import { LOW_TIME_MS, renderClocks, renderPlayers } from './players_view';
import { renderRematch } from './rematch_view';
import { TeamAdviceBox } from './team_advice';
import { renderResult, setStatus, showNotice, statusText } from './result_view';
import { clockReading, initialState, mayMove, moveSent, movesBetween, opponentAway, orientation, receive, type GameState } from './state';
import { typedRefusal, type TypedRefusal } from './typed';

export interface GameHooks {
  playAgain(game: Game, you: Color[]): void;
  newGame(): void;
  inviteToken(): string | null;
  /** The accepted rematch, with this player's seats in it: keep them and go there. */
  rematch(game: string, seats: string[]): void;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export class GameView {
  private state: GameState = initialState;
  private readonly connection: Connection;
  private readonly actions: GameActions;
  private readonly blind: BlindGame;
  private readonly turnBoard: boolean;
  private readonly ticker: number;
  private flipped = false;
  private resignArmed = false;
  private interruptionNoticed = 0;  // the interruption (ms) told already
  private lowWarned = new Set<Color>();
  private connected = false;
  private everConnected = false;
  private reviewStarted = false;
  /** The player's seats in the accepted rematch (the server sends them to his connection only). */
  private rematchSeats: { game: string; seats: string[] } | null = null;
  /** The rematch was accepted while this page was open: both players are moved to it. */
  private rematchLive = false;
  /** The opponent-gone claim as last rendered: '' none, 'waiting' for it to open, 'open'. */
  private claimState = '';
  /** After the game: the analysis board, which then owns the board. */
  private analysis: AnalysisBoard | null = null;
  /** The typed move on its way to the server: its request number and text. */
  private typed: { req: number; text: string } | null = null;
  /** The position shown (moving through the game): null follows the game. */
  private shown: Shown = null;
  /** Moves played since an earlier position was shown (the "back to the game" button tells them). */
  private missed = 0;
  private focusedBoard = false;
  /** A team event's game seen by its player: his captain's advice (team_advice.ts). */
  private teamAdvice: TeamAdviceBox | null = null;
  // Whether the game was over when this page first showed it: then, if its state has no rating change, the lobby is asked.
  private openedOver: boolean | null = null;

  constructor(
    private readonly id: string,
    private readonly tokens: string[],
    private readonly hooks: GameHooks,
  ) {
    this.turnBoard = settings.load().turnBoard;
    $('game').hidden = false;
    $('newgame').hidden = true;
    $('result').hidden = true;
    $('review').hidden = true;
    $('moves').replaceChildren();
    setStatus(t('status.connecting'));
    board().set({
      viewOnly: false,
      movable: { color: undefined, dests: new Map(), events: { after: (o, d) => void this.onBoardMove(o, d) } },
      premovable: { enabled: true },
    });
    this.blind = new BlindGame({
      game: () => (this.state.game === null ? null : gameAt(this.state.game, this.shown)),
      browsing: () => this.shown !== null,
      navigate: command => this.navigateBy(command),
      you: () => this.state.you,
      orientation: () => this.orientation(),
      clock: c => clockReading(this.state, c, performance.now()),
      move: (from, to) => void this.onBoardMove(from as Key, to as Key),
    });
    this.connection = new Connection(id, tokens, {
      message: msg => this.onMessage(msg),
      status: up => this.onConnection(up),
    });
    this.actions = new GameActions(this.connection);
    this.ticker = window.setInterval(() => this.tick(), 100);
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
    this.claimSelect().value = '';
    document.addEventListener('keydown', this.onKey);
  }

  /** Typing a move anywhere on the page goes to the move box; the arrow keys, Home and End move through the game. */
  private readonly onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement;
    const step = navKey(ev);
    if (step !== null) {
      if (ev.defaultPrevented || target.closest('input, textarea, select, [contenteditable], [role=grid], #promotion')) return;
      if (this.state.game === null) return;
      ev.preventDefault();
      this.showPly(stepTo(this.state.game, this.shown, step));
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length !== 1 || !startsMove(language(), ev.key)) return;
    if (target.closest('input, textarea, select, [contenteditable]') || $('move-form').hidden) return;
    $('move-input').focus();
  };

  close(): void {
    document.removeEventListener('keydown', this.onKey);
    this.analysis?.close();
    this.teamAdvice?.close();
    this.blind.close();
    this.connection.close();
    window.clearInterval(this.ticker);
    $('game').hidden = true;
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.render(false);
  }

  refreshNotation(): void {
    if (this.state.game) renderMoves(this.state.game, m => this.moveName(m), this.shown, ply => this.jump(ply));
    this.analysis?.refresh();
  }

  // --- moving through the game ------------------------------------------------------------------------

  /** Shows the position after `ply` moves (the last one: the live position). */
  jump(ply: number): void {
    if (this.state.game) this.showPly(jumpTo(this.state.game, ply));
  }

  private showPly(to: Shown): void {
    // After the game the analysis board shows the position (and leaves any side line for it).
    if (this.analysis !== null && this.state.game) this.analysis.showPly(to ?? this.state.game.moves.length);
    if (to === this.shown) return;
    this.shown = to;
    if (to === null) this.missed = 0;
    this.render(true);
  }

  /** A typed navigation command of the blind mode: shows the position and says which it is. */
  private navigateBy(command: NavCommand): string {
    const g = this.state.game;
    if (g === null) return '';
    if ('live' in command) this.showPly(null);
    else if ('step' in command) this.showPly(stepTo(g, this.shown, command.step));
    else {
      const ply = plyOfMove(g, command.move, command.side);
      if (ply === null) return t('nav.noSuchMove', { move: command.move });
      this.showPly(jumpTo(g, ply));
    }
    return this.shownWords();
  }

  /** Which position is shown, in words: the move that led to it, or the start, or the live game. */
  private shownWords(): string {
    const g = this.state.game!;
    const at = this.shown ?? g.moves.length;
    const where = at === 0 ? t('nav.atStart') : t('nav.atMove', { move: moveLabel(g, at), san: this.blind.moveWords(g.moves[at - 1]!.san) });
    return this.shown === null ? `${t('nav.atLive')}. ${where}` : where;
  }

  // --- from the server ------------------------------------------------------------------------------

  private onConnection(up: boolean): void {
    this.connected = up;
    if (up) this.everConnected = true;
    else setStatus(this.everConnected ? t('status.reconnecting') : t('status.noServer'));
    document.body.classList.toggle('offline', !up);
  }

  private onMessage(msg: ServerMessage): void {
    const before = this.state;
    const step = receive(before, msg, performance.now());
    this.state = step.state;
    if (step.resync !== null) this.actions.resync(step.resync);
    if (step.event?.type === 'move' && this.typed !== null) {
      // The typed move was played (a typed move is sent only on the player's turn).
      this.typed = null;
      ($('move-input') as HTMLInputElement).value = '';
    }
    if (msg.t === 'rematch') {
      this.rematchSeats = { game: msg.game, seats: msg.seats };
      if (this.rematchLive) this.hooks.rematch(msg.game, msg.seats);
      else this.render(false);
      return;
    }
    if (this.state.game !== null) this.shown = keepShown(this.state.game, this.shown);
    if (msg.t === 'state') {
      this.render(true);
      this.noticeInterruption(msg.interrupted_ms ?? 0);
    } else if (step.event !== null) this.afterEvent(step.event);
    else if (msg.t === 'error') {
      const typed = this.typed !== null && msg.req === this.typed.req ? this.typed : null;
      if (typed !== null) this.typed = null;
      const refusal = typed !== null && before.game !== null ? typedRefusal(msg.code, msg.data ?? {}, before.game) : null;
      if (refusal !== null && refusal.kind !== 'other') this.onTypedRefused(typed!.text, refusal);
      else this.notice(errorText(msg.code, msg.data ?? {}), true);
      if (before.pendingMove) this.render(true);
      if (msg.code === 'unknown_game') {
        this.connection.close();
        setStatus(errorText(msg.code, msg.data ?? { id: this.id }));
      }
    }
  }

  /** The side effects of an event, after the state took it. */
  private afterEvent(e: GameEvent): void {
    const g = this.state.game!;
    switch (e.type) {
      case 'move':
        this.resignArmed = false;
        play(e.check ? 'check' : e.san.includes('x') ? 'capture' : 'move');
        // Looking at an earlier position: the board stays, the "back to the game" button tells the news.
        if (this.shown !== null) this.missed++;
        this.render(this.shown === null);
        this.blind.moved(e);
        if (this.shown === null && this.state.you.includes(g.turn) && g.status === 'playing') board().playPremove();
        return;
      case 'offer_declined':
        this.notice(t('action.offerDeclined', { color: colorName(e.by), kind: t(`action.kind.${e.kind}`) }), false);
        break;
      case 'claim_rejected':
        this.notice(t('action.claimRejected', { color: colorName(e.by), seconds: Math.round(e.added / 1000) }), false);
        break;
      case 'end':
        play('end');
        // A notice of the game being played (an offer declined) is over with it.
        this.notice('', false);
        break;
      case 'rematch':
        if (e.action === 'accept') {
          this.rematchLive = true;
          if (this.rematchSeats !== null && this.rematchSeats.game === e.game) return this.hooks.rematch(e.game, this.rematchSeats.seats);
        } else if (e.action === 'decline') this.notice(t('rematch.declined', { color: colorName(e.by) }), false);
        else if (e.action === 'withdraw') this.notice(t('rematch.withdrawn', { color: colorName(e.by) }), false);
        else if (e.action === 'failed') this.notice(t('rematch.failed'), true);
        break;
      default:
        break;
    }
    this.render(false);
    this.blind.event(e);
  }

  // --- from the player ------------------------------------------------------------------------------

  private claimSelect(): HTMLSelectElement {
    return $('claim-with-move').querySelector('select') as HTMLSelectElement;
  }

  /** A move made on the board (or the blind mode's grid): asks for the promotion piece when there is one. */
  private async onBoardMove(orig: Key, dest: Key): Promise<void> {
    const g = this.state.game;
    if (g === null) return;
    if (this.analysis !== null) return this.analysis.move(orig, dest);
    if (this.shown !== null) return this.notice(t('nav.noMoveHere'), true);
    const promotes = movesBetween(this.state, orig, dest).length > 1;
    let uci = orig + dest;
    if (promotes) {
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
    const g = this.state.game;
    if (g === null) return;
    const select = this.claimSelect();
    const ground = select.value;
    this.state = moveSent(this.state);
    renderBoard(this.state, this.orientation(), false);
    if (ground === 'threefold' || ground === 'fifty') {
      select.value = '';
      this.actions.claim(ground, uci);
    } else this.actions.move(uci, g.moves.length);
  }

  /** A move typed in the move box: a blind-mode command is answered here, a move goes to the server as text. */
  private onTyped(): void {
    const input = $('move-input') as HTMLInputElement;
    const text = input.value.trim();
    const g = this.state.game;
    if (text === '' || g === null) return;
    if (this.blind.command(text)) {
      input.value = '';
      return;
    }
    if (/^abort$/i.test(text) && this.abortTyped()) {
      input.value = '';
      return;
    }
    if (this.shown !== null) {
      this.notice(t('nav.noMoveHere'), true);
      return;
    }
    if (!mayMove(this.state)) {
      this.notice(t('input.notYourTurn'), true);
      return;
    }
    this.notice('', false);
    const select = this.claimSelect();
    const ground = select.value;
    // A claim's intended move goes as typed too: the server reads it as it reads a move (docs/protocol.md).
    if (ground === 'threefold' || ground === 'fifty') {
      select.value = '';
      this.typed = { req: this.actions.claimText(ground, text, language()), text };
    } else this.typed = { req: this.actions.moveText(text, language(), g.moves.length), text };
    this.state = moveSent(this.state);
    renderBoard(this.state, this.orientation(), false);
  }

  /** The server could not play a typed move: why, in words, or the promotion chooser. */
  private onTypedRefused(text: string, refusal: TypedRefusal): void {
    switch (refusal.kind) {
      case 'unknown':
        return this.notice(t('input.unknown', { text }), true);
      case 'ambiguous':
        return this.notice(t('input.ambiguous', { text, moves: refusal.candidates.map(m => this.moveName(m)).join(', ') }), true);
      case 'promotion':
        ($('move-input') as HTMLInputElement).value = '';
        return void this.onBoardMove(refusal.from as Key, refusal.to as Key);
      case 'other':
        return;
    }
  }

  /** The typed command "abort" (the blind mode's, and anyone's): false when the game cannot be aborted now. */
  private abortTyped(): boolean {
    const g = this.state.game;
    const mine = this.state.you.filter(c => (g?.abortable ?? []).includes(c));
    if (g === null || g.status === 'over' || mine.length === 0) return false;
    this.actions.abort(this.state.you.length > 1 ? (mine.includes(g.turn) ? g.turn : mine[0]!) : null);
    return true;
  }

  private offer(kind: OfferKind, action: OfferAction, color: Color): void {
    this.actions.offer(kind, action, this.state.you.length > 1 ? color : null);
  }

  private resign(): void {
    if (!this.resignArmed) {
      this.resignArmed = true;
      this.renderControls();
      window.setTimeout(() => {
        this.resignArmed = false;
        this.renderControls();
      }, 4000);
      return;
    }
    this.resignArmed = false;
    this.actions.resign(this.state.you.length === 2 ? this.state.game!.turn : null);
  }

  // --- rendering ------------------------------------------------------------------------------------

  private orientation(): Color {
    return orientation(this.state, this.flipped, this.turnBoard);
  }

  private moveName(m: MoveRecord): string {
    return showMove(prefs.notation(), language(), m.san, m.uci);
  }

  // The game's server went away and another took it over: the time between stopped nobody's clock. Said once per
  // interruption (every later state carries the same figure).
  private noticeInterruption(ms: number): void {
    if (ms <= 0 || ms === this.interruptionNoticed) return;
    this.interruptionNoticed = ms;
    this.notice(t('game.interrupted', { seconds: Math.max(1, Math.round(ms / 1000)) }), false);
  }

  private notice(text: string, isError: boolean): void {
    showNotice(text, isError);
    this.blind.noticed(text);
  }

  private renderControls(): void {
    renderControls(this.state, this.resignArmed, {
      offer: (kind, action, color) => this.offer(kind, action, color),
      claim: ground => this.actions.claim(ground),
      resign: () => this.resign(),
      abort: color => this.actions.abort(this.state.you.length > 1 ? color : null),
      opponentGone: claim => this.actions.opponentGone(claim),
    }, performance.now());
  }

  private render(full: boolean): void {
    const g = this.state.game;
    if (g === null) return;
    const bottom = this.orientation();
    if (this.analysis !== null) this.analysis.renderBoard();
    else renderBoard(this.state, bottom, full, this.shown === null ? null : positionAfter(g, this.shown));
    renderPlayers(this.state, bottom);
    renderGameEvent(g);
    this.tick();
    // The buttons first: on a phone they stand beside the move strip, whose scrolling depends on its width.
    renderNav(this.shown, g.moves.length, this.missed, {
      step: step => this.showPly(stepTo(this.state.game!, this.shown, step)),
      live: () => this.showPly(null),
    });
    renderMoves(g, m => this.moveName(m), this.shown, ply => this.jump(ply));
    if (this.connected) setStatus(statusText(this.state));
    this.renderControls();
    if (this.teamAdvice === null && g.tournament && this.state.you.length > 0 && this.tokens.length > 0) this.teamAdvice = new TeamAdviceBox(g.tournament.id, this.tokens[0]!);
    this.openedOver ??= g.status === 'over';
    if (renderResult(g.status === 'over' ? g.result : null)) {
      const you = this.state.you.length === 1 ? this.state.you[0]! : null;
      if (g.ratings) showRatingLine(g, you, g.ratings);
      else if (this.openedOver && !g.casual && !g.tournament) showGameRatingChange(g, you);
      $('btn-again').onclick = () => this.hooks.playAgain(g, this.state.you);
      $('btn-new2').onclick = () => this.hooks.newGame();
      renderRematch(this.state, {
        rematch: action => this.actions.rematch(action),
        rematchLink: () => (this.rematchSeats ? `/g/${encodeURIComponent(this.rematchSeats.game)}#seat=${this.rematchSeats.seats.join(',')}` : null),
      });
      if (!this.reviewStarted) {
        this.reviewStarted = true;
        const name = (san: string, uci?: string): string => showMove(prefs.notation(), language(), san, uci);
        const analysis = new AnalysisBoard(g, $('analysis'), name, () => this.orientation());
        this.analysis = analysis;
        startReview(this.id, g, $('review'), name, { showPly: ply => this.jump(ply), reviewed: r => analysis.reviewed(r) });
      }
    }
    this.blind.render();
    if (!this.focusedBoard) {
      // After Play the blind mode's board takes the focus (not twenty Tab presses away).
      this.focusedBoard = true;
      this.blind.focusBoard();
    }
  }

  /** The clocks now (every 100 ms and on each change), with the low-time warnings of the player's side. */
  private tick(): void {
    const g = this.state.game;
    if (g === null) return;
    const now = performance.now();
    const reading = (c: Color): number | null => clockReading(this.state, c, now);
    renderClocks(this.state, this.orientation(), reading);
    renderFirstMove(this.state, now);
    // The opponent-gone claim opens while nothing else happens: the buttons come when it does.
    const away = opponentAway(this.state, now);
    const claimState = away === null ? '' : away.ms === 0 ? 'open' : 'waiting';
    if (claimState !== this.claimState) {
      this.claimState = claimState;
      this.renderControls();
    }
    if (g.status !== 'playing') return;
    for (const c of ['white', 'black'] as const) {
      const ms = reading(c);
      if (ms === null) continue;
      const running = g.clock?.running === c;
      this.blind.clockTick(c, ms, running);
      if (ms < LOW_TIME_MS && running && this.state.you.includes(c) && !this.lowWarned.has(c)) {
        this.lowWarned.add(c);
        play('lowtime');
      }
    }
  }
}
