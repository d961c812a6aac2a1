// Perft against reference counts kept in tests/data/perft/*.epd (format in the
// file headers: "<FEN> ;D1 n ;D2 n ..."). Every count there was cross-checked
// with Stockfish. Perft.* stays small enough for the sanitizer build;
// PerftDeep.* goes deeper and is filtered out there (--gtest_filter=-PerftDeep.*).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/uci_move.h"

namespace tabiya {
namespace {

// Per position, Perft.* runs every depth whose count is at most this.
constexpr uint64_t FAST_NODE_LIMIT = 500'000;
// PerftDeep.* runs the deepest depth above the fast limit with at most this many nodes.
constexpr uint64_t DEEP_NODE_LIMIT = 10'000'000;

struct PerftCase {
  std::string fen;
  std::vector<uint64_t> counts;  // counts[d - 1] is perft at depth d
  std::string where;             // file:line, for failure messages
};

std::vector<PerftCase> load_perft_file(const std::string& name) {
  const std::string path = std::string(TABIYA_TEST_DATA) + "/perft/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<PerftCase> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    PerftCase c;
    c.where = name + ":" + std::to_string(number);
    std::istringstream fields(line);
    std::string field;
    std::getline(fields, field, ';');
    c.fen = field.substr(0, field.find_last_not_of(' ') + 1);
    while (std::getline(fields, field, ';')) {
      std::istringstream item(field);
      std::string depth_tag;
      uint64_t nodes = 0;
      item >> depth_tag >> nodes;
      EXPECT_EQ(depth_tag, std::string("D").append(std::to_string(c.counts.size() + 1))) << c.where;
      c.counts.push_back(nodes);
    }
    EXPECT_FALSE(c.counts.empty()) << c.where;
    cases.push_back(c);
  }
  return cases;
}

// Runs every depth d with min_nodes < counts[d-1] <= max_nodes.
void check_perft_file(const std::string& name, std::size_t min_cases, uint64_t min_nodes, uint64_t max_nodes,
                      bool deepest_only) {
  const std::vector<PerftCase> cases = load_perft_file(name);
  ASSERT_GE(cases.size(), min_cases) << name << " lost positions";
  for (const PerftCase& c : cases) {
    auto parsed = parse_fen(c.fen);
    ASSERT_TRUE(parsed.ok()) << c.where << ": " << c.fen << ": " << parsed.error().message;
    Position pos = parsed.value();
    const std::string before = to_fen(pos);
    int last = 0;
    for (int d = 1; d <= int(c.counts.size()); ++d)
      if (c.counts[d - 1] > min_nodes && c.counts[d - 1] <= max_nodes) last = d;
    for (int d = deepest_only ? last : 1; d >= 1 && d <= last; ++d) {
      if (c.counts[d - 1] <= min_nodes) continue;
      EXPECT_EQ(perft(pos, d), c.counts[d - 1]) << c.where << ": " << c.fen << " depth " << d;
    }
    // perft must leave the position exactly as it found it.
    EXPECT_EQ(to_fen(pos), before) << c.where;
    EXPECT_EQ(pos.key(), parsed.value().key()) << c.where;
  }
}

// Standard chess (FIDE 2014 Art. 3): the Chess Programming Wiki positions.
TEST(Perft, StandardPositions) { check_perft_file("standard.epd", 7, 0, FAST_NODE_LIMIT, false); }

// Chess960 (FIDE 2014 Appendix F): castling with king and rook on any start squares.
TEST(Perft, Chess960Positions) { check_perft_file("chess960.epd", 20, 0, FAST_NODE_LIMIT, false); }

// En passant (Art. 3.7.d), promotion (Art. 3.7.e), castling (Art. 3.8.b, Appendix F.3), check (Art. 3.9).
TEST(Perft, EdgePositions) { check_perft_file("edge.epd", 30, 0, FAST_NODE_LIMIT, false); }

// Random playouts from standard and Chess960 starts: positions nobody designed.
TEST(Perft, RandomPositions) { check_perft_file("random.epd", 40, 0, FAST_NODE_LIMIT, false); }

TEST(Perft, DepthZeroCountsTheRootAndDepthOneCountsLegalMoves) {
  Position pos = Position::startpos();
  EXPECT_EQ(perft(pos, 0), 1u);
  for (const auto& fen : {std::string(START_FEN), std::string("8/8/8/K1pP3r/8/8/8/7k w - c6 0 1"),
                          std::string("K1k5/8/P7/8/8/8/8/8 w - - 0 1")}) {
    Position p = parse_fen(fen).value();
    EXPECT_EQ(perft(p, 1), uint64_t(count_legal(p))) << fen;
    EXPECT_EQ(perft(p, 1), legal_moves(p).size()) << fen;
  }
}

// A checkmated or stalemated side has no moves: every depth counts zero leaves.
TEST(Perft, NoLegalMovesGivesZero) {
  Position mate = parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").value();  // fool's mate
  EXPECT_TRUE(is_checkmate(mate));
  EXPECT_EQ(perft(mate, 1), 0u);
  EXPECT_EQ(perft(mate, 3), 0u);
  Position stalemate = parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").value();
  EXPECT_TRUE(is_stalemate(stalemate));
  EXPECT_EQ(perft(stalemate, 2), 0u);
}

// count_legal_after() skips the make/unmake; it must agree with doing the move
// and counting, for every move of every test position and of its children
// (castling, en passant, promotions and pins are all in these files).
int count_by_making(Position& pos, Move m) {
  UndoInfo undo;
  pos.do_move(m, undo);
  int n = count_legal(pos);
  pos.undo_move(m, undo);
  return n;
}

TEST(Perft, CountAfterAMoveMatchesMakingIt) {
  int checked = 0;
  for (const char* file : {"standard.epd", "chess960.epd", "edge.epd", "random.epd"})
    for (const PerftCase& c : load_perft_file(file)) {
      Position pos = parse_fen(c.fen).value();
      for (Move m : legal_moves(pos)) {
        EXPECT_EQ(count_legal_after(pos, m), count_by_making(pos, m)) << c.where << " " << to_uci(m, pos);
        UndoInfo undo;
        pos.do_move(m, undo);
        for (Move reply : legal_moves(pos)) {
          EXPECT_EQ(count_legal_after(pos, reply), count_by_making(pos, reply))
              << c.where << " " << to_uci(m, pos) << " " << to_uci(reply, pos);
          ++checked;
        }
        pos.undo_move(m, undo);
      }
    }
  EXPECT_GT(checked, 10000);
}

using Divide = std::vector<std::pair<Move, uint64_t>>;

std::map<uint16_t, uint64_t> as_map(const Divide& divide) {
  std::map<uint16_t, uint64_t> m;
  for (const auto& [move, nodes] : divide) {
    EXPECT_EQ(m.count(move.raw()), 0u) << "root move listed twice";
    m[move.raw()] = nodes;
  }
  return m;
}

void check_divide(const std::string& fen, int depth, int threads) {
  Position pos = parse_fen(fen).value();
  const Divide single = perft_divide(pos, depth, 1);
  const Divide parallel = perft_divide(pos, depth, threads);
  // One entry per legal root move, whatever the number of threads.
  const MoveList legal = legal_moves(pos);
  ASSERT_EQ(single.size(), legal.size()) << fen;
  uint64_t sum = 0;
  for (const auto& [move, nodes] : single) {
    EXPECT_TRUE(legal.contains(move)) << fen;
    // Each root move's count is the perft of the position after it.
    Position child = pos;
    UndoInfo undo;
    child.do_move(move, undo);
    EXPECT_EQ(nodes, perft(child, depth - 1)) << fen;
    sum += nodes;
  }
  EXPECT_EQ(sum, perft(pos, depth)) << fen;
  EXPECT_EQ(as_map(single), as_map(parallel)) << fen << " with " << threads << " threads";
}

TEST(Perft, DivideMatchesPerftAndIsTheSameOnTwoThreads) {
  check_divide(std::string(START_FEN), 3, 2);
  check_divide("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2);
  check_divide("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 2);
  // More threads than root moves.
  check_divide("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 3, 8);
}

TEST(Perft, DivideOfDepthOneGivesOneNodePerMove) {
  Position pos = Position::startpos();
  const Divide divide = perft_divide(pos, 1, 2);
  EXPECT_EQ(divide.size(), 20u);
  for (const auto& [move, nodes] : divide) EXPECT_EQ(nodes, 1u) << to_uci(move, false);
}

TEST(PerftDeep, StandardPositions) { check_perft_file("standard.epd", 7, FAST_NODE_LIMIT, DEEP_NODE_LIMIT, true); }
TEST(PerftDeep, Chess960Positions) { check_perft_file("chess960.epd", 20, FAST_NODE_LIMIT, DEEP_NODE_LIMIT, true); }
TEST(PerftDeep, EdgePositions) { check_perft_file("edge.epd", 30, FAST_NODE_LIMIT, DEEP_NODE_LIMIT, true); }
TEST(PerftDeep, RandomPositions) { check_perft_file("random.epd", 40, FAST_NODE_LIMIT, DEEP_NODE_LIMIT, true); }

TEST(PerftDeep, KiwipeteDivideOnTwoThreads) {
  Position pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").value();
  const Divide parallel = perft_divide(pos, 4, 2);
  uint64_t sum = 0;
  for (const auto& entry : parallel) sum += entry.second;
  EXPECT_EQ(sum, 4085603u);  // CPW published count, checked with Stockfish
  EXPECT_EQ(as_map(parallel), as_map(perft_divide(pos, 4, 1)));
}

}  // namespace
}  // namespace tabiya
