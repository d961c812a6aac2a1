// A bridge for servers that read only UCI moves (before the `text` form of `move`, docs/protocol.md): the typed
// text is looked up among the names the page already shows for each of the server's legal moves: the
// server's SAN, the same in the language's piece letters or figurines, the ICCF digits, the UCI and the
// Appendix D words. Compared as written, without check, capture or promotion signs, dashes, spaces and case;
// no grammar is read. It goes once every server reads typed text.
import { moveWords } from '../blind/notation.js';
import { figurineSan, iccf, sanIn } from '../notation.js';
import type { LegalMove } from '../protocol';

const key = (text: string): string =>
  text
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/[\s+#!?x:=\-,.()]/g, '');

function names(lang: string, m: LegalMove): string[] {
  const bare = m.san.replace(/[+#]+$/, '');
  const none = (): string => '';
  return [m.uci, m.san, sanIn(lang, m.san), figurineSan(m.san), iccf(m.uci, m.san), moveWords(bare, 'appendixD', none)];
}

export function lookUpTyped(lang: string, text: string, moves: LegalMove[]): LegalMove[] {
  const wanted = key(text);
  if (wanted === '') return [];
  return moves.filter(m => names(lang, m).some(n => key(n) === wanted));
}
