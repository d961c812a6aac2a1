// Several nodes with real processes: `tabiya serve` nodes sharing one PostgreSQL database and one Redis, each game run
// by the node holding its lease (2 s here), sockets on any node. A node is killed (SIGKILL) or paused (SIGSTOP)
// as a machine would die or hang; the others take its games over from the store.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdio>

#include "server/cluster/owner_relay.h"
#include "server/store/game_store.h"
#include "support/database_servers.h"
#include "support/migrated_database.h"
#include "support/network_test_support.h"
#include "support/tabiya_node.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

// One WebSocket client of a node, reading with deadlines.
class Player {
 public:
  Player(int port, const std::string& game, std::vector<std::string> seats = {}) : port_(port), game_(game) {
    connected = connect(std::move(seats));
  }
  bool connected = false;  // the first connection's state came
  // Opens the socket and says hello with `seats`; true once the state is in.
  bool connect(std::vector<std::string> seats) {
    websocket::response_type res;
    ws_ = open_websocket(ioc_, uint16_t(port_), "127.0.0.1:" + std::to_string(port_), "/ws/" + game_, res);
    if (!ws_) {
      closed_with = int(res.result_int());
      return false;
    }
    json::array a;
    for (auto& s : seats) a.emplace_back(s);
    seats_ = std::move(seats);
    send(json::serialize(json::object{{"t", "hello"}, {"v", 1}, {"seats", a}}));
    return until([](const json::object& m) { return m.at("t").as_string() == "state"; }).has_value();
  }
  bool reconnect() { return connect(seats_); }
  void send(const std::string& text) {
    if (!ws_) return;
    beast::error_code ec;
    ws_->write(asio::buffer(text), ec);
  }
  void move(const std::string& uci, int ply, int req) {
    send(R"({"t":"move","req":)" + std::to_string(req) + R"(,"uci":")" + uci + R"(","ply":)" + std::to_string(ply) +
         "}");
  }
  // Reads until a message satisfies `wanted` (kept in `seen`); nullopt on close or deadline (`closed_with` then).
  std::optional<json::object> until(const std::function<bool(const json::object&)>& wanted,
                                    std::chrono::seconds deadline = std::chrono::seconds(30)) {
    if (!ws_) return std::nullopt;
    beast::get_lowest_layer(*ws_).expires_after(deadline);
    for (;;) {
      beast::flat_buffer buffer;
      beast::error_code ec;
      ws_->read(buffer, ec);
      if (ec == websocket::error::closed) {
        closed_with = ws_->reason().code;
        return std::nullopt;
      }
      if (ec) {
        closed_with = -1;
        return std::nullopt;
      }
      json::object m = json::parse(beast::buffers_to_string(buffer.data())).as_object();
      if (m.at("t").as_string() == "ping") {
        send(json::serialize(json::object{{"t", "pong"}, {"n", m.at("n")}}));
        continue;
      }
      seen.push_back(m);
      if (wanted(m)) return m;
    }
  }
  // The next event of `type` (and `ply`); nullopt at an error message (kept in `seen`), a close or the deadline.
  std::optional<json::object> event(const std::string& type, std::optional<int64_t> ply = std::nullopt) {
    auto found = until([&](const json::object& m) {
      if (m.at("t").as_string() == "error") return true;
      if (m.at("t").as_string() != "event") return false;
      const json::object& e = m.at("e").as_object();
      return e.at("type").as_string() == type && (!ply || e.at("ply").as_int64() == *ply);
    });
    if (found && found->at("t").as_string() == "error") return std::nullopt;
    return found;
  }
  // Reads until the server closes the socket; its close code.
  int wait_closed() {
    until([](const json::object&) { return false; });
    return closed_with;
  }
  std::optional<json::object> last_state() const {
    for (auto it = seen.rbegin(); it != seen.rend(); ++it)
      if (it->at("t").as_string() == "state") return *it;
    return std::nullopt;
  }

  std::vector<json::object> seen;
  int closed_with = 0;

 private:
  asio::io_context ioc_;
  int port_;
  std::string game_;
  std::vector<std::string> seats_;
  std::unique_ptr<Ws> ws_;
};

class ClusterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto url = tabiya::testing::fresh_migrated_database();
    ASSERT_TRUE(url) << url.error().message;
    url_ = *url;
    auto redis = tabiya::testing::RedisServer::create();
    ASSERT_TRUE(redis) << redis.error().message;
    redis_ = std::move(*redis);
    for (const char* name : {"a", "b", "c"}) {
      auto node = tabiya::testing::TabiyaNode::start({"--store", url_, "--bus", redis_->url(), "--node-id", name,
                                                      "--lease-seconds", "2", "--clock-checkpoint", "1",
                                                      "--robot-threads", "1", "--game-threads", "2", "--threads", "1"});
      ASSERT_TRUE(node) << node.error().message;
      nodes_.push_back(std::move(*node));
    }
    auto store = open_postgres_store(url_);
    ASSERT_TRUE(store) << store.error().message;
    store_ = std::move(*store);
  }
  int port(int node) const { return nodes_[std::size_t(node)]->port(); }
  json::object create(int node, const std::string& body) {
    asio::io_context ioc;
    auto stream = connect_from(ioc, uint16_t(port(node)));
    auto res = exchange(*stream, "127.0.0.1:" + std::to_string(port(node)), "/api/games",
                        {{"Content-Type", "application/json"}}, http::verb::post, body);
    EXPECT_EQ(res.result_int(), 201u) << res.body();
    return res.result_int() == 201 ? json::parse(res.body()).as_object() : json::object{};
  }
  std::string metrics(int node) {
    asio::io_context ioc;
    auto stream = connect_from(ioc, uint16_t(port(node)));
    return exchange(*stream, "127.0.0.1:" + std::to_string(port(node)), "/metrics").body();
  }
  std::optional<GameLease> lease(const std::string& id) {
    auto l = store_->lease(id);
    return l ? *l : std::nullopt;
  }
  static std::string seat(const json::object& created, const char* color) {
    return std::string(created.at("seats").as_object().at(color).as_string());
  }
  static std::string id_of(const json::object& created) { return std::string(created.at("id").as_string()); }
  static int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
  }
  // 1. e4 e5, each move answered to its mover.
  static ::testing::AssertionResult play_e4_e5(Player& white, Player& black) {
    white.move("e2e4", 0, 1);
    if (!white.event("move", 1)) return ::testing::AssertionFailure() << "no answer to 1. e4";
    black.move("e7e5", 1, 2);
    if (!black.event("move", 2)) return ::testing::AssertionFailure() << "no answer to 1... e5";
    return ::testing::AssertionSuccess();
  }
  // The game moved to another owner: White's socket is closed for it (Black's may have been closed already) and
  // both reconnect. `white_moved`: when White's socket was closed.
  static ::testing::AssertionResult reconnect_both(Player& white, Player& black,
                                                   Clock::time_point* white_moved = nullptr) {
    if (const int closed = white.wait_closed(); closed != CLOSE_MOVED)
      return ::testing::AssertionFailure() << "White's socket closed with " << closed;
    if (white_moved) *white_moved = Clock::now();
    if (!white.reconnect()) return ::testing::AssertionFailure() << "White cannot reconnect";
    if (!(black.wait_closed() == CLOSE_MOVED || black.closed_with == -1))
      return ::testing::AssertionFailure() << "Black's socket closed with " << black.closed_with;
    if (!black.reconnect()) return ::testing::AssertionFailure() << "Black cannot reconnect";
    return ::testing::AssertionSuccess();
  }

  static constexpr const char* INVITE = R"({"v":1,"opponent":"invite","time":"5+0"})";
  // An invite game (created on node a) with White's socket on one node and Black's on another.
  struct InviteOnThreeNodes {
    InviteOnThreeNodes(const json::object& created, int white_port, int black_port)
        : id(id_of(created)),
          white(white_port, id, {seat(created, "white")}),
          black(black_port, id, {seat(created, "black")}) {}
    std::string id;
    Player white, black;
  };

  std::string url_;
  std::unique_ptr<tabiya::testing::RedisServer> redis_;
  std::vector<std::unique_ptr<tabiya::testing::TabiyaNode>> nodes_;
  std::unique_ptr<GameStore> store_;
};

TEST_F(ClusterTest, PlayersOnTwoNodesAndASpectatorOnAThirdPlayAGameToItsEnd) {
  json::object game = create(0, R"({"v":1,"opponent":"invite","time":"5+0"})");
  const std::string id = id_of(game);
  ASSERT_EQ(lease(id)->owner, "a");
  Player white(port(1), id, {seat(game, "white")});
  Player black(port(2), id, {seat(game, "black")});
  Player spectator(port(0), id);
  const char* moves[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
  for (int ply = 0; ply < 4; ++ply) {
    Player& mover = ply % 2 == 0 ? white : black;
    Player& other = ply % 2 == 0 ? black : white;
    mover.move(moves[ply], ply, 10 + ply);
    auto mine = mover.event("move", ply + 1);
    ASSERT_TRUE(mine) << "ply " << ply << " closed " << mover.closed_with;
    EXPECT_EQ(mine->at("req").as_int64(), 10 + ply);  // the owner's answer to this client's request
    ASSERT_TRUE(other.event("move", ply + 1)) << "ply " << ply;
  }
  auto end = spectator.event("end");
  ASSERT_TRUE(end);
  EXPECT_EQ(end->at("e").as_object().at("result").as_object().at("score").as_string(), "0-1");
  ASSERT_TRUE(white.event("end"));
  // The spectator's events came in order, none missing.
  std::vector<int64_t> seqs;
  for (const auto& m : spectator.seen)
    if (m.at("t").as_string() != "ping") seqs.push_back(m.at("seq").as_int64());
  for (std::size_t i = 1; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], seqs[i - 1] + 1) << i;
  auto stored = store_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_TRUE((*stored)->finished);
}

TEST_F(ClusterTest, ARobotGameOwnedByAnotherNode) {
  json::object game = create(0, R"({"v":1,"opponent":"robot","level":1,"color":"white","time":"5+0"})");
  const std::string id = id_of(game);
  Player player(port(1), id, {seat(game, "white")});
  ASSERT_TRUE(player.connected) << player.closed_with << "\n" << nodes_[1]->log() << "\n" << nodes_[0]->log();
  player.move("e2e4", 0, 1);
  ASSERT_TRUE(player.event("move", 1));
  ASSERT_TRUE(player.event("move", 2)) << "the robot on node a answers through node b";
  player.move(player.seen.back().at("e").as_object().at("uci").as_string() == "e7e5" ? "g1f3" : "d2d4", 2, 2);
  ASSERT_TRUE(player.event("move", 3));
  ASSERT_TRUE(player.event("move", 4));
  EXPECT_NE(metrics(0).find("tabiya_games_owned 1"), std::string::npos);
  EXPECT_NE(metrics(1).find("tabiya_relayed_sockets 1"), std::string::npos);
}

// Node a dies mid-game: a node holding one of the players' sockets takes the game over once its lease expires, the
// players reconnect, every acknowledged move is there, and the time without an owner is charged to nobody.
TEST_F(ClusterTest, AKilledOwnersGameResumesOnAnotherNode) {
  InviteOnThreeNodes game(create(0, INVITE), port(1), port(2));
  const std::string& id = game.id;
  Player &white = game.white, &black = game.black;
  ASSERT_TRUE(play_e4_e5(white, black));  // 1... e5 acknowledged: White's clock runs from here
  const auto acked = Clock::now();
  ASSERT_TRUE(white.event("move", 2));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // White thinks past a clock checkpoint (1 s)
  nodes_[0]->signal(SIGKILL);
  const int64_t think_before_kill = ms_since(acked);
  const auto killed = Clock::now();

  Clock::time_point moved;
  ASSERT_TRUE(reconnect_both(white, black, &moved));
  const int64_t without_owner = std::chrono::duration_cast<std::chrono::milliseconds>(moved - killed).count();
  const int64_t reconnecting = ms_since(moved);
  auto state = white.last_state();
  ASSERT_TRUE(state);
  const json::object& g = state->at("game").as_object();
  EXPECT_EQ(g.at("moves").as_array().size(), 2u);
  const json::object& clock = g.at("clock").as_object();
  EXPECT_EQ(clock.at("running").as_string(), "white");
  const int64_t charged = 300'000 - clock.at("white").as_int64();
  // White pays his think up to the kill at most (up to the last checkpoint), and what follows the takeover; the
  // lease's 2 s without an owner are not his.
  EXPECT_LE(charged, think_before_kill + reconnecting + 500) << "without an owner " << without_owner << " ms";
  // ...and at least his think up to the last checkpoint before the kill (a takeover refunds at most 1 s).
  EXPECT_GE(charged, think_before_kill - 1000 - 100);
  EXPECT_GE(without_owner, 1500);
  EXPECT_EQ(clock.at("black").as_int64(), 300'000);
  // The players are told the game was interrupted, and for how long: from the dead owner's last lease renewal
  // (at most lease / 3 before the kill) to the takeover (after the lease ran out, before the socket was moved).
  ASSERT_TRUE(state->contains("interrupted_ms")) << json::serialize(*state);
  const int64_t interrupted = state->at("interrupted_ms").as_int64();
  EXPECT_GE(interrupted, 2000);  // a whole lease
  EXPECT_LE(interrupted, without_owner + 2000 / 3 + 300);
  std::fprintf(stderr,
               "[figures] kill -9: %lld ms without an owner, %lld ms charged of a %lld ms think, interrupted_ms %lld\n",
               (long long)without_owner, (long long)charged, (long long)think_before_kill, (long long)interrupted);

  white.move("g1f3", 2, 3);
  ASSERT_TRUE(white.event("move", 3)) << white.closed_with;
  ASSERT_TRUE(black.event("move", 3));
  auto owner = lease(id);
  ASSERT_TRUE(owner);
  EXPECT_NE(owner->owner, "a");
  EXPECT_EQ(owner->epoch, 2);
  auto stored = store_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_NE((*stored)->actions.back().find("g1f3"), std::string::npos);
}

// The owner dies (kill -9) right after a move reaches it, before or while it is stored, before its answer: the
// client does not know whether the move counts. It reconnects and sends the move again unless the new state has
// it: the move is there exactly once, and an acknowledged move is never lost.
TEST_F(ClusterTest, AnOwnerKilledWithAMoveInFlightKeepsItExactlyOnce) {
  InviteOnThreeNodes game(create(0, INVITE), port(1), port(2));
  const std::string& id = game.id;
  Player &white = game.white, &black = game.black;
  ASSERT_TRUE(play_e4_e5(white, black));
  ASSERT_TRUE(white.event("move", 2));
  white.move("g1f3", 2, 3);
  nodes_[0]->signal(SIGKILL);  // the move is on its way, in the owner's queue, or being committed
  const bool acked = white.event("move", 3).has_value();  // its answer beat the kill, or not
  const int closed = acked ? white.wait_closed() : white.closed_with;
  EXPECT_EQ(closed, CLOSE_MOVED);
  ASSERT_TRUE(white.reconnect());
  const std::size_t after_reconnect = white.last_state()->at("game").as_object().at("moves").as_array().size();
  if (acked) {
    EXPECT_EQ(after_reconnect, 3u);  // acknowledged: stored
  }
  if (after_reconnect == 2) {
    white.move("g1f3", 2, 4);  // not there: the client sends it again
    ASSERT_TRUE(white.event("move", 3));
  } else {
    ASSERT_EQ(after_reconnect, 3u);
    white.move("g1f3", 2, 4);  // a client that missed the answer may send it again: refused, not played twice
    auto answer = white.until([](const json::object& m) { return m.at("t").as_string() != "state"; });
    ASSERT_TRUE(answer);
    EXPECT_EQ(answer->at("t").as_string(), "error") << json::serialize(*answer);
  }
  auto stored = store_->load(id);
  ASSERT_TRUE(stored && *stored);
  std::vector<std::string> moves;  // the stored moves ("m w 1234 e2e4"), without the other actions
  for (const std::string& a : (*stored)->actions)
    if (a.starts_with("m ")) moves.push_back(a.substr(a.rfind(' ') + 1));
  EXPECT_EQ(moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
  std::fprintf(stderr, "[figures] kill -9 with a move in flight: %s, stored after reconnection: %zu moves\n",
               acked ? "acknowledged before the kill" : "not acknowledged", after_reconnect);
}

// Node a is paused past its lease: another node takes the game, play goes on there; when a wakes up it may not
// write (fenced) and drops the game.
TEST_F(ClusterTest, APausedOwnerCannotWriteWhenItWakesAndDropsTheGame) {
  InviteOnThreeNodes game(create(0, INVITE), port(1), port(2));
  const std::string& id = game.id;
  Player &white = game.white, &black = game.black;
  ASSERT_TRUE(play_e4_e5(white, black));
  nodes_[0]->signal(SIGSTOP);
  ASSERT_TRUE(reconnect_both(white, black));
  white.move("g1f3", 2, 3);
  ASSERT_TRUE(white.event("move", 3));
  const std::string successor = lease(id)->owner;
  EXPECT_NE(successor, "a");

  nodes_[0]->signal(SIGCONT);  // a's clock checkpoint and its lease renewal are overdue: both come now
  ASSERT_TRUE(eventually([&] { return nodes_[0]->log().find("\"game_moved\"") != std::string::npos; },
                         std::chrono::seconds(20)))
      << nodes_[0]->log();
  EXPECT_NE(metrics(0).find("tabiya_games_owned 0"), std::string::npos);
  EXPECT_NE(metrics(0).find("tabiya_leases_lost_total"), std::string::npos);
  // Nothing a wrote after it woke reached the store: the game is as the successor left it.
  black.move("b8c6", 3, 4);
  ASSERT_TRUE(black.event("move", 4));
  auto stored = store_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_NE((*stored)->actions.back().find("b8c6"), std::string::npos);
  EXPECT_EQ(lease(id)->owner, successor);
  // A socket on a reaches the game through the successor.
  Player late(port(0), id);
  ASSERT_TRUE(late.last_state());
  EXPECT_EQ(late.last_state()->at("game").as_object().at("moves").as_array().size(), 4u);
}

// SIGTERM: the node stores what it has, releases its leases and exits; another node takes the game at once.
TEST_F(ClusterTest, ADrainingNodeHandsItsGamesOver) {
  InviteOnThreeNodes game(create(0, INVITE), port(1), port(2));  // Black stays connected, on node c
  const std::string& id = game.id;
  Player& white = game.white;
  white.move("e2e4", 0, 1);
  ASSERT_TRUE(white.event("move", 1));
  const auto stopping = Clock::now();
  nodes_[0]->stop();
  // Released, not left to expire: nobody holds it, or another node took it already (it takes the games nobody
  // owns every third of a lease, which can come before a's process has finished exiting on a busy machine).
  EXPECT_NE(lease(id)->owner, "a");
  EXPECT_EQ(white.wait_closed(), CLOSE_MOVED);
  ASSERT_TRUE(white.reconnect());
  std::fprintf(stderr, "[figures] drain: the game was back %lld ms after SIGTERM\n", (long long)ms_since(stopping));
  EXPECT_EQ(white.last_state()->at("game").as_object().at("moves").as_array().size(), 1u);
  // Handed over at once: no interruption to tell.
  EXPECT_FALSE(white.last_state()->contains("interrupted_ms"));
}

}  // namespace
}  // namespace tabiya::server::testing
