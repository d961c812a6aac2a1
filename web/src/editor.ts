// The board editor of the New game form: pieces dragged from two rows (one per colour) onto a board and off it,
// or placed by choosing a piece and clicking squares; the side to move, castling rights and the en passant
// square beside it. It only writes the FEN of what is set up into the form's start field; whether a game can
// start from it is the server's to say (start_check.ts shows its answer).
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key, Piece, Role } from '@lichess-org/chessground/types';
import { t } from './i18n';
import { START_FEN } from './placement';
import { checkedPosition, showPreview } from './start_check';

const ROLES: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const FILES = 'abcdefgh';
const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';

let board: Api | null = null;
/** The piece a click on the board puts down (chosen in a row), or null. */
let pen: Piece | null = null;

const $ = <T extends HTMLElement>(selector: string): T => document.querySelector(selector) as T;
const editor = (): HTMLElement => $('#editor');
const turnSelect = (): HTMLSelectElement => $('select[name=editorTurn]');
const epSelect = (): HTMLSelectElement => $('select[name=editorEp]');
const castle = (letter: string): HTMLInputElement => $(`input[name=castle${letter}]`);

/** The FEN of the editor: chessground's placement, then the fields set beside the board. */
export function editorFen(): string {
  if (board === null) return '';
  const rights = ['K', 'Q', 'k', 'q'].filter(l => castle(l).checked).join('');
  return `${board.getFen()} ${turnSelect().value} ${rights || '-'} ${epSelect().value} 0 1`;
}

/** The en passant squares the side to move could have: the third rank from the opponent's side. */
function fillEnPassant(keep: string): void {
  const rank = turnSelect().value === 'w' ? '6' : '3';
  const none = new Option(t('editor.enPassant.none'), '-');
  epSelect().replaceChildren(none, ...[...FILES].map(f => new Option(`${f}${rank}`, `${f}${rank}`)));
  epSelect().value = [...epSelect().options].some(o => o.value === keep) ? keep : '-';
}

/** Sets the editor from a FEN (or the placement part of one); fields it lacks take their defaults. */
function load(fen: string): void {
  const [placement, turn = 'w', rights = '-', ep = '-'] = fen.trim().split(/\s+/);
  board!.set({ fen: placement, lastMove: undefined });
  turnSelect().value = turn === 'b' ? 'b' : 'w';
  for (const l of ['K', 'Q', 'k', 'q']) castle(l).checked = rights.includes(l);
  fillEnPassant(ep);
}

function choosePen(piece: Piece | null, button: HTMLElement | null): void {
  pen = piece;
  editor()
    .querySelectorAll<HTMLElement>('.palette button')
    .forEach(b => b.setAttribute('aria-pressed', String(b === button)));
}

function paletteRow(color: 'white' | 'black'): HTMLElement[] {
  return ROLES.map(role => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'palette-piece';
    button.dataset.piece = `${color}-${role}`;
    button.setAttribute('aria-pressed', 'false');
    button.setAttribute('aria-label', t(`editor.piece.${color}.${role}`));
    button.title = t(`editor.piece.${color}.${role}`);
    const shown = document.createElement('piece');
    shown.className = `${color} ${role}`;
    button.append(shown);
    const piece: Piece = { role, color };
    // Pressed and moved: the piece follows the pointer and lands where it is let go (off the board: nowhere).
    const drag = (ev: MouseEvent | TouchEvent): void => {
      if (ev instanceof MouseEvent && ev.button !== 0) return;
      if (ev instanceof MouseEvent) ev.preventDefault();
      board!.dragNewPiece(piece, ev, true);
    };
    button.addEventListener('mousedown', drag);
    button.addEventListener('touchstart', drag, { passive: true });
    // Clicked: it becomes the pen for clicks on the board (clicked again: put away).
    button.addEventListener('click', () => (pen && pen.role === role && pen.color === color ? choosePen(null, null) : choosePen(piece, button)));
    return button;
  });
}

/** Puts the pen's piece on a clicked square, or takes it off when the same piece stands there. */
function place(key: Key, written: () => void): void {
  if (pen === null || board === null) return;
  const there = board.state.pieces.get(key);
  const same = there && there.role === pen.role && there.color === pen.color;
  board.setPieces(new Map([[key, same ? undefined : { ...pen }]]));
  setTimeout(() => board?.selectSquare(null));
  written();
}

/** Builds the editor (hidden until opened); `write` receives the FEN after every change. */
export function setupEditor(write: (fen: string) => void, initial: () => string | null): void {
  const open = $<HTMLButtonElement>('#editor-open');
  const written = (): void => write(editorFen());
  const rows = editor().querySelectorAll<HTMLElement>('.palette');
  rows.forEach(row => row.replaceChildren(...paletteRow(row.dataset.color as 'white' | 'black')));
  open.addEventListener('click', () => {
    const opening = editor().hidden;
    editor().hidden = !opening;
    open.setAttribute('aria-expanded', String(opening));
    open.textContent = t(opening ? 'editor.close' : 'editor.open');
    if (!opening) return showPreview(checkedPosition()?.fen ?? null);
    showPreview(null);
    if (board === null) {
      board = Chessground(document.getElementById('editor-board')!, {
        fen: START_FEN,
        orientation: 'white',
        coordinates: true,
        movable: { free: true, color: 'both', showDests: false },
        premovable: { enabled: false },
        draggable: { enabled: true, showGhost: true, deleteOnDropOff: true },
        highlight: { lastMove: false, check: false },
        animation: { enabled: true, duration: 120 },
        drawable: { enabled: false },
        events: { change: written, select: key => place(key, written) },
      });
    }
    load(initial() ?? START_FEN);
    written();
  });
  editor().addEventListener('click', ev => {
    const action = (ev.target as HTMLElement).closest<HTMLElement>('[data-editor]')?.dataset.editor;
    if (action === 'clear') load(EMPTY_FEN);
    else if (action === 'initial') load(START_FEN);
    else return;
    written();
  });
  turnSelect().addEventListener('change', () => {
    fillEnPassant('-');
    written();
  });
  epSelect().addEventListener('change', written);
  for (const l of ['K', 'Q', 'k', 'q']) castle(l).addEventListener('change', written);
  fillEnPassant('-');
}
