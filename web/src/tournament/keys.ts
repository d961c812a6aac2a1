// The event's secrets (arbiter token, player token, join code, a team captain's token) from the page address's fragment,
// remembered per event in localStorage.
export interface Keys {
  arbiter?: string;
  player?: string;
  join?: string;
  /** A team event's captain (#c=). */
  captain?: string;
}

export function keysOf(id: string): Keys {
  try {
    return JSON.parse(localStorage.getItem(`tabiya.t.${id}`) ?? '{}') as Keys;
  } catch {
    return {};
  }
}

export function saveKeys(id: string, keys: Keys): void {
  try {
    localStorage.setItem(`tabiya.t.${id}`, JSON.stringify(keys));
  } catch {
    // Storage disabled: the link in the address bar still works.
  }
}

export function keysFromFragment(id: string): Keys {
  const keys = keysOf(id);
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = part.split('=');
    if (!v || !/^[A-Za-z0-9_-]{8,64}$/.test(v)) continue;
    if (k === 'a') keys.arbiter = v;
    if (k === 'p') keys.player = v;
    if (k === 'join') keys.join = v;
    if (k === 'c') keys.captain = v;
  }
  saveKeys(id, keys);
  return keys;
}
