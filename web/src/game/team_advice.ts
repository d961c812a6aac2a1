// A team event's game, seen by one of its players: what his captain advised (Tournament Rules 15: "offer a
// draw", "accept a draw", "resign", and "yes" / "no" / "decide yourself" to a question) and a way to ask him one
// of those three questions. The player may ignore the advice: nothing here touches the game. The box polls the
// event with the player's seat token; an event that is not a team event (or a seat it does not know) ends it.
import { api } from '../http';
import { t } from '../i18n';
import type { AdviceMessage } from '../tournament/team_types';
import { adviceLine } from '../tournament/team_page';

const POLL_MS = 2000;
const QUESTIONS = ['offer_draw', 'accept_draw', 'resign'] as const;

interface SeatView {
  player: number;
  team_name: string;
  running: boolean;
  question_open: boolean;
  advice: AdviceMessage[];
}

export class TeamAdviceBox {
  private timer = 0;
  private closed = false;
  private shownSeq = -1;
  private shownOpen: boolean | null = null;
  private readonly box: HTMLElement;

  constructor(
    private readonly event: string,
    private readonly seat: string,
  ) {
    this.box = document.getElementById('team-advice') ?? document.createElement('section');
    this.box.id = 'team-advice';
    this.box.className = 'team-advice';
    this.box.hidden = true;
    document.getElementById('offers')?.after(this.box);
    void this.poll();
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.box.hidden = true;
    this.box.replaceChildren();
  }

  private async poll(): Promise<void> {
    if (this.shownSeq === -1 && this.shownOpen === null) {
      // Only a team event has captains: an individual event's game asks nothing more.
      const e = await api<{ kind?: string }>(`/api/tournaments/${encodeURIComponent(this.event)}`);
      if (this.closed || !e.ok || e.value.kind !== 'team') return;
      this.shownOpen = false;
    }
    const answer = await api<SeatView>(`/api/tournaments/${encodeURIComponent(this.event)}/advice`, { method: 'POST', body: { seat: this.seat } });
    if (this.closed) return;
    if (!answer.ok) {
      // Not a team event, or not this player's seat: nothing to show. A network hiccup: try again later.
      if (answer.failure.status === 0) this.timer = window.setTimeout(() => void this.poll(), POLL_MS * 3);
      return;
    }
    this.render(answer.value);
    if (answer.value.running) this.timer = window.setTimeout(() => void this.poll(), POLL_MS);
  }

  private render(v: SeatView): void {
    const last = v.advice.at(-1)?.seq ?? 0;
    if (last === this.shownSeq && v.question_open === this.shownOpen && !this.box.hidden) return;
    // The first answer draws the box even when it holds no advice yet.
    this.shownSeq = last;
    this.shownOpen = v.question_open;
    this.box.hidden = false;
    const log = el('ol', { class: 'advice-log', 'aria-live': 'polite', id: 'team-advice-log' });
    for (const m of v.advice) log.append(el('li', { 'data-kind': m.kind, 'data-from': m.from }, adviceLine(m, t('tournament.team.youWord'))));
    if (v.advice.length === 0) log.append(el('li', { class: 'empty' }, t('tournament.team.gameBox.none')));
    const parts: Node[] = [el('h2', {}, t('tournament.team.gameBox.title', { team: v.team_name })), log, el('p', { class: 'tnote' }, t('tournament.team.gameBox.note'))];
    if (v.running && !v.question_open) {
      const form = el('form', { class: 'ask', id: 'team-ask' });
      const select = el('select', { name: 'about', id: 'team-ask-about' });
      for (const q of QUESTIONS) select.append(el('option', { value: q }, t(`tournament.team.question.${q}`)));
      const label = el('label', { for: 'team-ask-about' }, t('tournament.team.gameBox.ask'));
      form.append(label, select, el('button', { type: 'submit', class: 'btn small' }, t('tournament.team.gameBox.send')));
      form.addEventListener('submit', ev => {
        ev.preventDefault();
        void api<SeatView>(`/api/tournaments/${encodeURIComponent(this.event)}/ask`, { method: 'POST', body: { seat: this.seat, about: select.value } }).then(a => {
          if (a.ok && !this.closed) this.render(a.value);
        });
      });
      parts.push(form);
    }
    this.box.replaceChildren(...parts);
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}
