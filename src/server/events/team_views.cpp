#include "server/events/team_views.h"

#include "server/events/team_captain.h"
#include "server/events/team_storage.h"
#include "server/events/team_swiss_options.h"
#include "server/events/tournament_views.h"
#include "tournament/team_standings.h"
#include "tournament/team_swiss.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

std::string points_text(tn::Points p) {
  std::string s = std::to_string(p / 10);
  if (p % 10) {
    s += '.';
    s += static_cast<char>('0' + p % 10);
  }
  return s;
}

// The board's white and black start numbers.
std::pair<int, int> white_black(const tn::MatchBoard& b) {
  return b.first_colour == tn::Colour::white ? std::pair{b.first_player, b.second_player}
                                             : std::pair{b.second_player, b.first_player};
}

std::string white_result(const tn::MatchBoard& b) {
  if (!b.has_result()) return {};
  return b.first_colour == tn::Colour::white ? board_result(b.first_result, b.second_result)
                                             : board_result(b.second_result, b.first_result);
}

const OnlineGame* game_of(const TeamEntry& e, int round, int white, int black) {
  for (const OnlineGame& g : e.games)
    if (g.round == round && g.white == white && g.black == black) return &g;
  return nullptr;
}

json::array standings_json(const TeamEntry& e) {
  std::vector<tn::TeamTieBreak> tbs;
  for (const std::string& code : e.tie_breaks)
    if (auto tb = tn::parse_team_tie_break(code)) tbs.push_back(*tb);
  // A team Swiss ranks by its primary score (C.04.6 1.2), a round robin by match points.
  tn::TeamScore primary = tn::TeamScore::match_points;
  if (e.system == TeamPairingSystem::swiss)
    if (auto rules = tn::team_swiss_rules(e.event)) primary = rules->primary;
  const auto rows = tn::team_standings(e.event, primary, tbs, 0, {e.edition, true});
  json::array out;
  for (const tn::TeamStanding& s : rows) {
    json::array values;
    for (double v : s.tie_breaks) values.push_back(v);
    out.push_back(json::object{{"rank", s.rank},
                               {"team", s.team},
                               {"match_points", points_text(s.match_points)},
                               {"game_points", points_text(s.game_points)},
                               {"tie_breaks", std::move(values)}});
  }
  return out;
}

// One row per team: what it scored in each match, by round.
json::array crosstable_json(const TeamEntry& e) {
  std::vector<json::array> cells(e.event.teams.size());
  for (std::size_t r = 0; r < e.event.rounds.size(); ++r)
    for (const tn::TeamMatch& m : e.event.rounds[r]) {
      if (m.bye() || m.first < 1 || m.second < 1) continue;
      const tn::MatchScore s = tn::score_match(e.event, m);
      if (!s.complete) continue;
      bool played = false;
      for (const tn::MatchBoard& b : m.boards) played = played || b.played();
      auto cell = [&](int opponent, tn::Points gp, tn::Points mp) {
        return json::object{{"round", int(r + 1)},
                            {"opponent", opponent},
                            {"game_points", points_text(gp)},
                            {"match_points", points_text(mp)},
                            {"played", played}};
      };
      cells[std::size_t(m.first - 1)].push_back(cell(m.second, s.first_game_points, s.first_match_points));
      cells[std::size_t(m.second - 1)].push_back(cell(m.first, s.second_game_points, s.second_match_points));
    }
  json::array out;
  for (std::size_t i = 0; i < cells.size(); ++i)
    out.push_back(json::object{{"team", int(i + 1)}, {"matches", std::move(cells[i])}});
  return out;
}

// The line-ups submitted for rounds not yet published, of `team` (0: of every team); private to the arbiter and
// the team's captain until the round is published.
json::array lineups_json(const TeamEntry& e, int team) {
  json::array out;
  for (const auto& [round, teams] : e.lineups)
    for (const auto& [number, lineup] : teams) {
      if (team != 0 && number != team) continue;
      json::array players;
      for (int p : lineup) players.push_back(p);
      out.push_back(json::object{{"round", round}, {"team", number}, {"players", std::move(players)}});
    }
  return out;
}

}  // namespace

std::optional<TeamBoardRef> find_team_board(const tn::TeamEvent& event, int round, int white, int black) {
  if (round < 1 || round > static_cast<int>(event.rounds.size())) return std::nullopt;
  const auto& matches = event.rounds[std::size_t(round - 1)];
  for (std::size_t m = 0; m < matches.size(); ++m)
    for (std::size_t b = 0; b < matches[m].boards.size(); ++b)
      if (white_black(matches[m].boards[b]) == std::pair{white, black}) return TeamBoardRef{round, m, b};
  return std::nullopt;
}

const OnlineGame* running_game_of(const TeamEntry& e, int player) {
  for (const OnlineGame& g : e.games) {
    if (g.round != e.published || (g.white != player && g.black != player)) continue;
    auto ref = find_team_board(e.event, g.round, g.white, g.black);
    if (ref && !e.event.rounds[std::size_t(ref->round - 1)][ref->match].boards[ref->board].has_result()) return &g;
  }
  return nullptr;
}

std::string team_event_state(const TeamEntry& e) {
  if (e.registration_open) return "registration";
  const int total = e.event.players.total_rounds;
  if (e.published < total || e.event.rounds.empty()) return "running";
  for (const tn::TeamMatch& m : e.event.rounds.back())
    if (!m.bye() && !tn::score_match(e.event, m).complete) return "running";
  return "finished";
}

json::object team_event_json(const TeamEntry& e) {
  json::object o{{"kind", "team"},
                 {"id", e.id},
                 {"name", e.event.players.name()},
                 {"system", pairing_system_name(e.system)},
                 {"boards", e.event.boards},
                 {"rounds", e.event.players.total_rounds},
                 {"time", e.time},
                 {"rules", e.rules},
                 {"state", team_event_state(e)},
                 {"published", e.published},
                 {"version", e.version},
                 {"tie_break_edition", tn::edition_name(e.edition)},
                 {"captain_registration", e.captains_register}};
  o["match_points"] = json::array{points_text(e.event.match_points.win), points_text(e.event.match_points.draw),
                                  points_text(e.event.match_points.loss)};
  json::array codes;
  for (const std::string& c : e.tie_breaks) codes.push_back(json::value(c));
  o["tie_breaks"] = std::move(codes);
  if (e.system == TeamPairingSystem::swiss) {
    if (auto rules = tn::team_swiss_rules(e.event)) o["swiss"] = team_swiss_options_json(*rules, e.lot_seed);
    json::array absent;
    if (auto it = e.absent.find(e.published + 1); it != e.absent.end())
      for (int t : it->second) absent.push_back(t);
    o["absent"] = std::move(absent);
  }
  json::array teams;
  for (const tn::Team& t : e.event.teams) {
    json::array players;
    for (int n : t.members) {
      const tn::Player* p = e.event.players.player(n);
      players.push_back(json::object{{"number", n}, {"name", p ? p->name : ""}, {"rating", p ? p->rating : 0}});
    }
    teams.push_back(json::object{{"number", t.number}, {"name", t.name}, {"players", std::move(players)}});
  }
  o["teams"] = std::move(teams);
  json::array rounds;
  for (int r = 1; r <= e.published && r <= static_cast<int>(e.event.rounds.size()); ++r) {
    json::array matches;
    for (const tn::TeamMatch& m : e.event.rounds[std::size_t(r - 1)]) {
      const tn::MatchScore s = tn::score_match(e.event, m);
      json::array boards;
      for (std::size_t b = 0; b < m.boards.size(); ++b) {
        const auto [white, black] = white_black(m.boards[b]);
        const OnlineGame* g = game_of(e, r, white, black);
        const std::string result = white_result(m.boards[b]);
        boards.push_back(json::object{{"board", int(b + 1)},
                                      {"white", white},
                                      {"black", black},
                                      {"first_colour", m.boards[b].first_colour == tn::Colour::white ? "w" : "b"},
                                      {"result", result.empty() ? json::value(nullptr) : json::value(result)},
                                      {"game", g ? json::value(g->id) : json::value(nullptr)}});
      }
      json::value score = nullptr;
      if (s.complete && !m.bye())
        score = json::array{points_text(s.first_game_points), points_text(s.second_game_points)};
      matches.push_back(json::object{
          {"first", m.first}, {"second", m.second}, {"score", std::move(score)}, {"boards", std::move(boards)}});
    }
    rounds.push_back(json::object{{"round", r}, {"matches", std::move(matches)}});
  }
  o["pairings"] = std::move(rounds);
  o["standings"] = standings_json(e);
  o["crosstable"] = crosstable_json(e);
  return o;
}

json::object team_arbiter_json(const TeamEntry& e) {
  json::array captains;
  for (const auto& [team, token] : e.captains) captains.push_back(json::object{{"team", team}, {"token", token}});
  json::array players;
  for (const auto& [number, token] : e.players) players.push_back(json::object{{"player", number}, {"token", token}});
  return json::object{{"role", "arbiter"},
                      {"captains", std::move(captains)},
                      {"players", std::move(players)},
                      {"lineups", lineups_json(e, 0)}};
}

json::object team_player_json(const TeamEntry& e, int player) {
  json::array games;
  for (const OnlineGame& g : e.games) {
    if (g.white != player && g.black != player) continue;
    games.push_back(json::object{{"round", g.round},
                                 {"white", g.white},
                                 {"black", g.black},
                                 {"game", g.id},
                                 {"seat", g.seats[g.white == player ? 0 : 1]}});
  }
  return json::object{
      {"role", "player"}, {"player", player}, {"team", e.event.team_of(player)}, {"games", std::move(games)}};
}

json::array advice_json(const TeamEntry& e, const std::string& game, int player) {
  json::array out;
  for (const TeamAdvice& a : e.advice) {
    if (a.game != game || a.player != player) continue;
    json::object m{{"seq", a.seq}, {"from", a.from_captain ? "captain" : "player"}, {"kind", a.kind}};
    if (!a.about.empty()) m["about"] = a.about;
    out.push_back(std::move(m));
  }
  return out;
}

json::object team_captain_json(const TeamEntry& e, int team) {
  json::array boards;
  for (int r = 1; r <= e.published && r <= static_cast<int>(e.event.rounds.size()); ++r)
    for (const tn::TeamMatch& m : e.event.rounds[std::size_t(r - 1)]) {
      if (m.first != team && m.second != team) continue;
      const bool first = m.first == team;
      for (std::size_t b = 0; b < m.boards.size(); ++b) {
        const tn::MatchBoard& mb = m.boards[b];
        const int mine = first ? mb.first_player : mb.second_player;
        const int theirs = first ? mb.second_player : mb.first_player;
        const tn::Colour colour = first ? mb.first_colour : tn::opposite(mb.first_colour);
        const auto [white, black] = white_black(mb);
        const OnlineGame* g = game_of(e, r, white, black);
        const std::string result = white_result(mb);
        std::string state = mb.has_result() ? "finished" : g ? "running" : "unplayed";
        json::object row{{"round", r},
                         {"board", int(b + 1)},
                         {"player", mine},
                         {"opponent", theirs},
                         {"colour", colour == tn::Colour::white ? "w" : "b"},
                         {"state", state},
                         {"result", result.empty() ? json::value(nullptr) : json::value(result)}};
        row["advice"] = g ? advice_json(e, g->id, mine) : json::array{};
        row["question_open"] = g && question_open(e.advice, g->id, mine);
        boards.push_back(std::move(row));
      }
    }
  return json::object{
      {"role", "captain"}, {"team", team}, {"boards", std::move(boards)}, {"lineups", lineups_json(e, team)}};
}

}  // namespace tabiya::server
