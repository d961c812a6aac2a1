// The work cap of a dead-position answer (laws/work_cap.h): a
// server's network thread asks with a cap and hands the move to a game thread
// when it is reached. Below the cap the answer must be exactly the uncapped
// one (verdict, mating line, positions searched), and a trial that stays
// within it must leave the monitor and its cache exactly as an uncapped
// after_move() does: never a weaker or a different verdict.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "laws/dead_position.h"
#include "laws/game.h"
#include "notation/uci_reader.h"

namespace tabiya {
namespace {

std::string trimmed(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The FENs of a "FEN | white | black | note" file of tests/data/dead.
std::vector<std::string> fens_of(const std::string& name) {
  std::ifstream in(std::string(TABIYA_TEST_DATA) + "/dead/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::vector<std::string> out;
  for (std::string text; std::getline(in, text);) {
    if (trimmed(text).empty() || trimmed(text)[0] == '#') continue;
    out.push_back(trimmed(text.substr(0, text.find('|'))));
  }
  return out;
}

void expect_same(const DeadPositionResult& capped, const DeadPositionResult& full, const std::string& fen) {
  EXPECT_EQ(capped.verdict, full.verdict) << fen;
  EXPECT_EQ(capped.mating_side, full.mating_side) << fen;
  EXPECT_EQ(capped.mating_line, full.mating_line) << fen;
  EXPECT_EQ(capped.nodes, full.nodes) << fen;
}

// A tenth of the default budget, as dead_position_hard_test.cpp: seconds, not minutes.
const WinnabilityLimits LIMITS{20'000};

TEST(DeadPositionCap, BelowTheCapTheAnswerIsTheUncappedOne) {
  // FIDE 2018 Art. 5.2.2: the cap may only withhold an answer, never change one.
  std::vector<std::string> fens = fens_of("positions.txt");
  for (const std::string& fen : fens_of("hard.txt")) fens.push_back(fen);
  ASSERT_GE(fens.size(), 400u);
  int interrupted = 0, answered_under_a_cap = 0;
  for (const std::string& text : fens) {
    Position pos = *parse_fen(text);
    DeadPositionResult full = dead_position(pos, LIMITS);
    ASSERT_FALSE(full.interrupted);
    // A cap as large as the work never stops it; smaller ones either answer the same or not at all.
    for (uint64_t steps : {full.nodes, full.nodes / 2, uint64_t{64}, uint64_t{0}}) {
      WorkCap cap{steps};
      DeadPositionResult capped = dead_position(pos, LIMITS, &cap);
      if (steps == full.nodes) {
        ASSERT_FALSE(capped.interrupted) << text;
      }
      if (capped.interrupted) {
        ++interrupted;
        EXPECT_TRUE(cap.exceeded()) << text;
        continue;
      }
      ++answered_under_a_cap;
      EXPECT_LE(cap.spent, steps) << text;
      expect_same(capped, full, text);
    }
  }
  EXPECT_GT(interrupted, 100);  // the hard set has long proofs: the cap does stop them
  EXPECT_GT(answered_under_a_cap, 1000);
}

std::vector<std::vector<Move>> stockfish_games() {
  std::filesystem::path file =
      std::filesystem::path(TABIYA_TEST_DATA) / ".." / ".." / "bench" / "data" / "game_endings.txt";
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::vector<std::vector<Move>> games;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string field; std::getline(ss, field, ';');) fields.push_back(field);
    if (fields.size() < 3) continue;
    std::vector<Move> game;
    Position replay = Position::startpos();
    std::istringstream words(fields[2]);
    for (std::string word; words >> word;) {
      auto read = move_from_uci(replay, word);
      if (!read) break;
      game.push_back(*read);
      UndoInfo undo;
      replay.do_move(*read, undo);
    }
    games.push_back(std::move(game));
  }
  return games;
}

TEST(DeadPositionCap, AMonitorTriedUnderACapOrHandedOverEndsAsOneNeverCapped) {
  // The server's path (DeadPositionReplay's 400 Stockfish games): each move first tried within a cap, and on
  // failure answered in full, as a game thread does. Verdicts, lines, searches and the cache must be those of a
  // monitor that never had a cap, after every ply.
  std::vector<std::vector<Move>> games = stockfish_games();
  ASSERT_EQ(games.size(), 400u);
  int answered_within[2] = {0, 0};
  for (uint64_t steps : {uint64_t{0}, uint64_t{512}}) {
    int& tried = answered_within[steps > 0];
    int handed_over = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
      auto plain_cache = std::make_shared<DeadPositionCache>();
      auto capped_cache = std::make_shared<DeadPositionCache>();
      DeadPositionMonitor plain({}, plain_cache), capped({}, capped_cache);
      Position pos = Position::startpos();
      ASSERT_EQ(plain.check(pos), capped.check(pos));
      for (Move m : games[g]) {
        Position after = pos;
        UndoInfo undo;
        after.do_move(m, undo);
        const DeadPositionVerdict expected = plain.after_move(pos, m, after);
        auto trial = capped.try_after_move(pos, m, after, steps);
        // A failed trial changes nothing: the cache's counters are those before it.
        if (!trial) {
          EXPECT_EQ(capped_cache->misses() + capped_cache->hits(), plain_cache->misses() + plain_cache->hits() - 1);
        }
        DeadPositionVerdict got = trial ? capped.adopt(std::move(*trial)) : capped.after_move(pos, m, after);
        ++(trial ? tried : handed_over);
        ASSERT_EQ(got, expected) << to_fen(after);
        ASSERT_EQ(capped.mating_line(), plain.mating_line()) << to_fen(after);
        ASSERT_EQ(capped.mating_side(), plain.mating_side()) << to_fen(after);
        ASSERT_EQ(capped.searches(), plain.searches());
        ASSERT_EQ(capped.repairs(), plain.repairs());
        pos = after;
      }
      EXPECT_EQ(capped_cache->size(), plain_cache->size());
      EXPECT_EQ(capped_cache->hits(), plain_cache->hits());
      EXPECT_EQ(capped_cache->misses(), plain_cache->misses());
      EXPECT_EQ(capped_cache->searches(), plain_cache->searches());
      EXPECT_EQ(capped_cache->repairs(), plain_cache->repairs());
    }
    EXPECT_GT(tried, 20000) << "steps " << steps;  // most moves carry the last proof over: no search at all
    if (steps == 0) {
      EXPECT_GT(handed_over, 100);
    }
  }
  std::printf("answered within 0 steps: %d, within 512: %d of 39378 plies\n", answered_within[0], answered_within[1]);
  // Real games: all but a few dozen of 39,378 moves are settled within the server's 512 positions.
  EXPECT_GT(answered_within[1], 39300);
  EXPECT_GT(answered_within[1], answered_within[0]);
}

// White's king takes the rook: what is left is dead (Art. 5.2.2), but only an exhaustive search of about 89,000
// positions shows it (the black king is walled in on a8, White's bishop never reaches a light square).
constexpr std::string_view BEFORE_DEAD = "k1b5/1p1p4/1P1P4/8/8/4r3/4K3/6B1 w - - 0 1";

TEST(DeadPositionCap, AMoveBeyondTheCapChangesNothingAndThenEndsTheGameInFull) {
  GameOptions options;
  options.dead_position_cache = std::make_shared<DeadPositionCache>();
  Game game(*parse_fen(BEFORE_DEAD), options);
  ASSERT_FALSE(game.is_over());
  const uint64_t searches = options.dead_position_cache->searches();
  const std::size_t kept = options.dead_position_cache->size();  // the start position's verdict
  const uint64_t lookups = options.dead_position_cache->hits() + options.dead_position_cache->misses();
  const Move take = *move_from_uci(game.position(), "e2e3");
  EXPECT_FALSE(game.prepare_move(take, 512));
  EXPECT_TRUE(game.moves().empty());
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(options.dead_position_cache->searches(), searches);
  EXPECT_EQ(options.dead_position_cache->hits() + options.dead_position_cache->misses(), lookups);
  EXPECT_EQ(options.dead_position_cache->size(), kept);
  ASSERT_TRUE(game.play(take));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->termination, Termination::DEAD_POSITION);
  EXPECT_EQ(options.dead_position_cache->searches(), searches + 1);
}

TEST(DeadPositionCap, AMovePreparedWithinTheCapIsPlayedAsIfNeverPrepared) {
  // The same moves in two games, one preparing each move first: the same record, verdicts and cache.
  GameOptions a_options, b_options;
  a_options.dead_position_cache = std::make_shared<DeadPositionCache>();
  b_options.dead_position_cache = std::make_shared<DeadPositionCache>();
  Game plain(Position::startpos(), a_options), prepared(Position::startpos(), b_options);
  int kept = 0;
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "f7f6"}) {
    const Move m = *move_from_uci(plain.position(), uci);
    kept += prepared.prepare_move(m, 512);
    ASSERT_TRUE(plain.play(m));
    ASSERT_TRUE(prepared.play(m));
    ASSERT_EQ(prepared.moves().back().san, plain.moves().back().san);
    ASSERT_EQ(prepared.is_over(), plain.is_over());
  }
  EXPECT_EQ(kept, 10);
  EXPECT_EQ(b_options.dead_position_cache->searches(), a_options.dead_position_cache->searches());
  EXPECT_EQ(b_options.dead_position_cache->repairs(), a_options.dead_position_cache->repairs());
  EXPECT_EQ(b_options.dead_position_cache->hits(), a_options.dead_position_cache->hits());
  EXPECT_EQ(b_options.dead_position_cache->misses(), a_options.dead_position_cache->misses());
  EXPECT_EQ(b_options.dead_position_cache->size(), a_options.dead_position_cache->size());
  // A prepared move not played is forgotten: another move is proved as usual.
  const Move prepared_move = *move_from_uci(prepared.position(), "d2d4");
  EXPECT_TRUE(prepared.prepare_move(prepared_move, 512));
  ASSERT_TRUE(prepared.play(*move_from_uci(prepared.position(), "d2d3")));
  ASSERT_TRUE(plain.play(*move_from_uci(plain.position(), "d2d3")));
  EXPECT_EQ(b_options.dead_position_cache->searches(), a_options.dead_position_cache->searches());
  EXPECT_EQ(prepared.position().key(), plain.position().key());
}

}  // namespace
}  // namespace tabiya
