// /t/new: the form that creates an event; the arbiter's secret link comes back and the page goes there.
import { t } from '../i18n';
import { call } from './api';
import { el, field, root } from './dom';
import { saveKeys } from './keys';

export function showCreateForm(navigate: (path: string) => void): void {
  const form = el('form', { class: 'panel tform', id: 'tournament-new' });
  const system = el('select', { name: 'system' });
  for (const s of ['round-robin', 'double-round-robin', 'swiss-dutch', 'team-round-robin', 'team-double-round-robin', 'team-swiss']) system.append(el('option', { value: s }, t(`tournament.system.${s}`)));
  const rounds = el('input', { name: 'rounds', type: 'number', min: '1', max: '30', value: '5' });
  const roundsField = field(t('tournament.new.rounds'), rounds);
  const boards = el('input', { name: 'boards', type: 'number', min: '1', max: '10', value: '4' });
  const boardsField = field(t('tournament.new.boards'), boards);
  const byCaptains = el('input', { name: 'captain_registration', type: 'checkbox', id: 'captain-registration' });
  const byCaptainsField = el('label', { class: 'check' }, byCaptains, el('span', {}, t('tournament.new.captainRegistration')));
  // A team Swiss's choices as the CLI's `team new` has them (C.04.6 1.2, 1.7, 4.1).
  const primary = el('select', { name: 'primary', id: 'swiss-primary' });
  for (const p of ['mp', 'gp']) primary.append(el('option', { value: p }, t(`tournament.new.primary.${p}`)));
  const colours = el('select', { name: 'colour_preferences', id: 'swiss-colours' });
  for (const c of ['A', 'B', 'none']) colours.append(el('option', { value: c }, t(`tournament.new.colours.${c}`)));
  const initial = el('select', { name: 'initial_colour', id: 'swiss-initial' });
  for (const c of ['white', 'black', 'lot']) initial.append(el('option', { value: c }, t(`tournament.new.initial.${c}`)));
  const swissFields = el('div', { id: 'team-swiss-options' }, field(t('tournament.new.primary'), primary), field(t('tournament.new.colourPreferences'), colours), field(t('tournament.new.initialColour'), initial));
  const time = el('select', { name: 'time' });
  for (const tc of ['3+2', '5+3', '10+5', '15+10', '30+0', '90+30', 'none'])
    time.append(el('option', { value: tc }, tc === 'none' ? t('newGame.time.none') : tc));
  time.value = '10+5';
  const rules = el('select', { name: 'rules' });
  for (const r of ['fide-2018', 'fide-2014', 'fide-2009', 'fide-2005', 'fide-2001']) rules.append(el('option', { value: r }, t(`newGame.rules.${r}`)));
  const edition = el('select', { name: 'tie_break_edition' });
  for (const ed of ['2026', '2024', '2022']) edition.append(el('option', { value: ed }, t(`tournament.edition.${ed}`)));
  const name = el('input', { name: 'name', type: 'text', maxlength: '80', required: '' });
  const error = el('p', { class: 'form-error', role: 'alert' });
  const team = (): boolean => system.value.startsWith('team-');
  const showRounds = (): void => {
    roundsField.hidden = system.value !== 'swiss-dutch' && system.value !== 'team-swiss';
    boardsField.hidden = !team();
    byCaptainsField.hidden = !team();
    swissFields.hidden = system.value !== 'team-swiss';
  };
  system.addEventListener('change', showRounds);
  showRounds();
  form.append(
    el('h1', {}, t('tournament.new.title')),
    field(t('tournament.new.name'), name),
    field(t('tournament.new.system'), system),
    roundsField,
    boardsField,
    byCaptainsField,
    swissFields,
    field(t('newGame.time'), time),
    field(t('newGame.rules'), rules),
    field(t('tournament.new.tieBreakEdition'), edition),
    error,
    el('button', { type: 'submit', class: 'btn primary big' }, t('tournament.new.create')),
  );
  form.addEventListener('submit', ev => {
    ev.preventDefault();
    error.textContent = '';
    const request: Record<string, unknown> = {
      v: 1,
      name: name.value.trim(),
      system: system.value,
      time: time.value,
      rules: rules.value,
      tie_break_edition: edition.value,
    };
    if (system.value === 'swiss-dutch' || system.value === 'team-swiss') request.rounds = Number(rounds.value);
    if (team()) request.boards = Number(boards.value);
    if (team() && byCaptains.checked) request.captain_registration = true;
    if (system.value === 'team-swiss') Object.assign(request, { primary: primary.value, colour_preferences: colours.value, initial_colour: initial.value });
    call<{ id: string; arbiter: string; join?: string }>('POST', '/api/tournaments', request).then(
      made => {
        saveKeys(made.id, made.join ? { arbiter: made.arbiter, join: made.join } : { arbiter: made.arbiter });
        navigate(`/t/${made.id}#a=${made.arbiter}`);
      },
      (e: Error) => (error.textContent = e.message),
    );
  });
  root().replaceChildren(el('div', { class: 'tpage-inner narrow' }, form));
}
