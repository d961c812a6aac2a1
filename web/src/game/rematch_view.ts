// The finished game's way on: a rematch offered, answered and followed in a casual invite game (both players
// see it live), "Play again" against the robot and in hot-seat, and a link back to the event in a tournament
// game (neither of the others there). Renders only: the buttons call back into `RematchHandlers`.
import { t } from '../i18n';
import { opposite } from '../protocol';
import { colorName } from '../words';
import type { OfferAction } from './actions';
import type { GameState } from './state';

export interface RematchHandlers {
  rematch(action: OfferAction): void;
  /** The rematch's address with this player's seat, once the server sent it; null before. */
  rematchLink(): string | null;
}

function button(label: string, action: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = primary ? 'btn primary' : 'btn';
  b.textContent = label;
  b.dataset.action = action;
  b.addEventListener('click', onClick);
  return b;
}

function line(text: string): HTMLElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

export function renderRematch(state: GameState, on: RematchHandlers): void {
  const g = state.game;
  const box = document.getElementById('rematch')!;
  const again = document.getElementById('btn-again')!;
  const back = document.getElementById('btn-tournament-back') as HTMLAnchorElement;
  if (g === null || g.status !== 'over') return;
  back.hidden = !g.tournament;
  if (g.tournament) back.href = `/t/${encodeURIComponent(g.tournament.id)}`;
  again.hidden = Boolean(g.tournament) || Boolean(g.rematch);
  const parts: HTMLElement[] = [];
  const r = g.rematch;
  const me = state.you.length === 1 ? state.you[0]! : null;
  if (r && r.game !== null) {
    parts.push(line(t('rematch.started')));
    const href = on.rematchLink() ?? `/g/${encodeURIComponent(r.game)}`;
    const a = document.createElement('a');
    a.className = 'btn primary';
    a.href = href;
    a.dataset.action = 'go-rematch';
    a.textContent = t('rematch.go');
    parts.push(a);
  } else if (r && me !== null) {
    if (r.offer === me) {
      parts.push(line(t('rematch.offeredYou')));
      parts.push(button(t('rematch.withdraw'), 'withdraw-rematch', () => on.rematch('decline')));
    } else if (r.offer === opposite(me)) {
      parts.push(line(t('rematch.offeredBy', { color: colorName(r.offer) })));
      parts.push(button(t('rematch.accept'), 'accept-rematch', () => on.rematch('accept'), true));
      parts.push(button(t('rematch.decline'), 'decline-rematch', () => on.rematch('decline')));
    } else parts.push(button(t('rematch.offer'), 'offer-rematch', () => on.rematch('offer'), true));
  } else if (r && r.offer !== null) parts.push(line(t('rematch.offeredBy', { color: colorName(r.offer) })));
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}
