#include "support/database_servers.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>
#include <postgresql/libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace tabiya::testing {
namespace {

constexpr auto START_DEADLINE = std::chrono::seconds(30);
constexpr int PORT_ATTEMPTS = 4;  // a port taken between our look and the server's bind: try another

Result<std::filesystem::path> make_temp_dir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) return fail("cannot create a temporary directory " + pattern);
  return std::filesystem::path(pattern);
}

// Gives the directory tree to the user the server runs as.
Result<bool> give_to(const std::filesystem::path& dir, const std::optional<RunAs>& as) {
  if (!as) return true;
  if (::chown(dir.c_str(), as->uid, as->gid) != 0) return fail("cannot chown " + dir.string());
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (::chown(entry.path().c_str(), as->uid, as->gid) != 0) return fail("cannot chown " + entry.path().string());
  return true;
}

std::string log_tail(const std::filesystem::path& log) {
  std::FILE* f = std::fopen(log.c_str(), "r");
  if (!f) return {};
  std::string text;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
  std::fclose(f);
  return text.size() > 1500 ? text.substr(text.size() - 1500) : text;
}

}  // namespace

// --- PostgreSQL ---

Result<std::unique_ptr<PostgresServer>> PostgresServer::create() {
  auto dir = make_temp_dir("tabiya-pg");
  if (!dir) return dir.error();
  std::unique_ptr<PostgresServer> server(new PostgresServer());
  server->dir_ = *dir;
  const auto as = unprivileged_user();
  if (auto r = give_to(*dir, as); !r) return r.error();
  const std::filesystem::path log = *dir / "initdb.log";
  // --no-sync: initdb's own files need no flush for a throwaway cluster; the server below runs with fsync on.
  auto initdb = ChildProcess::start({postgres_bin_dir() + "/initdb", "-D", (*dir / "data").string(), "-U", "tabiya",
                                     "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"},
                                    log.string(), as);
  if (!initdb) return initdb.error();
  auto status = initdb->wait(std::chrono::seconds(120));
  if (!status || !WIFEXITED(*status) || WEXITSTATUS(*status) != 0)
    return fail("initdb in " + dir->string() + " failed: " + log_tail(log));
  if (auto r = server->start(); !r) return r.error();
  return server;
}

PostgresServer::~PostgresServer() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PostgresServer::url(const std::string& database) const {
  return std::string("postgresql://tabiya@127.0.0.1:") + std::to_string(port_) + "/" + database;
}

Result<bool> PostgresServer::start() {
  if (process_.running()) return true;
  const std::filesystem::path log = dir_ / "postgres.log";
  std::string last_error;
  for (int attempt = 0; attempt < PORT_ATTEMPTS; ++attempt) {
    if (port_ == 0 || attempt > 0) {
      auto port = free_loopback_port();
      if (!port) return port.error();
      port_ = *port;
    }
    auto child =
        ChildProcess::start({postgres_bin_dir() + "/postgres", "-D", (dir_ / "data").string(), "-k", dir_.string(),
                             "-p", std::to_string(port_), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=on", "-c",
                             "max_connections=60", "-c", "shared_buffers=16MB", "-c", "logging_collector=off"},
                            log.string(), unprivileged_user());
    if (!child) return child.error();
    process_ = std::move(*child);
    const std::string probe =
        std::string("host=127.0.0.1 port=") + std::to_string(port_) + " user=tabiya dbname=postgres";
    const auto end = std::chrono::steady_clock::now() + START_DEADLINE;
    while (std::chrono::steady_clock::now() < end && process_.running()) {
      if (PQping(probe.c_str()) == PQPING_OK) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    last_error = process_.running() ? "not accepting connections after 30 s" : "exited";
    process_.stop(SIGKILL);
  }
  return fail(std::string("postgres on 127.0.0.1:") + std::to_string(port_) + " " + last_error + ": " + log_tail(log));
}

void PostgresServer::stop() { process_.stop(SIGINT, std::chrono::seconds(20)); }

Result<std::string> PostgresServer::fresh_database() {
  static std::atomic<int> counter{0};
  std::string name = "t";
  name += std::to_string(::getpid());
  name += "_";
  name += std::to_string(++counter);
  PGconn* conn = PQconnectdb(url("postgres").c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn);
    PQfinish(conn);
    return fail("postgres: cannot connect to create a database: " + message);
  }
  PGresult* r = PQexec(conn, ("CREATE DATABASE " + name).c_str());
  const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
  std::string message = PQerrorMessage(conn);
  PQclear(r);
  PQfinish(conn);
  if (!ok) return fail("postgres: CREATE DATABASE " + name + ": " + message);
  return url(name);
}

// --- Redis ---

Result<std::unique_ptr<RedisServer>> RedisServer::create() {
  auto dir = make_temp_dir("tabiya-redis");
  if (!dir) return dir.error();
  std::unique_ptr<RedisServer> server(new RedisServer());
  server->dir_ = *dir;
  if (auto r = server->start(); !r) return r.error();
  return server;
}

RedisServer::~RedisServer() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

Result<bool> RedisServer::start() {
  if (process_.running()) return true;
  const std::filesystem::path log = dir_ / "redis.log";
  std::string last_error;
  for (int attempt = 0; attempt < PORT_ATTEMPTS; ++attempt) {
    if (port_ == 0 || attempt > 0) {
      auto port = free_loopback_port();
      if (!port) return port.error();
      port_ = *port;
    }
    auto child = ChildProcess::start(
        {"/usr/bin/redis-server", "--port", std::to_string(port_), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--daemonize", "no", "--dir", dir_.string(), "--protected-mode", "no"},
        log.string());
    if (!child) return child.error();
    process_ = std::move(*child);
    const auto end = std::chrono::steady_clock::now() + START_DEADLINE;
    while (std::chrono::steady_clock::now() < end && process_.running()) {
      timeval timeout{1, 0};
      redisContext* c = redisConnectWithTimeout("127.0.0.1", port_, timeout);
      bool ok = false;
      if (c && !c->err) {
        auto* reply = static_cast<redisReply*>(redisCommand(c, "PING"));
        ok = reply && reply->type == REDIS_REPLY_STATUS;
        if (reply) freeReplyObject(reply);
      }
      if (c) redisFree(c);
      if (ok) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    last_error = process_.running() ? "not answering after 30 s" : "exited";
    process_.stop(SIGKILL);
  }
  return fail(std::string("redis-server on 127.0.0.1:") + std::to_string(port_) + " " + last_error + ": " +
              log_tail(log));
}

void RedisServer::stop() { process_.stop(SIGTERM, std::chrono::seconds(10)); }

// --- the run's shared PostgreSQL ---

namespace {

std::mutex shared_mutex;
std::unique_ptr<PostgresServer> shared_server;

// Stops the shared server when the tests end (before static destruction, while gtest still reports).
class SharedServersEnvironment final : public ::testing::Environment {
 public:
  void TearDown() override {
    std::lock_guard lock(shared_mutex);
    shared_server.reset();
  }
};

[[maybe_unused]] const auto* registered = ::testing::AddGlobalTestEnvironment(new SharedServersEnvironment);

}  // namespace

PostgresServer& shared_postgres() {
  std::lock_guard lock(shared_mutex);
  if (!shared_server) {
    auto created = PostgresServer::create();
    if (!created) throw std::runtime_error(created.error().message);
    shared_server = std::move(*created);
  }
  return *shared_server;
}

}  // namespace tabiya::testing
