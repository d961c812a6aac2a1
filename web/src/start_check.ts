// The New game form's start position, seen before the game starts: the FEN or PGN in the form is sent to the
// server (POST /api/position/check, docs/protocol.md "Start positions"), which answers the position play would
// begin from (shown on a small board) or why it refuses it, worded here from the problem's code and data.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import { api, type ApiError } from './http';
import { has, t } from './i18n';
import { PROTOCOL_VERSION, type Color } from './protocol';
import { apiErrorText, colorName } from './words';

export interface CheckedPosition {
  fen: string;
  start_fen: string;
  plies: number;
  turn: Color;
}

/** The start field of a create (or check) request from the form's text: a one-line FEN, else PGN, else none. */
export function startFields(text: string): { fen?: string; pgn?: string } {
  const start = text.trim();
  if (start === '') return {};
  // A FEN is one line of four or six fields starting with the placement; anything else is taken as PGN.
  if (/^[pnbrqkPNBRQK1-8/]+ [wb] /.test(start) && !start.includes('\n')) return { fen: start };
  return { pgn: start };
}

/** A refused start position in words: the server's problem code with its data, else the error as any other. */
export function startErrorText(failure: ApiError): string {
  const problem = failure.data.problem;
  if (typeof problem !== 'string') return apiErrorText(failure);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(failure.data)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  for (const k of ['color', 'turn']) if (params[k] === 'white' || params[k] === 'black') params[k] = colorName(params[k]);
  const color = failure.data.color;
  if (typeof color === 'string' && has(`position.problem.${problem}.${color}`)) return t(`position.problem.${problem}.${color}`, params);
  if (has(`position.problem.${problem}`)) return t(`position.problem.${problem}`, params);
  return apiErrorText(failure);
}

let preview: Api | null = null;
let asked = 0;
let lastGood: CheckedPosition | null = null;

/** The last position the server accepted for the text now in the form, or null. */
export function checkedPosition(): CheckedPosition | null {
  return lastGood;
}

/** Shows the start position on the small board (not while the editor, a board itself, is open); null hides it. */
export function showPreview(fen: string | null): void {
  const box = document.getElementById('start-preview')!;
  box.hidden = fen === null || document.getElementById('editor')?.hidden === false;
  if (fen === null) return;
  if (preview === null) preview = Chessground(box, { fen, viewOnly: true, coordinates: false, animation: { enabled: false } });
  else preview.set({ fen });
}

/** Asks the server about the text now in the form and shows its answer; older answers are dropped. */
export async function checkStart(text: string): Promise<void> {
  const line = document.getElementById('start-check')!;
  const fields = startFields(text);
  const mine = ++asked;
  lastGood = null;
  if (!fields.fen && !fields.pgn) {
    line.textContent = '';
    line.classList.remove('error');
    showPreview(null);
    return;
  }
  const answer = await api<CheckedPosition>('/api/position/check', { method: 'POST', body: { v: PROTOCOL_VERSION, ...fields } });
  if (mine !== asked) return;
  if (answer.ok) {
    lastGood = answer.value;
    line.textContent = t(`${answer.value.plies > 0 ? 'position.checkedAfter' : 'position.checked'}.${answer.value.turn}`);
    line.classList.remove('error');
    showPreview(answer.value.fen);
  } else {
    line.textContent = startErrorText(answer.failure);
    line.classList.add('error');
    showPreview(null);
  }
}

/** Checks the form's start text as it is typed or pasted (a short pause first, not every keystroke). */
export function setupStartCheck(textarea: HTMLTextAreaElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  textarea.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void checkStart(textarea.value), 250);
  });
  void checkStart(textarea.value);
}
