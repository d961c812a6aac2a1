#include "tournament/office.h"

#include <algorithm>
#include <cctype>

#include "tournament/baku.h"
#include "tournament/berger.h"
#include "tournament/boards.h"
#include "tournament/lot.h"
#include "tournament/standings.h"

namespace tabiya::tournament {

namespace {

void set_entry(Player& p, int round, const RoundEntry& e) {
  if (static_cast<int>(p.rounds.size()) < round) p.rounds.resize(static_cast<std::size_t>(round));
  p.rounds[static_cast<std::size_t>(round - 1)] = e;
}

bool all_of_class(const std::string& text, int (*is_class)(int)) {
  return std::all_of(text.begin(), text.end(), [&](char c) { return is_class(static_cast<unsigned char>(c)) != 0; });
}

}  // namespace

// --- Registration ---

std::optional<std::string> title_code(const std::string& text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.empty()) return std::string();
  // The TRF's codes (g m f c wg wm wf wc). Earlier tabiya wrote IM and WIM as "i" and "wi": still read.
  static const std::pair<const char*, const char*> titles[] = {
      {"gm", "g"}, {"im", "m"}, {"fm", "f"}, {"cm", "c"}, {"wgm", "wg"}, {"wim", "wm"}, {"wfm", "wf"}, {"wcm", "wc"}};
  for (const auto& [word, code] : titles)
    if (lower == word || lower == code) return std::string(code);
  if (lower == "i") return std::string("m");
  if (lower == "wi") return std::string("wm");
  return std::nullopt;
}

bool valid_federation(const std::string& text) {
  return text.empty() || (text.size() == 3 && all_of_class(text, std::isupper));
}

bool valid_fide_id(const std::string& text) { return text.size() <= 11 && all_of_class(text, std::isdigit); }

bool valid_birth_date(const std::string& text) {
  if (text.empty()) return true;
  bool ok = text.size() == 4 || (text.size() == 10 && text[4] == '/' && text[7] == '/');
  for (std::size_t i = 0; ok && i < text.size(); ++i)
    ok = i == 4 || i == 7 || std::isdigit(static_cast<unsigned char>(text[i]));
  return ok;
}

Renumbering sort_start_list(Tournament& t) {
  // C.04.2 (General handling rules, initial order): rating, then title GM-IM-WGM-FM-WIM-CM-WFM-WCM, then name.
  static const std::vector<std::string> titles = {"g", "m", "wg", "f", "wm", "c", "wf", "wc"};
  auto title_rank = [](std::string title) {
    if (title == "i") title = "m";  // as earlier tabiya wrote them
    if (title == "wi") title = "wm";
    return static_cast<int>(std::find(titles.begin(), titles.end(), title) - titles.begin());
  };
  std::stable_sort(t.players.begin(), t.players.end(), [&](const Player& a, const Player& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    if (title_rank(a.title) != title_rank(b.title)) return title_rank(a.title) < title_rank(b.title);
    return a.name < b.name;
  });
  Renumbering renumbered(t.players.size() + 1, 0);
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const int old = t.players[i].number;
    t.players[i].number = static_cast<int>(i) + 1;
    if (old >= 1 && old < static_cast<int>(renumbered.size()))
      renumbered[static_cast<std::size_t>(old)] = t.players[i].number;
  }
  return renumbered;
}

Result<Registration> register_player(Tournament& t, const EventSettings& settings, Player p) {
  const int paired = t.rounds_paired();
  if (settings.round_robin() && paired > 0)
    return fail("the round robin has been drawn; players can no longer be added");
  const int number = static_cast<int>(t.players.size()) + 1;
  p.number = number;
  // A late entry in a Swiss event was absent from the rounds already paired.
  p.rounds.clear();
  for (int r = 1; r <= paired; ++r) p.rounds.push_back(RoundEntry{0, Colour::none, '-'});
  t.players.push_back(std::move(p));
  Registration done;
  if (!settings.round_robin() && paired == 0) {
    done.renumbered = sort_start_list(t);
  } else {
    done.renumbered.resize(t.players.size() + 1);
    for (std::size_t i = 1; i < done.renumbered.size(); ++i) done.renumbered[i] = static_cast<int>(i);
  }
  done.number = done.renumbered[static_cast<std::size_t>(number)];
  return done;
}

Renumbering strike_off(Tournament& t, int number) {
  Renumbering renumbered(t.players.size() + 1, 0);
  std::vector<Player> kept;
  for (Player& p : t.players) {
    if (p.number == number) continue;
    const int old = p.number;
    p.number = static_cast<int>(kept.size()) + 1;
    if (old >= 1 && old < static_cast<int>(renumbered.size())) renumbered[static_cast<std::size_t>(old)] = p.number;
    kept.push_back(std::move(p));
  }
  t.players = std::move(kept);
  return renumbered;
}

// --- The round-robin draw ---

std::vector<int> pairing_numbers_by_lot(int players, std::uint64_t seed) { return Lot(seed).permutation(players); }

Result<Renumbering> draw_round_robin(Tournament& t, const EventSettings& settings, const std::vector<int>& numbers,
                                     const std::string& note) {
  const int n = static_cast<int>(t.players.size());
  if (n < 2) return fail("a round robin needs at least 2 players (has " + std::to_string(n) + ")");
  if (t.rounds_with_entries() > 0) return fail("the draw has already been made");
  if (static_cast<int>(numbers.size()) != n)
    return fail("the lot gave " + std::to_string(numbers.size()) + " pairing numbers for " + std::to_string(n) +
                " players");
  Renumbering renumbered(t.players.size() + 1, 0);
  std::vector<Player> drawn(t.players.size());
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    Player p = t.players[i];
    if (p.number >= 1 && p.number <= n) renumbered[static_cast<std::size_t>(p.number)] = numbers[i];
    p.number = numbers[i];
    drawn[static_cast<std::size_t>(numbers[i] - 1)] = std::move(p);
  }
  t.players = std::move(drawn);
  const auto schedule = round_robin_schedule(n, settings.cycles());
  // With an odd number of players the last number of the table is the bye: that round is "0000 -".
  for (Player& p : t.players) p.rounds.assign(schedule.size(), RoundEntry{0, Colour::none, '-'});
  for (std::size_t r = 0; r < schedule.size(); ++r)
    for (const TableGame& g : schedule[r])
      if (g.white <= n && g.black <= n) {
        t.players[static_cast<std::size_t>(g.white - 1)].rounds[r] = RoundEntry{g.black, Colour::white, ' '};
        t.players[static_cast<std::size_t>(g.black - 1)].rounds[r] = RoundEntry{g.white, Colour::black, ' '};
      }
  t.total_rounds = static_cast<int>(schedule.size());
  t.headers.push_back({"###", note});
  return renumbered;
}

// --- Withdrawals and forfeits ---

int last_round_taken_part(const Tournament& t, const EventSettings& settings, int number) {
  const Player* p = t.player(number);
  if (!p) return 0;
  const int paired = t.rounds_paired();
  int after = 0;
  for (int r = 1; r <= std::min(paired, static_cast<int>(p->rounds.size())); ++r) {
    const RoundEntry en = p->entry(r);
    if (en.result != ' ' && !(settings.round_robin() && en.opponent == 0)) after = r;
  }
  if (!settings.round_robin() && paired > 0 && p->entry(paired).paired()) after = std::max(after, paired);
  return after;
}

void withdraw(Tournament& t, EventSettings& settings, int number, int after_round) {
  Player* p = t.player(number);
  if (!p || settings.withdrawal(number)) return;
  if (!settings.round_robin()) {
    const int paired = t.rounds_paired();
    for (int r = std::max(after_round, paired) + 1; r <= static_cast<int>(p->rounds.size()); ++r)
      if (p->entry(r).opponent == 0) set_entry(*p, r, {});
  }
  settings.withdrawals.push_back({number, after_round, false});
  if (settings.round_robin()) forfeit_remaining_games(t, settings, number, after_round);
}

void forfeit_remaining_games(Tournament& t, const EventSettings& settings, int number, int after_round) {
  Player* p = t.player(number);
  if (!p) return;
  for (int r = after_round + 1; r <= static_cast<int>(p->rounds.size()); ++r) {
    RoundEntry mine = p->entry(r);
    if (mine.opponent == 0) continue;
    Player* o = t.player(mine.opponent);
    if (!o) continue;
    RoundEntry theirs = o->entry(r);
    const Withdrawal* w = settings.withdrawal(o->number);
    const bool opponent_gone = w && w->player != number && w->after_round < r;
    // A game with a result stays, except the forfeit he was given because the opponent had left: now neither came.
    if (mine.result != ' ' && !(mine.result == '+' && opponent_gone)) continue;
    mine.result = '-';
    theirs.result = opponent_gone ? '-' : '+';
    set_entry(*p, r, mine);
    set_entry(*o, r, theirs);
  }
}

bool exclude_after_three_forfeits(Tournament& t, EventSettings& settings, int number, int round) {
  if (settings.withdrawal(number)) return false;
  const EventRecord record = build_event_record(t, settings);
  const PlayerRecord* p = record.find(number);
  if (!p || p->forfeit_losses < 3) return false;
  settings.withdrawals.push_back({number, round, true});
  if (settings.round_robin()) forfeit_remaining_games(t, settings, number, round);
  return true;
}

void mark_withdrawn_absent(Tournament& t, const EventSettings& settings, int round) {
  for (const Withdrawal& w : settings.withdrawals) {
    Player* p = t.player(w.player);
    if (p && w.after_round < round && p->entry(round).empty()) set_entry(*p, round, RoundEntry{0, Colour::none, '-'});
  }
}

// --- Results ---

std::vector<int> enter_result(Tournament& t, EventSettings& settings, int round, int white, char white_code,
                              char black_code) {
  Player* w = t.player(white);
  if (!w) return {};
  RoundEntry we = w->entry(round);
  Player* b = t.player(we.opponent);
  if (!b) return {};
  RoundEntry be = b->entry(round);
  we.result = white_code;
  be.result = black_code;
  set_entry(*w, round, we);
  set_entry(*b, round, be);
  std::vector<int> excluded;
  for (int number : {w->number, b->number})
    if (exclude_after_three_forfeits(t, settings, number, round)) excluded.push_back(number);
  return excluded;
}

std::optional<int> first_board_without_result(const Tournament& t, const EventSettings& settings, int round) {
  const auto boards = boards_of_round(t, settings, round);
  for (std::size_t b = 0; b < boards.size(); ++b) {
    if (boards[b].black == 0) continue;
    const Player* w = t.player(boards[b].white);
    if (w && w->entry(round).result == ' ') return static_cast<int>(b) + 1;
  }
  return std::nullopt;
}

// --- Swiss rounds ---

void request_bye(Tournament& t, int number, int round, char kind) {
  if (Player* p = t.player(number)) set_entry(*p, round, RoundEntry{0, Colour::none, kind});
}

Result<bool> prepare_swiss_round(Tournament& t, EventSettings& settings, int round, bool baku) {
  mark_withdrawn_absent(t, settings, round);
  if ((baku || settings.baku) && (t.accelerations.empty() || settings.baku)) {
    auto acc = baku_accelerations(t);
    if (!acc) return acc.error();
    if (t.accelerations.empty()) t.accelerations = *acc;
    for (const auto& [number, points] : *acc)
      if (late_entry(t, *t.player(number))) t.accelerations.emplace(number, points);
    settings.baku = true;
  }
  return true;
}

// --- The file ---

void update_declared_scores(Tournament& t, const EventSettings& settings) {
  write_event_settings(t, settings);
  for (Player& p : t.players) p.points = t.score_after(p, static_cast<int>(p.rounds.size()));
  if (auto s = compute_standings(t, settings))
    for (const StandingRow& row : s->rows)
      if (Player* p = t.player(row.number)) p->rank = row.rank;
}

}  // namespace tabiya::tournament
