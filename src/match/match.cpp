#include "match/match.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "laws/game_record.h"
#include "notation/pgn_writer.h"

namespace tabiya {

namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// The first engine's points (0, 0.5, 1) in a finished game.
double first_engine_points(const Outcome& outcome, bool first_is_white) {
  Points p = points(outcome.score);
  double white = double(p.white) / p.scale, black = double(p.black) / p.scale;
  // Forfeits count as plain wins and losses.
  if (outcome.score == Score::WHITE_FORFEIT_WIN) white = 1, black = 0;
  if (outcome.score == Score::BLACK_FORFEIT_WIN) white = 0, black = 1;
  return first_is_white ? white : black;
}

constexpr int SPRT_MIN_GAMES = 8;

// The PGN Date tag value for today (UTC): "2026.11.21".
std::string today() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
  return text;
}

class MatchRun {
 public:
  MatchRun(const MatchSettings& settings, std::ostream& out) : s_(settings), out_(out) {
    order_.resize(std::max<std::size_t>(1, s_.openings.size()));
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    if (s_.shuffle_seed) std::shuffle(order_.begin(), order_.end(), std::mt19937_64(*s_.shuffle_seed));
    points_.resize(std::size_t(s_.games));
  }

  Result<MatchSummary> run() {
    // Both engines must start at all before games are scheduled.
    for (const EngineSpec& spec : s_.engines) {
      auto engine = Engine::start(spec);
      if (!engine) return fail(engine.error().message);
      (*engine)->quit();
    }
    if (!s_.pgn_path.empty()) {
      pgn_.open(s_.pgn_path, std::ios::out | std::ios::trunc);
      if (!pgn_) return fail("cannot write PGN file " + s_.pgn_path);
    }
    int workers = std::clamp(s_.concurrency, 1, std::max(1, s_.games));
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w) threads.emplace_back([this] { work(); });
    for (std::thread& t : threads) t.join();
    print_summary();
    return summary_;
  }

 private:
  // The next game to play, or -1 when done (all scheduled, or SPRT decided).
  int next_game() {
    std::lock_guard lock(mutex_);
    if (stop_ || next_ >= s_.games) return -1;
    return next_++;
  }

  void work() {
    std::unique_ptr<Engine> engines[2];  // by index in settings.engines
    for (int index; (index = next_game()) >= 0;) {
      bool first_white = index % 2 == 0;
      const Position& start =
          s_.openings.empty() ? startpos_ : s_.openings[order_[std::size_t(index / 2) % order_.size()]].position;
      std::string startup_failure;
      Color failed_colour = WHITE;
      for (int e = 0; e < 2; ++e) {
        if (engines[e] && engines[e]->running()) continue;
        auto started = Engine::start(s_.engines[e]);
        if (started) {
          engines[e] = std::move(*started);
        } else {
          engines[e].reset();
          startup_failure = started.error().message;
          failed_colour = (e == 0) == first_white ? WHITE : BLACK;
        }
      }
      GameOptions options;
      options.rules = s_.game.rules;
      options.time_control = s_.game.time_control;
      PlayedGame played{Game(start, options), {}, {}, "", {false, false}};
      if (startup_failure.empty()) {
        Engine* by_colour[COLOR_NB] = {engines[first_white ? 0 : 1].get(), engines[first_white ? 1 : 0].get()};
        played = play_game(by_colour, start, s_.game);
        for (Color c : {WHITE, BLACK}) {
          int e = (c == WHITE) == first_white ? 0 : 1;
          if (played.restart[c] && engines[e]) {
            engines[e]->kill();
            engines[e].reset();
          }
        }
      } else {
        // It could not be restarted: the game is lost by default.
        played.note = startup_failure;
        (void)played.game.forfeit(failed_colour);
      }
      record(index, played, first_white);
    }
    for (auto& e : engines)
      if (e) e->quit();
  }

  void record(int index, const PlayedGame& played, bool first_white) {
    std::lock_guard lock(mutex_);
    const Outcome& outcome = *played.game.outcome();
    double p = first_engine_points(outcome, first_white);
    points_[std::size_t(index)] = p;
    WdlCounts& wdl = summary_.wdl;
    (p == 1 ? wdl.wins : p == 0 ? wdl.losses : wdl.draws)++;
    ++summary_.games_played;
    int pair = index / 2, other = index ^ 1;
    if (other < s_.games && points_[std::size_t(other)]) {
      double pair_points = p + *points_[std::size_t(other)];
      summary_.pentanomial.pairs[std::size_t(std::lround(pair_points * 2))]++;
    }
    if (!played.note.empty()) summary_.failures.push_back("game " + std::to_string(index + 1) + ": " + played.note);

    const std::string& white = s_.engines[first_white ? 0 : 1].name;
    const std::string& black = s_.engines[first_white ? 1 : 0].name;
    if (pgn_.is_open()) {
      PgnTags tags;
      tags.set("Event", s_.event);
      tags.set("Site", "tabiya");
      tags.set("Date", date_);
      tags.set("Round", std::to_string(index + 1));
      tags.set("White", white);
      tags.set("Black", black);
      if (!s_.openings.empty()) {
        const Opening& o = s_.openings[order_[std::size_t(pair) % order_.size()]];
        if (!o.name.empty()) tags.set("Opening", o.name);
      }
      auto text = write_pgn(played_game_to_pgn(played, tags));
      if (text) pgn_ << *text << '\n' << std::flush;
    }
    out_ << "Game " << index + 1 << "/" << s_.games << " " << white << " vs " << black << ": "
         << score_text(outcome.score) << " (" << termination_name(outcome.termination) << ")";
    if (!played.note.empty()) out_ << " [" << played.note << "]";
    out_ << " | " << s_.engines[0].name << " - " << s_.engines[1].name << ": " << wdl.wins << " - " << wdl.losses
         << " - " << wdl.draws << " [" << fixed((wdl.wins + wdl.draws / 2.0) / wdl.games(), 3) << "] | "
         << format_elo(trinomial_elo(wdl));
    if (s_.sprt) {
      SprtState st = sprt_state(current_llr(), *s_.sprt);
      summary_.sprt = st;
      out_ << " | LLR " << fixed(st.llr, 2) << " (" << fixed(st.lower, 2) << ", " << fixed(st.upper, 2) << ")";
      // The normal approximation is poor on a handful of games (one win
      // already crosses the bounds), so the test may stop only from
      // SPRT_MIN_GAMES on.
      if (st.decision != SprtDecision::CONTINUE && summary_.games_played >= SPRT_MIN_GAMES) stop_ = true;
    }
    out_ << '\n' << std::flush;
  }

  // Pentanomial once pairs exist (the opening bias cancels), trinomial before.
  double current_llr() const {
    if (summary_.pentanomial.total() > 0) return sprt_llr(summary_.pentanomial, s_.sprt->elo0, s_.sprt->elo1);
    return sprt_llr(summary_.wdl, s_.sprt->elo0, s_.sprt->elo1);
  }

  void print_summary() {
    const WdlCounts& wdl = summary_.wdl;
    out_ << "\nFinished: " << summary_.games_played << " games, " << s_.engines[0].name << " vs " << s_.engines[1].name
         << "\n";
    if (wdl.games() > 0)
      out_ << "Score: " << wdl.wins << " wins, " << wdl.draws << " draws, " << wdl.losses << " losses, "
           << fixed(wdl.wins + wdl.draws / 2.0, 1) << "/" << wdl.games() << " ["
           << fixed((wdl.wins + wdl.draws / 2.0) / wdl.games(), 3) << "]\n";
    out_ << "Trinomial:   " << format_elo(trinomial_elo(wdl)) << "\n";
    const auto& p = summary_.pentanomial.pairs;
    if (summary_.pentanomial.total() > 0)
      out_ << "Pentanomial: " << format_elo(pentanomial_elo(summary_.pentanomial)) << " (pairs 0:" << p[0]
           << " 1/2:" << p[1] << " 1:" << p[2] << " 3/2:" << p[3] << " 2:" << p[4] << ")\n";
    if (summary_.sprt) {
      const SprtState& st = *summary_.sprt;
      out_ << "SPRT elo0=" << fixed(s_.sprt->elo0, 1) << " elo1=" << fixed(s_.sprt->elo1, 1) << ": LLR "
           << fixed(st.llr, 2) << " (" << fixed(st.lower, 2) << ", " << fixed(st.upper, 2) << ") "
           << (st.decision == SprtDecision::ACCEPT_H0   ? "H0 accepted"
               : st.decision == SprtDecision::ACCEPT_H1 ? "H1 accepted"
                                                        : "no decision")
           << "\n";
    }
    if (!summary_.failures.empty()) {
      out_ << "Engine failures:\n";
      for (const std::string& f : summary_.failures) out_ << "  " << f << "\n";
    }
    out_ << std::flush;
  }

  const MatchSettings& s_;
  std::ostream& out_;
  Position startpos_ = Position::startpos();
  std::vector<std::size_t> order_;
  std::mutex mutex_;
  int next_ = 0;
  bool stop_ = false;
  std::vector<std::optional<double>> points_;
  MatchSummary summary_;
  std::ofstream pgn_;
  std::string date_ = today();
};

}  // namespace

std::string format_elo(const std::optional<EloEstimate>& e) {
  if (!e) return "Elo -";
  if (!std::isfinite(e->elo)) return std::string("Elo ") + (e->elo > 0 ? "+inf" : "-inf") + " (one-sided score)";
  double elo = e->elo + 0.0;  // no "-0.0"
  std::string text = "Elo " + std::string(elo >= 0 ? "+" : "") + fixed(elo, 1) + " +/- ";
  text += std::isfinite(e->error95) ? fixed(e->error95, 1) : "inf";
  return text + ", LOS " + fixed(100 * e->los, 1) + "%";
}

Result<MatchSummary> run_match(const MatchSettings& settings, std::ostream& out) {
  if (settings.games < 1) return fail("the number of games must be at least 1");
  if (!settings.game.time_control.has_clock()) return fail("a match needs a time control with a clock");
  MatchRun run(settings, out);
  return run.run();
}

}  // namespace tabiya
