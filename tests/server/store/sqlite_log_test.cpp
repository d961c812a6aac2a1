// The SQLite store's write-ahead log (server/store/sqlite_store.h) is copied into the database and starts over, also
// while commits keep coming: its checkpointer once did nothing at all (its connection had never read the file, so
// it did not know the log) and the log grew by 40 MB a second under bench/loadtest-servers.sh's load.
#include "server/store/sqlite_store.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace tabiya::server {
namespace {

class SqliteLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tabiya-sqlite-log-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path() const { return (dir_ / "games.sqlite3").string(); }
  std::uintmax_t log_bytes() const {
    std::error_code ec;
    const auto size = std::filesystem::file_size(dir_ / "games.sqlite3-wal", ec);
    return ec ? 0 : size;
  }
  std::filesystem::path dir_;
};

TEST_F(SqliteLogTest, TheLogStartsOverWhileCommitsKeepComing) {
  const SqliteLogLimits limits{64, 512 * 1024};
  auto opened = open_sqlite_store(path(), limits);
  ASSERT_TRUE(opened) << opened.error().message;
  GameStore& store = **opened;
  constexpr int GAMES = 200;
  std::vector<StoreWrite> creations;
  for (int g = 0; g < GAMES; ++g)
    creations.push_back({StoreWrite::Kind::CREATE, "game" + std::to_string(g), "{}", 0, 0, std::nullopt});
  ASSERT_TRUE(store.commit(creations));

  // Back-to-back transactions, each of a move of ten of the games in turn (as the storage thread commits under
  // load), until the log's file, once past its limit, is cut back to it: the log started over (its first
  // transaction, far smaller than the limit, then ends the file at the limit). One that never does only grows.
  constexpr int PER_TRANSACTION = 10;
  std::vector<int64_t> plies(GAMES, 0);
  bool outgrew = false, cut_back = false;
  int transactions = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!cut_back && std::chrono::steady_clock::now() < deadline) {
    std::vector<StoreWrite> moves;
    for (int k = 0; k < PER_TRANSACTION; ++k) {
      const int g = (transactions * PER_TRANSACTION + k) % GAMES;
      moves.push_back(
          {StoreWrite::Kind::APPEND, "game" + std::to_string(g), "e2e4", plies[g], plies[g] + 1, std::nullopt});
      ++plies[g];
    }
    ASSERT_TRUE(store.commit(moves));
    ++transactions;
    const auto bytes = log_bytes();
    if (bytes > std::uintmax_t(limits.file_bytes)) outgrew = true;
    else if (outgrew) cut_back = true;
  }
  EXPECT_TRUE(outgrew);
  EXPECT_TRUE(cut_back) << "the log never started over in " << transactions << " transactions; it holds " << log_bytes()
                        << " bytes";

  // What was committed is all there, whichever of the log and the database holds it.
  auto game = store.load("game7");
  ASSERT_TRUE(game && *game) << (game ? "absent" : game.error().message);
  EXPECT_EQ((*game)->actions.size(), std::size_t(plies[7]));
}

// Under the length that starts the log over, the log is copied once commits pause: the next commit then writes it
// from its start, and the file is cut back.
TEST_F(SqliteLogTest, ThePausedLogIsCopiedAndStartsOver) {
  const SqliteLogLimits limits{1 << 30, 64 * 1024};  // never long enough to start over under load
  auto opened = open_sqlite_store(path(), limits);
  ASSERT_TRUE(opened) << opened.error().message;
  GameStore& store = **opened;
  constexpr int GAMES = 200;
  std::vector<StoreWrite> creations;
  for (int g = 0; g < GAMES; ++g)
    creations.push_back(
        {StoreWrite::Kind::CREATE, "game" + std::to_string(g), std::string(400, 'x'), 0, 0, std::nullopt});
  ASSERT_TRUE(store.commit(creations));
  ASSERT_GT(log_bytes(), std::uintmax_t(limits.file_bytes));

  // One small commit now and then, each after a pause the checkpointer sees, until the file is cut back.
  int64_t ply = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (log_bytes() > std::uintmax_t(limits.file_bytes) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE(store.commit({{StoreWrite::Kind::APPEND, "game0", "e2e4", ply, ply + 1, std::nullopt}}));
    ++ply;
  }
  EXPECT_LE(log_bytes(), std::uintmax_t(limits.file_bytes)) << "after " << ply << " commits";
}

}  // namespace
}  // namespace tabiya::server
