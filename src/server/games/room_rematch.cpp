// The rematch of a finished invite game (docs/protocol.md, "Rematch"): one player offers, the other accepts
// or declines, the offerer may withdraw. An accepted rematch is a new invite game with the colours swapped and
// the same settings, made by the creation path of POST /api/games; it is announced only once its creation is
// stored, and each player then hears, on his own connection only, his seat token in it (the token of the other
// colour to the one he held here), so that no one can act for the other.
#include "server/base/tokens.h"
#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {
ProtocolError rematch_refused(std::string_view reason, std::string detail) {
  ProtocolError e{"not_allowed", {}, std::move(detail)};
  e.data["reason"] = reason;
  return e;
}
}  // namespace

void GameRoom::rematch(GameSession& s, const RematchMessage& m, std::optional<int64_t> req) {
  auto refuse_with = [&](const ProtocolError& e) {
    ++services_.metrics.errors_total;
    send_error(s, req, e);
  };
  if (setup_.opponent != "invite" || setup_.tournament_round > 0)
    return refuse_with(rematch_refused("no_rematch", "only a casual invite game has a rematch"));
  if (!live_->over()) return refuse_with(rematch_refused("not_over", "the game is not over"));
  // A player acts for his own seat only: a connection holding both (or none) answers for no one.
  if (s.seats[WHITE] == s.seats[BLACK]) {
    ProtocolError e{"not_your_seat", {}, "a rematch is a player's, who holds one seat"};
    e.data["color"] = nullptr;
    return refuse_with(e);
  }
  const Color by = s.seats[WHITE] ? WHITE : BLACK;
  if (!rematch_game_.empty() || rematch_creating_)
    return refuse_with(rematch_refused("rematch_exists", "the rematch was already accepted"));
  json::object event{{"type", "rematch"}, {"by", color_text(by)}};
  // An offer answering the other's offer accepts it.
  const bool accepting = rematch_offer_ == ~by && m.action != OfferAnswer::DECLINE;
  if (m.action == OfferAnswer::OFFER && !accepting) {
    if (rematch_offer_ == by) return send_ok(s, req);
    rematch_offer_ = by;
    event["action"] = "offer";
    return broadcast(std::move(event), &s, req);
  }
  if (!rematch_offer_ || (m.action == OfferAnswer::ACCEPT && !accepting))
    return refuse_with(rematch_refused("no_offer", "there is no rematch offer of the opponent to answer"));
  if (m.action == OfferAnswer::DECLINE) {
    event["action"] = *rematch_offer_ == by ? "withdraw" : "decline";
    rematch_offer_.reset();
    return broadcast(std::move(event), &s, req);
  }
  // Accepted: the new game is made and stored; the offer stands until it is announced.
  Setup next = setup_;
  next.creator = ~setup_.creator;
  std::swap(next.names[WHITE], next.names[BLACK]);
  for (Color c : {WHITE, BLACK}) {
    next.seats[~c] = new_seat_token();
    rematch_seats_[c] = next.seats[~c];
  }
  rematch_creating_ = true;
  send_ok(s, req);
  services_.create(std::move(next), [weak = weak_from_this(), by](const std::string& game, bool committed) {
    if (auto room = weak.lock())
      room->run([game, committed, by](GameRoom& r) {
        r.after_commit([&r, game, committed, by] { r.rematch_created(game, committed, by); });
      });
  });
}

void GameRoom::rematch_created(const std::string& game, bool committed, Color acceptor) {
  rematch_creating_ = false;
  json::object event{{"type", "rematch"}, {"by", color_text(acceptor)}};
  if (!committed) {
    // Not stored: the game does not exist. The offer stays; accepting again tries again.
    event["action"] = "failed";
    return broadcast(std::move(event));
  }
  rematch_game_ = game;
  rematch_offer_.reset();
  event["action"] = "accept";
  event["game"] = game;
  broadcast(std::move(event));
  for (const auto& session : sessions_) send_rematch_seats(*session);
}

// {"t":"rematch","game":ID,"seats":[TOKEN]}: a player's seat in the rematch, to his connection only.
void GameRoom::send_rematch_seats(GameSession& s) const {
  if (rematch_game_.empty() || !s.holds_any()) return;
  json::array seats;
  for (Color c : {WHITE, BLACK})
    if (s.seats[c]) seats.push_back(json::value(rematch_seats_[c]));
  json::object o{{"t", "rematch"}, {"game", rematch_game_}, {"seats", std::move(seats)}};
  s.peer->send(share(json::serialize(o)));
}

}  // namespace tabiya::server
