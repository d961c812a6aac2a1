// The move list: numbered pairs from the start position's move number, each move as the server named it,
// shown in the player's notation (`name`), the move of the shown position marked; a click on a move shows
// the position after it (`jump`). Renders only.
import { t } from '../i18n';
import type { Game, MoveRecord } from '../protocol';
import type { Shown } from './navigation';

export function renderMoves(g: Game, name: (m: MoveRecord) => string, shown: Shown = null, jump?: (ply: number) => void): void {
  const list = document.getElementById('moves')!;
  const at = shown ?? g.moves.length;
  if (jump)
    list.onclick = ev => {
      const ply = (ev.target as HTMLElement).closest<HTMLElement>('[data-ply]')?.dataset.ply;
      if (ply !== undefined) jump(Number(ply));
    };
  const startBlack = g.start_fen.split(' ')[1] === 'b';
  const startNumber = Number(g.start_fen.split(' ')[5] ?? '1') || 1;
  const items: HTMLElement[] = [];
  let li: HTMLLIElement | null = null;
  g.moves.forEach((m, i) => {
    const plyIndex = i + (startBlack ? 1 : 0);
    if (li === null || plyIndex % 2 === 0) {
      li = document.createElement('li');
      li.value = startNumber + Math.floor(plyIndex / 2);
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${li.value}.`;
      li.append(num);
      if (plyIndex % 2 === 1) {
        const gap = document.createElement('span');
        gap.className = 'san gap';
        gap.textContent = '…';
        li.append(gap);
      }
      items.push(li);
    }
    const san = document.createElement('span');
    san.className = 'san';
    if (i === g.moves.length - 1) san.classList.add('last');
    san.dataset.ply = String(i + 1);
    if (i + 1 === at) {
      san.classList.add('shown');
      san.setAttribute('aria-current', 'step');
    }
    san.textContent = name(m);
    li.append(san);
  });
  if (items.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = t('moves.none');
    items.push(empty);
  }
  list.replaceChildren(...items);
  const box = list.parentElement!;
  if (box.tabIndex !== 0) {
    // The list scrolls (a strip on a phone): the keyboard must reach it (WCAG 2.1.1).
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', t('moves.title'));
  }
  scrollToShown(list.parentElement!, list.querySelector<HTMLElement>('.shown'), shown === null);
}

/** Scrolls the list's box (a column, or a strip on a phone), never the page, to the shown move. */
function scrollToShown(box: HTMLElement, move: HTMLElement | null, live: boolean): void {
  if (live || move === null) {
    box.scrollTop = box.scrollHeight;
    box.scrollLeft = box.scrollWidth;
    return;
  }
  const b = box.getBoundingClientRect();
  const m = move.getBoundingClientRect();
  box.scrollTop += m.top - b.top - (b.height - m.height) / 2;
  box.scrollLeft += m.left - b.left - (b.width - m.width) / 2;
}
