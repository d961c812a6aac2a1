#include "ratings_command.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "commands.h"
#include "notation/pgn_reader.h"

namespace tabiya::cli {
namespace {

// Collects the three tags and skips the movetext.
class ResultCollector : public PgnVisitor {
 public:
  VisitResult begin_game(int game_number) override {
    game_ = game_number;
    white_.clear();
    black_.clear();
    result_.clear();
    return VisitResult::CONTINUE;
  }
  VisitResult header(std::string_view name, std::string_view value) override {
    if (name == "White") white_ = value;
    if (name == "Black") black_ = value;
    if (name == "Result") result_ = value;
    return VisitResult::CONTINUE;
  }
  VisitResult end_headers(const Position&) override { return VisitResult::SKIP; }
  void end_game() override {
    if (!problem_.empty()) return;
    if (result_ == "*") return;  // unfinished
    double points;
    if (result_ == "1-0") {
      points = 1;
    } else if (result_ == "0-1") {
      points = 0;
    } else if (result_ == "1/2-1/2") {
      points = 0.5;
    } else {
      problem_ = "game " + std::to_string(game_) + ": Result tag \"" + result_ + "\" is not 1-0, 0-1, 1/2-1/2 or *";
      return;
    }
    if (white_.empty() || black_.empty()) {
      problem_ = "game " + std::to_string(game_) + ": no " + (white_.empty() ? "White" : "Black") + " tag";
      return;
    }
    games.push_back(RatedGame{white_, black_, points});
  }

  std::vector<RatedGame> games;
  std::string problem_;

 private:
  int game_ = 0;
  std::string white_, black_, result_;
};

}  // namespace

Result<std::vector<RatedGame>> read_rated_games(std::istream& in, const std::string& source_name) {
  PgnReadOptions options;
  options.source_name = source_name;
  PgnReader reader(in, options);
  ResultCollector collector;
  while (collector.problem_.empty() && reader.read_game(collector)) {
  }
  if (!collector.problem_.empty()) return fail(source_name + ": " + collector.problem_);
  return std::move(collector.games);
}

Result<RatingAnchor> parse_rating_anchor(const std::string& text) {
  auto eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return fail("--anchor \"" + text + "\": expected NAME=ELO, e.g. sf-1350=1350");
  RatingAnchor anchor{text.substr(0, eq)};
  const char* first = text.data() + eq + 1;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, anchor.elo);
  if (ec != std::errc() || end != last || !std::isfinite(anchor.elo) || std::abs(anchor.elo) > 10000)
    return fail("--anchor \"" + text + "\": \"" + text.substr(eq + 1) + "\" is not a rating between -10000 and 10000");
  return anchor;
}

int run_ratings(const RatingsSettings& s, std::ostream& out, std::ostream& err) {
  if (s.pgn_files.empty()) {
    err << "ratings: no PGN files given\n";
    return 2;
  }
  std::vector<RatingAnchor> anchors;
  for (const std::string& text : s.anchors) {
    auto anchor = parse_rating_anchor(text);
    if (!anchor) {
      err << "ratings: " << anchor.error().message << '\n';
      return 2;
    }
    anchors.push_back(*anchor);
  }
  std::vector<RatedGame> games;
  for (const std::string& path : s.pgn_files) {
    std::ifstream in(path);
    if (!in) {
      err << "ratings: cannot open \"" << path << "\"\n";
      return 2;
    }
    auto read = read_rated_games(in, path);
    if (!read) {
      err << "ratings: " << read.error().message << '\n';
      return 1;
    }
    games.insert(games.end(), read->begin(), read->end());
  }
  auto ratings = fit_ratings(games, anchors, RatingOptions{s.prior_draws});
  if (!ratings) {
    err << ratings.error().message << '\n';
    return 1;
  }
  out << std::left << std::setw(5) << "rank" << std::setw(24) << "player" << std::right << std::setw(7) << "Elo"
      << std::setw(9) << "+/- 95%" << std::setw(7) << "games" << std::setw(8) << "score" << '\n';
  int rank = 0;
  for (const PlayerRating& p : *ratings) {
    out << std::left << std::setw(5) << ++rank << std::setw(24) << p.name << std::right << std::setw(7)
        << std::lround(p.elo) << std::setw(9)
        << (p.anchored ? std::string("anchor") : std::to_string(std::lround(p.error95))) << std::setw(7) << p.games
        << std::setw(7) << std::fixed << std::setprecision(1) << 100 * p.points / std::max(1, p.games) << "%\n";
    out << std::defaultfloat;
  }
  out << games.size() << " games; "
      << (anchors.empty() ? "no anchor: the first player met is rated 0" : "anchors held fixed") << "; prior "
      << s.prior_draws << " virtual draw(s) per pair\n";
  return 0;
}

void add_ratings_command(CLI::App& app) {
  auto settings = std::make_shared<RatingsSettings>();
  CLI::App* cmd = app.add_subcommand("ratings", "Rate every player of some PGN files on one Elo scale, with anchors");
  cmd->add_option("files", settings->pgn_files, "PGN files of finished games")->required();
  cmd->add_option("--anchor", settings->anchors, "A player of known rating, NAME=ELO (repeatable)");
  cmd->add_option("--prior", settings->prior_draws, "Virtual draws added to each pair that met")
      ->check(CLI::Range(0.01, 1000.0));
  cmd->callback([settings] {
    int code = run_ratings(*settings, std::cout, std::cerr);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace tabiya::cli
