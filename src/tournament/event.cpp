#include "tournament/event.h"

#include <algorithm>
#include <sstream>

namespace tabiya::tournament {

const Withdrawal* EventSettings::withdrawal(int player) const {
  for (const Withdrawal& w : withdrawals)
    if (w.player == player) return &w;
  return nullptr;
}

std::string system_name(PairingSystem s) {
  switch (s) {
    case PairingSystem::round_robin:
      return "round-robin";
    case PairingSystem::double_round_robin:
      return "double-round-robin";
    case PairingSystem::swiss_dutch:
      return "swiss-dutch";
  }
  return "?";
}

Result<PairingSystem> parse_system(const std::string& text) {
  for (PairingSystem s : {PairingSystem::round_robin, PairingSystem::double_round_robin, PairingSystem::swiss_dutch})
    if (text == system_name(s)) return s;
  return fail("unknown pairing system \"" + text + "\" (expected round-robin, double-round-robin or swiss-dutch)");
}

std::string edition_name(TieBreakEdition e) {
  switch (e) {
    case TieBreakEdition::fide2026:
      return "2026";
    case TieBreakEdition::fide2024:
      return "2024";
    case TieBreakEdition::fide2022:
      return "2022";
  }
  return "?";
}

Result<TieBreakEdition> parse_edition(const std::string& text) {
  for (TieBreakEdition e : {TieBreakEdition::fide2026, TieBreakEdition::fide2024, TieBreakEdition::fide2022})
    if (text == edition_name(e)) return e;
  return fail("unknown edition of the Tie-Break Regulations \"" + text + "\" (expected 2026, 2024 or 2022)");
}

Result<EventSettings> read_event_settings(const Tournament& t) {
  EventSettings s;
  for (const HeaderLine& h : t.headers) {
    std::istringstream in(h.text);
    if (h.code == "XXY") {
      std::string word;
      in >> word;
      auto system = parse_system(word);
      if (!system) return fail("XXY line \"" + h.text + "\": " + system.error().message);
      s.system = *system;
      s.system_declared = true;
      while (in >> word) {
        if (word != "baku" || *system != PairingSystem::swiss_dutch)
          return fail("XXY line \"" + h.text + "\": option '" + word + "' is not baku (Swiss only)");
        s.baku = true;
      }
    } else if (h.code == "XXT") {
      std::string word;
      while (in >> word) s.tie_breaks.push_back(word);
    } else if (h.code == "XXE") {
      std::string word, extra;
      in >> word;
      auto edition = parse_edition(word);
      if (!edition) return fail("XXE line \"" + h.text + "\": " + edition.error().message);
      if (in >> extra) return fail("XXE line \"" + h.text + "\": unexpected \"" + extra + "\" after the edition");
      s.edition = *edition;
      s.edition_declared = true;
    } else if (h.code == "XXW") {
      Withdrawal w;
      std::string flag;
      if (!(in >> w.player >> w.after_round) || w.player < 1 || w.after_round < 0) {
        return fail("XXW line \"" + h.text + "\": expected a player number and the round after which he left");
      }
      if (in >> flag) {
        if (flag != "excluded") return fail("XXW line \"" + h.text + "\": unknown word \"" + flag + "\"");
        w.excluded = true;
      }
      if (!t.player(w.player)) return fail("XXW line \"" + h.text + "\": no player " + std::to_string(w.player));
      s.withdrawals.push_back(w);
    }
  }
  return s;
}

void write_event_settings(Tournament& t, const EventSettings& s) {
  std::erase_if(t.headers, [](const HeaderLine& h) {
    return h.code == "XXY" || h.code == "XXT" || h.code == "XXW" || h.code == "XXE";
  });
  if (s.system_declared) t.headers.push_back({"XXY", system_name(s.system) + (s.baku ? " baku" : "")});
  if (!s.tie_breaks.empty()) {
    std::string line;
    for (const std::string& tb : s.tie_breaks) line += (line.empty() ? "" : " ") + tb;
    t.headers.push_back({"XXT", line});
  }
  if (s.edition_declared) t.headers.push_back({"XXE", edition_name(s.edition)});
  for (const Withdrawal& w : s.withdrawals) {
    t.headers.push_back(
        {"XXW", std::to_string(w.player) + " " + std::to_string(w.after_round) + (w.excluded ? " excluded" : "")});
  }
}

std::vector<std::string> default_tie_breaks(PairingSystem s) {
  if (s == PairingSystem::swiss_dutch) return {"BH-C1", "BH", "SB", "DE", "WIN"};
  return {"DE", "SB", "WIN", "KS"};
}

}  // namespace tabiya::tournament
