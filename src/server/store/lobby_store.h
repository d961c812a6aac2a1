// What the lobby keeps beyond one process: ratings per account and category
// with their history, the rated games waiting for their result, correspondence
// seeks (they outlive a restart), and the accounts' names. Behind an interface
// so that a PostgreSQL store can share them between servers; one node uses the
// embedded SQLite file DATA/lobby.sqlite3, tests and --data "" the memory one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "play/glicko2.h"
#include "play/rating_category.h"

namespace tabiya::server {

struct StoredRating {
  Glicko2Rating rating;
  int games = 0;
  int64_t updated_ms = 0;  // wall clock of the last rated game (inactivity grows RD from here)
};

// One step of an account's rating history: the rating after `game`.
struct RatingChange {
  std::string account;
  RatingCategory category = RatingCategory::BLITZ;
  std::string game;
  int64_t at_ms = 0;
  Glicko2Rating before, after;
};

// A rated game between two accounts, recorded when the lobby creates it and claimed once at its end.
struct RatedGame {
  std::string game;
  std::string white_account, black_account;
  RatingCategory category = RatingCategory::BLITZ;
};

class LobbyStore {
 public:
  virtual ~LobbyStore() = default;

  virtual Result<bool> remember_name(const std::string& account, const std::string& username) = 0;
  // The account that registered `username` (compared without case); nullopt: none seen by the lobby.
  virtual std::optional<std::string> account_named(const std::string& username) const = 0;

  virtual std::optional<StoredRating> rating(const std::string& account, RatingCategory category) const = 0;
  // Stores `change.after` as the account's rating in its category and adds the change to the history.
  virtual Result<bool> record_rating(const RatingChange& change) = 0;
  // The account's history, oldest first.
  virtual std::vector<RatingChange> rating_history(const std::string& account) const = 0;
  // The changes a game made (both players), empty before it ended or for a casual game.
  virtual std::vector<RatingChange> changes_of_game(const std::string& game) const = 0;

  virtual Result<bool> add_rated_game(const RatedGame& game) = 0;
  // Removes and returns the rated game: exactly one caller gets it, so ratings update once per game.
  virtual std::optional<RatedGame> take_rated_game(const std::string& game) = 0;

  // Correspondence seeks as JSON text by id.
  virtual Result<bool> put_seek(const std::string& id, const std::string& json) = 0;
  virtual Result<bool> remove_seek(const std::string& id) = 0;
  virtual std::vector<std::pair<std::string, std::string>> seeks() const = 0;
};

std::unique_ptr<LobbyStore> make_memory_lobby_store();
// DATA_DIR/lobby.sqlite3, created when missing; errors name the file.
Result<std::unique_ptr<LobbyStore>> open_sqlite_lobby_store(const std::string& data_dir);
// The lobby's store in PostgreSQL (a database migrated by `tabiya db migrate`), shared by every node on it; a read
// that fails is logged through `log` and answers as if nothing were stored.
Result<std::unique_ptr<LobbyStore>> open_postgres_lobby_store(const std::string& url,
                                                              std::function<void(const std::string&)> log = {});

}  // namespace tabiya::server
