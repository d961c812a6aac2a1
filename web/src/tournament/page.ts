// An event's page for whoever opens it: the public event polled and redrawn when its version changes, with
// the arbiter's controls for the arbiter's token, a player's own games for a player's token, and the join
// form for the join link. Actions go to the server (api.ts) and the page redraws from its answer.
import { account, onAccountChange } from '../account/session';
import { t } from '../i18n';
import { call } from './api';
import { copyRow, el, field } from './dom';
import { saveKeys, type Keys } from './keys';
import { EventPage, eventFacts } from './event_page';
import type { TEvent, TMe } from './types';
import { crosstablePanel, downloadsPanel, pairingsPanel, playerName, playersPanel, resultText, standingsPanel } from './views';

export class TournamentPage extends EventPage<TEvent, TMe> {
  constructor(
    id: string,
    private keys: Keys,
  ) {
    super(id);
    // The join form shows the account's profile once it is known (the account is read at start, in parallel).
    onAccountChange(() => {
      if (!this.closed && !this.me && this.keys.join) this.render();
    });
    void this.refresh(true);
  }

  protected token(): string | undefined {
    return this.keys.arbiter ?? this.keys.player;
  }

  private name(n: number): string {
    return this.event ? playerName(this.event, n) : '?';
  }

  protected render(): void {
    const e = this.event;
    if (!e) return;
    const left: HTMLElement[] = [];
    if (this.me?.role === 'arbiter') left.push(this.arbiterPanel(e, this.me));
    else if (this.me?.role === 'player') left.push(this.playerPanel(e, this.me));
    else if (this.keys.join && e.state === 'registration') left.push(this.joinPanel());
    left.push(pairingsPanel(e, this.me?.role === 'arbiter' ? (round, white, result) => this.act('result', { round, white, result }) : null));
    this.show(e, eventFacts(e), null, left, [standingsPanel(e), playersPanel(e)], [crosstablePanel(e), downloadsPanel(this.base)]);
  }

  private joinPanel(): HTMLElement {
    const form = el('form', { class: 'panel tform', id: 'join-form' });
    const name = el('input', { name: 'name', type: 'text', maxlength: '33', required: '' });
    const rating = el('input', { name: 'rating', type: 'number', min: '0', max: '3500', value: '' });
    const title = el('select', { name: 'title' }, el('option', { value: '' }, '—'));
    for (const ti of ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM']) title.append(el('option', { value: ti }, ti));
    const fed = el('input', { name: 'federation', type: 'text', maxlength: '3', placeholder: 'NOR' });
    const fide = el('input', { name: 'fide_id', type: 'text', maxlength: '11', inputmode: 'numeric' });
    const linked = this.linkToAccount(form, name, fed, fide);
    form.append(
      el('h2', {}, t('tournament.join.title')),
      ...linked,
      field(t('tournament.field.name'), name),
      el('div', { class: 'row2' }, field(t('tournament.field.rating'), rating), field(t('tournament.field.title'), title)),
      el('div', { class: 'row2' }, field(t('tournament.field.federation'), fed), field(t('tournament.field.fide_id'), fide)),
      el('button', { type: 'submit', class: 'btn primary' }, t('tournament.join.submit')),
    );
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      call<{ token: string }>('POST', `${this.base}/join`, { code: this.keys.join, ...playerRequest(name, rating, title, fed, fide) }).then(
        joined => {
          this.keys = { ...this.keys, player: joined.token };
          saveKeys(this.id, this.keys);
          history.replaceState(null, '', `/t/${this.id}#p=${joined.token}`);
          this.message = t('tournament.join.done');
          this.messageError = false;
          void this.refresh(true);
        },
        (err: Error) => {
          this.message = err.message;
          this.messageError = true;
          this.render();
        },
      );
    });
    return form;
  }

  // Logged in: the server takes the entry's name, and the federation and FIDE ID the profile has, from the account
  // (tournament_service.cpp, with_profile) and links the entry to it. The form shows those values read-only, so
  // what the player sees is what is entered; a federation or FIDE ID the profile lacks stays editable. Returns the
  // note that says so (nothing when nobody is logged in).
  private linkToAccount(form: HTMLFormElement, name: HTMLInputElement, fed: HTMLInputElement, fide: HTMLInputElement): HTMLElement[] {
    const me = account();
    if (!me) return [];
    const profile = me.profile;
    const shown = profile?.display_name ?? '';
    const fixed = (input: HTMLInputElement, value: string): void => {
      if (!value) return;
      input.value = value;
      input.readOnly = true;
      input.setAttribute('aria-describedby', 'join-linked');
    };
    fixed(name, shown && shown.length <= 33 ? shown : me.username);
    fixed(fed, profile?.federation ?? '');
    fixed(fide, profile?.fide_id ?? '');
    form.dataset.account = me.username;
    const profileLink = el('a', { href: '/account' }, t('tournament.join.editProfile'));
    return [el('p', { class: 'tnote', id: 'join-linked' }, t('tournament.join.linked', { name: me.username }), ' ', profileLink)];
  }

  private playerPanel(e: TEvent, me: TMe): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'player-panel' });
    const n = me.player ?? 0;
    // Start numbers follow the ratings until registration closes; a round robin then draws pairing numbers by lot.
    const drawn = e.state !== 'registration' && e.system.includes('round-robin');
    panel.append(el('h2', {}, t(drawn ? 'tournament.youPairing' : 'tournament.you', { name: this.name(n), number: n })));
    if (e.state === 'registration') panel.append(el('p', { class: 'tnote', id: 'numbers-note' }, t('tournament.numbersNote')));
    panel.append(copyRow(t('tournament.yourLink'), `${location.origin}/t/${this.id}#p=${this.keys.player ?? ''}`, 'player-link'));
    const list = el('ul', { class: 'tgames' });
    for (const g of [...me.games].sort((a, b) => b.round - a.round)) {
      const white = g.white === n;
      const board = e.pairings[g.round - 1]?.boards.find(b => b.game === g.game);
      const link = el('a', { class: 'btn primary play', href: `/g/${g.game}#seat=${g.seat ?? ''}` }, board?.result ? t('tournament.viewGame') : t('tournament.playGame'));
      list.append(
        el('li', {}, el('span', {}, t('tournament.roundN', { round: g.round }) + ': ' + t(white ? 'tournament.youWhite' : 'tournament.youBlack', { opponent: this.name(white ? g.black : g.white) })), board?.result ? el('span', { class: 'res' }, resultText(board.result)) : '', link),
      );
    }
    if (me.games.length === 0) list.append(el('li', { class: 'empty' }, t('tournament.noGamesYet')));
    panel.append(list);
    const player = e.players.find(p => p.number === n);
    if (player && player.withdrawn === null && e.state !== 'finished') {
      const actions = el('div', { class: 'actions' });
      if (e.system === 'swiss-dutch' && e.published < e.rounds) {
        const bye = el('button', { type: 'button', class: 'btn' }, t('tournament.requestBye', { round: e.published + 1 }));
        bye.addEventListener('click', () => this.act('bye', { round: e.published + 1, kind: 'H' }));
        actions.append(bye);
      }
      const leave = el('button', { type: 'button', class: 'btn danger' }, t('tournament.withdrawMe'));
      leave.addEventListener('click', () => {
        if (confirm(t('tournament.withdrawConfirm'))) this.act('withdraw', {});
      });
      actions.append(leave);
      panel.append(actions);
    }
    return panel;
  }

  private arbiterPanel(e: TEvent, me: TMe): HTMLElement {
    const panel = this.arbiterPanelStart(this.keys.arbiter);
    if (e.state === 'registration') {
      panel.append(copyRow(t('tournament.arbiter.joinLink'), `${location.origin}/t/${this.id}#join=${me.join ?? ''}`, 'join-link'));
      const form = el('form', { class: 'tform inline', id: 'add-player' });
      const name = el('input', { name: 'name', type: 'text', maxlength: '33', required: '', placeholder: t('tournament.field.name') });
      const rating = el('input', { name: 'rating', type: 'number', min: '0', max: '3500', placeholder: t('tournament.field.rating') });
      const title = el('select', { name: 'title' }, el('option', { value: '' }, '—'));
      for (const ti of ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM']) title.append(el('option', { value: ti }, ti));
      const fed = el('input', { name: 'federation', type: 'text', maxlength: '3', placeholder: t('tournament.field.federation') });
      const fide = el('input', { name: 'fide_id', type: 'text', maxlength: '11', placeholder: t('tournament.field.fide_id') });
      form.append(el('h3', {}, t('tournament.arbiter.addPlayer')), name, el('div', { class: 'row2' }, rating, title), el('div', { class: 'row2' }, fed, fide), el('button', { type: 'submit', class: 'btn' }, t('tournament.arbiter.add')));
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        this.act('players', playerRequest(name, rating, title, fed, fide));
      });
      panel.append(form, el('div', { class: 'actions' }, this.closeRegistrationButton()));
    } else if (e.published < e.rounds) {
      panel.append(el('div', { class: 'actions' }, this.publishButton(e.published + 1)));
    }
    // Each player's own link, for players the arbiter entered.
    if (me.players && me.players.length > 0) {
      const details = el('details', { class: 'plinks' }, el('summary', {}, t('tournament.arbiter.playerLinks')));
      for (const p of me.players) {
        const row = el('div', { class: 'plink' }, el('span', {}, `${p.player}. ${this.name(p.player)}`), el('input', { type: 'text', readonly: '', value: `${location.origin}/t/${this.id}#p=${p.token}` }));
        const player = e.players.find(x => x.number === p.player);
        if (player && player.withdrawn === null && e.state !== 'finished') {
          const w = el('button', { type: 'button', class: 'btn small' }, t('tournament.arbiter.withdraw'));
          w.addEventListener('click', () => {
            if (confirm(t('tournament.arbiter.withdrawConfirm', { name: player.name }))) this.act('withdraw', { player: p.player });
          });
          row.append(w);
        }
        details.append(row);
      }
      panel.append(details);
    }
    return panel;
  }

}

function playerRequest(name: HTMLInputElement, rating: HTMLInputElement, title: HTMLSelectElement, fed: HTMLInputElement, fide: HTMLInputElement): Record<string, unknown> {
  const request: Record<string, unknown> = { name: name.value.trim() };
  if (rating.value) request.rating = Number(rating.value);
  if (title.value) request.title = title.value;
  if (fed.value.trim()) request.federation = fed.value.trim().toUpperCase();
  if (fide.value.trim()) request.fide_id = fide.value.trim();
  return request;
}
