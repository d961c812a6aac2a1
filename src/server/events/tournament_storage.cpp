#include "server/events/tournament_storage.h"

#include <algorithm>
#include <cctype>

#include "server/events/stored_event_lines.h"
#include "tournament/office.h"
#include "tournament/trf.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

// The event as other programs see it: declared points and ranks follow the results.
tn::Tournament public_trf(const EventEntry& e) {
  tn::Tournament t = e.t;
  tn::update_declared_scores(t, e.settings);
  return t;
}

tn::Tournament stored_trf(const EventEntry& e) {
  tn::Tournament t = public_trf(e);
  push_state_lines(e, t.headers);
  t.headers.push_back({"XTK", "arbiter " + e.arbiter});
  t.headers.push_back({"XTK", "join " + e.join});
  for (const auto& [number, token] : e.tokens) t.headers.push_back({"XTK", std::to_string(number) + " " + token});
  for (const auto& [token, account] : e.accounts) t.headers.push_back({"XTK", "account " + token + " " + account});
  for (const OnlineGame& g : e.games) t.headers.push_back(stored_game_line(g));
  return t;
}

// Reads a stored event back: the XT? lines into the entry, the rest stays the TRF.
Result<std::shared_ptr<EventEntry>> event_from_stored(tn::Tournament t, const std::string& source) {
  auto e = std::make_shared<EventEntry>();
  auto read_own = [&](const std::string& code, const std::vector<std::string>& w) {
    if (code == "XTK" && w.size() == 2) {
      int n = 0;
      if (w[0] == "arbiter") e->arbiter = w[1];
      else if (w[0] == "join") e->join = w[1];
      else if (to_int(w[0], n)) e->tokens[n] = w[1];
      else return false;
    } else if (code == "XTK" && w.size() == 3 && w[0] == "account") {
      e->accounts[w[1]] = w[2];
    } else {
      return false;
    }
    return true;
  };
  if (auto taken = take_private_lines(t.headers, source, *e, read_own); !taken) return taken.error();
  if (e->id.empty() || e->arbiter.empty() || e->join.empty()) return fail(source + ": not an online event");
  auto settings = tn::read_event_settings(t);
  if (!settings) return fail(source + ": " + settings.error().message);
  e->t = std::move(t);
  e->settings = std::move(*settings);
  return e;
}

Result<std::shared_ptr<EventEntry>> event_from_stored(const StoredEvent& stored) {
  auto t = tn::read_trf(stored.text, stored.source);
  if (!t) return t.error();
  return with_stored_version(event_from_stored(std::move(*t), stored.source), stored);
}

TournamentStore::TournamentStore(std::shared_ptr<EventFileStore> files) : files_(std::move(files)) {}

Result<bool> TournamentStore::save(const EventEntry& e, int64_t previous) const {
  return files_->save({EventKind::individual, e.id, tn::write_trf(stored_trf(e)), e.version, {}}, previous,
                      published_game_ids(e.games, e.published));
}

Result<std::vector<std::shared_ptr<EventEntry>>> TournamentStore::load_all(
    const std::function<void(const std::string&)>& log) const {
  return load_stored_events<EventEntry>(
      *files_, EventKind::individual, "tournament", [](const StoredEvent& s) { return event_from_stored(s); }, log);
}

}  // namespace tabiya::server
