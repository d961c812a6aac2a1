// The analysis board after a game: the board shows any position of the game (the review's graph and
// labelled moves call showPly), and the pieces move freely from it into a side line. Every side-line move
// goes to the server, which answers the new position with its legal moves and SAN (POST /api/position),
// and the engine's view of the shown position comes from POST /api/position/eval, polled for the last
// position shown only. No chess logic here: the page shows what the server says.
import { board, choosePromotion, type Key } from './board';
import { api } from './http';
import { t } from './i18n';
import type { Color, Game, PositionAnswer, PositionEval, Review } from './protocol';
import { evalText, lineText, markShownPly, moveLabel, type MoveNamer } from './review';
import { apiErrorText } from './words';

interface SideMove {
  uci: string;
  san: string;
  fen: string;
}

const EVAL_POLL_MS = 400;

export class AnalysisBoard {
  /** The position after each ply of the game, as the review gives them (index = ply). */
  private fens: string[] = [];
  private review: Review | null = null;
  /** The main line's ply shown, or the one the side line starts from. */
  private mainPly: number;
  private side: SideMove[] = [];
  /** How many side-line moves are shown (0: the main line's position). */
  private sideShown = 0;
  private position: PositionAnswer | null = null;
  /** Bumped on each position shown: older answers are for nobody. */
  private shownSeq = 0;
  private evalTimer = 0;
  private closed = false;

  constructor(
    private readonly game: Game,
    private readonly box: HTMLElement,
    private readonly name: MoveNamer,
    private readonly orientation: () => Color,
  ) {
    this.mainPly = game.moves.length;
    this.fens[game.moves.length] = game.fen;
    this.fens[0] = game.start_fen;
    // The server sends the position after each move with the game; the review adds them too.
    game.moves.forEach((m, i) => {
      if (m.fen) this.fens[i + 1] = m.fen;
    });
    box.hidden = false;
    (box.querySelector('.back-main') as HTMLButtonElement).onclick = () => this.backToMainLine();
    void this.show();
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.evalTimer);
    this.box.hidden = true;
  }

  /** The review so far: its positions and evaluations. */
  reviewed(review: Review): void {
    this.review = review;
    for (const p of review.plies) if (p.fen) this.fens[p.ply] = p.fen;
    if (this.sideShown === 0) this.renderPanel();
  }

  /** Shows the position after `ply` of the game (0: the start), leaving any side line. */
  showPly(ply: number): void {
    if (this.fens[ply] === undefined) return;
    this.mainPly = ply;
    this.side = [];
    this.sideShown = 0;
    void this.show();
  }

  backToMainLine(): void {
    this.showPly(this.mainPly);
  }

  /** The notation changed: the panel again. */
  refresh(): void {
    this.renderPanel();
  }

  /** The board as this analysis shows it (after a flip, say). */
  renderBoard(): void {
    const p = this.position;
    const cg = board();
    if (p === null) return;
    const dests = new Map<Key, Key[]>();
    for (const [from, tos] of Object.entries(p.legal)) dests.set(from as Key, tos as Key[]);
    const last = this.lastMove();
    // The pieces are set only when they differ: a render while a piece is picked up keeps it in hand.
    if (cg.getFen() !== p.fen.split(' ')[0]) cg.set({ fen: p.fen });
    cg.set({
      orientation: this.orientation(),
      turnColor: p.turn,
      check: p.check ? p.turn : false,
      lastMove: last ? [last.slice(0, 2) as Key, last.slice(2, 4) as Key] : undefined,
      movable: { color: p.turn, dests, free: false },
      premovable: { enabled: false },
      draggable: { enabled: true },
    });
    cg.cancelPremove();
  }

  /** A move made on the board from the shown position: the server plays it into the side line. */
  async move(orig: Key, dest: Key): Promise<void> {
    const p = this.position;
    if (p === null) return;
    const candidates = p.legal_moves.filter(m => m.uci.startsWith(orig + dest));
    let uci = candidates[0]?.uci ?? orig + dest;
    if (candidates.length > 1) {
      const role = await choosePromotion(p.turn, dest[0]!, this.orientation());
      if (role === null) return this.renderBoard();
      uci = orig + dest + role;
    }
    // The game's own next move keeps to the main line.
    const next = this.game.moves[this.mainPly];
    if (this.sideShown === 0 && next?.uci === uci && this.fens[this.mainPly + 1] !== undefined) return this.showPly(this.mainPly + 1);
    const seq = ++this.shownSeq;
    const answer = await api<PositionAnswer>('/api/position', { method: 'POST', body: { fen: p.fen, uci } });
    if (seq !== this.shownSeq || this.closed) return;
    if (!answer.ok || !answer.value.move) {
      this.setEval(answer.ok ? '' : apiErrorText(answer.failure));
      return this.renderBoard();
    }
    this.side = this.side.slice(0, this.sideShown);
    this.side.push({ uci: answer.value.move.uci, san: answer.value.move.san, fen: answer.value.fen });
    this.sideShown = this.side.length;
    this.shown(answer.value);
  }

  // --- inside -----------------------------------------------------------------------------------------

  private currentFen(): string {
    return this.sideShown > 0 ? this.side[this.sideShown - 1]!.fen : this.fens[this.mainPly]!;
  }

  private lastMove(): string | undefined {
    if (this.sideShown > 0) return this.side[this.sideShown - 1]!.uci;
    return this.mainPly > 0 ? this.game.moves[this.mainPly - 1]?.uci : undefined;
  }

  /** Asks the server for the shown position's moves, then shows it. */
  private async show(): Promise<void> {
    const seq = ++this.shownSeq;
    const answer = await api<PositionAnswer>('/api/position', { method: 'POST', body: { fen: this.currentFen() } });
    if (seq !== this.shownSeq || this.closed) return;
    if (!answer.ok) return this.setEval(apiErrorText(answer.failure));
    this.shown(answer.value);
  }

  private shown(position: PositionAnswer): void {
    this.position = position;
    this.renderBoard();
    this.renderPanel();
    markShownPly(this.box.closest('.review') ?? document.body, this.sideShown === 0 ? this.mainPly : null);
    window.clearTimeout(this.evalTimer);
    if (this.sideShown > 0 && position.status === 'playing') {
      this.setEval(t('review.thinking'));
      void this.pollEval(this.shownSeq, position.fen);
    }
  }

  private setEval(text: string): void {
    (this.box.querySelector('.shown-eval') as HTMLElement).textContent = text;
  }

  /** The engine's view of a side line's position, asked again until it is done or another is shown. */
  private async pollEval(seq: number, fen: string): Promise<void> {
    const answer = await api<PositionEval>('/api/position/eval', { method: 'POST', body: { fen } });
    if (seq !== this.shownSeq || this.closed) return;
    if (answer.ok && answer.value.status === 'done') {
      const e = answer.value;
      const best = e.line_san.length > 0 ? '\n' + t('review.bestLine', { line: lineText(e.line_san, e.best ? [e.best] : [], this.name) }) : '';
      return this.setEval(t('review.shownEval', { eval: evalText(e) }) + best);
    }
    this.setEval(answer.ok || answer.failure.error === 'busy' ? t('review.thinking') : apiErrorText(answer.failure));
    if (answer.ok || answer.failure.error === 'busy') this.evalTimer = window.setTimeout(() => void this.pollEval(seq, fen), EVAL_POLL_MS);
  }

  private renderPanel(): void {
    const startBlack = this.game.start_fen.split(' ')[1] === 'b';
    const startNumber = Number(this.game.start_fen.split(' ')[5] ?? '1') || 1;
    const where = this.box.querySelector('.shown-where') as HTMLElement;
    const played = this.game.moves[this.mainPly - 1];
    const mainText =
      this.mainPly === 0 || !played
        ? t('review.shownStart')
        : t('review.shownAfter', { move: `${moveLabel(this.mainPly, startBlack, startNumber)} ${this.name(played.san, played.uci)}` });
    where.textContent = this.sideShown > 0 ? t('review.sideLineFrom', { position: mainText }) : mainText;
    // The side line: each move a button that shows the position after it.
    const list = this.box.querySelector('.side-line') as HTMLElement;
    const ply0 = this.mainPly + (startBlack ? 1 : 0);
    list.replaceChildren(
      ...this.side.map((m, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'san';
        if (i === this.sideShown - 1) b.setAttribute('aria-current', 'true');
        const index = ply0 + i;
        const number = startNumber + Math.floor(index / 2);
        const prefix = index % 2 === 0 ? `${number}.` : i === 0 ? `${number}…` : '';
        b.textContent = `${prefix}${prefix ? ' ' : ''}${this.name(m.san, m.uci)}`;
        b.onclick = () => {
          this.sideShown = i + 1;
          void this.show();
        };
        li.append(b);
        return li;
      }),
    );
    this.box.classList.toggle('in-side-line', this.sideShown > 0);
    (this.box.querySelector('.back-main') as HTMLButtonElement).hidden = this.side.length === 0;
    const status = this.position?.status;
    if (this.sideShown === 0) {
      // The main line's evaluation is the review's.
      const p = this.review?.plies.find(r => r.ply === this.mainPly);
      const next = this.review?.plies.find(r => r.ply === this.mainPly + 1);
      let text = p ? t('review.shownEval', { eval: evalText(p) }) : '';
      if (next?.line_san && next.line_san.length > 0) text += '\n' + t('review.bestLine', { line: lineText(next.line_san, next.line, this.name) });
      this.setEval(text);
    } else if (status === 'checkmate' || status === 'stalemate') {
      window.clearTimeout(this.evalTimer);
      this.setEval(t(status === 'checkmate' ? 'review.checkmate' : 'review.stalemate'));
    }
  }
}
