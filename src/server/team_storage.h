// Online team events on disk: each one a TRF with the 2025 revision's team records (tournament/team_trf.h),
// DATA/teams/ID.trf, rewritten durably and atomically after every change (core/durable_file.h). What only the
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
#include "server/team_event.h"

namespace tabiya::server {

// The event as other programs see it: the players' declared points follow their boards, no XT? lines.
tournament::TeamEvent public_team_event(const TeamEntry& e);
// The stored file's text: the public event and the XT? lines.
std::string stored_team_trf(const TeamEntry& e);
// Reads a stored event back; errors name `source` and the malformed line.
Result<std::shared_ptr<TeamEntry>> team_from_stored(std::string_view text, const std::string& source);

std::string pairing_system_name(TeamPairingSystem s);  // "team-round-robin", "team-double-round-robin", "team-swiss"

class TeamStore {
 public:
  // An empty directory keeps events in memory only: save and load_all do nothing.
  explicit TeamStore(std::string data_dir);

  Result<bool> save(const TeamEntry& e) const;
  // Every stored event; files that cannot be read are reported to `log` and skipped.
  Result<std::vector<std::shared_ptr<TeamEntry>>> load_all(const std::function<void(const std::string&)>& log) const;

 private:
  std::string path_of(const std::string& id) const;
  std::string data_dir_;
};

}  // namespace tabiya::server
