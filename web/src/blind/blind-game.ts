// The blind mode on the game screen: the board as a keyboard grid over the chessground board (arrow keys square
// by square, a-h and 1-8 jump to a file or rank, Enter picks a piece and then its target), the one-key
// commands, the typed command words, the announcements of moves, offers, claims, clock warnings and the
// result, and the score sheet as Braille-ready text. game.ts calls it at a few points; everything it says
// goes through announce() (live region, and the browser's voice when chosen).
import { parsePlacement, type Role } from '../placement';
import { t } from '../i18n';
import type { Color, Game, GameEvent, MoveEvent, Square } from '../protocol';
import { play } from '../sound';
import { colorName, resultArticle, resultHeadline, resultReason } from '../words';
import { access, announce, onAccessChange, speak } from './access';
import { scoreSheet } from './braille';
import { askBearing } from './attackers';
import { attacks, attacksCommand, clocks, help, lastMove, legalFrom, line, moveList, pieces, position, positionByLines, typedCommand, type Asked } from './commands';
import { byColor, moveWords, squareLabel, squareWords } from './notation';
import { navCommand, type NavCommand } from '../game/navigation';

export interface GameAccess {
  /** The game as shown: at an earlier position while the player moves through it. */
  game(): Game | null;
  /** An earlier position is shown: no move is made on it. */
  browsing(): boolean;
  /** Shows the position a navigation command asks for; says which one it is. */
  navigate(command: NavCommand): string;
  you(): Color[];
  orientation(): Color;
  clock(c: Color): number | null;
  /** Plays a move as a board move does (asks for the promotion piece). */
  move(from: Square, to: Square): void;
}

const PIECE_KEYS: Record<string, Role> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
const WARN_AT = [60_000, 20_000];

export class BlindGame {
  private grid: HTMLElement | null = null;
  private cursor: Square = 'e2';
  private selected: Square | null = null;
  private gridHadFocus = false;
  private warned = new Map<Color, number>();
  private claimsTold = '';
  private readonly unlisten: () => void;

  constructor(private readonly host: GameAccess) {
    this.unlisten = onAccessChange(() => this.render());
    this.setupBraille();
  }

  close(): void {
    this.unlisten();
    this.grid?.remove();
    this.grid = null;
  }

  private asked(): Asked | null {
    const game = this.host.game();
    if (game === null) return null;
    const you = this.host.you();
    const me: Color = you.length === 1 ? you[0]! : you.length === 2 ? game.turn : 'white';
    return { game, me, style: access().style, words: t, clock: c => this.host.clock(c) };
  }

  // --- announcements ---------------------------------------------------------------------------------

  moved(e: MoveEvent): void {
    const mover: Color = e.turn === 'white' ? 'black' : 'white';
    const said = byColor(mover, moveWords(e.san, access().style, t), t);
    announce(this.host.browsing() ? `${said}. ${t('nav.stillBack')}` : said);
    if (this.selected !== null) {
      // A piece picked on the grid and then a move typed: the pick is over.
      this.selected = null;
      this.render();
    }
    this.tellClaims();
  }

  event(e: GameEvent): void {
    switch (e.type) {
      case 'offer':
        announce(t(e.kind === 'draw' ? 'action.drawOffered' : 'action.takebackOffered', { color: colorName(e.by) }));
        play('offer');
        break;
      case 'offer_declined':
        announce(t('action.offerDeclined', { color: colorName(e.by), kind: t(`action.kind.${e.kind}`) }));
        break;
      case 'claim_rejected':
        announce(t('action.claimRejected', { color: colorName(e.by), seconds: Math.round(e.added / 1000) }));
        break;
      case 'away':
      case 'back':
        if (!this.host.you().includes(e.color)) announce(t(e.type === 'away' ? 'action.away' : 'action.back', { color: colorName(e.color) }));
        break;
      case 'end': {
        const r = e.result;
        announce([t('result.title'), resultHeadline(r), resultReason(r), resultArticle(r)].filter(x => x !== '').join('. '));
        break;
      }
      default:
        break;
    }
  }

  /** A claim the player on move may make now (Art. 9.2, 9.3), told once per position. */
  private tellClaims(): void {
    const g = this.host.game();
    if (g === null || !this.host.you().includes(g.turn) || g.status !== 'playing') return;
    const grounds = [g.claims.threefold ? t('blind.claim.threefold') : '', g.claims.fifty ? t('blind.claim.fifty') : ''].filter(x => x);
    const key = `${g.moves.length}:${grounds.join()}`;
    if (grounds.length > 0 && key !== this.claimsTold) {
      this.claimsTold = key;
      announce(t('blind.claimPossible', { color: colorName(g.turn), claims: grounds.join('; ') }));
    }
  }

  /** Called with each clock reading: warns once at one minute and at twenty seconds for the player's side. */
  clockTick(c: Color, ms: number, running: boolean): void {
    if (!running || !this.host.you().includes(c)) return;
    const level = this.warned.get(c) ?? 0;
    const next = WARN_AT[level];
    if (next !== undefined && ms <= next) {
      // A reading already far below the mark (a game reopened late) skips the earlier warnings.
      let l = level;
      while (WARN_AT[l] !== undefined && ms <= WARN_AT[l]!) l++;
      this.warned.set(c, l);
      announce(t('blind.lowTime', { color: colorName(c), time: t(next >= 60_000 ? 'blind.time.oneMinute' : 'blind.time.twentySeconds') }));
      if (next < 60_000) return; // game.ts plays the low-time sound at twenty seconds
      play('lowtime');
    }
  }

  noticed(text: string): void {
    if (text !== '') speak(text);
  }

  /** A move's SAN in the words of the chosen announcement style. */
  moveWords(san: string): string {
    return moveWords(san, access().style, t);
  }

  /** The board grid takes the focus (a game just opened in the blind mode). */
  focusBoard(): void {
    if (this.grid === null) return;
    this.gridHadFocus = true;
    this.cell(this.cursor)?.focus({ preventScroll: true });
  }

  /** A typed command word answered in the live region; false when the text is not a command. */
  command(text: string): boolean {
    const a = this.asked();
    if (a === null || !access().blind) return false;
    const nav = navCommand(text);
    if (nav !== null) {
      announce(this.host.navigate(nav), true);
      return true;
    }
    const attacked = attacksCommand(text);
    if (attacked !== null) {
      this.tellAttacks(a, attacked);
      return true;
    }
    const answer = typedCommand(text, a);
    if (answer === null) return false;
    announce(answer, true);
    return true;
  }

  // --- the keyboard grid ---------------------------------------------------------------------------------

  render(): void {
    const g = this.host.game();
    if (!access().blind || g === null) {
      this.grid?.remove();
      this.grid = null;
      return;
    }
    if (this.grid === null) this.buildGrid();
    const grid = this.grid!;
    const orientation = this.host.orientation();
    grid.classList.toggle('flipped', orientation === 'black');
    const ranks = orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
    const files = orientation === 'white' ? [...'abcdefgh'] : [...'hgfedcba'];
    const style = access().style;
    const dests = this.selected ? (g.legal[this.selected] ?? []) : [];
    const rows = grid.querySelectorAll<HTMLElement>('[role=row]');
    ranks.forEach((rank, r) => {
      const cells = rows[r]!.querySelectorAll<HTMLElement>('[role=gridcell]');
      files.forEach((file, f) => {
        const square = `${file}${rank}`;
        const cell = cells[f]!;
        cell.dataset.square = square;
        let label = squareLabel(square, g.fen, style, t);
        if (square === this.selected) label = t('blind.square.selected', { square: label });
        else if (dests.includes(square)) label = t('blind.square.dest', { square: label });
        const text = cell.firstElementChild as HTMLElement;
        if (text.textContent !== label) text.textContent = label;
        cell.tabIndex = square === this.cursor ? 0 : -1;
        cell.setAttribute('aria-selected', String(square === this.selected));
        cell.classList.toggle('dest', dests.includes(square));
      });
    });
    const active = document.activeElement as HTMLElement | null;
    const lost = active === document.body || active === null;
    // A turned board reuses the cells for other squares: the focus follows the square, not the cell.
    const moved = active !== null && grid.contains(active) && active.dataset.square !== this.cursor;
    if ((this.gridHadFocus && lost) || moved) this.cell(this.cursor)?.focus();
  }

  private buildGrid(): void {
    const grid = document.createElement('div');
    grid.id = 'board-grid';
    grid.className = 'board-grid';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', t('blind.board'));
    grid.setAttribute('aria-describedby', 'board-grid-help');
    for (let r = 0; r < 8; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (let f = 0; f < 8; f++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        const text = document.createElement('span');
        text.className = 'visually-hidden';
        cell.append(text);
        row.append(cell);
      }
      grid.append(row);
    }
    const helpLine = document.createElement('p');
    helpLine.id = 'board-grid-help';
    helpLine.className = 'visually-hidden';
    helpLine.textContent = t('blind.gridHelp');
    grid.addEventListener('keydown', this.onKey);
    grid.addEventListener('focusin', ev => {
      this.gridHadFocus = true;
      const sq = (ev.target as HTMLElement).closest<HTMLElement>('[role=gridcell]')?.dataset.square;
      if (sq) {
        this.cursor = sq;
        speak((ev.target as HTMLElement).textContent ?? '', true);
      }
    });
    grid.addEventListener('focusout', ev => {
      // The promotion chooser opened from the grid hands the focus back to it when it closes.
      const to = ev.relatedTarget as HTMLElement | null;
      if (to !== null && !grid.contains(to) && to.closest('#promotion') === null) this.gridHadFocus = false;
    });
    const wrap = document.querySelector('.board-wrap')!;
    wrap.append(grid, helpLine);
    this.grid = grid;
    const g = this.host.game();
    // Start on the player's king side of the board: the first own piece of the back rank.
    if (g) this.cursor = this.host.orientation() === 'white' ? 'e2' : 'e7';
  }

  private cell(square: Square): HTMLElement | null {
    return this.grid?.querySelector<HTMLElement>(`[data-square="${square}"]`) ?? null;
  }

  private goTo(square: Square): void {
    this.cursor = square;
    this.render();
    this.cell(square)?.focus();
  }

  private readonly onKey = (ev: KeyboardEvent): void => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const a = this.asked();
    if (a === null) return;
    const file = this.cursor.charCodeAt(0) - 97;
    const rank = Number(this.cursor[1]) - 1;
    const white = this.host.orientation() === 'white';
    // Arrows follow the screen: up is away from the player.
    const step = (df: number, dr: number): void => {
      const f = file + (white ? df : -df);
      const r = rank + (white ? dr : -dr);
      if (f >= 0 && f < 8 && r >= 0 && r < 8) this.goTo(`${'abcdefgh'[f]}${r + 1}`);
      else play('illegal');
    };
    const say = (text: string): void => announce(text, true);
    let handled = true;
    const k = ev.key;
    if (k === 'ArrowUp') step(0, 1);
    else if (k === 'ArrowDown') step(0, -1);
    else if (k === 'ArrowLeft') step(-1, 0);
    else if (k === 'ArrowRight') step(1, 0);
    else if (k === 'Home') this.goTo(`${white ? 'a' : 'h'}${rank + 1}`);
    else if (k === 'End') this.goTo(`${white ? 'h' : 'a'}${rank + 1}`);
    else if (/^[a-h]$/.test(k)) this.goTo(`${k}${rank + 1}`);
    else if (/^[1-8]$/.test(k)) this.goTo(`${'abcdefgh'[file]}${k}`);
    else if (k === 'Enter' || k === ' ') this.choose();
    else if (k === 'Escape') {
      if (this.selected !== null) {
        this.selected = null;
        this.render();
        say(t('blind.deselected'));
      } else handled = false;
    } else if (PIECE_KEYS[k] !== undefined) {
      const role = PIECE_KEYS[k]!;
      const opp: Color = a.me === 'white' ? 'black' : 'white';
      say(`${pieces(a, a.me, role)}. ${pieces(a, opp, role)}.`);
    } else if (k === 'w') say(position(a));
    else if (k === 'W') say(positionByLines(a, 'rank'));
    else if (k === 'V') say(positionByLines(a, 'file'));
    else if (k === 'r') say(line(a, this.cursor[1]!));
    else if (k === 'v') say(line(a, this.cursor[0]!));
    else if (k === 'x') this.tellAttacks(a, this.cursor);
    else if (k === 'l') say(lastMove(a));
    else if (k === 'm') say(moveList(a));
    else if (k === 't') say(clocks(a));
    else if (k === 's') say(legalFrom(a, this.cursor));
    else if (k === '?') say(help(t));
    else handled = false;
    if (handled) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  };

  /** What attacks and defends a square, asked of the server for the position shown when asked. */
  private tellAttacks(a: Asked, square: Square): void {
    void askBearing(a.game.fen, square).then(by => announce(by === null ? t('error.network') : attacks(a, square, by), true));
  }

  /** Enter on a square: pick an own piece that can move, or play the picked piece to this square. */
  private choose(): void {
    const g = this.host.game();
    if (g === null) return;
    const square = this.cursor;
    if (this.host.browsing()) {
      announce(t('nav.noMoveHere'), true);
      play('illegal');
      return;
    }
    const mine = g.status === 'playing' && this.host.you().includes(g.turn);
    if (!mine) {
      announce(t(g.status === 'over' ? 'error.game_over' : 'input.notYourTurn'), true);
      play('illegal');
      return;
    }
    const piece = parsePlacement(g.fen).get(square);
    if (this.selected !== null && (g.legal[this.selected] ?? []).includes(square)) {
      const from = this.selected;
      this.selected = null;
      this.render();
      this.host.move(from, square);
      return;
    }
    if (piece && piece.color === g.turn) {
      const dests = g.legal[square] ?? [];
      if (dests.length === 0) {
        announce(legalFrom(this.asked()!, square), true);
        play('illegal');
        return;
      }
      this.selected = square;
      this.render();
      play('select');
      announce(t('blind.picked', { square: squareLabel(square, g.fen, access().style, t), squares: dests.map(d => squareWords(d, access().style)).join(', ') }), true);
      return;
    }
    play('illegal');
    announce(this.selected === null ? t('blind.pickFirst') : t('blind.notATarget', { square: squareLabel(square, g.fen, access().style, t) }), true);
  }

  // --- the Braille score sheet ---------------------------------------------------------------------------

  private setupBraille(): void {
    let button = document.getElementById('braille-link') as HTMLButtonElement | null;
    if (button === null) {
      button = document.createElement('button');
      button.type = 'button';
      button.id = 'braille-link';
      button.className = 'btn';
      button.textContent = t('blind.braille');
      document.getElementById('pgn-link')!.after(button);
    }
    button.onclick = () => {
      const g = this.host.game();
      if (g === null) return;
      const name = (c: Color): string => {
        const p = g.players[c];
        return p.kind === 'robot' ? t('player.robot', { level: p.level ?? '?' }) : colorName(c);
      };
      const text = scoreSheet({
        white: name('white'),
        black: name('black'),
        date: new Date().toISOString().slice(0, 10),
        startFen: g.start_fen,
        sans: g.moves.map(m => m.san),
        result: g.result?.score ?? '*',
        reason: g.result ? `${resultHeadline(g.result)}. ${resultReason(g.result)}. ${resultArticle(g.result)}` : '',
      });
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `tabiya-${g.id}-braille.txt`;
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    };
  }
}
