// What the accounts' history and export read of a game (account_history.h): its public JSON, its PGN, and which
// colour a seat token holds. The game service answers (GameService::archived_game); tests stand in for it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tabiya::server {

struct ArchivedGame {
  std::string game_json;             // the GAME object of docs/protocol.md, without seats
  std::string pgn;                   // empty unless asked for
  std::optional<std::string> color;  // "white" | "black": the seat the token asked about holds; nullopt: none
};

// nullopt: no such game (or it could not be read now).
using GameArchive =
    std::function<std::optional<ArchivedGame>(std::string_view id, std::string_view seat, bool with_pgn)>;

}  // namespace tabiya::server
