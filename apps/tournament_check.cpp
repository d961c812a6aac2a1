// tabiya tournament check: a TRF's scores, colours, repeated pairings, Berger schedule and Dutch pairings.
#include <algorithm>
#include <iterator>

#include "tournament/berger.h"
#include "tournament/dutch.h"
#include "tournament_file.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

// Everything `check` finds wrong with a TRF, one line each.
std::vector<std::string> problems_of(const EventFile& e) {
  std::vector<std::string> problems;
  const Tournament& t = e.t;
  auto who = [](const Player& p) { return "player " + std::to_string(p.number); };
  const std::string pairs_ok[] = {"10", "01", "==", "+-", "-+", "--", "WL", "LW", "DD", "  "};
  for (const Player& p : t.players) {
    int rounds = static_cast<int>(p.rounds.size());
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry mine = p.entry(r);
      if (mine.opponent == 0) continue;
      const std::string at = who(p) + ", round " + std::to_string(r) + ": ";
      if (mine.opponent == p.number) {
        problems.push_back(at + "paired against himself");
        continue;
      }
      const Player* o = t.player(mine.opponent);
      if (!o) {
        problems.push_back(at + "opponent " + std::to_string(mine.opponent) + " does not exist");
        continue;
      }
      const RoundEntry theirs = o->entry(r);
      if (theirs.opponent != p.number) {
        problems.push_back(
            at + "opponent " + std::to_string(o->number) + " has " +
            (theirs.opponent ? "player " + std::to_string(theirs.opponent) : std::string("no opponent")) +
            " in that round");
        continue;
      }
      if (p.number < o->number) {
        if (mine.colour != Colour::none && mine.colour == theirs.colour)
          problems.push_back(at + "both players have " + (mine.colour == Colour::white ? "White" : "Black"));
        const std::string pair = {mine.result, theirs.result};
        if (std::find(std::begin(pairs_ok), std::end(pairs_ok), pair) == std::end(pairs_ok))
          problems.push_back(at + "results '" + mine.result + "' and '" + theirs.result + "' (opponent " +
                             std::to_string(o->number) + ") do not agree");
      }
    }
    // Repeated pairings. In a Swiss a game lost by forfeit was not played,
    // and the two may be paired again (C.04.3 C1 counts games played); a round
    // robin's schedule meets each pair once per cycle whatever happened.
    const int allowed = e.settings.cycles();
    std::vector<int> meetings(t.players.size() + 2, 0);
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry x = p.entry(r);
      if (!e.settings.round_robin() && !x.played()) continue;
      const int o = x.opponent;
      if (o > 0 && o < static_cast<int>(meetings.size()) && ++meetings[static_cast<size_t>(o)] == allowed + 1 &&
          p.number < o)
        problems.push_back(who(p) + " meets player " + std::to_string(o) + " more than " +
                           (allowed == 1 ? std::string("once") : std::to_string(allowed) + " times") + " (round " +
                           std::to_string(r) + ")");
    }
    // Declared points against the results.
    const Points score = t.score_after(p, rounds);
    if (p.points != score) {
      problems.push_back(who(p) + ": declared " + format_points(p.points) + " points, the results give " +
                         format_points(score));
    }
    // Colours of the games played: no three in a row, difference within 2.
    if (!e.settings.round_robin()) {
      const auto colours = t.colour_history(p, rounds);
      int diff = 0, run = 0;
      Colour last = Colour::none;
      for (size_t i = 0; i < colours.size(); ++i) {
        diff += colours[i] == Colour::white ? 1 : -1;
        run = colours[i] == last ? run + 1 : 1;
        last = colours[i];
        if ((run >= 3 || diff > 2 || diff < -2) && i + 1 < colours.size()) {
          problems.push_back(who(p) + ": colour rule broken after " + std::to_string(i + 1) + " games played (" +
                             (run >= 3 ? "three in a row" : "difference " + std::to_string(diff)) + ")");
          break;
        }
      }
    }
  }
  // Round robins: the games are those of the Berger table.
  if (e.settings.round_robin() && t.rounds_with_entries() > 0) {
    const int n = static_cast<int>(t.players.size());
    auto schedule = round_robin_schedule(n, e.settings.cycles());
    for (size_t r = 0; r < schedule.size(); ++r) {
      for (const TableGame& g : schedule[r]) {
        if (g.white > n || g.black > n) continue;
        const RoundEntry we = t.player(g.white)->entry(static_cast<int>(r) + 1);
        if (we.opponent != g.black || (we.colour != Colour::white && we.colour != Colour::none))
          problems.push_back("round " + std::to_string(r + 1) + ": the Berger table pairs " + std::to_string(g.white) +
                             "-" + std::to_string(g.black) + ", the file does not");
      }
    }
  }
  return problems;
}

std::string write_oneline(const Result<RoundPairing>& p) {
  if (!p) return "(no pairing: " + p.error().message + ")";
  std::string line;
  for (const Board& b : p->boards) {
    if (!line.empty()) line += ' ';
    line.append(std::to_string(b.white)).append("-").append(std::to_string(b.black));
  }
  if (p->bye) line += " bye " + std::to_string(p->bye);
  return line;
}

}  // namespace

int tournament_check(const std::string& file, std::ostream& out, std::ostream& err, bool per_round) {
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  auto problems = problems_of(*e);
  // --rounds: the free pairings checker's report (C.04.A), every Swiss round as the file has it and whether the
  // Dutch system, re-pairing from the state before it, agrees.
  if (per_round && !e->settings.round_robin()) {
    for (int r = 1; r <= e->t.rounds_paired(); ++r) {
      const RoundPairing recorded = recorded_pairing(e->t, r);
      const auto repaired = pair_dutch(cut_before_round(e->t, r), r);
      const bool same = repaired && same_pairing(*repaired, recorded);
      out << file << ": round " << r << ": " << write_oneline(recorded) << (same ? ": identical" : ": differs") << '\n';
    }
  }
  // Swiss: every round re-paired from the state before it.
  if (!e->settings.round_robin() && e->t.rounds_paired() > 0) {
    auto differing = check_pairings(e->t);
    if (!differing) {
      problems.push_back("re-pairing: " + differing.error().message);
    } else {
      for (int r : *differing) {
        problems.push_back("round " + std::to_string(r) + ": the FIDE Dutch system pairs " +
                           write_oneline(pair_dutch(cut_before_round(e->t, r), r)) + "; the file has " +
                           write_oneline(recorded_pairing(e->t, r)));
      }
    }
  }
  for (const std::string& p : problems) out << file << ": " << p << '\n';
  if (problems.empty())
    out << file << ": OK (" << e->t.players.size() << " players, " << e->t.rounds_with_entries() << " rounds)\n";
  return problems.empty() ? 0 : 1;
}

}  // namespace tabiya::cli
