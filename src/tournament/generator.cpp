#include "tournament/generator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tournament/baku.h"
#include "tournament/dutch.h"
#include "tournament/lot.h"
#include "tournament/standings.h"

namespace tabiya::tournament {
namespace {

// A uniform draw in [0, 1) with 53 bits, the same on every platform.
double uniform(Lot& lot) { return static_cast<double>(lot.next() >> 11) * 0x1.0p-53; }

bool chance(Lot& lot, double rate) { return rate > 0 && uniform(lot) < rate; }

const char* const kFederations[] = {"NOR", "POL", "LAT", "BUL", "UKR", "GER", "FRA", "ESP", "IND", "USA"};

// The expected score of a player rated `a` against one rated `b` (the
// logistic curve; unrated players count as 1500 for the simulation only).
double expected(int a, int b) {
  const double ra = a ? a : 1500, rb = b ? b : 1500;
  return 1.0 / (1.0 + std::pow(10.0, (rb - ra) / 400.0));
}

std::vector<Player> random_players(const GeneratorOptions& o, Lot& lot) {
  std::vector<Player> players;
  for (int i = 0; i < o.players; ++i) {
    Player p;
    const bool unrated = chance(lot, o.unrated_rate);
    const int spread = o.rating_high - o.rating_low;
    const int rating = o.rating_low + static_cast<int>(lot.below(static_cast<std::uint64_t>(spread) + 1));
    p.rating = unrated ? 0 : rating;
    p.sex = lot.below(4) == 0 ? 'w' : 'm';
    p.federation = kFederations[lot.below(std::size(kFederations))];
    char name[40];
    std::snprintf(name, sizeof name, "Player %04d, %c.", i + 1, static_cast<char>('A' + lot.below(26)));
    p.name = name;
    players.push_back(std::move(p));
  }
  // The initial order (C.04.2 A.2): rating, highest first; unrated last.
  std::stable_sort(players.begin(), players.end(),
                   [](const Player& a, const Player& b) { return a.rating > b.rating; });
  for (size_t i = 0; i < players.size(); ++i) players[i].number = static_cast<int>(i) + 1;
  return players;
}

void set_entry(Player& p, int round, RoundEntry e) {
  if (static_cast<int>(p.rounds.size()) < round) p.rounds.resize(static_cast<size_t>(round));
  p.rounds[static_cast<size_t>(round) - 1] = e;
}

// Before a round is paired: who leaves, who asks for a bye.
void absences(const GeneratorOptions& o, Lot& lot, Tournament& t, EventSettings& settings, int round) {
  for (Player& p : t.players) {
    if (settings.withdrawal(p.number)) {
      set_entry(p, round, {0, Colour::none, '-'});  // as `pair` writes a withdrawn player's absence
      continue;
    }
    if (round > 1 && chance(lot, o.withdrawal_rate)) {
      settings.withdrawals.push_back({p.number, round - 1, false});
      set_entry(p, round, {0, Colour::none, '-'});
      continue;
    }
    const double x = uniform(lot);
    if (x < o.half_bye_rate) set_entry(p, round, {0, Colour::none, 'H'});
    else if (x < o.half_bye_rate + o.zero_bye_rate) set_entry(p, round, {0, Colour::none, 'Z'});
    else if (x < o.half_bye_rate + o.zero_bye_rate + o.full_bye_rate) set_entry(p, round, {0, Colour::none, 'F'});
  }
}

void play_round(const GeneratorOptions& o, Lot& lot, Tournament& t, const RoundPairing& pairing) {
  for (const Board& b : pairing.boards) {
    Player& w = *t.player(b.white);
    Player& k = *t.player(b.black);
    char rw, rb;
    const double x = uniform(lot);
    if (x < o.double_forfeit_rate) {
      rw = rb = '-';
    } else if (x < o.double_forfeit_rate + o.forfeit_rate) {
      const bool white_came = lot.below(2) == 0;
      rw = white_came ? '+' : '-';
      rb = white_came ? '-' : '+';
    } else {
      const double e = expected(w.rating, k.rating);
      const double win = std::clamp(e - o.draw_rate / 2, 0.0, 1.0 - o.draw_rate);
      const double y = uniform(lot);
      if (y < win) rw = '1', rb = '0';
      else if (y < win + o.draw_rate) rw = rb = '=';
      else rw = '0', rb = '1';
    }
    set_entry(w, pairing.round, {b.black, Colour::white, rw});
    set_entry(k, pairing.round, {b.white, Colour::black, rb});
  }
}

}  // namespace

Result<bool> validate(const GeneratorOptions& o) {
  if (o.players < 2 || o.players > 10000) return fail("generate: --players must be 2..10000");
  if (o.rounds < 1 || o.rounds > 99) return fail("generate: --rounds must be 1..99");
  if (o.rating_low < 1000 || o.rating_high > 3500 || o.rating_low > o.rating_high)
    return fail("generate: --ratings must be LOW,HIGH with 1000 <= LOW <= HIGH <= 3500");
  const std::pair<const char*, double> rates[] = {
      {"--unrated", o.unrated_rate},    {"--draws", o.draw_rate},
      {"--forfeits", o.forfeit_rate},   {"--double-forfeits", o.double_forfeit_rate},
      {"--half-byes", o.half_bye_rate}, {"--zero-byes", o.zero_bye_rate},
      {"--full-byes", o.full_bye_rate}, {"--withdrawals", o.withdrawal_rate}};
  for (const auto& [name, rate] : rates)
    if (!(rate >= 0 && rate <= 1)) return fail(std::string("generate: ") + name + " must be a rate in [0, 1]");
  if (o.forfeit_rate + o.double_forfeit_rate > 1) return fail("generate: --forfeits plus --double-forfeits exceed 1");
  if (o.half_bye_rate + o.zero_bye_rate + o.full_bye_rate > 1)
    return fail("generate: the bye rates add up to more than 1");
  return true;
}

Result<GeneratedEvent> generate_tournament(const GeneratorOptions& o) {
  if (auto ok = validate(o); !ok) return ok.error();
  Lot lot(o.seed);
  GeneratedEvent g;
  Tournament& t = g.tournament;
  EventSettings& settings = g.settings;
  t.set_header("012", "Random Swiss, seed " + std::to_string(o.seed));
  t.total_rounds = o.rounds;
  t.initial_colour = lot.below(2) == 0 ? Colour::white : Colour::black;
  t.players = random_players(o, lot);
  settings.system = PairingSystem::swiss_dutch;
  settings.system_declared = true;
  settings.baku = o.baku;
  settings.edition = o.edition;
  settings.edition_declared = true;
  if (o.baku) {
    auto acc = baku_accelerations(t);
    if (!acc) return fail("generate (seed " + std::to_string(o.seed) + "): " + acc.error().message);
    t.accelerations = *acc;
  }
  for (int round = 1; round <= o.rounds; ++round) {
    absences(o, lot, t, settings, round);
    auto pairing = pair_dutch(t, round);
    if (!pairing) {
      return fail("generate (seed " + std::to_string(o.seed) + "): round " + std::to_string(round) +
                  " cannot be paired: " + pairing.error().message);
    }
    apply_pairing(t, *pairing);
    play_round(o, lot, t, *pairing);
  }
  for (Player& p : t.players) p.points = t.score_after(p, o.rounds);
  write_event_settings(t, settings);
  if (auto standings = compute_standings(t, settings)) {
    for (const StandingRow& row : standings->rows)
      if (Player* p = t.player(row.number)) p->rank = row.rank;
  }
  return g;
}

}  // namespace tabiya::tournament
