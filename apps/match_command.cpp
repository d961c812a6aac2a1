// tabiya match --engine KEY=VALUE... --engine KEY=VALUE... --tc 10+0.1 [options]
//
// Plays two engines against each other over UCI or CECP (see README
// "Matches and the Elo ladder"); prints a line per game and a summary.
#include "match_command.h"

#include <charconv>
#include <iostream>
#include <map>
#include <memory>

#include "commands.h"
#include "engine_tournament.h"
#include "laws/rules_profile.h"

namespace tabiya::cli {

namespace {

// "key=value" words with numeric values, each key from `allowed`.
Result<std::map<std::string, double>> numeric_words(const std::vector<std::string>& words, const std::string& option,
                                                    const std::vector<std::string>& allowed) {
  std::map<std::string, double> values;
  for (const std::string& word : words) {
    std::size_t eq = word.find('=');
    std::string key = word.substr(0, eq);
    if (eq == std::string::npos || std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
      return fail(option + " \"" + word + "\": expected KEY=NUMBER with KEY one of " + list);
    }
    std::string text = word.substr(eq + 1);
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
      return fail(option + " \"" + word + "\": \"" + text + "\" is not a number");
    values[key] = value;
  }
  return values;
}

}  // namespace

Result<MatchSettings> match_settings(const MatchArguments& args) {
  MatchSettings s;
  if (args.engines.size() != 2)
    return fail("--engine must be given exactly twice (got " + std::to_string(args.engines.size()) + ")");
  for (int e = 0; e < 2; ++e) {
    auto spec = parse_engine_spec(args.engines[std::size_t(e)]);
    if (!spec) return fail("--engine " + std::to_string(e + 1) + ": " + spec.error().message);
    s.engines[e] = std::move(*spec);
  }
  if (s.engines[0].name == s.engines[1].name) {
    s.engines[0].name += "-1";
    s.engines[1].name += "-2";
  }
  auto tc = parse_pgn_time_control(args.time_control);
  if (!tc) return fail("--tc: " + tc.error().message);
  if (!tc->has_clock()) return fail("--tc \"" + args.time_control + "\": a match needs a clock, e.g. 10+0.1");
  s.game.time_control = *tc;
  if (!args.rules.empty()) {
    auto edition = parse_rules_edition(args.rules);
    if (!edition) return fail("--rules: unknown edition \"" + args.rules + "\"");
    s.game.rules = *edition;
  }
  if (args.games < 1) return fail("--games must be at least 1");
  if (args.concurrency < 1) return fail("--concurrency must be at least 1");
  if (args.grace_ms < 0) return fail("--grace must not be negative");
  s.games = args.games;
  s.concurrency = args.concurrency;
  s.game.hang_grace = Millis{args.grace_ms};
  s.shuffle_seed = args.seed;
  s.pgn_path = args.pgn_out;
  s.event = args.event;
  if (!args.openings.empty()) {
    auto openings = load_openings(args.openings);
    if (!openings) return fail("--openings: " + openings.error().message);
    s.openings = std::move(*openings);
  }
  if (!args.sprt.empty()) {
    auto v = numeric_words(args.sprt, "--sprt", {"elo0", "elo1", "alpha", "beta"});
    if (!v) return fail(v.error().message);
    SprtParameters p;
    for (auto& [key, value] : *v)
      (key == "elo0" ? p.elo0 : key == "elo1" ? p.elo1 : key == "alpha" ? p.alpha : p.beta) = value;
    if (!(p.elo0 < p.elo1)) return fail("--sprt: elo0 must be less than elo1");
    if (!(p.alpha > 0 && p.alpha < 1 && p.beta > 0 && p.beta < 1))
      return fail("--sprt: alpha and beta must be in (0, 1)");
    s.sprt = p;
  }
  if (!args.resign.empty()) {
    auto v = numeric_words(args.resign, "--resign", {"movecount", "score"});
    if (!v) return fail(v.error().message);
    ResignAdjudication r;
    if (v->count("movecount")) r.movecount = int(v->at("movecount"));
    if (v->count("score")) r.score = int(v->at("score"));
    if (r.movecount < 1 || r.score < 1) return fail("--resign: movecount and score must be positive");
    s.game.resign = r;
  }
  if (!args.draw.empty()) {
    auto v = numeric_words(args.draw, "--draw", {"movenumber", "movecount", "score"});
    if (!v) return fail(v.error().message);
    DrawAdjudication d;
    if (v->count("movenumber")) d.movenumber = int(v->at("movenumber"));
    if (v->count("movecount")) d.movecount = int(v->at("movecount"));
    if (v->count("score")) d.score = int(v->at("score"));
    if (d.movecount < 1 || d.score < 0 || d.movenumber < 0)
      return fail("--draw: movecount must be positive, movenumber and score not negative");
    s.game.draw = d;
  }
  return s;
}

Result<EngineEventSettings> engine_event_settings(const MatchArguments& args) {
  auto kind = parse_engine_event_kind(args.tournament);
  if (!kind) return kind.error();
  if (args.engines.size() < 2) return fail("--tournament needs at least two --engine");
  // The game settings as a two-engine match would have them.
  MatchArguments two = args;
  two.engines.resize(2);
  auto base = match_settings(two);
  if (!base) return base.error();
  EngineEventSettings s;
  s.kind = *kind;
  s.game = base->game;
  s.openings = base->openings;
  s.pgn_path = args.pgn_out;
  s.trf_path = args.trf_out;
  s.event = args.event;
  s.cycles = args.cycles;
  s.rounds = args.rounds;
  if (s.trf_path.empty()) return fail("--tournament needs --trf FILE");
  for (size_t e = 0; e < args.engines.size(); ++e) {
    auto spec = parse_engine_spec(args.engines[e]);
    if (!spec) return fail("--engine " + std::to_string(e + 1) + ": " + spec.error().message);
    s.engines.push_back(std::move(*spec));
  }
  // Equal names are told apart by their place.
  for (size_t e = 0; e < s.engines.size(); ++e)
    for (size_t f = e + 1; f < s.engines.size(); ++f)
      if (s.engines[e].name == s.engines[f].name) s.engines[f].name += "-" + std::to_string(f + 1);
  if (s.cycles < 1) return fail("--cycles must be at least 1");
  return s;
}

void add_match_command(CLI::App& app) {
  auto args = std::make_shared<MatchArguments>();
  CLI::App* match = app.add_subcommand("match", "Play a match between two engines over UCI or xboard/CECP");
  match
      ->add_option("--engine", args->engines,
                   "An engine, twice: name=N cmd=COMMAND [arg=A]... [dir=D] proto=uci|xboard [option.NAME=VALUE]... "
                   "[timeout=MS]")
      ->required()
      ->expected(1, -1);
  match->add_option("--tc", args->time_control, "Time control in seconds (PGN form): 10+0.1, 40/60+0.5, 60")
      ->required();
  match->add_option("--games", args->games, "Number of games (pairs of games share an opening)")->capture_default_str();
  match->add_option("--concurrency", args->concurrency, "Games played at the same time")->capture_default_str();
  match->add_option("--openings", args->openings, "Opening positions: EPD (.epd) or PGN (.pgn)")
      ->check(CLI::ExistingFile);
  match->add_flag("--repeat", args->repeat,
                  "Play each opening with both colours (always on; accepted for cutechess compatibility)");
  match->add_option("--seed", args->seed, "Shuffle the openings with this seed");
  match->add_option("--pgnout", args->pgn_out, "Write the games to this PGN file");
  match->add_option("--sprt", args->sprt, "Stop early by SPRT: elo0=E0 elo1=E1 alpha=A beta=B")->expected(1, 4);
  match->add_option("--resign", args->resign, "Adjudicate a win by score: movecount=N score=CP")->expected(1, 2);
  match->add_option("--draw", args->draw, "Adjudicate a draw by score: movenumber=N movecount=N score=CP")
      ->expected(1, 3);
  match->add_option("--rules", args->rules, "Edition of the FIDE Laws (default: the latest)");
  match->add_option("--grace", args->grace_ms, "Milliseconds after its flag fall before a silent engine is killed")
      ->capture_default_str();
  match->add_option("--event", args->event, "PGN Event tag")->capture_default_str();
  match->add_option("--tournament", args->tournament,
                    "An engine event instead of a match: round-robin, gauntlet (the first engine against each "
                    "other) or swiss (FIDE Dutch system); two or more --engine");
  match->add_option("--trf", args->trf_out, "The event's FIDE Tournament Report File (with --tournament)");
  match
      ->add_option("--cycles", args->cycles,
                   "--tournament round-robin: 1 or 2 cycles; gauntlet: games against each opponent")
      ->capture_default_str();
  match->add_option("--rounds", args->rounds, "--tournament swiss: rounds (default: ceil(log2 engines) + 2)");
  match->callback([args] {
    if (!args->tournament.empty()) {
      auto event = engine_event_settings(*args);
      if (!event) {
        std::cerr << "tabiya match: " << event.error().message << '\n';
        throw CLI::RuntimeError(1);
      }
      int code = run_engine_event(*event, std::cout, std::cerr);
      if (code != 0) throw CLI::RuntimeError(code);
      return;
    }
    auto settings = match_settings(*args);
    if (!settings) {
      std::cerr << "tabiya match: " << settings.error().message << '\n';
      throw CLI::RuntimeError(2);
    }
    auto summary = run_match(*settings, std::cout);
    if (!summary) {
      std::cerr << "tabiya match: " << summary.error().message << '\n';
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace tabiya::cli
