// What bears on a square is the server's answer (POST /api/position/attackers, docs/protocol.md): the page
// keeps no chess logic, it only names the pieces the server lists.
import { api } from '../http.js';
import type { Square } from '../protocol';
import type { Bearing } from './commands.js';

/** The pieces of each colour bearing on `square` in the position `fen`; null when the server gave no answer. */
export async function askBearing(fen: string, square: Square): Promise<Bearing | null> {
  const answer = await api<Bearing>('/api/position/attackers', { method: 'POST', body: { fen, square } });
  return answer.ok ? answer.value : null;
}
