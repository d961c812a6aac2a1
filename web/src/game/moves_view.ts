// The move list: numbered pairs from the start position's move number, each move as the server named it,
// shown in the player's notation (`name`). Renders only.
import { t } from '../i18n';
import type { Game, MoveRecord } from '../protocol';

export function renderMoves(g: Game, name: (m: MoveRecord) => string): void {
  const list = document.getElementById('moves')!;
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
  list.parentElement!.scrollTop = list.parentElement!.scrollHeight;
}
