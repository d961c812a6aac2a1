// Online team events stored: each one a TRF with the 2025 revision's team records (tournament/team_trf.h),
// DATA/teams/ID.trf rewritten durably and atomically after every change (files/durable_file.h), or a row of
// PostgreSQL shared by several nodes (tournament_storage_backend.h). What only the
// online event needs rides in the same file as tabiya's own lines, which other programs skip and the public TRF
// download leaves out:
//   XTI id   XTS registration|closed PUBLISHED   XTC time   XTE rules   XTP round-robin|double-round-robin|swiss
//   XTT EDITION TIE-BREAK,...   XTK arbiter TOKEN   XTK captain TEAM TOKEN   XTK player NUMBER TOKEN
//   XTG ROUND WHITE BLACK GAME WHITE-SEAT BLACK-SEAT   XTR captains (captains enter their players)
//   XTL ROUND TEAM PLAYER...   (a submitted line-up, 0 for an empty board)
//   XTA SEQ GAME PLAYER captain|player KIND [ABOUT]   (the captains' advice and the players' questions)
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/events/team_event.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {

// The event as other programs see it: the players' declared points follow their boards, no XT? lines.
tournament::TeamEvent public_team_event(const TeamEntry& e);
// The stored file's text: the public event and the XT? lines.
std::string stored_team_trf(const TeamEntry& e);
// Reads a stored event back; errors name `source` and the malformed line.
Result<std::shared_ptr<TeamEntry>> team_from_stored(std::string_view text, const std::string& source);

std::string pairing_system_name(TeamPairingSystem s);  // "team-round-robin", "team-double-round-robin", "team-swiss"

// A stored team event back in memory, with its stored version (the files keep none: the entry's first).
Result<std::shared_ptr<TeamEntry>> team_from_stored(const StoredEvent& stored);

class TeamStore {
 public:
  explicit TeamStore(std::shared_ptr<EventFileStore> files);

  // Stores `e` at its version over `previous` (0: a new event), with the games of its last published round.
  Result<bool> save(const TeamEntry& e, int64_t previous) const;
  // Every stored event; entries that cannot be read are reported to `log` and skipped.
  Result<std::vector<std::shared_ptr<TeamEntry>>> load_all(const std::function<void(const std::string&)>& log) const;
  EventFileStore& files() const { return *files_; }

 private:
  std::shared_ptr<EventFileStore> files_;
};

}  // namespace tabiya::server
