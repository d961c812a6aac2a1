// The buttons that move through the game under the move list: first, previous, next, last, and "back to the
// game" while an earlier position is shown, marked when a move was played meanwhile. Renders only; each button
// calls back with its step.
import { t } from '../i18n';
import type { NavStep, Shown } from './navigation';

export interface NavHandlers {
  step(step: NavStep): void;
  live(): void;
}

// Drawn, not font glyphs: ⏮ and ⏭ are missing from many fonts.
const ICONS: Record<NavStep, string> = {
  first: 'M6 5v14M18 5l-9 7 9 7z',
  prev: 'M16 5l-9 7 9 7z',
  next: 'M8 5l9 7-9 7z',
  last: 'M18 5v14M6 5l9 7-9 7z',
};
const SVG = 'http://www.w3.org/2000/svg';

function icon(step: NavStep): SVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'ico');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[step]);
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linejoin', 'round');
  svg.append(path);
  return svg;
}

/** The handlers of the game shown now: the bar outlives a game (the next one reuses it). */
let current: NavHandlers | null = null;

function bar(): HTMLElement {
  const nav = document.createElement('div');
  nav.id = 'nav';
  nav.className = 'nav';
  nav.setAttribute('role', 'group');
  nav.setAttribute('aria-label', t('nav.title'));
  for (const step of ['first', 'prev', 'next', 'last'] as const) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'btn nav-step';
    b.dataset.nav = step;
    b.append(icon(step));
    b.setAttribute('aria-label', t(`nav.${step}`));
    b.title = t(`nav.${step}`);
    nav.append(b);
  }
  const live = document.createElement('button');
  live.type = 'button';
  live.className = 'btn nav-live';
  live.dataset.nav = 'live';
  nav.append(live);
  // Told to screen readers when a move is played while an earlier position is shown.
  const news = document.createElement('span');
  news.className = 'visually-hidden nav-news';
  news.setAttribute('aria-live', 'polite');
  nav.append(news);
  nav.addEventListener('click', ev => {
    const which = (ev.target as HTMLElement).closest<HTMLElement>('[data-nav]')?.dataset.nav;
    if (which === 'live') current?.live();
    else if (which !== undefined) current?.step(which as NavStep);
  });
  document.querySelector('#game .moves-box')!.after(nav);
  return nav;
}

/** The bar as the shown position says; `missed` counts the moves played since an earlier position was shown. */
export function renderNav(shown: Shown, total: number, missed: number, on: NavHandlers): void {
  current = on;
  const nav = document.getElementById('nav') ?? bar();
  const at = shown ?? total;
  for (const b of nav.querySelectorAll<HTMLButtonElement>('.nav-step')) {
    const step = b.dataset.nav as NavStep;
    b.disabled = step === 'first' || step === 'prev' ? at === 0 : shown === null;
  }
  const live = nav.querySelector<HTMLButtonElement>('.nav-live')!;
  live.hidden = shown === null;
  live.classList.toggle('news', missed > 0);
  const label = missed > 0 ? t('nav.liveNew', { n: missed }) : t('nav.live');
  if (live.textContent !== label) live.textContent = label;
  const news = nav.querySelector<HTMLElement>('.nav-news')!;
  const told = shown !== null && missed > 0 ? t('nav.liveNew', { n: missed }) : '';
  if (news.textContent !== told) news.textContent = told;
}
