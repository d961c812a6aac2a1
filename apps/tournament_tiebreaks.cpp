// tabiya tournament tie-breaks: every player's value of each tie-break,
// whether or not it decides a tie, as tab-separated columns by start number
// (for spreadsheets, and for comparing with other tie-break programs:
// bench/tiebreaks-vs-tbs.sh).
#include <memory>
#include <sstream>

#include "tournament/event.h"
#include "tournament/standings.h"
#include "tournament/tiebreaks.h"
#include "tournament/trf.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

struct TieBreaksArgs {
  std::string file, tie_breaks, edition;
};

int run_tie_breaks(const TieBreaksArgs& a, std::ostream& out, std::ostream& err) {
  auto t = read_trf_file(a.file);
  if (!t) return err << t.error().message << '\n', 1;
  auto settings = read_event_settings(*t);
  if (!settings) return err << a.file << ": " << settings.error().message << '\n', 1;
  if (!a.edition.empty()) {
    auto e = parse_edition(a.edition);
    if (!e) return err << "--tie-break-edition: " << e.error().message << '\n', 1;
    settings->edition = *e;
  }
  std::vector<std::string> codes =
      settings->tie_breaks.empty() ? default_tie_breaks(settings->system) : settings->tie_breaks;
  if (!a.tie_breaks.empty()) {
    codes.clear();
    std::string item;
    for (std::istringstream in(a.tie_breaks); std::getline(in, item, ',');)
      if (!item.empty()) codes.push_back(item);
  }
  std::vector<TieBreak> tbs;
  for (const std::string& c : codes) {
    auto tb = parse_tie_break(c);
    if (!tb) return err << "--tie-breaks: " << tb.error().message << '\n', 1;
    tbs.push_back(*tb);
  }
  const EventRecord event = build_event_record(*t, *settings);
  out << "No\tPts";
  for (const TieBreak& tb : tbs) out << '\t' << tb.code;
  out << '\n';
  for (const PlayerRecord& p : event.players) {
    // Direct encounter is taken among the players with the same score.
    std::vector<int> group;
    for (const PlayerRecord& q : event.players)
      if (q.score == p.score && !q.annulled) group.push_back(q.number);
    out << p.number << '\t' << format_points(p.score);
    for (const TieBreak& tb : tbs) out << '\t' << format_value(tie_break_value(event, tb, p, group));
    out << '\n';
  }
  return 0;
}

}  // namespace

void add_tie_breaks_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code) {
  auto a = std::make_shared<TieBreaksArgs>();
  auto* c = app.add_subcommand("tie-breaks", "Every player's tie-break values, tab-separated, by start number");
  c->add_option("file", a->file)->required();
  c->add_option("--tie-breaks", a->tie_breaks,
                "Comma-separated FIDE C.07 acronyms (default: the event's list), e.g. BH-C1,SB,TPR,AOB,ARO-U1400");
  c->add_option("--tie-break-edition", a->edition, "Edition for unplayed rounds: 2026, 2024 or 2022");
  c->callback([a, &out, &err, &code] { code = run_tie_breaks(*a, out, err); });
}

}  // namespace tabiya::cli
