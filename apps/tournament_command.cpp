// tabiya tournament (see tournament_command.h and README "Tournaments").
#include "tournament_command.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "tournament/baku.h"
#include "tournament/berger.h"
#include "tournament/boards.h"
#include "tournament/crosstable.h"
#include "tournament/dutch.h"
#include "tournament/event.h"
#include "tournament/lot.h"
#include "tournament/standings.h"
#include "tournament/trf.h"
#include "tournament/varma.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

Result<bool> write_file_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string tmpl = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) return fail(path + ": cannot create a temporary file in " + dir.string());
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) {
      ::close(fd);
      ::unlink(tmpl.c_str());
      return fail(path + ": write failed");
    }
    done += static_cast<size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  ::fchmod(fd, 0644);
  if (::close(fd) != 0 || !synced) {
    ::unlink(tmpl.c_str());
    return fail(path + ": cannot flush the new file to disk");
  }
  if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
    ::unlink(tmpl.c_str());
    return fail(path + ": cannot replace the file");
  }
  // The rename itself reaches the disk with the directory.
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return true;
}

namespace {

struct Event {
  Tournament t;
  EventSettings settings;
};

Result<Event> load(const std::string& path) {
  auto t = read_trf_file(path);
  if (!t) return t.error();
  auto s = read_event_settings(*t);
  if (!s) return fail(path + ": " + s.error().message);
  return Event{std::move(*t), std::move(*s)};
}

// Declared points and ranks follow the results, then the file is replaced.
Result<bool> save(Event& e, const std::string& path) {
  write_event_settings(e.t, e.settings);
  for (Player& p : e.t.players) p.points = e.t.score_after(p, static_cast<int>(p.rounds.size()));
  if (auto s = compute_standings(e.t, e.settings)) {
    for (const StandingRow& row : s->rows)
      if (Player* p = e.t.player(row.number)) p->rank = row.rank;
  }
  return write_file_atomically(path, write_trf(e.t));
}

bool parse_int(const std::string& text, int& value) {
  if (text.empty() || text.size() > 9) return false;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  value = std::stoi(text);
  return true;
}

// "1,0.5,0" -> win, draw, loss in tenths.
Result<PointSystem> parse_points(const std::string& text) {
  std::vector<Points> values;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    size_t used = 0;
    double v = -1;
    try {
      v = std::stod(item, &used);
    } catch (...) {
      used = 0;
    }
    if (used != item.size() || item.empty() || v < 0 || v > 99) {
      return fail("--points \"" + text + "\": \"" + item + "\" is not a number of points");
    }
    const double tenths = v * 10;
    if (tenths != static_cast<int>(tenths))
      return fail("--points \"" + text + "\": \"" + item + "\" has more than one decimal");
    values.push_back(static_cast<Points>(tenths));
  }
  if (values.size() != 3) return fail("--points \"" + text + "\": expected WIN,DRAW,LOSS, e.g. 1,0.5,0");
  PointSystem ps;
  ps.win = values[0];
  ps.draw = values[1];
  ps.loss = values[2];
  ps.pairing_bye = ps.win;
  return ps;
}

struct GameResult {
  char white;
  char black;
};

Result<GameResult> parse_result(const std::string& text) {
  if (text == "1-0") return GameResult{'1', '0'};
  if (text == "0-1") return GameResult{'0', '1'};
  if (text == "1/2" || text == "=" || text == "1/2-1/2" || text == "½-½" || text == "½") return GameResult{'=', '='};
  if (text == "+" || text == "+-" || text == "+/-") return GameResult{'+', '-'};
  if (text == "-" || text == "-+" || text == "-/+") return GameResult{'-', '+'};
  if (text == "0-0" || text == "--") return GameResult{'-', '-'};
  return fail("result \"" + text + "\": expected 1-0, 0-1, 1/2 (or =), + (White wins by forfeit), - (Black wins by " +
              "forfeit) or 0-0 (neither came)");
}

void set_entry(Player& p, int round, const RoundEntry& e) {
  if (static_cast<int>(p.rounds.size()) < round) p.rounds.resize(round);
  p.rounds[round - 1] = e;
}

// Round robins: the scheduled games of a player who left are forfeited:
// "-" for him, "+" for his opponent, "-" for both when the opponent left too
// (Tournament Rules 11(d): "--" in the crosstable).
void forfeit_remaining_games(Event& e, int number, int after_round) {
  Player* p = e.t.player(number);
  if (!p) return;
  for (int r = after_round + 1; r <= static_cast<int>(p->rounds.size()); ++r) {
    RoundEntry mine = p->entry(r);
    if (mine.opponent == 0) continue;
    Player* o = e.t.player(mine.opponent);
    if (!o) continue;
    RoundEntry theirs = o->entry(r);
    const Withdrawal* w = e.settings.withdrawal(o->number);
    const bool opponent_gone = w && w->player != number && w->after_round < r;
    // A game with a result stays, except the forfeit he was given because
    // the opponent had left: now neither comes.
    if (mine.result != ' ' && !(mine.result == '+' && opponent_gone)) continue;
    mine.result = '-';
    theirs.result = opponent_gone ? '-' : '+';
    set_entry(*p, r, mine);
    set_entry(*o, r, theirs);
  }
}

// Tournament Rules 11(b): three games lost by forfeit exclude a player.
void exclude_after_three_forfeits(Event& e, int number, int round, std::ostream& out) {
  if (e.settings.withdrawal(number)) return;
  const EventRecord event = build_event_record(e.t, e.settings);
  const PlayerRecord* p = event.find(number);
  if (!p || p->forfeit_losses < 3) return;
  e.settings.withdrawals.push_back({number, round, true});
  if (e.settings.round_robin()) forfeit_remaining_games(e, number, round);
  out << "player " << number << " (" << p->player->name
      << ") has lost three games by forfeit and is excluded (FIDE Tournament Rules 11(b))\n";
}

// Swiss start numbers before round 1: rating, then title, then name.
void sort_start_list(Tournament& t) {
  static const std::vector<std::string> titles = {"g", "wg", "i", "wi", "f", "wf", "c", "wc"};
  auto title_rank = [](const std::string& title) {
    auto it = std::find(titles.begin(), titles.end(), title);
    return static_cast<int>(it - titles.begin());
  };
  std::stable_sort(t.players.begin(), t.players.end(), [&](const Player& a, const Player& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    if (title_rank(a.title) != title_rank(b.title)) return title_rank(a.title) < title_rank(b.title);
    return a.name < b.name;
  });
  for (size_t i = 0; i < t.players.size(); ++i) t.players[i].number = static_cast<int>(i) + 1;
}

// ---- the subcommands ------------------------------------------------------

struct NewArgs {
  std::string file, system, points, name, tie_breaks, edition;
  int rounds = 0;
  bool baku = false;
};

int cmd_new(const NewArgs& a, std::ostream& out, std::ostream& err) {
  auto system = parse_system(a.system);
  if (!system) return err << "--system: " << system.error().message << '\n', 1;
  if (std::filesystem::exists(a.file)) return err << a.file << ": already exists; not overwritten\n", 1;
  Event e;
  e.settings.system = *system;
  e.settings.system_declared = true;
  if (a.baku && *system != PairingSystem::swiss_dutch) return err << "--baku: acceleration is for Swiss events\n", 1;
  e.settings.baku = a.baku;
  if (*system == PairingSystem::swiss_dutch && a.rounds < 1) {
    return err << "--rounds: a Swiss event needs the number of rounds\n", 1;
  }
  e.t.total_rounds = a.rounds;
  if (!a.points.empty()) {
    auto ps = parse_points(a.points);
    if (!ps) return err << ps.error().message << '\n', 1;
    e.t.points = *ps;
    e.t.points_declared = true;
  }
  if (!a.tie_breaks.empty()) {
    std::stringstream in(a.tie_breaks);
    std::string code;
    while (std::getline(in, code, ',')) {
      auto tb = parse_tie_break(code);
      if (!tb) return err << "--tie-breaks: " << tb.error().message << '\n', 1;
      e.settings.tie_breaks.push_back(tb->code);
    }
  }
  if (!a.edition.empty()) {
    auto ed = parse_edition(a.edition);
    if (!ed) return err << "--tie-break-edition: " << ed.error().message << '\n', 1;
    e.settings.edition = *ed;
    e.settings.edition_declared = true;
  }
  e.t.set_header("012", a.name.empty() ? std::filesystem::path(a.file).stem().string() : a.name);
  if (auto saved = save(e, a.file); !saved) return err << saved.error().message << '\n', 1;
  out << "created " << a.file << ": " << system_name(*system);
  if (a.rounds) out << ", " << a.rounds << " rounds";
  out << '\n';
  return 0;
}

struct PlayerArgs {
  std::string file, name, title, federation, fide_id, birth, sex;
  int rating = 0;
};

int cmd_add_player(const PlayerArgs& a, std::ostream& out, std::ostream& err) {
  auto e = load(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  auto bad = [&](const std::string& what) { return err << a.file << ": add-player: " << what << '\n', 1; };
  if (a.name.empty() || a.name.size() > 33) return bad("--name must have 1 to 33 characters");
  if (a.name.find_first_of("\r\n") != std::string::npos) return bad("--name must be one line");
  if (a.rating < 0 || a.rating > 3500) return bad("--rating " + std::to_string(a.rating) + " is not 0..3500");
  std::string title;
  for (char c : a.title) title += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::vector<std::pair<std::string, std::string>> titles = {
      {"gm", "g"}, {"im", "i"}, {"fm", "f"}, {"cm", "c"}, {"wgm", "wg"}, {"wim", "wi"}, {"wfm", "wf"}, {"wcm", "wc"}};
  bool known = title.empty();
  for (const auto& [word, code] : titles) {
    if (title == word || title == code) {
      title = code;
      known = true;
    }
  }
  if (!known) return bad("--title \"" + a.title + "\" is not GM IM FM CM WGM WIM WFM WCM");
  if (!a.federation.empty() &&
      (a.federation.size() != 3 || !std::all_of(a.federation.begin(), a.federation.end(),
                                                [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))) {
    return bad("--federation \"" + a.federation + "\" is not a three-letter FIDE code like NOR");
  }
  if (a.fide_id.size() > 11 || !std::all_of(a.fide_id.begin(), a.fide_id.end(),
                                            [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return bad("--fide-id \"" + a.fide_id + "\" is not a number of up to 11 digits");
  }
  if (!a.birth.empty()) {
    const std::string& b = a.birth;
    bool ok = b.size() == 4 || (b.size() == 10 && b[4] == '/' && b[7] == '/');
    for (size_t i = 0; ok && i < b.size(); ++i) ok = i == 4 || i == 7 || std::isdigit(static_cast<unsigned char>(b[i]));
    if (!ok) return bad("--birth \"" + b + "\" is not YYYY/MM/DD or YYYY");
  }
  char sex = ' ';
  if (a.sex == "m" || a.sex == "M") sex = 'm';
  else if (a.sex == "w" || a.sex == "W" || a.sex == "f" || a.sex == "F") sex = 'w';
  else if (!a.sex.empty()) return bad("--sex \"" + a.sex + "\" is not m or w");
  if (e->settings.round_robin() && e->t.rounds_paired() > 0) {
    return bad("the round robin has been drawn; players can no longer be added");
  }
  Player p;
  p.number = static_cast<int>(e->t.players.size()) + 1;
  p.name = a.name;
  p.title = title;
  p.rating = a.rating;
  p.federation = a.federation;
  p.fide_id = a.fide_id;
  p.birth_date = a.birth;
  p.sex = sex;
  // A late entry in a Swiss event was absent from the rounds already paired.
  const int paired = e->t.rounds_paired();
  for (int r = 1; r <= paired; ++r) p.rounds.push_back(RoundEntry{0, Colour::none, '-'});
  e->t.players.push_back(p);
  if (!e->settings.round_robin() && paired == 0) sort_start_list(e->t);
  if (auto saved = save(*e, a.file); !saved) return err << saved.error().message << '\n', 1;
  for (const Player& q : e->t.players)
    if (q.name == a.name && q.fide_id == a.fide_id) out << "player " << q.number << ": " << q.name << '\n';
  return 0;
}

int cmd_withdraw(const std::string& file, int number, int after_round, std::ostream& out, std::ostream& err) {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  const Player* p = e->t.player(number);
  if (!p) return err << file << ": withdraw: no player " << number << '\n', 1;
  if (e->settings.withdrawal(number)) return err << file << ": withdraw: player " << number << " has already left\n", 1;
  if (after_round < 0) {
    after_round = 0;
    for (int r = 1; r <= static_cast<int>(p->rounds.size()); ++r) {
      const RoundEntry en = p->entry(r);
      if (en.result != ' ' && !(e->settings.round_robin() && en.opponent == 0)) after_round = r;
    }
  }
  e->settings.withdrawals.push_back({number, after_round, false});
  if (e->settings.round_robin()) forfeit_remaining_games(*e, number, after_round);
  if (auto saved = save(*e, file); !saved) return err << saved.error().message << '\n', 1;
  out << "player " << number << " (" << p->name << ") withdrawn after round " << after_round << '\n';
  if (e->settings.round_robin()) {
    const EventRecord event = build_event_record(e->t, e->settings);
    const PlayerRecord* rec = event.find(number);
    out << "played " << rec->games_played << " of " << rec->games_due << " games: his results "
        << (rec->annulled ? "are not counted" : "count") << " in the final table (FIDE Tournament Rules 11("
        << (rec->annulled ? "d" : "e") << "))\n";
  }
  return 0;
}

int cmd_draw(const std::string& file, bool varma, bool seeded, std::uint64_t seed, std::ostream& out,
             std::ostream& err) {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  if (!e->settings.round_robin())
    return err << file << ": draw: only round robins are drawn; Swiss rounds are paired\n", 1;
  const int n = static_cast<int>(e->t.players.size());
  if (n < 2) return err << file << ": draw: a round robin needs at least 2 players (has " << n << ")\n", 1;
  if (e->t.rounds_with_entries() > 0) return err << file << ": draw: the draw has already been made\n", 1;
  if (!seeded) seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  std::vector<int> numbers;  // numbers[i]: the pairing number of players[i]
  if (varma) {
    std::vector<VarmaEntrant> entrants;
    for (const Player& p : e->t.players) entrants.push_back({p.name, p.federation});
    auto d = varma_draw(entrants, seed);
    if (!d) return err << file << ": draw --varma: " << d.error().message << '\n', 1;
    numbers = d->numbers;
    for (const std::string& step : d->steps) out << step << '\n';
  } else {
    Lot lot(seed);
    numbers = lot.permutation(n);
  }
  std::vector<Player> renumbered(e->t.players.size());
  for (size_t i = 0; i < e->t.players.size(); ++i) {
    Player p = e->t.players[i];
    p.number = numbers[i];
    renumbered[static_cast<size_t>(numbers[i] - 1)] = p;
  }
  e->t.players = renumbered;
  auto schedule = round_robin_schedule(n, e->settings.cycles());
  for (Player& p : e->t.players) p.rounds.assign(schedule.size(), RoundEntry{0, Colour::none, '-'});
  for (size_t r = 0; r < schedule.size(); ++r) {
    for (const TableGame& g : schedule[r]) {
      if (g.white <= n && g.black <= n) {
        e->t.players[static_cast<size_t>(g.white - 1)].rounds[r] = RoundEntry{g.black, Colour::white, ' '};
        e->t.players[static_cast<size_t>(g.black - 1)].rounds[r] = RoundEntry{g.white, Colour::black, ' '};
      }
    }
  }
  e->t.total_rounds = static_cast<int>(schedule.size());
  e->t.headers.push_back(
      {"###", std::string("draw ") + (varma ? "with the Varma tables" : "by lot") + ", seed " + std::to_string(seed)});
  if (auto saved = save(*e, file); !saved) return err << saved.error().message << '\n', 1;
  out << "drawn " << (varma ? "with the Varma tables" : "by lot") << " (seed " << seed << ")\n";
  for (const Player& p : e->t.players) out << p.number << ". " << p.name << '\n';
  return 0;
}

// Swiss: pairs the next round with the FIDE Dutch system. With `javafo_out`
// the TRF is left as it is and the pairing written in the JaVaFo output form
// (the drop-in mode for programs that call JaVaFo or bbpPairings); without
// it the pairing is entered into the file.
int cmd_pair(const std::string& file, const std::string& javafo_out, bool baku, std::ostream& out, std::ostream& err) {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  if (e->settings.round_robin()) return err << file << ": pair: a round robin follows its Berger schedule (draw)\n", 1;
  const int round = e->t.rounds_paired() + 1;
  if (e->t.total_rounds > 0 && round > e->t.total_rounds) {
    return err << file << ": pair: all " << e->t.total_rounds << " rounds are paired\n", 1;
  }
  if (round > 1) {
    const auto boards = boards_of_round(e->t, e->settings, round - 1);
    for (size_t b = 0; b < boards.size(); ++b) {
      if (boards[b].black != 0 && e->t.player(boards[b].white)->entry(round - 1).result == ' ') {
        return err << file << ": pair: round " << round - 1 << " board " << b + 1 << " has no result yet\n", 1;
      }
    }
  }
  // Players who left are not paired (Tournament Rules 11(b), withdrawals).
  for (const Withdrawal& w : e->settings.withdrawals) {
    Player* p = e->t.player(w.player);
    if (p && w.after_round < round && p->entry(round).empty()) set_entry(*p, round, RoundEntry{0, Colour::none, '-'});
  }
  // Baku acceleration (C.04.5.1): the virtual points go into the file as XXA
  // lines, fixed before round 1; a late entry who joins GA (he stands above
  // its last player) gets his line when he is first paired.
  if ((baku || e->settings.baku) && (e->t.accelerations.empty() || e->settings.baku)) {
    auto acc = baku_accelerations(e->t);
    if (!acc) return err << file << ": pair: " << acc.error().message << '\n', 1;
    if (e->t.accelerations.empty()) e->t.accelerations = *acc;
    for (const auto& [number, points] : *acc)
      if (late_entry(e->t, *e->t.player(number))) e->t.accelerations.emplace(number, points);
    e->settings.baku = true;
  }
  auto pairing = pair_dutch(e->t, round);
  if (!pairing) return err << file << ": pair round " << round << ": " << pairing.error().message << '\n', 1;
  if (!javafo_out.empty()) {
    const std::string text = write_javafo_pairing(*pairing);
    if (javafo_out == "-") {
      out << text;
      return 0;
    }
    if (auto w = write_file_atomically(javafo_out, text); !w) return err << w.error().message << '\n', 1;
    return 0;
  }
  apply_pairing(e->t, *pairing);
  if (auto saved = save(*e, file); !saved) return err << saved.error().message << '\n', 1;
  out << "round " << round << '\n';
  const auto boards = boards_of_round(e->t, e->settings, round);
  for (size_t b = 0; b < boards.size(); ++b) {
    const Player* w = e->t.player(boards[b].white);
    if (boards[b].black == 0) {
      out << "bye: " << w->number << " " << w->name << '\n';
    } else {
      const Player* bl = e->t.player(boards[b].black);
      out << "board " << b + 1 << ": " << w->number << " " << w->name << " - " << bl->number << " " << bl->name << '\n';
    }
  }
  return 0;
}

int cmd_result(const std::string& file, const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  int round = 0;
  if (words.size() < 3 || words.size() % 2 == 0 || !parse_int(words[0], round)) {
    return err << "result: expected ROUND BOARD RESULT [BOARD RESULT ...]\n", 1;
  }
  const auto boards = boards_of_round(e->t, e->settings, round);
  if (boards.empty()) return err << file << ": result: round " << round << " is not paired\n", 1;
  std::vector<int> touched;
  for (size_t i = 1; i + 1 < words.size(); i += 2) {
    int board = 0;
    if (!parse_int(words[i], board) || board < 1 || board > static_cast<int>(boards.size())) {
      return err << file << ": result: round " << round << " has no board \"" << words[i] << "\" (boards 1-"
                 << boards.size() << ")\n",
             1;
    }
    const RoundBoard& b = boards[static_cast<size_t>(board - 1)];
    if (b.black == 0) return err << file << ": result: board " << board << " is a bye; it has no result\n", 1;
    auto res = parse_result(words[i + 1]);
    if (!res) return err << file << ": round " << round << " board " << board << ": " << res.error().message << '\n', 1;
    Player* w = e->t.player(b.white);
    Player* bl = e->t.player(b.black);
    RoundEntry we = w->entry(round), be = bl->entry(round);
    we.result = res->white;
    be.result = res->black;
    set_entry(*w, round, we);
    set_entry(*bl, round, be);
    touched.push_back(b.white);
    touched.push_back(b.black);
    out << "round " << round << " board " << board << ": " << w->name << " - " << bl->name << " " << words[i + 1]
        << '\n';
  }
  for (int number : touched) exclude_after_three_forfeits(*e, number, round, out);
  if (auto saved = save(*e, file); !saved) return err << saved.error().message << '\n', 1;
  return 0;
}

Result<EventSettings> with_tie_breaks(EventSettings s, const std::string& list, const std::string& edition = "") {
  if (!edition.empty()) {
    auto ed = parse_edition(edition);
    if (!ed) return fail("--tie-break-edition: " + ed.error().message);
    s.edition = *ed;
  }
  if (list.empty()) return s;
  s.tie_breaks.clear();
  std::stringstream in(list);
  std::string code;
  while (std::getline(in, code, ',')) {
    auto tb = parse_tie_break(code);
    if (!tb) return fail("--tie-breaks: " + tb.error().message);
    s.tie_breaks.push_back(tb->code);
  }
  return s;
}

enum class Report { standings, crosstable, html };

int cmd_report(const std::string& file, Report what, const std::string& tie_breaks, const std::string& output,
               std::ostream& out, std::ostream& err, const std::string& edition = "") {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  auto settings = with_tie_breaks(e->settings, tie_breaks, edition);
  if (!settings) return err << settings.error().message << '\n', 1;
  auto s = compute_standings(e->t, *settings);
  if (!s) return err << file << ": " << s.error().message << '\n', 1;
  std::string text = what == Report::standings    ? format_standings(e->t, *s)
                     : what == Report::crosstable ? format_crosstable(e->t, *settings, *s)
                                                  : export_html(e->t, *settings, *s);
  if (output.empty() || output == "-") {
    out << text;
    return 0;
  }
  if (auto w = write_file_atomically(output, text); !w) return err << w.error().message << '\n', 1;
  out << "wrote " << output << '\n';
  return 0;
}

// Everything `check` finds wrong with a TRF, one line each.
std::vector<std::string> problems_of(const Event& e) {
  std::vector<std::string> problems;
  const Tournament& t = e.t;
  auto who = [](const Player& p) { return "player " + std::to_string(p.number); };
  const std::string pairs_ok[] = {"10", "01", "==", "+-", "-+", "--", "WL", "LW", "DD", "  "};
  for (const Player& p : t.players) {
    int rounds = static_cast<int>(p.rounds.size());
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry mine = p.entry(r);
      if (mine.opponent == 0) continue;
      const std::string at = who(p) + ", round " + std::to_string(r) + ": ";
      if (mine.opponent == p.number) {
        problems.push_back(at + "paired against himself");
        continue;
      }
      const Player* o = t.player(mine.opponent);
      if (!o) {
        problems.push_back(at + "opponent " + std::to_string(mine.opponent) + " does not exist");
        continue;
      }
      const RoundEntry theirs = o->entry(r);
      if (theirs.opponent != p.number) {
        problems.push_back(
            at + "opponent " + std::to_string(o->number) + " has " +
            (theirs.opponent ? "player " + std::to_string(theirs.opponent) : std::string("no opponent")) +
            " in that round");
        continue;
      }
      if (p.number < o->number) {
        if (mine.colour != Colour::none && mine.colour == theirs.colour)
          problems.push_back(at + "both players have " + (mine.colour == Colour::white ? "White" : "Black"));
        const std::string pair = {mine.result, theirs.result};
        if (std::find(std::begin(pairs_ok), std::end(pairs_ok), pair) == std::end(pairs_ok))
          problems.push_back(at + "results '" + mine.result + "' and '" + theirs.result + "' (opponent " +
                             std::to_string(o->number) + ") do not agree");
      }
    }
    // Repeated pairings. In a Swiss a game lost by forfeit was not played,
    // and the two may be paired again (C.04.3 C1 counts games played); a round
    // robin's schedule meets each pair once per cycle whatever happened.
    const int allowed = e.settings.cycles();
    std::vector<int> meetings(t.players.size() + 2, 0);
    for (int r = 1; r <= rounds; ++r) {
      const RoundEntry x = p.entry(r);
      if (!e.settings.round_robin() && !x.played()) continue;
      const int o = x.opponent;
      if (o > 0 && o < static_cast<int>(meetings.size()) && ++meetings[static_cast<size_t>(o)] == allowed + 1 &&
          p.number < o)
        problems.push_back(who(p) + " meets player " + std::to_string(o) + " more than " +
                           (allowed == 1 ? std::string("once") : std::to_string(allowed) + " times") + " (round " +
                           std::to_string(r) + ")");
    }
    // Declared points against the results.
    const Points score = t.score_after(p, rounds);
    if (p.points != score) {
      problems.push_back(who(p) + ": declared " + format_points(p.points) + " points, the results give " +
                         format_points(score));
    }
    // Colours of the games played: no three in a row, difference within 2.
    if (!e.settings.round_robin()) {
      const auto colours = t.colour_history(p, rounds);
      int diff = 0, run = 0;
      Colour last = Colour::none;
      for (size_t i = 0; i < colours.size(); ++i) {
        diff += colours[i] == Colour::white ? 1 : -1;
        run = colours[i] == last ? run + 1 : 1;
        last = colours[i];
        if ((run >= 3 || diff > 2 || diff < -2) && i + 1 < colours.size()) {
          problems.push_back(who(p) + ": colour rule broken after " + std::to_string(i + 1) + " games played (" +
                             (run >= 3 ? "three in a row" : "difference " + std::to_string(diff)) + ")");
          break;
        }
      }
    }
  }
  // Round robins: the games are those of the Berger table.
  if (e.settings.round_robin() && t.rounds_with_entries() > 0) {
    const int n = static_cast<int>(t.players.size());
    auto schedule = round_robin_schedule(n, e.settings.cycles());
    for (size_t r = 0; r < schedule.size(); ++r) {
      for (const TableGame& g : schedule[r]) {
        if (g.white > n || g.black > n) continue;
        const RoundEntry we = t.player(g.white)->entry(static_cast<int>(r) + 1);
        if (we.opponent != g.black || (we.colour != Colour::white && we.colour != Colour::none))
          problems.push_back("round " + std::to_string(r + 1) + ": the Berger table pairs " + std::to_string(g.white) +
                             "-" + std::to_string(g.black) + ", the file does not");
      }
    }
  }
  return problems;
}

std::string write_oneline(const Result<RoundPairing>& p) {
  if (!p) return "(no pairing: " + p.error().message + ")";
  std::string line;
  for (const Board& b : p->boards)
    line += (line.empty() ? "" : " ") + std::to_string(b.white) + "-" + std::to_string(b.black);
  if (p->bye) line += " bye " + std::to_string(p->bye);
  return line;
}

int cmd_check(const std::string& file, std::ostream& out, std::ostream& err) {
  auto e = load(file);
  if (!e) return err << e.error().message << '\n', 1;
  auto problems = problems_of(*e);
  // Swiss: every round re-paired from the state before it.
  if (!e->settings.round_robin() && e->t.rounds_paired() > 0) {
    auto differing = check_pairings(e->t);
    if (!differing) {
      problems.push_back("re-pairing: " + differing.error().message);
    } else {
      for (int r : *differing) {
        problems.push_back("round " + std::to_string(r) + ": the FIDE Dutch system pairs " +
                           write_oneline(pair_dutch(cut_before_round(e->t, r), r)) + "; the file has " +
                           write_oneline(recorded_pairing(e->t, r)));
      }
    }
  }
  for (const std::string& p : problems) out << file << ": " << p << '\n';
  if (problems.empty())
    out << file << ": OK (" << e->t.players.size() << " players, " << e->t.rounds_with_entries() << " rounds)\n";
  return problems.empty() ? 0 : 1;
}

int cmd_berger(int players, bool twice, bool swap, std::ostream& out, std::ostream& err) {
  if (players < 2 || players > 1000) return err << "berger: the number of players must be 2..1000\n", 1;
  for (const TableRound& r : round_robin_schedule(players, twice ? 2 : 1, swap)) out << format_table_round(r) << '\n';
  return 0;
}

}  // namespace

int run_tournament(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"Tournaments in FIDE Tournament Report Files", "tabiya tournament"};
  app.require_subcommand(1);
  int code = 0;

  NewArgs na;
  auto* c_new = app.add_subcommand("new", "Create a tournament file");
  c_new->add_option("file", na.file, "The TRF to create")->required();
  c_new->add_option("--system", na.system, "round-robin, double-round-robin or swiss-dutch")->required();
  c_new->add_option("--rounds", na.rounds, "Rounds (Swiss; round robins take theirs from the table)");
  c_new->add_option("--points", na.points, "Points for win, draw, loss (default 1,0.5,0)");
  c_new->add_option("--name", na.name, "The tournament's name");
  c_new->add_option("--tie-breaks", na.tie_breaks, "Tie-break order, e.g. DE,SB,WIN,KS or BH-C1,BH,SB");
  c_new->add_option("--tie-break-edition", na.edition,
                    "Edition of the FIDE Tie-Break Regulations for unplayed rounds: 2026 (default), 2024, 2022");
  c_new->add_flag("--baku", na.baku, "Swiss: Baku acceleration (FIDE C.04.5.1)");
  c_new->callback([&] { code = cmd_new(na, out, err); });

  PlayerArgs pa;
  auto* c_add = app.add_subcommand("add-player", "Register a player");
  c_add->add_option("file", pa.file)->required();
  c_add->add_option("--name", pa.name, "\"Surname, Firstname\"")->required();
  c_add->add_option("--rating", pa.rating, "FIDE rating (0: unrated)");
  c_add->add_option("--title", pa.title, "GM IM FM CM WGM WIM WFM WCM");
  c_add->add_option("--federation", pa.federation, "FIDE federation code, e.g. NOR");
  c_add->add_option("--fide-id", pa.fide_id, "FIDE identification number");
  c_add->add_option("--birth", pa.birth, "Birth date YYYY/MM/DD or year");
  c_add->add_option("--sex", pa.sex, "m or w");
  c_add->callback([&] { code = cmd_add_player(pa, out, err); });

  std::string wfile;
  int wplayer = 0, wround = -1;
  auto* c_wd = app.add_subcommand("withdraw", "A player leaves the event");
  c_wd->add_option("file", wfile)->required();
  c_wd->add_option("player", wplayer, "Start number")->required();
  c_wd->add_option("--after-round", wround, "The last round he took part in (default: his last result)");
  c_wd->callback([&] { code = cmd_withdraw(wfile, wplayer, wround, out, err); });

  std::string dfile;
  bool dvarma = false;
  std::uint64_t dseed = 0;
  auto* c_draw = app.add_subcommand("draw", "Round robins: pairing numbers by lot and the Berger schedule");
  c_draw->add_option("file", dfile)->required();
  auto* seed_opt = c_draw->add_option("--seed", dseed, "Seed of the lot, to replay it");
  c_draw->add_flag("--varma", dvarma, "Restricted drawing with the Varma tables (9-24 players)");
  c_draw->callback([&] { code = cmd_draw(dfile, dvarma, seed_opt->count() > 0, dseed, out, err); });

  std::string rfile;
  std::vector<std::string> rwords;
  auto* c_res = app.add_subcommand("result", "Enter results: ROUND BOARD RESULT [BOARD RESULT ...]");
  c_res->add_option("file", rfile)->required();
  c_res->add_option("words", rwords, "ROUND BOARD RESULT ...")->required();
  c_res->callback([&] { code = cmd_result(rfile, rwords, out, err); });

  std::string sfile, stb, sed;
  auto* c_st = app.add_subcommand("standings", "Standings with tie-breaks");
  c_st->add_option("file", sfile)->required();
  c_st->add_option("--tie-breaks", stb,
                   "Override the event's tie-break order (FIDE C.07 acronyms: DE BH BH-C1 BH-C2 BH-M1 BH-M2 SB "
                   "SB-C1 WIN WON BPG BWG ARO ARO-C1 KS PS PS-C1)");
  c_st->add_option("--tie-break-edition", sed,
                   "Override the edition of the FIDE Tie-Break Regulations for unplayed rounds: 2026 (default), "
                   "2024 or 2022 (the older C.02 virtual opponent)");
  c_st->callback([&] { code = cmd_report(sfile, Report::standings, stb, "", out, err, sed); });

  std::string xfile;
  auto* c_ct = app.add_subcommand("crosstable", "The crosstable");
  c_ct->add_option("file", xfile)->required();
  c_ct->callback([&] { code = cmd_report(xfile, Report::crosstable, "", "", out, err); });

  std::string efile, eout;
  bool ehtml = false;
  auto* c_ex = app.add_subcommand("export", "Standings and crosstable as an HTML page");
  c_ex->add_option("file", efile)->required();
  c_ex->add_flag("--html", ehtml, "HTML (the one format so far)")->required();
  c_ex->add_option("-o,--output", eout, "Output file (default: standard output)");
  c_ex->callback([&] { code = cmd_report(efile, Report::html, "", eout, out, err); });

  std::string pfile, pout;
  bool pbaku = false;
  auto* c_pair = app.add_subcommand("pair", "Swiss: pair the next round (FIDE Dutch system)");
  c_pair->add_option("file", pfile)->required();
  c_pair->add_option("-p", pout,
                     "Write the pairing in JaVaFo's output form to this file (- for standard output) "
                     "and leave the TRF unchanged");
  c_pair->add_flag("--baku", pbaku, "Baku acceleration (FIDE C.04.5.1) when the file has no XXA lines");
  c_pair->callback([&] { code = cmd_pair(pfile, pout, pbaku, out, err); });

  std::string cfile;
  auto* c_check = app.add_subcommand("check", "Validate a TRF: scores, colours, repeated pairings");
  c_check->add_option("file", cfile)->required();
  c_check->callback([&] { code = cmd_check(cfile, out, err); });

  add_generate_subcommand(app, out, err, code);
  add_tie_breaks_subcommand(app, out, err, code);
  add_rating_report_subcommand(app, out, err, code);

  int bplayers = 0;
  bool bdouble = false, bswap = false;
  auto* c_berger = app.add_subcommand("berger", "Print the FIDE Berger table for N players");
  c_berger->add_option("players", bplayers)->required();
  c_berger->add_flag("--double", bdouble, "Both cycles of a double round robin");
  c_berger->add_flag("--swap-last-two", bswap, "Exchange the last two rounds of the first cycle");
  c_berger->callback([&] { code = cmd_berger(bplayers, bdouble, bswap, out, err); });

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err);
  }
  return code;
}

void add_tournament_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("tournament", "Run a tournament kept in a FIDE Tournament Report File");
  cmd->prefix_command();
  cmd->set_help_flag();
  cmd->callback([cmd] {
    std::vector<std::string> args = cmd->remaining();
    int code = run_tournament(args, std::cout, std::cerr);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace tabiya::cli
