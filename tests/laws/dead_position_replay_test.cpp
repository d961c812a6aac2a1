// The per-move dead-position check (FIDE Art. 5.2.2: the game ends at once in
// a dead position) replayed over the 400 Stockfish self-play games of
// bench/data/game_endings.txt: after every ply the monitor's verdict must be
// the one a fresh dead_position() search gives, and the totals must stay those
// the monitor gave before it was made faster (a change of speed only).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "laws/dead_position.h"
#include "notation/uci_reader.h"

namespace tabiya {
namespace {

struct RecordedGame {
  std::vector<Move> moves;
};

std::vector<RecordedGame> stockfish_games() {
  std::filesystem::path file =
      std::filesystem::path(TABIYA_TEST_DATA) / ".." / ".." / "bench" / "data" / "game_endings.txt";
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::vector<RecordedGame> games;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string field; std::getline(ss, field, ';');) fields.push_back(field);
    if (fields.size() < 3) continue;
    RecordedGame game;
    Position replay = Position::startpos();
    std::istringstream words(fields[2]);
    for (std::string word; words >> word;) {
      auto read = move_from_uci(replay, word);
      EXPECT_TRUE(bool(read)) << word << " in " << line;
      if (!read) break;
      game.moves.push_back(*read);
      UndoInfo undo;
      replay.do_move(*read, undo);
    }
    games.push_back(std::move(game));
  }
  return games;
}

TEST(DeadPositionReplay, MonitorAgreesWithAFreshSearchAfterEveryPly) {
  // FIDE Art. 5.2.2 (2014: 5.2.b): the verdict after each move is the position's own.
  std::vector<RecordedGame> games = stockfish_games();
  ASSERT_EQ(games.size(), 400u);
  int plies = 0, alive = 0, dead = 0, undetermined = 0, searches = 0;
  for (const RecordedGame& game : games) {
    Position pos = Position::startpos();
    DeadPositionMonitor monitor;
    ASSERT_EQ(monitor.check(pos), DeadPositionVerdict::ALIVE);
    for (Move m : game.moves) {
      Position after = pos;
      UndoInfo undo;
      after.do_move(m, undo);
      DeadPositionVerdict tracked = monitor.after_move(pos, m, after);
      DeadPositionVerdict fresh = dead_position(after).verdict;
      ASSERT_EQ(tracked, fresh) << to_fen(after);
      if (tracked == DeadPositionVerdict::ALIVE && !is_checkmate(after)) {
        ASSERT_FALSE(monitor.mating_line().empty()) << to_fen(after);
      }
      ++plies;
      alive += tracked == DeadPositionVerdict::ALIVE;
      dead += tracked == DeadPositionVerdict::DEAD;
      undetermined += tracked == DeadPositionVerdict::UNDETERMINED;
      pos = after;
    }
    searches += monitor.searches();
  }
  // The figures of the monitor before it was made faster (main at 8dd3303).
  EXPECT_EQ(plies, 39378);
  EXPECT_EQ(alive, 39374);
  EXPECT_EQ(dead, 4);  // games that ended in a dead position
  EXPECT_EQ(undetermined, 0);
  EXPECT_LE(searches, 4095) << "at most as many full searches as before";
}

}  // namespace
}  // namespace tabiya
