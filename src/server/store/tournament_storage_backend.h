// Where the online events' stored TRFs live, beside their codecs (tournament_storage.h, team_storage.h): files in
// the data directory on one node, or PostgreSQL when several nodes serve the same events. Each event is
// its stored TRF text with a version; the TRF stays the export either way.
//
// With PostgreSQL, events may change on another node: a service re-reads an event whose stored version is newer
// than the one it holds (load_if_newer) before it answers, changes an event only while holding its lock
// (exclusively: one pairing, one result at a time per event across the nodes), and a save that does not follow the
// version it read is refused, so two nodes never overwrite each other. The files have one writer, this node: they
// keep no version, never report a newer one, and their lock is the services' own mutex.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

enum class EventKind { individual, team };  // files under DATA/tournaments/ and DATA/teams/

struct StoredEvent {
  EventKind kind = EventKind::individual;
  std::string id;
  std::string text;     // the stored TRF: the public records and tabiya's XT? lines
  int64_t version = 0;  // the files keep none: 0
  std::string source;   // names the event in error messages (its file, or the table and id)
};

class EventFileStore {
 public:
  virtual ~EventFileStore() = default;

  // Every stored event of `kind`; entries that cannot be read are reported to `log` and skipped.
  virtual Result<std::vector<StoredEvent>> list(EventKind kind, const std::function<void(const std::string&)>& log) = 0;
  // The event `id` when the store holds a version newer than `known` (0: this node does not hold it); nullopt when
  // it does not (or has no such event).
  virtual Result<std::optional<StoredEvent>> load_if_newer(const std::string& id, int64_t known) = 0;
  // Stores `e` as its version over `previous` (0: a new event). Refused when the stored version is not `previous`
  // (another node changed the event since it was read). `new_games`: ids of the event's games to remember, so a
  // node on which one ends finds its event (event_of_game).
  virtual Result<bool> save(const StoredEvent& e, int64_t previous, const std::vector<std::string>& new_games) = 0;
  // The event whose games include `game`, if this store remembers games; nullopt otherwise.
  virtual Result<std::optional<std::pair<EventKind, std::string>>> event_of_game(const std::string& game) = 0;
  // Runs `work` while this node holds the event's lock (no other node runs a locked change of it meanwhile);
  // fails without running `work` when the lock cannot be had.
  virtual Result<bool> exclusively(const std::string& id, const std::function<void()>& work) = 0;
};

// DATA/tournaments/ID.trf and DATA/teams/ID.trf, written durably and atomically (files/durable_file.h); an empty
// directory keeps nothing (events live in memory only).
std::shared_ptr<EventFileStore> make_event_files(std::string data_dir);
// The tables of `tabiya db migrate` (migration "tournament events"); checks the schema version.
Result<std::shared_ptr<EventFileStore>> open_postgres_event_store(const std::string& url);

}  // namespace tabiya::server
