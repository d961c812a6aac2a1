// A pairing becomes a game: an invite game started through the game API (game_api.h),
// each player told their seat; a rated game is recorded in the store so that its end
// moves both ratings once.
#include <cmath>

#include "server/lobby/lobby_impl.h"

namespace tabiya::server {

namespace json = boost::json;

bool LobbyService::Impl::pair(const LobbyUser& a, const LobbyUser& b, const GameTerms& terms, bool a_white) {
  const LobbyUser& white = a_white ? a : b;
  const LobbyUser& black = a_white ? b : a;
  const Result<StartedGame> started = games.start_game(new_game_of(terms, shown_name(white), shown_name(black)));
  if (!started) {
    log("the game service refused a pairing: " + started.error().message);
    return false;
  }
  const std::string& id = started->id;
  const bool rated = terms.rated && terms.category && white.account && black.account;
  if (rated) {
    if (Result<bool> stored = options.store->add_rated_game({id, *white.account, *black.account, *terms.category});
        !stored)
      log(stored.error().message);
  }
  GameTerms played = terms;
  played.rated = rated;
  const LobbyGame game{id, shown_name(white), shown_name(black), played, now()};
  if (!live()) {
    playing[id] = game;
  } else if (Result<bool> listed = live()->put(LiveKind::GAME, {id, "", "", json::serialize(lobby_game_json(game))});
             !listed) {
    log(listed.error().message);
  }
  ++pairings;
  last_opponent[a.id] = b.id;
  last_opponent[b.id] = a.id;
  const auto tell = [&](const LobbyUser& who, const LobbyUser& other, const char* color) {
    const std::string& seat = started->seats[std::string_view(color) == "white" ? WHITE : BLACK];
    json::object event{{"t", "paired"},
                       {"game", id},
                       {"color", color},
                       {"seat", seat},
                       {"url", "/g/" + id + "#seat=" + seat},
                       {"opponent", shown_name(other)}};
    for (auto& [key, value] : game_terms_json(played)) event[key] = value;
    event["color"] = color;
    publish_to(who.id, event);
  };
  tell(white, black, "white");
  tell(black, white, "black");
  publish_all({{"t", "game_started"}, {"game", lobby_game_json(game)}});
  return true;
}

std::optional<json::object> LobbyService::Impl::game_ended(const std::string& game_id, const std::string& score) {
  std::lock_guard lock(mutex);
  std::string names[2];  // as shown while it was played (unknown after a restart)
  if (auto it = playing.find(game_id); it != playing.end()) {
    names[0] = it->second.white;
    names[1] = it->second.black;
    playing.erase(it);
    publish_all({{"t", "game_over"}, {"id", game_id}, {"score", score}});
  } else if (live()) {  // listed by whichever node made it; taken once
    Result<std::vector<LiveRow>> listed = live()->take(LiveKind::GAME, {game_id});
    if (!listed) log(listed.error().message);
    if (listed && !listed->empty()) {
      boost::system::error_code ec;
      const json::value v = json::parse(listed->front().json, ec);
      if (!ec && v.is_object())
        for (int side = 0; side < 2; ++side)
          if (const json::value* name = v.as_object().if_contains(side == 0 ? "white" : "black");
              name && name->is_string())
            names[side] = std::string(name->as_string());
      publish_all({{"t", "game_over"}, {"id", game_id}, {"score", score}});
    }
  }
  double white_score = 0;
  if (score == "1-0") white_score = 1;
  else if (score == "1/2-1/2") white_score = 0.5;
  else if (score != "0-1") return std::nullopt;  // no result: the rated game stays unrated (claimed only with one)
  std::optional<RatedGame> rated = options.store->take_rated_game(game_id);
  if (!rated) return std::nullopt;
  const LobbyUser white{rated->white_account, "", rated->white_account, ""};
  const LobbyUser black{rated->black_account, "", rated->black_account, ""};
  const Glicko2Rating white_before = rating_of(white, rated->category);
  const Glicko2Rating black_before = rating_of(black, rated->category);
  const Glicko2::Pair after = glicko.after_game(white_before, black_before, white_score);
  const int64_t at = now();
  const RatingChange changes[2] = {{white.id, rated->category, game_id, at, white_before, after.white},
                                   {black.id, rated->category, game_id, at, black_before, after.black}};
  const auto change_json = [&](const RatingChange& c) {
    return json::object{{"before", static_cast<int>(std::lround(c.before.rating))},
                        {"rating", static_cast<int>(std::lround(c.after.rating))},
                        {"diff", static_cast<int>(std::lround(c.after.rating) - std::lround(c.before.rating))},
                        {"provisional", glicko.provisional(c.after)}};
  };
  for (const RatingChange& c : changes)
    if (Result<bool> stored = options.store->record_rating(c); !stored) log(stored.error().message);
  // Each player hears both changes: their own at the top level, the opponent's under "opponent".
  for (int side = 0; side < 2; ++side) {
    json::object event = change_json(changes[side]);
    event["t"] = "rating";
    event["game"] = game_id;
    event["category"] = std::string(rating_category_name(rated->category));
    event["color"] = side == 0 ? "white" : "black";
    json::object opponent = change_json(changes[1 - side]);
    opponent["name"] = names[1 - side];
    event["opponent"] = std::move(opponent);
    publish_to(changes[side].account, event);
  }
  // What the game's own `end` event carries: both sides, as GET /api/lobby/games/ID/ratings names them.
  return json::object{{"category", std::string(rating_category_name(rated->category))},
                      {"white", change_json(changes[0])},
                      {"black", change_json(changes[1])}};
}

void LobbyService::Impl::rate_game(const std::string& game_id, const std::string& score,
                                   GameServiceOptions::EndRatingsDone done) {
  // The store's writes stay off the game's thread; a full lane rates here rather than lose the game's change.
  auto work = [this, game_id, score, done]() { done(game_ended(game_id, score)); };
  if (!rating_lane.try_post(work)) work();
}

}  // namespace tabiya::server
