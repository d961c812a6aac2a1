#include "server/tournament_storage.h"

#include <algorithm>
#include <cctype>

#include "server/stored_line_words.h"
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
  t.headers.push_back({"XTI", e.id});
  t.headers.push_back(
      {"XTS", std::string(e.registration_open ? "registration" : "closed") + " " + std::to_string(e.published)});
  t.headers.push_back({"XTC", e.time});
  t.headers.push_back({"XTE", e.rules});
  t.headers.push_back({"XTK", "arbiter " + e.arbiter});
  t.headers.push_back({"XTK", "join " + e.join});
  for (const auto& [number, token] : e.tokens) t.headers.push_back({"XTK", std::to_string(number) + " " + token});
  for (const auto& [token, account] : e.accounts) t.headers.push_back({"XTK", "account " + token + " " + account});
  for (const OnlineGame& g : e.games)
    t.headers.push_back({"XTG", std::to_string(g.round) + " " + std::to_string(g.white) + " " +
                                    std::to_string(g.black) + " " + g.id + " " + g.seats[0] + " " + g.seats[1]});
  return t;
}

// Reads a stored event back: the XT? lines into the entry, the rest stays the TRF.
Result<std::shared_ptr<EventEntry>> event_from_stored(tn::Tournament t, const std::string& source) {
  auto e = std::make_shared<EventEntry>();
  std::vector<tn::HeaderLine> kept;
  for (const tn::HeaderLine& h : t.headers) {
    if (!h.code.starts_with("XT")) {
      kept.push_back(h);
      continue;
    }
    const std::vector<std::string> w = split_words(h.text);
    auto bad = [&] { return fail(source + ": line " + h.code + " \"" + h.text + "\" is malformed"); };
    if (h.code == "XTI" && w.size() == 1) {
      e->id = w[0];
    } else if (h.code == "XTS" && w.size() == 2 && (w[0] == "registration" || w[0] == "closed")) {
      e->registration_open = w[0] == "registration";
      if (!to_int(w[1], e->published)) return bad();
    } else if (h.code == "XTC" && w.size() == 1) {
      e->time = w[0];
    } else if (h.code == "XTE" && w.size() == 1) {
      e->rules = w[0];
    } else if (h.code == "XTK" && w.size() == 2) {
      int n = 0;
      if (w[0] == "arbiter") e->arbiter = w[1];
      else if (w[0] == "join") e->join = w[1];
      else if (to_int(w[0], n)) e->tokens[n] = w[1];
      else return bad();
    } else if (h.code == "XTK" && w.size() == 3 && w[0] == "account") {
      e->accounts[w[1]] = w[2];
    } else if (h.code == "XTG" && w.size() == 6) {
      OnlineGame g;
      if (!to_int(w[0], g.round) || !to_int(w[1], g.white) || !to_int(w[2], g.black)) return bad();
      g.id = w[3];
      g.seats[0] = w[4];
      g.seats[1] = w[5];
      e->games.push_back(std::move(g));
    } else {
      return bad();
    }
  }
  if (e->id.empty() || e->arbiter.empty() || e->join.empty()) return fail(source + ": not an online event");
  t.headers = std::move(kept);
  auto settings = tn::read_event_settings(t);
  if (!settings) return fail(source + ": " + settings.error().message);
  e->t = std::move(t);
  e->settings = std::move(*settings);
  return e;
}

Result<std::shared_ptr<EventEntry>> event_from_stored(const StoredEvent& stored) {
  auto t = tn::read_trf(stored.text, stored.source);
  if (!t) return t.error();
  auto e = event_from_stored(std::move(*t), stored.source);
  if (!e) return e.error();
  if (stored.version > 0) (*e)->version = stored.version;
  return e;
}

TournamentStore::TournamentStore(std::shared_ptr<EventFileStore> files) : files_(std::move(files)) {}

Result<bool> TournamentStore::save(const EventEntry& e, int64_t previous) const {
  std::vector<std::string> games;
  for (const OnlineGame& g : e.games)
    if (g.round == e.published) games.push_back(g.id);
  return files_->save({EventKind::individual, e.id, tn::write_trf(stored_trf(e)), e.version, {}}, previous, games);
}

Result<std::vector<std::shared_ptr<EventEntry>>> TournamentStore::load_all(
    const std::function<void(const std::string&)>& log) const {
  auto stored = files_->list(EventKind::individual, log);
  if (!stored) return stored.error();
  std::vector<std::shared_ptr<EventEntry>> events;
  for (const StoredEvent& s : *stored) {
    auto e = event_from_stored(s);
    if (!e) {
      log("tournament file skipped: " + e.error().message);
      continue;
    }
    events.push_back(std::move(*e));
  }
  return events;
}

}  // namespace tabiya::server
