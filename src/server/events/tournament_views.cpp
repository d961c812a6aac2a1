#include "server/events/tournament_views.h"

#include <map>
#include <sstream>

#include "server/events/tournament_storage.h"
#include "tournament/boards.h"
#include "tournament/crosstable.h"
#include "tournament/office.h"
#include "tournament/standings.h"
#include "tournament/tiebreaks.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

// "1-0" and friends for a pairing, from White's and Black's round entries.
std::string board_result(char white, char black) {
  if (white == ' ' || black == ' ') return {};
  if (white == '1' || white == 'W') return "1-0";
  if (white == '0' || white == 'L') return black == '-' ? "--" : "0-1";
  if (white == '=' || white == 'D') return "1/2";
  if (white == '+') return "+-";
  if (white == '-') return black == '+' ? "-+" : "--";
  return std::string(1, white) + std::string(1, black);
}

namespace {
std::string pgn_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}
}  // namespace

json::object event_json(const EventEntry& e) {
  json::object o;
  o["id"] = e.id;
  o["name"] = e.t.name();
  o["system"] = tn::system_name(e.settings.system);
  o["rounds"] = e.t.total_rounds;
  o["time"] = e.time;
  o["rules"] = e.rules;
  const bool finished = !e.registration_open && e.published > 0 && e.published == e.t.total_rounds &&
                        !tn::first_board_without_result(e.t, e.settings, e.published);
  o["state"] = e.registration_open ? "registration" : finished ? "finished" : "running";
  o["published"] = e.published;
  o["version"] = e.version;
  const tn::Tournament t = public_trf(e);
  json::array players;
  for (const tn::Player& p : t.players) {
    const tn::Withdrawal* w = e.settings.withdrawal(p.number);
    json::object j{{"number", p.number},
                   {"name", p.name},
                   {"title", p.title},
                   {"rating", p.rating},
                   {"federation", p.federation},
                   {"fide_id", p.fide_id},
                   {"score", tn::format_points(p.points)}};
    j["withdrawn"] = w ? json::value(w->after_round) : json::value(nullptr);
    j["excluded"] = w && w->excluded;
    players.push_back(std::move(j));
  }
  o["players"] = std::move(players);
  json::array rounds;
  for (int r = 1; r <= e.published; ++r) {
    json::array boards, byes;
    int n = 0;
    for (const tn::RoundBoard& b : tn::boards_of_round(t, e.settings, r)) {
      const tn::Player* w = t.player(b.white);
      if (b.black == 0) {
        byes.push_back(json::object{{"player", b.white}, {"kind", "U"}});
        continue;
      }
      const tn::Player* bl = t.player(b.black);
      json::object j{{"board", ++n}, {"white", b.white}, {"black", b.black}};
      const std::string res = w && bl ? board_result(w->entry(r).result, bl->entry(r).result) : "";
      j["result"] = res.empty() ? json::value(nullptr) : json::value(res);
      j["game"] = nullptr;
      for (const OnlineGame& g : e.games)
        if (g.round == r && g.white == b.white && g.black == b.black) j["game"] = g.id;
      boards.push_back(std::move(j));
    }
    for (const tn::Player& p : t.players) {
      const tn::RoundEntry en = p.entry(r);
      if (en.opponent == 0 && (en.result == 'H' || en.result == 'F' || en.result == 'Z'))
        byes.push_back(json::object{{"player", p.number}, {"kind", std::string(1, en.result)}});
    }
    rounds.push_back(json::object{{"round", r}, {"boards", std::move(boards)}, {"byes", std::move(byes)}});
  }
  o["pairings"] = std::move(rounds);
  json::array requested;  // byes asked for rounds not paired yet
  for (const tn::Player& p : t.players)
    for (int r = e.published + 1; r <= static_cast<int>(p.rounds.size()); ++r) {
      const tn::RoundEntry en = p.entry(r);
      if (en.opponent == 0 && (en.result == 'H' || en.result == 'F' || en.result == 'Z'))
        requested.push_back(json::object{{"player", p.number}, {"round", r}, {"kind", std::string(1, en.result)}});
    }
  o["requested_byes"] = std::move(requested);
  json::object standings;
  if (auto s = tn::compute_standings(t, e.settings)) {
    json::array codes, rows;
    for (const tn::TieBreak& tb : s->tie_breaks) codes.push_back(json::value(tb.code));
    for (const tn::StandingRow& row : s->rows) {
      json::array values;
      for (double v : row.values) values.push_back(json::value(tn::format_value(v)));
      rows.push_back(json::object{{"rank", row.rank},
                                  {"number", row.number},
                                  {"score", tn::format_points(row.score)},
                                  {"values", std::move(values)}});
    }
    standings["tie_breaks"] = std::move(codes);
    standings["edition"] = tn::edition_name(e.settings.edition);
    standings["rows"] = std::move(rows);
  }
  o["standings"] = std::move(standings);
  json::array cross;
  const tn::EventRecord record = tn::build_event_record(t, e.settings);
  for (const tn::PlayerRecord& p : record.players) {
    json::array cells;
    for (const tn::RoundRecord& r : p.rounds) {
      if (r.round > e.published) continue;
      cells.push_back(json::object{{"round", r.round},
                                   {"opponent", r.opponent},
                                   {"colour", std::string(1, static_cast<char>(r.colour))},
                                   {"mark", tn::result_mark(t, r)}});
    }
    cross.push_back(json::object{{"number", p.number}, {"annulled", p.annulled}, {"rounds", std::move(cells)}});
  }
  o["crosstable"] = std::move(cross);
  return o;
}

// What a token may see besides: the player's own games with his seat
// tokens; for the arbiter, the join code and every player's link.
json::object private_json(const EventEntry& e, const Caller& c) {
  json::object o;
  o["role"] = c.role == Role::arbiter ? "arbiter" : "player";
  o["player"] = c.role == Role::player ? json::value(c.player) : json::value(nullptr);
  json::array games_list;
  for (const OnlineGame& g : e.games) {
    if (c.role == Role::player && g.white != c.player && g.black != c.player) continue;
    json::object j{{"round", g.round}, {"white", g.white}, {"black", g.black}, {"game", g.id}};
    if (c.role == Role::player) j["seat"] = g.white == c.player ? g.seats[0] : g.seats[1];
    games_list.push_back(std::move(j));
  }
  o["games"] = std::move(games_list);
  if (c.role == Role::arbiter) {
    o["join"] = e.join;
    json::array links;
    for (const auto& [number, token] : e.tokens) links.push_back(json::object{{"player", number}, {"token", token}});
    o["players"] = std::move(links);
  }
  return o;
}

std::string with_event_tags(const std::string& pgn, const std::string& event, int round, const std::string& white,
                            const std::string& black) {
  const auto escape = pgn_escape;
  const std::map<std::string, std::string> tags = {
      {"Event", event}, {"Round", std::to_string(round)}, {"White", white}, {"Black", black}};
  std::istringstream in(pgn);
  std::string line, text;
  while (std::getline(in, line)) {
    for (const auto& [tag, value] : tags)
      if (line.starts_with("[" + tag + " \"")) line = "[" + tag + " \"" + escape(value) + "\"]";
    text += line + "\n";
  }
  return text;
}

// A result the arbiter entered (or a forfeit, a game not played) as a game of no moves: the seven tags, the
// result marker, a standard Termination ("adjudication": decided by a third party; "abandoned": not played)
// and a comment saying so (docs/protocol.md, "Tournaments").
std::string result_only_pgn(const std::string& event, int round, const std::string& white, const std::string& black,
                            const std::string& result) {
  std::string marker = "*", termination = "adjudication", comment = "result entered by the arbiter";
  if (result == "1-0" || result == "0-1") marker = result;
  else if (result == "1/2") marker = "1/2-1/2";
  else if (result == "+-" || result == "-+") {
    marker = result == "+-" ? "1-0" : "0-1";
    termination = "abandoned";
    comment = "forfeit: the game was not played";
  } else if (result == "--") {
    termination = "abandoned";
    comment = "double forfeit: the game was not played, both lose";
  }
  std::string text;
  auto tag = [&](std::string_view name, const std::string& value) {
    text.append("[").append(name).append(" \"").append(pgn_escape(value)).append("\"]\n");
  };
  tag("Event", event);
  tag("Site", "tabiya");
  tag("Date", "????.??.??");
  tag("Round", std::to_string(round));
  tag("White", white);
  tag("Black", black);
  tag("Result", marker);
  tag("Termination", termination);
  text += "\n{" + comment + "} " + marker + "\n\n";
  return text;
}

}  // namespace tabiya::server
