// The one chessground board of the page and the promotion chooser over it.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import type { Color } from './protocol';
import { START_FEN } from './placement';

export type { Api, Key };

let api: Api | null = null;

export function board(): Api {
  if (api === null) {
    api = Chessground(document.getElementById('board')!, {
      fen: START_FEN,
      orientation: 'white',
      coordinates: true,
      movable: { free: false, color: undefined, showDests: true },
      premovable: { enabled: true, showDests: true },
      draggable: { enabled: true, showGhost: true },
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 180 },
      drawable: { enabled: true },
    });
    // chessground keeps the board's place on the page until a scroll or a resize; the page's own changes (a
    // panel opening above, a line of text) move the board without either, and a click would then land on the
    // wrong square. Forget the place before each press, so it is measured again.
    const cg = api;
    for (const type of ['mousedown', 'touchstart'])
      document.getElementById('board')!.addEventListener(type, () => cg.state.dom.bounds.clear(), { capture: true, passive: true });
  }
  return api;
}

/** Asks which piece a pawn becomes; resolves null when the chooser is dismissed. */
export function choosePromotion(color: Color, file: string, orientation: Color): Promise<string | null> {
  const dialog = document.getElementById('promotion')!;
  dialog.querySelectorAll('piece').forEach(p => {
    p.classList.remove('white', 'black');
    p.classList.add(color);
  });
  const column = orientation === 'white' ? file.charCodeAt(0) - 97 : 7 - (file.charCodeAt(0) - 97);
  dialog.style.setProperty('--column', String(column));
  dialog.classList.toggle('from-bottom', color !== orientation);
  dialog.hidden = false;
  (dialog.querySelector('button') as HTMLButtonElement).focus();
  return new Promise(resolve => {
    const done = (role: string | null): void => {
      dialog.hidden = true;
      dialog.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      resolve(role);
    };
    const onClick = (ev: Event): void => {
      const button = (ev.target as HTMLElement).closest('button');
      done(button ? (button.dataset.role ?? null) : null);
    };
    const onKey = (ev: KeyboardEvent): void => {
      if (ev.key === 'Escape') done(null);
    };
    dialog.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
  });
}
