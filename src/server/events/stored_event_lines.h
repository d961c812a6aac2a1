// What individual and team events keep alike in their stored TRF (tournament_storage.h, team_storage.h): the XT?
// lines of the event's state, clock, rules and games, and the loading of every stored event of a kind.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/events/stored_line_words.h"
#include "server/events/tournament_event.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {

// XTI id, XTS registration|closed PUBLISHED, XTC time, XTE rules: the first private lines of either kind.
template <class Entry>
void push_state_lines(const Entry& e, std::vector<tournament::HeaderLine>& h) {
  h.push_back({"XTI", e.id});
  h.push_back(
      {"XTS", std::string(e.registration_open ? "registration" : "closed") + " " + std::to_string(e.published)});
  h.push_back({"XTC", e.time});
  h.push_back({"XTE", e.rules});
}

// XTG ROUND WHITE BLACK GAME WHITE-SEAT BLACK-SEAT
tournament::HeaderLine stored_game_line(const OnlineGame& g);

enum class LineRead { not_shared, read, malformed };

// Reads one of the lines above (its code and words) into `e`; another code is left to the caller.
template <class Entry>
LineRead read_shared_line(const std::string& code, const std::vector<std::string>& w, Entry& e) {
  if (code == "XTI" && w.size() == 1) {
    e.id = w[0];
  } else if (code == "XTS" && w.size() == 2 && (w[0] == "registration" || w[0] == "closed")) {
    e.registration_open = w[0] == "registration";
    if (!to_int(w[1], e.published)) return LineRead::malformed;
  } else if (code == "XTC" && w.size() == 1) {
    e.time = w[0];
  } else if (code == "XTE" && w.size() == 1) {
    e.rules = w[0];
  } else if (code == "XTG" && w.size() == 6) {
    OnlineGame g;
    if (!to_int(w[0], g.round) || !to_int(w[1], g.white) || !to_int(w[2], g.black)) return LineRead::malformed;
    g.id = w[3];
    g.seats[0] = w[4];
    g.seats[1] = w[5];
    e.games.push_back(std::move(g));
  } else {
    return LineRead::not_shared;
  }
  return LineRead::read;
}

// Takes tabiya's XT? lines out of `headers` (the others stay, in their order) and reads each into `e`: the lines
// above here, any other by `read_own(code, words)`, false when malformed. The first malformed line fails, named
// with `source`.
template <class Entry, class ReadOwn>
Result<bool> take_private_lines(std::vector<tournament::HeaderLine>& headers, const std::string& source, Entry& e,
                                ReadOwn read_own) {
  std::vector<tournament::HeaderLine> kept;
  for (const tournament::HeaderLine& h : headers) {
    if (!h.code.starts_with("XT")) {
      kept.push_back(h);
      continue;
    }
    const std::vector<std::string> w = split_words(h.text);
    LineRead line = read_shared_line(h.code, w, e);
    if (line == LineRead::not_shared) line = read_own(h.code, w) ? LineRead::read : LineRead::malformed;
    if (line == LineRead::malformed) return fail(source + ": line " + h.code + " \"" + h.text + "\" is malformed");
  }
  headers = std::move(kept);
  return true;
}

// The games of the last published round: a save names them (a node taking over resumes them).
std::vector<std::string> published_game_ids(const std::vector<OnlineGame>& games, int published);

// A stored event read by `read`, with its stored version (the files keep none: the entry's first).
template <class Entry>
Result<std::shared_ptr<Entry>> with_stored_version(Result<std::shared_ptr<Entry>> e, const StoredEvent& stored) {
  if (e && stored.version > 0) (*e)->version = stored.version;
  return e;
}

// Every stored event of `kind`; one that `read` refuses is reported to `log` ("`what` file skipped: ...") and
// skipped.
template <class Entry>
Result<std::vector<std::shared_ptr<Entry>>> load_stored_events(
    EventFileStore& files, EventKind kind, const std::string& what,
    const std::function<Result<std::shared_ptr<Entry>>(const StoredEvent&)>& read,
    const std::function<void(const std::string&)>& log) {
  auto stored = files.list(kind, log);
  if (!stored) return stored.error();
  std::vector<std::shared_ptr<Entry>> events;
  for (const StoredEvent& s : *stored) {
    auto e = read(s);
    if (!e) {
      log(what + " file skipped: " + e.error().message);
      continue;
    }
    events.push_back(std::move(*e));
  }
  return events;
}

}  // namespace tabiya::server
