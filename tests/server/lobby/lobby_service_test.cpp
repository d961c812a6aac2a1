// The lobby service: seeks, challenges by name, quick pairing pools, rated games
// moving both ratings once, the ratings API, and correspondence seeks that
// survive a restart. The game service is a fake that makes invite games on
// request; accounts come from a fake resolver.
#include "server/lobby/lobby_service.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <map>

#include <filesystem>

#include "support/lobby_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

constexpr const char* kBobAnon = "tabiya_anon=bobbobbobbobbobbob";

class LobbyServiceTest : public ::testing::Test {
 protected:
  void SetUp() override { start(make_memory_lobby_store()); }

  void start(std::shared_ptr<LobbyStore> store) {
    LobbyServiceOptions options;
    options.store = std::move(store);
    options.identities = std::make_shared<FakeAccounts>();
    options.now_ms = [this] { return now_; };
    options.random = [this] { return ++random_; };
    options.log = [this](const std::string& line) { log_.push_back(line); };
    auto made = LobbyService::create(games_, options);
    ASSERT_TRUE(made) << made.error().message;
    lobby_ = std::move(*made);
  }

  struct Client {
    std::shared_ptr<LobbyPeer> peer;
    std::shared_ptr<Session> session;
  };
  Client connect(const std::string& cookie) {
    Client c{std::make_shared<LobbyPeer>(cookie), nullptr};
    c.session = lobby_->open("/ws/lobby", c.peer);
    EXPECT_TRUE(c.session);
    return c;
  }
  void say(Client& c, const json::object& message) { lobby_->message(*c.session, json::serialize(message)); }
  json::object get(const std::string& target, const std::string& cookie = "") {
    HttpAnswer a = lobby_->http({"GET", target, "", "127.0.0.1", cookie});
    EXPECT_EQ(a.status, 200) << target << ": " << a.body;
    return json::parse(a.body).as_object();
  }
  std::string only_seek_id() {
    json::array seeks = get("/api/lobby").at("seeks").as_array();
    EXPECT_EQ(seeks.size(), 1u);
    return seeks.empty() ? "" : std::string(seeks[0].at("id").as_string());
  }

  FakeGames games_;
  std::unique_ptr<LobbyService> lobby_;
  int64_t now_ = 1'700'000'000'000;
  uint64_t random_ = 0;
  std::vector<std::string> log_;
};

TEST_F(LobbyServiceTest, HelloListsSeeksPoolsAndWhoYouAre) {
  Client alice = connect("acct=alice");
  auto hello = alice.peer->last("hello");
  ASSERT_TRUE(hello);
  EXPECT_EQ(hello->at("you").at("name").as_string(), "alice");
  EXPECT_TRUE(hello->at("you").at("account").as_bool());
  EXPECT_EQ(hello->at("pools").as_array().size(), 11u);
  EXPECT_EQ(hello->at("you").at("ratings").at("blitz").at("rating").as_int64(), 1500);
  EXPECT_TRUE(hello->at("you").at("ratings").at("blitz").at("provisional").as_bool());
}

// Each pool names the rating its games count for, by play/rating_category.h's boundaries (base + 40 x increment:
// under 3 minutes bullet, under 8 blitz, under 25 rapid): the web names its buttons with it.
TEST_F(LobbyServiceTest, EachPoolNamesItsRatingCategory) {
  std::map<std::string, std::string> category;
  const json::object lobby = get("/api/lobby");
  for (const json::value& pool : lobby.at("pools").as_array())
    category[std::string(pool.at("time").as_string())] = std::string(pool.at("category").as_string());
  EXPECT_EQ(category.at("1+0"), "bullet");
  EXPECT_EQ(category.at("2+1"), "bullet");  // 2 min + 40 s: 2 min 40 s
  EXPECT_EQ(category.at("3+0"), "blitz");   // 3 min is not under 3
  EXPECT_EQ(category.at("5+3"), "blitz");   // 7 min
  EXPECT_EQ(category.at("10+0"), "rapid");
  EXPECT_EQ(category.at("15+10"), "rapid");  // 21 min 40 s
  EXPECT_EQ(category.at("30+20"), "classical");
}

TEST_F(LobbyServiceTest, AnonymousVisitorGetsACookie) {
  HttpAnswer a = lobby_->http({"GET", "/api/lobby", "", "127.0.0.1", ""});
  ASSERT_EQ(a.status, 200);
  bool set = false;
  for (const auto& [name, value] : a.headers)
    if (name == "Set-Cookie") set = value.starts_with("tabiya_anon=") && value.find("HttpOnly") != std::string::npos;
  EXPECT_TRUE(set);
  HttpAnswer again = lobby_->http({"GET", "/api/lobby", "", "127.0.0.1", kBobAnon});
  for (const auto& [name, value] : again.headers) EXPECT_NE(name, "Set-Cookie");
  EXPECT_FALSE(json::parse(again.body).at("you").at("account").as_bool());
}

TEST_F(LobbyServiceTest, SeekAcceptedPairsBothPlayers) {
  Client alice = connect("acct=alice");
  Client bob = connect(kBobAnon);
  say(alice, {{"t", "seek"}, {"time", "5+3"}, {"color", "white"}});
  auto seen = bob.peer->last("seek");
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->at("seek").at("player").as_string(), "alice");
  EXPECT_EQ(seen->at("seek").at("category").as_string(), "blitz");
  const std::string id = only_seek_id();
  say(bob, {{"t", "accept_seek"}, {"id", id}});
  auto a = alice.peer->last("paired"), b = bob.peer->last("paired");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->at("color").as_string(), "white");
  EXPECT_EQ(b->at("color").as_string(), "black");
  EXPECT_EQ(a->at("game"), b->at("game"));
  EXPECT_EQ(a->at("url").as_string(), "/g/game1#seat=W-game1");
  EXPECT_EQ(b->at("url").as_string(), "/g/game1#seat=B-game1");
  EXPECT_EQ(b->at("opponent").as_string(), "alice");
  ASSERT_EQ(games_.created.size(), 1u);
  EXPECT_EQ(games_.created[0].time, "5+3");
  EXPECT_EQ(games_.created[0].names[WHITE], "alice");
  EXPECT_EQ(games_.created[0].names[BLACK], "Anonymous");
  EXPECT_TRUE(bob.peer->last("seek_gone"));
  json::object lobby = get("/api/lobby");
  EXPECT_TRUE(lobby.at("seeks").as_array().empty());
  ASSERT_EQ(lobby.at("games").as_array().size(), 1u);
  EXPECT_EQ(lobby.at("games").as_array()[0].at("watch").as_string(), "/g/game1");
  lobby_->game_ended("game1", "1-0");
  EXPECT_TRUE(bob.peer->last("game_over"));
  EXPECT_TRUE(get("/api/lobby").at("games").as_array().empty());
}

// The lists show a player's public tag, never their id: an anonymous player's id is their cookie.
TEST_F(LobbyServiceTest, ListsNeverShowTheAnonymousCookie) {
  Client alice = connect("acct=alice");
  Client bob = connect(kBobAnon);
  say(bob, {{"t", "seek"}, {"time", "5+3"}});
  auto seen = alice.peer->last("seek");
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->at("seek").at("player").as_string(), "Anonymous");
  EXPECT_EQ(json::serialize(*seen).find("bobbob"), std::string::npos);
  EXPECT_EQ(json::serialize(get("/api/lobby")).find("bobbob"), std::string::npos);
  // The owner recognises the seek by the tag the hello named as theirs.
  EXPECT_EQ(seen->at("seek").at("user"), bob.peer->last("hello")->at("you").at("id"));
  EXPECT_EQ(get("/api/lobby", kBobAnon).at("you").at("id"), bob.peer->last("hello")->at("you").at("id"));
}

TEST_F(LobbyServiceTest, RefusalsNameTheReason) {
  Client alice = connect("acct=alice");
  Client bob = connect(kBobAnon);
  say(bob, {{"t", "seek"}, {"time", "5+3"}, {"rated", true}});
  EXPECT_EQ(bob.peer->last("error")->at("code").as_string(), "account_required");
  say(bob, {{"t", "seek"}, {"time", "banana"}});
  EXPECT_EQ(bob.peer->last("error")->at("code").as_string(), "bad_request");
  EXPECT_NE(std::string(bob.peer->last("error")->at("detail").as_string()).find("time"), std::string::npos);
  say(alice, {{"t", "seek"}, {"time", "5+3"}, {"rated", true}});
  const std::string id = only_seek_id();
  say(bob, {{"t", "accept_seek"}, {"id", id}});
  EXPECT_EQ(bob.peer->last("error")->at("code").as_string(), "account_required");
  say(alice, {{"t", "accept_seek"}, {"id", id}});
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "not_allowed");
  say(bob, {{"t", "cancel_seek"}, {"id", id}});
  EXPECT_EQ(bob.peer->last("error")->at("code").as_string(), "not_allowed");
  lobby_->message(*bob.session, "{nope");
  EXPECT_EQ(bob.peer->last("error")->at("code").as_string(), "bad_json");
  EXPECT_TRUE(games_.created.empty());
}

TEST_F(LobbyServiceTest, RatingRangeKeepsOthersOut) {
  Client alice = connect("acct=alice");
  Client carol = connect("acct=carol");
  say(alice, {{"t", "seek"}, {"time", "10+0"}, {"rated", true}, {"min_rating", 1600}});
  say(carol, {{"t", "accept_seek"}, {"id", only_seek_id()}});
  EXPECT_EQ(carol.peer->last("error")->at("code").as_string(), "rating_range");
  EXPECT_TRUE(games_.created.empty());
}

TEST_F(LobbyServiceTest, SeeksOfAPlayerWhoLeftGoButCorrespondenceStays) {
  Client alice = connect("acct=alice");
  say(alice, {{"t", "seek"}, {"time", "3+0"}});
  say(alice, {{"t", "seek"}, {"days", 3}});
  EXPECT_EQ(get("/api/lobby").at("seeks").as_array().size(), 2u);
  lobby_->closed(*alice.session);
  json::array left = get("/api/lobby").at("seeks").as_array();
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].at("days").as_int64(), 3);
  EXPECT_EQ(left[0].at("category").as_string(), "correspondence");
}

TEST_F(LobbyServiceTest, CorrespondenceSeeksSurviveARestart) {
  const auto dir = std::filesystem::temp_directory_path() / ("tabiya-lobby-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  {
    auto store = open_sqlite_lobby_store(dir.string());
    ASSERT_TRUE(store) << store.error().message;
    start(std::move(*store));
    Client alice = connect("acct=alice");
    say(alice, {{"t", "seek"}, {"days", 5}, {"rated", true}, {"color", "black"}});
    say(alice, {{"t", "seek"}, {"time", "5+0"}});
    lobby_.reset();
  }
  auto store = open_sqlite_lobby_store(dir.string());
  ASSERT_TRUE(store) << store.error().message;
  start(std::move(*store));
  json::array seeks = get("/api/lobby").at("seeks").as_array();
  ASSERT_EQ(seeks.size(), 1u);
  EXPECT_EQ(seeks[0].at("player").as_string(), "alice");
  EXPECT_EQ(seeks[0].at("days").as_int64(), 5);
  EXPECT_TRUE(seeks[0].at("rated").as_bool());
  // Taken up after the restart: the owner's colour holds and the seek leaves the store.
  Client dave = connect("acct=dave");
  say(dave, {{"t", "accept_seek"}, {"id", std::string(seeks[0].at("id").as_string())}});
  ASSERT_TRUE(dave.peer->last("paired"));
  EXPECT_EQ(dave.peer->last("paired")->at("color").as_string(), "white");
  EXPECT_EQ(games_.created.back().days, 5);
  lobby_.reset();
  auto again = open_sqlite_lobby_store(dir.string());
  ASSERT_TRUE(again);
  EXPECT_TRUE((*again)->seeks().empty());
  std::filesystem::remove_all(dir);
}

TEST_F(LobbyServiceTest, RatedGameMovesBothRatingsOnce) {
  Client alice = connect("acct=alice");
  Client bob = connect("acct=bob");
  say(alice, {{"t", "seek"}, {"time", "3+2"}, {"rated", true}, {"color", "white"}});
  say(bob, {{"t", "accept_seek"}, {"id", only_seek_id()}});
  ASSERT_TRUE(bob.peer->last("paired"));
  EXPECT_TRUE(bob.peer->last("paired")->at("rated").as_bool());
  now_ += 60'000;
  lobby_->game_ended("game1", "1-0");
  auto a = alice.peer->last("rating"), b = bob.peer->last("rating");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->at("category").as_string(), "blitz");
  EXPECT_GT(a->at("diff").as_int64(), 0);
  EXPECT_LT(b->at("diff").as_int64(), 0);
  EXPECT_EQ(a->at("diff").as_int64(), -b->at("diff").as_int64());
  EXPECT_EQ(a->at("color").as_string(), "white");
  EXPECT_EQ(a->at("opponent").at("name").as_string(), "bob");
  EXPECT_EQ(a->at("opponent").at("diff"), b->at("diff"));
  EXPECT_EQ(b->at("opponent").at("rating"), a->at("rating"));
  EXPECT_TRUE(a->at("provisional").as_bool());
  lobby_->game_ended("game1", "1-0");  // told twice (two nodes, a retry): counted once
  EXPECT_EQ(alice.peer->all("rating").size(), 1u);
  json::object profile = get("/api/players/alice/ratings");
  EXPECT_EQ(profile.at("ratings").at("blitz").at("games").as_int64(), 1);
  EXPECT_EQ(profile.at("ratings").at("blitz").at("rating").as_int64(), a->at("rating").as_int64());
  ASSERT_EQ(profile.at("history").as_array().size(), 1u);
  EXPECT_EQ(profile.at("history").as_array()[0].at("game").as_string(), "game1");
  json::object game = get("/api/lobby/games/game1/ratings");
  EXPECT_EQ(game.at("white").at("diff"), a->at("diff"));
  EXPECT_EQ(game.at("black").at("diff"), b->at("diff"));
  EXPECT_EQ(lobby_->http({"GET", "/api/players/nobody/ratings", ""}).status, 404);
  // The next rated game starts from the new rating.
  say(bob, {{"t", "seek"}, {"time", "3+2"}, {"rated", true}});
  EXPECT_EQ(alice.peer->last("seek")->at("seek").at("rating").as_int64(), b->at("rating").as_int64());
}

TEST_F(LobbyServiceTest, CasualAndUnfinishedGamesMoveNoRating) {
  Client alice = connect("acct=alice");
  Client bob = connect("acct=bob");
  say(alice, {{"t", "seek"}, {"time", "3+2"}});
  say(bob, {{"t", "accept_seek"}, {"id", only_seek_id()}});
  lobby_->game_ended("game1", "1-0");
  EXPECT_FALSE(alice.peer->last("rating"));
  say(alice, {{"t", "seek"}, {"time", "3+2"}, {"rated", true}});
  say(bob, {{"t", "accept_seek"}, {"id", only_seek_id()}});
  lobby_->game_ended("game2", "*");
  EXPECT_FALSE(alice.peer->last("rating"));
}

TEST_F(LobbyServiceTest, ChallengeByNameDeclinedThenAccepted) {
  Client alice = connect("acct=alice");
  Client bob = connect("acct=bob");
  say(alice, {{"t", "challenge"}, {"to", "BOB"}, {"time", "10+5"}, {"color", "black"}});
  auto incoming = bob.peer->last("challenge");
  ASSERT_TRUE(incoming);
  EXPECT_TRUE(incoming->at("incoming").as_bool());
  EXPECT_EQ(incoming->at("challenge").at("from").as_string(), "alice");
  const std::string id(incoming->at("challenge").at("id").as_string());
  say(alice, {{"t", "accept_challenge"}, {"id", id}});  // only bob answers it
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "not_allowed");
  say(bob, {{"t", "decline_challenge"}, {"id", id}});
  EXPECT_EQ(alice.peer->last("challenge_gone")->at("reason").as_string(), "declined");
  EXPECT_TRUE(games_.created.empty());
  say(alice, {{"t", "challenge"}, {"to", "bob"}, {"time", "10+5"}, {"color", "black"}});
  const std::string again(bob.peer->last("challenge")->at("challenge").at("id").as_string());
  say(bob, {{"t", "accept_challenge"}, {"id", again}});
  ASSERT_TRUE(alice.peer->last("paired"));
  EXPECT_EQ(alice.peer->last("paired")->at("color").as_string(), "black");
  EXPECT_EQ(bob.peer->last("paired")->at("color").as_string(), "white");
  say(alice, {{"t", "challenge"}, {"to", "nobody"}, {"time", "10+5"}});
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "player_offline");
  // At most three open challenges a player; seeks likewise.
  for (int i = 0; i < 4; ++i) say(alice, {{"t", "challenge"}, {"to", "bob"}, {"time", "10+5"}});
  EXPECT_EQ(bob.peer->all("challenge").size(), 5u);  // two earlier, three now
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "too_many_challenges");
  for (int i = 0; i < 4; ++i) say(alice, {{"t", "seek"}, {"time", "10+5"}});
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "too_many_seeks");
  EXPECT_EQ(get("/api/lobby").at("seeks").as_array().size(), 3u);
}

TEST_F(LobbyServiceTest, PoolPairsInWavesAndAvoidsRematches) {
  Client alice = connect("acct=alice");
  Client bob = connect("acct=bob");
  say(alice, {{"t", "join_pool"}, {"time", "3+2"}, {"rated", true}});
  ASSERT_TRUE(alice.peer->last("pool_joined"));
  lobby_->run_wave();  // alone: nothing
  EXPECT_FALSE(alice.peer->last("paired"));
  say(bob, {{"t", "join_pool"}, {"time", "3+2"}, {"rated", true}});
  EXPECT_EQ(get("/api/lobby", "acct=bob").at("waiting").as_string(), "3+2 rated");
  lobby_->run_wave();
  ASSERT_TRUE(alice.peer->last("paired"));
  EXPECT_EQ(alice.peer->last("paired")->at("opponent").as_string(), "bob");
  EXPECT_EQ(games_.created.back().time, "3+2");
  EXPECT_FALSE(games_.created.back().casual);
  // Both back with carol and dave: alice and bob are not paired again.
  Client carol = connect("acct=carol");
  Client dave = connect("acct=dave");
  for (Client* c : {&alice, &bob, &carol, &dave}) say(*c, {{"t", "join_pool"}, {"time", "3+2"}, {"rated", true}});
  lobby_->run_wave();
  EXPECT_NE(alice.peer->last("paired")->at("opponent").as_string(), "bob");
  EXPECT_EQ(carol.peer->all("paired").size(), 1u);
  EXPECT_EQ(dave.peer->all("paired").size(), 1u);
  // Anonymous players wait in the casual pools only.
  Client anon = connect(kBobAnon);
  say(anon, {{"t", "join_pool"}, {"time", "3+2"}, {"rated", true}});
  EXPECT_EQ(anon.peer->last("error")->at("code").as_string(), "account_required");
  say(anon, {{"t", "join_pool"}, {"time", "4+4"}});
  EXPECT_EQ(anon.peer->last("error")->at("code").as_string(), "unknown_pool");
  say(anon, {{"t", "join_pool"}, {"time", "1+0"}});
  say(anon, {{"t", "leave_pool"}});
  EXPECT_TRUE(get("/api/lobby", kBobAnon).at("waiting").is_null());
}

// With an io_context, the public updates of one batch interval go out as one message.
TEST(LobbyBatching, PublicUpdatesAreGathered) {
  boost::asio::io_context io;
  FakeGames games;
  LobbyServiceOptions options;
  options.identities = std::make_shared<FakeAccounts>();
  options.io = &io;
  options.wave_interval = std::chrono::milliseconds(0);
  options.batch_interval = std::chrono::milliseconds(50);
  auto lobby = LobbyService::create(games, options);
  ASSERT_TRUE(lobby);
  auto alice = std::make_shared<LobbyPeer>("acct=alice");
  auto watcher = std::make_shared<LobbyPeer>(kBobAnon);
  auto alice_session = (*lobby)->open("/ws/lobby", alice);
  ASSERT_TRUE((*lobby)->open("/ws/lobby", watcher));
  for (const char* time : {"1+0", "3+0", "5+0"})
    (*lobby)->message(*alice_session, json::serialize(json::object{{"t", "seek"}, {"time", time}}));
  EXPECT_TRUE(watcher->all("seek").empty());  // not yet: gathered
  // The seeker is answered at once, on its own socket: its three seeks, before any batch.
  EXPECT_EQ(alice->all("seek").size(), 3u);
  EXPECT_TRUE(alice->all("updates").empty());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!watcher->last("updates") && std::chrono::steady_clock::now() < deadline)
    io.run_one_for(std::chrono::milliseconds(20));
  auto updates = watcher->last("updates");
  ASSERT_TRUE(updates);
  ASSERT_EQ(updates->at("events").as_array().size(), 3u);
  EXPECT_EQ(updates->at("events").as_array()[2].at("seek").at("time").as_string(), "5+0");
  EXPECT_EQ(watcher->all("updates").size(), 1u);
  (*lobby)->shutdown();
}

TEST_F(LobbyServiceTest, PassesEverythingElseToTheGames) {
  EXPECT_EQ(lobby_->http({"GET", "/api/games/x", ""}).status, 404);
  EXPECT_EQ(lobby_->open("/ws/abc", std::make_shared<LobbyPeer>("")), nullptr);
}

}  // namespace
}  // namespace tabiya::server::testing
