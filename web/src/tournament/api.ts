// The tournament API through the app's one fetch wrapper (http.ts): an answer, or an ApiError whose text is
// the refusal worded for the page (the field, the reason, or the code).
import { api } from '../http';
import { t } from '../i18n';
import { apiErrorText } from '../words';

export class ApiError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await api<T>(path, body === undefined ? { method } : { method, body });
  if (answer.ok) return answer.value;
  const { error, data } = answer.failure;
  if (error === 'bad_request' && typeof data.field === 'string')
    throw new ApiError(t('tournament.error.field', { field: t(`tournament.field.${data.field || 'request'}`) }));
  if (error === 'not_allowed' && typeof data.reason === 'string')
    throw new ApiError(t(`tournament.error.${data.reason}`, data as Record<string, string | number>));
  if (error === 'forbidden') throw new ApiError(t('tournament.error.forbidden'));
  throw new ApiError(apiErrorText(answer.failure));
}
