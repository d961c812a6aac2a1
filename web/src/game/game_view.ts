// The game screen: wires the game's connection to the state (state.ts), the views to the state, and the
// player's input (board, typed moves, buttons) to the requests (actions.ts). Side effects of an event
// (sounds, announcements, the premove) are played here, after the state has changed.
import { AnalysisBoard } from '../analysis';
import { BlindGame } from '../blind/blind-game';
import { board, choosePromotion, type Key } from '../board';
import { Connection } from '../connection';
import { renderGameEvent } from '../game_event';
import { language, t } from '../i18n';
import { showMove, startsMove } from '../notation';
import type { Color, Game, GameEvent, MoveRecord, ServerMessage } from '../protocol';
import { startReview } from '../review';
import { play } from '../sound';
import { prefs, settings } from '../store';
import { colorName, errorText } from '../words';
import { GameActions, type OfferAction, type OfferKind } from './actions';
import { renderBoard } from './board_view';
import { renderControls } from './controls_view';
import { renderMoves } from './moves_view';
import { LOW_TIME_MS, renderClocks, renderPlayers } from './players_view';
import { renderResult, setStatus, showNotice, statusText } from './result_view';
import { clockReading, initialState, mayMove, moveSent, movesBetween, orientation, receive, type GameState } from './state';
import { typedRefusal, type TypedRefusal } from './typed';

export interface GameHooks {
  playAgain(game: Game, you: Color[]): void;
  newGame(): void;
  inviteToken(): string | null;
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
  private lowWarned = new Set<Color>();
  private connected = false;
  private everConnected = false;
  private reviewStarted = false;
  /** After the game: the analysis board, which then owns the board. */
  private analysis: AnalysisBoard | null = null;
  /** The typed move on its way to the server: its request number and text. */
  private typed: { req: number; text: string } | null = null;

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
    setStatus(t('status.connecting'));
    board().set({
      viewOnly: false,
      movable: { color: undefined, dests: new Map(), events: { after: (o, d) => void this.onBoardMove(o, d) } },
      premovable: { enabled: true },
    });
    this.blind = new BlindGame({
      game: () => this.state.game,
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

  /** Typing a move anywhere on the page goes to the move box. */
  private readonly onKey = (ev: KeyboardEvent): void => {
    const target = ev.target as HTMLElement;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.length !== 1 || !startsMove(language(), ev.key)) return;
    if (target.closest('input, textarea, select, [contenteditable]') || $('move-form').hidden) return;
    $('move-input').focus();
  };

  close(): void {
    document.removeEventListener('keydown', this.onKey);
    this.analysis?.close();
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
    if (this.state.game) renderMoves(this.state.game, m => this.moveName(m));
    this.analysis?.refresh();
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
    if (msg.t === 'state') this.render(true);
    else if (step.event !== null) this.afterEvent(step.event);
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
        this.render(true);
        this.blind.moved(e);
        if (this.state.you.includes(g.turn) && g.status === 'playing') board().playPremove();
        return;
      case 'offer_declined':
        this.notice(t('action.offerDeclined', { color: colorName(e.by), kind: t(`action.kind.${e.kind}`) }), false);
        break;
      case 'claim_rejected':
        this.notice(t('action.claimRejected', { color: colorName(e.by), seconds: Math.round(e.added / 1000) }), false);
        break;
      case 'end':
        play('end');
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

  private notice(text: string, isError: boolean): void {
    showNotice(text, isError);
    this.blind.noticed(text);
  }

  private renderControls(): void {
    renderControls(this.state, this.resignArmed, {
      offer: (kind, action, color) => this.offer(kind, action, color),
      claim: ground => this.actions.claim(ground),
      resign: () => this.resign(),
    });
  }

  private render(full: boolean): void {
    const g = this.state.game;
    if (g === null) return;
    const bottom = this.orientation();
    if (this.analysis !== null) this.analysis.renderBoard();
    else renderBoard(this.state, bottom, full);
    renderPlayers(this.state, bottom);
    renderGameEvent(g);
    this.tick();
    renderMoves(g, m => this.moveName(m));
    if (this.connected) setStatus(statusText(this.state));
    this.renderControls();
    if (renderResult(g.status === 'over' ? g.result : null)) {
      $('btn-again').onclick = () => this.hooks.playAgain(g, this.state.you);
      $('btn-new2').onclick = () => this.hooks.newGame();
      if (!this.reviewStarted) {
        this.reviewStarted = true;
        const name = (san: string, uci?: string): string => showMove(prefs.notation(), language(), san, uci);
        const analysis = new AnalysisBoard(g, $('analysis'), name, () => this.orientation());
        this.analysis = analysis;
        startReview(this.id, g, $('review'), name, { showPly: ply => analysis.showPly(ply), reviewed: r => analysis.reviewed(r) });
      }
    }
    this.blind.render();
  }

  /** The clocks now (every 100 ms and on each change), with the low-time warnings of the player's side. */
  private tick(): void {
    const g = this.state.game;
    if (g === null) return;
    const now = performance.now();
    const reading = (c: Color): number | null => clockReading(this.state, c, now);
    renderClocks(this.state, this.orientation(), reading);
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
