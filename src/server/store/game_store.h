// Where games are kept between restarts. A game is its setup (a JSON text the
// service writes and reads back), its numbered log of actions (play/live_game.h
// action lines) and, once over, its result. The interface is small so that
// another database (PostgreSQL for several server instances) can follow the
// SQLite one: one call writes a batch of changes in one transaction, the others read.
// Implementations are safe to call from several threads; the service writes
// from one thread only (server/store/group_commit.h) and reads from any.
#pragma once

#include <cstdint>
#include <map>
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
  // action; nullopt: none since that action. A restore (a restart, another node) charges the mover up to it.
  std::optional<int64_t> clock_checkpoint = std::nullopt;
};

// One change to the stored games.
struct StoreWrite {
  enum class Kind : uint8_t {
    CREATE,  // a new game: text is its setup; refused if the id exists
    APPEND,  // action `index` (0, 1, 2...; refused out of order): text is the action, seq the event number after it
    FINISH,  // the game is over: text is its result
    // Expiry (server/games/unjoined_games.h). REMOVE deletes a game nobody joined, with its actions, only if it still
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
  // Fencing (several nodes on one store): the epoch of the game's lease its writer holds; 0: none (a single
  // node). CREATE, APPEND, FINISH and CHECKPOINT are refused, with the whole batch, when the game's lease is at a
  // higher epoch: a node that was paused or cut off never writes over its successor. REMOVE and KEEP are guarded
  // by their own checks.
  int64_t epoch = 0;
};

// A game's lease (several nodes on one store): which node runs the game (clocks, robot, writes) until when.
// `epoch` rises by one at every acquisition and never falls, also across releases.
struct GameLease {
  std::string owner;       // empty: released
  int64_t epoch = 0;       // the last acquisition's
  int64_t expires_ms = 0;  // wall time, ms since the epoch
};

// A lease a node believes it holds.
struct HeldLease {
  std::string game;
  int64_t epoch = 0;
};

// The refusal of finished() for a game not stored: the same words from every store.
inline std::string no_stored_game(const std::string& id) {
  std::string text = "no game ";
  text += id;
  text += " is stored";
  return text;
}

// The text every refusal for a stale epoch carries (is_fenced() looks for it).
inline constexpr const char* STALE_EPOCH = "stale lease epoch";
inline bool is_fenced(const std::string& failure) { return failure.find(STALE_EPOCH) != std::string::npos; }

class GameStore {
 public:
  virtual ~GameStore() = default;
  // Applies every write in order in one transaction: all of them or none. Returns once durable (committed).
  virtual Result<bool> commit(const std::vector<StoreWrite>& writes) = 0;
  virtual Result<std::vector<StoredGame>> load_unfinished() = 0;
  // nullopt: no such game.
  virtual Result<std::optional<StoredGame>> load(const std::string& id) = 0;
  // Whether the game is over (FINISH written), without reading its log or setup; a game not stored is an error.
  virtual Result<bool> finished(const std::string& id) = 0;
  // Up to `limit` ids of games that may have expired: created (CREATE's unjoined_since) before `before_ms` and
  // not marked KEEP since, oldest first.
  virtual Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) = 0;

  // --- Leases (several nodes): one owner per game. Times are wall times in ms since the epoch. ---
  // Takes the game's lease for `node` until now + duration if it is free (never taken, released, or expired by
  // `now_ms`) or already `node`'s: returns the new epoch (the previous one + 1). nullopt: another node holds it.
  // The game need not exist yet (a node takes the lease of a game before creating it).
  virtual Result<std::optional<int64_t>> acquire_lease(const std::string& game, const std::string& node, int64_t now_ms,
                                                       int64_t duration_ms);
  // Extends to now + duration each lease `node` holds at exactly that epoch (expired or not, as long as nobody took
  // it since); returns the games renewed. A lease taken over or released is not, and is not returned.
  virtual Result<std::vector<std::string>> renew_leases(const std::string& node, const std::vector<HeldLease>& held,
                                                        int64_t now_ms, int64_t duration_ms);
  // Frees the lease if `node` holds it at `epoch` (its epoch stays); false: it did not.
  virtual Result<bool> release_lease(const std::string& game, const std::string& node, int64_t epoch);
  // nullopt: the game's lease was never taken.
  virtual Result<std::optional<GameLease>> lease(const std::string& game);
  // Up to `limit` unfinished games whose lease is free or expired by `now_ms` (never taken counts as free).
  virtual Result<std::vector<std::string>> unowned_games(int64_t now_ms, std::size_t limit);
};

// The lease contract in a process's memory, for the stores of one node (memory, SQLite: one process per file).
// Not thread-safe: the store calls it under its own lock, the fencing check inside its commit.
class LeaseTable {
 public:
  std::optional<int64_t> acquire(const std::string& game, const std::string& node, int64_t now_ms, int64_t duration_ms);
  std::vector<std::string> renew(const std::string& node, const std::vector<HeldLease>& held, int64_t now_ms,
                                 int64_t duration_ms);
  bool release(const std::string& game, const std::string& node, int64_t epoch);
  std::optional<GameLease> find(const std::string& game) const;
  // Whether a write of `game` at `epoch` may go in: the refusal's text when it may not.
  std::optional<std::string> refuse(const std::string& game, int64_t epoch) const;
  // Applies to every write of a batch that fencing covers (StoreWrite::epoch).
  std::optional<std::string> refuse_batch(const std::vector<StoreWrite>& writes) const;
  bool free_at(const std::string& game, int64_t now_ms) const;

 private:
  std::map<std::string, GameLease> leases_;
};

// Keeps everything in memory: for tests, and for a server run without --data.
std::unique_ptr<GameStore> make_memory_store();
// One SQLite file (created if absent) in WAL mode.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path);
// A PostgreSQL database (libpq URL, postgresql://...) migrated by `tabiya db migrate`
// (server/store/postgres_migrations.h); several server nodes may share it. Refused if its schema is not this build's
// version.
Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& url);

}  // namespace tabiya::server
