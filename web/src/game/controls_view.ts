// The buttons of a game being played: draw offers (Art. 9.1), takebacks in casual games, claims by the
// player having the move (Art. 9.2, 9.3) and resignation (two presses). Renders only: each button calls
// back into `ControlHandlers`, which send the requests.
import { t } from '../i18n';
import { opposite, type Color } from '../protocol';
import { colorName } from '../words';
import type { ClaimGround, OfferAction, OfferKind } from './actions';
import { actor, firstMoveLeft, opponentAway, type GameState } from './state';

export interface ControlHandlers {
  offer(kind: OfferKind, action: OfferAction, color: Color): void;
  claim(ground: ClaimGround): void;
  /** The first press arms the resign button, the second resigns. */
  resign(): void;
  /** The fair start: ends the game without a result. */
  abort(color: Color): void;
  /** The opponent is gone: the win or a draw. */
  opponentGone(claim: 'win' | 'draw'): void;
}

function button(label: string, onClick: () => void, cls: string, name: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = label;
  b.dataset.action = name;
  b.addEventListener('click', onClick);
  return b;
}

function line(text: string): HTMLElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

const KEYS = {
  draw: { offered: 'action.drawOffered', offeredYou: 'action.drawOfferedYou', accept: 'action.acceptDraw', decline: 'action.declineDraw', offer: 'action.offerDraw' },
  takeback: { offered: 'action.takebackOffered', offeredYou: 'action.takebackOfferedYou', accept: 'action.acceptTakeback', decline: 'action.declineTakeback', offer: 'action.offerTakeback' },
} as const;

/** The seat of this client that may abort now (the side to move first in hot-seat), or null. */
function abortSeat(state: GameState): Color | null {
  const g = state.game;
  if (g === null || g.status === 'over') return null;
  const mine = state.you.filter(c => (g.abortable ?? []).includes(c));
  return mine.includes(g.turn) ? g.turn : (mine[0] ?? null);
}

export function renderControls(state: GameState, resignArmed: boolean, on: ControlHandlers, now: number): void {
  const g = state.game;
  if (g === null) return;
  const actions: HTMLElement[] = [];
  const offers: HTMLElement[] = [];
  const playing = g.status === 'playing' && state.you.length > 0;
  const me = actor(state);
  const hotseat = state.you.length === 2;
  const $ = (id: string): HTMLElement => document.getElementById(id)!;
  $('claim-with-move').hidden = !(playing && state.you.includes(g.turn));
  $('move-form').hidden = !playing;
  if (playing && me !== null) {
    const kinds: OfferKind[] = g.casual && g.moves.length > 0 ? ['draw', 'takeback'] : ['draw'];
    for (const kind of kinds) {
      const keys = KEYS[kind];
      const standing = g.offers[kind];
      if (standing !== null && (hotseat || standing !== me)) {
        const to = opposite(standing);
        offers.push(line(t(keys.offered, { color: colorName(standing) })));
        offers.push(button(t(keys.accept), () => on.offer(kind, 'accept', to), 'btn primary', `accept-${kind}`));
        offers.push(button(t(keys.decline), () => on.offer(kind, 'decline', to), 'btn', `decline-${kind}`));
      } else if (standing === me) offers.push(line(t(keys.offeredYou)));
      else actions.push(button(t(keys.offer), () => on.offer(kind, 'offer', me), 'btn', `offer-${kind}`));
    }
    if (state.you.includes(g.turn)) {
      if (g.claims.threefold) actions.push(button(t('action.claimThreefold'), () => on.claim('threefold'), 'btn', 'claim-threefold'));
      if (g.claims.fifty) actions.push(button(t('action.claimFifty'), () => on.claim('fifty'), 'btn', 'claim-fifty'));
    }
    actions.push(button(t(resignArmed ? 'action.resignConfirm' : 'action.resign'), () => on.resign(), resignArmed ? 'btn danger' : 'btn', 'resign'));
    const away = opponentAway(state, now);
    if (away !== null) {
      offers.push(line(t(away.ms > 0 ? 'action.opponentAway' : 'action.opponentGone')));
      if (away.ms === 0) {
        offers.push(button(t('action.claimVictory'), () => on.opponentGone('win'), 'btn primary', 'claim-victory'));
        offers.push(button(t('action.callDraw'), () => on.opponentGone('draw'), 'btn', 'call-draw'));
      }
    }
  }
  const aborter = abortSeat(state);
  if (aborter !== null) actions.unshift(button(t('action.abort'), () => on.abort(aborter), 'btn', 'abort'));
  $('actions').replaceChildren(...actions);
  $('offers').replaceChildren(...offers);
  // The invitation is done once the invited player has come: the box leaves the game's page.
  if (g.status !== 'waiting') $('invite-link').hidden = true;
}

/** The fair start's countdown, shown to the side whose first move is due (a timer element: read on request). */
export function renderFirstMove(state: GameState, now: number): void {
  const el = document.getElementById('first-move')!;
  const due = firstMoveLeft(state, now);
  const mine = due !== null && state.you.includes(due.color);
  el.hidden = !mine;
  if (!mine) return;
  const seconds = Math.ceil(due.ms / 1000);
  const key = state.game?.tournament ? 'action.firstMoveEvent' : 'action.firstMove';
  const text = t(key, { seconds, color: colorName(due.color) });
  if (el.textContent !== text) el.textContent = text;
}
