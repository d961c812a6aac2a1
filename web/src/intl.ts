// Language-dependent formatting through the Intl APIs (numbers, dates, clock readings) and the choice of a
// language from the browser's list. No catalogue or DOM here, so the node tests can load it.

/** The first supported language among the browser's, by primary subtag ("pl-PL" -> "pl"); else English. */
export function fromBrowser(languages: readonly string[], supported: readonly string[]): string {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (supported.includes(primary)) return primary;
  }
  return 'en';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(lang: string, n: number, options: Intl.NumberFormatOptions = {}): string {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/** The language's decimal separator ("." in English, "," in Polish, German, Russian...). */
export function decimalSeparator(lang: string): string {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find(p => p.type === 'decimal')?.value ?? '.';
}

export function formatDateTime(lang: string, when: Date): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(when);
}

/**
 * A chess clock reading: h:mm:ss, m:ss, and tenths under ten seconds with the language's decimal separator.
 * The digits and the separator come from Intl; the colon is the clock form every one of these languages uses.
 */
export function formatClockIn(lang: string, ms: number): string {
  const tenths = ms < 10_000;
  const total = tenths ? Math.floor(ms / 100) : Math.ceil(ms / 1000) * 10;
  const seconds = Math.floor(total / 10);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number): string => formatNumber(lang, n, { minimumIntegerDigits: 2, useGrouping: false });
  const one = (n: number): string => formatNumber(lang, n, { useGrouping: false });
  if (h > 0) return `${one(h)}:${two(m)}:${two(s)}`;
  return tenths ? `${one(m)}:${two(s)}${decimalSeparator(lang)}${one(total % 10)}` : `${one(m)}:${two(s)}`;
}
