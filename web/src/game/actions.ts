// What the game screen asks the server for (docs/protocol.md, client to server). Each function sends one
// request over the game's connection; the answers come back as messages for the state (state.ts).
import type { Connection } from '../connection';
import type { Color } from '../protocol';

export type OfferKind = 'draw' | 'takeback';
export type OfferAction = 'offer' | 'accept' | 'decline';
export type ClaimGround = 'threefold' | 'fifty';

export class GameActions {
  constructor(private readonly connection: Connection) {}

  /** A move by its UCI; `ply` is the number of moves already played (the server refuses a stale one). */
  move(uci: string, ply: number): void {
    this.connection.request(req => ({ t: 'move', req, uci, ply }));
  }

  /** A move as typed or said, in any form; the server reads it in the page's language. */
  moveText(text: string, lang: string, ply: number): number {
    return this.connection.request(req => ({ t: 'move', req, text, lang, ply }));
  }

  /** A claim (Art. 9.2, 9.3), with the intended move that is played if the claim is rejected. */
  claim(ground: ClaimGround, uci?: string): void {
    this.connection.request(req => (uci === undefined ? { t: 'claim', req, ground } : { t: 'claim', req, ground, uci }));
  }

  /** A claim whose intended move is typed or said: the server reads it as a move's text. */
  claimText(ground: ClaimGround, text: string, lang: string): number {
    return this.connection.request(req => ({ t: 'claim', req, ground, text, lang }));
  }

  /** A draw or takeback offer, or the answer to one; `color` names the side acted for (hot-seat only). */
  offer(kind: OfferKind, action: OfferAction, color: Color | null): void {
    const c = color !== null ? { color } : {};
    this.connection.request(req => ({ t: kind, req, action, ...c }));
  }

  resign(color: Color | null): void {
    const c = color !== null ? { color } : {};
    this.connection.request(req => ({ t: 'resign', req, ...c }));
  }

  /** A rematch of a finished invite game: offered, accepted, or declined (withdrawn by the offerer). */
  rematch(action: OfferAction): void {
    this.connection.request(req => ({ t: 'rematch', req, action }));
  }

  /** Ends the game without a result while neither side has made its first move (the fair start). */
  abort(color: Color | null): void {
    const c = color !== null ? { color } : {};
    this.connection.request(req => ({ t: 'abort', req, ...c }));
  }

  /** The opponent is gone: the win, or a draw. */
  opponentGone(claim: 'win' | 'draw'): void {
    this.connection.request(req => ({ t: 'opponent_gone', req, claim }));
  }

  /** Asks for the events after `since` (a gap in the numbers, or a stale request). */
  resync(since: number): void {
    this.connection.send({ t: 'resync', since });
  }
}
