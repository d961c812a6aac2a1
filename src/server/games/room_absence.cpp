// The fair start's abort and an opponent gone (play/fair_start.h, play/opponent_gone.h): the room applies the
// rules of src/play and tells the players; who is connected is the room's to know.
#include "play/opponent_gone.h"
#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

void GameRoom::abort(GameSession& s, const AbortMessage& m, std::optional<int64_t> req, ArrivalTime arrived) {
  const std::size_t plies_before = live_->game().moves().size();
  if (live_->over()) return refuse(s, req, {"game_over", "", "the game is over"}, plies_before);
  auto by = acting_color(s, m.color, live_->turn());
  if (!by) {
    ++services_.metrics.errors_total;
    return send_error(s, req, by.error());
  }
  done(s, req, live_->abort(*by), plies_before, arrived);
}

bool GameRoom::absence_counts() const {
  return setup_.opponent == "invite" && play::opponent_gone_rule_applies(live_->options());
}

void GameRoom::opponent_gone(GameSession& s, const OpponentGoneMessage& m, std::optional<int64_t> req,
                             ArrivalTime arrived) {
  const std::size_t plies_before = live_->game().moves().size();
  if (live_->over()) return refuse(s, req, {"game_over", "", "the game is over"}, plies_before);
  auto by = acting_color(s, m.color, live_->turn());
  if (!by) {
    ++services_.metrics.errors_total;
    return send_error(s, req, by.error());
  }
  if (!absence_counts())
    return refuse(s, req, {"not_allowed", "not_invite", "only a casual invite game between two people"}, plies_before);
  const GameView v = view();
  const Millis away{v.away_ms[~*by].value_or(0)};
  done(s, req, live_->claim_opponent_gone(*by, m.win, away), plies_before, arrived);
}

void GameRoom::follow_absence(const GameView& before, const GameView& after) {
  const int64_t now = services_.time->now().count();
  for (Color c : {WHITE, BLACK}) {
    if (before.connected[c] == after.connected[c]) continue;
    away_since_[c] = after.connected[c] ? std::nullopt : std::optional<int64_t>(now);
    if (!absence_counts() || !live_->started() || live_->over()) continue;
    json::object e{{"type", after.connected[c] ? "back" : "away"}, {"color", color_text(c)}};
    if (!after.connected[c]) e["claim_after"] = play::OPPONENT_GONE_AFTER.count();
    broadcast(std::move(e));
  }
}

}  // namespace tabiya::server
