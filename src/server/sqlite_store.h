// How the SQLite game store keeps its write-ahead log short: the server uses the defaults, tests make them small
// to see a log start over without writing tens of MB.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/game_store.h"

namespace tabiya::server {

struct SqliteLogLimits {
  // A log this many frames (pages) long is copied into the database whole, commits waiting for the last few ms
  // of it, so that the next commit writes the log from its start (under steady commits it never would).
  int restart_frames = 8192;
  // Once the log starts over, its file is cut back to this size: above restart_frames' 33 MB, so that a log that
  // started over on time is not cut (and grown again) each time, only one that a reader held back.
  int64_t file_bytes = int64_t(64) * 1024 * 1024;
};

// open_sqlite_store (game_store.h) with these limits.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path, const SqliteLogLimits& limits);

}  // namespace tabiya::server
