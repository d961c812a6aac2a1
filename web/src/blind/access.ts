// The accessibility settings (blind mode, announcement style, the browser's voice and its rate, high-contrast
// board, large board), remembered in localStorage and switched on for one visit by `?blind=1`; the live region
// that announces moves, offers, claims, clock warnings and results; and the optional speech through the Web
// Speech API for players without a screen reader.
import { num, t } from '../i18n';
import { HELP_KEYS } from './commands';
import { STYLES, type Style } from './notation';

export interface AccessPrefs {
  blind: boolean;
  style: Style;
  speech: boolean;
  rate: number;
  contrast: boolean;
  large: boolean;
}

const KEY = 'tabiya.access';
const DEFAULTS: AccessPrefs = { blind: false, style: 'plain', speech: false, rate: 1, contrast: false, large: false };

function load(): AccessPrefs {
  try {
    const raw = localStorage.getItem(KEY);
    const stored = raw === null ? {} : (JSON.parse(raw) as Partial<AccessPrefs>);
    const p = { ...DEFAULTS, ...stored };
    if (!STYLES.includes(p.style)) p.style = 'plain';
    p.rate = Math.min(2, Math.max(0.5, Number(p.rate) || 1));
    return p;
  } catch {
    return { ...DEFAULTS };
  }
}

let current: AccessPrefs = load();
const listeners = new Set<() => void>();

export function access(): AccessPrefs {
  return current;
}

export function setAccess(change: Partial<AccessPrefs>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Storage disabled: the settings hold for this visit.
  }
  apply();
  for (const f of listeners) f();
}

export function onAccessChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function apply(): void {
  const body = document.body.classList;
  body.toggle('blind', current.blind);
  body.toggle('high-contrast', current.contrast);
  body.toggle('large-board', current.large);
  const log = document.getElementById('announcer');
  if (log) log.hidden = !current.blind;
  if (!current.speech && 'speechSynthesis' in window) window.speechSynthesis.cancel();
}

// --- announcing ------------------------------------------------------------------------------------------

const KEEP = 8;

/** Puts `text` into the live region (read by screen readers) and, when chosen, speaks it. */
export function announce(text: string, interrupt = false): void {
  if (!current.blind || text === '') return;
  const log = document.getElementById('announcer');
  if (log) {
    const p = document.createElement('p');
    p.textContent = text;
    log.append(p);
    while (log.childElementCount > KEEP) log.firstElementChild!.remove();
    log.scrollTop = log.scrollHeight;
  }
  speak(text, interrupt);
}

/** Speaks without writing to the live region (a screen reader already reads focused squares). */
export function speak(text: string, interrupt = false): void {
  if (!current.blind || !current.speech || !('speechSynthesis' in window)) return;
  const synth = window.speechSynthesis;
  if (interrupt) synth.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.rate = current.rate;
  u.lang = current.style === 'appendixD' ? 'de' : document.documentElement.lang || 'en';
  synth.speak(u);
}

// --- the settings panel ----------------------------------------------------------------------------------

function check(name: keyof AccessPrefs, label: string, on: boolean): HTMLLabelElement {
  const l = document.createElement('label');
  l.className = 'check';
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.name = `access-${name}`;
  input.checked = on;
  input.addEventListener('change', () => setAccess({ [name]: input.checked }));
  const span = document.createElement('span');
  span.textContent = label;
  l.append(input, span);
  return l;
}

/** Builds the settings panel at the top of the side column, applies the settings and `?blind=`. */
export function setupAccess(): void {
  const blindParam = new URLSearchParams(location.search).get('blind');
  if (blindParam === '1' || blindParam === '0') setAccess({ blind: blindParam === '1' });
  const side = document.querySelector('aside.side')!;
  const log = document.createElement('div');
  log.id = 'announcer';
  log.className = 'announcer panel';
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', t('blind.announcements'));
  log.tabIndex = 0; // it scrolls, so the keyboard must reach it (WCAG 2.1.1)
  side.prepend(log);

  const panel = document.createElement('details');
  panel.id = 'access';
  panel.className = 'panel access';
  const summary = document.createElement('summary');
  summary.textContent = t('blind.settings');
  panel.append(summary);
  const p = current;
  panel.append(check('blind', t('blind.setting.blind'), p.blind));

  const styleLabel = document.createElement('label');
  styleLabel.className = 'field';
  const styleText = document.createElement('span');
  styleText.textContent = t('blind.setting.style');
  const style = document.createElement('select');
  style.name = 'access-style';
  for (const s of STYLES) {
    const o = document.createElement('option');
    o.value = s;
    o.textContent = t(`blind.style.${s}`);
    style.append(o);
  }
  style.value = p.style;
  style.addEventListener('change', () => setAccess({ style: style.value as Style }));
  styleLabel.append(styleText, style);
  panel.append(styleLabel);

  panel.append(check('speech', t('blind.setting.speech'), p.speech));
  const rateLabel = document.createElement('label');
  rateLabel.className = 'field';
  const rateText = document.createElement('span');
  const rate = document.createElement('input');
  rate.type = 'range';
  rate.name = 'access-rate';
  rate.min = '0.5';
  rate.max = '2';
  rate.step = '0.1';
  rate.value = String(p.rate);
  const showRate = (): void => {
    // "1,0" in Polish, "1.0" in English: the language's decimal separator (Intl).
    const shown = num(Number(rate.value), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    rateText.textContent = t('blind.setting.rate', { rate: shown });
    rate.setAttribute('aria-valuetext', shown);
  };
  showRate();
  rate.addEventListener('input', showRate);
  rate.addEventListener('change', () => {
    setAccess({ rate: Number(rate.value) });
    speak(t('blind.setting.rateSample'), true);
  });
  rateLabel.append(rateText, rate);
  panel.append(rateLabel);
  if (!('speechSynthesis' in window)) {
    const note = document.createElement('p');
    note.className = 'help';
    note.textContent = t('blind.setting.noSpeech');
    panel.append(note);
  }
  panel.append(check('contrast', t('blind.setting.contrast'), p.contrast));
  panel.append(check('large', t('blind.setting.large'), p.large));
  const helpButton = document.createElement('button');
  helpButton.type = 'button';
  helpButton.className = 'btn';
  helpButton.id = 'btn-blind-help';
  helpButton.textContent = t('blind.helpButton');
  const helpText = document.createElement('ul');
  helpText.className = 'blind-help';
  helpText.hidden = true;
  helpButton.setAttribute('aria-expanded', 'false');
  helpButton.addEventListener('click', () => {
    helpText.hidden = !helpText.hidden;
    helpButton.setAttribute('aria-expanded', String(!helpText.hidden));
  });
  panel.append(helpButton, helpText);
  side.prepend(panel);
  if (p.blind) panel.open = true;
  fillHelp(helpText);
  apply();
}

function fillHelp(list: HTMLElement): void {
  list.replaceChildren(
    ...HELP_KEYS.map(k => {
      const li = document.createElement('li');
      li.textContent = t(k);
      return li;
    }),
  );
}
