// Where games are kept between restarts. A game is its setup (a JSON text the
// service writes and reads back), its numbered log of actions (play/live_game.h
// action lines) and, once over, its result. The interface is small so that
// another database (PostgreSQL for several server instances) can follow the
// SQLite one. Implementations are safe to call from several threads.
#pragma once

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
};

class GameStore {
 public:
  virtual ~GameStore() = default;
  virtual Result<bool> create(const std::string& id, const std::string& setup) = 0;
  // Appends action `index` (0, 1, 2...); returns once it is durable (committed).
  virtual Result<bool> append(const std::string& id, int64_t index, const std::string& action, int64_t seq) = 0;
  virtual Result<bool> finish(const std::string& id, const std::string& result) = 0;
  virtual Result<std::vector<StoredGame>> load_unfinished() = 0;
  // nullopt: no such game.
  virtual Result<std::optional<StoredGame>> load(const std::string& id) = 0;
};

// Keeps everything in memory: for tests, and for a server run without --data.
std::unique_ptr<GameStore> make_memory_store();
// One SQLite file (created if absent) in WAL mode.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path);

}  // namespace tabiya::server
