// The lobby's live state shared by several nodes: open seeks, challenges, pool places, who is in the
// lobby on which node, and the games the lobby started. On one node the lobby keeps all of this in its memory
// (lobby_impl.h) and needs no LobbyLiveStore; with `serve --store postgresql://...` every node reads and changes
// the same rows (postgres_lobby_live_store.cpp), and announces the changes to the sockets on the event bus.
//
// Rows: a kind, an id unique in its kind, the user or users it belongs to (`owner`, `other`: a challenge's two
// players), and its JSON. A row a node wrote expires unless that node renews it (renew(), on every pool wave), so
// the seeks and pool places of a node that died leave the lobby by themselves; a row put with `lasting` (a
// correspondence seek) never expires. Taking a row is atomic: of several nodes taking the same row (two players
// accepting one seek) exactly one gets it, and the others can tell "taken" from "never there" for a while.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

enum class LiveKind { SEEK, CHALLENGE, POOL, PLAYER, GAME };

struct LiveRow {
  std::string id;
  std::string owner;
  std::string other;
  std::string json;
};

class LobbyLiveStore {
 public:
  virtual ~LobbyLiveStore() = default;
  // Adds the row or replaces the one with its id (a taken one too).
  virtual Result<bool> put(LiveKind kind, const LiveRow& row, bool lasting = false) = 0;
  // Live rows of `kind`, oldest first; with `user`: only those whose owner or other is that user.
  virtual Result<std::vector<LiveRow>> rows(LiveKind kind, const std::string& user = "") = 0;
  virtual Result<std::optional<LiveRow>> row(LiveKind kind, const std::string& id) = 0;
  // All of `ids` or none: removes and returns them when every one is live; else nothing changes and the answer is
  // empty. Exactly one of several callers taking the same row gets it.
  virtual Result<std::vector<LiveRow>> take(LiveKind kind, const std::vector<std::string>& ids) = 0;
  // Whether the row was taken lately (a minute): a refusal can then say "taken" rather than "unknown".
  virtual Result<bool> was_taken(LiveKind kind, const std::string& id) = 0;
  // Keeps this node's rows alive for another time-to-live, and forgets expired rows.
  virtual Result<bool> renew() = 0;
  // Whether this node runs the pools' waves now: one node at a time holds the lead, until its connection to the
  // store ends (it died, or was cut off), when another takes it over at its next wave.
  virtual Result<bool> lead_waves() = 0;
};

// The live state in PostgreSQL (a database migrated by `tabiya db migrate`); `node` names this node's rows,
// which live `ttl_ms` after their last renewal.
Result<std::unique_ptr<LobbyLiveStore>> open_postgres_lobby_live_store(const std::string& url, const std::string& node,
                                                                       int64_t ttl_ms = 15'000);

}  // namespace tabiya::server
