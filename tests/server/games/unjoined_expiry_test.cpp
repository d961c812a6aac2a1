// Games nobody joined expire. The rule (unjoined_games.h), the stores' part (candidates, a guarded
// REMOVE, KEEP), the service deleting what expired and nothing else, and a restart on the same SQLite file that
// does not load an expired game. The server's wall clock is a counter moved by the tests.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "server/games/unjoined_games.h"
#include "support/sqlite_file_fixture.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using K = StoreWrite::Kind;
constexpr int64_t MINUTE_MS = 60'000;

play::Action action(play::ActionKind kind, Color by = WHITE, std::string uci = {}) {
  play::Action a;
  a.kind = kind;
  a.by = by;
  a.uci = std::move(uci);
  return a;
}

TEST(Unjoined, NoPersonActedAndNoInvitedPlayerCame) {
  using play::ActionKind;
  server::Setup invite, robot, hotseat, event;
  invite.opponent = "invite";
  robot.opponent = "robot";
  hotseat.opponent = "hotseat";
  event.opponent = "invite";
  event.tournament_id = "club";
  event.tournament_round = 1;
  EXPECT_TRUE(unjoined(invite, std::vector<play::Action>{}));
  EXPECT_FALSE(unjoined(invite, {action(ActionKind::START)}));  // the second player came
  EXPECT_TRUE(unjoined(robot, {action(ActionKind::START)}));    // started at creation, by the server
  EXPECT_TRUE(unjoined(hotseat, {action(ActionKind::START)}));
  EXPECT_TRUE(unjoined(hotseat, {action(ActionKind::START), action(ActionKind::FLAG)}));  // nobody ever moved
  EXPECT_TRUE(unjoined(hotseat, {action(ActionKind::START), action(ActionKind::DEADLINE)}));
  EXPECT_FALSE(unjoined(hotseat, {action(ActionKind::START), action(ActionKind::MOVE, WHITE, "e2e4")}));
  // The robot's move as White is a move: never deleted.
  EXPECT_FALSE(unjoined(robot, {action(ActionKind::START), action(ActionKind::MOVE, WHITE, "e2e4")}));
  EXPECT_FALSE(unjoined(hotseat, {action(ActionKind::START), action(ActionKind::RESIGN)}));
  EXPECT_FALSE(unjoined(hotseat, {action(ActionKind::START), action(ActionKind::DRAW_OFFER)}));
  EXPECT_FALSE(unjoined(event, std::vector<play::Action>{}));  // a tournament's game never
  EXPECT_TRUE(unjoined(hotseat, std::vector<std::string>{"s w 0"}));
  EXPECT_FALSE(unjoined(hotseat, std::vector<std::string>{"s w 0", "m w 10 e2e4"}));
  EXPECT_FALSE(unjoined(hotseat, std::vector<std::string>{"unreadable"}));  // kept when in doubt
}

class SqliteFile : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = tabiya::testing::fresh_test_directory("tabiya-expiry-"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path() const { return (dir_ / "games.sqlite3").string(); }
  std::filesystem::path dir_;
};

// A file written before the expiry existed: its unfinished games may expire from now on, its finished ones never.
TEST_F(SqliteFile, AnOlderFileGetsItsUnfinishedGamesCountedFromTheUpgrade) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path().c_str(), &db), SQLITE_OK);
  const char* old_schema =
      "CREATE TABLE games(id TEXT PRIMARY KEY, setup TEXT NOT NULL, seq INTEGER NOT NULL, finished INTEGER NOT NULL,"
      " result TEXT);"
      "CREATE TABLE actions(game TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(game, idx))"
      " WITHOUT ROWID;"
      "INSERT INTO games VALUES('open', '{}', 0, 0, NULL);"
      "INSERT INTO games VALUES('done', '{}', 1, 1, '{}');";
  ASSERT_EQ(sqlite3_exec(db, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const int64_t before =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  for (int opening = 0; opening < 2; ++opening) {  // the second opening finds the column there
    auto store = open_sqlite_store(path());
    ASSERT_TRUE(store) << store.error().message;
    auto early = (*store)->expiry_candidates(before, 10);
    ASSERT_TRUE(early);
    EXPECT_TRUE(early->empty());
    auto later = (*store)->expiry_candidates(before + 365 * 24 * 60 * MINUTE_MS, 10);
    ASSERT_TRUE(later);
    EXPECT_EQ(*later, (std::vector<std::string>{"open"}));
  }
}

class UnjoinedExpiryTest : public ServiceFixture {
 protected:
  bool exists(const std::string& id) {
    HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
    EXPECT_TRUE(a.status == 200 || a.status == 404) << a.body;
    return a.status == 200;
  }
  bool stored(const std::string& id) {
    auto g = store_->load(id);
    EXPECT_TRUE(g);
    return g && g->has_value();
  }
  int64_t expired_metric() {
    std::string out;
    service_->write_metrics(out);
    const std::string name = "\ntabiya_games_expired_total ";
    auto at = out.find(name);
    EXPECT_NE(at, std::string::npos);
    return at == std::string::npos ? -1 : std::stoll(out.substr(at + name.size()));
  }
  void expire_after(int64_t minutes) {
    wall_ms_ += minutes * MINUTE_MS;
    service_->expire_unjoined();
    settle();
  }
};

TEST_F(UnjoinedExpiryTest, GamesNobodyJoinedGoAfterAnHourAndNoOtherGameIsTouched) {
  const std::string unjoined_invite = str(create(R"({"v":1,"opponent":"invite"})").at("id"));
  const std::string unjoined_robot =
      str(create(R"({"v":1,"opponent":"robot","color":"white","time":"none"})").at("id"));
  const std::string unjoined_hotseat = str(create(R"({"v":1,"opponent":"hotseat","time":"none"})").at("id"));
  const std::string flagged = str(create(R"({"v":1,"opponent":"hotseat","time":"1+0"})").at("id"));
  const std::string event =
      str(create(R"({"v":1,"opponent":"invite","tournament":{"id":"club","name":"Club","round":1}})").at("id"));
  Invited joined = invite();  // both players came: its clocks started, no move yet
  HotSeat played = hotseat();
  move(played.both, "e2e4", 0);
  ASSERT_TRUE(played.both.peer->last("event", "move"));
  // One player of an invited game waits for the other, the page open: not deleted while he is there.
  json::object waiting_game = create(R"({"v":1,"opponent":"invite"})");
  const std::string waiting = str(waiting_game.at("id"));
  Client waiter = connect(waiting);
  hello(waiter, {seat(waiting_game, "white")});
  // The flag of a hot-seat game falls before anyone moved.
  clock_->advance(Millis{61'000});
  service_->check_clocks();
  settle();
  ASSERT_EQ(str(json::parse(service_->http({"GET", "/api/games/" + flagged, ""}).body).at("status")), "over");
  const std::size_t all = service_->game_count();
  ASSERT_EQ(all, 8u);

  expire_after(59);
  EXPECT_EQ(service_->game_count(), all);
  EXPECT_EQ(expired_metric(), 0);

  expire_after(2);
  for (const std::string& id : {unjoined_invite, unjoined_robot, unjoined_hotseat, flagged}) {
    EXPECT_FALSE(exists(id)) << id;
    EXPECT_FALSE(stored(id)) << id;
  }
  for (const std::string& id : {event, joined.id, played.id, waiting}) {
    EXPECT_TRUE(exists(id)) << id;
    EXPECT_TRUE(stored(id)) << id;
  }
  EXPECT_EQ(service_->game_count(), all - 4);
  EXPECT_EQ(expired_metric(), 4);
  // A socket opened on an expired game is refused.
  EXPECT_EQ(service_->open("/ws/" + unjoined_invite, std::make_shared<RecordingPeer>()), nullptr);
  // The games found joined are not looked at again; the one being watched is, once its player has left.
  auto candidates = store_->expiry_candidates(wall_ms_ + 1, 100);
  ASSERT_TRUE(candidates);
  EXPECT_EQ(*candidates, (std::vector<std::string>{waiting}));
  service_->closed(*waiter.session);
  settle();
  expire_after(1);
  EXPECT_FALSE(exists(waiting));
  EXPECT_FALSE(stored(waiting));
  EXPECT_EQ(expired_metric(), 5);
  EXPECT_TRUE(exists(played.id));
}

TEST_F(UnjoinedExpiryTest, ZeroKeepsEveryGame) {
  configure_ = [](GameServiceOptions& o) { o.unjoined_expiry = std::chrono::milliseconds(0); };
  restart();
  const std::string invite = str(create(R"({"v":1,"opponent":"invite"})").at("id"));
  expire_after(24 * 60);
  restart();
  EXPECT_TRUE(exists(invite));
}

class UnjoinedExpiryAcrossRestartsTest : public OnSqliteFile<UnjoinedExpiryTest> {
 protected:
  // The process stops; `minutes` later it starts again on the same file.
  void restart_after(int64_t minutes) {
    stop();
    wall_ms_ += minutes * MINUTE_MS;
    start_again();
  }
};

TEST_F(UnjoinedExpiryAcrossRestartsTest, AnExpiredGameIsNotLoadedAtTheNextStart) {
  const std::string unjoined_game = str(create(R"({"v":1,"opponent":"invite"})").at("id"));
  std::string played;
  {
    HotSeat game = hotseat(R"({"v":1,"opponent":"hotseat","time":"none"})");
    move(game.both, "e2e4", 0);
    ASSERT_TRUE(game.both.peer->last("event", "move"));
    service_->closed(*game.both.session);
    settle();
    played = game.id;
  }
  restart_after(30);  // not yet: both come back
  EXPECT_EQ(service_->game_count(), 2u);
  EXPECT_TRUE(exists(unjoined_game));
  restart_after(31);  // the server was down when its hour ended: deleted at the start, never loaded
  EXPECT_EQ(service_->game_count(), 1u);
  EXPECT_FALSE(stored(unjoined_game));
  EXPECT_FALSE(exists(unjoined_game));
  EXPECT_TRUE(exists(played));
  EXPECT_EQ(expired_metric(), 1);
  restart_after(24 * 60);  // and the played game stays for good
  EXPECT_EQ(service_->game_count(), 1u);
  EXPECT_TRUE(exists(played));
}

}  // namespace
}  // namespace tabiya::server::testing
