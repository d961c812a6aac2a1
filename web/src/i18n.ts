// Every string the app shows comes from a message catalogue (web/i18n/LANG.json): flat keys, values with
// {name} placeholders. English is bundled; other languages can be added as catalogues with the same keys.
import en from '../i18n/en.json';

export type Catalogue = Record<string, string>;

let messages: Catalogue = en as Catalogue;
let lang = 'en';

export function setCatalogue(code: string, catalogue: Catalogue): void {
  lang = code;
  messages = catalogue;
  document.documentElement.lang = code;
}

export function language(): string {
  return lang;
}

/** The message `key` with its {placeholders} filled; a missing key shows itself so it is noticed. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const text = messages[key] ?? (en as Catalogue)[key];
  if (text === undefined) {
    console.error(`i18n: missing key ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? num(value) : value;
  });
}

/** A number in the language's digits and separators (Intl), grouped from five digits on (Elo 1507). */
export function num(n: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(lang, { useGrouping: 'min2', ...options } as Intl.NumberFormatOptions).format(n);
}

export function has(key: string): boolean {
  return key in messages || key in (en as Catalogue);
}

/**
 * Fills the elements under `root` that name a key: data-i18n (text), data-i18n-aria (aria-label),
 * data-i18n-title (title), data-i18n-placeholder (placeholder).
 */
export function applyI18n(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-i18n]').forEach(el => (el.textContent = t(el.dataset.i18n!)));
  root.querySelectorAll<HTMLElement>('[data-i18n-aria]').forEach(el => el.setAttribute('aria-label', t(el.dataset.i18nAria!)));
  root.querySelectorAll<HTMLElement>('[data-i18n-title]').forEach(el => (el.title = t(el.dataset.i18nTitle!)));
  root
    .querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[data-i18n-placeholder]')
    .forEach(el => (el.placeholder = t(el.dataset.i18nPlaceholder!)));
}
