// The event as everyone sees it, drawn from the public event: pairings (with the arbiter's result entry when
// given a handler), standings, players, crosstable, downloads. Renders only.
import { t } from '../i18n';
import { el } from './dom';
import type { TEvent } from './types';

const RESULTS = ['1-0', '1/2', '0-1', '+-', '-+', '--'];

/** The TRF's title codes (g m f c wg wm wf wc; "i" and "wi" in files of earlier tabiya) as titles are written. */
const TITLES: Record<string, string> = { g: 'GM', m: 'IM', i: 'IM', f: 'FM', c: 'CM', wg: 'WGM', wm: 'WIM', wi: 'WIM', wf: 'WFM', wc: 'WCM' };

/** A player by pairing number, with the title. */
export function playerName(e: TEvent, n: number): string {
  const p = e.players.find(x => x.number === n);
  if (!p) return '?';
  const title = p.title ? TITLES[p.title] : undefined;
  return title ? `${title} ${p.name}` : p.name;
}

/** The head of a table of boards: board, White, result, Black, and a column for links and the arbiter's entry. */
export function boardsHead(): HTMLElement {
  return el('thead', {}, el('tr', {}, el('th', {}, t('tournament.board')), el('th', { class: 'name' }, t('color.white')), el('th', {}, t('tournament.result')), el('th', { class: 'name' }, t('color.black')), el('th', {}, '')));
}

/** The arbiter's choice of a board's result, named `label`; `onPick` gets the result chosen. */
export function resultSelect(label: string, onPick: (code: string) => void): HTMLSelectElement {
  const select = el('select', { class: 'enter-result', 'aria-label': label }, el('option', { value: '' }, t('tournament.arbiter.enterResult')));
  for (const code of RESULTS) select.append(el('option', { value: code }, resultText(code)));
  select.addEventListener('change', () => {
    if (select.value) onPick(select.value);
  });
  return select;
}

export function pairingsPanel(e: TEvent, onResult: ((round: number, white: number, result: string) => void) | null): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'pairings' });
  panel.append(el('h2', {}, t('tournament.pairings')));
  if (e.pairings.length === 0) panel.append(el('p', { class: 'empty' }, t('tournament.noPairings')));
  for (const r of [...e.pairings].reverse()) {
    const table = el('table', { class: 'ttable pairs', 'data-round': String(r.round) });
    table.append(el('caption', {}, t('tournament.roundN', { round: r.round })));
    table.append(boardsHead());
    const body = el('tbody');
    for (const b of r.boards) {
      const result = el('td', { class: 'res' }, b.result ? resultText(b.result) : '–');
      const tr = el('tr', { 'data-white': String(b.white) }, el('td', {}, String(b.board)), el('td', { class: 'name' }, playerName(e, b.white)), result, el('td', { class: 'name' }, playerName(e, b.black)));
      const cell = el('td', { class: 'acts' });
      if (b.game) {
        cell.append(el('a', { href: `/g/${b.game}`, class: 'watch' }, t('tournament.watch')));
      }
      if (onResult) {
        cell.append(resultSelect(t('tournament.arbiter.enterResult'), code => onResult(r.round, b.white, code)));
      }
      tr.append(cell);
      body.append(tr);
    }
    for (const bye of r.byes)
      body.append(el('tr', { class: 'bye' }, el('td', {}, ''), el('td', { class: 'name' }, playerName(e, bye.player)), el('td', { class: 'res' }, t(`tournament.bye.${bye.kind}`)), el('td', {}, ''), el('td', {}, '')));
    table.append(body);
    panel.append(table);
  }
  return panel;
}


export function standingsPanel(e: TEvent): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'standings' });
  panel.append(el('h2', {}, t('tournament.standings')));
  const tbs = e.standings.tie_breaks ?? [];
  if (e.standings.edition) panel.append(el('p', { class: 'tnote' }, t('tournament.standings.edition', { edition: t(`tournament.edition.${e.standings.edition}`) })));
  const table = el('table', { class: 'ttable' });
  const head = el('tr', {}, el('th', {}, '#'), el('th', { class: 'name' }, t('tournament.field.name')), el('th', {}, t('tournament.points')));
  for (const tb of tbs) head.append(el('th', { title: tb }, tb));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  for (const row of e.standings.rows ?? []) {
    const tr = el('tr', { 'data-number': String(row.number) }, el('td', {}, row.rank ? String(row.rank) : '–'), el('td', { class: 'name' }, playerName(e, row.number)), el('td', { class: 'pts' }, row.score));
    for (const v of row.values) tr.append(el('td', {}, v));
    body.append(tr);
  }
  table.append(body);
  panel.append(el('div', { class: 'scroll' }, table));
  return panel;
}


export function playersPanel(e: TEvent): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'players' });
  panel.append(el('h2', {}, t('tournament.players', { count: e.players.length })));
  const table = el('table', { class: 'ttable' });
  table.append(el('thead', {}, el('tr', {}, el('th', {}, t('tournament.number')), el('th', { class: 'name' }, t('tournament.field.name')), el('th', {}, t('tournament.field.federation')), el('th', {}, t('tournament.field.rating')), el('th', {}, ''))));
  const body = el('tbody');
  for (const p of e.players) {
    const status = p.excluded ? t('tournament.excluded') : p.withdrawn !== null ? t('tournament.withdrawn') : '';
    body.append(el('tr', {}, el('td', {}, String(p.number)), el('td', { class: 'name' }, playerName(e, p.number)), el('td', {}, p.federation), el('td', {}, p.rating ? String(p.rating) : ''), el('td', { class: 'status-cell' }, status)));
  }
  if (e.players.length === 0) body.append(el('tr', {}, el('td', { colspan: '5', class: 'empty' }, t('tournament.noPlayers'))));
  table.append(body);
  panel.append(table);
  return panel;
}


export function crosstablePanel(e: TEvent): HTMLElement {
  const panel = el('section', { class: 'panel', id: 'crosstable' });
  panel.append(el('h2', {}, t('tournament.crosstable')));
  if (e.published === 0) {
    panel.append(el('p', { class: 'empty' }, t('tournament.noPairings')));
    return panel;
  }
  const table = el('table', { class: 'ttable cross' });
  const rr = e.system !== 'swiss-dutch';
  const head = el('tr', {}, el('th', {}, '#'), el('th', { class: 'name' }, t('tournament.field.name')));
  if (rr) for (const p of e.players) head.append(el('th', {}, String(p.number)));
  else for (let r = 1; r <= e.published; ++r) head.append(el('th', {}, t('tournament.roundShort', { round: r })));
  head.append(el('th', {}, t('tournament.points')));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  const score = new Map(e.players.map(p => [p.number, p.score]));
  for (const row of e.crosstable) {
    const tr = el('tr', {}, el('td', {}, String(row.number)), el('td', { class: 'name' }, playerName(e, row.number)));
    if (rr) {
      for (const p of e.players) {
        if (p.number === row.number) {
          tr.append(el('td', { class: 'self' }, ''));
          continue;
        }
        const marks = row.rounds.filter(c => c.opponent === p.number).map(c => c.mark);
        tr.append(el('td', {}, marks.join(' ')));
      }
    } else {
      for (let r = 1; r <= e.published; ++r) {
        const c = row.rounds.find(x => x.round === r);
        tr.append(el('td', {}, c ? (c.opponent ? `${c.opponent}${c.colour === 'w' ? 'w' : c.colour === 'b' ? 'b' : ''} ${c.mark}` : c.mark) : ''));
      }
    }
    tr.append(el('td', { class: 'pts' }, score.get(row.number) ?? ''));
    body.append(tr);
  }
  table.append(body);
  panel.append(el('div', { class: 'scroll' }, table));
  return panel;
}


export function downloadsPanel(base: string): HTMLElement {
  return el(
    'section',
    { class: 'panel downloads', id: 'downloads' },
    el('h2', {}, t('tournament.downloads')),
    el('a', { class: 'btn', href: `${base}/trf`, download: '', id: 'download-trf' }, t('tournament.download.trf')),
    el('a', { class: 'btn', href: `${base}/pgn`, download: '', id: 'download-pgn' }, t('tournament.download.pgn')),
    // The printable table is the app's own page (translated, styled by the app's stylesheet).
    el('a', { class: 'btn', href: `${base.replace('/api/tournaments/', '/t/')}/print`, target: '_blank', rel: 'noopener', id: 'download-html' }, t('tournament.download.html')),
  );
}

export function resultText(code: string): string {
  switch (code) {
    case '1-0':
      return '1–0';
    case '0-1':
      return '0–1';
    case '1/2':
      return '½–½';
    case '+-':
      return t('tournament.result.whiteForfeit');
    case '-+':
      return t('tournament.result.blackForfeit');
    case '--':
      return t('tournament.result.doubleForfeit');
    default:
      return code;
  }
}
