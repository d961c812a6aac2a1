// The New game form: filled from and saved to localStorage, turned into the protocol's create request.
import { setupEditor } from './editor';
import { api } from './http';
import { t } from './i18n';
import { PROTOCOL_VERSION, type CreateGameRequest } from './protocol';
import { checkedPosition, setupStartCheck, startFields } from './start_check';
import { settings, type NewGameSettings } from './store';

/** The robot's levels, 1 (weakest) to 10; their Elo comes from the server (GET /api/levels). */
const LEVELS = Array.from({ length: 10 }, (_, i) => i + 1);

export const PRESETS: { group: string; times: string[] }[] = [
  { group: 'newGame.time.blitz', times: ['3+2', '5+3'] },
  { group: 'newGame.time.rapid', times: ['10+5', '15+10', '25+10'] },
  { group: 'newGame.time.standard', times: ['90+30', '40/90+30:30+30'] },
];

const form = (): HTMLFormElement => document.getElementById('newgame') as HTMLFormElement;
const field = <T extends HTMLElement>(name: string): T => form().elements.namedItem(name) as unknown as T;

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

function presetLabel(time: string): string {
  const m = /^(\d+)\+(\d+)$/.exec(time);
  return m ? t('newGame.time.preset', { minutes: m[1]!, seconds: m[2]! }) : t('newGame.time.presetPeriods');
}

/** Fills the selects whose options come from data, then the fields from the saved settings. */
export function setupForm(onSubmit: (request: CreateGameRequest) => void): void {
  const level = field<HTMLSelectElement>('level');
  level.replaceChildren(...LEVELS.map(n => option(String(n), t('newGame.levelPlain', { level: n }))));
  void showLevelElo(level);
  const time = field<HTMLSelectElement>('time');
  const groups = PRESETS.map(p => {
    const g = document.createElement('optgroup');
    g.label = t(p.group);
    g.append(...p.times.map(x => option(`preset:${x}`, `${x} · ${presetLabel(x)}`)));
    return g;
  });
  const other = document.createElement('optgroup');
  other.label = t('newGame.time.other');
  other.append(option('custom', t('newGame.time.custom')), option('days', t('newGame.time.days')), option('none', t('newGame.time.none')));
  time.replaceChildren(...groups, other);
  const days = field<HTMLSelectElement>('days');
  days.replaceChildren(...Array.from({ length: 14 }, (_, i) => option(String(i + 1), t(i === 0 ? 'newGame.day' : 'newGame.daysMany', { days: i + 1 }))));

  fill(settings.load());
  const start = field<HTMLTextAreaElement>('start');
  const writeStart = (fen: string): void => {
    start.value = fen;
    start.dispatchEvent(new Event('input', { bubbles: true }));
  };
  setupEditor(writeStart, () => startFields(start.value).fen ?? checkedPosition()?.fen ?? null);
  setupStartCheck(start);
  const f = form();
  f.addEventListener('change', ev => {
    const target = ev.target as HTMLElement;
    if (['customMinutes', 'customBonus', 'customKind'].includes((target as HTMLInputElement).name)) composeCustom();
    settings.save(read());
    showRelevant();
  });
  f.addEventListener('input', () => settings.save(read()));
  f.addEventListener('submit', ev => {
    ev.preventDefault();
    const s = read();
    settings.save(s);
    onSubmit(toRequest(s));
  });
  showRelevant();
}

/** Names each level with the Elo the server measured for it; without an answer the levels stay unnamed. */
async function showLevelElo(select: HTMLSelectElement): Promise<void> {
  const answer = await api<{ levels: { level: number; elo: number }[] }>('/api/levels');
  if (!answer.ok || !Array.isArray(answer.value.levels)) return;
  const levels = answer.value.levels;
  for (const { level, elo } of levels) {
    const o = [...select.options].find(x => x.value === String(level));
    if (o && Number.isFinite(elo)) o.textContent = t('newGame.levelOption', { level, elo });
  }
}

function composeCustom(): void {
  const minutes = field<HTMLInputElement>('customMinutes').value || '0';
  const bonus = field<HTMLInputElement>('customBonus').value || '0';
  const kind = field<HTMLSelectElement>('customKind').value;
  field<HTMLInputElement>('custom').value = `${minutes}${kind}${bonus}`;
}

function fill(s: NewGameSettings): void {
  const f = form();
  (f.querySelector(`input[name=opponent][value=${s.opponent}]`) as HTMLInputElement).checked = true;
  (f.querySelector(`input[name=color][value=${s.color}]`) as HTMLInputElement).checked = true;
  field<HTMLSelectElement>('level').value = String(s.level);
  field<HTMLInputElement>('turnBoard').checked = s.turnBoard;
  field<HTMLSelectElement>('time').value = s.timeMode === 'preset' ? `preset:${s.preset}` : s.timeMode;
  if (field<HTMLSelectElement>('time').value === '') field<HTMLSelectElement>('time').value = 'preset:5+3';
  field<HTMLInputElement>('custom').value = s.custom;
  const m = /^(\d+)([+db])(\d+)$/.exec(s.custom);
  field<HTMLInputElement>('customMinutes').value = m ? m[1]! : '';
  field<HTMLInputElement>('customBonus').value = m ? m[3]! : '';
  field<HTMLSelectElement>('customKind').value = m ? m[2]! : '+';
  field<HTMLSelectElement>('days').value = String(s.days);
  field<HTMLSelectElement>('variant').value = s.variant;
  field<HTMLInputElement>('chess960').value = s.chess960 === null ? '' : String(s.chess960);
  field<HTMLSelectElement>('rules').value = s.rules;
  field<HTMLInputElement>('casual').checked = s.casual;
  field<HTMLTextAreaElement>('start').value = s.start;
}

function read(): NewGameSettings {
  const f = form();
  const checked = (name: string): string => (f.querySelector(`input[name=${name}]:checked`) as HTMLInputElement | null)?.value ?? '';
  const time = field<HTMLSelectElement>('time').value;
  const n960 = field<HTMLInputElement>('chess960').value.trim();
  return {
    opponent: (checked('opponent') || 'robot') as NewGameSettings['opponent'],
    level: Number(field<HTMLSelectElement>('level').value) || 1,
    color: (checked('color') || 'white') as NewGameSettings['color'],
    timeMode: time.startsWith('preset:') ? 'preset' : (time as NewGameSettings['timeMode']),
    preset: time.startsWith('preset:') ? time.slice(7) : settings.load().preset,
    custom: field<HTMLInputElement>('custom').value.trim(),
    days: Number(field<HTMLSelectElement>('days').value) || 3,
    variant: field<HTMLSelectElement>('variant').value as NewGameSettings['variant'],
    chess960: n960 === '' ? null : Math.max(0, Math.min(959, Math.trunc(Number(n960)))),
    rules: field<HTMLSelectElement>('rules').value,
    casual: field<HTMLInputElement>('casual').checked,
    start: field<HTMLTextAreaElement>('start').value,
    turnBoard: field<HTMLInputElement>('turnBoard').checked,
  };
}

function showRelevant(): void {
  const s = read();
  const f = form();
  f.querySelectorAll<HTMLElement>('[data-for]').forEach(el => (el.hidden = !el.dataset.for!.split(' ').includes(s.opponent)));
  f.querySelectorAll<HTMLElement>('[data-time]').forEach(el => (el.hidden = el.dataset.time !== s.timeMode));
  f.querySelectorAll<HTMLElement>('[data-variant]').forEach(el => (el.hidden = el.dataset.variant !== s.variant));
}

export function toRequest(s: NewGameSettings): CreateGameRequest {
  const r: CreateGameRequest = { v: PROTOCOL_VERSION, opponent: s.opponent, rules: s.rules, casual: s.casual, variant: s.variant };
  if (s.opponent === 'robot') r.level = s.level;
  if (s.opponent !== 'hotseat') r.color = s.color;
  if (s.timeMode === 'preset') r.time = s.preset;
  else if (s.timeMode === 'custom') r.time = s.custom;
  else if (s.timeMode === 'days') r.days = s.days;
  else r.time = 'none';
  if (s.variant === 'chess960') r.chess960 = s.chess960;
  else Object.assign(r, startFields(s.start));
  return r;
}

export function showForm(visible: boolean): void {
  form().hidden = !visible;
  const error = form().querySelector('.form-error') as HTMLElement;
  error.hidden = true;
}

export function formError(text: string): void {
  const error = form().querySelector('.form-error') as HTMLElement;
  error.textContent = text;
  error.hidden = text === '';
}
