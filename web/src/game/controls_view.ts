// The buttons of a game being played: draw offers (Art. 9.1), takebacks in casual games, claims by the
// player having the move (Art. 9.2, 9.3) and resignation (two presses). Renders only: each button calls
// back into `ControlHandlers`, which send the requests.
import { t } from '../i18n';
import { opposite, type Color } from '../protocol';
import { colorName } from '../words';
import type { ClaimGround, OfferAction, OfferKind } from './actions';
import { actor, type GameState } from './state';

export interface ControlHandlers {
  offer(kind: OfferKind, action: OfferAction, color: Color): void;
  claim(ground: ClaimGround): void;
  /** The first press arms the resign button, the second resigns. */
  resign(): void;
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

export function renderControls(state: GameState, resignArmed: boolean, on: ControlHandlers): void {
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
  }
  $('actions').replaceChildren(...actions);
  $('offers').replaceChildren(...offers);
  // The invitation is done once the invited player has come: the box leaves the game's page.
  if (g.status !== 'waiting') $('invite-link').hidden = true;
}
