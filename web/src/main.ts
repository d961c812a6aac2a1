// Start-up and navigation: the board is drawn at once, then the path decides between the start page
// (New game form) and a game (/g/ID, seat tokens in the fragment or remembered for that game).
import { accountPath, hideAccount, showAccount } from './account/page';
import { loadAccount } from './account/session';
import { setupAccess } from './blind/access';
import { board } from './board';
import { START_FEN } from './placement';
import { GameView } from './game/game_view';
import { api } from './http';
import { applyI18n, language, t } from './i18n';
import { LANGS, nativeName, setChosenLanguage, startLanguage } from './lang';
import type { NotationStyle } from './notation';
import { rulesPage } from './rules';
import { hideLobby, showLobby } from './lobby/lobby';
import { formError, setupForm, showForm } from './newgame';
import { startErrorText } from './start_check';
import type { Color, CreateGameRequest, CreateGameResponse, Game } from './protocol';
import { setSound, soundOn, unlock } from './sound';
import { current, prefs, seats } from './store';
import { hideTournament, showTournament, tournamentIdFromPath } from './tournament';

const layout = (): HTMLElement => document.querySelector<HTMLElement>('main.layout')!;
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

let view: GameView | null = null;

function gameIdFromPath(): string | null {
  const m = /^\/g\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  return m ? m[1]! : null;
}

function tokensFromFragment(): string[] {
  const hash = location.hash.replace(/^#/, '');
  const tokens: string[] = [];
  for (const part of hash.split('&')) {
    const [key, value] = part.split('=');
    if (key === 'seat' && value) tokens.push(...value.split(',').filter(x => /^[A-Za-z0-9_-]{8,64}$/.test(x)));
  }
  return tokens;
}

function route(): void {
  view?.close();
  view = null;
  hideAccount();
  if (accountPath()) {
    hideTournament();
    layout().hidden = true;
    return showAccount(navigate);
  }
  const tournament = tournamentIdFromPath();
  hideLobby();
  if (tournament !== null) return showTournament(tournament, navigate);
  hideTournament();
  const id = gameIdFromPath();
  if (id === null) {
    showHome();
    return;
  }
  const fromLink = tokensFromFragment();
  if (fromLink.length > 0) seats.add(id, fromLink);
  current.set(id);
  document.body.classList.remove('home');
  showForm(false);
  $('btn-resume').hidden = true;
  view = new GameView(id, seats.get(id), {
    playAgain: (game, you) => void create(playAgainRequest(game, you)),
    newGame: () => navigate('/'),
    inviteToken: () => seats.invite(id),
    rematch: (game, tokens) => {
      seats.add(game, tokens);
      navigate(`/g/${game}#seat=${tokens.join(',')}`);
    },
  });
  // The game opens with the board in view, not where the New game form was scrolled to (a phone).
  window.scrollTo(0, 0);
}

function showHome(): void {
  document.body.classList.add('home');
  $('game').hidden = true;
  showLobby(navigate);
  showForm(true);
  $('status').textContent = '';
  const cg = board();
  cg.set({ fen: START_FEN, lastMove: undefined, check: false, movable: { color: undefined, dests: new Map() }, orientation: 'white' });
  for (const id of ['player-top', 'player-bottom']) {
    const el = $(id);
    (el.querySelector('.name') as HTMLElement).textContent = '';
    (el.querySelector('.clock') as HTMLElement).hidden = true;
    (el.querySelector('.presence') as HTMLElement).hidden = true;
  }
  const last = current.get();
  $('btn-resume').hidden = last === null;
}

function navigate(path: string): void {
  history.pushState(null, '', path);
  route();
}

/** The settings of a finished game, for "play again". */
function playAgainRequest(game: Game, you: Color[]): CreateGameRequest {
  const stored = seats.request(game.id);
  if (stored) return stored;
  const robot = (['white', 'black'] as Color[]).find(c => game.players[c].kind === 'robot');
  const request: CreateGameRequest = {
    v: 1,
    opponent: robot ? 'robot' : you.length === 2 ? 'hotseat' : 'invite',
    variant: game.variant === 'chess960' ? 'chess960' : 'standard',
    rules: game.rules,
    casual: game.casual,
  };
  if (robot) request.level = game.players[robot].level ?? 1;
  if (you.length === 1) request.color = you[0]!;
  if (game.days) request.days = game.days;
  else request.time = game.time ?? 'none';
  return request;
}

async function create(asked: CreateGameRequest): Promise<void> {
  formError('');
  $('status').textContent = t('newGame.creating');
  const answer = await api<CreateGameResponse>('/api/games', { method: 'POST', body: asked });
  if (!answer.ok) {
    showFailure(startErrorText(answer.failure));  // a refused start position in its own words, else as any error
    return;
  }
  const created = answer.value;
  const all = Object.entries(created.seats) as [Color, string][];
  // Hot-seat keeps both seats. Otherwise the creator keeps the seat of the colour the server names (drawn
  // there for "random"); in an invite game the other seat is passed on as the invite link.
  const mine = asked.opponent === 'hotseat' ? all.map(([, tok]) => tok) : all.filter(([c]) => c === created.color).map(([, tok]) => tok);
  const other = all.find(([c]) => c !== created.color);
  if (asked.opponent === 'invite' && other) seats.setInvite(created.id, other[1]);
  seats.add(created.id, mine);
  seats.setRequest(created.id, asked);
  navigate(`/g/${created.id}#seat=${mine.join(',')}`);
}

function showFailure(reason: string): void {
  $('status').textContent = '';
  if (view === null) formError(t('newGame.failed', { reason }));
  else {
    const notice = $('notice');
    notice.textContent = t('newGame.failed', { reason });
    notice.classList.add('error');
  }
}

function setupTopBar(): void {
  const sound = $('btn-sound');
  const showSound = (): void => {
    sound.setAttribute('aria-pressed', String(soundOn()));
    sound.title = t(soundOn() ? 'top.soundOn' : 'top.soundOff');
    sound.classList.toggle('off', !soundOn());
  };
  showSound();
  sound.addEventListener('click', () => {
    setSound(!soundOn());
    showSound();
  });
  // Language and notation (the choices are remembered). A new language reloads the page, which words
  // everything afresh; the game reconnects and loses nothing.
  const langSelect = $<HTMLSelectElement>('lang-select');
  langSelect.replaceChildren(
    ...LANGS.map(code => {
      const o = document.createElement('option');
      o.value = code;
      o.lang = code;
      o.textContent = nativeName(code);
      return o;
    }),
  );
  langSelect.value = language();
  langSelect.addEventListener('change', () => {
    setChosenLanguage(langSelect.value);
    const url = new URL(location.href);
    url.searchParams.delete('lang');
    location.replace(url.toString());
  });
  const notation = $<HTMLSelectElement>('notation-select');
  notation.value = prefs.notation();
  notation.addEventListener('change', () => {
    prefs.setNotation(notation.value as NotationStyle);
    view?.refreshNotation();
  });
  ($('link-rules') as HTMLAnchorElement).href = rulesPage(language());
  $('btn-flip').addEventListener('click', () => {
    if (view) view.flip();
    else board().toggleOrientation();
  });
  const full = $('btn-fullscreen');
  full.addEventListener('click', () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  });
  document.addEventListener('fullscreenchange', () => full.setAttribute('aria-pressed', String(document.fullscreenElement !== null)));
  setupMenu();
  $('btn-new').addEventListener('click', () => navigate('/'));
  $('btn-tournament').addEventListener('click', ev => {
    ev.preventDefault();
    navigate('/t/new');
  });
  $('btn-resume').addEventListener('click', () => {
    const id = current.get();
    if (id) navigate(`/g/${id}`);
  });
  document.querySelectorAll<HTMLButtonElement>('[data-copy]').forEach(button =>
    button.addEventListener('click', () => {
      const input = $(button.dataset.copy!) as HTMLInputElement;
      const done = (): void => {
        button.textContent = t('links.copied');
        window.setTimeout(() => (button.textContent = t('links.copy')), 1500);
      };
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => {
        input.select();
        document.execCommand('copy');
        done();
      });
      else {
        input.select();
        document.execCommand('copy');
        done();
      }
    }),
  );
  const unlockOnce = (): void => unlock();
  document.addEventListener('pointerdown', unlockOnce, { capture: true });
  document.addEventListener('keydown', unlockOnce, { capture: true });
  (document.querySelector('.brand') as HTMLAnchorElement).addEventListener('click', ev => {
    ev.preventDefault();
    navigate('/');
  });
}

/** The menu button of a narrow screen: opens the rarer top choices under the one-row header. */
function setupMenu(): void {
  const button = $('btn-menu');
  const header = document.querySelector('header.top') as HTMLElement;
  const show = (open: boolean): void => {
    header.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => show(!header.classList.contains('open')));
  document.addEventListener('click', ev => {
    const target = ev.target as HTMLElement;
    if (!header.contains(target) || target.closest('#top-more a, #top-more button')) show(false);
  });
  document.addEventListener('keydown', ev => {
    if (ev.key === 'Escape' && header.classList.contains('open')) {
      show(false);
      button.focus();
    }
  });
}

function start(): void {
  startLanguage();
  document.title = t('app.title');
  applyI18n(document);
  setupAccess();
  board();
  setupTopBar();
  setupForm(request => void create(request));
  const accountLink = $('btn-account') as HTMLAnchorElement;
  accountLink.addEventListener('click', ev => {
    ev.preventDefault();
    navigate('/account');
  });
  // Who is logged in, for the header and the CSRF token of the page's requests (accounts are optional).
  void loadAccount();
  window.addEventListener('popstate', route);
  route();
}

start();
