// tabiya tournament team ...: a team event kept in a TRF (team_trf.h), from the
// entries to the standings. Line-ups follow the registered order (team.h);
// the rounds are paired by the Berger tables (team_round_robin.h) or, in a
// team Swiss, by FIDE's Swiss Team Pairing System (team_swiss.h).
//
//   team new FILE [--name N] [--boards 4] [--match-points 2,1,0] [--trf16]
//            [--system swiss --rounds R [--primary mp|gp] [--colour-preferences A|B|none] [--initial-colour w|b]]
//   team add FILE TEAM PLAYER...            a team and its players in board order ("Name" or "Name/2400")
//   team pair FILE [--double] [--absent T...] the next round, each team lined up in registered order
//   team check FILE                         a team Swiss's rounds re-paired by the rules and compared
//   team lineup FILE ROUND TEAM PLAYER...   a team's line-up by start numbers (0: board left empty; none: absent)
//   team result FILE ROUND MATCH BOARD R    R from the first-named team's player: 1-0 0-1 1/2 + - 0-0
//   team pairings FILE [ROUND]              the matches board by board
//   team standings FILE [--primary mp|gp] [--tie-breaks GP,BH,SB]
//   team crosstable FILE
//   team export FILE (--trf16 | --trf25) [-o OUT]
//   team tie-breaks FILE [--primary mp|gp] [--tie-breaks LIST]   every team's values, tab-separated, by number
//   team generate FILE [--seed S --teams N --boards B ...]        a random team event (team_generator.h)
#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>

#include "files/durable_file.h"
#include "tournament/team.h"
#include "tournament/team_generator.h"
#include "tournament/team_office.h"
#include "tournament/team_round_robin.h"
#include "tournament/team_standings.h"
#include "tournament/team_swiss.h"
#include "tournament/team_trf.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

struct TeamArgs {
  std::string file, edition, name = "Team event", match_points = "2,1,0", primary = "mp", tie_breaks = "GP,BH,SB",
                             output, team, result, system = "round-robin", colour_preferences = "A",
                             initial_colour = "white";
  int boards = 4, round = 0, match = 0, board = 0, rounds = 0;
  std::vector<std::string> absent;
  bool trf16 = false, trf25 = false, twice = false;
  std::vector<std::string> players;
  TeamGeneratorOptions generator;
};

// The file's TRF version: 310 records make it TRF-25.
TrfVersion version_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("310", 0) == 0) return TrfVersion::trf25;
  return TrfVersion::trf16;
}

// The event of a file; in a team Swiss whose file states no bye value (no 320 record, as before the first bye
// or from another program), the bye scores a drawn match (C.04.6 1.4).
Result<TeamEvent> read_event(const std::string& path) {
  auto e = read_team_trf_file(path);
  if (!e || !is_team_swiss(*e)) return e;
  std::ifstream in(path, std::ios::binary);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("320", 0) == 0) return e;
  e->bye_match_points = e->match_points.draw;
  return e;
}

// The declared points of every player (the 001 lines) follow his boards.
void update_declared_points(TeamEvent& e) {
  for (Player& p : e.players.players) p.points = e.players.score_after(p, static_cast<int>(p.rounds.size()));
}

int save(TeamEvent& e, const std::string& path, std::ostream& err) {
  update_declared_points(e);
  if (auto w = write_team_trf_file(e, version_of(path), path); !w) return err << w.error().message << '\n', 1;
  return 0;
}

Result<MatchPointSystem> parse_match_points(const std::string& text) {
  std::vector<Points> v;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    size_t used = 0;
    double d = -1;
    try {
      d = std::stod(item, &used);
    } catch (...) {
      used = 0;
    }
    if (used != item.size() || d < 0 || d > 99 || d * 10 != static_cast<int>(d * 10))
      return fail("--match-points \"" + text + "\": \"" + item + "\" is not a number of points");
    v.push_back(static_cast<Points>(d * 10));
  }
  if (v.size() != 3) return fail("--match-points \"" + text + "\": expected WIN,DRAW,LOSS, e.g. 2,1,0");
  return MatchPointSystem{v[0], v[1], v[2]};
}

// The team Swiss rules asked for at `team new`.
Result<TeamSwissRules> swiss_rules_of(const TeamArgs& a) {
  TeamSwissRules rules;
  if (a.rounds < 1) return fail("--rounds: a team Swiss declares its number of rounds (1 or more)");
  rules.total_rounds = a.rounds;
  if (a.primary != "mp" && a.primary != "gp") return fail("--primary \"" + a.primary + "\": mp or gp");
  rules.primary = a.primary == "mp" ? TeamScore::match_points : TeamScore::game_points;
  const std::string& c = a.colour_preferences;
  if (c == "A" || c == "a") rules.colours = TeamColourPreferences::type_a;
  else if (c == "B" || c == "b") rules.colours = TeamColourPreferences::type_b;
  else if (c == "none") rules.colours = TeamColourPreferences::none;
  else return fail("--colour-preferences \"" + c + "\": A, B or none");
  if (a.initial_colour == "white" || a.initial_colour == "w") rules.initial_colour = Colour::white;
  else if (a.initial_colour == "black" || a.initial_colour == "b") rules.initial_colour = Colour::black;
  else return fail("--initial-colour \"" + a.initial_colour + "\": white or black");
  return rules;
}

int cmd_new(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  if (a.boards < 1 || a.boards > 20) return err << "--boards: 1..20\n", 1;
  auto mp = parse_match_points(a.match_points);
  if (!mp) return err << mp.error().message << '\n', 1;
  TeamEvent e;
  e.boards = a.boards;
  e.match_points = *mp;
  e.bye_match_points = mp->win;
  e.players.set_header("012", a.name);
  if (a.system == "swiss") {
    auto rules = swiss_rules_of(a);
    if (!rules) return err << rules.error().message << '\n', 1;
    set_team_swiss_rules(e, *rules);
    e.bye_match_points = mp->draw;  // C.04.6 1.4: the bye scores a drawn match
  } else if (a.system != "round-robin") {
    return err << "--system \"" << a.system << "\": round-robin or swiss\n", 1;
  }
  if (auto w = write_team_trf_file(e, a.trf16 ? TrfVersion::trf16 : TrfVersion::trf25, a.file); !w)
    return err << w.error().message << '\n', 1;
  out << "created " << a.file << ": " << a.name << ", " << a.boards << " boards, match points " << a.match_points
      << (a.trf16 ? " (TRF-16)" : " (TRF-25)");
  if (a.system == "swiss") out << ", team Swiss of " << a.rounds << " rounds (" << e.players.header("192") << ")";
  out << '\n';
  return 0;
}

int cmd_add(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  if (!e->rounds.empty()) return err << a.file << ": the event has started; teams are entered before round 1\n", 1;
  if (static_cast<int>(a.players.size()) < e->boards)
    return err << "team " << a.team << ": " << a.players.size() << " players for " << e->boards << " boards\n", 1;
  Team t;
  t.number = static_cast<int>(e->teams.size()) + 1;
  t.name = a.team;
  for (const std::string& entry : a.players) {
    Player p;
    p.number = static_cast<int>(e->players.players.size()) + 1;
    p.name = entry;
    if (auto slash = entry.rfind('/'); slash != std::string::npos) {
      p.name = entry.substr(0, slash);
      const std::string rating = entry.substr(slash + 1);
      if (rating.empty() || rating.size() > 4 || rating.find_first_not_of("0123456789") != std::string::npos)
        return err << "player \"" << entry << "\": the rating after '/' is not a number\n", 1;
      p.rating = std::stoi(rating);
    }
    e->players.players.push_back(p);
    t.members.push_back(p.number);
  }
  e->teams.push_back(t);
  if (int rc = save(*e, a.file, err)) return rc;
  out << "team " << t.number << ": " << t.name << ", players " << t.members.front() << "-" << t.members.back()
      << " (boards 1-" << e->boards << ", " << t.members.size() - e->boards << " reserve"
      << (t.members.size() - e->boards == 1 ? "" : "s") << ")\n";
  return 0;
}

void print_round(const TeamEvent& e, int round, std::ostream& out) {
  out << "Round " << round << '\n';
  int index = 0;
  for (const TeamMatch& m : e.rounds[round - 1]) {
    ++index;
    if (m.bye()) {
      out << "  bye: " << e.team(m.first)->name << '\n';
      continue;
    }
    const MatchScore s = score_match(e, m);
    out << "  match " << index << ": " << e.team(m.first)->name << " - " << e.team(m.second)->name;
    if (s.complete) out << "  " << format_points(s.first_game_points) << "-" << format_points(s.second_game_points);
    out << '\n';
    for (size_t b = 0; b < m.boards.size(); ++b) {
      const MatchBoard& mb = m.boards[b];
      auto name = [&](int n) {
        return n ? e.players.player(n)->name + " (" + std::to_string(n) + ")" : std::string("(empty)");
      };
      out << "    " << b + 1 << ". " << (mb.first_colour == Colour::white ? "w " : "b ") << name(mb.first_player)
          << " - " << name(mb.second_player);
      if (mb.has_result()) out << "  " << format_board_result(mb);
      out << '\n';
    }
  }
}

// The team numbers of names or numbers.
Result<std::vector<int>> team_numbers(const TeamEvent& e, const std::vector<std::string>& names) {
  std::vector<int> numbers;
  for (const std::string& n : names) {
    int found = 0;
    for (const Team& t : e.teams)
      if (t.name == n || std::to_string(t.number) == n) found = t.number;
    if (!found) return fail("no team \"" + n + "\"");
    numbers.push_back(found);
  }
  return numbers;
}

// The next round's matches, as the team office pairs them (team_office.h): the Swiss Team Pairing System, or the
// Berger tables; a round robin's file gets its number of rounds and its 092 type at its first pairing.
Result<std::vector<TeamMatch>> next_round(TeamEvent& e, const TeamArgs& a, int round) {
  const TeamPairing pairing{is_team_swiss(e), a.twice ? 2 : 1};
  if (pairing.swiss) {
    if (auto rules = team_swiss_rules(e); !rules) return fail(a.file + ": " + rules.error().message);
    auto absent = team_numbers(e, a.absent);
    if (!absent) return fail("--absent: " + absent.error().message);
    return pair_team_round(e, pairing, round, *absent);
  }
  if (!a.absent.empty()) return fail("--absent: a round robin's rounds are fixed by the Berger tables");
  const int rounds = team_round_robin_rounds(static_cast<int>(e.teams.size()), pairing.cycles);
  if (e.players.total_rounds == 0) e.players.total_rounds = rounds;
  if (e.players.header("092").empty())
    e.players.set_header("092", a.twice ? "Team double round robin" : "Team round robin");
  if (round > rounds || round > e.players.total_rounds)
    return fail(a.file + ": all " + std::to_string(e.players.total_rounds) + " rounds are paired");
  return pair_team_round(e, pairing, round);
}

int cmd_pair(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_event(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  const int teams = static_cast<int>(e->teams.size());
  if (teams < 2) return err << a.file << ": two teams are needed\n", 1;
  const int round = static_cast<int>(e->rounds.size()) + 1;
  if (round > 1 && !team_round_finished(*e, round - 1))
    return err << a.file << ": round " << round - 1 << " has boards without a result\n", 1;
  auto matches = next_round(*e, a, round);
  if (!matches) return err << matches.error().message << '\n', 1;
  e->rounds.push_back(*matches);
  number_matches(e->rounds.back());
  for (size_t i = 0; i < e->rounds.back().size(); ++i) {
    const TeamMatch& m = e->rounds.back()[i];
    if (m.bye()) continue;
    if (auto r = set_lineups(*e, round, static_cast<int>(i), registered_lineup(*e, m.first),
                             registered_lineup(*e, m.second));
        !r)
      return err << r.error().message << '\n', 1;
  }
  if (int rc = save(*e, a.file, err)) return rc;
  print_round(*e, round, out);
  return 0;
}

int cmd_check(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_event(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  if (!is_team_swiss(*e)) return err << a.file << ": not a team Swiss (no FIDE_TEAM 192 record)\n", 1;
  auto rules = team_swiss_rules(*e);
  if (!rules) return err << a.file << ": " << rules.error().message << '\n', 1;
  auto differences = check_team_swiss_rounds(*e, *rules);
  if (!differences) return err << differences.error().message << '\n', 1;
  for (const std::string& d : *differences) out << d << '\n';
  out << a.file << ": " << e->rounds.size() << (e->rounds.size() == 1 ? " round" : " rounds")
      << " re-paired by C.04.6 (2026), "
      << (differences->empty() ? "all agree" : std::to_string(differences->size()) + " differences") << '\n';
  return differences->empty() ? 0 : 1;
}

int cmd_lineup(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  if (a.round < 1 || a.round > static_cast<int>(e->rounds.size()))
    return err << "round " << a.round << " is not paired\n", 1;
  int team = 0;
  for (const Team& t : e->teams)
    if (t.name == a.team || std::to_string(t.number) == a.team) team = t.number;
  if (!team) return err << a.file << ": no team \"" << a.team << "\"\n", 1;
  std::vector<int> lineup;
  for (const std::string& p : a.players) {
    if (p.empty() || p.size() > 4 || p.find_first_not_of("0123456789") != std::string::npos)
      return err << "player \"" << p << "\" is not a start number\n", 1;
    lineup.push_back(std::stoi(p));
  }
  auto& matches = e->rounds[a.round - 1];
  for (size_t i = 0; i < matches.size(); ++i) {
    const TeamMatch& m = matches[i];
    if (m.bye() || (m.first != team && m.second != team)) continue;
    auto current = [&](bool first) {
      std::vector<int> players;
      for (const MatchBoard& b : m.boards) players.push_back(first ? b.first_player : b.second_player);
      return players;
    };
    const auto first = m.first == team ? lineup : current(true);
    const auto second = m.second == team ? lineup : current(false);
    if (auto r = set_lineups(*e, a.round, static_cast<int>(i), first, second); !r)
      return err << r.error().message << '\n', 1;
    if (int rc = save(*e, a.file, err)) return rc;
    print_round(*e, a.round, out);
    return 0;
  }
  return err << "round " << a.round << ": team " << a.team << " has no match\n", 1;
}

int cmd_result(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  char first = 0, second = 0;
  const std::string& r = a.result;
  if (r == "1-0") first = '1', second = '0';
  else if (r == "0-1") first = '0', second = '1';
  else if (r == "1/2" || r == "=" || r == "½-½") first = second = '=';
  else if (r == "+" || r == "+-") first = '+', second = '-';
  else if (r == "-" || r == "-+") first = '-', second = '+';
  else if (r == "0-0" || r == "--") first = second = '-';
  else
    return err << "result \"" << r << "\": expected 1-0, 0-1, 1/2, + (first team's player wins by forfeit), - or "
               << "0-0, from the first-named team's side\n",
           1;
  if (auto ok = enter_board_result(*e, a.round, a.match - 1, a.board, first, second); !ok)
    return err << ok.error().message << '\n', 1;
  if (int rc = save(*e, a.file, err)) return rc;
  const TeamMatch& m = e->rounds[a.round - 1][a.match - 1];
  const MatchScore s = score_match(*e, m);
  out << "round " << a.round << ", match " << a.match << ", board " << a.board << ": "
      << format_board_result(m.boards[a.board - 1]) << "; " << e->team(m.first)->name << " - "
      << e->team(m.second)->name << " " << format_points(s.first_game_points) << "-"
      << format_points(s.second_game_points) << (s.complete ? "" : " (boards to come)") << '\n';
  return 0;
}

int cmd_pairings(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  if (e->rounds.empty()) return err << a.file << ": no round paired yet\n", 1;
  if (a.round < 0 || a.round > static_cast<int>(e->rounds.size()))
    return err << "round " << a.round << " is not paired\n", 1;
  print_round(*e, a.round ? a.round : static_cast<int>(e->rounds.size()), out);
  return 0;
}

Result<std::vector<TeamTieBreak>> parse_tie_breaks(const TeamArgs& a) {
  if (a.primary != "mp" && a.primary != "gp") return fail("--primary: mp or gp");
  std::vector<TeamTieBreak> tbs;
  std::istringstream in(a.tie_breaks);
  for (std::string code; std::getline(in, code, ',');) {
    auto tb = parse_team_tie_break(code);
    if (!tb) return fail("--tie-breaks: " + tb.error().message);
    tbs.push_back(*tb);
  }
  return tbs;
}

// The rules for unplayed rounds: the edition asked for, and whether the event is a round robin (its 092 type).
Result<TeamTieBreakRules> rules_of(const TeamEvent& e, const TeamArgs& a) {
  TeamTieBreakRules rules;
  if (!a.edition.empty()) {
    auto ed = parse_edition(a.edition);
    if (!ed) return fail("--tie-break-edition: " + ed.error().message);
    rules.edition = *ed;
  }
  std::string type = e.players.header("092");
  for (char& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  rules.round_robin = type.find("round robin") != std::string::npos;
  return rules;
}

int cmd_standings(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  auto tbs = parse_tie_breaks(a);
  if (!tbs) return err << tbs.error().message << '\n', 1;
  auto rules = rules_of(*e, a);
  if (!rules) return err << rules.error().message << '\n', 1;
  const auto s =
      team_standings(*e, a.primary == "mp" ? TeamScore::match_points : TeamScore::game_points, *tbs, 0, *rules);
  out << format_team_standings(*e, s, *tbs);
  return 0;
}

int cmd_tie_breaks(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  auto tbs = parse_tie_breaks(a);
  if (!tbs) return err << tbs.error().message << '\n', 1;
  auto rules = rules_of(*e, a);
  if (!rules) return err << rules.error().message << '\n', 1;
  auto s = team_standings(*e, a.primary == "mp" ? TeamScore::match_points : TeamScore::game_points, *tbs, 0, *rules);
  std::sort(s.begin(), s.end(), [](const TeamStanding& x, const TeamStanding& y) { return x.team < y.team; });
  out << "No\tMP\tGP";
  for (const TeamTieBreak& tb : *tbs) out << '\t' << tb.code;
  out << '\n';
  for (const TeamStanding& t : s) {
    out << t.team << '\t' << format_points(t.match_points) << '\t' << format_points(t.game_points);
    for (double v : t.tie_breaks) {
      std::ostringstream value;
      value.setf(std::ios::fixed);
      value.precision(2);
      value << v;
      out << '\t' << value.str();
    }
    out << '\n';
  }
  return 0;
}

int cmd_generate(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  TeamGeneratorOptions o = a.generator;
  auto mp = parse_match_points(a.match_points);
  if (!mp) return err << mp.error().message << '\n', 1;
  o.match_points = *mp;
  auto e = generate_team_event(o);
  if (!e) return err << e.error().message << '\n', 1;
  const TrfVersion v = a.trf16 ? TrfVersion::trf16 : TrfVersion::trf25;
  if (a.file == "-") return out << write_team_trf(*e, v), 0;
  if (auto w = write_team_trf_file(*e, v, a.file); !w) return err << w.error().message << '\n', 1;
  out << "wrote " << a.file << ": " << o.teams << " teams of " << o.boards << " boards, " << e->rounds.size()
      << " rounds\n";
  return 0;
}

int cmd_export(const TeamArgs& a, std::ostream& out, std::ostream& err) {
  auto e = read_team_trf_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  if (a.trf16 == a.trf25) return err << "export: --trf16 or --trf25\n", 1;
  const std::string text = write_team_trf(*e, a.trf16 ? TrfVersion::trf16 : TrfVersion::trf25);
  if (a.output.empty() || a.output == "-") return out << text, 0;
  if (auto w = write_file_durably(a.output, text); !w) return err << w.error().message << '\n', 1;
  out << "wrote " << a.output << '\n';
  return 0;
}

}  // namespace

void add_team_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code) {
  auto a = std::make_shared<TeamArgs>();
  auto* team = app.add_subcommand("team", "Team events: teams, line-ups, board results, team standings");
  team->require_subcommand(1);
  auto on = [&](CLI::App* c, int (*run)(const TeamArgs&, std::ostream&, std::ostream&)) {
    c->add_option("file", a->file, "The event's TRF")->required();
    c->callback([a, run, &out, &err, &code] { code = run(*a, out, err); });
  };
  auto* c_new = team->add_subcommand("new", "Create a team event file");
  on(c_new, cmd_new);
  c_new->add_option("--name", a->name, "The event's name (012)");
  c_new->add_option("--boards", a->boards, "Boards per match (default 4)");
  c_new->add_option("--match-points", a->match_points, "WIN,DRAW,LOSS match points (default 2,1,0)");
  c_new->add_flag("--trf16", a->trf16, "Keep the file as TRF-16 (013 team lines) instead of TRF-25 (310)");
  c_new->add_option("--system", a->system, "round-robin (default) or swiss (FIDE C.04.6, 2026)");
  c_new->add_option("--rounds", a->rounds, "Swiss: the number of rounds");
  c_new->add_option("--primary", a->primary, "Swiss: the primary score, mp (default) or gp");
  c_new->add_option("--colour-preferences", a->colour_preferences, "Swiss: A (default), B or none (C.04.6 1.7)");
  c_new->add_option("--initial-colour", a->initial_colour, "Swiss: board 1's colour drawn by lot, white or black");

  auto* c_add = team->add_subcommand("add", "Enter a team: its name and players in board order");
  on(c_add, cmd_add);
  c_add->add_option("team", a->team, "Team name")->required();
  c_add->add_option("players", a->players, "Players in registered order: Name or Name/Rating")->required();

  auto* c_pair = team->add_subcommand(
      "pair", "Pair the next round (Berger tables, or team Swiss by C.04.6), line-ups in registered order");
  on(c_pair, cmd_pair);
  c_pair->add_flag("--double", a->twice, "A double round robin (fixed when round 1 is paired)");
  c_pair->add_option("--absent", a->absent, "Swiss: teams not paired this round (names or numbers)");

  auto* c_check = team->add_subcommand("check", "Re-pair a team Swiss's rounds by C.04.6 and list the differences");
  on(c_check, cmd_check);

  auto* c_lineup = team->add_subcommand("lineup", "Set a team's line-up for a paired round");
  on(c_lineup, cmd_lineup);
  c_lineup->add_option("round", a->round)->required();
  c_lineup->add_option("team", a->team, "Team name or number")->required();
  c_lineup->add_option("players", a->players, "Start numbers in board order; 0 leaves a board empty");

  auto* c_result = team->add_subcommand("result", "Enter a board's result, from the first-named team's side");
  on(c_result, cmd_result);
  c_result->add_option("round", a->round)->required();
  c_result->add_option("match", a->match)->required();
  c_result->add_option("board", a->board)->required();
  c_result->add_option("result", a->result, "1-0 0-1 1/2 + - 0-0")->required();

  auto* c_pairings = team->add_subcommand("pairings", "Show a round's matches board by board (default: the last)");
  on(c_pairings, cmd_pairings);
  c_pairings->add_option("round", a->round);

  auto* c_standings = team->add_subcommand("standings", "Team standings: match points, game points, tie-breaks");
  on(c_standings, cmd_standings);
  c_standings->add_option("--primary", a->primary, "mp (match points, default) or gp (game points)");
  c_standings->add_option("--tie-breaks", a->tie_breaks,
                          "Comma-separated: MP GP BH SB EMMSB EMGSB EGMSB EGGSB MW (default GP,BH,SB)");
  c_standings->add_option("--tie-break-edition", a->edition, "Edition for unplayed rounds: 2026, 2024 or 2022");

  auto* c_cross = team->add_subcommand("crosstable", "The match crosstable: game points against each team");
  on(c_cross, [](const TeamArgs& args, std::ostream& o, std::ostream& e) {
    auto ev = read_team_trf_file(args.file);
    if (!ev) return e << ev.error().message << '\n', 1;
    o << format_match_crosstable(*ev);
    return 0;
  });

  auto* c_tbs = team->add_subcommand("tie-breaks", "Every team's tie-break values, tab-separated, by team number");
  on(c_tbs, cmd_tie_breaks);
  c_tbs->add_option("--primary", a->primary, "mp (match points, default) or gp (game points)");
  c_tbs->add_option("--tie-breaks", a->tie_breaks, "Comma-separated: MP GP BH SB EMMSB EMGSB EGMSB EGGSB MW");
  c_tbs->add_option("--tie-break-edition", a->edition, "Edition for unplayed rounds: 2026, 2024 or 2022");

  auto* c_gen = team->add_subcommand("generate", "A random team event (FILE - for standard output)");
  on(c_gen, cmd_generate);
  TeamGeneratorOptions& g = a->generator;
  c_gen->add_option("--seed", g.seed, "Seed of the draws (the same seed, the same event)");
  c_gen->add_option("--teams", g.teams, "Teams (default 8)");
  c_gen->add_option("--boards", g.boards, "Boards per match (default 4)");
  c_gen->add_option("--reserves", g.reserves, "Reserves per team (default 1)");
  c_gen->add_option("--rounds", g.rounds, "Rounds (default: a whole round robin, or teams - 1 up to 9)");
  c_gen->add_flag("--random-pairings", g.random_pairings, "Random pairings without repeats instead of Berger");
  c_gen->add_option("--draws", g.draw_rate, "Share of boards drawn (default 0.3)");
  c_gen->add_option("--empty-boards", g.empty_board_rate, "Per board and side: nobody there (default 0.02)");
  c_gen->add_option("--forfeits", g.forfeit_rate, "Per board: lost by forfeit (default 0.02)");
  c_gen->add_option("--double-forfeits", g.double_forfeit_rate, "Per board: neither came (default 0.01)");
  c_gen->add_option("--absent-teams", g.absent_team_rate, "Per match and team: stayed away (default 0.02)");
  c_gen->add_option("--match-points", a->match_points, "WIN,DRAW,LOSS match points (default 2,1,0)");
  c_gen->add_flag("--trf16", a->trf16, "TRF-16 (013 team lines) instead of TRF-25 (310)");

  auto* c_export = team->add_subcommand("export", "Write the event as TRF-16 or TRF-25");
  on(c_export, cmd_export);
  c_export->add_flag("--trf16", a->trf16, "013 team lines");
  c_export->add_flag("--trf25", a->trf25, "310 team records");
  c_export->add_option("-o,--output", a->output, "Output file (default: standard output)");
}

}  // namespace tabiya::cli
