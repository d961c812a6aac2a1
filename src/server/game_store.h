// Where games are kept between restarts. A game is its setup (a JSON text the
// service writes and reads back), its numbered log of actions (play/live_game.h
// action lines) and, once over, its result. The interface is small so that
// another database (PostgreSQL for several server instances) can follow the
// SQLite one: one call writes a batch of changes in one transaction, two read.
// Implementations are safe to call from several threads; the service writes
// from one thread only (server/group_commit.h) and reads from any.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

struct StoredGame {
  std::string id;
  std::string setup;                 // JSON, the service's own
  std::vector<std::string> actions;  // in order; action i has index i
  int64_t seq = 0;                   // the event number after the last action
  bool finished = false;
  std::string result;  // JSON, when finished
  // The game's virtual time (play/live_game.h) when its running clock was last checkpointed after its last
  // action; nullopt: none since that action. A restore charges the mover up to it (issue 22).
  std::optional<int64_t> clock_checkpoint = std::nullopt;
};

// One change to the stored games.
struct StoreWrite {
  enum class Kind : uint8_t {
    CREATE,  // a new game: text is its setup; refused if the id exists
    APPEND,  // action `index` (0, 1, 2...; refused out of order): text is the action, seq the event number after it
    FINISH,  // the game is over: text is its result
    // Expiry (server/unjoined_games.h). REMOVE deletes a game nobody joined, with its actions, only if it still
    // holds exactly `index` actions (otherwise, or if it is gone, nothing changes and the write still succeeds:
    // a game that was joined meanwhile is never deleted). KEEP: the game was joined, it never expires.
    REMOVE,
    KEEP,
    // The running clock's checkpoint: `seq` is the game's virtual time now, `index` the actions it has. It
    // replaces the game's previous checkpoint; the next APPEND (or REMOVE) deletes it. Ignored, never an error,
    // when the game does not hold exactly `index` actions or is finished (a move overtook it).
    CHECKPOINT,
  };
  Kind kind = Kind::APPEND;
  std::string game;
  std::string text;
  int64_t index = 0;
  int64_t seq = 0;
  // CREATE: the wall time (ms since the epoch) from which the game counts as unjoined and may expire;
  // nullopt: it never expires (a tournament's game).
  std::optional<int64_t> unjoined_since = std::nullopt;
};

class GameStore {
 public:
  virtual ~GameStore() = default;
  // Applies every write in order in one transaction: all of them or none. Returns once durable (committed).
  virtual Result<bool> commit(const std::vector<StoreWrite>& writes) = 0;
  virtual Result<std::vector<StoredGame>> load_unfinished() = 0;
  // nullopt: no such game.
  virtual Result<std::optional<StoredGame>> load(const std::string& id) = 0;
  // Up to `limit` ids of games that may have expired: created (CREATE's unjoined_since) before `before_ms` and
  // not marked KEEP since, oldest first.
  virtual Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) = 0;
};

// Keeps everything in memory: for tests, and for a server run without --data.
std::unique_ptr<GameStore> make_memory_store();
// One SQLite file (created if absent) in WAL mode.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path);
// A PostgreSQL database (libpq URL, postgresql://...) migrated by `tabiya db migrate` (server/postgres_migrations.h);
// several server nodes may share it. Refused if its schema is not this build's version.
Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& url);

}  // namespace tabiya::server
