// What the modules above the games ask of them, as typed calls: the lobby starts its pairings' games, an event
// starts its boards' games and reads how they ended and their PGN. The HTTP routes of the games
// (game_routes.cpp, POST /api/games and the rest) are one layer over the same service; nothing inside the server
// goes through them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/types.h"

namespace tabiya::server {

// A game between two people that the server itself starts (a lobby pairing, an event's board): both seats go to
// the caller, who hands them out; the clocks start once both players have come.
struct NewGame {
  std::string time = "none";    // a time control as POST /api/games takes it ("5+3", "90/40+30:30+30"); "none"
  std::optional<int> days;      // a correspondence game: days per move (1..14), instead of `time`
  bool chess960 = false;        // a Chess960 start position drawn at random
  std::string rules;            // a rules profile ("fide-2014"); empty: the newest
  bool casual = true;           // false: a rated or event game (takebacks by the Laws only)
  std::string names[COLOR_NB];  // shown on the game page and in its PGN; empty: none
  // An event's game: the event and its round, shown on the game page and written into the PGN. In an event's game
  // a first move never made loses by default (Art. 6.7) instead of aborting the game.
  std::string event_id, event_name;
  int round = 0;
};

struct StartedGame {
  std::string id;
  std::string seats[COLOR_NB];  // the seat tokens of White and Black
};

// How a game ended, as an event records it.
struct GameEnding {
  std::string score;        // "1-0", "0-1", "1/2-1/2"; "*" for a game that ended without a result (aborted)
  std::string termination;  // the protocol's code (docs/protocol.md, "Results"): "checkmate", "forfeit", ...
  // Whether the game was played: false for a game lost by default because a player never made his first move
  // (Art. 6.7) and for an aborted one. An event records such a game as a forfeit ("+"/"-" in the TRF): unrated,
  // and out of the tie-breaks that count played games only.
  bool played = true;
};

class GameApi {
 public:
  virtual ~GameApi() = default;
  // Starts a game; the error names the setting refused (a time control over the limits, an unknown profile).
  virtual Result<StartedGame> start_game(const NewGame& game) = 0;
  // How the game ended; nullopt while it goes on, when there is no such game, or when it cannot be read now.
  virtual std::optional<GameEnding> game_ending(std::string_view id) = 0;
  // The game's record as PGN; an error when there is no such game or it cannot be read now.
  virtual Result<std::string> game_pgn(std::string_view id) = 0;
};

}  // namespace tabiya::server
