// What the browser remembers across visits (localStorage), each under one key with a version-free JSON
// value. Reads never throw: a blocked or corrupt storage gives the defaults.
import type { NotationStyle } from './notation';
import type { Color, CreateGameRequest } from './protocol';

const PREFIX = 'tabiya.';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app works, it only forgets.
  }
}

export interface NewGameSettings {
  opponent: 'robot' | 'hotseat' | 'invite';
  level: number;
  color: Color | 'random';
  timeMode: 'preset' | 'custom' | 'days' | 'none';
  preset: string;
  custom: string;
  days: number;
  variant: 'standard' | 'chess960';
  chess960: number | null;
  rules: string;
  casual: boolean;
  start: string;
  turnBoard: boolean;
}

export const DEFAULT_SETTINGS: NewGameSettings = {
  opponent: 'robot',
  level: 1,
  color: 'white',
  timeMode: 'preset',
  preset: '5+3',
  custom: '10+5',
  days: 3,
  variant: 'standard',
  chess960: null,
  rules: 'fide-2018',
  casual: true,
  start: '',
  turnBoard: true,
};

export const settings = {
  load: (): NewGameSettings => ({ ...DEFAULT_SETTINGS, ...read<Partial<NewGameSettings>>('newgame', {}) }),
  save: (s: NewGameSettings): void => write('newgame', s),
};

export const prefs = {
  sound: (): boolean => read('sound', true),
  setSound: (on: boolean): void => write('sound', on),
  figurines: (): boolean => read('figurines', false),
  setFigurines: (on: boolean): void => write('figurines', on),
  /** How moves are shown: the language's letters, figurines or ICCF numeric (figurines if chosen before). */
  notation: (): NotationStyle => {
    const style = read<string>('notation', read('figurines', false) ? 'figurines' : 'letters');
    return style === 'figurines' || style === 'iccf' ? style : 'letters';
  },
  setNotation: (style: NotationStyle): void => write('notation', style),
};

/** Seat tokens per game id, and the invite token the creator passes on. */
export const seats = {
  get: (id: string): string[] => read<string[]>(`seats.${id}`, []),
  add: (id: string, tokens: string[]): void => {
    const all = new Set([...seats.get(id), ...tokens.filter(x => x.length > 0)]);
    write(`seats.${id}`, [...all]);
  },
  invite: (id: string): string | null => read<string | null>(`invite.${id}`, null),
  setInvite: (id: string, token: string): void => write(`invite.${id}`, token),
  request: (id: string): CreateGameRequest | null => read<CreateGameRequest | null>(`request.${id}`, null),
  setRequest: (id: string, request: CreateGameRequest): void => write(`request.${id}`, request),
};

/** The last game opened on this device, so the start page can lead back to it. */
export const current = {
  get: (): string | null => read<string | null>('current', null),
  set: (id: string | null): void => write('current', id),
};
