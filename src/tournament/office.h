// The tournament office: every administrative decision of an event kept in a TRF, made here once for both front
// ends (`tabiya tournament` at the command line and the server's online events). The front ends read their
// requests, call these, store the file and report; they decide nothing about the rules themselves.
//
//   registration      start numbers, late entries, the Swiss start list (FIDE C.04.2 B: rating, title, name)
//   the draw          round robins: pairing numbers by lot (or the Varma tables), then the Berger table (C.05)
//   withdrawals       the round a player leaves after, his remaining round-robin games forfeited (Tournament
//                     Rules 11(d)), his requested byes voided, absent from the Swiss rounds after it
//   results           entered or corrected per board; three games lost by forfeit exclude a player (Tournament
//                     Rules 11(b))
//   the file          declared points and ranks follow the results before every write
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

// Start numbers after a change: renumbered[old] is the player's new start number (0: struck off); index 0 is
// unused. Front ends that key something by start number (the server's player tokens) move it along.
using Renumbering = std::vector<int>;

// --- Registration ---

// A player's particulars as the entry forms give them. Titles: the words (GM IM FM CM WGM WIM WFM WCM) or the
// TRF codes (g i f c wg wi wf wc), any case; the result is the TRF code, "" for none and nullopt if unknown.
std::optional<std::string> title_code(const std::string& text);
bool valid_federation(const std::string& text);  // empty, or three capital letters (NOR)
bool valid_fide_id(const std::string& text);     // up to 11 digits
bool valid_birth_date(const std::string& text);  // empty, YYYY or YYYY/MM/DD

// Swiss start list (FIDE C.04.2 B): rating, then title, then name; start numbers follow the order.
Renumbering sort_start_list(Tournament& t);

struct Registration {
  int number = 0;          // the new player's start number
  Renumbering renumbered;  // everyone's, the new player's old number being players.size() before the entry
};

// Enters a player (`p.number` is ignored). A late entry in a Swiss event is absent from the rounds already paired;
// before round 1 the Swiss start list is sorted again. A drawn round robin takes no more players.
Result<Registration> register_player(Tournament& t, const EventSettings& settings, Player p);

// Before the start an entry is simply struck off; the players after him move up.
Renumbering strike_off(Tournament& t, int number);

// --- The round-robin draw ---

// The pairing numbers of a lot seeded with `seed`: numbers[i] for players[i].
std::vector<int> pairing_numbers_by_lot(int players, std::uint64_t seed);

// Gives players[i] the pairing number numbers[i] and writes the Berger schedule (one cycle per cycle of the
// event) into the round entries; `note` (how the numbers were drawn, with the seed) goes into a ### line so the
// draw can be replayed. Needs two players and no round entered yet.
Result<Renumbering> draw_round_robin(Tournament& t, const EventSettings& settings, const std::vector<int>& numbers,
                                     const std::string& note);

// --- Withdrawals and forfeits ---

// The last round a leaving player took part in: his last result in a round already paired (a round robin's bye is
// no result), or in a Swiss event the current round when he is paired in it (his game there is his to finish).
int last_round_taken_part(const Tournament& t, const EventSettings& settings, int number);

// Player `number` leaves after round `after_round`: recorded as an XXW line; in a round robin his remaining games
// are lost by forfeit (Tournament Rules 11(d)); in a Swiss event the byes he requested for rounds not yet paired
// are void. He must be in the event and not have left already.
void withdraw(Tournament& t, EventSettings& settings, int number, int after_round);

// Round robins: the scheduled games of a player who left after `after_round` are forfeited, "-" for him and "+" for
// his opponent, "-" for both when the opponent had left too ("--" in the crosstable, Tournament Rules 11(d)).
void forfeit_remaining_games(Tournament& t, const EventSettings& settings, int number, int after_round);

// Tournament Rules 11(b): a player who has lost three games by forfeit is excluded after round `round` (and, in a
// round robin, loses his remaining games by forfeit). Returns whether he was excluded now.
bool exclude_after_three_forfeits(Tournament& t, EventSettings& settings, int number, int round);

// Swiss: players who left before `round` are absent from it (written "0000 -"), so they are not paired.
void mark_withdrawn_absent(Tournament& t, const EventSettings& settings, int round);

// --- Results ---

// Enters (or corrects) the result of the game White (`white`) plays in `round`: the round entries' result codes
// for White and Black ('1' '0', '=' '=', '+' '-', '-' '+', '-' '-'). Then Tournament Rules 11(b) for both players;
// returns the players excluded by it.
std::vector<int> enter_result(Tournament& t, EventSettings& settings, int round, int white, char white_code,
                              char black_code);

// The first board (1-based) of `round` whose game has no result yet; nullopt when every game has one.
std::optional<int> first_board_without_result(const Tournament& t, const EventSettings& settings, int round);

// --- Swiss rounds ---

// A requested bye (H half point, F full point, Z zero point) of player `number` for a round not yet paired.
void request_bye(Tournament& t, int number, int round, char kind);

// Before pairing round `round`: players who left are marked absent, and with Baku acceleration (asked for with
// `baku`, or declared by the event) the virtual points are fixed as XXA lines before round 1, a late entry getting
// his when he is first paired. Then pair_dutch(t, round) pairs it.
Result<bool> prepare_swiss_round(Tournament& t, EventSettings& settings, int round, bool baku);

// --- The file ---

// Before every write: the event's settings as extension lines, declared points and ranks from the results.
void update_declared_scores(Tournament& t, const EventSettings& settings);

}  // namespace tabiya::tournament
