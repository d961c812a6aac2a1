// The tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07; checked
// against the edition in force from 1 March 2026 and the 2023 text in force
// from 1 April 2024, https://handbook.fide.com/chapter/TieBreakRegulations2023
// and its successors), named by the regulations' acronyms with the
// modifiers of Art. 14: BH (Buchholz, Art. 8.1) and BH-C1, BH-C2 (Cut-n:
// least significant values cut) and BH-M1, BH-M2 (Median-n: least and most
// significant cut); SB (Sonneborn-Berger, 8.2) with the same modifiers; DE
// (direct encounter, Art. 6); WIN (rounds won, with or without play, 7.1),
// WON (games won over the board, 7.2); BPG (games played with Black, 7.3),
// BWG (games won with Black, 7.4); PS (progressive score, 7.5; PS-C1 drops
// the first round); KS (Koya, 9.2: points against the players with at
// least half the maximum score, for round robins); ARO (average rating of
// the opponents met over the board, 10.1) and ARO-C1 etc.; TPR and PTP (the
// tournament performance rating and the perfect tournament performance,
// 10.2 and 10.3, by the tables of the FIDE Rating Regulations, fide_rating.h)
// and their averages over the opponents APRO and APPO (10.4, 10.5); AOB
// (the average of the opponents' Buchholz, 8.2, to hundredths, halves up);
// FB (Fore Buchholz, 8.3: every pairing of the last round with an opponent
// counted as a draw, for the player and his opponents, so that it can be
// known before the last round ends; with BH's cuts); REP (rounds one
// elected to play, 7.6: the rounds that were not voluntary unplayed rounds).
//
// Unplayed rounds (Art. 16) in Swiss events, per edition (event.h):
// a voluntary unplayed round (VUR, 16.2) is one that did not give a win:
// a forfeit loss, a requested half- or zero-point bye, an absence. For the
// opponents' tie-breaks a player's rounds count the points they gave,
// except his VURs without an opponent after his last round that was not a
// VUR (a withdrawal, byes at the end), which count as draws (16.3). For his
// own Buchholz and Sonneborn-Berger each unplayed round is a game against
// a dummy opponent with his own score (16.4; the 2026 edition caps it at the
// scheduled opponent's score for a forfeit and at a draw in every round
// otherwise). A low cut takes the lowest VUR contribution instead of the
// least significant value when it is worth more (16.5). The 2022 edition
// (C.02) used a virtual opponent instead and counted every unplayed round
// as a draw for the opponents. In round robins a forfeit is a result
// against the scheduled opponent, and the bye round of an odd number of
// players is left out.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::tournament {

enum class TieBreakKind {
  direct_encounter,
  buchholz,
  sonneborn_berger,
  wins,
  games_won,
  black_games,
  black_wins,
  average_rating,
  koya,
  progressive,
  performance,          // TPR, 10.2
  perfect_performance,  // PTP, 10.3
  average_performance,  // APRO, 10.4: the opponents' TPR averaged
  average_perfect,      // APPO, 10.5: the opponents' PTP averaged
  average_buchholz,     // AOB, 8.2: the opponents' Buchholz averaged
  fore_buchholz,        // FB, 8.3: Buchholz with the last round's pairings drawn
  rounds_elected,       // REP, 7.6: rounds one elected to play
};

struct TieBreak {
  TieBreakKind kind = TieBreakKind::buchholz;
  int cut_low = 0;   // least significant values removed
  int cut_high = 0;  // most significant values removed
  // ARO TPR PTP APRO APPO: the rating an unrated opponent counts with
  // ("-U1400", as the event's regulations decide); 0 = unrated opponents
  // are left out.
  int unrated_rating = 0;
  std::string code;  // canonical: "BH-C1", "TPR-U1400"
};

// "BH", "bh-c1", "BH/M1", "SB", "DE", "WIN", "KS", "PS-C1", "TPR-U1400", ...
Result<TieBreak> parse_tie_break(const std::string& text);

struct EventRecord;
struct PlayerRecord;

// The value of `tb` for `player`. `group` is the set of players tied with
// him at the point where the tie-break is applied (used by DE).
double tie_break_value(const EventRecord& event, const TieBreak& tb, const PlayerRecord& player,
                       const std::vector<int>& group);

}  // namespace tabiya::tournament
