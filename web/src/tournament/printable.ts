// The frame of an event's printable page (print.ts, team_print.ts): its name and facts, the print and back
// buttons (not printed), and the event's panels below.
import { t } from '../i18n';
import { el, root } from './dom';

export function showPrintablePage(id: string, name: string, facts: string[], ...panels: HTMLElement[]): void {
  const print = el('button', { type: 'button', class: 'btn primary', id: 'btn-print' }, t('tournament.print.print'));
  print.addEventListener('click', () => window.print());
  const back = el('a', { class: 'btn', href: `/t/${encodeURIComponent(id)}` }, t('tournament.print.back'));
  root().replaceChildren(
    el('div', { class: 'tpage-inner tprint' }, el('header', { class: 'thead' }, el('h1', {}, name), el('p', { class: 'facts' }, facts.join(' · '))), el('div', { class: 'print-actions' }, print, back), ...panels),
  );
}
