// The lobby's messages as docs/protocol.md ("Lobby") sends them.

export interface Terms {
  time: string | null;
  days: number | null;
  rated: boolean;
  color?: 'white' | 'black' | 'random';
  variant: 'standard' | 'chess960';
  category: string | null;
}

export interface Seek extends Terms {
  id: string;
  player: string;
  user: string;
  account: boolean;
  rating: number;
  provisional: boolean;
}

export interface LobbyGame extends Terms {
  id: string;
  white: string;
  black: string;
  watch: string;
}

export interface Challenge extends Terms {
  id: string;
  from: string;
  to: string;
  incoming?: boolean;
}

export interface Pool {
  time: string;
  /** The rating the pool's games count for ("blitz"), as the server's boundaries give it. */
  category: string;
  rated_waiting: number;
  casual_waiting: number;
}

export interface Rating {
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

export interface You {
  id: string;
  name: string;
  account: boolean;
  ratings: Record<string, Rating>;
}

export interface LobbySnapshot {
  seeks: Seek[];
  games: LobbyGame[];
  pools: Pool[];
  challenges: Challenge[];
  you?: You;
  waiting?: string | null;
}

export interface RatingChange {
  before: number;
  rating: number;
  diff: number;
  provisional: boolean;
}

export type LobbyMessage =
  | ({ t: 'hello' } & LobbySnapshot)
  | { t: 'seek'; seek: Seek }
  | { t: 'seek_gone'; id: string; reason: string }
  | { t: 'game_started'; game: LobbyGame }
  | { t: 'game_over'; id: string; score: string }
  | { t: 'challenge'; challenge: Challenge; incoming: boolean }
  | { t: 'challenge_gone'; id: string; reason: string }
  | { t: 'pool_joined'; time: string; rated: boolean }
  | { t: 'pool_left' }
  | ({ t: 'paired'; game: string; color: 'white' | 'black'; seat: string; url: string; opponent: string } & Terms)
  | ({ t: 'rating'; game: string; category: string; color: 'white' | 'black'; opponent: RatingChange & { name: string } } & RatingChange)
  | { t: 'error'; code: string; detail: string }
  | { t: 'updates'; events: LobbyMessage[] }
  | { t: 'pong' };

/** A rating as shown: "1500?" while provisional. */
export function shownRating(rating: number, provisional: boolean): string {
  return `${rating}${provisional ? '?' : ''}`;
}
