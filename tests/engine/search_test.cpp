// The robot's search through the Engine API: mates with exact distances,
// draws by the rules (FIDE Art. 9.2, 9.3, 5.2.b), stop, limits and legality.
#include "engine/search.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/movegen.h"
#include "engine/bench.h"
#include "engine_test_support.h"

namespace tabiya::engine {
namespace {

using test::fen;

SearchResult search_depth(const Position& pos, int depth, EngineOptions options = {}) {
  Engine engine(options);
  engine.set_position(pos, {});
  SearchLimits limits;
  limits.depth = depth;
  return engine.search(limits);
}

TEST(Search, FindsMateInOneWithItsScore) {
  const Position pos = fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
  const SearchResult r = search_depth(pos, 4);
  EXPECT_EQ(r.best, Move(SQ_D1, SQ_D8));
  EXPECT_EQ(r.score, VALUE_MATE - 1);
  EXPECT_EQ(mate_in_moves(r.score), 1);
}

TEST(Search, FindsMateInTwoWithItsScore) {
  // Legal's mate pattern: 1. Nf6+ gxf6 2. Bxf7#.
  const Position pos = fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
  const SearchResult r = search_depth(pos, 6);
  EXPECT_EQ(r.best, Move(SQ_D5, SQ_F6));
  EXPECT_EQ(r.score, VALUE_MATE - 3);
  EXPECT_EQ(mate_in_moves(r.score), 2);
}

TEST(Search, FindsMateInThreeWithItsScore) {
  const Position pos = fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
  const SearchResult r = search_depth(pos, 8);
  EXPECT_EQ(r.best, Move(SQ_F6, SQ_A6));
  EXPECT_EQ(mate_in_moves(r.score), 3);
}

TEST(Search, ReportsBeingMatedWithANegativeMateScore) {
  // Black's only move is ...Kg8, and Ra8 mates.
  const Position pos = fen("7k/8/6K1/8/8/8/8/R7 b - - 0 1");
  const SearchResult r = search_depth(pos, 5);
  EXPECT_TRUE(is_mate_score(r.score));
  EXPECT_EQ(mate_in_moves(r.score), -1);
}

TEST(Search, AvoidsStalemateWhenWinning) {
  // Qb6?? stalemates (FIDE 2014 Art. 5.2.a: the game is drawn); Qb7 mates.
  for (const char* text : {"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"}) {
    const Position pos = fen(text);
    const SearchResult r = search_depth(pos, 6);
    Position after = pos;
    UndoInfo undo;
    after.do_move(r.best, undo);
    EXPECT_FALSE(is_stalemate(after)) << text;
    EXPECT_GT(r.score, 0) << text;
  }
}

TEST(Search, PerpetualCheckScoresAsADraw) {
  // White is a rook down but checks for ever: Qd8+ Kh7 Qh4+ Kg8 Qd8+ ...
  // (FIDE 2014 Art. 9.2: repetition of position).
  const Position pos = fen("6k1/5pp1/8/5P2/8/2r5/1r6/3Q3K w - - 0 1");
  const SearchResult r = search_depth(pos, 8);
  EXPECT_EQ(r.score, 0);
}

TEST(Search, RepetitionOfAGamePositionCounts) {
  // 1. Ra4 Kg8 2. Ra3: Black, lost (K v K+R), can bring back the start
  // position with ...Kh8. The search sees the game's earlier positions and
  // scores the repetition as a draw (FIDE 2014 Art. 9.2); without the
  // history the same position is simply lost.
  const Position start = fen("7k/8/8/8/8/R7/8/4K3 w - - 0 1");
  const std::vector<Move> moves = {Move(SQ_A3, SQ_A4), Move(SQ_H8, SQ_G8), Move(SQ_A4, SQ_A3)};
  SearchLimits limits;
  limits.depth = 5;
  Engine with_history;
  with_history.set_position(start, moves);
  const SearchResult r = with_history.search(limits);
  EXPECT_EQ(r.best, Move(SQ_G8, SQ_H8));
  EXPECT_EQ(r.score, 0);
  Engine without_history;
  without_history.set_position(with_history.position(), {});
  EXPECT_LT(without_history.search(limits).score, -300);
}

TEST(Search, FiftyMoveRuleScoresAsADraw) {
  // FIDE 2014 Art. 9.3: fifty moves without capture or pawn move. K+R v K is
  // won, but at half-move 99 every move except a capture ends the count.
  const Position fresh = fen("8/8/8/4k3/8/8/R7/4K3 w - - 0 80");
  const Position late = fen("8/8/8/4k3/8/8/R7/4K3 w - - 99 80");
  EXPECT_GT(search_depth(fresh, 6).score, 300);
  EXPECT_EQ(search_depth(late, 6).score, 0);
}

TEST(Search, InsufficientMaterialScoresAsADraw) {
  // FIDE 2014 Art. 5.2.b: K+B v K, no mate possible: dead position.
  const Position pos = fen("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1");
  EXPECT_EQ(search_depth(pos, 6).score, 0);
}

TEST(Search, ReturnsALegalMoveAtEveryDepthFromManyPositions) {
  std::vector<std::string_view> fens(bench_positions().begin(), bench_positions().end());
  fens.push_back("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
  fens.push_back("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8");
  fens.push_back("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  fens.push_back("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  for (std::string_view text : fens) {
    const Position pos = fen(text);
    for (int depth : {1, 2, 5}) {
      const SearchResult r = search_depth(pos, depth);
      EXPECT_TRUE(legal_moves(pos).contains(r.best)) << text << " depth " << depth;
      EXPECT_EQ(r.depth, depth) << text;
      ASSERT_FALSE(r.pv.empty());
      EXPECT_EQ(r.pv[0], r.best);
      // The principal variation is a legal line.
      Position line = pos;
      UndoInfo undo;
      for (Move m : r.pv) {
        ASSERT_TRUE(legal_moves(line).contains(m)) << text;
        line.do_move(m, undo);
      }
    }
  }
}

TEST(Search, NoLegalMoveGivesNoMove) {
  const SearchResult r = search_depth(fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), 3);
  EXPECT_TRUE(r.best.is_ok());
  const SearchResult mated = search_depth(fen("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1"), 3);
  EXPECT_FALSE(mated.best.is_ok());
}

TEST(Search, StopEndsAnInfiniteSearchWithALegalMove) {
  Engine engine;
  const Position pos = fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
  engine.set_position(pos, {});
  for (int pause_ms : {0, 1, 30}) {
    SearchLimits limits;
    limits.infinite = true;
    SearchResult result;
    bool done = false;
    engine.start(limits, {}, [&](const SearchResult& r) {
      result = r;
      done = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    EXPECT_TRUE(engine.searching());
    engine.stop();
    engine.wait();
    EXPECT_TRUE(done);
    EXPECT_FALSE(engine.searching());
    EXPECT_TRUE(legal_moves(pos).contains(result.best)) << pause_ms;
  }
}

TEST(Search, InfiniteSearchWaitsForStopEvenWhenDone) {
  // Only one legal move and a depth limit: the search ends at once, but an
  // infinite search must not report before stop (UCI).
  Engine engine;
  engine.set_position(fen("7k/8/8/8/8/8/6q1/7K w - - 0 1"), {});
  SearchLimits limits;
  limits.infinite = true;
  limits.depth = 2;
  // The search reports its last depth, then must wait for stop: wait for that report, then look.
  std::mutex mutex;
  std::condition_variable changed;
  int depth = 0;
  bool done = false;
  engine.start(
      limits,
      [&](const SearchInfo& info) {
        {
          std::lock_guard lock(mutex);
          depth = std::max(depth, info.depth);
        }
        changed.notify_all();
      },
      [&](const SearchResult&) {
        {
          std::lock_guard lock(mutex);
          done = true;
        }
        changed.notify_all();
      });
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(60), [&] { return depth >= 2 || done; }));
    EXPECT_EQ(depth, 2);
    EXPECT_FALSE(done);
  }
  EXPECT_TRUE(engine.searching());
  engine.stop();
  engine.wait();
  std::lock_guard lock(mutex);
  EXPECT_TRUE(done);
}

TEST(Search, NodeLimitIsDeterministicWithOneThread) {
  const Position pos = fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
  SearchLimits limits;
  limits.nodes = 20000;
  Engine a, b;
  a.set_position(pos, {});
  b.set_position(pos, {});
  const SearchResult ra = a.search(limits), rb = b.search(limits);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.nodes, 20000u);
}

TEST(Search, SeveralThreadsFindTheMateToo) {
  EngineOptions options;
  options.threads = 3;
  const SearchResult r = search_depth(fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1"), 8, options);
  EXPECT_EQ(r.best, Move(SQ_F6, SQ_A6));
  EXPECT_EQ(mate_in_moves(r.score), 3);
}

TEST(Search, MultiPvReportsDistinctLinesInOrder) {
  EngineOptions options;
  options.multipv = 3;
  Engine engine(options);
  engine.set_position(Position::startpos(), {});
  SearchLimits limits;
  limits.depth = 5;
  std::vector<SearchInfo> last(3);
  engine.search(limits, [&](const SearchInfo& info) { last[std::size_t(info.multipv - 1)] = info; });
  EXPECT_EQ(last[0].depth, 5);
  EXPECT_EQ(last[2].depth, 5);
  EXPECT_NE(last[0].pv[0], last[1].pv[0]);
  EXPECT_NE(last[1].pv[0], last[2].pv[0]);
  EXPECT_GE(last[0].score, last[1].score);
  EXPECT_GE(last[1].score, last[2].score);
}

TEST(Bench, NodeCountIsASignature) {
  const BenchResult first = run_bench(5), second = run_bench(5);
  EXPECT_GT(first.nodes, 1000u);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_LT(run_bench(4).nodes, first.nodes);
}

}  // namespace
}  // namespace tabiya::engine
