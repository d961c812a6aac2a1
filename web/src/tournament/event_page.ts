// What an individual and a team event's page share: the public event polled and redrawn when its version changes,
// the viewer's own view (`/me`) for a token, actions posted with the token and their outcome shown, and the parts
// of the page that read the same for both (the header's facts, the arbiter's link and round buttons).
import { t } from '../i18n';
import { call } from './api';
import { copyRow, el, root } from './dom';

const POLL_MS = 2000;

export abstract class EventPage<E extends { version: number }, M> {
  protected event: E | null = null;
  protected me: M | null = null;
  protected closed = false;
  protected message = '';
  protected messageError = false;
  private timer = 0;

  constructor(protected readonly id: string) {
    root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'status' }, t('tournament.loading'))));
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
  }

  protected get base(): string {
    return `/api/tournaments/${this.id}`;
  }

  /** The key the viewer acts with, if any. */
  protected abstract token(): string | undefined;
  protected abstract render(): void;

  protected async refresh(force = false): Promise<void> {
    window.clearTimeout(this.timer);
    try {
      const event = await call<E>('GET', this.base);
      if (this.closed) return;
      if (force || !this.event || event.version !== this.event.version) {
        const token = this.token();
        let me: M | null = null;
        if (token) me = await call<M>('POST', `${this.base}/me`, { token }).catch(() => null);
        if (this.closed) return;
        this.event = event;
        this.me = me;
        this.render();
      }
    } catch (e) {
      if (this.closed) return;
      if (!this.event) root().replaceChildren(el('div', { class: 'tpage-inner' }, el('p', { class: 'form-error' }, (e as Error).message)));
    }
    if (!this.closed) this.timer = window.setTimeout(() => void this.refresh(), POLL_MS);
  }

  /** Runs an action, shows its outcome (`done` once it succeeded), and redraws. */
  protected act(path: string, body: Record<string, unknown>, done?: string): void {
    call<Record<string, unknown>>('POST', `${this.base}/${path}`, { token: this.token(), ...body }).then(
      () => {
        this.message = done ?? '';
        this.messageError = false;
        void this.refresh(true);
      },
      (e: Error) => {
        this.message = e.message;
        this.messageError = true;
        this.render();
      },
    );
  }

  /** Draws the page: the header (name, facts, a note if any, the state), the last action's outcome, two columns of
   * panels and the panels below them. */
  protected show(e: { name: string; state: string }, facts: string, note: HTMLElement | null, left: HTMLElement[], right: HTMLElement[], below: HTMLElement[]): void {
    const header = el('header', { class: 'thead' }, el('h1', {}, e.name), el('p', { class: 'facts' }, facts));
    if (note) header.append(note);
    header.append(el('p', { class: 'tstate', 'data-state': e.state }, t(`tournament.state.${e.state}`)));
    const inner = el('div', { class: 'tpage-inner' }, header);
    if (this.message) inner.append(el('p', { class: this.messageError ? 'form-error' : 'status', role: 'alert' }, this.message));
    inner.append(el('div', { class: 'tgrid' }, el('div', { class: 'tcol' }, ...left), el('div', { class: 'tcol' }, ...right)), ...below);
    root().replaceChildren(inner);
  }

  /** The arbiter's panel as it starts: its title and the arbiter's own link. */
  protected arbiterPanelStart(arbiterKey: string | undefined): HTMLElement {
    const panel = el('section', { class: 'panel', id: 'arbiter-panel' });
    panel.append(el('h2', {}, t('tournament.arbiter.title')));
    panel.append(copyRow(t('tournament.arbiter.link'), `${location.origin}/t/${this.id}#a=${arbiterKey ?? ''}`, 'arbiter-link'));
    return panel;
  }

  protected closeRegistrationButton(): HTMLElement {
    const close = el('button', { type: 'button', class: 'btn primary', id: 'btn-close-registration' }, t('tournament.arbiter.close'));
    close.addEventListener('click', () => this.act('close', {}));
    return close;
  }

  protected publishButton(round: number): HTMLElement {
    const publish = el('button', { type: 'button', class: 'btn primary', id: 'btn-publish' }, t('tournament.arbiter.publish', { round }));
    publish.addEventListener('click', () => this.act('publish', {}));
    return publish;
  }
}

/** The header's line of facts: system, [boards,] rounds, clock, rules. */
export function eventFacts(e: { system: string; rounds: number; time: string; rules: string }, boards?: number): string {
  return [
    t(`tournament.system.${e.system}`),
    boards ? t('tournament.team.boardsCount', { boards }) : '',
    e.rounds ? t('tournament.roundsCount', { rounds: e.rounds }) : '',
    e.time === 'none' ? t('newGame.time.none') : e.time,
    t(`newGame.rules.${e.rules}`),
  ]
    .filter(Boolean)
    .join(' · ');
}
