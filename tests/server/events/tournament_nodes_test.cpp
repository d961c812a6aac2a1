// Two nodes, each a game service with the tournaments on top, sharing their events in one PostgreSQL
// database (tournament_storage_postgres.cpp). A pairing made on one node is what the other shows; two arbiters'
// publish requests on both nodes at once pair the round once (the event's advisory lock); a result from a game
// that ended on the other node, or entered there, reaches the event; the same for a team event; a save over a
// version the writer did not read is refused. And a Swiss of six over three nodes, paired and finished.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "server/events/tournament_service.h"
#include "support/event_store_param.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

struct Node {
  boost::asio::io_context io;
  std::unique_ptr<GameService> games;
  std::unique_ptr<TournamentService> tournaments;
};

class TournamentNodesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    url_ = fresh_event_database();
    ASSERT_FALSE(url_.empty());
    start(a_);
    start(b_);
  }
  void TearDown() override {
    for (Node* n : {&a_, &b_, &c_}) {
      n->tournaments.reset();
      n->games.reset();
    }
  }
  void start(Node& n) {
    GameServiceOptions options;
    options.store = make_memory_store();
    options.time = clock_;
    options.robot_threads = 1;
    options.ping_interval = std::chrono::milliseconds(0);
    options.review.engine = "tabiya";
    options.log = [](const std::string&) {};
    options.on_game_end = [&n](const std::string& id, const GameEnding& ending) {
      if (n.tournaments) n.tournaments->game_ended(id, ending);
    };
    auto g = GameService::create(n.io, options);
    ASSERT_TRUE(g) << g.error().message;
    n.games = std::move(*g);
    TournamentServiceOptions t;
    t.event_store = event_store_for(EventBackend::postgres, url_);
    ASSERT_NE(t.event_store, nullptr);
    t.random = [] { return uint64_t{42}; };
    t.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_.push_back(line);
    };
    auto made = TournamentService::create(*n.games, t);
    ASSERT_TRUE(made) << made.error().message;
    n.tournaments = std::move(*made);
  }
  static void settle(Node& n) {
    for (;;) {
      n.games->wait_for_store();
      n.io.restart();
      if (n.io.poll() == 0) return;
    }
  }
  static HttpAnswer call(Node& n, const std::string& method, const std::string& target, const std::string& body = "") {
    HttpAnswer answer = n.tournaments->http({method, target, body});
    settle(n);
    return answer;
  }
  static json::object post(Node& n, const std::string& target, const json::object& body, int expected) {
    HttpAnswer a = call(n, "POST", target, json::serialize(body));
    EXPECT_EQ(a.status, expected) << target << " " << json::serialize(body) << " -> " << a.body;
    json::error_code ec;
    json::value v = json::parse(a.body, ec);
    return v.is_object() ? v.as_object() : json::object{};
  }
  static json::object event(Node& n, const std::string& id) {
    HttpAnswer a = call(n, "GET", "/api/tournaments/" + id);
    EXPECT_EQ(a.status, 200) << a.body;
    json::error_code ec;
    json::value v = json::parse(a.body, ec);
    return v.is_object() ? v.as_object() : json::object{};
  }
  static std::string str(const json::value& v) { return std::string(v.as_string()); }
  // A metric of the node's games or its events (each module writes its own).
  static int64_t metric(Node& n, const std::string& name) {
    std::string metrics;
    n.games->write_metrics(metrics);
    n.tournaments->write_metrics(metrics);
    const auto at = metrics.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stoll(metrics.substr(at + name.size() + 2));
  }
  static int64_t games_started(Node& n) { return metric(n, "tabiya_tournament_games_started_total"); }
  static int64_t games_created(Node& n) { return metric(n, "tabiya_games_created_total"); }

  struct Made {
    std::string id, arbiter, join;
  };
  // A round robin of four created on `creator`, two players joining on each node, registration closed on B.
  Made closed_event(Node& creator) {
    json::object created =
        post(creator, "/api/tournaments",
             {{"v", 1}, {"name", "Two Nodes Open"}, {"system", "round-robin"}, {"time", "5+3"}, {"rules", "fide-2018"}},
             201);
    Made m{str(created.at("id")), str(created.at("arbiter")), str(created.at("join"))};
    const char* names[] = {"Anna", "Bjorn", "Carl", "Dina"};
    for (int i = 0; i < 4; ++i)
      post(i % 2 == 0 ? a_ : b_, "/api/tournaments/" + m.id + "/join",
           {{"code", m.join}, {"name", names[i]}, {"rating", 2000 - 50 * i}}, 201);
    post(b_, "/api/tournaments/" + m.id + "/close", {{"token", m.arbiter}}, 200);
    return m;
  }

  std::shared_ptr<ManualTimeSource> clock_ = std::make_shared<ManualTimeSource>(Millis{1'000'000});
  std::string url_;
  Node a_, b_;
  Node c_;  // started by the tests of three nodes
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

TEST_F(TournamentNodesTest, APairingMadeOnNodeAIsWhatNodeBShows) {
  Made m = closed_event(a_);
  EXPECT_EQ(event(b_, m.id).at("players").as_array().size(), 4u);
  post(a_, "/api/tournaments/" + m.id + "/publish", {{"token", m.arbiter}}, 200);
  json::object on_a = event(a_, m.id), on_b = event(b_, m.id);
  EXPECT_EQ(on_b.at("published").as_int64(), 1);
  EXPECT_EQ(on_b.at("pairings"), on_a.at("pairings"));
  EXPECT_EQ(on_b.at("version"), on_a.at("version"));
  ASSERT_EQ(on_b.at("pairings").as_array().at(0).at("boards").as_array().size(), 2u);
  // The TRF export is the same from either node.
  EXPECT_EQ(call(a_, "GET", "/api/tournaments/" + m.id + "/trf").body,
            call(b_, "GET", "/api/tournaments/" + m.id + "/trf").body);
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_F(TournamentNodesTest, PublishRequestsOnBothNodesAtOncePairTheRoundOnce) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    Made m = closed_event(attempt % 2 == 0 ? a_ : b_);
    const int64_t started_before = games_started(a_) + games_started(b_);
    const std::string body = json::serialize(json::object{{"token", m.arbiter}});
    const std::string target = "/api/tournaments/" + m.id + "/publish";
    std::atomic<int> ready{0};
    HttpAnswer answers[2];
    auto publish = [&](Node& n, HttpAnswer& out) {
      ++ready;
      while (ready.load() < 2) std::this_thread::yield();
      out = n.tournaments->http({"POST", target, body});
    };
    std::thread on_a(publish, std::ref(a_), std::ref(answers[0]));
    std::thread on_b(publish, std::ref(b_), std::ref(answers[1]));
    on_a.join();
    on_b.join();
    settle(a_);
    settle(b_);
    // One of them paired round 1; the other, coming second, found it paired and unfinished.
    const int won = (answers[0].status == 200) + (answers[1].status == 200);
    EXPECT_EQ(won, 1) << answers[0].body << " | " << answers[1].body;
    for (const HttpAnswer& a : answers)
      if (a.status != 200) {
        EXPECT_EQ(a.status, 409) << a.body;
        EXPECT_NE(a.body.find("round_unfinished"), std::string::npos) << a.body;
      }
    // Two boards: two games in all, on either node, and both nodes show the same ones.
    EXPECT_EQ(games_started(a_) + games_started(b_) - started_before, 2);
    EXPECT_EQ(event(a_, m.id).at("pairings"), event(b_, m.id).at("pairings"));
    EXPECT_EQ(event(a_, m.id).at("published").as_int64(), 1);
  }
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_F(TournamentNodesTest, ResultsFromAGameEndedOnNodeBOrEnteredThereReachTheEventOnNodeA) {
  Made m = closed_event(a_);
  post(a_, "/api/tournaments/" + m.id + "/publish", {{"token", m.arbiter}}, 200);
  const json::array boards = event(a_, m.id).at("pairings").as_array().at(0).at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  // The first board's game ends on node B (its owner there): B's game-end hook finds the event in the store.
  const std::string game = str(boards.at(0).at("game"));
  b_.tournaments->game_ended(game, GameEnding{"0-1", "resignation", true});
  settle(b_);
  // The arbiter enters the second board's result on B.
  post(b_, "/api/tournaments/" + m.id + "/result",
       {{"token", m.arbiter}, {"round", 1}, {"white", boards.at(1).at("white")}, {"result", "1/2"}}, 200);
  json::object on_a = event(a_, m.id);
  const json::array& now = on_a.at("pairings").as_array().at(0).at("boards").as_array();
  EXPECT_EQ(str(now.at(0).at("result")), "0-1");
  EXPECT_EQ(str(now.at(1).at("result")), "1/2");
  // The round is complete on every node: A publishes the next one.
  EXPECT_EQ(post(a_, "/api/tournaments/" + m.id + "/publish", {{"token", m.arbiter}}, 200).at("round").as_int64(), 2);
  // The same game's end reported again (as both nodes might) changes nothing.
  const int64_t version = event(a_, m.id).at("version").as_int64();
  a_.tournaments->game_ended(game, GameEnding{"1-0", "resignation", true});
  EXPECT_EQ(event(b_, m.id).at("version").as_int64(), version);
  EXPECT_TRUE(log_.empty()) << log_.front();
}

// Three nodes, a Swiss of six players over two rounds: players join on every node, round 1 is paired on A and
// round 2 on C (each node starts the games of the rounds it pairs, as the owner of their leases in a cluster), each
// board's end is reported by a different node, and every node shows the same event at every step.
TEST_F(TournamentNodesTest, ASwissOfSixOnThreeNodesIsPairedAndFinished) {
  start(c_);
  Node* nodes[] = {&a_, &b_, &c_};
  json::object created = post(c_, "/api/tournaments",
                              {{"v", 1},
                               {"name", "Three Nodes Swiss"},
                               {"system", "swiss-dutch"},
                               {"rounds", 2},
                               {"time", "5+3"},
                               {"rules", "fide-2018"}},
                              201);
  const std::string id = str(created.at("id")), arbiter = str(created.at("arbiter"));
  const std::string base = "/api/tournaments/" + id;
  const char* names[] = {"Anna", "Bjorn", "Carl", "Dina", "Emil", "Fay"};
  for (int i = 0; i < 6; ++i)
    post(*nodes[i % 3], base + "/join",
         {{"code", str(created.at("join"))}, {"name", names[i]}, {"rating", 2100 - 40 * i}}, 201);
  post(b_, base + "/close", {{"token", arbiter}}, 200);
  auto same_everywhere = [&] {
    const json::object on_a = event(a_, id);
    for (Node* n : {&b_, &c_}) {
      const json::object there = event(*n, id);
      EXPECT_EQ(there.at("pairings"), on_a.at("pairings"));
      EXPECT_EQ(there.at("version"), on_a.at("version"));
    }
    return on_a;
  };
  std::set<std::pair<std::string, std::string>> met;  // who played whom, either colour
  auto play_round = [&](Node& pairer, int round) {
    const int64_t created_before = games_created(pairer);
    EXPECT_EQ(post(pairer, base + "/publish", {{"token", arbiter}}, 200).at("round").as_int64(), round);
    EXPECT_EQ(games_created(pairer) - created_before, 3);  // three boards, their games started by the pairer
    const json::array boards = same_everywhere().at("pairings").as_array().at(round - 1).at("boards").as_array();
    EXPECT_EQ(boards.size(), 3u);
    const char* scores[] = {"1-0", "0-1", "1/2-1/2"};
    for (std::size_t b = 0; b < boards.size() && b < 3; ++b) {
      // By value: std::minmax of two temporaries would hold references to strings already gone.
      std::string white = json::serialize(boards.at(b).at("white")), black = json::serialize(boards.at(b).at("black"));
      std::pair<std::string, std::string> pair = white < black ? std::pair{white, black} : std::pair{black, white};
      EXPECT_TRUE(met.insert(pair).second) << "a rematch on board " << b + 1 << " of round " << round;
      // Board b's game ends on node b: the first on its starter, the others elsewhere.
      nodes[b]->tournaments->game_ended(str(boards.at(b).at("game")), GameEnding{scores[b], "resignation", true});
      settle(*nodes[b]);
    }
    const json::array done = same_everywhere().at("pairings").as_array().at(round - 1).at("boards").as_array();
    for (const json::value& b : done) EXPECT_FALSE(b.at("result").is_null()) << json::serialize(b);
  };
  play_round(a_, 1);
  play_round(c_, 2);
  EXPECT_EQ(met.size(), 6u);
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_F(TournamentNodesTest, ATeamEventIsSharedTooItsRoundPairedOnceAndItsResultsFromEitherNode) {
  json::object created = post(
      a_, "/api/tournaments",
      {{"v", 1}, {"name", "Two Nodes League"}, {"system", "team-round-robin"}, {"boards", 2}, {"time", "5+3"}}, 201);
  const std::string id = str(created.at("id")), arbiter = str(created.at("arbiter"));
  const std::string base = "/api/tournaments/" + id;
  // The teams are registered on B, which has not seen the event yet.
  for (const std::string team : {"Rooks", "Knights"}) {
    json::array players;
    for (int i = 1; i <= 2; ++i)
      players.push_back(json::object{{"name", team + " " + std::to_string(i)}, {"rating", 2000 - i}});
    post(b_, base + "/teams", {{"token", arbiter}, {"name", team}, {"players", players}}, 201);
  }
  post(a_, base + "/close", {{"token", arbiter}}, 200);
  // Both nodes publish at once: one match of two boards, two games in all.
  const int64_t created_before = games_created(a_) + games_created(b_);
  const std::string body = json::serialize(json::object{{"token", arbiter}});
  std::atomic<int> ready{0};
  HttpAnswer answers[2];
  auto publish = [&](Node& n, HttpAnswer& out) {
    ++ready;
    while (ready.load() < 2) std::this_thread::yield();
    out = n.tournaments->http({"POST", base + "/publish", body});
  };
  std::thread on_a(publish, std::ref(a_), std::ref(answers[0]));
  std::thread on_b(publish, std::ref(b_), std::ref(answers[1]));
  on_a.join();
  on_b.join();
  settle(a_);
  settle(b_);
  EXPECT_EQ((answers[0].status == 200) + (answers[1].status == 200), 1) << answers[0].body << " | " << answers[1].body;
  json::object on_a_now = event(a_, id), on_b_now = event(b_, id);
  EXPECT_EQ(on_a_now.at("pairings"), on_b_now.at("pairings"));
  const json::array& boards =
      on_a_now.at("pairings").as_array().at(0).at("matches").as_array().at(0).at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  int started = 0;
  for (const json::value& b : boards) started += b.at("game").is_string();
  EXPECT_EQ(started, 2);
  EXPECT_EQ(games_created(a_) + games_created(b_) - created_before, 2);
  // The first board's game ends on whichever node did not start it; the result reaches the other.
  Node& ender = answers[0].status == 200 ? b_ : a_;
  Node& starter = answers[0].status == 200 ? a_ : b_;
  ender.tournaments->game_ended(str(boards.at(0).at("game")), GameEnding{"1-0", "resignation", true});
  settle(ender);
  const json::object later = event(starter, id);
  const json::array& after =
      later.at("pairings").as_array().at(0).at("matches").as_array().at(0).at("boards").as_array();
  EXPECT_FALSE(after.at(0).at("result").is_null());
  EXPECT_TRUE(after.at(1).at("result").is_null());
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_F(TournamentNodesTest, TheStoreRefusesASaveOverAVersionItDidNotRead) {
  auto store = open_postgres_event_store(url_);
  ASSERT_TRUE(store) << store.error().message;
  EventFileStore& s = **store;
  auto event = [](int64_t version, const std::string& text) {
    return StoredEvent{EventKind::individual, "Ev3nt", text, version, {}};
  };
  ASSERT_TRUE(s.save(event(2, "first"), 0, {"g1"}));
  auto again = s.save(event(2, "another first"), 0, {});
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("Ev3nt"), std::string::npos) << again.error().message;
  ASSERT_TRUE(s.save(event(3, "second"), 2, {"g2"}));
  // A node that read version 2 and saves after another node's version 3: refused, version 3 stays.
  auto stale = s.save(event(3, "stale second"), 2, {"g3"});
  ASSERT_FALSE(stale);
  EXPECT_NE(stale.error().message.find("stored version is 3, not 2"), std::string::npos) << stale.error().message;
  auto held = s.load_if_newer("Ev3nt", 2);
  ASSERT_TRUE(held && held->has_value());
  EXPECT_EQ((*held)->text, "second");
  EXPECT_EQ((*held)->version, 3);
  auto current = s.load_if_newer("Ev3nt", 3);
  ASSERT_TRUE(current);
  EXPECT_FALSE(current->has_value());
  // The games of the saves that went through are the event's; the refused save's are not.
  for (const char* game : {"g1", "g2"}) {
    auto found = s.event_of_game(game);
    ASSERT_TRUE(found && found->has_value()) << game;
    EXPECT_EQ((*found)->second, "Ev3nt");
  }
  auto refused = s.event_of_game("g3");
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->has_value());
}

}  // namespace
}  // namespace tabiya::server::testing
