// The status line above the board, the notice under it, and the result box of a finished game with its
// article linked to the rules page in the page's language. Renders only.
import { language, t } from '../i18n';
import { formatDateTime } from '../lang';
import type { Result } from '../protocol';
import { rulesLink } from '../rules';
import { colorName, resultArticle, resultHeadline, resultReason } from '../words';
import type { GameState } from './state';

const $ = (id: string): HTMLElement => document.getElementById(id)!;

export function setStatus(text: string): void {
  const el = $('status');
  if (el.textContent !== text) el.textContent = text;
}

export function showNotice(text: string, isError: boolean): void {
  const el = $('notice');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

export function statusText(state: GameState): string {
  const g = state.game!;
  let text: string;
  if (g.status === 'over' && g.result) text = `${resultHeadline(g.result)}. ${resultReason(g.result)}`;
  else if (g.status === 'waiting') text = t('status.waiting');
  else if (g.robot && g.robot.queue > 0) text = t('status.robotQueue', { queue: g.robot.queue });
  else if (g.robot?.thinking && g.players[g.turn].kind === 'robot') text = t('status.robotThinking');
  else if (state.you.length === 1 && state.you[0] === g.turn) text = t('status.yourMove');
  else text = t('status.toMove', { color: colorName(g.turn) });
  if (state.you.length === 0 && g.status !== 'over') text += ` · ${t('status.spectating')}`;
  if (g.deadline && g.status === 'playing') text += ` · ${t('clock.deadline', { time: formatDateTime(language(), new Date(g.deadline)) })}`;
  return text;
}

/** The result box; false (and hidden) while the game is not over. */
export function renderResult(result: Result | null): boolean {
  const box = $('result');
  if (result === null) {
    box.hidden = true;
    return false;
  }
  box.hidden = false;
  (box.querySelector('.headline') as HTMLElement).textContent = resultHeadline(result);
  (box.querySelector('.reason') as HTMLElement).textContent = resultReason(result);
  const article = box.querySelector('.article') as HTMLElement;
  const words = resultArticle(result);
  const href = words ? rulesLink(language(), result.termination) : null;
  if (href) {
    const a = document.createElement('a');
    a.href = href;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = words;
    article.replaceChildren(a);
  } else article.textContent = words;
  $('claim-with-move').hidden = true;
  return true;
}
