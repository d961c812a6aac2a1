// The tournament API's answers as docs/protocol.md describes them (/api/tournaments).
export interface TPlayer {
  number: number;
  name: string;
  title: string;
  rating: number;
  federation: string;
  fide_id: string;
  score: string;
  withdrawn: number | null;
  excluded: boolean;
}
export interface TBoard {
  board: number;
  white: number;
  black: number;
  result: string | null;
  game: string | null;
}
export interface TRound {
  round: number;
  boards: TBoard[];
  byes: { player: number; kind: string }[];
}
export interface TEvent {
  id: string;
  name: string;
  system: 'round-robin' | 'double-round-robin' | 'swiss-dutch';
  rounds: number;
  time: string;
  rules: string;
  state: 'registration' | 'running' | 'finished';
  published: number;
  version: number;
  players: TPlayer[];
  pairings: TRound[];
  requested_byes: { player: number; round: number; kind: string }[];
  standings: { tie_breaks?: string[]; edition?: string; rows?: { rank: number; number: number; score: string; values: string[] }[] };
  crosstable: { number: number; annulled: boolean; rounds: { round: number; opponent: number; colour: string; mark: string }[] }[];
}
export interface TMe {
  role: 'arbiter' | 'player';
  player: number | null;
  games: { round: number; white: number; black: number; game: string; seat?: string }[];
  join?: string;
  players?: { player: number; token: string }[];
}
