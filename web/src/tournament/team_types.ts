// A team event's answers as docs/protocol.md describes them (/api/tournaments/ID with "kind": "team").
export interface TeamBoard {
  board: number;
  white: number;
  black: number;
  first_colour: 'w' | 'b';
  result: string | null;
  game: string | null;
}
export interface TeamMatchView {
  first: number;
  second: number;
  score: [string, string] | null;
  boards: TeamBoard[];
}
export interface TeamEventView {
  kind: 'team';
  id: string;
  name: string;
  system: 'team-round-robin' | 'team-double-round-robin' | 'team-swiss';
  boards: number;
  rounds: number;
  time: string;
  rules: string;
  state: 'registration' | 'running' | 'finished';
  published: number;
  version: number;
  tie_break_edition: string;
  captain_registration: boolean;
  match_points: [string, string, string];
  tie_breaks: string[];
  teams: { number: number; name: string; players: { number: number; name: string; rating: number }[] }[];
  pairings: { round: number; matches: TeamMatchView[] }[];
  standings: { rank: number; team: number; match_points: string; game_points: string; tie_breaks: number[] }[];
  /** A team Swiss's options (C.04.6) and the teams marked absent from the next round. */
  swiss?: { primary: 'mp' | 'gp'; colour_preferences: 'A' | 'B' | 'none'; initial_colour: 'white' | 'black'; initial_colour_by_lot: boolean };
  absent?: number[];
  crosstable: { team: number; matches: { round: number; opponent: number; game_points: string; match_points: string; played: boolean }[] }[];
}
export type AdviceKind = 'offer_draw' | 'accept_draw' | 'resign' | 'yes' | 'no' | 'decide_yourself' | 'ask';
export interface AdviceMessage {
  seq: number;
  from: 'captain' | 'player';
  kind: AdviceKind;
  about?: 'offer_draw' | 'accept_draw' | 'resign';
}
export interface CaptainBoard {
  round: number;
  board: number;
  player: number;
  opponent: number;
  colour: 'w' | 'b';
  state: 'running' | 'finished' | 'unplayed';
  result: string | null;
  advice: AdviceMessage[];
  question_open: boolean;
}
export interface TeamMe {
  role: 'arbiter' | 'captain' | 'player';
  captains?: { team: number; token: string }[];
  players?: { player: number; token: string }[];
  team?: number;
  boards?: CaptainBoard[];
  player?: number;
  games?: { round: number; white: number; black: number; game: string; seat: string }[];
  lineups?: { round: number; team: number; players: number[] }[];
}
