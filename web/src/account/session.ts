// Who is logged in (GET /api/account), kept for the page: the header item shows the name, every POST carries the
// session's CSRF token (http.ts). Accounts are optional: nobody logged in is the normal case.
import { api, setCsrfToken } from '../http';
import { t } from '../i18n';

export interface AccountInfo {
  id: string;
  username: string;
  email?: string;
  created_ms?: number;
  profile?: Profile;
}

export interface Profile {
  display_name: string;
  federation: string;
  fide_id: string;
  language: string;
  claimed_title?: string;
}

interface AccountAnswer {
  account: AccountInfo | null;
  csrf?: string;
}

let me: AccountInfo | null = null;
const listeners: (() => void)[] = [];

export function account(): AccountInfo | null {
  return me;
}

export function onAccountChange(listener: () => void): void {
  listeners.push(listener);
}

/** Takes the answer of GET /api/account, a log-in or a registration. */
export function setAccount(answer: AccountAnswer): void {
  me = answer.account;
  setCsrfToken(answer.account ? (answer.csrf ?? '') : '');
  showHeader();
  for (const l of listeners) l();
}

export async function loadAccount(): Promise<AccountInfo | null> {
  const answer = await api<AccountAnswer>('/api/account');
  setAccount(answer.ok ? answer.value : { account: null });
  return me;
}

/** The header item: "Log in", or the logged-in name (a link to the account page either way). */
export function showHeader(): void {
  const link = document.getElementById('btn-account') as HTMLAnchorElement | null;
  if (!link) return;
  const label = link.querySelector('.label') as HTMLElement;
  if (me) {
    label.textContent = me.username;
    link.setAttribute('aria-label', t('account.header.loggedIn', { name: me.username }));
    link.title = t('account.header.loggedIn', { name: me.username });
  } else {
    label.textContent = t('account.header.login');
    link.removeAttribute('aria-label');
    link.title = t('account.header.login');
  }
}
