// An online team event as the server holds it in memory: the team event of src/tournament (teams, their players,
// the matches board by board; its TRF with the team records is the single source of truth) and what only the
// online event needs beside it (the arbiter's and captains' secrets, the boards' games and their seats, the clock,
// the rules edition, the pairing system, the state of registration), kept by team_storage.h in the same file as
// tabiya's own XT? lines, the captains' advice (team_captain.h) and the line-ups submitted for rounds not yet
// published among them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/events/tournament_event.h"
#include "tournament/event.h"
#include "tournament/team.h"

namespace tabiya::server {

constexpr std::size_t MAX_TEAMS = 64;
constexpr int MAX_TEAM_BOARDS = 10;
constexpr int MAX_TEAM_RESERVES = 4;

// How the rounds of a team event are paired; the service asks team_pairing.h for a round by this name: the Berger
// tables, or the FIDE Swiss Team Pairing System (tournament/team_swiss.h, C.04.6 of 2026).
enum class TeamPairingSystem { round_robin, double_round_robin, swiss };

// One message between a captain and one of his players during a game (Tournament Rules 15): the captain's advice
// or answer, or the player's question.
struct TeamAdvice {
  int64_t seq = 0;   // increasing within the event
  std::string game;  // the game it is about
  int player = 0;    // start number of the team's player
  bool from_captain = true;
  std::string kind;   // team_captain.h: offer_draw accept_draw resign yes no decide_yourself, or "ask"
  std::string about;  // for "ask": offer_draw accept_draw resign
};

struct TeamEntry {
  std::string id;
  tournament::TeamEvent event;  // its players' headers without the XT? lines, which are rebuilt on every save
  TeamPairingSystem system = TeamPairingSystem::round_robin;
  tournament::TieBreakEdition edition = tournament::TieBreakEdition::fide2026;
  std::vector<std::string> tie_breaks{"GP", "BH", "SB"};  // team_standings.h codes, after match points
  std::string arbiter;                                    // token
  std::map<int, std::string> captains;                    // captain tokens by team number
  std::map<int, std::string> players;                     // player tokens by start number
  std::string time = "10+5";                              // human form or "none"
  std::string rules = "fide-2018";
  bool registration_open = true;
  // Whether the arbiter may register a team by its name alone and its captain enters its players
  // (POST .../roster) before registration closes.
  bool captains_register = false;
  int published = 0;  // rounds whose matches are out
  std::vector<OnlineGame> games;
  // Line-ups submitted for rounds not yet published: round -> team -> start numbers by board (0: board left
  // empty). A team without one plays in its registered order.
  std::map<int, std::map<int, std::vector<int>>> lineups;
  std::vector<TeamAdvice> advice;
  int64_t next_advice = 1;
  // A team Swiss: the teams the arbiter marked absent, by round (C.04.6: left out of that round's pairing).
  std::map<int, std::set<int>> absent;
  // A team Swiss whose initial colour was drawn by lot: the draw's seed (team_swiss_options.h); its outcome is
  // the event's XXC record.
  std::optional<uint64_t> lot_seed;
  int64_t version = 1;
};

}  // namespace tabiya::server
