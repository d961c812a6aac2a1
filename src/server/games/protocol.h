// The JSON of docs/protocol.md (version 1): a game's setup from a create
// request, the GAME object, events and results. Only shapes live here; the
// game service decides when to send what.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "play/live_game.h"
#include "server/games/game_api.h"

namespace tabiya::server {

inline constexpr int PROTOCOL_VERSION = 1;

// A protocol error: machine code plus data (docs/protocol.md, "Error codes").
struct ProtocolError {
  std::string code;
  boost::json::object data;
  std::string detail;  // English, for logs
};

ProtocolError bad_field(std::string_view field, std::string_view expected, std::string detail = {});

// Who plays a game and how it was set up: what the store keeps besides the log.
struct Setup {
  std::string opponent = "robot";  // robot | hotseat | invite
  int level = 3;
  Color creator = WHITE;
  std::string time;  // human form, "none" without a clock
  std::optional<int> days;
  std::optional<int> chess960;
  std::string start_fen;
  std::vector<std::string> moves;  // UCI, played before the clocks start (a PGN continued)
  std::string rules = "fide-2018";
  bool casual = true;
  std::string seats[COLOR_NB];  // seat tokens; empty for the robot's seat
  uint64_t seed = 0;            // the robot's
  // Shown on the game page: the players' names and, for an event's game, the
  // event (GAME "players".COLOR."name", "tournament"); empty / 0 = none.
  std::string names[COLOR_NB];
  std::string tournament_id, tournament_name;
  int tournament_round = 0;
  // When the game was created (server time, ms since the epoch; 0 for games stored before it was kept): the
  // PGN's Date.
  int64_t created_ms = 0;
};

// The setup of a game the server starts itself (game_api.h): the same checks as a create request's, both seats
// invited, White the creator.
Result<Setup, ProtocolError> setup_of(const NewGame& game, uint64_t random);
// Reads a create request (POST /api/games). Random choices (colour, Chess960
// number) use `random`; tokens are filled in by the caller.
Result<Setup, ProtocolError> parse_create_request(std::string_view body, uint64_t random);
// The request's start position, its "fen" or "pgn" (docs/protocol.md, "Start positions"), into
// setup.start_fen and setup.moves; a refusal names the field and the problem (code and data).
std::optional<ProtocolError> parse_start(const boost::json::object& request, Setup& setup);
boost::json::object setup_json(const Setup& setup);
Result<Setup> setup_from_json(std::string_view text);
// The game's start options from its setup.
Result<play::StartOptions> start_options(const Setup& setup);

std::string_view color_text(Color c);
std::optional<Color> parse_color(std::string_view text);
std::string_view termination_code(Termination t);
boost::json::object result_json(const Outcome& outcome, RulesEdition edition);
// The finished game's result, named by what ended it: an abort, a first move's time limit, an opponent gone.
boost::json::object result_json(const play::LiveGame& live);
// How a finished game ended, for the modules above the games (game_api.h).
GameEnding game_ending_of(const play::LiveGame& live);
// GET /api/levels: the robot's levels with the Elo each was measured at (engine/levels.h).
boost::json::object levels_json();

// What the service knows about a game besides the LiveGame.
struct GameView {
  std::string id;
  const Setup* setup = nullptr;
  bool connected[COLOR_NB] = {false, false};
  bool robot_thinking = false;
  int robot_queue = 0;
  int64_t wall_now_ms = 0;  // server time, ms since the epoch (for the correspondence deadline)
  // A finished invite game's rematch (GAME "rematch"): the side offering it, and the new game once accepted.
  std::optional<Color> rematch_offer;
  std::string rematch_game;
  // Opponent gone (play/opponent_gone.h): how long each seat has had no connection, where the rule applies.
  std::optional<int64_t> away_ms[COLOR_NB];
  // A rated game's rating change as its `end` event carried it (null: none known in memory).
  const boost::json::object* ratings = nullptr;
};

boost::json::object game_json(const play::LiveGame& live, const GameView& view);
boost::json::value clock_json(const play::LiveGame& live);
boost::json::object legal_json(const play::LiveGame& live);
// Every legal move of the side to move as {"uci", "san"} (SAN in English
// letters), so that clients show and read moves without chess logic of their own.
boost::json::array legal_moves_json(const play::LiveGame& live);
boost::json::object claims_json(const play::LiveGame& live);
boost::json::value deadline_json(const play::LiveGame& live, int64_t wall_now_ms);
// The fair start (play/fair_start.h): {"color", "remaining"} for the first move due, or null.
boost::json::value first_move_json(const play::LiveGame& live);
// The `move` event for the last move played (in `storage`, e.g. an arena).
boost::json::object move_event(const play::LiveGame& live, int64_t wall_now_ms, boost::json::storage_ptr storage = {});
// The same as JSON text, built in an arena on the stack (a room's hot path).
std::string move_event_text(const play::LiveGame& live, int64_t wall_now_ms);

}  // namespace tabiya::server
