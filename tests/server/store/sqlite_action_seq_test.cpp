// The SQLite store keeps a game's event number with its last action, not in the game's row: a move then
// writes one page of the file, not two, at 10,000 moves a second. A file from before keeps working.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

#include "server/store/sqlite_store.h"
#include "support/test_directory.h"

namespace tabiya::server {
namespace {

class SqliteActionSeq : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = tabiya::testing::fresh_test_directory("tabiya-action-seq-"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path() const { return (dir_ / "games.sqlite3").string(); }
  std::unique_ptr<GameStore> open() {
    auto store = open_sqlite_store(path());
    EXPECT_TRUE(store) << store.error().message;
    return store ? std::move(*store) : nullptr;
  }
  static StoreWrite append(const std::string& game, int64_t index, int64_t seq) {
    return {StoreWrite::Kind::APPEND, game, R"({"t":"move","uci":"e2e4"})", index, seq};
  }
  std::filesystem::path dir_;
};

TEST_F(SqliteActionSeq, TheEventNumberComesBackWithTheActions) {
  auto store = open();
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->commit({{StoreWrite::Kind::CREATE, "g", "{}", 0, 0}}));
  ASSERT_TRUE(store->commit({append("g", 0, 3), append("g", 1, 5)}));
  store.reset();
  store = open();
  auto g = store->load("g");
  ASSERT_TRUE(g && *g);
  EXPECT_EQ((*g)->seq, 5);
  EXPECT_EQ((*g)->actions.size(), 2u);
  auto unfinished = store->load_unfinished();
  ASSERT_TRUE(unfinished);
  ASSERT_EQ(unfinished->size(), 1u);
  EXPECT_EQ(unfinished->front().seq, 5);
}

// The first action needs its game, as when the game's row was updated with each action; a later one its predecessor.
TEST_F(SqliteActionSeq, AnActionForAGameThatIsNotThereIsRefused) {
  auto store = open();
  ASSERT_TRUE(store);
  auto refused = store->commit({append("nowhere", 0, 1)});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("append action 0 to game nowhere"), std::string::npos)
      << refused.error().message;
  ASSERT_TRUE(store->commit({{StoreWrite::Kind::CREATE, "g", "{}", 0, 0}}));
  EXPECT_FALSE(store->commit({append("g", 1, 1)}));  // out of order
  auto g = store->load("nowhere");
  ASSERT_TRUE(g);
  EXPECT_FALSE(g->has_value());
}

// A file written before the column: its games take the number from their rows until they get a new action.
TEST_F(SqliteActionSeq, AnOlderFileKeepsItsGamesNumbers) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path().c_str(), &db), SQLITE_OK);
  const char* old_schema =
      "CREATE TABLE games(id TEXT PRIMARY KEY, setup TEXT NOT NULL, seq INTEGER NOT NULL, finished INTEGER NOT NULL,"
      " result TEXT, unjoined_since INTEGER);"
      "CREATE TABLE actions(game TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(game, idx))"
      " WITHOUT ROWID;"
      "INSERT INTO games VALUES('old', '{}', 7, 0, NULL, NULL);"
      "INSERT INTO actions VALUES('old', 0, 'a'), ('old', 1, 'b');";
  ASSERT_EQ(sqlite3_exec(db, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  for (int opening = 0; opening < 2; ++opening) {  // the second opening finds the column there
    auto store = open();
    ASSERT_TRUE(store);
    auto g = store->load("old");
    ASSERT_TRUE(g && *g);
    EXPECT_EQ((*g)->seq, opening == 0 ? 7 : 9);
    EXPECT_EQ((*g)->actions, opening == 0 ? (std::vector<std::string>{"a", "b"})
                                          : (std::vector<std::string>{"a", "b", R"({"t":"move","uci":"e2e4"})"}));
    if (opening == 0) {
      ASSERT_TRUE(store->commit({append("old", 2, 9)}));
    }
  }
}

// Frames (pages) in the write-ahead log now, read by a checkpoint in `mode` on a connection of the test's own.
int log_frames(const std::string& path, int mode) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  // A connection that has not read the file does not know its log yet.
  EXPECT_EQ(sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr), SQLITE_OK);
  int log = -1, copied = -1;
  EXPECT_EQ(sqlite3_wal_checkpoint_v2(db, "main", mode, &log, &copied), SQLITE_OK);
  sqlite3_close(db);
  return log;
}

// One transaction of moves in 200 different games, as the group commit makes under load: about one page each (the
// page of the game's actions; with the game's row updated too it was two).
TEST_F(SqliteActionSeq, AMoveWritesAboutOnePage) {
  auto store = open();
  ASSERT_TRUE(store);
  constexpr int GAMES = 2000, MOVED = 200;
  const std::string setup(300, 's');  // about a real setup's size: the rows of games fill many pages
  std::vector<StoreWrite> creating;
  for (int i = 0; i < GAMES; ++i)
    creating.push_back({StoreWrite::Kind::CREATE, "game" + std::to_string(i), setup, 0, 0});
  ASSERT_TRUE(store->commit(creating));
  for (int ply = 0; ply < 6; ++ply) {
    std::vector<StoreWrite> moves;
    for (int i = 0; i < GAMES; ++i) moves.push_back(append("game" + std::to_string(i), ply, ply + 1));
    ASSERT_TRUE(store->commit(moves));
  }
  // All copied, and the log starts over at the next commit.
  ASSERT_EQ(log_frames(path(), SQLITE_CHECKPOINT_TRUNCATE), 0);
  std::vector<StoreWrite> moves;
  for (int i = 0; i < MOVED; ++i) moves.push_back(append("game" + std::to_string(i * (GAMES / MOVED)), 6, 7));
  ASSERT_TRUE(store->commit(moves));
  const int frames = log_frames(path(), SQLITE_CHECKPOINT_PASSIVE);
  RecordProperty("frames", frames);
  std::printf("[figures] %d moves in one commit wrote %d pages\n", MOVED, frames);
  EXPECT_GT(frames, MOVED / 2);
  EXPECT_LT(frames, MOVED * 5 / 4);
}

}  // namespace
}  // namespace tabiya::server
