// tabiya tournament (see tournament_command.h and README "Tournaments").
#include "tournament_command.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "files/durable_file.h"
#include "tournament/boards.h"
#include "tournament/dutch.h"
#include "tournament/event.h"
#include "tournament/office.h"
#include "tournament/standings.h"
#include "tournament/tiebreaks.h"
#include "tournament/varma.h"
#include "tournament_file.h"
#include "tournament_tools.h"

namespace tabiya::cli {

using namespace tabiya::tournament;

namespace {

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
  EventFile e;
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
  if (auto saved = save_event_file(e, a.file); !saved) return err << saved.error().message << '\n', 1;
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
  auto e = load_event_file(a.file);
  if (!e) return err << e.error().message << '\n', 1;
  auto bad = [&](const std::string& what) { return err << a.file << ": add-player: " << what << '\n', 1; };
  if (a.name.empty() || a.name.size() > 33) return bad("--name must have 1 to 33 characters");
  if (a.name.find_first_of("\r\n") != std::string::npos) return bad("--name must be one line");
  if (a.rating < 0 || a.rating > 3500) return bad("--rating " + std::to_string(a.rating) + " is not 0..3500");
  const std::optional<std::string> title = title_code(a.title);
  if (!title) return bad("--title \"" + a.title + "\" is not GM IM FM CM WGM WIM WFM WCM");
  if (!valid_federation(a.federation))
    return bad("--federation \"" + a.federation + "\" is not a three-letter FIDE code like NOR");
  if (!valid_fide_id(a.fide_id)) return bad("--fide-id \"" + a.fide_id + "\" is not a number of up to 11 digits");
  if (!valid_birth_date(a.birth)) return bad("--birth \"" + a.birth + "\" is not YYYY/MM/DD or YYYY");
  char sex = ' ';
  if (a.sex == "m" || a.sex == "M") sex = 'm';
  else if (a.sex == "w" || a.sex == "W" || a.sex == "f" || a.sex == "F") sex = 'w';
  else if (!a.sex.empty()) return bad("--sex \"" + a.sex + "\" is not m or w");
  Player p;
  p.name = a.name;
  p.title = *title;
  p.rating = a.rating;
  p.federation = a.federation;
  p.fide_id = a.fide_id;
  p.birth_date = a.birth;
  p.sex = sex;
  auto entered = register_player(e->t, e->settings, std::move(p));
  if (!entered) return bad(entered.error().message);
  if (auto saved = save_event_file(*e, a.file); !saved) return err << saved.error().message << '\n', 1;
  out << "player " << entered->number << ": " << a.name << '\n';
  return 0;
}

int cmd_withdraw(const std::string& file, int number, int after_round, std::ostream& out, std::ostream& err) {
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  const Player* p = e->t.player(number);
  if (!p) return err << file << ": withdraw: no player " << number << '\n', 1;
  if (e->settings.withdrawal(number)) return err << file << ": withdraw: player " << number << " has already left\n", 1;
  if (after_round < 0) after_round = last_round_taken_part(e->t, e->settings, number);
  withdraw(e->t, e->settings, number, after_round);
  if (auto saved = save_event_file(*e, file); !saved) return err << saved.error().message << '\n', 1;
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
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  if (!e->settings.round_robin())
    return err << file << ": draw: only round robins are drawn; Swiss rounds are paired\n", 1;
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
    numbers = pairing_numbers_by_lot(static_cast<int>(e->t.players.size()), seed);
  }
  const std::string how = varma ? "with the Varma tables" : "by lot";
  auto drawn = draw_round_robin(e->t, e->settings, numbers, "draw " + how + ", seed " + std::to_string(seed));
  if (!drawn) return err << file << ": draw: " << drawn.error().message << '\n', 1;
  if (auto saved = save_event_file(*e, file); !saved) return err << saved.error().message << '\n', 1;
  out << "drawn " << how << " (seed " << seed << ")\n";
  for (const Player& p : e->t.players) out << p.number << ". " << p.name << '\n';
  return 0;
}

// Swiss: pairs the next round with the FIDE Dutch system. With `javafo_out`
// the TRF is left as it is and the pairing written in the JaVaFo output form
// (the drop-in mode for programs that call JaVaFo or bbpPairings); without
// it the pairing is entered into the file.
int cmd_pair(const std::string& file, const std::string& javafo_out, bool baku, std::ostream& out, std::ostream& err) {
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  if (e->settings.round_robin()) return err << file << ": pair: a round robin follows its Berger schedule (draw)\n", 1;
  const int round = e->t.rounds_paired() + 1;
  if (e->t.total_rounds > 0 && round > e->t.total_rounds) {
    return err << file << ": pair: all " << e->t.total_rounds << " rounds are paired\n", 1;
  }
  if (round > 1)
    if (auto board = first_board_without_result(e->t, e->settings, round - 1))
      return err << file << ": pair: round " << round - 1 << " board " << *board << " has no result yet\n", 1;
  // Players who left are not paired; Baku acceleration (C.04.5.1) fixes its virtual points as XXA lines.
  if (auto ready = prepare_swiss_round(e->t, e->settings, round, baku); !ready)
    return err << file << ": pair: " << ready.error().message << '\n', 1;
  auto pairing = pair_dutch(e->t, round);
  if (!pairing) return err << file << ": pair round " << round << ": " << pairing.error().message << '\n', 1;
  if (!javafo_out.empty()) {
    const std::string text = write_javafo_pairing(*pairing);
    if (javafo_out == "-") {
      out << text;
      return 0;
    }
    if (auto w = write_file_durably(javafo_out, text); !w) return err << w.error().message << '\n', 1;
    return 0;
  }
  apply_pairing(e->t, *pairing);
  if (auto saved = save_event_file(*e, file); !saved) return err << saved.error().message << '\n', 1;
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
  auto e = load_event_file(file);
  if (!e) return err << e.error().message << '\n', 1;
  int round = 0;
  if (words.size() < 3 || words.size() % 2 == 0 || !parse_int(words[0], round)) {
    return err << "result: expected ROUND BOARD RESULT [BOARD RESULT ...]\n", 1;
  }
  const auto boards = boards_of_round(e->t, e->settings, round);
  if (boards.empty()) return err << file << ": result: round " << round << " is not paired\n", 1;
  std::vector<int> excluded;  // by Tournament Rules 11(b), announced after the results
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
    for (int number : enter_result(e->t, e->settings, round, b.white, res->white, res->black))
      excluded.push_back(number);
    out << "round " << round << " board " << board << ": " << e->t.player(b.white)->name << " - "
        << e->t.player(b.black)->name << " " << words[i + 1] << '\n';
  }
  for (int number : excluded)
    out << "player " << number << " (" << e->t.player(number)->name
        << ") has lost three games by forfeit and is excluded (FIDE Tournament Rules 11(b))\n";
  if (auto saved = save_event_file(*e, file); !saved) return err << saved.error().message << '\n', 1;
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
  c_st->callback([&] { code = tournament_report(sfile, Report::standings, stb, "", out, err, sed); });

  std::string xfile;
  auto* c_ct = app.add_subcommand("crosstable", "The crosstable");
  c_ct->add_option("file", xfile)->required();
  c_ct->callback([&] { code = tournament_report(xfile, Report::crosstable, "", "", out, err); });

  std::string efile, eout;
  bool ehtml = false, etrf16 = false, etrf25 = false;
  auto* c_ex = app.add_subcommand("export", "The event as an HTML page, or as TRF-16 or TRF-25");
  c_ex->add_option("file", efile)->required();
  auto* e_html = c_ex->add_flag("--html", ehtml, "Standings and crosstable as an HTML page");
  auto* e_16 =
      c_ex->add_flag("--trf16", etrf16, "TRF-16 with the TRF(x) lines pairing engines read (XXR XXC XXA XXP BBx)");
  auto* e_25 = c_ex->add_flag("--trf25", etrf25, "The 2025 revision of the TRF (142 152 162 240 250 260)");
  e_html->excludes(e_16)->excludes(e_25);
  e_16->excludes(e_25);
  c_ex->add_option("-o,--output", eout, "Output file (default: standard output)");
  c_ex->callback([&] {
    if (!ehtml && !etrf16 && !etrf25) {
      err << "export: --html, --trf16 or --trf25\n";
      code = 1;
      return;
    }
    code = tournament_report(efile, ehtml ? Report::html : etrf16 ? Report::trf16 : Report::trf25, "", eout, out, err);
  });

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
  bool crounds = false;
  c_check->add_option("file", cfile)->required();
  c_check->add_flag("--rounds", crounds, "Swiss: one line per round, its pairing and whether the Dutch system agrees");
  c_check->callback([&] { code = tournament_check(cfile, out, err, crounds); });

  add_generate_subcommand(app, out, err, code);
  add_tie_breaks_subcommand(app, out, err, code);
  add_rating_report_subcommand(app, out, err, code);
  add_norms_subcommand(app, out, err, code);
  add_team_subcommand(app, out, err, code);

  int bplayers = 0;
  bool bdouble = false, bswap = false;
  auto* c_berger = app.add_subcommand("berger", "Print the FIDE Berger table for N players");
  c_berger->add_option("players", bplayers)->required();
  c_berger->add_flag("--double", bdouble, "Both cycles of a double round robin");
  c_berger->add_flag("--swap-last-two", bswap, "Exchange the last two rounds of the first cycle");
  c_berger->callback([&] { code = tournament_berger(bplayers, bdouble, bswap, out, err); });

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
