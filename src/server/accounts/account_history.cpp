#include "server/accounts/account_history.h"

#include <boost/json.hpp>
#include <memory>

#include "laws/time_control.h"
#include "play/rating_category.h"
#include "server/accounts/account_names.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

std::string decoded(std::string_view text) {  // application/x-www-form-urlencoded
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size()) {
      auto hex = [](char c) {
        const int lower = c | 0x20;
        if (c >= '0' && c <= '9') return c - '0';
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
      };
      int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
      if (hi < 0 || lo < 0) return out + std::string(text.substr(i));
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

bool one_of(std::string_view value, std::initializer_list<std::string_view> allowed) {
  for (auto a : allowed)
    if (value == a) return true;
  return false;
}

// What one seat's game looks like in the history.
struct Entry {
  std::string color;
  std::string opponent_kind;  // "account" | "deleted" | "robot" | "anonymous" | "self" (hot-seat)
  std::string opponent_name;
  std::string result;  // relative to the account: win, loss, draw, ongoing, aborted
  std::string score;
  std::string category;
  std::string time;
  json::object game;
};

std::string string_at(const json::object& o, std::string_view key) {
  auto it = o.find(key);
  return it != o.end() && it->value().is_string() ? std::string(it->value().as_string()) : std::string();
}

std::optional<Entry> entry_of(AccountStore& store, const AccountGame& seat, const ArchivedGame& archived) {
  if (!archived.color) return std::nullopt;  // a claim whose token is not the game's
  boost::system::error_code ec;
  json::value parsed = json::parse(archived.game_json, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  Entry e;
  e.game = std::move(parsed.as_object());
  e.color = *archived.color;
  const std::string other = e.color == "white" ? "black" : "white";
  e.time = string_at(e.game, "time");
  auto days = e.game.find("days");
  e.category = history_category(e.time, days != e.game.end() && !days->value().is_null());
  // The opponent: a robot, an account that took the other seat, or nobody we know.
  e.opponent_kind = "anonymous";
  if (auto players = e.game.find("players"); players != e.game.end() && players->value().is_object()) {
    auto opp = players->value().as_object().find(other);
    if (opp != players->value().as_object().end() && opp->value().is_object() &&
        string_at(opp->value().as_object(), "kind") == "robot")
      e.opponent_kind = "robot";
  }
  if (auto seats = store.players(seat.game)) {
    bool mine_both = false;
    for (const AccountGame& s : *seats) {
      if (s.seat == seat.seat) continue;
      if (s.account == seat.account) {
        mine_both = true;
        continue;
      }
      auto account = store.account_by_id(s.account);
      if (!account || !*account) continue;
      e.opponent_kind = (*account)->deleted ? "deleted" : "account";
      e.opponent_name = (*account)->deleted ? "" : (*account)->username;
    }
    if (mine_both && e.opponent_kind == "anonymous") e.opponent_kind = "self";
  }
  e.result = "ongoing";
  if (auto r = e.game.find("result"); r != e.game.end() && r->value().is_object()) {
    e.score = string_at(r->value().as_object(), "score");
    if (e.score == "1/2-1/2") e.result = "draw";
    else if (e.score == "1-0") e.result = e.color == "white" ? "win" : "loss";
    else if (e.score == "0-1") e.result = e.color == "black" ? "win" : "loss";
    else e.result = "aborted";
  }
  return e;
}

bool matches(const Entry& e, const HistoryFilter& f) {
  if (!f.category.empty() && e.category != f.category) return false;
  if (!f.result.empty() && e.result != f.result) return false;
  if (f.opponent.empty()) return true;
  if (f.opponent == "robot" || f.opponent == "anonymous") return e.opponent_kind == f.opponent;
  return e.opponent_kind == "account" && canonical_username(e.opponent_name) == canonical_username(f.opponent);
}

std::string cursor_text(const AccountGame& g) { return std::to_string(g.at_ms) + "." + g.game; }

// The PGN's tag `tag` set to `value` (the players' names from their accounts).
void set_tag(std::string& pgn, std::string_view tag, std::string_view value) {
  std::string head = "[";
  head += tag;
  head += " \"";
  std::size_t at = pgn.find(head);
  if (at == std::string::npos) return;
  std::size_t end = pgn.find("\"]", at + head.size());
  if (end == std::string::npos) return;
  pgn.replace(at + head.size(), end - at - head.size(), value);
}

}  // namespace

Result<HistoryFilter> parse_history_filter(std::string_view query, GamesCursor& cursor) {
  HistoryFilter f;
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    std::size_t eq = pair.find('=');
    std::string_view name = pair.substr(0, eq);
    std::string value = eq == std::string_view::npos ? std::string() : decoded(pair.substr(eq + 1));
    if (value.empty()) continue;
    if (name == "category") {
      if (!one_of(value, {"bullet", "blitz", "rapid", "classical", "correspondence", "unlimited"}))
        return fail("category: \"" + value + "\" is not a category");
      f.category = value;
    } else if (name == "result") {
      if (!one_of(value, {"win", "loss", "draw", "ongoing", "aborted"}))
        return fail("result: \"" + value + "\" is not a result");
      f.result = value;
    } else if (name == "opponent") {
      if (value.size() > USERNAME_MAX) return fail("opponent: longer than a username");
      f.opponent = value;
    } else if (name == "before") {
      std::size_t dot = value.find('.');
      try {
        cursor.at_ms = std::stoll(value.substr(0, dot));
      } catch (const std::exception&) {
        return fail("before: \"" + value + "\" is not a cursor");
      }
      cursor.game = dot == std::string::npos ? std::string() : value.substr(dot + 1);
    }
  }
  return f;
}

std::string history_category(std::string_view time, bool correspondence) {
  if (correspondence) return "correspondence";
  auto tc = parse_human_time_control(time);
  if (!tc || !tc->has_clock() || tc->periods().empty()) return "unlimited";
  const TimePeriod& first = tc->periods().front();
  return std::string(rating_category_name(rating_category_for_clock(first.base, first.bonus)));
}

Result<std::string> history_page(const HistoryContext& c, const HistoryFilter& filter, GamesCursor cursor,
                                 std::size_t limit, std::size_t scan) {
  json::array games;
  std::optional<std::string> next;
  std::size_t scanned = 0;
  while (games.size() < limit) {
    auto seats = c.store.games(c.account, cursor, std::min<std::size_t>(100, scan - scanned));
    if (!seats) return seats.error();
    if (seats->empty()) break;
    for (const AccountGame& seat : *seats) {
      ++scanned;
      cursor = {seat.at_ms, seat.game};
      auto archived = c.archive ? c.archive(seat.game, seat.seat, false) : std::nullopt;
      if (!archived) continue;
      auto e = entry_of(c.store, seat, *archived);
      if (!e || !matches(*e, filter)) continue;
      json::object item{{"game", seat.game},       {"color", e->color},
                        {"result", e->result},     {"score", e->score},
                        {"category", e->category}, {"time", e->time},
                        {"at_ms", seat.at_ms},     {"status", string_at(e->game, "status")}};
      json::object opponent{{"kind", e->opponent_kind}};
      if (!e->opponent_name.empty()) opponent["name"] = e->opponent_name;
      item["opponent"] = std::move(opponent);
      if (c.with_seats) item["seat"] = seat.seat;
      games.push_back(std::move(item));
      if (games.size() == limit) {
        next = cursor_text(seat);
        break;
      }
    }
    if (scanned >= scan && games.size() < limit) {
      next = std::to_string(cursor.at_ms) + "." + cursor.game;
      break;
    }
  }
  json::object out{{"games", std::move(games)}};
  out["next"] = next ? json::value(*next) : json::value(nullptr);
  return json::serialize(out);
}

std::function<std::optional<std::string>()> pgn_export(AccountStore& store, GameArchive archive, std::string account,
                                                       HistoryFilter filter, std::size_t page) {
  struct State {
    GamesCursor cursor;
    bool done = false;
  };
  auto state = std::make_shared<State>();
  return [&store, archive = std::move(archive), account = std::move(account), filter = std::move(filter), page,
          state]() -> std::optional<std::string> {
    while (!state->done) {
      auto seats = store.games(account, state->cursor, page);
      if (!seats || seats->empty()) {
        state->done = true;
        break;
      }
      std::string piece;
      for (const AccountGame& seat : *seats) {
        state->cursor = {seat.at_ms, seat.game};
        auto archived = archive ? archive(seat.game, seat.seat, true) : std::nullopt;
        if (!archived) continue;
        auto e = entry_of(store, seat, *archived);
        if (!e || !matches(*e, filter) || archived->pgn.empty()) continue;
        // The account's name on its side; the opponent's account, when one played, on the other.
        auto me = store.account_by_id(account);
        std::string pgn = std::move(archived->pgn);
        if (me && *me && !(*me)->deleted) set_tag(pgn, e->color == "white" ? "White" : "Black", (*me)->username);
        if (e->opponent_kind == "account") set_tag(pgn, e->color == "white" ? "Black" : "White", e->opponent_name);
        piece += pgn;
        if (!pgn.ends_with("\n\n")) piece += pgn.ends_with('\n') ? "\n" : "\n\n";
      }
      if (!piece.empty()) return piece;  // a page with no match goes on to the next
    }
    return std::nullopt;
  };
}

}  // namespace tabiya::server
