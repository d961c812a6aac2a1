// The game service's typed calls (game_api.h): what the lobby and the events ask of the games, without HTTP.
#include <boost/json.hpp>

#include "server/games/game_registry.h"

namespace tabiya::server {

namespace {

// An English line for the log of the module that asked: the refused field and what it expects.
std::string refusal_text(const ProtocolError& e) {
  std::string text = e.code;
  if (const auto* field = e.data.if_contains("field"); field && field->is_string())
    text += std::string(" (") + std::string(field->as_string()) + ")";
  if (!e.detail.empty()) text += ": " + e.detail;
  return text;
}

}  // namespace

GameEnding game_ending_of(const play::LiveGame& live) {
  const boost::json::object result = result_json(live);
  const Termination termination = live.game().outcome()->termination;
  // A game lost by default (Art. 6.7: the first move never made) or aborted before it began was not played.
  const bool played = termination != Termination::FORFEIT && termination != Termination::ABORTED;
  return {std::string(result.at("score").as_string()), std::string(result.at("termination").as_string()), played};
}

Result<StartedGame> GameService::start_game(const NewGame& game) {
  if (impl_->stopping) return fail("the game service is shutting down");
  auto setup = setup_of(game, impl_->random());
  if (!setup) return fail("a new game refused: " + refusal_text(setup.error()));
  auto begun = impl_->begin(std::move(*setup));
  if (!begun) return fail("a new game refused: " + refusal_text(begun.error()));
  const GameRoom& room = **begun;
  StartedGame started{room.id(), {}};
  for (Color c : {WHITE, BLACK}) started.seats[c] = room.setup().seats[c];
  return started;
}

std::optional<GameEnding> GameService::game_ending(std::string_view id) {
  auto room = impl_->room(id);
  if (!room || !room->finished()) return std::nullopt;
  return room->try_read([](const play::LiveGame& live) { return game_ending_of(live); });
}

Result<std::string> GameService::game_pgn(std::string_view id) {
  auto room = impl_->room(id);
  if (!room) return fail("game " + std::string(id) + ": no such game");
  HttpAnswer answer = impl_->pgn(*room);
  if (answer.status != 200) return fail("game " + std::string(id) + ": its PGN cannot be read now");
  return std::move(answer.body);
}

}  // namespace tabiya::server
