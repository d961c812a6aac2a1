// The board as the state says: position, last move, check, the moves this client may make now (the
// server's legal destinations), premoves for a one-seat player. Renders only; moves come back through
// chessground's `after` handler that game_view.ts installs.
import { board, type Key } from '../board';
import type { Color } from '../protocol';
import type { ShownPosition } from './navigation';
import { mayMove, type GameState } from './state';

/** `earlier`: an earlier position of the game is shown instead (moving through the game); no move is made on it. */
export function renderBoard(state: GameState, orientation: Color, full: boolean, earlier: ShownPosition | null = null): void {
  const g = state.game;
  if (g === null) return;
  const cg = board();
  if (earlier !== null) {
    const last = earlier.lastUci;
    cg.set({
      orientation,
      fen: earlier.fen,
      turnColor: earlier.turn,
      check: earlier.check ? earlier.turn : false,
      lastMove: last ? [last.slice(0, 2) as Key, last.slice(2, 4) as Key] : undefined,
      movable: { color: undefined, dests: new Map() },
      premovable: { enabled: false },
      draggable: { enabled: false },
    });
    cg.cancelPremove();
    cg.selectSquare(null);
    return;
  }
  const dests = new Map<Key, Key[]>();
  if (mayMove(state)) for (const [from, tos] of Object.entries(g.legal)) dests.set(from as Key, tos as Key[]);
  const last = g.moves[g.moves.length - 1];
  const you = state.you;
  const movableColor = g.status === 'over' || you.length === 0 ? undefined : you.length === 2 ? g.turn : you[0];
  const config: Parameters<typeof cg.set>[0] = {
    orientation,
    turnColor: g.turn,
    check: g.check ? g.turn : false,
    lastMove: last ? [last.uci.slice(0, 2) as Key, last.uci.slice(2, 4) as Key] : undefined,
    movable: { color: movableColor, dests },
    premovable: { enabled: you.length === 1 && g.status !== 'over' },
    draggable: { enabled: you.length > 0 && g.status !== 'over' },
  };
  if (full || cg.getFen() !== g.fen.split(' ')[0]) config.fen = g.fen;
  cg.set(config);
  if (g.status === 'over' || you.length === 0) cg.cancelPremove();
}
