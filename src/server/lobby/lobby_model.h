// What the lobby holds: its players, the terms of a game on offer, seeks,
// challenges, pool entries and the games it started. Plain data; the lobby
// service (lobby_service.h) owns and changes them under its mutex.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "play/rating_category.h"
#include "server/games/game_api.h"

namespace tabiya::server {

// Someone in the lobby: an account, or an anonymous browser (id "anon:" + its cookie).
struct LobbyUser {
  std::string id;
  std::string name;                    // the account's username; "" for anonymous players
  std::optional<std::string> account;  // set when logged in
  // What others see of this player in the lists (never the id: an anonymous id is the player's cookie).
  std::string tag;
  bool operator==(const LobbyUser&) const = default;
};

// The game a seek or a challenge offers.
struct GameTerms {
  std::string time;         // tabiya's human form, "5+3"; empty with days
  std::optional<int> days;  // correspondence: days per move
  bool rated = false;
  std::string color = "random";  // the offering player's: "white" | "black" | "random"
  std::string variant = "standard";
  std::optional<RatingCategory> category;  // nullopt: no rating counts it (untimed); never rated then
};

// Reads the terms from a client's message; errors name the field.
Result<GameTerms> read_game_terms(const boost::json::object& message);
boost::json::object game_terms_json(const GameTerms& terms);
// The rating category a pool's clock ("3+2") counts for: "bullet", "blitz", "rapid" or "classical" (the web
// names the pools' buttons with it; the boundaries are play/rating_category.h's alone).
std::string pool_category(const std::string& time);
// The game a pairing on these terms makes (game_api.h), `white_name` and `black_name` shown.
NewGame new_game_of(const GameTerms& terms, const std::string& white_name, const std::string& black_name);

struct Seek {
  std::string id;
  LobbyUser owner;
  GameTerms terms;
  int rating = 1500;  // the owner's in the seek's category, as shown
  bool provisional = true;
  std::optional<int> min_rating, max_rating;  // whom the owner accepts
  int64_t created_ms = 0;
};

// `stored`: with the owner's id, for the store only (the lists show the owner's tag).
boost::json::object seek_json(const Seek& seek, bool stored = false);
Result<Seek> seek_from_json(const boost::json::object& o);

struct Challenge {
  std::string id;
  LobbyUser from, to;
  GameTerms terms;
  int64_t created_ms = 0;
};

boost::json::object challenge_json(const Challenge& challenge);

struct PoolEntry {
  LobbyUser user;
  int rating = 1500;
  int64_t joined_ms = 0;
};

// A game the lobby started, listed while it is played.
struct LobbyGame {
  std::string id;
  std::string white, black;  // names as shown
  GameTerms terms;
  int64_t started_ms = 0;
};

boost::json::object lobby_game_json(const LobbyGame& game);

// Full forms for the shared live store only (lobby_live_store.h), never sent to a socket: they hold the users'
// ids (an anonymous id is the player's cookie).
boost::json::object stored_user_json(const LobbyUser& user);
LobbyUser user_from_json(const boost::json::object& o);
boost::json::object stored_challenge_json(const Challenge& challenge);
Result<Challenge> challenge_from_json(const boost::json::object& o);

// The name shown for a player: the username, or "Anonymous".
std::string shown_name(const LobbyUser& user);

}  // namespace tabiya::server
