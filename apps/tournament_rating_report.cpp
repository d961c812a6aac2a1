// tabiya tournament rating-report FILE: the FIDE rating change of every
// player (rating_report.h); tabiya tournament rating-tables: the tables of
// the Rating Regulations 8.1.1 and 8.1.2 as tabiya applies them.
#include <memory>
#include <sstream>

#include "tournament/fide_rating.h"
#include "tournament/rating_report.h"
#include "tournament/trf.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

struct RatingReportArgs {
  std::string file, new_players, reached_2400, date;
  bool per_game = false;
};

Result<std::vector<int>> numbers(const std::string& option, const std::string& text) {
  std::vector<int> out;
  std::string item;
  for (std::istringstream in(text); std::getline(in, item, ',');) {
    if (item.empty() || item.size() > 6 || item.find_first_not_of("0123456789") != std::string::npos)
      return fail(option + " \"" + text + "\": expected start numbers separated by commas, e.g. 3,17");
    out.push_back(std::stoi(item));
  }
  return out;
}

int run_rating_report(const RatingReportArgs& a, std::ostream& out, std::ostream& err) {
  auto t = read_trf_file(a.file);
  if (!t) return err << t.error().message << '\n', 1;
  RatingReportOptions o;
  auto fresh = numbers("--new", a.new_players);
  if (!fresh) return err << "rating-report: " << fresh.error().message << '\n', 1;
  auto high = numbers("--reached-2400", a.reached_2400);
  if (!high) return err << "rating-report: " << high.error().message << '\n', 1;
  o.new_players = *fresh;
  o.reached_2400 = *high;
  o.date = a.date;
  auto report = rating_report(*t, o);
  if (!report) return err << a.file << ": " << report.error().message << '\n', 1;
  out << format_rating_report(*t, *report, a.per_game);
  return 0;
}

}  // namespace

void add_rating_report_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code) {
  auto a = std::make_shared<RatingReportArgs>();
  auto* c = app.add_subcommand("rating-report", "FIDE rating changes per player (Rating Regulations 2024/2025)");
  c->add_option("file", a->file)->required();
  c->add_option("--new", a->new_players, "Players new to the rating list (under 30 games before): K 40, e.g. 3,17");
  c->add_option("--reached-2400", a->reached_2400, "Players whose published rating once reached 2400: K 10");
  c->add_option("--date", a->date, "The event's date for the under-18 rule (default: the 042 line)");
  c->add_flag("--games", a->per_game, "Each rated game under its player: counted rating, We, change");
  c->callback([a, &out, &err, &code] { code = run_rating_report(*a, out, err); });

  auto* tables =
      app.add_subcommand("rating-tables", "The FIDE Rating Regulations' tables 8.1.2 (D -> PD) and 8.1.1 (p -> dp)");
  tables->callback([&out, &code] {
    out << "# 8.1.2: rating difference D, expected score of the higher rated in hundredths\n";
    for (int d = 0; d <= 800; ++d) out << "PD\t" << d << '\t' << expected_score_hundredths(2000 + d, 2000) << '\n';
    out << "# 8.1.1: fractional score p in hundredths, rating difference dp\n";
    for (int p = 0; p <= 100; ++p) out << "DP\t" << p << '\t' << rating_difference_for_score(p) << '\n';
    code = 0;
  });
}

}  // namespace tabiya::cli
