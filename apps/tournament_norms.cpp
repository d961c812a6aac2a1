// tabiya tournament norms FILE [--player N] [--title GM,IM] [--min-games 7] [--federations-exempt]:
// title norms by the FIDE Title Regulations (tournament/norms.h), as a report an arbiter reads.
#include <memory>
#include <sstream>

#include "tournament/norms.h"
#include "tournament/trf.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

struct NormsArgs {
  std::string file, titles;
  int player = 0;
  int min_games = 9;
  bool exempt = false;
};

int run_norms(const NormsArgs& a, std::ostream& out, std::ostream& err) {
  auto t = read_trf_file(a.file);
  if (!t) return err << t.error().message << '\n', 1;
  if (a.min_games != 9 && a.min_games != 7)
    return err << "norms: --min-games " << a.min_games << ": the Title Regulations (1.42) allow 9, or 7\n", 1;
  NormOptions o;
  o.min_games = a.min_games;
  o.federations_exempt = a.exempt;
  std::vector<NormTitle> asked;
  std::string item;
  for (std::istringstream in(a.titles); std::getline(in, item, ',');) {
    auto title = parse_norm_title(item);
    if (!title) return err << "norms: --title: " << title.error().message << '\n', 1;
    asked.push_back(*title);
  }
  auto titles_for = [&](const Player& p) { return asked.empty() ? titles_to_check(p) : asked; };
  auto assess = [&](const Player& p, std::vector<NormAssessment>& into) -> bool {
    for (NormTitle title : titles_for(p)) {
      auto r = assess_norm(*t, p.number, title, o);
      if (!r) return err << a.file << ": " << r.error().message << '\n', false;
      into.push_back(*r);
    }
    return true;
  };
  if (a.player != 0) {
    const Player* p = t->player(a.player);
    if (!p) return err << a.file << ": norms: no player " << a.player << '\n', 1;
    std::vector<NormAssessment> per_title;
    if (!assess(*p, per_title)) return 1;
    if (per_title.empty()) return out << "Player " << p->number << " holds every title a norm leads to.\n", 0;
    out << format_norm_report(*t, per_title);
    return 0;
  }
  std::vector<std::vector<NormAssessment>> all;
  for (const Player& p : t->players) {
    all.emplace_back();
    if (!assess(p, all.back())) return 1;
  }
  out << format_norm_summary(*t, all);
  return 0;
}

}  // namespace

void add_norms_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code) {
  auto a = std::make_shared<NormsArgs>();
  auto* c = app.add_subcommand("norms", "Title norms (GM IM WGM WIM) by the FIDE Title Regulations");
  c->add_option("file", a->file)->required();
  c->add_option("--player", a->player, "One player's opponents and every requirement, article by article");
  c->add_option("--title", a->titles, "The titles to check, e.g. GM,IM (default: those the player may still earn)");
  c->add_option("--min-games", a->min_games, "9, or 7 for the events Title Regulations 1.42 lists");
  c->add_flag("--federations-exempt", a->exempt, "An event 1.43 exempts from the federation requirements");
  c->callback([a, &out, &err, &code] { code = run_norms(*a, out, err); });
}

}  // namespace tabiya::cli
