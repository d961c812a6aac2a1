// Online events on disk: each one a TRF, DATA/tournaments/ID.trf, rewritten durably and atomically after every
// change (core/durable_file.h), so no crash loses an entered result. What only the online event needs rides in the
// same file as tabiya's own lines, which other programs skip and the public TRF download leaves out:
//   XTI id   XTS registration|closed PUBLISHED   XTC time   XTE rules
//   XTK arbiter|join|N TOKEN   XTG ROUND WHITE BLACK GAME WHITE-SEAT BLACK-SEAT
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/tournament_event.h"

namespace tabiya::server {

// The event as other programs see it: declared points and ranks follow the results, no XT? lines.
tournament::Tournament public_trf(const EventEntry& e);
// The event as it is stored: the public TRF and the XT? lines.
tournament::Tournament stored_trf(const EventEntry& e);
// Reads a stored event back; errors name `source` and the malformed line.
Result<std::shared_ptr<EventEntry>> event_from_stored(tournament::Tournament t, const std::string& source);

class TournamentStore {
 public:
  // An empty directory keeps events in memory only: save and load_all do nothing.
  explicit TournamentStore(std::string data_dir);

  Result<bool> save(const EventEntry& e) const;
  // Every stored event; files that cannot be read are reported to `log` and skipped.
  Result<std::vector<std::shared_ptr<EventEntry>>> load_all(const std::function<void(const std::string&)>& log) const;

 private:
  std::string path_of(const std::string& id) const;
  std::string data_dir_;
};

}  // namespace tabiya::server
