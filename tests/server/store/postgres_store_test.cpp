// The PostgreSQL store's own behaviour beyond the contract (store_contract_test.cpp): a commit whose answer is
// lost with its connection. A proxy between the store and PostgreSQL swallows PostgreSQL's answer to one commit
// and cuts the connection: the commit was durable, so the store must say so (checked on a new connection), or
// the game would stay one action behind its store and every later move would be refused.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "server/store/game_store.h"
#include "server/store/postgres_connection.h"
#include "support/database_servers.h"
#include "support/migrated_database.h"

namespace tabiya::server::testing {
namespace {

using K = StoreWrite::Kind;

// Forwards connections from its own loopback port to `target_port`; once armed, the next bytes the server sends
// are dropped and that connection is closed on both sides.
class CuttingProxy {
 public:
  explicit CuttingProxy(int target_port) : target_port_(target_port) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    ::listen(listener_, 16);
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
  }
  ~CuttingProxy() {
    stopping_ = true;
    ::shutdown(listener_, SHUT_RDWR);
    acceptor_.join();
    ::close(listener_);
    std::lock_guard lock(mutex_);
    for (auto& t : pumps_) t.join();
  }
  int port() const { return port_; }
  void arm() { armed_ = true; }
  bool fired() const { return fired_; }

 private:
  void accept_loop() {
    while (!stopping_) {
      const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (client < 0) return;
      const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      address.sin_port = htons(uint16_t(target_port_));
      if (::connect(server, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(client);
        ::close(server);
        continue;
      }
      std::lock_guard lock(mutex_);
      pumps_.emplace_back([this, client, server] { pump(client, server); });
    }
  }
  void pump(int client, int server) {
    char buffer[65536];
    while (!stopping_) {
      pollfd fds[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
      if (::poll(fds, 2, 50) <= 0) continue;
      if (fds[0].revents) {
        const ssize_t n = ::read(client, buffer, sizeof buffer);
        if (n <= 0 || ::write(server, buffer, std::size_t(n)) != n) break;
      }
      if (fds[1].revents) {
        const ssize_t n = ::read(server, buffer, sizeof buffer);
        if (n <= 0) break;
        if (armed_.exchange(false)) {
          fired_ = true;
          break;  // the answer is lost with the connection
        }
        if (::write(client, buffer, std::size_t(n)) != n) break;
      }
    }
    ::close(client);
    ::close(server);
  }

  int target_port_, port_ = 0, listener_ = -1;
  std::atomic<bool> stopping_{false}, armed_{false}, fired_{false};
  std::thread acceptor_;
  std::mutex mutex_;
  std::vector<std::thread> pumps_;
};

TEST(PostgresStore, ACommitWhoseAnswerIsLostWithItsConnectionCountsIfItLanded) {
  auto url = tabiya::testing::fresh_migrated_database();
  ASSERT_TRUE(url) << url.error().message;
  const std::string database = url->substr(url->rfind('/') + 1);
  CuttingProxy proxy(tabiya::testing::shared_postgres().port());
  auto store = open_postgres_store(std::string("postgresql://tabiya@127.0.0.1:") + std::to_string(proxy.port()) + "/" +
                                   database);
  ASSERT_TRUE(store) << store.error().message;

  ASSERT_TRUE((*store)->commit({{K::CREATE, "g1", "{}", 0, 0}}));
  proxy.arm();
  auto landed = (*store)->commit({{K::APPEND, "g1", "s w 0", 0, 1}, {K::APPEND, "g1", "m w 5 e2e4", 1, 2}});
  EXPECT_TRUE(proxy.fired());
  EXPECT_TRUE(landed) << landed.error().message;
  // The store goes on, on a new connection, and holds the commit once.
  ASSERT_TRUE((*store)->commit({{K::APPEND, "g1", "m b 7 e7e5", 2, 3}}));
  auto g1 = (*store)->load("g1");
  ASSERT_TRUE(g1 && g1->has_value());
  EXPECT_EQ((*g1)->actions, (std::vector<std::string>{"s w 0", "m w 5 e2e4", "m b 7 e7e5"}));
  EXPECT_EQ((*g1)->seq, 3);
}

TEST(PostgresStore, ACommitLostBeforeItRanIsRefused) {
  auto url = tabiya::testing::fresh_migrated_database();
  ASSERT_TRUE(url) << url.error().message;
  auto db = PgConnection::open(*url);  // to end the store's sessions
  ASSERT_TRUE(db) << db.error().message;
  auto store = open_postgres_store(*url);
  ASSERT_TRUE(store) << store.error().message;
  ASSERT_TRUE((*store)->commit({{K::CREATE, "g1", "{}", 0, 0}}));
  // The server ends every session (as at a restart; waiting until they are gone): the next commit notices,
  // reconnects and goes through.
  ASSERT_TRUE(
      (*db)->exec("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = current_database()"
                  " AND pid <> pg_backend_pid()",
                  "end the store's sessions"));
  auto after = (*store)->commit({{K::APPEND, "g1", "s w 0", 0, 1}});
  EXPECT_TRUE(after) << after.error().message;
  // A refusal by PostgreSQL itself (out of order) is a refusal, not a lost answer.
  EXPECT_FALSE((*store)->commit({{K::APPEND, "g1", "m w 5 e2e4", 5, 2}}));
  auto g1 = (*store)->load("g1");
  ASSERT_TRUE(g1 && g1->has_value());
  EXPECT_EQ((*g1)->actions, std::vector<std::string>{"s w 0"});
}

// A commit fences each of its games (a FOR SHARE lock on the lease row) while the lease connection renews every
// lease (an UPDATE of the same rows): locked in different orders, each could hold a row the other waits for, and
// PostgreSQL would break that deadlock only after a second by failing one of them (found under load: a renewal
// failed and every move waited a second). Here the commits name their games in the reverse of the renewal's
// order, many times over; every call must succeed.
TEST(PostgresStore, CommitsAndLeaseRenewalsNeverDeadlock) {
  auto url = tabiya::testing::fresh_migrated_database();
  ASSERT_TRUE(url) << url.error().message;
  auto store = open_postgres_store(*url);
  ASSERT_TRUE(store) << store.error().message;
  constexpr int GAMES = 40, ROUNDS = 150;
  std::vector<HeldLease> held;
  for (int i = 0; i < GAMES; ++i) {
    char id[8];
    std::snprintf(id, sizeof id, "g%02d", i);
    ASSERT_TRUE((*store)->commit({{K::CREATE, id, "{}", 0, 0}}));
    auto epoch = (*store)->acquire_lease(id, "n1", 1000, 60000);
    ASSERT_TRUE(epoch && epoch->has_value());
    held.push_back({id, **epoch});
  }
  std::atomic<int> failures{0};
  std::string first_failure;
  std::mutex failure_mutex;
  auto failed = [&](const std::string& what) {
    std::lock_guard lock(failure_mutex);
    if (failures.fetch_add(1) == 0) first_failure = what;
  };
  std::thread renewer([&] {
    for (int r = 0; r < ROUNDS; ++r) {
      auto renewed = (*store)->renew_leases("n1", held, 2000 + r, 60000);
      if (!renewed) failed(renewed.error().message);
      else if (renewed->size() != held.size()) failed("a lease was not renewed");
    }
  });
  for (int r = 0; r < ROUNDS; ++r) {
    std::vector<StoreWrite> batch;
    for (int i = GAMES - 1; i >= 0; --i) {
      StoreWrite w{K::APPEND, held[i].game, "m w 5 e2e4", r, r + 1};
      w.epoch = held[i].epoch;
      batch.push_back(w);
    }
    auto done = (*store)->commit(batch);
    if (!done) failed(done.error().message);
  }
  renewer.join();
  EXPECT_EQ(failures.load(), 0) << first_failure;
  auto g = (*store)->load("g00");
  ASSERT_TRUE(g && g->has_value());
  EXPECT_EQ((*g)->actions.size(), std::size_t(ROUNDS));
}

}  // namespace
}  // namespace tabiya::server::testing
