// tabiya tournament generate: random Swiss events for testing pairing and
// tie-break programs (C.04.A asks endorsed programs' authors for one).
#include <memory>
#include <sstream>

#include "files/durable_file.h"
#include "tournament/generator.h"
#include "tournament/trf.h"
#include "tournament_command.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

struct GenerateArgs {
  GeneratorOptions options;
  std::string ratings;  // "LOW,HIGH"
  std::string edition = "2026";
  std::string output = "-";
};

int run_generate(GenerateArgs& a, std::ostream& out, std::ostream& err) {
  if (!a.ratings.empty()) {
    std::istringstream in(a.ratings);
    char comma = 0;
    if (!(in >> a.options.rating_low >> comma >> a.options.rating_high) || comma != ',')
      return err << "generate: --ratings \"" << a.ratings << "\": expected LOW,HIGH, e.g. 1400,2700\n", 1;
  }
  auto edition = parse_edition(a.edition);
  if (!edition) return err << "generate: --tie-break-edition: " << edition.error().message << '\n', 1;
  a.options.edition = *edition;
  auto g = generate_tournament(a.options);
  if (!g) return err << g.error().message << '\n', 1;
  const std::string text = write_trf(g->tournament);
  if (a.output == "-") {
    out << text;
    return 0;
  }
  if (auto w = write_file_durably(a.output, text); !w) return err << w.error().message << '\n', 1;
  out << "wrote " << a.output << '\n';
  return 0;
}

}  // namespace

void add_generate_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code) {
  auto a = std::make_shared<GenerateArgs>();
  GeneratorOptions& o = a->options;
  auto* c = app.add_subcommand("generate",
                               "A random Swiss event paired by tabiya's FIDE Dutch system (seeded, reproducible)");
  c->add_option("--seed", o.seed, "Seed: the same options and seed give the same file")->capture_default_str();
  c->add_option("--players", o.players, "Players")->capture_default_str();
  c->add_option("--rounds", o.rounds, "Rounds")->capture_default_str();
  c->add_option("--ratings", a->ratings, "Ratings drawn uniformly in LOW,HIGH (default 1400,2700)");
  c->add_option("--unrated", o.unrated_rate, "Share of unrated players")->capture_default_str();
  c->add_option("--draws", o.draw_rate, "Share of drawn games")->capture_default_str();
  c->add_option("--forfeits", o.forfeit_rate, "Share of paired games forfeited by one side")->capture_default_str();
  c->add_option("--double-forfeits", o.double_forfeit_rate, "Share of paired games neither side came to")
      ->capture_default_str();
  c->add_option("--half-byes", o.half_bye_rate, "Per player and round: a requested half-point bye (H)")
      ->capture_default_str();
  c->add_option("--zero-byes", o.zero_bye_rate, "Per player and round: a requested zero-point bye (Z)")
      ->capture_default_str();
  c->add_option("--full-byes", o.full_bye_rate, "Per player and round: a full-point bye (F)")->capture_default_str();
  c->add_option("--withdrawals", o.withdrawal_rate, "Per player and round after the first: he withdraws")
      ->capture_default_str();
  c->add_flag("--baku", o.baku, "Baku acceleration (FIDE C.04.5.1), written as XXA lines");
  c->add_option("--tie-break-edition", a->edition, "Edition written in the XXE line: 2026, 2024 or 2022")
      ->capture_default_str();
  c->add_option("-o,--output", a->output, "The TRF to write (- for standard output)")->capture_default_str();
  c->callback([a, &out, &err, &code] { code = run_generate(*a, out, err); });
}

}  // namespace tabiya::cli
