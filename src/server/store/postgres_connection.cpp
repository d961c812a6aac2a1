#include "server/store/postgres_connection.h"

namespace tabiya::server {

std::string redact_postgres_url(const std::string& url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string::npos) return url;
  const std::size_t at = url.find('@', scheme + 3);
  if (at == std::string::npos) return url;
  const std::size_t colon = url.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return url;
  std::string redacted = url.substr(0, colon + 1);
  redacted += "***";
  redacted += url.substr(at);
  return redacted;
}

Result<std::unique_ptr<PgConnection>> PgConnection::open(const std::string& url) {
  std::unique_ptr<PgConnection> connection(new PgConnection(url, redact_postgres_url(url)));
  if (auto r = connection->ready(); !r) return r.error();
  return connection;
}

PgConnection::~PgConnection() {
  if (conn_) PQfinish(conn_);
}

Result<PGconn*> PgConnection::ready() {
  // Reading what is pending notices a connection the server closed while we were idle (a restart of PostgreSQL
  // ends every session): connecting anew now spares the next statement a failure.
  if (conn_ && PQstatus(conn_) == CONNECTION_OK && PQtransactionStatus(conn_) == PQTRANS_IDLE) PQconsumeInput(conn_);
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return conn_;
  if (conn_) PQfinish(conn_);
  conn_ = PQconnectdb(url_.c_str());
  if (PQstatus(conn_) != CONNECTION_OK) {
    Error e = error("connect");
    PQfinish(conn_);
    conn_ = nullptr;
    return e;
  }
  // Quiet: libpq prints the server's notices, and the reason a session was ended, to stderr; what matters comes
  // back as the failing call's error.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  return conn_;
}

Error PgConnection::error(const std::string& what) {
  std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  std::string text = "postgresql ";
  text += name_;
  text += ": ";
  text += what;
  text += ": ";
  text += message;
  return Error{std::move(text)};
}

Result<bool> PgConnection::exec(const std::string& sql, const std::string& what) {
  auto conn = ready();
  if (!conn) return conn.error();
  // Several statements run in one implicit transaction; the first error ends it (rolled back) and is the result.
  PGresult* result = PQexec(*conn, sql.c_str());
  const ExecStatusType status = PQresultStatus(result);
  PQclear(result);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return true;
  Error e = error(what);
  // An explicit BEGIN in `sql` leaves a failed transaction open: end it, so the next call starts clean.
  if (PQstatus(*conn) == CONNECTION_OK && PQtransactionStatus(*conn) == PQTRANS_INERROR)
    PQclear(PQexec(*conn, "ROLLBACK"));
  return e;
}

Result<PgRows> PgConnection::query(const std::string& sql, const std::vector<std::string>& params,
                                   const std::string& what, bool retry_if_broken) {
  auto conn = ready();
  if (!conn) return conn.error();
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const std::string& p : params) values.push_back(p.c_str());
  PGresult* result = PQexecParams(*conn, sql.c_str(), int(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
  const ExecStatusType status = PQresultStatus(result);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return PgRows(result);
  PQclear(result);
  Error e = error(what);
  if (PQstatus(*conn) == CONNECTION_OK && PQtransactionStatus(*conn) == PQTRANS_INERROR)
    PQclear(PQexec(*conn, "ROLLBACK"));
  if (retry_if_broken && PQstatus(*conn) == CONNECTION_BAD) return query(sql, params, what, false);
  return e;
}

Result<std::string> PgConnection::literal(const std::string& text) {
  auto conn = ready();
  if (!conn) return conn.error();
  char* quoted = PQescapeLiteral(*conn, text.data(), text.size());
  if (!quoted) return error("quote a value");
  std::string result(quoted);
  PQfreemem(quoted);
  return result;
}

}  // namespace tabiya::server
