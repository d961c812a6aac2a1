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

namespace tabiya::server {

void GameService::Impl::note_seats_claimed(const Peer& peer, const std::string& game, std::string_view text) {
  if (!options.seats_claimed || peer.cookie().empty() || text.find("\"hello\"") == std::string_view::npos) return;
  auto parsed = parse_client_message(text);
  if (!parsed) return;
  const auto* hello = std::get_if<HelloMessage>(&parsed->message);
  if (!hello || hello->seats.empty()) return;
  options.seats_claimed(peer.cookie(), game, hello->seats);
}

void GameService::set_game_end_hook(std::function<void(const std::string&, const GameEnding&)> hook) {
  impl_->options.on_game_end = std::move(hook);
}

void GameService::set_seat_hooks(decltype(GameServiceOptions::game_created) created,
                                 decltype(GameServiceOptions::seats_claimed) claimed) {
  impl_->options.game_created = std::move(created);
  impl_->options.seats_claimed = std::move(claimed);
}

void GameService::set_end_ratings_hook(
    std::function<void(const std::string&, const std::string&, GameServiceOptions::EndRatingsDone)> hook) {
  impl_->options.end_ratings = std::move(hook);
}

}  // namespace tabiya::server
