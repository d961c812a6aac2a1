#include "engine_tournament.h"

#include <cmath>
#include <fstream>
#include <memory>

#include "match/engine.h"
#include "notation/pgn_writer.h"
#include "tournament/berger.h"
#include "tournament/crosstable.h"
#include "tournament/dutch.h"
#include "tournament/event.h"
#include "tournament/standings.h"
#include "tournament/trf.h"
#include "tournament_command.h"

namespace tabiya::cli {

namespace tt = tabiya::tournament;

Result<EngineEventKind> parse_engine_event_kind(const std::string& text) {
  if (text == "round-robin") return EngineEventKind::round_robin;
  if (text == "gauntlet") return EngineEventKind::gauntlet;
  if (text == "swiss") return EngineEventKind::swiss;
  return fail("--tournament \"" + text + "\": expected round-robin, gauntlet or swiss");
}

namespace {

class EngineEvent {
 public:
  EngineEvent(const EngineEventSettings& s, std::ostream& out, std::ostream& err) : s_(s), out_(out), err_(err) {}

  int run() {
    const int n = static_cast<int>(s_.engines.size());
    if (n < 2) return err_ << "tabiya match --tournament: needs at least two engines\n", 1;
    if (s_.trf_path.empty()) return err_ << "tabiya match --tournament: --trf FILE is required\n", 1;
    for (int i = 0; i < n; ++i) {
      tt::Player p;
      p.number = i + 1;
      p.name = s_.engines[static_cast<size_t>(i)].name.substr(0, 33);
      t_.players.push_back(p);
    }
    t_.set_header("012", s_.event);
    settings_.system_declared = s_.kind != EngineEventKind::gauntlet;
    settings_.system = s_.kind == EngineEventKind::swiss ? tt::PairingSystem::swiss_dutch
                       : s_.cycles == 2                  ? tt::PairingSystem::double_round_robin
                                                         : tt::PairingSystem::round_robin;
    if (s_.kind == EngineEventKind::round_robin && s_.cycles > 2) {
      return err_ << "tabiya match --tournament round-robin: --cycles is 1 or 2\n", 1;
    }
    if (!s_.pgn_path.empty()) {
      pgn_.open(s_.pgn_path, std::ios::out | std::ios::trunc);
      if (!pgn_) return err_ << "cannot write PGN file " << s_.pgn_path << '\n', 1;
    }
    Result<bool> played = true;
    if (s_.kind == EngineEventKind::swiss) {
      played = swiss();
    } else {
      played = scheduled(schedule());
    }
    if (!played) return err_ << "tabiya match --tournament: " << played.error().message << '\n', 1;
    auto standings = tt::compute_standings(t_, settings_);
    if (!standings) return err_ << standings.error().message << '\n', 1;
    out_ << '\n' << tt::format_standings(t_, *standings) << '\n' << tt::format_crosstable(t_, settings_, *standings);
    return 0;
  }

 private:
  std::vector<tt::TableRound> schedule() const {
    const int n = static_cast<int>(s_.engines.size());
    if (s_.kind == EngineEventKind::round_robin) return tt::round_robin_schedule(n, settings_.cycles());
    // Gauntlet: engine 1 against 2, 3, ... in turn, colours alternating,
    // `cycles` games against each.
    std::vector<tt::TableRound> rounds;
    for (int c = 0; c < std::max(1, s_.cycles); ++c)
      for (int o = 2; o <= n; ++o) rounds.push_back({c % 2 == 0 ? tt::TableGame{1, o} : tt::TableGame{o, 1}});
    return rounds;
  }

  Result<bool> scheduled(const std::vector<tt::TableRound>& rounds) {
    const int n = static_cast<int>(s_.engines.size());
    t_.total_rounds = static_cast<int>(rounds.size());
    for (tt::Player& p : t_.players) p.rounds.assign(rounds.size(), tt::RoundEntry{});
    for (size_t r = 0; r < rounds.size(); ++r) {
      for (const tt::TableGame& g : rounds[r]) {
        if (g.white > n || g.black > n) {
          const int idle = g.white > n ? g.black : g.white;
          t_.players[static_cast<size_t>(idle - 1)].rounds[r] = {0, tt::Colour::none, '-'};
          continue;
        }
        t_.players[static_cast<size_t>(g.white - 1)].rounds[r] = {g.black, tt::Colour::white, ' '};
        t_.players[static_cast<size_t>(g.black - 1)].rounds[r] = {g.white, tt::Colour::black, ' '};
      }
    }
    if (auto saved = save(); !saved) return saved;
    for (size_t r = 0; r < rounds.size(); ++r)
      for (const tt::TableGame& g : rounds[r])
        if (g.white <= n && g.black <= n)
          if (auto done = play(static_cast<int>(r) + 1, g.white, g.black); !done) return done;
    return true;
  }

  Result<bool> swiss() {
    const int n = static_cast<int>(s_.engines.size());
    int rounds = s_.rounds;
    if (rounds <= 0) rounds = static_cast<int>(std::ceil(std::log2(n))) + 2;
    rounds = std::min(rounds, n % 2 == 0 ? n - 1 : n);
    t_.total_rounds = rounds;
    for (int r = 1; r <= rounds; ++r) {
      auto pairing = tt::pair_dutch(t_, r);
      if (!pairing) return fail("round " + std::to_string(r) + ": " + pairing.error().message);
      tt::apply_pairing(t_, *pairing);
      if (auto saved = save(); !saved) return saved;
      for (const tt::Board& b : pairing->boards)
        if (auto done = play(r, b.white, b.black); !done) return done;
    }
    return true;
  }

  Result<bool> play(int round, int white, int black) {
    const EngineSpec& ws = s_.engines[static_cast<size_t>(white - 1)];
    const EngineSpec& bs = s_.engines[static_cast<size_t>(black - 1)];
    const Position& start = s_.openings.empty() ? startpos_ : s_.openings[games_ % s_.openings.size()].position;
    ++games_;
    GameOptions options;
    options.rules = s_.game.rules;
    options.time_control = s_.game.time_control;
    PlayedGame played{Game(start, options), {}, {}, "", {false, false}};
    auto we = Engine::start(ws);
    auto be = Engine::start(bs);
    if (we && be) {
      Engine* by_colour[COLOR_NB] = {we->get(), be->get()};
      played = play_game(by_colour, start, s_.game);
    } else {
      // An engine that does not start loses by default.
      played.note = !we ? we.error().message : be.error().message;
      (void)played.game.forfeit(!we && !be ? std::nullopt : std::optional<Color>(!we ? WHITE : BLACK));
    }
    for (auto* e : {&we, &be})
      if (*e) (**e)->quit();
    const Outcome& outcome = *played.game.outcome();
    char wr = '=', br = '=';
    switch (outcome.score) {
      case Score::WHITE_WINS:
        wr = '1', br = '0';
        break;
      case Score::BLACK_WINS:
        wr = '0', br = '1';
        break;
      case Score::WHITE_FORFEIT_WIN:
        wr = '+', br = '-';
        break;
      case Score::BLACK_FORFEIT_WIN:
        wr = '-', br = '+';
        break;
      case Score::DOUBLE_FORFEIT:
      case Score::NO_RESULT:  // engine games are never aborted
        wr = '-', br = '-';
        break;
      case Score::BOTH_LOSE:
        wr = '0', br = '0';
        break;
      case Score::WHITE_HALF:
        wr = '=', br = '0';
        break;
      case Score::BLACK_HALF:
        wr = '0', br = '=';
        break;
      case Score::DRAW:
        break;
    }
    t_.players[static_cast<size_t>(white - 1)].rounds[static_cast<size_t>(round - 1)].result = wr;
    t_.players[static_cast<size_t>(black - 1)].rounds[static_cast<size_t>(round - 1)].result = br;
    if (pgn_.is_open()) {
      PgnTags tags;
      tags.set("Event", s_.event);
      tags.set("Site", "tabiya");
      tags.set("Round", std::to_string(round));
      tags.set("White", ws.name);
      tags.set("Black", bs.name);
      if (auto text = write_pgn(played_game_to_pgn(played, tags))) pgn_ << *text << '\n' << std::flush;
    }
    out_ << "Round " << round << ": " << ws.name << " - " << bs.name << " " << score_text(outcome.score) << " ("
         << termination_name(outcome.termination) << ")";
    if (!played.note.empty()) out_ << " [" << played.note << "]";
    out_ << '\n' << std::flush;
    return save();
  }

  Result<bool> save() {
    tt::write_event_settings(t_, settings_);
    for (tt::Player& p : t_.players) p.points = t_.score_after(p, static_cast<int>(p.rounds.size()));
    return tt::write_trf_file(t_, s_.trf_path);
  }

  const EngineEventSettings& s_;
  std::ostream& out_;
  std::ostream& err_;
  tt::Tournament t_;
  tt::EventSettings settings_;
  std::ofstream pgn_;
  Position startpos_ = Position::startpos();
  size_t games_ = 0;
};

}  // namespace

int run_engine_event(const EngineEventSettings& settings, std::ostream& out, std::ostream& err) {
  return EngineEvent(settings, out, err).run();
}

}  // namespace tabiya::cli
