// The one way the page talks HTTP to the server (every fetch of the app goes through here). Answers come
// back as a value or as the server's error, typed as docs/protocol.md sends it: `{error: CODE, data}`.
// A request that never reached the server is the error `network`, an answer that is not JSON `bad_response`.

export interface ApiError {
  /** The server's code (`bad_request`, `not_allowed`, ...), or `network` / `bad_response` from this side. */
  error: string;
  data: Record<string, unknown>;
  /** The HTTP status; 0 when no answer came. */
  status: number;
}

export type ApiResult<T> = { ok: true; value: T; status: number } | { ok: false; failure: ApiError };

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** The answer has no JSON body worth reading (a POST whose answer is not needed). */
  ignoreBody?: boolean;
}

function isErrorBody(body: unknown): body is { error: string; data?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

// The logged-in session's CSRF token (docs/protocol.md, "Accounts"): sent with every POST, so the server
// takes it as this page's own request; empty when nobody is logged in.
let csrfToken = '';
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const init: RequestInit = { method: request.method ?? 'GET', headers: { Accept: 'application/json' } };
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  if (init.method === 'POST' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  init.headers = headers;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    return { ok: false, failure: { error: 'network', data: {}, status: 0 } };
  }
  let body: unknown = null;
  let readable = true;
  if (!request.ignoreBody || !response.ok) {
    try {
      body = await response.json();
    } catch {
      readable = false;
    }
  }
  if (!response.ok) {
    if (isErrorBody(body)) {
      const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
      return { ok: false, failure: { error: body.error, data, status: response.status } };
    }
    return { ok: false, failure: { error: 'http_status', data: { code: response.status }, status: response.status } };
  }
  if (!readable) return { ok: false, failure: { error: 'bad_response', data: {}, status: response.status } };
  return { ok: true, value: body as T, status: response.status };
}
