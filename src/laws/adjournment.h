// Adjourned games (FIDE 2014 Appendix E; 2001/2005 Appendix A): the player
// having the move seals it in an envelope with the data of E.2, the game is
// stored, and on resumption the position and clocks are set up again (E.5)
// and the sealed move is revealed and played (E.9). A sealed move that is
// ambiguous, unreadable or illegal loses (E.8).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/result.h"
#include "laws/game.h"
#include "notation/pgn_game.h"

namespace tabiya {

// What is written on the envelope (E.2 a-g), plus the sealed move inside it.
struct SealedEnvelope {
  std::string white;                        // a. names of the players
  std::string black;
  std::string position_fen;                 // b. the position immediately before the sealed move
  std::optional<Millis> white_remaining;    // c. the clocks (remaining time; time used follows
  std::optional<Millis> black_remaining;    //    from the time control)
  Color sealed_by = WHITE;                  // d. who sealed
  int move_number = 1;                      // e. the number of the sealed move
  std::optional<Color> draw_offer;          // f. a draw offer that stands
  std::string resumption;                   // g. date, time and venue of resumption
  std::string sealed_move;                  // inside: the move as written, secret until E.7
};

struct AdjournedGame {
  PgnGame record;           // the game up to the sealed move
  SealedEnvelope envelope;
};

// E.1.a: the player having the move seals `sealed_move` (as written, in any
// notation; it is NOT checked now - an unreadable sealed move loses only when
// the envelope is opened, E.8). The clock is stopped.
Result<AdjournedGame> adjourn(const Game& game, std::string_view sealed_move, std::string_view white, std::string_view black,
                              std::string_view resumption);

// The stored form: a PGN game whose tags carry the envelope (Sealed* tags).
std::string write_adjourned(const AdjournedGame& adjourned);
Result<AdjournedGame> read_adjourned(std::string_view text);

// E.5, E.7, E.9: sets up the position and the clocks as adjourned, opens the
// envelope and plays the sealed move. If it is ambiguous, unreadable or
// illegal, the sealer loses (E.8). `late` names a player who arrived after the
// default time (E.10): he loses, unless the sealed move ended the game.
Result<Game> resume_adjourned(const AdjournedGame& adjourned, std::shared_ptr<const TimeSource> time = nullptr,
                              std::optional<Color> late = std::nullopt);

}  // namespace tabiya
