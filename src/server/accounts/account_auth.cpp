// The account routes that hash a password (register, log in, change the password, delete the account): checked
// on the network thread, hashed and stored on the hasher's pool, answered from there. Passwords live only in the
// job that hashes them and are wiped after it.
#include <sodium.h>

#include <boost/json.hpp>

#include "server/accounts/account_names.h"
#include "server/accounts/account_service.h"
#include "server/accounts/session_tokens.h"
#include "server/base/http_errors.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

// A password held by a job, wiped when the job is done with it.
struct Secret {
  std::string text;
  explicit Secret(std::string t) : text(std::move(t)) {}
  ~Secret() { sodium_memzero(text.data(), text.size()); }
  Secret(const Secret&) = delete;
  Secret& operator=(const Secret&) = delete;
};

std::optional<json::object> body_object(std::string_view body) {
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.as_object());
}

std::optional<std::string> field(const json::object& o, std::string_view key) {
  auto it = o.find(key);
  if (it == o.end() || !it->value().is_string()) return std::nullopt;
  return std::string(it->value().as_string());
}

HttpAnswer missing(std::string_view name) {
  json::object data{{"field", name}, {"expected", "a string"}};
  return http_error(400, "bad_request", json::serialize(data));
}

HttpAnswer busy() { return http_error(503, "busy", R"({"reason":"password_hashes"})"); }

HttpAnswer bad_credentials() { return http_error(401, "bad_credentials"); }

}  // namespace

HttpAnswer AccountService::logged_in(const Account& account, int status) {
  const std::string token = random_token();
  SessionRecord session{token_hash(token), account.id, random_token(), wall_now()};
  if (auto r = store_->add_session(session); !r) return http_error(500, "server_error");
  logins_.fetch_add(1);
  json::object o{{"account", json::object{{"id", account.id}, {"username", account.username}}}, {"csrf", session.csrf}};
  HttpAnswer a = json_answer_text(status, json::serialize(o));
  a.headers.emplace_back("Set-Cookie", session_cookie(token, secure_cookies()));
  return a;
}

void AccountService::register_account(const HttpRequest& request, std::function<void(HttpAnswer)> done) {
  if (auto refused = limit_refusal(request, "")) return done(std::move(*refused));
  auto body = body_object(request.body);
  if (!body) return done(http_error(400, "bad_json"));
  auto username = field(*body, "username");
  auto password = field(*body, "password");
  if (!username) return done(missing("username"));
  if (!password) return done(missing("password"));
  auto email = field(*body, "email").value_or("");
  if (auto problem = check_username(*username))
    return done(http_error(
        400, "bad_username",
        R"({"problem":")" + problem->problem + R"(","position":)" + std::to_string(problem->position) + "}"));
  if (auto problem = check_password(*password))
    return done(http_error(400, "bad_password",
                           R"({"problem":")" + *problem + R"(","min":)" + std::to_string(PASSWORD_MIN) + R"(,"max":)" +
                               std::to_string(PASSWORD_MAX) + "}"));
  if (email.size() > 254 || (!email.empty() && email.find('@') == std::string::npos))
    return done(http_error(400, "bad_request", R"({"field":"email","expected":"an e-mail address or nothing"})"));
  Account account;
  account.id = random_token().substr(0, 16);
  account.username = *username;
  account.key = canonical_username(*username);
  account.email = std::move(email);
  account.created_ms = wall_now();
  auto secret = std::make_shared<Secret>(std::move(*password));
  bool queued = hasher_->submit([this, account = std::move(account), secret, done]() mutable {
    account.password_hash = hasher_->hash(secret->text);
    if (account.password_hash.empty()) return done(busy());
    auto created = store_->create_account(account);
    if (!created) return done(http_error(500, "server_error"));
    if (!*created) return done(http_error(409, "taken", R"({"field":"username"})"));
    registrations_.fetch_add(1);
    done(logged_in(account, 201));
  });
  if (!queued) done(busy());
}

void AccountService::log_in(const HttpRequest& request, std::function<void(HttpAnswer)> done) {
  auto body = body_object(request.body);
  if (!body) return done(http_error(400, "bad_json"));
  auto username = field(*body, "username");
  auto password = field(*body, "password");
  if (!username) return done(missing("username"));
  if (!password) return done(missing("password"));
  // Any text is a name here (an invalid one is simply unknown): the answer never tells which names exist.
  std::string key = canonical_username(username->substr(0, 64));
  if (auto refused = limit_refusal(request, key)) return done(std::move(*refused));
  auto secret = std::make_shared<Secret>(std::move(*password));
  bool queued = hasher_->submit([this, key = std::move(key), secret, done]() {
    auto found = store_->account_by_key(key);
    if (!found) return done(http_error(500, "server_error"));
    const bool live = *found && !(*found)->deleted;
    // Unknown or deleted: a dummy hash is checked instead, so every failure takes the time of one hash.
    const bool right = hasher_->verify(live ? (*found)->password_hash : std::string(), secret->text);
    if (!live || !right) {
      failed_logins_.fetch_add(1);
      return done(bad_credentials());
    }
    done(logged_in(**found, 200));
  });
  if (!queued) done(busy());
}

void AccountService::change_password(const HttpRequest& request, Current session,
                                     std::function<void(HttpAnswer)> done) {
  auto body = body_object(request.body);
  if (!body) return done(http_error(400, "bad_json"));
  auto current = field(*body, "current");
  auto fresh = field(*body, "password");
  if (!current) return done(missing("current"));
  if (!fresh) return done(missing("password"));
  if (auto problem = check_password(*fresh))
    return done(http_error(400, "bad_password",
                           R"({"problem":")" + *problem + R"(","min":)" + std::to_string(PASSWORD_MIN) + R"(,"max":)" +
                               std::to_string(PASSWORD_MAX) + "}"));
  if (auto refused = limit_refusal(request, session.account.key)) return done(std::move(*refused));
  auto old_secret = std::make_shared<Secret>(std::move(*current));
  auto new_secret = std::make_shared<Secret>(std::move(*fresh));
  bool queued = hasher_->submit([this, session = std::move(session), old_secret, new_secret, done]() {
    if (!hasher_->verify(session.account.password_hash, old_secret->text)) return done(bad_credentials());
    std::string hash = hasher_->hash(new_secret->text);
    if (hash.empty()) return done(busy());
    if (auto r = store_->set_password(session.account.id, hash); !r || !*r)
      return done(http_error(500, "server_error"));
    // Every other device is logged out: whoever knew the old password is out.
    (void)store_->remove_sessions(session.account.id, session.session.token_hash);
    done(json_answer_text(200, R"({"changed":true})"));
  });
  if (!queued) done(busy());
}

void AccountService::delete_account(const HttpRequest& request, Current session, std::function<void(HttpAnswer)> done) {
  auto body = body_object(request.body);
  if (!body) return done(http_error(400, "bad_json"));
  auto password = field(*body, "password");
  if (!password) return done(missing("password"));
  if (auto refused = limit_refusal(request, session.account.key)) return done(std::move(*refused));
  auto secret = std::make_shared<Secret>(std::move(*password));
  bool queued = hasher_->submit([this, session = std::move(session), secret, done]() {
    if (!hasher_->verify(session.account.password_hash, secret->text)) return done(bad_credentials());
    if (auto r = store_->delete_account(session.account.id); !r || !*r) return done(http_error(500, "server_error"));
    HttpAnswer a = json_answer_text(200, R"({"deleted":true})");
    a.headers.emplace_back("Set-Cookie", session_cookie("", secure_cookies()));
    done(std::move(a));
  });
  if (!queued) done(busy());
}

}  // namespace tabiya::server
