// Online events stored: each one a TRF, DATA/tournaments/ID.trf rewritten durably and atomically after every
// change (files/durable_file.h), so no crash loses an entered result, or a row of PostgreSQL shared by several nodes
// (tournament_storage_backend.h). What only the online event needs rides in the
// same file as tabiya's own lines, which other programs skip and the public TRF download leaves out:
//   XTI id   XTS registration|closed PUBLISHED   XTC time   XTE rules
//   XTK arbiter|join|N TOKEN   XTG ROUND WHITE BLACK GAME WHITE-SEAT BLACK-SEAT
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/events/tournament_event.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {

// The event as other programs see it: declared points and ranks follow the results, no XT? lines.
tournament::Tournament public_trf(const EventEntry& e);
// The event as it is stored: the public TRF and the XT? lines.
tournament::Tournament stored_trf(const EventEntry& e);
// Reads a stored event back; errors name `source` and the malformed line.
Result<std::shared_ptr<EventEntry>> event_from_stored(tournament::Tournament t, const std::string& source);

// A stored event back in memory, with its stored version (the files keep none: the entry's first).
Result<std::shared_ptr<EventEntry>> event_from_stored(const StoredEvent& stored);

class TournamentStore {
 public:
  explicit TournamentStore(std::shared_ptr<EventFileStore> files);

  // Stores `e` at its version over `previous` (0: a new event), with the games of its last published round.
  Result<bool> save(const EventEntry& e, int64_t previous) const;
  // Every stored event; entries that cannot be read are reported to `log` and skipped.
  Result<std::vector<std::shared_ptr<EventEntry>>> load_all(const std::function<void(const std::string&)>& log) const;
  EventFileStore& files() const { return *files_; }

 private:
  std::shared_ptr<EventFileStore> files_;
};

}  // namespace tabiya::server
