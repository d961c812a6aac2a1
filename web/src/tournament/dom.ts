// Small DOM builders of the tournament pages, and the two regions they swap (the tournament and the game).
import { t } from '../i18n';

export const root = (): HTMLElement => document.getElementById('tournament')!;
export const layout = (): HTMLElement => document.querySelector<HTMLElement>('main.layout')!;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

export function field(label: string, input: HTMLElement): HTMLLabelElement {
  return el('label', { class: 'field' }, el('span', {}, label), input);
}

export function copyRow(label: string, value: string, id: string): HTMLElement {
  const input = el('input', { type: 'text', readonly: '', id, value });
  const button = el('button', { type: 'button', class: 'btn' }, t('links.copy'));
  button.addEventListener('click', () => {
    input.select();
    const done = (): void => {
      button.textContent = t('links.copied');
      window.setTimeout(() => (button.textContent = t('links.copy')), 1500);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(value).then(done, done);
    else {
      document.execCommand('copy');
      done();
    }
  });
  return el('div', { class: 'link' }, el('label', { for: id }, label), el('div', { class: 'copy-row' }, input, button));
}
