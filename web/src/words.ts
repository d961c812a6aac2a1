// Results and errors arrive as codes with data; these functions word them from the catalogue.
import { has, t } from './i18n';
import type { ApiError } from './http';
import type { Color, Result } from './protocol';

export const colorName = (c: Color): string => t(`color.${c}`);

export function resultHeadline(r: Result): string {
  switch (r.score) {
    case '1-0':
      return t('result.whiteWins');
    case '0-1':
      return t('result.blackWins');
    case '1/2-1/2':
      return t('result.draw');
    case '*':
      return t('result.aborted'); // the fair start: a game without a result
    default:
      return t('result.other', { score: r.score });
  }
}

export function resultReason(r: Result): string {
  // The side the reason applies to; in a decisive game it is the loser if the server did not say.
  const culprit = r.culprit ?? (r.score === '1-0' ? 'black' : r.score === '0-1' ? 'white' : null);
  const withSide = culprit ? `reason.${r.termination}.${culprit}` : '';
  if (withSide && has(withSide)) return t(withSide);
  if (has(`reason.${r.termination}`)) return t(`reason.${r.termination}`);
  return t('reason.unknown', { code: r.termination });
}

export function resultArticle(r: Result): string {
  if (!r.article) return '';
  const edition = r.edition && has(`edition.${r.edition}`) ? t(`edition.${r.edition}`) : (r.edition ?? '');
  return t('result.article', { article: r.article, edition });
}

/** An error code with its data, worded; the most specific key that exists wins (code.reason, then code). */
export function errorText(code: string, data: Record<string, unknown> = {}): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  }
  for (const key of ['turn', 'color']) {
    const v = params[key];
    if (v === 'white' || v === 'black') params[key] = colorName(v);
  }
  if (typeof data.kind === 'string' && has(`action.kind.${data.kind}`)) params.kind = t(`action.kind.${data.kind}`);
  if (typeof data.reason === 'string' && has(`error.${code}.${data.reason}`)) return t(`error.${code}.${data.reason}`, params);
  // The kind of a limit (too_many_connections: connections, websockets or server) may have its own words.
  if (typeof data.kind === 'string' && has(`error.${code}.${data.kind}`)) return t(`error.${code}.${data.kind}`, params);
  if (has(`error.${code}`)) return t(`error.${code}`, params);
  return t('error.unknown', { code });
}

/** An HTTP request's failure (http.ts), worded: the server's code, or no answer, or an answer without a code. */
export function apiErrorText(failure: ApiError): string {
  if (failure.error === 'network') return t('error.network');
  if (failure.error === 'http_status' || failure.error === 'bad_response') return t('error.unknown', { code: failure.status });
  return errorText(failure.error, failure.data);
}
