#include "server/events/team_storage.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "server/events/stored_event_lines.h"
#include "tournament/team_trf.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

namespace {

// The XTP word of a system.
std::string stored_system_name(TeamPairingSystem s) {
  switch (s) {
    case TeamPairingSystem::double_round_robin:
      return "double-round-robin";
    case TeamPairingSystem::swiss:
      return "swiss";
    case TeamPairingSystem::round_robin:
      break;
  }
  return "round-robin";
}

}  // namespace

std::string pairing_system_name(TeamPairingSystem s) { return "team-" + stored_system_name(s); }

tn::TeamEvent public_team_event(const TeamEntry& e) {
  tn::TeamEvent t = e.event;
  for (tn::Player& p : t.players.players) p.points = t.players.score_after(p, static_cast<int>(p.rounds.size()));
  return t;
}

std::string stored_team_trf(const TeamEntry& e) {
  tn::TeamEvent t = public_team_event(e);
  auto& h = t.players.headers;
  push_state_lines(e, h);
  h.push_back({"XTP", stored_system_name(e.system)});
  std::string codes;
  for (const std::string& c : e.tie_breaks) {
    if (!codes.empty()) codes += ',';
    codes += c;
  }
  h.push_back({"XTT", tn::edition_name(e.edition) + " " + (codes.empty() ? "-" : codes)});
  h.push_back({"XTK", "arbiter " + e.arbiter});
  for (const auto& [team, token] : e.captains) h.push_back({"XTK", "captain " + std::to_string(team) + " " + token});
  for (const auto& [number, token] : e.players) h.push_back({"XTK", "player " + std::to_string(number) + " " + token});
  for (const OnlineGame& g : e.games) h.push_back(stored_game_line(g));
  if (e.captains_register) h.push_back({"XTR", "captains"});
  for (const auto& [round, teams] : e.lineups)
    for (const auto& [team, lineup] : teams) {
      std::string line = std::to_string(round) + " " + std::to_string(team);
      for (int player : lineup) line.append(" ").append(std::to_string(player));
      h.push_back({"XTL", line});
    }
  for (const auto& [round, teams] : e.absent) {
    std::string line = std::to_string(round);
    for (int team : teams) line.append(" ").append(std::to_string(team));
    h.push_back({"XTB", line});
  }
  if (e.lot_seed) h.push_back({"XTO", "lot " + std::to_string(*e.lot_seed)});
  for (const TeamAdvice& a : e.advice) {
    std::string line = std::to_string(a.seq);
    line.append(" ").append(a.game).append(" ").append(std::to_string(a.player));
    line.append(a.from_captain ? " captain " : " player ").append(a.kind);
    if (!a.about.empty()) line.append(" ").append(a.about);
    h.push_back({"XTA", line});
  }
  return tn::write_team_trf(t, tn::TrfVersion::trf25);
}

Result<std::shared_ptr<TeamEntry>> team_from_stored(std::string_view text, const std::string& source) {
  auto read = tn::read_team_trf(text, source);
  if (!read) return read.error();
  auto e = std::make_shared<TeamEntry>();
  auto read_own = [&](const std::string& code, const std::vector<std::string>& w) {
    if (code == "XTP" && w.size() == 1 && (w[0] == "round-robin" || w[0] == "double-round-robin" || w[0] == "swiss")) {
      e->system = w[0] == "swiss"         ? TeamPairingSystem::swiss
                  : w[0] == "round-robin" ? TeamPairingSystem::round_robin
                                          : TeamPairingSystem::double_round_robin;
    } else if (code == "XTT" && w.size() == 2) {
      auto edition = tn::parse_edition(w[0]);
      if (!edition) return false;
      e->edition = *edition;
      e->tie_breaks.clear();
      std::istringstream list(w[1] == "-" ? std::string() : w[1]);
      for (std::string tie_break; std::getline(list, tie_break, ',');) e->tie_breaks.push_back(tie_break);
    } else if (code == "XTK" && w.size() == 2 && w[0] == "arbiter") {
      e->arbiter = w[1];
    } else if (code == "XTK" && w.size() == 3 && (w[0] == "captain" || w[0] == "player")) {
      int number = 0;
      if (!to_int(w[1], number)) return false;
      (w[0] == "captain" ? e->captains : e->players)[number] = w[2];
    } else if (code == "XTR" && w.size() == 1 && w[0] == "captains") {
      e->captains_register = true;
    } else if (code == "XTL" && w.size() >= 2) {
      int round = 0, team = 0;
      if (!to_int(w[0], round) || !to_int(w[1], team)) return false;
      std::vector<int> lineup(w.size() - 2);
      for (std::size_t i = 2; i < w.size(); ++i)
        if (!to_int(w[i], lineup[i - 2])) return false;
      e->lineups[round][team] = std::move(lineup);
    } else if (code == "XTB" && w.size() >= 2) {
      int round = 0;
      if (!to_int(w[0], round)) return false;
      for (std::size_t i = 1; i < w.size(); ++i) {
        int team = 0;
        if (!to_int(w[i], team)) return false;
        e->absent[round].insert(team);
      }
    } else if (code == "XTO" && w.size() == 2 && w[0] == "lot") {
      if (w[1].empty() || w[1].size() > 20 ||
          !std::all_of(w[1].begin(), w[1].end(), [](char c) { return std::isdigit(c); }))
        return false;
      errno = 0;
      const unsigned long long seed = std::strtoull(w[1].c_str(), nullptr, 10);
      if (errno == ERANGE) return false;
      e->lot_seed = seed;
    } else if (code == "XTA" && (w.size() == 5 || w.size() == 6) && (w[3] == "captain" || w[3] == "player")) {
      TeamAdvice a;
      int seq = 0;
      if (!to_int(w[0], seq) || !to_int(w[2], a.player)) return false;
      a.seq = seq;
      a.game = w[1];
      a.from_captain = w[3] == "captain";
      a.kind = w[4];
      if (w.size() == 6) a.about = w[5];
      e->next_advice = std::max(e->next_advice, a.seq + 1);
      e->advice.push_back(std::move(a));
    } else {
      return false;
    }
    return true;
  };
  if (auto taken = take_private_lines(read->players.headers, source, *e, read_own); !taken) return taken.error();
  if (e->id.empty() || e->arbiter.empty()) return fail(source + ": not an online team event");
  e->event = std::move(*read);
  // A team Swiss's file states the bye's value (a 320 record) only once a team had it: before, the bye is worth a
  // drawn match (C.04.6 1.4), as it was when the event was created.
  if (e->system == TeamPairingSystem::swiss && !text.starts_with("320") && text.find("\n320") == std::string_view::npos)
    e->event.bye_match_points = e->event.match_points.draw;
  return e;
}

Result<std::shared_ptr<TeamEntry>> team_from_stored(const StoredEvent& stored) {
  return with_stored_version(team_from_stored(stored.text, stored.source), stored);
}

TeamStore::TeamStore(std::shared_ptr<EventFileStore> files) : files_(std::move(files)) {}

Result<bool> TeamStore::save(const TeamEntry& e, int64_t previous) const {
  return files_->save({EventKind::team, e.id, stored_team_trf(e), e.version, {}}, previous,
                      published_game_ids(e.games, e.published));
}

Result<std::vector<std::shared_ptr<TeamEntry>>> TeamStore::load_all(
    const std::function<void(const std::string&)>& log) const {
  return load_stored_events<TeamEntry>(
      *files_, EventKind::team, "team event", [](const StoredEvent& s) { return team_from_stored(s); }, log);
}

}  // namespace tabiya::server
