// The languages the app speaks: every catalogue in web/i18n/ is bundled (they are small), the language is
// the player's choice when made (remembered), else the first of the browser's languages that has a
// catalogue, else English. Numbers, dates and clocks are formatted by the Intl APIs in that language.
import bg from '../i18n/bg.json';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import lv from '../i18n/lv.json';
import pl from '../i18n/pl.json';
import ru from '../i18n/ru.json';
import uk from '../i18n/uk.json';
import { setCatalogue, type Catalogue } from './i18n';
import { fromBrowser } from './intl';

export const CATALOGUES: Record<string, Catalogue> = { en, pl, lv, bg, uk, ru, de };
export const LANGS = Object.keys(CATALOGUES);

const KEY = 'tabiya.lang';

export function chosenLanguage(): string | null {
  try {
    const saved = localStorage.getItem(KEY);
    return saved !== null && saved in CATALOGUES ? saved : null;
  } catch {
    return null;
  }
}

export function setChosenLanguage(code: string): void {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage disabled: the choice lasts this page only.
  }
}

/** Picks the language at start-up: ?lang=xx, then the saved choice, then the browser's languages. */
export function startLanguage(): string {
  const asked = new URLSearchParams(location.search).get('lang');
  const code = asked !== null && asked in CATALOGUES ? asked : (chosenLanguage() ?? fromBrowser(navigator.languages ?? [navigator.language], LANGS));
  setCatalogue(code, CATALOGUES[code]!);
  return code;
}

/** Each language's own name, from its catalogue, for the language switch. */
export function nativeName(code: string): string {
  return CATALOGUES[code]?.['lang.name'] ?? code;
}

export { decimalSeparator, formatClockIn, formatDateTime, formatNumber } from './intl';
