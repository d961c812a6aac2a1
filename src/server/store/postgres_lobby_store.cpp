// The LobbyStore in PostgreSQL (migration 3, postgres_migrations.cpp): ratings, their history, rated games waiting
// for their result, correspondence seeks and the names the lobby saw, shared by every node on the database. A
// rated game is taken with DELETE ... RETURNING, so across nodes too exactly one of them moves the ratings. One
// connection behind a mutex (the lobby writes little); it comes back by itself after PostgreSQL restarts.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>
#include <mutex>

#include "server/store/lobby_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"

namespace tabiya::server {
namespace {

// Names compare without case (ASCII: usernames are ASCII, account_names.h).
std::string folded(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// The shortest text that reads back as the same double (PostgreSQL prints its doubles the same way).
std::string exact(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

RatingCategory category_of(const std::string& name) {
  return rating_category_from_name(name).value_or(RatingCategory::CLASSICAL);
}

constexpr const char* CHANGE_COLUMNS =
    "SELECT account, category, game, at_ms, rating_before, rd_before, vol_before, rating, rd, volatility"
    " FROM lobby_rating_history WHERE ";

class PostgresLobbyStore final : public LobbyStore {
 public:
  PostgresLobbyStore(std::unique_ptr<PgConnection> db, std::function<void(const std::string&)> log)
      : db_(std::move(db)), log_(std::move(log)) {}

  Result<bool> remember_name(const std::string& account, const std::string& username) override {
    return ran(
        "INSERT INTO lobby_names(key, account) VALUES($1, $2) ON CONFLICT(key) DO UPDATE SET account ="
        " EXCLUDED.account",
        {folded(username), account}, "lobby: remember the name " + username);
  }
  std::optional<std::string> account_named(const std::string& username) const override {
    auto rows = read("SELECT account FROM lobby_names WHERE key = $1", {folded(username)}, "lobby: find " + username);
    if (!rows || rows->rows() == 0) return std::nullopt;
    return rows->text(0, 0);
  }
  std::optional<StoredRating> rating(const std::string& account, RatingCategory category) const override {
    auto rows =
        read("SELECT rating, rd, volatility, games, updated_ms FROM lobby_ratings WHERE account = $1 AND category = $2",
             {account, std::string(rating_category_name(category))}, "lobby: read the rating of " + account);
    if (!rows || rows->rows() == 0) return std::nullopt;
    const PgRows& r = *rows;
    return StoredRating{{real(r, 0, 0), real(r, 0, 1), real(r, 0, 2)}, int(r.integer(0, 3)), r.integer(0, 4)};
  }
  Result<bool> record_rating(const RatingChange& c) override {
    // One statement: the rating and its history change together.
    const std::string category(rating_category_name(c.category));
    return ran(
        "WITH up AS (INSERT INTO lobby_ratings(account, category, rating, rd, volatility, games, updated_ms)"
        " VALUES($1, $2, $5::float8, $6::float8, $7::float8, 1, $4::bigint) ON CONFLICT(account, category) DO UPDATE"
        " SET rating = EXCLUDED.rating, rd = EXCLUDED.rd, volatility = EXCLUDED.volatility,"
        " games = lobby_ratings.games + 1, updated_ms = EXCLUDED.updated_ms)"
        " INSERT INTO lobby_rating_history(account, category, game, at_ms, rating_before, rd_before, vol_before,"
        " rating, rd, volatility) VALUES($1, $2, $3, $4::bigint, $8::float8, $9::float8, $10::float8, $5::float8,"
        " $6::float8, $7::float8)",
        {c.account, category, c.game, std::to_string(c.at_ms), exact(c.after.rating), exact(c.after.deviation),
         exact(c.after.volatility), exact(c.before.rating), exact(c.before.deviation), exact(c.before.volatility)},
        "lobby: record the rating of " + c.account);
  }
  std::vector<RatingChange> rating_history(const std::string& account) const override {
    return changes("account = $1 ORDER BY at_ms, n", account);
  }
  std::vector<RatingChange> changes_of_game(const std::string& game) const override {
    return changes("game = $1 ORDER BY n", game);
  }

  Result<bool> add_rated_game(const RatedGame& g) override {
    return ran(
        "INSERT INTO lobby_rated_games(game, white, black, category) VALUES($1, $2, $3, $4) ON CONFLICT(game) DO"
        " UPDATE SET white = EXCLUDED.white, black = EXCLUDED.black, category = EXCLUDED.category",
        {g.game, g.white_account, g.black_account, std::string(rating_category_name(g.category))},
        "lobby: add the rated game " + g.game);
  }
  std::optional<RatedGame> take_rated_game(const std::string& game) override {
    // Not retried on a new connection: the delete may have landed, and the game is then someone else's.
    std::lock_guard lock(mutex_);
    auto rows = db_->query("DELETE FROM lobby_rated_games WHERE game = $1 RETURNING white, black, category", {game},
                           "lobby: take the rated game " + game);
    if (!rows) {
      log(rows.error().message);
      return std::nullopt;
    }
    if (rows->rows() == 0) return std::nullopt;
    return RatedGame{game, rows->text(0, 0), rows->text(0, 1), category_of(rows->text(0, 2))};
  }

  Result<bool> put_seek(const std::string& id, const std::string& json) override {
    return ran("INSERT INTO lobby_seeks(id, json) VALUES($1, $2) ON CONFLICT(id) DO UPDATE SET json = EXCLUDED.json",
               {id, json}, "lobby: store the seek " + id);
  }
  Result<bool> remove_seek(const std::string& id) override {
    return ran("DELETE FROM lobby_seeks WHERE id = $1", {id}, "lobby: remove the seek " + id);
  }
  std::vector<std::pair<std::string, std::string>> seeks() const override {
    std::vector<std::pair<std::string, std::string>> out;
    auto rows = read("SELECT id, json FROM lobby_seeks ORDER BY id", {}, "lobby: read the seeks");
    if (!rows) return out;
    for (int i = 0; i < rows->rows(); ++i) out.emplace_back(rows->text(i, 0), rows->text(i, 1));
    return out;
  }

 private:
  static double real(const PgRows& rows, int row, int column) {
    const std::string text = rows.text(row, column);
    double value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
  }
  Result<bool> ran(const std::string& sql, const std::vector<std::string>& params, const std::string& what) {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(sql, params, what);
    if (!rows) return rows.error();
    return true;
  }
  // A read; its failure is logged and reads as nothing stored (the interface's reads cannot fail).
  Result<PgRows> read(const std::string& sql, const std::vector<std::string>& params, const std::string& what) const {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(sql, params, what, true);
    if (!rows) log(rows.error().message);
    return rows;
  }
  std::vector<RatingChange> changes(const std::string& where, const std::string& value) const {
    std::vector<RatingChange> out;
    auto rows = read(std::string(CHANGE_COLUMNS) + where, {value}, "lobby: read rating changes of " + value);
    if (!rows) return out;
    const PgRows& r = *rows;
    for (int i = 0; i < r.rows(); ++i)
      out.push_back({r.text(i, 0),
                     category_of(r.text(i, 1)),
                     r.text(i, 2),
                     r.integer(i, 3),
                     {real(r, i, 4), real(r, i, 5), real(r, i, 6)},
                     {real(r, i, 7), real(r, i, 8), real(r, i, 9)}});
    return out;
  }
  void log(const std::string& line) const {
    if (log_) log_(line);
    else std::cerr << "tabiya: lobby: " << line << "\n";
  }

  mutable std::mutex mutex_;
  std::unique_ptr<PgConnection> db_;
  std::function<void(const std::string&)> log_;
};

}  // namespace

Result<std::unique_ptr<LobbyStore>> open_postgres_lobby_store(const std::string& url,
                                                              std::function<void(const std::string&)> log) {
  auto db = open_migrated_postgres(url);
  if (!db) return db.error();
  return std::unique_ptr<LobbyStore>(std::make_unique<PostgresLobbyStore>(std::move(*db), std::move(log)));
}

}  // namespace tabiya::server
