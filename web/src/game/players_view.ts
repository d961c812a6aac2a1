// The two player bars: names, presence of a person who is not this client, and the clocks (counted down
// between the server's readings). Renders only.
import { language, t } from '../i18n';
import { formatClockIn } from '../lang';
import { opposite, type Color } from '../protocol';
import { colorName } from '../words';
import type { GameState } from './state';

export const LOW_TIME_MS = 20_000;

const $ = (id: string): HTMLElement => document.getElementById(id)!;

/** The player bars from the bottom one (the side of `bottom`) to the top one. */
function bars(bottom: Color): [HTMLElement, Color][] {
  return [
    [$('player-bottom'), bottom],
    [$('player-top'), opposite(bottom)],
  ];
}

function playerName(state: GameState, c: Color): string {
  const p = state.game!.players[c];
  if (p.name) return p.name;
  if (p.kind === 'robot') return p.elo ? t('player.robotElo', { level: p.level ?? '?', elo: p.elo }) : t('player.robot', { level: p.level ?? '?' });
  if (state.you.length === 1 && state.you[0] === c) return t('player.you');
  return colorName(c);
}

export function renderPlayers(state: GameState, bottom: Color): void {
  const g = state.game;
  if (g === null) return;
  for (const [el, c] of bars(bottom)) {
    el.dataset.color = c;
    (el.querySelector('.name') as HTMLElement).textContent = playerName(state, c);
    const presence = el.querySelector('.presence') as HTMLElement;
    const p = g.players[c];
    const showPresence = p.kind === 'human' && !state.you.includes(c);
    presence.hidden = !showPresence;
    presence.className = `presence ${p.connected ? 'on' : 'off'}`;
    presence.textContent = showPresence ? t(p.connected ? 'player.connected' : 'player.disconnected') : '';
    (el.querySelector('.clock') as HTMLElement).setAttribute('aria-label', t('clock.label', { color: colorName(c) }));
  }
}

/** Both clocks at the given readings (null: no clock). */
export function renderClocks(state: GameState, bottom: Color, reading: (c: Color) => number | null): void {
  const g = state.game;
  if (g === null) return;
  for (const [el, c] of bars(bottom)) {
    const clockEl = el.querySelector('.clock') as HTMLElement;
    const ms = reading(c);
    if (ms === null) {
      clockEl.hidden = true;
      continue;
    }
    clockEl.hidden = false;
    const text = formatClock(ms);
    if (clockEl.textContent !== text) clockEl.textContent = text;
    clockEl.classList.toggle('running', g.clock?.running === c && g.status === 'playing');
    clockEl.classList.toggle('low', ms < LOW_TIME_MS && g.status === 'playing');
  }
}

export function formatClock(ms: number): string {
  return formatClockIn(language(), ms);
}
