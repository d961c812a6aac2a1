// What a takeback costs in the locked-pawn ending of the takeback attack
// (8/p7/P7/P5kB/8/8/4K3/8 w, hot seat, casual, no clock), where every
// position needs a real dead-position proof (Art. 5.2.2, FIDE Laws 2018):
//   BM_TakebackReplayFromStart/N  the old takeback: a fresh Game replaying the
//                                 N-1 kept moves, proving every position again
//                                 (the baseline: 58 ms at 20, 1.26 s at 140)
//   BM_Takeback/N                 LiveGame::takeback_accept at ply N now
//                                 (offer + accept; the move is played again untimed);
//                                 counter "searches" = dead-position searches per takeback,
//                                 "kept_verdicts" = entries in the game's cache
//   BM_TakebackAndMoveAgain/N     the attack's loop: offer, accept, the same move again
//   BM_MoveInLockedEnding         one new move in the ending (a new position to prove),
//                                 plies 1..140 in turn
//   BM_TakebackLongGame/N         offer + accept at ply N (20 to 2,000) of a casual game
//                                 without clock from the initial position: the cost must
//                                 not grow with N (the game is rewound, not replayed)
//   BM_TakebackWithClock/N        BM_Takeback with a 90+30 clock: the clock returns to
//                                 its kept reading, nothing is replayed (it was
//                                 replayed from the start, growing with N)
//   BM_TakebackLongGameWithClock/N  the same with a clock: rewound too, flat in N
#include <benchmark/benchmark.h>

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "laws/game.h"
#include "laws/time_control.h"
#include "play/live_game.h"

namespace {

using namespace tabiya;

constexpr std::string_view LOCKED_ENDING = "8/p7/P7/P5kB/8/8/4K3/8 w - - 0 1";
constexpr int LONGEST = 140;

// King and bishop moves, each to a position not seen before: a depth-first
// search (generation order, so always the same line) for LONGEST such moves.
bool extend(Position& pos, std::set<Key>& seen, std::vector<Move>& line) {
  if (line.size() == LONGEST) return true;
  for (Move m : legal_moves(pos)) {
    if (pos.is_capture(m) || pos.moved_piece_type(m) == PAWN) continue;
    Position next = pos;
    UndoInfo undo;
    next.do_move(m, undo);
    if (seen.contains(next.key()) || legal_moves(next).size() == 0) continue;
    seen.insert(next.key());
    line.push_back(m);
    if (extend(next, seen, line)) return true;
    line.pop_back();  // a dead end: the position stays marked, it leads nowhere new
  }
  return false;
}

const std::vector<Move>& shuffle() {
  static const std::vector<Move> moves = [] {
    std::vector<Move> line;
    Position pos = *parse_fen(LOCKED_ENDING);
    std::set<Key> seen{pos.key()};
    if (!extend(pos, seen, line)) throw std::runtime_error("the shuffle ran out of new positions");
    return line;
  }();
  return moves;
}

std::unique_ptr<play::LiveGame> played_to(int plies, bool clock = false) {
  play::StartOptions o;
  o.start = *parse_fen(LOCKED_ENDING);
  if (clock) o.time_control = parse_pgn_time_control("5400+30").value();
  auto live = std::move(play::LiveGame::create(o, std::make_shared<ManualTimeSource>()).value());
  (void)live->start();
  for (int i = 0; i < plies; ++i) {
    const Move m = shuffle()[std::size_t(i)];
    if (!live->move(live->turn(), to_uci(m, live->game().position())))
      throw std::runtime_error("shuffle move refused at ply " + std::to_string(i));
  }
  return live;
}

// A game of `plies` moves from the initial position that no rule ends: each move goes to a position not seen
// before (no repetition) and gives no check (no forced reply); a piece move while the fifty-move count is low, a
// pawn move once it reaches 80 plies, a capture only when nothing else is left. The first such move in
// generation order: always the same game.
const std::vector<Move>& long_game(int plies) {
  static std::vector<Move> line;
  if (int(line.size()) >= plies) return line;
  Position pos = Position::startpos();
  std::set<Key> seen{pos.key()};
  line.clear();
  while (int(line.size()) < plies) {
    const bool pawn_due = pos.halfmove_clock() >= 80;
    std::optional<Move> chosen;
    for (int pass = 0; pass < 3 && !chosen; ++pass) {
      for (Move m : legal_moves(pos)) {
        if (pass < 2 && pos.is_capture(m)) continue;
        if (pass == 0 && (pos.moved_piece_type(m) == PAWN) != pawn_due) continue;
        Position next = pos;
        UndoInfo undo;
        next.do_move(m, undo);
        if (seen.contains(next.key()) || legal_moves(next).size() == 0) continue;
        if (pass < 2 && next.in_check()) continue;
        chosen = m;
        break;
      }
    }
    if (!chosen) throw std::runtime_error("the long game ran out of moves at ply " + std::to_string(line.size()));
    UndoInfo undo;
    pos.do_move(*chosen, undo);
    seen.insert(pos.key());
    line.push_back(*chosen);
  }
  return line;
}

void take_back_one(play::LiveGame& live) {
  const Color asker = ~live.turn();
  if (!live.takeback_offer(asker) || !live.takeback_accept(~asker)) throw std::runtime_error("takeback refused");
}

void BM_TakebackReplayFromStart(benchmark::State& state) {
  const int plies = int(state.range(0));
  const Position start = *parse_fen(LOCKED_ENDING);
  for (auto _ : state) {
    Game game(start);
    for (int i = 0; i + 1 < plies; ++i) (void)game.play(shuffle()[std::size_t(i)]);
    benchmark::DoNotOptimize(game.is_over());
  }
}
BENCHMARK(BM_TakebackReplayFromStart)->Arg(20)->Arg(140)->Unit(benchmark::kMillisecond)->Iterations(3);

void takeback_in_locked_ending(benchmark::State& state, bool clock) {
  const int plies = int(state.range(0));
  auto live = played_to(plies, clock);
  const uint64_t searches = live->dead_positions().searches();
  for (auto _ : state) {
    take_back_one(*live);
    state.PauseTiming();
    const Move m = shuffle()[std::size_t(plies - 1)];
    (void)live->move(live->turn(), to_uci(m, live->game().position()));
    state.ResumeTiming();
  }
  state.counters["searches"] =
      benchmark::Counter(double(live->dead_positions().searches() - searches), benchmark::Counter::kAvgIterations);
  state.counters["kept_verdicts"] = double(live->dead_positions().size());
}
void BM_Takeback(benchmark::State& state) { takeback_in_locked_ending(state, false); }
void BM_TakebackWithClock(benchmark::State& state) { takeback_in_locked_ending(state, true); }
BENCHMARK(BM_Takeback)->Arg(20)->Arg(140)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TakebackWithClock)->Arg(20)->Arg(140)->Unit(benchmark::kMicrosecond);

void BM_TakebackAndMoveAgain(benchmark::State& state) {
  const int plies = int(state.range(0));
  auto live = played_to(plies);
  for (auto _ : state) {
    take_back_one(*live);
    const Move m = shuffle()[std::size_t(plies - 1)];
    (void)live->move(live->turn(), to_uci(m, live->game().position()));
  }
}
BENCHMARK(BM_TakebackAndMoveAgain)->Arg(20)->Arg(140)->Unit(benchmark::kMicrosecond);

void BM_MoveInLockedEnding(benchmark::State& state) {
  std::unique_ptr<play::LiveGame> live;
  for (auto _ : state) {
    if (!live || live->game().moves().size() == LONGEST) {
      state.PauseTiming();
      live = played_to(0);
      state.ResumeTiming();
    }
    const Move m = shuffle()[live->game().moves().size()];
    (void)live->move(live->turn(), to_uci(m, live->game().position()));
  }
}
BENCHMARK(BM_MoveInLockedEnding)->Unit(benchmark::kMillisecond);

// `clock`: a casual game with a 90+30 clock, rewound as well (its clock to the kept reading): flat in the length.
void takeback_in_long_game(benchmark::State& state, bool clock) {
  const int plies = int(state.range(0));
  const std::vector<Move>& line = long_game(plies);
  play::StartOptions o;
  if (clock) o.time_control = parse_pgn_time_control("5400+30").value();
  auto live = std::move(play::LiveGame::create(o, std::make_shared<ManualTimeSource>()).value());
  (void)live->start();
  for (int i = 0; i < plies; ++i)
    if (!live->move(live->turn(), to_uci(line[std::size_t(i)], live->game().position())))
      throw std::runtime_error("long game move refused at ply " + std::to_string(i));
  for (auto _ : state) {
    take_back_one(*live);
    state.PauseTiming();
    const Move m = line[std::size_t(plies - 1)];
    (void)live->move(live->turn(), to_uci(m, live->game().position()));
    state.ResumeTiming();
  }
}
void BM_TakebackLongGame(benchmark::State& state) { takeback_in_long_game(state, false); }
void BM_TakebackLongGameWithClock(benchmark::State& state) { takeback_in_long_game(state, true); }
BENCHMARK(BM_TakebackLongGame)->Arg(20)->Arg(140)->Arg(200)->Arg(2000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_TakebackLongGameWithClock)->Arg(20)->Arg(140)->Arg(200)->Arg(2000)->Unit(benchmark::kMicrosecond);

}  // namespace
