// tabiya tournament standings | crosstable | export --html|--trf16|--trf25 | berger: what reads the file and writes
// nothing back.
#include <sstream>

#include "files/durable_file.h"
#include "tournament/berger.h"
#include "tournament/crosstable.h"
#include "tournament/standings.h"
#include "tournament/tiebreaks.h"
#include "tournament/trf.h"
#include "tournament_file.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

Result<EventSettings> with_tie_breaks(EventSettings s, const std::string& list, const std::string& edition) {
  if (!edition.empty()) {
    auto ed = parse_edition(edition);
    if (!ed) return fail("--tie-break-edition: " + ed.error().message);
    s.edition = *ed;
  }
  if (list.empty()) return s;
  s.tie_breaks.clear();
  std::stringstream in(list);
  std::string code;
  while (std::getline(in, code, ',')) {
    auto tb = parse_tie_break(code);
    if (!tb) return fail("--tie-breaks: " + tb.error().message);
    s.tie_breaks.push_back(tb->code);
  }
  return s;
}

}  // namespace

int tournament_report(const std::string& file, Report what, const std::string& tie_breaks, const std::string& output,
                      std::ostream& out, std::ostream& err, const std::string& edition) {
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  if (what == Report::trf16 || what == Report::trf25) {
    const std::string text = write_trf(e->t, what == Report::trf16 ? TrfVersion::trf16 : TrfVersion::trf25);
    if (output.empty() || output == "-") return out << text, 0;
    if (auto w = write_file_durably(output, text); !w) return err << w.error().message << '\n', 1;
    out << "wrote " << output << (what == Report::trf16 ? " (TRF-16)\n" : " (TRF-25)\n");
    return 0;
  }
  auto settings = with_tie_breaks(e->settings, tie_breaks, edition);
  if (!settings) return err << settings.error().message << '\n', 1;
  auto s = compute_standings(e->t, *settings);
  if (!s) return err << file << ": " << s.error().message << '\n', 1;
  std::string text = what == Report::standings    ? format_standings(e->t, *s)
                     : what == Report::crosstable ? format_crosstable(e->t, *settings, *s)
                                                  : export_html(e->t, *settings, *s);
  if (output.empty() || output == "-") {
    out << text;
    return 0;
  }
  if (auto w = write_file_durably(output, text); !w) return err << w.error().message << '\n', 1;
  out << "wrote " << output << '\n';
  return 0;
}

int tournament_berger(int players, bool twice, bool swap, std::ostream& out, std::ostream& err) {
  if (players < 2 || players > 1000) return err << "berger: the number of players must be 2..1000\n", 1;
  for (const TableRound& r : round_robin_schedule(players, twice ? 2 : 1, swap)) out << format_table_round(r) << '\n';
  return 0;
}
}  // namespace tabiya::cli
