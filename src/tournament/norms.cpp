#include "tournament/norms.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "tournament/fide_rating.h"

namespace tabiya::tournament {
namespace {

struct NormRule {
  NormTitle title;
  int performance;                   // 1.47
  int average;                       // 1.46
  int floor;                         // 1.46
  std::set<std::string> qualifying;  // 1.45
  bool women_only;
  int level;  // to know which titles a player still needs
};

const NormRule& rule(NormTitle t) {
  static const NormRule rules[] = {
      {NormTitle::gm, 2600, 2380, 2200, {"GM"}, false, 4},
      {NormTitle::im, 2450, 2230, 2050, {"GM", "IM"}, false, 3},
      {NormTitle::wgm, 2400, 2180, 2000, {"GM", "IM", "WGM"}, true, 2},
      {NormTitle::wim, 2250, 2030, 1850, {"GM", "IM", "WGM", "WIM"}, true, 1},
  };
  return rules[static_cast<int>(t)];
}

constexpr int kUnratedCounts = 1400;  // 1.46

// The TRF's title field in upper case, with the short codes: the FIDE list's (m, wm for IM and WIM) and
// the ones tabiya's own office writes (i, wi).
std::string normal_title(std::string t) {
  for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::map<std::string, std::string> short_codes = {
      {"G", "GM"},   {"M", "IM"},   {"I", "IM"},   {"F", "FM"},   {"C", "CM"},
      {"WG", "WGM"}, {"WM", "WIM"}, {"WI", "WIM"}, {"WF", "WFM"}, {"WC", "WCM"}};
  auto it = short_codes.find(t);
  return it == short_codes.end() ? t : it->second;
}

bool title_holder(const std::string& title) {  // 1.44: the titles of 0.31 but CM and WCM
  return title == "GM" || title == "IM" || title == "WGM" || title == "WIM" || title == "FM" || title == "WFM";
}

int level_of(const std::string& title) {
  for (NormTitle t : {NormTitle::gm, NormTitle::im, NormTitle::wgm, NormTitle::wim})
    if (norm_title_name(t) == title) return rule(t).level;
  return 0;
}

std::string points(int hundredths) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d.%d", hundredths / 100, hundredths % 100 / 10);
  return buf;
}

int performance_for(int average, int score_hundredths, int games) {
  const int p = (2 * score_hundredths + games) / (2 * games);  // hundredths, halves up
  return average + rating_difference_for_score(p);
}

std::string n_of(int count, int games) { return std::to_string(count) + " of " + std::to_string(games); }

}  // namespace

std::string norm_title_name(NormTitle t) {
  switch (t) {
    case NormTitle::gm:
      return "GM";
    case NormTitle::im:
      return "IM";
    case NormTitle::wgm:
      return "WGM";
    case NormTitle::wim:
      return "WIM";
  }
  return "?";
}

Result<NormTitle> parse_norm_title(const std::string& name) {
  const std::string t = normal_title(name);
  for (NormTitle n : {NormTitle::gm, NormTitle::im, NormTitle::wgm, NormTitle::wim})
    if (norm_title_name(n) == t) return n;
  return fail("title \"" + name + "\" is not GM, IM, WGM or WIM");
}

std::vector<NormTitle> titles_to_check(const Player& p) {
  const int held = level_of(normal_title(p.title));
  const bool woman = p.sex == 'w' || p.sex == 'f';
  std::vector<NormTitle> out;
  for (NormTitle t : {NormTitle::gm, NormTitle::im, NormTitle::wgm, NormTitle::wim})
    if (rule(t).level > held && (woman || !rule(t).women_only)) out.push_back(t);
  return out;
}

Result<NormAssessment> assess_norm(const Tournament& t, int number, NormTitle title, const NormOptions& o) {
  const Player* p = t.player(number);
  if (!p) return fail("norms: no player " + std::to_string(number));
  const NormRule& r = rule(title);
  NormAssessment a;
  a.player = number;
  a.title = title;
  // 1.41: games over the board only.
  for (size_t i = 0; i < p->rounds.size(); ++i) {
    const RoundEntry& e = p->rounds[i];
    if (e.opponent == 0 || (e.result != '1' && e.result != '=' && e.result != '0')) continue;
    const Player* opp = t.player(e.opponent);
    if (!opp) continue;
    NormOpponent n;
    n.round = static_cast<int>(i) + 1;
    n.number = opp->number;
    n.title = normal_title(opp->title);
    n.federation = opp->federation;
    n.rating = opp->rating;
    n.counted = opp->rating > 0 ? opp->rating : kUnratedCounts;
    n.score_hundredths = e.result == '1' ? 100 : e.result == '=' ? 50 : 0;
    a.score_hundredths += n.score_hundredths;
    a.opponents.push_back(n);
  }
  const int games = static_cast<int>(a.opponents.size());
  auto check = [&](const char* article, bool met, std::string text) {
    a.checks.push_back({article, met, std::move(text)});
  };
  check("1.42", games >= o.min_games,
        std::to_string(games) + " games over the board, at least " + std::to_string(o.min_games));
  if (games == 0) {
    a.norm = false;
    return a;
  }
  // 1.43: federations.
  std::map<std::string, int> by_federation;
  for (const NormOpponent& n : a.opponents) ++by_federation[n.federation.empty() ? "?" : n.federation];
  const std::string own = p->federation;
  int own_count = 0, others = 0, most = 0;
  std::string most_federation;
  for (const auto& [fed, count] : by_federation) {
    if (!own.empty() && fed == own) own_count = count;
    else if (fed != "?") ++others;
    if (count > most) most = count, most_federation = fed;
  }
  if (o.federations_exempt) {
    check("1.43", true, "federations not required (an event 1.43 exempts)");
  } else {
    const bool met = others >= 2 && own_count * 5 <= games * 3 && most * 3 <= games * 2;
    check("1.43", met,
          std::to_string(others) + " federations besides " + (own.empty() ? "the player's (none given)" : own) +
              ", at least 2; " + n_of(own_count, games) + " opponents from " + (own.empty() ? "it" : own) +
              ", at most 3/5; " + n_of(most, games) + " from " + most_federation + ", at most 2/3 from one");
  }
  // 1.44 and 1.45: titles.
  int holders = 0, qualifying = 0;
  for (const NormOpponent& n : a.opponents) {
    holders += title_holder(n.title);
    qualifying += r.qualifying.count(n.title) > 0;
  }
  check("1.44", holders * 2 >= games, n_of(holders, games) + " opponents title holders, at least 50%");
  std::string kinds;
  for (const char* k : {"GM", "IM", "WGM", "WIM"})
    if (r.qualifying.count(k)) {
      if (!kinds.empty()) kinds += '/';
      kinds += k;
    }
  check("1.45", qualifying * 3 >= games && qualifying >= 3,
        n_of(qualifying, games) + " opponents " + kinds + ", at least 1/3 and at least 3");
  // 1.46: ratings, the floor, the average.
  int unrated = 0;
  for (const NormOpponent& n : a.opponents) unrated += n.rating <= 0;
  auto lowest = std::min_element(a.opponents.begin(), a.opponents.end(),
                                 [](const NormOpponent& x, const NormOpponent& y) { return x.counted < y.counted; });
  std::string floor_text;
  if (lowest->counted < r.floor) {
    floor_text = "the lowest opponent (" + std::to_string(lowest->number) + ", " + std::to_string(lowest->counted) +
                 ") raised to the floor of " + std::to_string(r.floor) + "; ";
    lowest->counted = r.floor;
  }
  std::vector<int> counted;
  for (const NormOpponent& n : a.opponents) counted.push_back(n.counted);
  a.average = average_rating(counted);
  check("1.46", unrated * 5 <= games && a.average >= r.average,
        floor_text + "Ra " + std::to_string(a.average) + ", at least " + std::to_string(r.average) + "; " +
            n_of(unrated, games) + " opponents unrated (counted as 1400), at most 20%");
  // 1.47: the performance and the score it takes.
  a.performance = performance_for(a.average, a.score_hundredths, games);
  for (int halves = 0; halves <= 2 * games; ++halves) {
    const int s = halves * 50;
    if (s >= 35 * games && performance_for(a.average, s, games) >= r.performance) {
      a.score_needed = s;
      break;
    }
  }
  const bool enough = a.performance >= r.performance && a.score_hundredths >= 35 * games;
  check("1.47", enough,
        "performance " + std::to_string(a.performance) + " (" + points(a.score_hundredths) + " of " +
            std::to_string(games) + "), at least " + std::to_string(r.performance) + " with at least 35%: " +
            (a.score_needed ? "needs " + points(*a.score_needed) : std::string("out of reach")));
  a.norm = std::all_of(a.checks.begin(), a.checks.end(), [](const NormCheck& c) { return c.met; });
  return a;
}

std::string format_norm_report(const Tournament& t, const std::vector<NormAssessment>& per_title) {
  if (per_title.empty()) return "";
  const Player& p = *t.player(per_title.front().player);
  std::string out = "Title norms, FIDE Title Regulations (B.01, effective 1 January 2022)\n";
  char buf[256];
  std::snprintf(buf, sizeof buf, "Player %d  %s  %s %s %s\n", p.number, p.name.c_str(),
                p.title.empty() ? "-" : p.title.c_str(), p.federation.empty() ? "-" : p.federation.c_str(),
                p.rating > 0 ? std::to_string(p.rating).c_str() : "unrated");
  out += buf;
  out += "Rd   No  Name                          Title Fed  Rating Result\n";
  for (const NormOpponent& n : per_title.front().opponents) {
    const Player& o = *t.player(n.number);
    std::snprintf(buf, sizeof buf, "%2d %4d  %-29.29s %-5s %-4s %6s %s\n", n.round, n.number, o.name.c_str(),
                  n.title.c_str(), n.federation.c_str(), n.rating > 0 ? std::to_string(n.rating).c_str() : "-",
                  n.score_hundredths == 100  ? "1"
                  : n.score_hundredths == 50 ? "1/2"
                                             : "0");
    out += buf;
  }
  for (const NormAssessment& a : per_title) {
    out += '\n';
    out += norm_title_name(a.title);
    out += a.norm ? " norm: yes\n" : " norm: no\n";
    for (const NormCheck& c : a.checks)
      out += "  " + c.article + (c.met ? "  met      " : "  not met  ") + c.text + "\n";
  }
  return out;
}

std::string format_norm_summary(const Tournament& t, const std::vector<std::vector<NormAssessment>>& per_player) {
  std::string out = "Title norms, FIDE Title Regulations (B.01, effective 1 January 2022)\n";
  out += "  No  Name                          Title Fed  Games Score   Ra   Rp  Norms\n";
  char buf[256];
  for (const auto& per_title : per_player) {
    if (per_title.empty()) continue;
    const NormAssessment& first = per_title.front();
    const Player& p = *t.player(first.player);
    std::string norms;
    for (const NormAssessment& a : per_title)
      if (a.norm) {
        if (!norms.empty()) norms += ' ';
        norms += norm_title_name(a.title);
      }
    const int games = static_cast<int>(first.opponents.size());
    std::snprintf(buf, sizeof buf, "%4d  %-29.29s %-5s %-4s %5d %5s %4s %4s  %s\n", p.number, p.name.c_str(),
                  p.title.c_str(), p.federation.c_str(), games, points(first.score_hundredths).c_str(),
                  games ? std::to_string(first.average).c_str() : "-",
                  games ? std::to_string(first.performance).c_str() : "-", norms.empty() ? "-" : norms.c_str());
    out += buf;
  }
  out += "Ra and Rp here with the floor of the first title checked; `norms FILE --player N` shows every check.\n";
  return out;
}

}  // namespace tabiya::tournament
