// Links from the game to the rules page of its language (web/rules/, built to /rules/LANG.html): every
// termination the server reports has a point of the same name there, with its article in each edition.
import { LANGS } from './lang';

const TERMINATIONS = new Set([
  'checkmate', 'resignation', 'stalemate', 'dead_position', 'agreement', 'threefold_repetition', 'fifty_moves',
  'fivefold_repetition', 'seventy_five_moves', 'time_forfeit', 'timeout_draw', 'both_flags_fell', 'forfeit',
  'arbiter_decision', 'aborted', 'first_move_timeout', 'opponent_gone',
]);

export function rulesPage(lang: string): string {
  return `/rules/${LANGS.includes(lang) ? lang : 'en'}.html`;
}

/** The rules page's point for a termination, or null when the page has none. */
export function rulesLink(lang: string, termination: string): string | null {
  return TERMINATIONS.has(termination) ? `${rulesPage(lang)}#${termination}` : null;
}
