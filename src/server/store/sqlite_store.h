// How the SQLite game store keeps its write-ahead log short: the server uses the defaults, tests make them small
// to see a log start over without writing tens of MB.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/store/game_store.h"

namespace tabiya::server {

struct SqliteLogLimits {
  // A log this many frames (pages) long is copied into the database whole, commits waiting for the last of it,
  // so that the next commit writes the log from its start (under steady commits it never would). Commits waited
  // 2-38 ms for that last copy and its syncs (9,936 games on the shared 2-core machine): at 8192 frames, every
  // half second, it was in the moves' p99; at 32768 (135 MB, every 2 s or so at 10,000 moves/s) it is not.
  int restart_frames = 32768;
  // Once the log starts over, its file is cut back to this size: above restart_frames' 135 MB, so that a log
  // that started over on time is not cut (and grown again) each time, only one that a reader held back.
  int64_t file_bytes = int64_t(192) * 1024 * 1024;
};

// open_sqlite_store (game_store.h) with these limits.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path, const SqliteLogLimits& limits);

}  // namespace tabiya::server
