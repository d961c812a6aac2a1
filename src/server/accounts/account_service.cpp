// The accounts service's frame: what passes through to the wrapped service, the routes, who is behind a cookie,
// the CSRF rule, the rate limits, and the seats taken while logged in.
#include "server/accounts/account_service.h"

#include <boost/json.hpp>
#include <chrono>
#include <future>

#include "server/accounts/account_names.h"
#include "server/accounts/session_tokens.h"
#include "server/base/http_errors.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

// A WebSocket through this service: the wrapped service's session, and the account behind its cookie (whose
// seats the hello names are recorded once).

}  // namespace

AccountService::AccountService(AccountServiceOptions options)
    : options_(std::move(options)),
      store_(options_.store ? options_.store : std::shared_ptr<AccountStore>(make_memory_account_store())),
      hasher_(std::make_unique<PasswordHasher>(options_.hasher)),
      per_client_(options_.per_client, options_.monotonic_ms),
      per_account_(options_.per_account, options_.monotonic_ms),
      names_("", options_.public_urls) {}

AccountService::~AccountService() { hasher_.reset(); }  // its jobs finish while the rest is still here

int64_t AccountService::wall_now() const {
  if (options_.wall_clock) return options_.wall_clock();
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

bool AccountService::secure_cookies() const {
  for (const WebOrigin& url : options_.public_urls)
    if (url.scheme == "https") return true;
  return false;
}

std::optional<AccountService::Current> AccountService::current(std::string_view cookie_header) const {
  std::string_view token = cookie_value(cookie_header, SESSION_COOKIE);
  if (token.empty() || token.size() > 64) return std::nullopt;
  auto session = store_->session(token_hash(token));
  if (!session || !*session) return std::nullopt;
  if (wall_now() - (*session)->created_ms > std::chrono::milliseconds(SESSION_LIFETIME).count()) return std::nullopt;
  auto account = store_->account_by_id((*session)->account);
  if (!account || !*account || (*account)->deleted) return std::nullopt;
  return Current{std::move(**session), std::move(**account)};
}

std::optional<Identity> AccountService::identify(std::string_view cookie_header) const {
  auto c = current(cookie_header);
  if (!c) return std::nullopt;
  return Identity{c->account.id, c->account.username};
}

std::optional<Account> AccountService::logged_in_account(const HttpRequest& request) const {
  auto c = current(request.cookie);
  if (!c || !origin_allowed(request) || !same_secret(request.csrf, c->session.csrf)) return std::nullopt;
  return std::move(c->account);
}

bool AccountService::origin_allowed(const HttpRequest& request) const {
  if (request.origin.empty()) return true;  // not a browser, or a same-origin GET: nothing a page could forge
  return names_.origin_allowed(request.origin, request.host);
}

std::optional<HttpAnswer> AccountService::csrf_refusal(const HttpRequest& request,
                                                       const std::optional<Current>& session) const {
  if (!session) return http_error(401, "not_logged_in");
  if (!origin_allowed(request) || !same_secret(request.csrf, session->session.csrf)) {
    const_cast<std::atomic<int64_t>&>(refused_csrf_).fetch_add(1);
    return http_error(403, "csrf", R"({"expected":"the session's X-CSRF-Token and an Origin of this server"})");
  }
  return std::nullopt;
}

std::optional<HttpAnswer> AccountService::limit_refusal(const HttpRequest& request, const std::string& account_key) {
  std::optional<int64_t> wait = per_client_.take(request.client);
  const char* reason = "client";
  if (!wait && !account_key.empty()) {
    wait = per_account_.take("account:" + account_key);
    reason = "account";
  }
  if (!wait) return std::nullopt;
  refused_rate_.fetch_add(1);
  const int64_t seconds = (*wait + 999) / 1000;
  HttpAnswer a = http_error(429, "rate_limited",
                            R"({"retry_ms":)" + std::to_string(*wait) + R"(,"retry_s":)" + std::to_string(seconds) +
                                R"(,"reason":")" + reason + R"("})");
  a.headers.emplace_back("Retry-After", std::to_string(seconds));
  return a;
}

HttpAnswer AccountService::http(const HttpRequest& request) {
  // For callers that can wait (tests, tools): the network layer calls http_async and never waits for a hash.
  auto answer = std::make_shared<std::promise<HttpAnswer>>();
  auto ready = answer->get_future();
  http_async(request, [answer](HttpAnswer a) { answer->set_value(std::move(a)); });
  return ready.get();
}

void AccountService::http_async(const HttpRequest& request, std::function<void(HttpAnswer)> done) {
  std::string_view target = request.target;
  std::string_view query;
  if (auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  constexpr std::string_view ACCOUNT = "/api/account", PLAYERS = "/api/players/";
  // A player's ratings are the lobby's (server/lobby/lobby_service.h), inside: the rest under /api/players/ is ours.
  const bool ratings = target.starts_with(PLAYERS) && target.ends_with("/ratings") &&
                       target.substr(PLAYERS.size()).find('/') == target.size() - PLAYERS.size() - 8;
  if (target.starts_with(PLAYERS) && !ratings)  // with its query: the filters
    return done(player_route(request, request.target.substr(PLAYERS.size()), current(request.cookie)));
  if (target != ACCOUNT && !target.starts_with("/api/account/")) return done(http_error(404, "not_found"));
  std::string_view what = target.substr(ACCOUNT.size());
  const bool get = request.method == "GET";
  if (!get && request.method != "POST") return done(http_error(405, "method_not_allowed"));
  if (what == "/register" || what == "/login") {
    if (get) return done(http_error(405, "method_not_allowed"));
    // Log-in CSRF: a foreign page must not log the browser into the attacker's account.
    if (!origin_allowed(request)) {
      refused_csrf_.fetch_add(1);
      return done(http_error(403, "csrf", R"({"expected":"an Origin of this server"})"));
    }
    return what == "/login" ? log_in(request, std::move(done)) : register_account(request, std::move(done));
  }
  auto session = current(request.cookie);
  if (what.empty() || what == "/games") {
    if (!get) return done(http_error(405, "method_not_allowed"));
    if (what.empty()) return done(account_answer(session));
    if (!session) return done(http_error(401, "not_logged_in"));
    std::string rest = session->account.username + "/games";
    if (!query.empty()) {
      rest += '?';
      rest += query;
    }
    return done(player_route(request, rest, session));
  }
  if (get) return done(http_error(405, "method_not_allowed"));
  if (auto refused = csrf_refusal(request, session)) return done(std::move(*refused));
  if (what == "/logout") {
    (void)store_->remove_session(session->session.token_hash);
    HttpAnswer a = json_answer_text(200, R"({"account":null})");
    a.headers.emplace_back("Set-Cookie", session_cookie("", secure_cookies()));
    return done(std::move(a));
  }
  if (what == "/profile") return done(set_profile(request, *session));
  if (what == "/password") return change_password(request, std::move(*session), std::move(done));
  if (what == "/delete") return delete_account(request, std::move(*session), std::move(done));
  done(http_error(404, "not_found"));
}

// --- Seats taken while logged in ---

void AccountService::record_seat(const std::string& account, const std::string& game, const std::string& seat) {
  if (game.empty() || seat.empty() || game.size() > 64 || seat.size() > 64) return;
  (void)store_->add_game({account, game, seat, wall_now()});
}

void AccountService::record_created_game(const HttpRequest& request, const std::string& game,
                                         const std::vector<std::string>& seats) {
  auto session = current(request.cookie);
  // Only with the CSRF token: a game a foreign page made the browser create is not the account's.
  if (!session || !origin_allowed(request) || !same_secret(request.csrf, session->session.csrf)) return;
  for (const std::string& seat : seats) record_seat(session->account.id, game, seat);
}

void AccountService::record_claimed_seats(std::string_view cookie, const std::string& game,
                                          const std::vector<std::string>& seats) {
  const std::optional<Identity> identity = identify(cookie);
  if (!identity) return;
  for (const std::string& seat : seats) record_seat(identity->account, game, seat);
}

// No socket is the accounts' own.
std::shared_ptr<Session> AccountService::open(std::string_view, std::shared_ptr<Peer>) { return nullptr; }
void AccountService::message(Session&, std::string_view) {}
void AccountService::closed(Session&) {}
bool AccountService::keeps_alive(const Session&) { return false; }

void AccountService::write_metrics(std::string& out) {
  out += "# HELP tabiya_account_logins_total Successful log-ins and registrations.\n";
  out += "# TYPE tabiya_account_logins_total counter\n";
  out += "tabiya_account_logins_total " + std::to_string(logins_.load()) + "\n";
  out += "# HELP tabiya_account_failed_logins_total Log-ins refused for a wrong name or password.\n";
  out += "# TYPE tabiya_account_failed_logins_total counter\n";
  out += "tabiya_account_failed_logins_total " + std::to_string(failed_logins_.load()) + "\n";
  out += "# HELP tabiya_account_refused_total Account requests refused: rate limits, CSRF, a full hash queue.\n";
  out += "# TYPE tabiya_account_refused_total counter\n";
  out += "tabiya_account_refused_total{reason=\"rate\"} " + std::to_string(refused_rate_.load()) + "\n";
  out += "tabiya_account_refused_total{reason=\"csrf\"} " + std::to_string(refused_csrf_.load()) + "\n";
  out += "tabiya_account_refused_total{reason=\"busy\"} " + std::to_string(hasher_->refused()) + "\n";
  out += "# HELP tabiya_account_hashes_pending Password hashes waiting or running.\n";
  out += "# TYPE tabiya_account_hashes_pending gauge\n";
  out += "tabiya_account_hashes_pending " + std::to_string(hasher_->pending()) + "\n";
}

void AccountService::shutdown() {}

}  // namespace tabiya::server
