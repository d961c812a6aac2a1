// The account pages: /account (log in or create an account; once logged in, the profile, the password, log-out
// and deletion) and /p/NAME (a player's public profile and games, with filters and the PGN export). The forms
// are plain HTML forms with labels; every answer and refusal is announced in a live region.
import { api, type ApiError } from '../http';
import { t } from '../i18n';
import { LANGS, nativeName } from '../lang';
import { apiErrorText } from '../words';
import { ratingsView } from './ratings';
import { account, loadAccount, setAccount, type AccountInfo } from './session';

const root = (): HTMLElement => document.getElementById('account')!;
const layout = (): HTMLElement => document.querySelector<HTMLElement>('main.layout')!;

type Navigate = (path: string) => void;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

let counter = 0;
function input(label: string, attrs: Record<string, string>, help?: string): { row: HTMLElement; input: HTMLInputElement } {
  const id = `acc-${++counter}`;
  const field = el('input', { id, ...attrs });
  const row = el('div', { class: 'field' }, el('label', { for: id }, label), field);
  if (help) {
    const helpId = `${id}-help`;
    row.append(el('p', { id: helpId, class: 'help' }, help));
    field.setAttribute('aria-describedby', helpId);
  }
  return { row, input: field };
}

/** The words for an account refusal (docs/protocol.md, "Accounts": errors). */
export function accountErrorText(failure: ApiError): string {
  const d = failure.data;
  switch (failure.error) {
    case 'bad_credentials':
      return t('account.error.badCredentials');
    case 'taken':
      return t('account.error.taken');
    case 'bad_username':
      return t('account.error.badUsername', { detail: t(`account.problem.${String(d.problem)}`, { position: Number(d.position ?? 0) + 1 }) });
    case 'bad_password':
      return t('account.error.badPassword');
    case 'rate_limited':
      return t('account.error.rateLimited', { seconds: Number(d.retry_s ?? 60) });
    case 'busy':
      return t('account.error.busy');
    case 'csrf':
    case 'not_logged_in':
      return t('account.error.session');
    case 'unknown_player':
      return t('account.error.unknownPlayer');
    default:
      return apiErrorText(failure);
  }
}

function form(title: string, submit: string, rows: HTMLElement[], onSubmit: (status: HTMLElement) => Promise<void>, cls = ''): HTMLFormElement {
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const button = el('button', { type: 'submit', class: `btn ${cls || 'primary'}` }, submit);
  const f = el('form', { class: 'panel account-form', novalidate: '' }, el('h2', {}, title), ...rows, button, status);
  f.addEventListener('submit', ev => {
    ev.preventDefault();
    button.disabled = true;
    status.textContent = '';
    void onSubmit(status).finally(() => (button.disabled = false));
  });
  return f;
}

function loginForms(navigate: Navigate): HTMLElement {
  const user = input(t('account.username'), { name: 'username', autocomplete: 'username', required: '', maxlength: '20', autocapitalize: 'none', spellcheck: 'false' });
  const pass = input(t('account.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: '' });
  const login = form(t('account.login.title'), t('account.login.submit'), [user.row, pass.row], async status => {
    const answer = await api<{ account: AccountInfo; csrf: string }>('/api/account/login', { method: 'POST', body: { username: user.input.value, password: pass.input.value } });
    if (!answer.ok) return void (status.textContent = accountErrorText(answer.failure));
    setAccount(answer.value);
    navigate('/account');
  });
  login.id = 'login-form';
  const newUser = input(t('account.username'), { name: 'username', autocomplete: 'username', required: '', maxlength: '20', autocapitalize: 'none', spellcheck: 'false' }, t('account.usernameRules'));
  const newPass = input(t('account.password'), { name: 'password', type: 'password', autocomplete: 'new-password', required: '', minlength: '8' }, t('account.passwordRules'));
  const email = input(t('account.email'), { name: 'email', type: 'email', autocomplete: 'email' });
  const register = form(t('account.register.title'), t('account.register.submit'), [newUser.row, newPass.row, email.row], async status => {
    const body: Record<string, string> = { username: newUser.input.value, password: newPass.input.value };
    if (email.input.value) body.email = email.input.value;
    const answer = await api<{ account: AccountInfo; csrf: string }>('/api/account/register', { method: 'POST', body });
    if (!answer.ok) return void (status.textContent = accountErrorText(answer.failure));
    setAccount(answer.value);
    navigate('/account');
  }, 'secondary');
  register.id = 'register-form';
  return el('div', { class: 'account-columns' }, login, register);
}

function settings(me: AccountInfo, navigate: Navigate): HTMLElement {
  const p = me.profile ?? { display_name: '', federation: '', fide_id: '', language: '' };
  const display = input(t('account.displayName'), { name: 'display_name', maxlength: '80', value: p.display_name, autocomplete: 'name' });
  const federation = input(t('account.federation'), { name: 'federation', maxlength: '3', value: p.federation, autocapitalize: 'characters', spellcheck: 'false' }, t('account.federationHelp'));
  const fide = input(t('account.fideId'), { name: 'fide_id', inputmode: 'numeric', maxlength: '12', value: p.fide_id });
  const langId = `acc-${++counter}`;
  const lang = el('select', { id: langId, name: 'language' }, el('option', { value: '' }, '—'));
  for (const code of LANGS) lang.append(el('option', { value: code }, nativeName(code)));
  lang.value = p.language;
  const title = input(t('account.claimedTitle'), { name: 'title', maxlength: '8', value: p.claimed_title ?? '' }, t('account.claimedTitleHelp'));
  const profile = form(t('account.profile.title'), t('account.save'), [display.row, federation.row, fide.row, el('div', { class: 'field' }, el('label', { for: langId }, t('account.language')), lang), title.row], async status => {
    const answer = await api('/api/account/profile', { method: 'POST', body: { display_name: display.input.value, federation: federation.input.value.toUpperCase(), fide_id: fide.input.value, language: lang.value, title: title.input.value } });
    status.textContent = answer.ok ? t('account.saved') : accountErrorText(answer.failure);
    // Other pages show the profile (a tournament's join form): they read the saved one.
    if (answer.ok) void loadAccount();
  });
  profile.id = 'profile-form';

  const current = input(t('account.password.current'), { name: 'current', type: 'password', autocomplete: 'current-password', required: '' });
  const fresh = input(t('account.password.new'), { name: 'password', type: 'password', autocomplete: 'new-password', required: '', minlength: '8' }, t('account.passwordRules'));
  const password = form(t('account.password.title'), t('account.password.submit'), [current.row, fresh.row], async status => {
    const answer = await api('/api/account/password', { method: 'POST', body: { current: current.input.value, password: fresh.input.value } });
    status.textContent = answer.ok ? t('account.password.changed') : accountErrorText(answer.failure);
    if (answer.ok) current.input.value = fresh.input.value = '';
  }, 'secondary');
  password.id = 'password-form';

  const confirm = input(t('account.password'), { name: 'password', type: 'password', autocomplete: 'current-password', required: '' });
  const remove = form(t('account.delete.title'), t('account.delete.submit'), [el('p', { class: 'help' }, t('account.delete.help')), confirm.row], async status => {
    const answer = await api('/api/account/delete', { method: 'POST', body: { password: confirm.input.value } });
    if (!answer.ok) return void (status.textContent = accountErrorText(answer.failure));
    setAccount({ account: null });
    navigate('/account');
  }, 'danger');
  remove.id = 'delete-form';

  const logout = el('button', { type: 'button', class: 'btn', id: 'btn-logout' }, t('account.logout'));
  logout.addEventListener('click', () => {
    void api('/api/account/logout', { method: 'POST' }).then(() => {
      setAccount({ account: null });
      navigate('/account');
    });
  });
  const games = el('a', { href: `/p/${encodeURIComponent(me.username)}`, class: 'btn primary', id: 'link-my-games' }, t('account.myGames'));
  games.addEventListener('click', ev => {
    ev.preventDefault();
    navigate(games.getAttribute('href')!);
  });
  return el('div', {}, el('p', { class: 'account-who' }, t('account.header.loggedIn', { name: me.username }), ' ', games, ' ', logout), el('div', { class: 'account-columns' }, profile, password, remove));
}

interface Entry {
  game: string;
  color: 'white' | 'black';
  result: string;
  score: string;
  category: string;
  time: string;
  at_ms: number;
  opponent: { kind: string; name?: string };
  seat?: string;
}

function historyView(name: string, own: boolean, navigate: Navigate): HTMLElement {
  const select = (label: string, key: string, values: string[]): { row: HTMLElement; select: HTMLSelectElement } => {
    const id = `acc-${++counter}`;
    const s = el('select', { id, name: key }, el('option', { value: '' }, t('account.any')));
    for (const v of values) s.append(el('option', { value: v }, t(`account.${key}.${v}`)));
    return { row: el('div', { class: 'field small' }, el('label', { for: id }, label), s), select: s };
  };
  const category = select(t('account.history.category'), 'category', ['bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited']);
  const result = select(t('account.history.result'), 'result', ['win', 'loss', 'draw', 'ongoing', 'aborted']);
  const opponent = input(t('account.history.opponent'), { name: 'opponent', maxlength: '20', spellcheck: 'false', autocapitalize: 'none' });
  opponent.row.classList.add('small');
  const exportLink = el('a', { class: 'btn', id: 'link-export', download: '' }, t('account.history.export'));
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const body = el('tbody');
  const table = el('table', { class: 'history' },
    el('caption', { class: 'visually-hidden' }, t('account.history.title')),
    el('thead', {}, el('tr', {}, ...['date', 'opponent', 'color', 'time', 'result'].map(c => el('th', { scope: 'col' }, t(`account.col.${c}`))), el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, t('account.history.open'))))),
    body);
  const more = el('button', { type: 'button', class: 'btn', hidden: '' }, t('account.history.more'));
  const filters = el('form', { class: 'history-filters' }, category.row, result.row, opponent.row, el('button', { type: 'submit', class: 'btn primary' }, t('account.history.filter')), exportLink);
  let next: string | null = null;
  const query = (): string => {
    const q = new URLSearchParams();
    if (category.select.value) q.set('category', category.select.value);
    if (result.select.value) q.set('result', result.select.value);
    if (opponent.input.value.trim()) q.set('opponent', opponent.input.value.trim());
    return q.toString();
  };
  const base = own ? '/api/account/games' : `/api/players/${encodeURIComponent(name)}/games`;
  const load = async (append: boolean): Promise<void> => {
    const q = new URLSearchParams(query());
    if (append && next) q.set('before', next);
    exportLink.href = `/api/players/${encodeURIComponent(name)}/games.pgn${query() ? `?${query()}` : ''}`;
    const answer = await api<{ games: Entry[]; next: string | null }>(`${base}${q.toString() ? `?${q}` : ''}`);
    if (!answer.ok) return void (status.textContent = accountErrorText(answer.failure));
    if (!append) body.replaceChildren();
    for (const g of answer.value.games) body.append(row(g));
    next = answer.value.next;
    more.hidden = next === null;
    status.textContent = body.children.length === 0 ? t('account.history.none') : t('account.history.count', { count: body.children.length });
  };
  const row = (g: Entry): HTMLElement => {
    const who = g.opponent.kind === 'account' && g.opponent.name ? el('a', { href: `/p/${encodeURIComponent(g.opponent.name)}` }, g.opponent.name) : t(`account.opponent.${g.opponent.kind}`);
    if (who instanceof HTMLAnchorElement) who.addEventListener('click', ev => (ev.preventDefault(), navigate(who.getAttribute('href')!)));
    const href = g.seat ? `/g/${g.game}#seat=${g.seat}` : `/g/${g.game}`;
    const open = el('a', { href, class: 'btn small' }, t('account.history.open'));
    open.addEventListener('click', ev => (ev.preventDefault(), navigate(href)));
    const date = new Date(g.at_ms).toLocaleDateString(document.documentElement.lang);
    const time = g.time && g.time !== 'none' ? g.time : t(`account.category.${g.category}`);
    return el('tr', { 'data-game': g.game }, el('td', {}, date), el('td', {}, who), el('td', {}, t(`color.${g.color}`)), el('td', {}, `${time} · ${t(`account.category.${g.category}`)}`), el('td', {}, t(`account.result.${g.result}`)), el('td', {}, open));
  };
  filters.addEventListener('submit', ev => {
    ev.preventDefault();
    void load(false);
  });
  more.addEventListener('click', () => void load(true));
  void load(false);
  return el('section', { class: 'panel history-panel', 'aria-labelledby': 'history-title' }, el('h2', { id: 'history-title' }, t('account.history.title')), filters, status, el('div', { class: 'history-scroll' }, table), more);
}

async function playerPage(name: string, navigate: Navigate, inner: HTMLElement): Promise<void> {
  const answer = await api<{ username: string; created_ms: number; profile: { display_name: string; federation: string; fide_id: string } }>(`/api/players/${encodeURIComponent(name)}`);
  if (!answer.ok) {
    inner.append(el('h1', {}, name), el('p', { class: 'status', role: 'status' }, accountErrorText(answer.failure)));
    return;
  }
  const p = answer.value;
  const facts = el('dl', { class: 'profile-facts' });
  const fact = (label: string, value: string): void => {
    if (value) facts.append(el('dt', {}, label), el('dd', {}, value));
  };
  fact(t('account.displayName'), p.profile.display_name);
  fact(t('account.federation'), p.profile.federation);
  fact(t('account.fideId'), p.profile.fide_id);
  const own = account()?.username.toLowerCase() === p.username.toLowerCase();
  inner.append(el('h1', {}, t('account.playerTitle', { name: p.username })), facts, ratingsView(p.username), historyView(p.username, own, navigate));
}

export function accountPath(): boolean {
  return location.pathname === '/account' || /^\/p\/[A-Za-z0-9_-]{1,20}\/?$/.test(location.pathname);
}

export function showAccount(navigate: Navigate): void {
  layout().hidden = true;
  const r = root();
  r.hidden = false;
  r.replaceChildren();
  document.body.classList.add('account-page');
  const inner = el('div', { class: 'tpage-inner' });
  r.append(inner);
  const player = /^\/p\/([A-Za-z0-9_-]{1,20})\/?$/.exec(location.pathname);
  if (player) return void playerPage(player[1]!, navigate, inner);
  void loadAccount().then(me => {
    inner.append(el('h1', {}, me ? t('account.title') : t('account.login.heading')));
    inner.append(me ? settings(me, navigate) : loginForms(navigate));
    (inner.querySelector('input') as HTMLInputElement | null)?.focus();
  });
}

export function hideAccount(): void {
  const r = root();
  r.hidden = true;
  r.replaceChildren();
  document.body.classList.remove('account-page');
}
