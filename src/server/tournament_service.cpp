#include "server/tournament_service.h"

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "laws/rules_profile.h"
#include "laws/time_control.h"
#include "server/tokens.h"
#include "tournament/berger.h"
#include "tournament/boards.h"
#include "tournament/crosstable.h"
#include "tournament/dutch.h"
#include "tournament/event.h"
#include "tournament/lot.h"
#include "tournament/standings.h"
#include "tournament/tiebreaks.h"
#include "tournament/trf.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

constexpr std::size_t MAX_PLAYERS = 1000;
constexpr int MAX_SWISS_ROUNDS = 30;
constexpr std::string_view API = "/api/tournaments";

// One pairing played on the server.
struct OnlineGame {
  int round = 0;
  int white = 0;
  int black = 0;
  std::string id;
  std::string seats[2];  // white's and black's seat tokens
};

struct EventEntry {
  std::string id;
  tn::Tournament t;  // without the XT? lines, which are rebuilt on every save
  tn::EventSettings settings;
  std::string arbiter;                // token
  std::string join;                   // code of the join link
  std::map<int, std::string> tokens;  // player tokens by start number
  std::string time = "10+5";          // human form or "none"
  std::string rules = "fide-2018";
  bool registration_open = true;
  int published = 0;  // rounds whose pairings are out
  std::vector<OnlineGame> games;
  int64_t version = 1;
};

HttpAnswer json_answer(int status, const json::value& body) {
  HttpAnswer a;
  a.status = status;
  a.body = json::serialize(body);
  return a;
}

HttpAnswer error(int status, std::string code, json::object data = {}) {
  return json_answer(status, json::object{{"error", std::move(code)}, {"data", std::move(data)}});
}

HttpAnswer bad_field(std::string_view field, std::string_view expected, std::string detail = {}) {
  json::object data{{"field", field}, {"expected", expected}};
  if (!detail.empty()) data["detail"] = detail;
  return error(400, "bad_request", std::move(data));
}

HttpAnswer not_allowed(std::string_view reason, json::object more = {}) {
  more["reason"] = reason;
  return error(409, "not_allowed", std::move(more));
}

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

bool to_int(const std::string& s, int& v) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c); }))
    return false;
  v = std::stoi(s);
  return true;
}

// "1-0" and friends for a pairing, from White's and Black's round entries.
std::string board_result(char white, char black) {
  if (white == ' ' || black == ' ') return {};
  if (white == '1' || white == 'W') return "1-0";
  if (white == '0' || white == 'L') return black == '-' ? "--" : "0-1";
  if (white == '=' || white == 'D') return "1/2";
  if (white == '+') return "+-";
  if (white == '-') return black == '+' ? "-+" : "--";
  return std::string(1, white) + std::string(1, black);
}

// The round entries' result codes for a result the arbiter or a game gives.
std::optional<std::pair<char, char>> result_codes(std::string_view text) {
  if (text == "1-0") return std::pair{'1', '0'};
  if (text == "0-1") return std::pair{'0', '1'};
  if (text == "1/2" || text == "1/2-1/2") return std::pair{'=', '='};
  if (text == "+-") return std::pair{'+', '-'};
  if (text == "-+") return std::pair{'-', '+'};
  if (text == "--") return std::pair{'-', '-'};
  return std::nullopt;
}

void set_entry(tn::Player& p, int round, const tn::RoundEntry& e) {
  if (static_cast<int>(p.rounds.size()) < round) p.rounds.resize(static_cast<std::size_t>(round));
  p.rounds[static_cast<std::size_t>(round - 1)] = e;
}

const json::value* field(const json::object& o, std::string_view name) {
  auto it = o.find(name);
  return it == o.end() || it->value().is_null() ? nullptr : &it->value();
}

}  // namespace

struct TournamentService::Impl {
  Impl(Service& games, TournamentServiceOptions o) : games(games), options(std::move(o)) {}

  Service& games;
  TournamentServiceOptions options;
  mutable std::mutex mutex;
  std::map<std::string, std::shared_ptr<EventEntry>> events;
  std::map<std::string, std::string> event_of_game;  // game id -> event id
  std::atomic<int64_t> created{0}, games_started{0}, results_from_games{0};

  void log(const std::string& line) const {
    if (options.log) options.log(line);
    else std::cerr << "tabiya: " << line << '\n';
  }
  uint64_t random() const { return options.random ? options.random() : os_random_u64(); }
  std::string path_of(const std::string& id) const {
    return (std::filesystem::path(options.data_dir) / "tournaments" / (id + ".trf")).string();
  }

  // --- The TRF with and without tabiya's lines ---

  // The event as other programs see it: declared points and ranks follow the results.
  tn::Tournament public_trf(const EventEntry& e) const {
    tn::Tournament t = e.t;
    tn::write_event_settings(t, e.settings);
    for (tn::Player& p : t.players) p.points = t.score_after(p, static_cast<int>(p.rounds.size()));
    if (auto s = tn::compute_standings(t, e.settings))
      for (const tn::StandingRow& row : s->rows)
        if (tn::Player* p = t.player(row.number)) p->rank = row.rank;
    return t;
  }

  tn::Tournament stored_trf(const EventEntry& e) const {
    tn::Tournament t = public_trf(e);
    t.headers.push_back({"XTI", e.id});
    t.headers.push_back(
        {"XTS", std::string(e.registration_open ? "registration" : "closed") + " " + std::to_string(e.published)});
    t.headers.push_back({"XTC", e.time});
    t.headers.push_back({"XTE", e.rules});
    t.headers.push_back({"XTK", "arbiter " + e.arbiter});
    t.headers.push_back({"XTK", "join " + e.join});
    for (const auto& [number, token] : e.tokens) t.headers.push_back({"XTK", std::to_string(number) + " " + token});
    for (const OnlineGame& g : e.games)
      t.headers.push_back({"XTG", std::to_string(g.round) + " " + std::to_string(g.white) + " " +
                                      std::to_string(g.black) + " " + g.id + " " + g.seats[0] + " " + g.seats[1]});
    return t;
  }

  // Reads a stored event back: the XT? lines into the entry, the rest stays the TRF.
  Result<std::shared_ptr<EventEntry>> from_stored(tn::Tournament t, const std::string& source) const {
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

  Result<bool> save(EventEntry& e) {
    ++e.version;
    if (options.data_dir.empty()) return true;
    return tn::write_trf_file(stored_trf(e), path_of(e.id));
  }

  // A change is kept only if it reaches the disk; otherwise the event goes back to how it was.
  HttpAnswer commit(EventEntry& e, const EventEntry& before, HttpAnswer ok) {
    if (auto r = save(e); !r) {
      e = before;
      log("tournament " + e.id + ": " + r.error().message);
      return error(500, "server_error", {{"detail", "cannot store the event"}});
    }
    return ok;
  }

  Result<bool> load_all() {
    if (options.data_dir.empty()) return true;
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(options.data_dir) / "tournaments";
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail("data directory " + dir.string() + ": " + ec.message());
    for (const auto& item : fs::directory_iterator(dir, ec)) {
      if (item.path().extension() != ".trf" || item.path().filename().string().starts_with(".")) continue;
      auto t = tn::read_trf_file(item.path().string());
      if (!t) {
        log("tournament file skipped: " + t.error().message);
        continue;
      }
      auto e = from_stored(std::move(*t), item.path().string());
      if (!e) {
        log("tournament file skipped: " + e.error().message);
        continue;
      }
      for (const OnlineGame& g : (*e)->games) event_of_game[g.id] = (*e)->id;
      events[(*e)->id] = *e;
    }
    if (ec) return fail("data directory " + dir.string() + ": " + ec.message());
    return true;
  }

  // Games that ended while the service was not listening (before a restart).
  void catch_up() {
    std::vector<std::string> open;
    {
      std::lock_guard lock(mutex);
      for (const auto& [id, e] : events)
        for (const OnlineGame& g : e->games)
          if (e->t.player(g.white) && e->t.player(g.white)->entry(g.round).result == ' ') open.push_back(g.id);
    }
    for (const std::string& id : open) {
      HttpAnswer a = games.http({"GET", "/api/games/" + id, ""});
      if (a.status != 200) continue;
      json::error_code ec;
      json::value v = json::parse(a.body, ec);
      if (ec || !v.is_object()) continue;
      const json::value* result = field(v.as_object(), "result");
      if (!result || !result->is_object()) continue;
      const json::value* score = field(result->as_object(), "score");
      if (score && score->is_string()) enter_game_result(id, std::string(score->as_string()));
    }
  }

  void enter_game_result(const std::string& game_id, const std::string& score) {
    auto codes = result_codes(score);
    if (!codes) return;
    std::lock_guard lock(mutex);
    auto ev = event_of_game.find(game_id);
    if (ev == event_of_game.end()) return;
    auto it = events.find(ev->second);
    if (it == events.end()) return;
    EventEntry& e = *it->second;
    for (const OnlineGame& g : e.games) {
      if (g.id != game_id) continue;
      tn::Player* w = e.t.player(g.white);
      tn::Player* b = e.t.player(g.black);
      if (!w || !b) return;
      tn::RoundEntry we = w->entry(g.round), be = b->entry(g.round);
      // The arbiter's entry (a forfeit, a correction) stands over the game's.
      if (we.opponent != g.black || we.result != ' ') return;
      const EventEntry before = e;
      we.result = codes->first;
      be.result = codes->second;
      set_entry(*w, g.round, we);
      set_entry(*b, g.round, be);
      if (auto r = save(e); !r) {
        log("tournament " + e.id + ": " + r.error().message);
        e = before;
        return;
      }
      ++results_from_games;
      return;
    }
  }

  // --- Who is asking ---

  enum class Role { none, arbiter, player };
  struct Caller {
    Role role = Role::none;
    int player = 0;
  };

  static Caller caller(const EventEntry& e, const json::object& body) {
    const json::value* token = field(body, "token");
    if (!token || !token->is_string()) return {};
    const std::string_view tok = token->as_string();
    if (same_secret(tok, e.arbiter)) return {Role::arbiter, 0};
    for (const auto& [number, secret] : e.tokens)
      if (same_secret(tok, secret)) return {Role::player, number};
    return {};
  }

  // --- Reading requests ---

  static std::optional<json::object> parse_body(std::string_view body, HttpAnswer& answer) {
    json::error_code ec;
    json::value v = json::parse(body, ec);
    if (ec) {
      answer = error(400, "bad_json", {{"detail", ec.message()}});
      return std::nullopt;
    }
    if (!v.is_object()) {
      answer = bad_field("", "object", "the request must be a JSON object");
      return std::nullopt;
    }
    return std::move(v.as_object());
  }

  // A player's particulars from a join or add request, checked like `tabiya tournament add-player`.
  static std::optional<tn::Player> player_from(const json::object& o, HttpAnswer& answer) {
    tn::Player p;
    auto text = [&](std::string_view name, std::string& out) {
      const json::value* v = field(o, name);
      if (!v) return true;
      if (!v->is_string()) return false;
      out = std::string(v->as_string());
      return true;
    };
    if (!text("name", p.name)) return answer = bad_field("name", "string"), std::nullopt;
    while (!p.name.empty() && p.name.back() == ' ') p.name.pop_back();
    while (!p.name.empty() && p.name.front() == ' ') p.name.erase(0, 1);
    if (p.name.empty() || p.name.size() > 33 ||
        std::any_of(p.name.begin(), p.name.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }))
      return answer = bad_field("name", "1 to 33 characters on one line"), std::nullopt;
    if (const json::value* r = field(o, "rating")) {
      if (!r->is_int64() || r->as_int64() < 0 || r->as_int64() > 3500)
        return answer = bad_field("rating", "integer 0..3500"), std::nullopt;
      p.rating = static_cast<int>(r->as_int64());
    }
    std::string title;
    if (!text("title", title)) return answer = bad_field("title", "GM IM FM CM WGM WIM WFM WCM"), std::nullopt;
    for (char& c : title) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    static const std::vector<std::pair<std::string, std::string>> titles = {
        {"gm", "g"}, {"im", "i"}, {"fm", "f"}, {"cm", "c"}, {"wgm", "wg"}, {"wim", "wi"}, {"wfm", "wf"}, {"wcm", "wc"}};
    if (!title.empty()) {
      auto it = std::find_if(titles.begin(), titles.end(), [&](const auto& w) { return w.first == title; });
      if (it == titles.end()) return answer = bad_field("title", "GM IM FM CM WGM WIM WFM WCM"), std::nullopt;
      p.title = it->second;
    }
    if (!text("federation", p.federation) ||
        (!p.federation.empty() && (p.federation.size() != 3 ||
                                   !std::all_of(p.federation.begin(), p.federation.end(),
                                                [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))))
      return answer = bad_field("federation", "three capital letters, e.g. NOR"), std::nullopt;
    if (!text("fide_id", p.fide_id) || p.fide_id.size() > 11 ||
        !std::all_of(p.fide_id.begin(), p.fide_id.end(), [](char c) { return std::isdigit(c); }))
      return answer = bad_field("fide_id", "up to 11 digits"), std::nullopt;
    std::string birth;
    if (!text("birth", birth)) return answer = bad_field("birth", "YYYY/MM/DD or YYYY"), std::nullopt;
    if (!birth.empty()) {
      bool ok = birth.size() == 4 || (birth.size() == 10 && birth[4] == '/' && birth[7] == '/');
      for (std::size_t i = 0; ok && i < birth.size(); ++i)
        ok = i == 4 || i == 7 || std::isdigit(static_cast<unsigned char>(birth[i]));
      if (!ok) return answer = bad_field("birth", "YYYY/MM/DD or YYYY"), std::nullopt;
      p.birth_date = birth;
    }
    std::string sex;
    if (!text("sex", sex) || (!sex.empty() && sex != "m" && sex != "w"))
      return answer = bad_field("sex", "m or w"), std::nullopt;
    p.sex = sex.empty() ? ' ' : sex[0];
    return p;
  }

  // --- Changing events (the mutex held) ---

  HttpAnswer create_event(std::string_view body) {
    HttpAnswer bad;
    auto o = parse_body(body, bad);
    if (!o) return bad;
    const json::value* v = field(*o, "v");
    if (!v || !v->is_int64()) return bad_field("v", "integer");
    if (v->as_int64() != 1) return error(400, "unsupported_version", {{"supported", json::array{1}}});
    auto e = std::make_shared<EventEntry>();
    const json::value* name = field(*o, "name");
    if (!name || !name->is_string() || name->as_string().empty() || name->as_string().size() > 80 ||
        name->as_string().find_first_of("\r\n") != json::string::npos)
      return bad_field("name", "1 to 80 characters on one line");
    e->t.set_header("012", std::string(name->as_string()));
    const json::value* system = field(*o, "system");
    if (!system || !system->is_string()) return bad_field("system", "round-robin|double-round-robin|swiss-dutch");
    auto parsed = tn::parse_system(std::string(system->as_string()));
    if (!parsed) return bad_field("system", "round-robin|double-round-robin|swiss-dutch");
    e->settings.system = *parsed;
    e->settings.system_declared = true;
    if (const json::value* rounds = field(*o, "rounds"); rounds && !e->settings.round_robin()) {
      if (!rounds->is_int64() || rounds->as_int64() < 1 || rounds->as_int64() > MAX_SWISS_ROUNDS)
        return bad_field("rounds", "integer 1..30");
      e->t.total_rounds = static_cast<int>(rounds->as_int64());
    } else if (!e->settings.round_robin()) {
      return bad_field("rounds", "integer 1..30", "a Swiss event needs its number of rounds");
    }
    if (const json::value* time = field(*o, "time")) {
      if (!time->is_string()) return bad_field("time", "time control, e.g. 10+5, or none");
      e->time = std::string(time->as_string());
      if (e->time != "none") {
        auto tc = parse_human_time_control(e->time);
        if (!tc || !tc->has_clock() || e->time.find(' ') != std::string::npos)
          return bad_field("time", "time control, e.g. 10+5, or none", tc ? "" : tc.error().message);
      }
    }
    if (const json::value* rules = field(*o, "rules")) {
      if (!rules->is_string() || !parse_rules_edition(rules->as_string()))
        return bad_field("rules", "fide-2001|fide-2005|fide-2009|fide-2014|fide-2018");
      e->rules = std::string(rules->as_string());
    }
    if (const json::value* tbs = field(*o, "tie_breaks")) {
      if (!tbs->is_array()) return bad_field("tie_breaks", "array of codes, e.g. [\"BH-C1\", \"SB\"]");
      for (const json::value& code : tbs->as_array()) {
        if (!code.is_string()) return bad_field("tie_breaks", "array of codes");
        auto tb = tn::parse_tie_break(std::string(code.as_string()));
        if (!tb) return bad_field("tie_breaks", "array of codes", tb.error().message);
        e->settings.tie_breaks.push_back(tb->code);
      }
    }
    if (const json::value* edition = field(*o, "tie_break_edition")) {
      auto parsed_edition =
          edition->is_string() ? tn::parse_edition(std::string(edition->as_string())) : tn::parse_edition("");
      if (!parsed_edition) return bad_field("tie_break_edition", "2026|2024|2022");
      e->settings.edition = *parsed_edition;
      e->settings.edition_declared = true;
    }
    e->t.set_header("122", e->time == "none" ? "no clock" : e->time);
    e->arbiter = new_seat_token();
    e->join = new_seat_token();
    for (int attempt = 0; attempt < 8 && e->id.empty(); ++attempt) {
      std::string id = new_game_id();
      if (!events.contains(id)) e->id = id;
    }
    if (e->id.empty()) return error(500, "server_error", {{"detail", "no free id"}});
    if (auto r = save(*e); !r) {
      log("tournament " + e->id + ": " + r.error().message);
      return error(500, "server_error", {{"detail", "cannot store the event"}});
    }
    events[e->id] = e;
    ++created;
    return json_answer(201,
                       json::object{{"id", e->id}, {"arbiter", e->arbiter}, {"join", e->join}, {"url", "/t/" + e->id}});
  }

  // Swiss start numbers before round 1: rating, then title, then name; the tokens follow their players.
  static void sort_start_list(EventEntry& e) {
    static const std::vector<std::string> order = {"g", "wg", "i", "wi", "f", "wf", "c", "wc"};
    auto title_rank = [](const std::string& title) {
      return static_cast<int>(std::find(order.begin(), order.end(), title) - order.begin());
    };
    std::vector<std::pair<tn::Player, std::string>> list;
    for (const tn::Player& p : e.t.players) list.emplace_back(p, e.tokens[p.number]);
    std::stable_sort(list.begin(), list.end(), [&](const auto& a, const auto& b) {
      if (a.first.rating != b.first.rating) return a.first.rating > b.first.rating;
      if (title_rank(a.first.title) != title_rank(b.first.title))
        return title_rank(a.first.title) < title_rank(b.first.title);
      return a.first.name < b.first.name;
    });
    e.t.players.clear();
    e.tokens.clear();
    for (auto& [p, token] : list) {
      p.number = static_cast<int>(e.t.players.size()) + 1;
      e.tokens[p.number] = token;
      e.t.players.push_back(std::move(p));
    }
  }

  HttpAnswer add_player(EventEntry& e, const json::object& o, bool by_arbiter) {
    if (!e.registration_open) return not_allowed("registration_closed");
    if (e.t.players.size() >= MAX_PLAYERS) return not_allowed("event_full", {{"limit", MAX_PLAYERS}});
    HttpAnswer bad;
    auto p = player_from(o, bad);
    if (!p) return bad;
    const EventEntry before = e;
    p->number = static_cast<int>(e.t.players.size()) + 1;
    const std::string token = new_seat_token();
    e.tokens[p->number] = token;
    e.t.players.push_back(*p);
    if (!e.settings.round_robin()) sort_start_list(e);
    int number = 0;
    for (const auto& [n, tok] : e.tokens)
      if (tok == token) number = n;
    json::object answer{{"player", number}, {"token", token}, {"url", "/t/" + e.id}};
    answer["by"] = by_arbiter ? "arbiter" : "player";
    return commit(e, before, json_answer(201, answer));
  }

  // Closes registration; a round robin is drawn now (pairing numbers by lot, then the Berger table).
  HttpAnswer close_registration(EventEntry& e) {
    if (!e.registration_open) return not_allowed("registration_closed");
    const int n = static_cast<int>(e.t.players.size());
    if (n < 2) return not_allowed("too_few_players", {{"players", n}, {"minimum", 2}});
    const EventEntry before = e;
    if (e.settings.round_robin()) {
      const uint64_t seed = random();
      std::vector<int> numbers = tn::Lot(seed).permutation(n);
      std::vector<tn::Player> renumbered(e.t.players.size());
      std::map<int, std::string> tokens;
      for (std::size_t i = 0; i < e.t.players.size(); ++i) {
        tn::Player p = e.t.players[i];
        tokens[numbers[i]] = e.tokens[p.number];
        p.number = numbers[i];
        renumbered[static_cast<std::size_t>(numbers[i] - 1)] = p;
      }
      e.t.players = std::move(renumbered);
      e.tokens = std::move(tokens);
      auto schedule = tn::round_robin_schedule(n, e.settings.cycles());
      for (tn::Player& p : e.t.players) p.rounds.assign(schedule.size(), tn::RoundEntry{0, tn::Colour::none, '-'});
      for (std::size_t r = 0; r < schedule.size(); ++r)
        for (const tn::TableGame& g : schedule[r])
          if (g.white <= n && g.black <= n) {
            e.t.players[static_cast<std::size_t>(g.white - 1)].rounds[r] = {g.black, tn::Colour::white, ' '};
            e.t.players[static_cast<std::size_t>(g.black - 1)].rounds[r] = {g.white, tn::Colour::black, ' '};
          }
      e.t.total_rounds = static_cast<int>(schedule.size());
      e.t.headers.push_back({"###", "draw by lot, seed " + std::to_string(seed)});
    }
    e.registration_open = false;
    return commit(e, before, json_answer(200, json::object{{"rounds", e.t.total_rounds}}));
  }

  // Every pairing of round `round` has a result.
  static bool round_complete(const EventEntry& e, int round) {
    for (const tn::Player& p : e.t.players) {
      const tn::RoundEntry en = p.entry(round);
      if (en.opponent != 0 && en.result == ' ') return false;
    }
    return true;
  }

  HttpAnswer publish_round(EventEntry& e) {
    if (e.registration_open) return not_allowed("registration_open");
    const int round = e.published + 1;
    if (e.t.total_rounds > 0 && round > e.t.total_rounds)
      return not_allowed("all_rounds_published", {{"rounds", e.t.total_rounds}});
    if (e.published > 0 && !round_complete(e, e.published))
      return not_allowed("round_unfinished", {{"round", e.published}});
    const EventEntry before = e;
    if (!e.settings.round_robin()) {
      // Players who left are absent from the rounds after they left (C.04.2: not paired).
      for (tn::Player& p : e.t.players)
        if (e.settings.withdrawal(p.number) && p.entry(round).empty()) set_entry(p, round, {0, tn::Colour::none, '-'});
      auto pairing = tn::pair_dutch(e.t, round);
      if (!pairing) {
        e = before;
        return not_allowed("no_pairing", {{"round", round}, {"detail", pairing.error().message}});
      }
      tn::apply_pairing(e.t, *pairing);
    }
    for (const tn::RoundBoard& b : tn::boards_of_round(e.t, e.settings, round)) {
      if (b.black == 0) continue;
      const tn::Player* w = e.t.player(b.white);
      if (!w || w->entry(round).result != ' ') continue;  // decided already (a withdrawal's forfeit)
      json::object request{{"v", 1}, {"opponent", "invite"}, {"color", "white"}, {"rules", e.rules}, {"casual", false}};
      request["time"] = e.time;
      // The game page shows the players' names and links back to the event.
      json::object names;
      for (const tn::Player* p : {w, static_cast<const tn::Player*>(e.t.player(b.black))})
        if (p && !p->name.empty()) names[p == w ? "white" : "black"] = p->name;
      request["names"] = std::move(names);
      request["tournament"] =
          json::object{{"id", e.id}, {"name", e.t.name().empty() ? e.id : e.t.name()}, {"round", round}};
      HttpAnswer made = games.http({"POST", "/api/games", json::serialize(request)});
      json::error_code ec;
      json::value v = json::parse(made.body, ec);
      if (made.status != 201 || ec || !v.is_object()) {
        for (const OnlineGame& g : e.games)
          if (g.round == round) event_of_game.erase(g.id);
        e = before;
        log("tournament " + e.id + ": cannot start a game: " + made.body);
        return error(500, "server_error", {{"detail", "cannot start the round's games"}});
      }
      const json::object& created_game = v.as_object();
      OnlineGame g;
      g.round = round;
      g.white = b.white;
      g.black = b.black;
      g.id = std::string(created_game.at("id").as_string());
      g.seats[0] = std::string(created_game.at("seats").at("white").as_string());
      g.seats[1] = std::string(created_game.at("seats").at("black").as_string());
      event_of_game[g.id] = e.id;
      e.games.push_back(std::move(g));
      ++games_started;
    }
    e.published = round;
    HttpAnswer answer = commit(e, before, json_answer(200, json::object{{"round", round}}));
    if (answer.status != 200)
      for (const auto& [gid, eid] : std::map(event_of_game))
        if (eid == e.id && std::none_of(e.games.begin(), e.games.end(), [&](const auto& g) { return g.id == gid; }))
          event_of_game.erase(gid);
    return answer;
  }

  // Tournament Rules 11(b): a player who loses three games by forfeit is excluded.
  static void exclude_after_three_forfeits(EventEntry& e, int number, int round) {
    if (e.settings.withdrawal(number)) return;
    const tn::EventRecord record = tn::build_event_record(e.t, e.settings);
    const tn::PlayerRecord* p = record.find(number);
    if (!p || p->forfeit_losses < 3) return;
    e.settings.withdrawals.push_back({number, round, true});
    if (e.settings.round_robin()) forfeit_remaining_games(e, number, round);
  }

  // Round robins: the scheduled games of a player who left are lost by forfeit
  // (TR 11(d): "-" for him, "+" for the opponent, "--" when both have left).
  static void forfeit_remaining_games(EventEntry& e, int number, int after_round) {
    tn::Player* p = e.t.player(number);
    if (!p) return;
    for (int r = after_round + 1; r <= static_cast<int>(p->rounds.size()); ++r) {
      tn::RoundEntry mine = p->entry(r);
      if (mine.opponent == 0) continue;
      tn::Player* o = e.t.player(mine.opponent);
      if (!o) continue;
      tn::RoundEntry theirs = o->entry(r);
      const tn::Withdrawal* w = e.settings.withdrawal(o->number);
      const bool opponent_gone = w && w->player != number && w->after_round < r;
      if (mine.result != ' ' && !(mine.result == '+' && opponent_gone)) continue;
      mine.result = '-';
      theirs.result = opponent_gone ? '-' : '+';
      set_entry(*p, r, mine);
      set_entry(*o, r, theirs);
    }
  }

  HttpAnswer enter_result(EventEntry& e, const json::object& o) {
    const json::value* round = field(o, "round");
    if (!round || !round->is_int64()) return bad_field("round", "integer");
    const json::value* white = field(o, "white");
    if (!white || !white->is_int64()) return bad_field("white", "start number of White");
    const json::value* result = field(o, "result");
    if (!result || !result->is_string() || !result_codes(result->as_string()))
      return bad_field("result", "1-0|0-1|1/2|+-|-+|--");
    const int r = static_cast<int>(round->as_int64());
    if (r < 1 || r > e.published) return not_allowed("round_not_published", {{"round", r}});
    tn::Player* w = e.t.player(static_cast<int>(white->as_int64()));
    const tn::RoundEntry we = w ? w->entry(r) : tn::RoundEntry{};
    if (!w || we.colour != tn::Colour::white || we.opponent == 0)
      return error(404, "unknown_pairing", {{"round", r}, {"white", white->as_int64()}});
    tn::Player* b = e.t.player(we.opponent);
    if (!b) return error(404, "unknown_pairing", {{"round", r}, {"white", white->as_int64()}});
    const EventEntry before = e;
    const auto codes = *result_codes(result->as_string());
    tn::RoundEntry be = b->entry(r);
    tn::RoundEntry wn = we;
    wn.result = codes.first;
    be.result = codes.second;
    set_entry(*w, r, wn);
    set_entry(*b, r, be);
    if (codes.first == '-') exclude_after_three_forfeits(e, w->number, r);
    if (codes.second == '-') exclude_after_three_forfeits(e, b->number, r);
    return commit(e, before, json_answer(200, json::object{{"round", r}, {"result", result->as_string()}}));
  }

  // Requested byes (H half point, F full point, Z zero) for a Swiss round not yet paired.
  HttpAnswer request_bye(EventEntry& e, const json::object& o, int number) {
    if (e.settings.round_robin()) return not_allowed("round_robin");
    const json::value* round = field(o, "round");
    if (!round || !round->is_int64()) return bad_field("round", "integer");
    const json::value* kind = field(o, "kind");
    if (!kind || !kind->is_string() ||
        (kind->as_string() != "H" && kind->as_string() != "F" && kind->as_string() != "Z"))
      return bad_field("kind", "H|F|Z");
    const int r = static_cast<int>(round->as_int64());
    if (r <= e.published || r > e.t.total_rounds) return not_allowed("round_paired", {{"round", r}});
    tn::Player* p = e.t.player(number);
    if (!p) return error(404, "unknown_player", {{"player", number}});
    if (e.settings.withdrawal(number)) return not_allowed("withdrawn", {{"player", number}});
    const EventEntry before = e;
    set_entry(*p, r, {0, tn::Colour::none, kind->as_string()[0]});
    return commit(e, before, json_answer(200, json::object{{"player", number}, {"round", r}}));
  }

  HttpAnswer withdraw(EventEntry& e, int number) {
    tn::Player* p = e.t.player(number);
    if (!p) return error(404, "unknown_player", {{"player", number}});
    if (e.settings.withdrawal(number)) return not_allowed("withdrawn", {{"player", number}});
    const EventEntry before = e;
    if (e.registration_open) {  // before the start the entry is simply struck off
      e.t.players.erase(e.t.players.begin() + (number - 1));
      std::map<int, std::string> tokens;
      for (tn::Player& q : e.t.players) {
        tokens[static_cast<int>(&q - e.t.players.data()) + 1] = e.tokens[q.number];
        q.number = static_cast<int>(&q - e.t.players.data()) + 1;
      }
      e.tokens = std::move(tokens);
      return commit(e, before, json_answer(200, json::object{{"player", number}, {"removed", true}}));
    }
    int after = 0;
    for (int r = 1; r <= static_cast<int>(p->rounds.size()); ++r) {
      const tn::RoundEntry en = p->entry(r);
      if (en.result != ' ' && !(e.settings.round_robin() && en.opponent == 0)) after = r;
    }
    // A Swiss game of the current round still being played is his to finish; requested byes beyond it are void.
    if (!e.settings.round_robin() && e.published > 0 && p->entry(e.published).paired())
      after = std::max(after, e.published);
    if (!e.settings.round_robin())
      for (int r = after + 1; r <= static_cast<int>(p->rounds.size()); ++r)
        if (p->entry(r).opponent == 0 && r > e.published) set_entry(*p, r, {});
    e.settings.withdrawals.push_back({number, after, false});
    if (e.settings.round_robin()) forfeit_remaining_games(e, number, after);
    return commit(e, before, json_answer(200, json::object{{"player", number}, {"after_round", after}}));
  }

  // --- What everyone may see ---

  json::object event_json(const EventEntry& e) const {
    json::object o;
    o["id"] = e.id;
    o["name"] = e.t.name();
    o["system"] = tn::system_name(e.settings.system);
    o["rounds"] = e.t.total_rounds;
    o["time"] = e.time;
    o["rules"] = e.rules;
    const bool finished =
        !e.registration_open && e.published > 0 && e.published == e.t.total_rounds && round_complete(e, e.published);
    o["state"] = e.registration_open ? "registration" : finished ? "finished" : "running";
    o["published"] = e.published;
    o["version"] = e.version;
    const tn::Tournament t = public_trf(e);
    json::array players;
    for (const tn::Player& p : t.players) {
      const tn::Withdrawal* w = e.settings.withdrawal(p.number);
      json::object j{{"number", p.number},
                     {"name", p.name},
                     {"title", p.title},
                     {"rating", p.rating},
                     {"federation", p.federation},
                     {"fide_id", p.fide_id},
                     {"score", tn::format_points(p.points)}};
      j["withdrawn"] = w ? json::value(w->after_round) : json::value(nullptr);
      j["excluded"] = w && w->excluded;
      players.push_back(std::move(j));
    }
    o["players"] = std::move(players);
    json::array rounds;
    for (int r = 1; r <= e.published; ++r) {
      json::array boards, byes;
      int n = 0;
      for (const tn::RoundBoard& b : tn::boards_of_round(t, e.settings, r)) {
        const tn::Player* w = t.player(b.white);
        if (b.black == 0) {
          byes.push_back(json::object{{"player", b.white}, {"kind", "U"}});
          continue;
        }
        const tn::Player* bl = t.player(b.black);
        json::object j{{"board", ++n}, {"white", b.white}, {"black", b.black}};
        const std::string res = w && bl ? board_result(w->entry(r).result, bl->entry(r).result) : "";
        j["result"] = res.empty() ? json::value(nullptr) : json::value(res);
        j["game"] = nullptr;
        for (const OnlineGame& g : e.games)
          if (g.round == r && g.white == b.white && g.black == b.black) j["game"] = g.id;
        boards.push_back(std::move(j));
      }
      for (const tn::Player& p : t.players) {
        const tn::RoundEntry en = p.entry(r);
        if (en.opponent == 0 && (en.result == 'H' || en.result == 'F' || en.result == 'Z'))
          byes.push_back(json::object{{"player", p.number}, {"kind", std::string(1, en.result)}});
      }
      rounds.push_back(json::object{{"round", r}, {"boards", std::move(boards)}, {"byes", std::move(byes)}});
    }
    o["pairings"] = std::move(rounds);
    json::array requested;  // byes asked for rounds not paired yet
    for (const tn::Player& p : t.players)
      for (int r = e.published + 1; r <= static_cast<int>(p.rounds.size()); ++r) {
        const tn::RoundEntry en = p.entry(r);
        if (en.opponent == 0 && (en.result == 'H' || en.result == 'F' || en.result == 'Z'))
          requested.push_back(json::object{{"player", p.number}, {"round", r}, {"kind", std::string(1, en.result)}});
      }
    o["requested_byes"] = std::move(requested);
    json::object standings;
    if (auto s = tn::compute_standings(t, e.settings)) {
      json::array codes, rows;
      for (const tn::TieBreak& tb : s->tie_breaks) codes.push_back(json::value(tb.code));
      for (const tn::StandingRow& row : s->rows) {
        json::array values;
        for (double v : row.values) values.push_back(json::value(tn::format_value(v)));
        rows.push_back(json::object{{"rank", row.rank},
                                    {"number", row.number},
                                    {"score", tn::format_points(row.score)},
                                    {"values", std::move(values)}});
      }
      standings["tie_breaks"] = std::move(codes);
      standings["edition"] = tn::edition_name(e.settings.edition);
      standings["rows"] = std::move(rows);
    }
    o["standings"] = std::move(standings);
    json::array cross;
    const tn::EventRecord record = tn::build_event_record(t, e.settings);
    for (const tn::PlayerRecord& p : record.players) {
      json::array cells;
      for (const tn::RoundRecord& r : p.rounds) {
        if (r.round > e.published) continue;
        cells.push_back(json::object{{"round", r.round},
                                     {"opponent", r.opponent},
                                     {"colour", std::string(1, static_cast<char>(r.colour))},
                                     {"mark", tn::result_mark(t, r)}});
      }
      cross.push_back(json::object{{"number", p.number}, {"annulled", p.annulled}, {"rounds", std::move(cells)}});
    }
    o["crosstable"] = std::move(cross);
    return o;
  }

  // What a token may see besides: the player's own games with his seat
  // tokens; for the arbiter, the join code and every player's link.
  json::object private_json(const EventEntry& e, const Caller& c) const {
    json::object o;
    o["role"] = c.role == Role::arbiter ? "arbiter" : "player";
    o["player"] = c.role == Role::player ? json::value(c.player) : json::value(nullptr);
    json::array games_list;
    for (const OnlineGame& g : e.games) {
      if (c.role == Role::player && g.white != c.player && g.black != c.player) continue;
      json::object j{{"round", g.round}, {"white", g.white}, {"black", g.black}, {"game", g.id}};
      if (c.role == Role::player) j["seat"] = g.white == c.player ? g.seats[0] : g.seats[1];
      games_list.push_back(std::move(j));
    }
    o["games"] = std::move(games_list);
    if (c.role == Role::arbiter) {
      o["join"] = e.join;
      json::array links;
      for (const auto& [number, token] : e.tokens) links.push_back(json::object{{"player", number}, {"token", token}});
      o["players"] = std::move(links);
    }
    return o;
  }

  // Every game's PGN with the players' names and the round: read without the lock.
  HttpAnswer all_pgn(const std::string& id) {
    struct Item {
      std::string game, event, round, white, black;
    };
    std::vector<Item> items;
    {
      std::lock_guard lock(mutex);
      auto it = events.find(id);
      if (it == events.end()) return error(404, "unknown_tournament", {{"id", id}});
      const EventEntry& e = *it->second;
      std::vector<OnlineGame> sorted = e.games;
      std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.round < b.round; });
      for (const OnlineGame& g : sorted) {
        const tn::Player* w = e.t.player(g.white);
        const tn::Player* b = e.t.player(g.black);
        items.push_back({g.id, e.t.name(), std::to_string(g.round), w ? w->name : "?", b ? b->name : "?"});
      }
    }
    std::string out;
    for (const Item& item : items) {
      HttpAnswer a = games.http({"GET", "/api/games/" + item.game + "/pgn", ""});
      if (a.status != 200) continue;
      auto escape = [](const std::string& s) {
        std::string r;
        for (char c : s) {
          if (c == '"' || c == '\\') r += '\\';
          r += c;
        }
        return r;
      };
      const std::map<std::string, std::string> tags = {
          {"Event", item.event}, {"Round", item.round}, {"White", item.white}, {"Black", item.black}};
      std::istringstream in(a.body);
      std::string line, text;
      while (std::getline(in, line)) {
        for (const auto& [tag, value] : tags)
          if (line.starts_with("[" + tag + " \"")) line = "[" + tag + " \"" + escape(value) + "\"]";
        text += line + "\n";
      }
      out += text;
      if (!out.ends_with("\n\n")) out += "\n";
    }
    HttpAnswer a;
    a.status = 200;
    a.content_type = "application/x-chess-pgn";
    a.body = std::move(out);
    a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-tournament-" + id + ".pgn\"");
    return a;
  }

  HttpAnswer route(const HttpRequest& request);
};

HttpAnswer TournamentService::Impl::route(const HttpRequest& request) {
  std::string_view target = request.target;
  if (auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  const bool post = request.method == "POST";
  const bool get = request.method == "GET" || request.method == "HEAD";
  if (target == API || target == std::string(API) + "/") {
    if (!post) return error(405, "method_not_allowed");
    std::lock_guard lock(mutex);
    return create_event(request.body);
  }
  std::string_view rest = target.substr(API.size() + 1);
  const std::string id(rest.substr(0, rest.find('/')));
  const std::string_view what = id.size() < rest.size() ? rest.substr(id.size() + 1) : std::string_view{};
  if (!valid_id(id)) return error(404, "unknown_tournament", {{"id", id}});
  if (what == "pgn") {
    if (!get) return error(405, "method_not_allowed");
    return all_pgn(id);
  }
  std::lock_guard lock(mutex);
  auto it = events.find(id);
  if (it == events.end()) return error(404, "unknown_tournament", {{"id", id}});
  EventEntry& e = *it->second;
  if (what.empty()) {
    if (!get) return error(405, "method_not_allowed");
    return json_answer(200, event_json(e));
  }
  if (what == "trf" || what == "html") {
    if (!get) return error(405, "method_not_allowed");
    const tn::Tournament t = public_trf(e);
    HttpAnswer a;
    a.status = 200;
    if (what == "trf") {
      a.content_type = "text/plain; charset=utf-8";
      a.body = tn::write_trf(t);
      a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-tournament-" + id + ".trf\"");
    } else {
      auto s = tn::compute_standings(t, e.settings);
      if (!s) return error(500, "server_error", {{"detail", s.error().message}});
      a.content_type = "text/html; charset=utf-8";
      a.body = tn::export_html(t, e.settings, *s);
    }
    return a;
  }
  if (!post) return error(405, "method_not_allowed");
  HttpAnswer bad;
  auto body = parse_body(request.body, bad);
  if (!body) return bad;
  if (what == "join") {
    const json::value* code = field(*body, "code");
    if (!code || !code->is_string() || !same_secret(code->as_string(), e.join))
      return error(403, "forbidden", {{"reason", "bad_join_code"}});
    return add_player(e, *body, false);
  }
  const Caller c = caller(e, *body);
  if (c.role == Role::none) return error(403, "forbidden", {{"reason", "bad_token"}});
  if (what == "me") return json_answer(200, private_json(e, c));
  // Acts for one player: the arbiter for anyone, a player only for himself.
  auto for_player = [&](int& number) -> std::optional<HttpAnswer> {
    const json::value* p = field(*body, "player");
    if (c.role == Role::player && !p) {
      number = c.player;
      return std::nullopt;
    }
    if (!p || !p->is_int64()) return bad_field("player", "start number");
    number = static_cast<int>(std::clamp<int64_t>(p->as_int64(), 0, 1'000'000));
    if (c.role == Role::player && number != c.player)
      return error(403, "forbidden", {{"reason", "not_your_player"}, {"player", number}});
    return std::nullopt;
  };
  if (what == "withdraw" || what == "bye") {
    int number = 0;
    if (auto refused = for_player(number)) return *refused;
    return what == "withdraw" ? withdraw(e, number) : request_bye(e, *body, number);
  }
  if (c.role != Role::arbiter) return error(403, "forbidden", {{"reason", "not_arbiter"}});
  if (what == "players") return add_player(e, *body, true);
  if (what == "close") return close_registration(e);
  if (what == "publish") return publish_round(e);
  if (what == "result") return enter_result(e, *body);
  return error(404, "not_found");
}

// --- The service ---

TournamentService::TournamentService(Service& games, TournamentServiceOptions options)
    : impl_(std::make_unique<Impl>(games, std::move(options))) {}

TournamentService::~TournamentService() = default;

Result<std::unique_ptr<TournamentService>> TournamentService::create(Service& games, TournamentServiceOptions options) {
  std::unique_ptr<TournamentService> service(new TournamentService(games, std::move(options)));
  if (auto r = service->impl_->load_all(); !r) return r.error();
  service->impl_->catch_up();
  return service;
}

HttpAnswer TournamentService::http(const HttpRequest& request) {
  std::string_view target = request.target;
  if (target == API || target.starts_with(std::string(API) + "/") || target.starts_with(std::string(API) + "?"))
    return impl_->route(request);
  return impl_->games.http(request);
}

std::shared_ptr<Session> TournamentService::open(std::string_view path, std::shared_ptr<Peer> peer) {
  return impl_->games.open(path, std::move(peer));
}

void TournamentService::message(Session& session, std::string_view text) { impl_->games.message(session, text); }

void TournamentService::closed(Session& session) { impl_->games.closed(session); }

void TournamentService::write_metrics(std::string& out) {
  impl_->games.write_metrics(out);
  std::size_t count = 0;
  {
    std::lock_guard lock(impl_->mutex);
    count = impl_->events.size();
  }
  auto line = [&](const char* help, const char* type, const std::string& name, auto value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " +
           std::to_string(value) + "\n";
  };
  line("Tournaments held in memory.", "gauge", "tabiya_tournaments", count);
  line("Tournaments created since the start.", "counter", "tabiya_tournaments_created_total", impl_->created.load());
  line("Tournament games started.", "counter", "tabiya_tournament_games_started_total", impl_->games_started.load());
}

void TournamentService::shutdown() { impl_->games.shutdown(); }

void TournamentService::game_ended(const std::string& game_id, const std::string& score) {
  impl_->enter_game_result(game_id, score);
}

}  // namespace tabiya::server
