// One libpq connection that comes back by itself: a call finding it broken
// (PostgreSQL restarted, the network cut) connects again first, and a call
// that fails because the connection broke returns an error like any other, so
// the caller refuses what it was doing (the service answers with its storage
// error) and the next call tries again. Not thread-safe: one user at a time.
#pragma once

#include <postgresql/libpq-fe.h>

#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

// A query's rows; owns the PGresult.
class PgRows {
 public:
  explicit PgRows(PGresult* result) : result_(result, &PQclear) {}
  int rows() const { return PQntuples(result_.get()); }
  bool null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
  std::string text(int row, int column) const {
    return std::string(PQgetvalue(result_.get(), row, column), std::size_t(PQgetlength(result_.get(), row, column)));
  }
  int64_t integer(int row, int column) const { return std::stoll(text(row, column)); }

 private:
  std::unique_ptr<PGresult, void (*)(PGresult*)> result_;
};

class PgConnection {
 public:
  // Connects now; the URL is libpq's (postgresql://user:password@host:port/database?options).
  static Result<std::unique_ptr<PgConnection>> open(const std::string& url);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs `sql` (one statement or several: several run in one transaction), with no parameters.
  Result<bool> exec(const std::string& sql, const std::string& what);
  // One statement with text parameters $1, $2...; returns its rows (none for a command). `retry_if_broken`: a
  // read, safe to send again once on a new connection if the connection broke under it.
  Result<PgRows> query(const std::string& sql, const std::vector<std::string>& params, const std::string& what,
                       bool retry_if_broken = false);
  // A string as an SQL literal, quoted and escaped for this connection's encoding.
  Result<std::string> literal(const std::string& text);
  // True when the last call failed because the connection broke (the server may or may not have run it).
  bool broken() const { return !conn_ || PQstatus(conn_) != CONNECTION_OK; }
  // The URL with its password, if any, hidden: for messages.
  const std::string& name() const { return name_; }

 private:
  PgConnection(std::string url, std::string name) : url_(std::move(url)), name_(std::move(name)) {}
  // Connected, reconnecting first if the connection broke.
  Result<PGconn*> ready();
  Error error(const std::string& what);

  std::string url_, name_;
  PGconn* conn_ = nullptr;
};

// The URL with the password between ':' and '@' replaced by "***".
std::string redact_postgres_url(const std::string& url);

}  // namespace tabiya::server
