// The account's own view (GET /api/account), its profile, and the public player pages: a profile, the games with
// filters, and all of them as PGN, streamed.
#include <boost/json.hpp>

#include "server/accounts/account_history.h"
#include "server/accounts/account_names.h"
#include "server/accounts/account_service.h"
#include "server/base/http_errors.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

constexpr std::size_t PAGE = 50;

json::object profile_json(const Profile& p, bool own) {
  json::object o{
      {"display_name", p.display_name}, {"federation", p.federation}, {"fide_id", p.fide_id}, {"language", p.language}};
  // A self-declared title is the owner's to see and edit; others never see it as a title.
  if (own) o["claimed_title"] = p.title;
  return o;
}

bool upper_letters(std::string_view s, std::size_t n) {
  if (s.size() != n) return false;
  for (char c : s)
    if (c < 'A' || c > 'Z') return false;
  return true;
}

bool digits(std::string_view s, std::size_t max) {
  if (s.empty() || s.size() > max) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

bool plain_text(std::string_view s, std::size_t max) {
  if (s.size() > max) return false;
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

}  // namespace

HttpAnswer AccountService::account_answer(const std::optional<Current>& session) {
  if (!session) return json_answer_text(200, R"({"account":null})");
  const Account& a = session->account;
  json::object o{{"account", json::object{{"id", a.id},
                                          {"username", a.username},
                                          {"email", a.email},
                                          {"created_ms", a.created_ms},
                                          {"profile", profile_json(a.profile, true)}}},
                 {"csrf", session->session.csrf}};
  return json_answer_text(200, json::serialize(o));
}

HttpAnswer AccountService::set_profile(const HttpRequest& request, const Current& session) {
  boost::system::error_code ec;
  json::value v = json::parse(request.body, ec);
  if (ec || !v.is_object()) return http_error(400, "bad_json");
  const json::object& o = v.as_object();
  Profile p = session.account.profile;
  auto bad = [](std::string_view name, std::string_view expected) {
    return http_error(400, "bad_request", json::serialize(json::object{{"field", name}, {"expected", expected}}));
  };
  struct Field {
    const char* name;
    std::string* value;
    bool (*valid)(std::string_view);
    const char* expected;
  };
  const Field fields[] = {
      {"display_name", &p.display_name, [](std::string_view s) { return plain_text(s, 80); },
       "at most 80 bytes, no control characters"},
      {"federation", &p.federation, [](std::string_view s) { return s.empty() || upper_letters(s, 3); },
       "a FIDE federation code: three capital letters, or empty"},
      {"fide_id", &p.fide_id, [](std::string_view s) { return s.empty() || digits(s, 12); },
       "a FIDE ID: up to 12 digits, or empty"},
      {"language", &p.language,
       [](std::string_view s) {
         for (std::string_view l : {"", "en", "de", "pl", "lv", "bg", "uk", "ru"})
           if (s == l) return true;
         return false;
       },
       "one of en de pl lv bg uk ru, or empty"},
      {"title", &p.title, [](std::string_view s) { return plain_text(s, 8); }, "at most 8 bytes"},
  };
  for (const Field& f : fields) {
    auto it = o.find(f.name);
    if (it == o.end()) continue;
    if (!it->value().is_string()) return bad(f.name, "a string");
    std::string value(it->value().as_string());
    if (!f.valid(value)) return bad(f.name, f.expected);
    *f.value = std::move(value);
  }
  if (auto r = store_->set_profile(session.account.id, p); !r || !*r) return http_error(500, "server_error");
  return json_answer_text(200, json::serialize(json::object{{"profile", profile_json(p, true)}}));
}

HttpAnswer AccountService::player_route(const HttpRequest& request, std::string_view rest,
                                        const std::optional<Current>& session) {
  if (request.method != "GET") return http_error(405, "method_not_allowed");
  std::string_view query;
  if (auto q = rest.find('?'); q != std::string_view::npos) {
    query = rest.substr(q + 1);
    rest = rest.substr(0, q);
  }
  std::string_view name = rest.substr(0, rest.find('/'));
  std::string_view what = name.size() < rest.size() ? rest.substr(name.size() + 1) : std::string_view{};
  if (name.size() > USERNAME_MAX) return http_error(404, "unknown_player");
  auto found = store_->account_by_key(canonical_username(name));
  if (!found) return http_error(500, "server_error");
  if (!*found || (*found)->deleted)
    return http_error(404, "unknown_player", json::serialize(json::object{{"name", name}}));
  const Account& account = **found;
  const bool own = session && session->account.id == account.id;
  if (what.empty()) {
    json::object o{{"username", account.username},
                   {"created_ms", account.created_ms},
                   {"profile", profile_json(account.profile, own)}};
    return json_answer_text(200, json::serialize(o));
  }
  GamesCursor cursor;
  auto filter = parse_history_filter(query, cursor);
  if (!filter) return http_error(400, "bad_request", json::serialize(json::object{{"detail", filter.error().message}}));
  if (what == "games") {
    HistoryContext context{*store_, options_.archive, account.id, own};
    auto page = history_page(context, *filter, cursor, PAGE);
    if (!page) return http_error(500, "server_error");
    return json_answer_text(200, std::move(*page));
  }
  if (what == "games.pgn") {
    HttpAnswer a;
    a.status = 200;
    a.content_type = "application/x-chess-pgn";
    a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-" + account.username + ".pgn\"");
    a.stream = pgn_export(*store_, options_.archive, account.id, std::move(*filter));
    return a;
  }
  return http_error(404, "not_found");
}

}  // namespace tabiya::server
