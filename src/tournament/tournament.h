// The tournament data model shared by everything in src/tournament: the
// players and, per player per round, the entry of the FIDE Tournament Report
// File (opponent, colour, result code). The TRF is the single source of truth,
// so the model is the TRF's content in plain structs; scores, colour and float
// histories are computed from the entries with the event's point system.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tabiya::tournament {

// Points are counted in tenths (the TRF writes one decimal): 1 = 10, 1/2 = 5.
using Points = int;

enum class Colour : char { none = '-', white = 'w', black = 'b' };

inline Colour opposite(Colour c) {
  return c == Colour::white ? Colour::black : c == Colour::black ? Colour::white : Colour::none;
}

// One player's entry for one round (the 10-character groups of a 001 line).
// Result codes as in the TRF: played games 1 = 0 (also W D L, "not rated");
// + - forfeit win / loss; U pairing-allocated bye; H half-point bye;
// F full-point bye; Z zero-point bye; ' ' nothing entered (not paired yet).
struct RoundEntry {
  int opponent = 0;  // start number; 0 = none ("0000" or blank)
  Colour colour = Colour::none;
  char result = ' ';

  bool empty() const { return opponent == 0 && colour == Colour::none && result == ' '; }
  // A game over the board: an opponent and a played result (1 = 0 W D L).
  bool played() const;
  // Forfeit win or loss against a paired opponent (+ or - with an opponent).
  bool forfeit() const { return opponent != 0 && (result == '+' || result == '-'); }
  // The pairing of that round involved the player: a game (played or
  // forfeited) or the pairing-allocated bye (U, or + without opponent as
  // some programs write it).
  bool paired() const { return opponent != 0 || result == 'U' || (opponent == 0 && result == '+'); }
  // Pairing-allocated bye.
  bool pairing_allocated_bye() const { return opponent == 0 && (result == 'U' || result == '+'); }
  // Not available for pairing in that round although something is entered:
  // requested byes H F Z and absences (0000 - or blank opponent with -).
  bool absent() const { return opponent == 0 && !empty() && !pairing_allocated_bye(); }
};

struct Player {
  int number = 0;  // start (pairing) number, 1..
  char sex = ' ';  // 'm', 'w' or ' '
  std::string title;
  std::string name;
  int rating = 0;  // 0 = unrated
  std::string federation;
  std::string fide_id;
  std::string birth_date;          // as written: YYYY/MM/DD or YYYY
  Points points = 0;               // as declared on the 001 line
  int rank = 0;                    // as declared, 0 = none
  std::vector<RoundEntry> rounds;  // rounds[0] is round 1

  // The entry of round `round` (1-based); an empty entry past the end.
  RoundEntry entry(int round) const;
};

// Points per result code (the TRF-16 extension lines BBW BBD BBL BBZ BBF BBU,
// the 2026 revision's 162 line). A requested half-point bye scores a draw, a
// full-point bye and a forfeit win score a win.
struct PointSystem {
  Points win = 10;
  Points draw = 5;
  Points loss = 0;
  Points zero_bye = 0;                // Z and absences
  Points forfeit_loss = 0;            // -
  Points pairing_bye = 10;            // U
  bool pairing_bye_explicit = false;  // BBU given (else it follows BBW)

  bool operator==(const PointSystem&) const = default;
};

// A header line kept as written (012 name, 022 city, 032 federation, 042/052
// dates, 062/072/082 counts, 092 type, 102/112 arbiters, 122 time control,
// 132 round dates, comments, and lines this model does not interpret).
struct HeaderLine {
  std::string code;  // first three characters
  std::string text;  // the rest of the line after the code and one space
  bool operator==(const HeaderLine&) const = default;
};

// The two versions of the Tournament Report File: TRF-16 with the TRF(x)
// extension lines pairing engines read (XXR XXC XXA XXP BBx), and the 2025
// revision ("TRF 2026", FIDE Council 12 May 2025) with its own records
// (142 152 162 240 250 260, 310 for teams). trf.h and trf25.h.
enum class TrfVersion { trf16, trf25 };

struct Tournament {
  std::vector<HeaderLine> headers;       // in file order, every non-001 line not modelled below
  std::vector<Player> players;           // sorted by start number (players[i].number == i + 1 when complete)
  int total_rounds = 0;                  // XXR (or 142); 0 = not declared
  Colour initial_colour = Colour::none;  // XXC white1/black1 (or 152); none = decide by lot / engine default
  PointSystem points;
  bool points_declared = false;  // write BB lines back even when they equal the defaults
  bool rank_order = false;       // XXC rank
  // Acceleration, as JaVaFo's TRF(x) and bbpPairings read it ("XXA NNNN
  // pp.p pp.p ..."): per player, the points added to his score when round
  // r is paired (index r - 1); e.g. the Baku virtual points (C.04.5.1).
  std::map<int, std::vector<Points>> accelerations;
  // Forbidden pairs: players that never meet. "XXP a b c" (TRF(x), every
  // round) and the 2026 revision's "260 first last a b c" (rounds first to
  // last): every two players on one line are kept apart.
  struct ForbiddenGroup {
    int first_round = 1;
    int last_round = 0;  // 0 = every round from first_round on
    std::vector<int> players;
    bool from_260 = false;  // written back as a 260 line, else XXP
    bool operator==(const ForbiddenGroup&) const = default;
  };
  std::vector<ForbiddenGroup> forbidden;
  // The version the file was read in, written back in the same one.
  TrfVersion trf_version = TrfVersion::trf16;

  // Header text for a code ("012" -> the tournament name), empty if absent.
  std::string header(const std::string& code) const;
  void set_header(const std::string& code, const std::string& text);
  std::string name() const { return header("012"); }

  const Player* player(int number) const;
  Player* player(int number);

  // The number of rounds with any entry (the last round something was written for).
  int rounds_with_entries() const;
  // The number of rounds paired: the last round in which someone was paired
  // (a game or the pairing-allocated bye).
  int rounds_paired() const;

  // The acceleration of a player for round `round` (0 without an XXA entry).
  Points acceleration(int player, int round) const;
  // Whether a and b may not be paired in round `round` (XXP / 260 lines).
  bool forbidden_pair(int a, int b, int round) const;

  // Points one entry scores under the event's point system.
  Points entry_points(const RoundEntry& e) const;
  // Score after rounds 1..round (round 0 -> 0).
  Points score_after(const Player& p, int round) const;
  // Played or forfeited a paired game against each other in rounds 1..round.
  bool met(int a, int b, int round) const;
  // The colours of the games actually played (forfeits excluded) in rounds 1..round.
  std::vector<Colour> colour_history(const Player& p, int round) const;
};

// Float direction of a player in one round, measured by the scores before it.
enum class Float : char { none, down, up };
// Whether the player floated in round `round`: down when he met an opponent
// with a lower score or received a point without playing (pairing-allocated
// bye, forfeit win); up when he met an opponent with a higher score.
Float float_in_round(const Tournament& t, const Player& p, int round);

std::string format_points(Points p);  // 45 -> "4.5"

}  // namespace tabiya::tournament
