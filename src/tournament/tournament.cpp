#include "tournament/tournament.h"

#include <algorithm>

namespace tabiya::tournament {

bool RoundEntry::played() const {
  if (opponent == 0 || colour == Colour::none) return false;
  switch (result) {
    case '1':
    case '0':
    case '=':
    case 'W':
    case 'D':
    case 'L':
      return true;
    default:
      return false;
  }
}

RoundEntry Player::entry(int round) const {
  if (round < 1 || round > static_cast<int>(rounds.size())) return {};
  return rounds[round - 1];
}

std::string Tournament::header(const std::string& code) const {
  for (const HeaderLine& h : headers)
    if (h.code == code) return h.text;
  return {};
}

void Tournament::set_header(const std::string& code, const std::string& text) {
  for (HeaderLine& h : headers)
    if (h.code == code) {
      h.text = text;
      return;
    }
  headers.push_back({code, text});
}

const Player* Tournament::player(int number) const {
  if (number >= 1 && number <= static_cast<int>(players.size()) && players[number - 1].number == number)
    return &players[number - 1];
  for (const Player& p : players)
    if (p.number == number) return &p;
  return nullptr;
}

Player* Tournament::player(int number) {
  return const_cast<Player*>(static_cast<const Tournament&>(*this).player(number));
}

int Tournament::rounds_with_entries() const {
  int n = 0;
  for (const Player& p : players)
    for (int r = static_cast<int>(p.rounds.size()); r > n; --r)
      if (!p.rounds[r - 1].empty()) {
        n = r;
        break;
      }
  return n;
}

int Tournament::rounds_paired() const {
  int n = 0;
  for (const Player& p : players)
    for (int r = static_cast<int>(p.rounds.size()); r > n; --r)
      if (p.rounds[r - 1].paired()) {
        n = r;
        break;
      }
  return n;
}

Points Tournament::entry_points(const RoundEntry& e) const {
  switch (e.result) {
    case '1':
    case 'W':
      return points.win;
    case '+':
      return e.opponent == 0 ? points.pairing_bye : points.win;
    case 'F':
      return points.win;
    case 'U':
      return points.pairing_bye;
    case '=':
    case 'D':
    case 'H':
      return points.draw;
    case '0':
    case 'L':
      return points.loss;
    case '-':
      return points.forfeit_loss;
    case 'Z':
      return points.zero_bye;
    default:
      return 0;
  }
}

Points Tournament::acceleration(int player, int round) const {
  auto it = accelerations.find(player);
  if (it == accelerations.end() || round < 1 || round > static_cast<int>(it->second.size())) return 0;
  return it->second[round - 1];
}

bool Tournament::forbidden_pair(int a, int b, int round) const {
  for (const ForbiddenGroup& g : forbidden) {
    if (round < g.first_round || (g.last_round > 0 && round > g.last_round)) continue;
    bool has_a = false, has_b = false;
    for (int x : g.players) has_a |= x == a, has_b |= x == b;
    if (has_a && has_b) return true;
  }
  return false;
}

Points Tournament::score_after(const Player& p, int round) const {
  Points s = 0;
  int n = std::min(round, static_cast<int>(p.rounds.size()));
  for (int r = 0; r < n; ++r) s += entry_points(p.rounds[r]);
  return s;
}

bool Tournament::met(int a, int b, int round) const {
  const Player* pa = player(a);
  if (!pa) return false;
  int n = std::min(round, static_cast<int>(pa->rounds.size()));
  for (int r = 0; r < n; ++r)
    if (pa->rounds[r].opponent == b) return true;
  return false;
}

std::vector<Colour> Tournament::colour_history(const Player& p, int round) const {
  std::vector<Colour> out;
  int n = std::min(round, static_cast<int>(p.rounds.size()));
  for (int r = 0; r < n; ++r)
    if (p.rounds[r].played()) out.push_back(p.rounds[r].colour);
  return out;
}

Float float_in_round(const Tournament& t, const Player& p, int round) {
  RoundEntry e = p.entry(round);
  if (e.opponent == 0) return e.pairing_allocated_bye() ? Float::down : Float::none;
  if (e.forfeit() && e.result == '+') return Float::down;
  const Player* o = t.player(e.opponent);
  if (!o || !e.played()) return Float::none;
  Points mine = t.score_after(p, round - 1), theirs = t.score_after(*o, round - 1);
  return mine > theirs ? Float::down : mine < theirs ? Float::up : Float::none;
}

std::string format_points(Points p) {
  std::string sign = p < 0 ? "-" : "";
  if (p < 0) p = -p;
  return sign + std::to_string(p / 10) + "." + std::to_string(p % 10);
}

}  // namespace tabiya::tournament
