// An online event as the server holds it in memory: the TRF (its single source of truth) and what only the online
// event needs beside it (secrets, the games of its pairings, the clock, the rules edition, the state of
// registration), which tournament_storage.h keeps in the same file as tabiya's own XT? lines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::server {

constexpr std::size_t MAX_TOURNAMENT_PLAYERS = 1000;
constexpr int MAX_SWISS_ROUNDS = 30;

// One pairing played on the server.
struct OnlineGame {
  int round = 0;
  int white = 0;
  int black = 0;
  std::string id;
  std::string seats[2];  // white's and black's seat tokens
};

struct EventEntry {
  std::string id;
  tournament::Tournament t;  // without the XT? lines, which are rebuilt on every save
  tournament::EventSettings settings;
  std::string arbiter;                // token
  std::string join;                   // code of the join link
  std::map<int, std::string> tokens;  // player tokens by start number
  // Accounts of the players who joined logged in, by player token (tokens keep through renumbering).
  std::map<std::string, std::string> accounts;
  std::string time = "10+5";  // human form or "none"
  std::string rules = "fide-2018";
  bool registration_open = true;
  int published = 0;  // rounds whose pairings are out
  std::vector<OnlineGame> games;
  int64_t version = 1;
};

}  // namespace tabiya::server
