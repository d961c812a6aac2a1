// Accounts' security (docs/protocol.md, "Accounts"): passwords, enumeration, rate limits, CSRF, sessions that act
// for their own account only, revocation, deletion.
#include <future>

#include "support/account_test_support.h"

namespace tabiya::server::testing {
namespace {

using AccountSecurity = AccountFixture;

TEST_F(AccountSecurity, RegistersLogsInAndOut) {
  Browser alice = registered("Alice");
  EXPECT_EQ(whoami(alice), "Alice");
  Browser other;
  ASSERT_EQ(login(other, "alice", "correct horse").status, 200);  // any case
  EXPECT_EQ(whoami(other), "Alice");
  HttpAnswer out = call("POST", "/api/account/logout", "", other);
  ASSERT_EQ(out.status, 200) << out.body;
  EXPECT_NE(header(out, "Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(whoami(other), "");  // that session is gone on the server, not only in the browser
  EXPECT_EQ(whoami(alice), "Alice");
}

TEST_F(AccountSecurity, CookieIsHttpOnlyLaxAndOnlySecureOverHttps) {
  Browser b;
  HttpAnswer a = call("POST", "/api/account/register", R"({"username":"bob","password":"12345678"})", b);
  ASSERT_EQ(a.status, 201);
  std::string cookie = header(a, "Set-Cookie");
  EXPECT_TRUE(cookie.starts_with("tabiya_session="));
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_NE(cookie.find("Path=/"), std::string::npos);
  EXPECT_EQ(cookie.find("Secure"), std::string::npos);
  // The token is 256 random bits (43 base64 characters) and is stored only as a hash.
  std::string token = cookie.substr(15, cookie.find(';') - 15);
  EXPECT_EQ(token.size(), 43u);
  EXPECT_FALSE(*store_->session(token));

  configure_ = [](AccountServiceOptions& o) { o.public_urls.push_back({"https", "chess.example", 443}); };
  service_.reset();
  start();
  Browser c;
  c.origin = "https://chess.example";
  HttpAnswer secure = call("POST", "/api/account/register", R"({"username":"carol","password":"12345678"})", c);
  ASSERT_EQ(secure.status, 201) << secure.body;
  EXPECT_NE(header(secure, "Set-Cookie").find("; Secure"), std::string::npos);
}

TEST_F(AccountSecurity, WrongPasswordAndUnknownUserAnswerAlike) {
  registered("alice");
  Browser b;
  HttpAnswer wrong = login(b, "alice", "not the password");
  HttpAnswer unknown = login(b, "nobody_here", "not the password");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_EQ(wrong.headers, unknown.headers);
  EXPECT_TRUE(b.cookie.empty());
  EXPECT_EQ(json(wrong).at("error").as_string(), "bad_credentials");
}

TEST_F(AccountSecurity, UnknownUserCostsAHashToo) {
  // No shortcut for a name that does not exist or was deleted: the pool verifies against a dummy hash of the
  // same limits, so the answer takes one hash's time like a wrong password (counted, not timed: deterministic).
  registered("alice");
  Browser b;
  const uint64_t before = service_->hasher().verifications();
  EXPECT_EQ(login(b, "alice", "wrong password").status, 401);
  EXPECT_EQ(service_->hasher().verifications(), before + 1);
  EXPECT_EQ(login(b, "zed", "wrong password").status, 401);
  EXPECT_EQ(service_->hasher().verifications(), before + 2);
  EXPECT_EQ(login(b, "not a valid name!", "wrong password").status, 401);
  EXPECT_EQ(service_->hasher().verifications(), before + 3);
}

TEST_F(AccountSecurity, TakenNamesWhateverTheCaseAndInvalidNames) {
  registered("Alice");
  Browser b;
  HttpAnswer taken = call("POST", "/api/account/register", R"({"username":"aLiCe","password":"12345678"})", b);
  EXPECT_EQ(taken.status, 409);
  EXPECT_EQ(json(taken).at("error").as_string(), "taken");
  HttpAnswer cyrillic =
      call("POST", "/api/account/register", "{\"username\":\"\xD0\xB0lice\",\"password\":\"12345678\"}", b);
  EXPECT_EQ(cyrillic.status, 400);
  EXPECT_EQ(json(cyrillic).at("error").as_string(), "bad_username");
  EXPECT_EQ(json(cyrillic).at("data").as_object().at("problem").as_string(), "bad_character");
  EXPECT_EQ(json(cyrillic).at("data").as_object().at("position").as_int64(), 0);
  HttpAnswer reserved = call("POST", "/api/account/register", R"({"username":"Admin","password":"12345678"})", b);
  EXPECT_EQ(json(reserved).at("data").as_object().at("problem").as_string(), "reserved");
  HttpAnswer short_password = call("POST", "/api/account/register", R"({"username":"dave","password":"1234"})", b);
  EXPECT_EQ(json(short_password).at("error").as_string(), "bad_password");
  EXPECT_FALSE(*store_->account_by_key("dave"));
}

TEST_F(AccountSecurity, TenTriesPerAccountPerTenMinutes) {
  registered("alice");
  Browser b;
  for (int i = 0; i < 9; ++i) ASSERT_EQ(login(b, "alice", "wrong password").status, 401) << i;
  // The registration's own try did not count against the account: the 10th try is still answered.
  ASSERT_EQ(login(b, "alice", "correct horse").status, 200);
  HttpAnswer refused = login(b, "ALICE", "correct horse");
  ASSERT_EQ(refused.status, 429);
  EXPECT_EQ(json(refused).at("error").as_string(), "rate_limited");
  EXPECT_EQ(json(refused).at("data").as_object().at("reason").as_string(), "account");
  EXPECT_EQ(header(refused, "Retry-After"), "60");
  // Another client gets the same answer: the limit is the account's, wherever the tries come from.
  Browser elsewhere;
  elsewhere.client = "198.51.100.7";
  EXPECT_EQ(login(elsewhere, "alice", "correct horse").status, 429);
  // An unknown name is limited alike (the limit must not tell which names exist).
  for (int i = 0; i < 10; ++i) ASSERT_EQ(login(b, "ghost", "whatever1").status, 401);
  EXPECT_EQ(login(b, "ghost", "whatever1").status, 429);
  mono_ms_ += 60'000;  // one try back per minute
  EXPECT_EQ(login(elsewhere, "alice", "correct horse").status, 200);
  EXPECT_EQ(login(elsewhere, "alice", "correct horse").status, 429);
}

TEST_F(AccountSecurity, TwoHundredTriesPerClientPerTenMinutes) {
  Browser b;
  for (int i = 0; i < 200; ++i)  // 200 different names: only the client's limit applies
    ASSERT_EQ(login(b, "user" + std::to_string(i), "wrong password").status, 401) << i;
  HttpAnswer refused = login(b, "user_last", "wrong password");
  ASSERT_EQ(refused.status, 429);
  EXPECT_EQ(json(refused).at("data").as_object().at("reason").as_string(), "client");
  // Registration counts against the same client budget.
  EXPECT_EQ(call("POST", "/api/account/register", R"({"username":"newbie","password":"12345678"})", b).status, 429);
  Browser other;
  other.client = "203.0.113.9";
  EXPECT_EQ(login(other, "user_last", "wrong password").status, 401);
  mono_ms_ += 3'000;  // 200 per 600 s: one back every 3 s
  EXPECT_EQ(login(b, "user_last", "wrong password").status, 401);
}

TEST_F(AccountSecurity, StateChangesWithoutTheCsrfTokenAreRefused) {
  Browser alice = registered("alice");
  Browser forged = alice;
  forged.csrf.clear();
  HttpAnswer a = call("POST", "/api/account/profile", R"({"display_name":"pwned"})", forged);
  EXPECT_EQ(a.status, 403);
  EXPECT_EQ(json(a).at("error").as_string(), "csrf");
  forged.csrf = alice.csrf;  // one character changed (the token is random: "x" + the rest could be the token)
  forged.csrf[0] = forged.csrf[0] == 'x' ? 'y' : 'x';
  EXPECT_EQ(call("POST", "/api/account/logout", "", forged).status, 403);
  // The right token from a foreign page's Origin is refused too.
  Browser foreign = alice;
  foreign.origin = "https://evil.example";
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"display_name":"pwned"})", foreign).status, 403);
  EXPECT_EQ(call("POST", "/api/account/delete", R"({"password":"correct horse"})", foreign).status, 403);
  // A foreign page cannot log the browser into an account either.
  Browser victim;
  victim.origin = "https://evil.example";
  EXPECT_EQ(login(victim, "alice", "correct horse").status, 403);
  EXPECT_EQ(whoami(alice), "alice");
  EXPECT_EQ(json(call("GET", "/api/account", "", alice))
                .at("account")
                .as_object()
                .at("profile")
                .as_object()
                .at("display_name"),
            "");
  // With the token and no Origin (a script, not a browser) or the server's own: accepted.
  Browser script = alice;
  script.origin.clear();
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"display_name":"Alice"})", script).status, 200);
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"federation":"NOR"})", alice).status, 200);
  // Without a session there is nothing to change.
  EXPECT_EQ(call("POST", "/api/account/profile", "{}", Browser{}).status, 401);
}

TEST_F(AccountSecurity, OneUsersCookieNeverActsForAnother) {
  Browser alice = registered("alice");
  Browser bob = registered("bob");
  // Alice's cookie with Bob's token: refused; each cookie changes its own profile only.
  Browser mixed = alice;
  mixed.csrf = bob.csrf;
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"display_name":"x"})", mixed).status, 403);
  ASSERT_EQ(call("POST", "/api/account/profile", R"({"display_name":"Bobby"})", bob).status, 200);
  EXPECT_EQ(store_->account_by_key("alice")->value().profile.display_name, "");
  EXPECT_EQ(store_->account_by_key("bob")->value().profile.display_name, "Bobby");
  // Identity follows the cookie exactly; a made-up or altered cookie is nobody.
  EXPECT_EQ(service_->identify(alice.cookie)->username, "alice");
  EXPECT_EQ(service_->identify(bob.cookie)->username, "bob");
  EXPECT_EQ(service_->identify("other=1; " + bob.cookie)->username, "bob");
  std::string altered = alice.cookie;
  altered.back() = altered.back() == 'A' ? 'B' : 'A';
  EXPECT_FALSE(service_->identify(altered));
  EXPECT_FALSE(service_->identify("tabiya_session="));
  EXPECT_FALSE(service_->identify(""));
  // Games created with Alice's cookie are Alice's only.
  ASSERT_EQ(call("POST", "/api/games", R"({"v":1,"opponent":"robot"})", alice).status, 201);
  EXPECT_EQ(json(call("GET", "/api/account/games", "", alice)).at("games").as_array().size(), 1u);
  EXPECT_EQ(json(call("GET", "/api/account/games", "", bob)).at("games").as_array().size(), 0u);
}

TEST_F(AccountSecurity, PasswordChangeRevokesTheOtherSessions) {
  Browser phone = registered("alice");
  Browser laptop;
  ASSERT_EQ(login(laptop, "alice", "correct horse").status, 200);
  HttpAnswer wrong =
      call("POST", "/api/account/password", R"({"current":"nope nope","password":"new password"})", laptop);
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(whoami(phone), "alice");
  HttpAnswer changed =
      call("POST", "/api/account/password", R"({"current":"correct horse","password":"new password"})", laptop);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(whoami(laptop), "alice");
  EXPECT_EQ(whoami(phone), "");
  Browser b;
  EXPECT_EQ(login(b, "alice", "correct horse").status, 401);
  EXPECT_EQ(login(b, "alice", "new password").status, 200);
}

TEST_F(AccountSecurity, SessionsExpireAfterThirtyDays) {
  Browser alice = registered("alice");
  wall_ms_ += 29LL * 24 * 3600 * 1000;
  EXPECT_EQ(whoami(alice), "alice");
  wall_ms_ += 2LL * 24 * 3600 * 1000;
  EXPECT_EQ(whoami(alice), "");
}

TEST_F(AccountSecurity, ADeletedAccountCannotLogInAndItsSessionsEnd) {
  Browser alice = registered("alice");
  Browser laptop;
  ASSERT_EQ(login(laptop, "alice", "correct horse").status, 200);
  ASSERT_EQ(call("POST", "/api/games", R"({"v":1,"opponent":"robot"})", alice).status, 201);
  EXPECT_EQ(call("POST", "/api/account/delete", R"({"password":"wrong one"})", alice).status, 401);
  HttpAnswer deleted = call("POST", "/api/account/delete", R"({"password":"correct horse"})", alice);
  ASSERT_EQ(deleted.status, 200) << deleted.body;
  EXPECT_NE(header(deleted, "Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(whoami(alice), "");
  EXPECT_EQ(whoami(laptop), "");
  Browser b;
  HttpAnswer again = login(b, "alice", "correct horse");
  EXPECT_EQ(again.status, 401);
  EXPECT_EQ(json(again).at("error").as_string(), "bad_credentials");
  // The name is not free again, the public profile is gone, the games stay with their seats.
  EXPECT_EQ(call("POST", "/api/account/register", R"({"username":"alice","password":"12345678"})", b).status, 409);
  EXPECT_EQ(call("GET", "/api/players/alice", "", b).status, 404);
  EXPECT_EQ(store_->games(store_->account_by_key("alice")->value().id, {}, 10)->size(), 1u);
}

TEST_F(AccountSecurity, AFloodOfHashesIsRefusedBusyBeyondTheQueue) {
  configure_ = [](AccountServiceOptions& o) {
    o.hasher.threads = 1;
    o.hasher.queue_limit = 2;
  };
  service_.reset();
  start();
  // Hold the pool's one thread, fill the queue: the next log-in is refused at once, 503 busy.
  std::promise<void> release;
  auto released = release.get_future().share();
  std::promise<void> holding;
  ASSERT_TRUE(const_cast<PasswordHasher&>(service_->hasher()).submit([&] {
    holding.set_value();
    released.wait();
  }));
  holding.get_future().wait();
  std::vector<std::promise<HttpAnswer>> answers(3);
  for (int i = 0; i < 3; ++i) {
    HttpRequest r{"POST", "/api/account/login", R"({"username":"x1","password":"12345678"})", "192.0.2.1"};
    service_->http_async(r, [&answers, i](HttpAnswer a) { answers[i].set_value(std::move(a)); });
  }
  auto third = answers[2].get_future();
  ASSERT_EQ(third.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  HttpAnswer busy = third.get();
  EXPECT_EQ(busy.status, 503);
  EXPECT_EQ(json(busy).at("error").as_string(), "busy");
  release.set_value();
  EXPECT_EQ(answers[0].get_future().get().status, 401);
  EXPECT_EQ(answers[1].get_future().get().status, 401);
  EXPECT_EQ(service_->hasher().peak_queue(), 2u);
}

// A player's ratings are the lobby's, inside the accounts; the rest under /api/players/NAME is the accounts'.
TEST_F(AccountSecurity, APlayersRatingsAreAnsweredInside) {
  Browser alice = registered("alice");
  EXPECT_EQ(call("GET", "/api/players/alice/ratings", "", Browser{}).body, R"({"from":"inner"})");
  EXPECT_NE(call("GET", "/api/players/alice", "", Browser{}).body.find("\"username\":\"alice\""), std::string::npos);
  EXPECT_EQ(call("GET", "/api/players/alice/games", "", Browser{}).status, 200);
  EXPECT_EQ(call("GET", "/api/players/alice/games/ratings", "", Browser{}).status, 404)
      << "only NAME/ratings goes inside";
  (void)alice;
}

}  // namespace
}  // namespace tabiya::server::testing
