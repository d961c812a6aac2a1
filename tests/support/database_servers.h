// PostgreSQL and Redis servers that the tests start themselves from the Debian
// binaries, each in a temporary directory, listening on an OS-chosen loopback
// port, and stop at the end. Starting PostgreSQL costs an initdb (about a
// second), so one server serves the whole test binary run (shared_postgres())
// and each test takes a fresh database of its own (fresh_database()); a test
// that stops or restarts a server starts its own.
//
// As root: PostgreSQL refuses to run as root, so initdb and postgres run as the
// user `tabiya-test` if it exists, otherwise `nobody` (child_process.h); the
// temporary directory is chowned to that user.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "core/result.h"
#include "support/child_process.h"

namespace tabiya::testing {

class PostgresServer {
 public:
  // initdb in a new temporary directory, then start(); fsync stays on, as in production.
  static Result<std::unique_ptr<PostgresServer>> create();
  ~PostgresServer();
  // Starts the server on its port (the first start picks one) and waits until it accepts connections.
  Result<bool> start();
  // Fast shutdown (SIGINT: sessions are ended, the data is kept).
  void stop();
  bool running() { return process_.running(); }
  int port() const { return port_; }
  // A libpq URL for `database` (the superuser `tabiya`, no password: trust on loopback).
  std::string url(const std::string& database) const;
  // CREATE DATABASE with a name unique in this run; returns its URL.
  Result<std::string> fresh_database();

 private:
  PostgresServer() = default;
  std::filesystem::path dir_;
  int port_ = 0;
  ChildProcess process_;
};

class RedisServer {
 public:
  // Nothing saved to disk (--save '' --appendonly no): a restart starts empty, as pub/sub needs nothing stored.
  static Result<std::unique_ptr<RedisServer>> create();
  ~RedisServer();
  Result<bool> start();
  void stop();
  bool running() { return process_.running(); }
  int port() const { return port_; }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }

 private:
  RedisServer() = default;
  std::filesystem::path dir_;
  int port_ = 0;
  ChildProcess process_;
};

// The run's shared PostgreSQL, started at the first call and stopped when the tests end. Throws
// std::runtime_error (the test fails with the reason) if it cannot start.
PostgresServer& shared_postgres();

}  // namespace tabiya::testing
