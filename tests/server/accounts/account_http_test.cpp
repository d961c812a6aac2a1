// Accounts over the real network layer: answers that come from the hash pool (Service::http_async) and the PGN
// export sent chunked (HttpAnswer::stream), on a server at an OS-chosen loopback port.
#include <boost/json.hpp>

#include "server/net/http_server.h"
#include "support/account_test_support.h"
#include "support/network_test_support.h"

namespace tabiya::server::testing {
namespace {

class AccountHttp : public AccountFixture {
 protected:
  void SetUp() override {
    AccountFixture::SetUp();
    ServerOptions options;
    options.port = 0;
    options.threads = 2;
    server_ = std::make_unique<HttpServer>(*service_, StaticFiles{}, options);
    auto port = server_->start();
    ASSERT_TRUE(port) << port.error().message;
    port_ = *port;
    host_ = "127.0.0.1:" + std::to_string(port_);
  }
  void TearDown() override { server_.reset(); }
  http::response<http::string_body> post(beast::tcp_stream& stream, const std::string& target, const std::string& body,
                                         Headers headers = {}) {
    headers.emplace_back("Origin", "http://" + host_);
    headers.emplace_back("Content-Type", "application/json");
    return exchange(stream, host_, target, headers, http::verb::post, body);
  }

  asio::io_context ioc_;
  std::unique_ptr<HttpServer> server_;
  uint16_t port_ = 0;
  std::string host_;
};

TEST_F(AccountHttp, RegistrationIsAnsweredFromThePoolWithItsCookie) {
  auto stream = connect_from(ioc_, port_);
  auto res = post(*stream, "/api/account/register", R"({"username":"alice","password":"correct horse"})");
  ASSERT_EQ(res.result_int(), 201) << res.body();
  std::string cookie(res[http::field::set_cookie]);
  EXPECT_NE(cookie.find("HttpOnly; SameSite=Lax; Path=/"), std::string::npos);
  std::string csrf(boost::json::parse(res.body()).at("csrf").as_string());
  // The same connection goes on (keep-alive) with the session.
  Headers session{{"Cookie", cookie.substr(0, cookie.find(';'))}};
  auto me = exchange(*stream, host_, "/api/account", session);
  ASSERT_EQ(me.result_int(), 200);
  EXPECT_EQ(boost::json::parse(me.body()).at("account").at("username"), "alice");
  EXPECT_EQ(me[http::field::cache_control], "no-store");
  auto refused = post(*stream, "/api/account/logout", "", session);
  EXPECT_EQ(refused.result_int(), 403);
  session.emplace_back("X-CSRF-Token", csrf);
  EXPECT_EQ(post(*stream, "/api/account/logout", "", session).result_int(), 200);
}

TEST_F(AccountHttp, ManyLogInsAtOnceAreAllAnswered) {
  registered("alice");
  std::vector<std::thread> clients;
  std::atomic<int> ok{0}, wrong{0};
  for (int i = 0; i < 8; ++i)
    clients.emplace_back([&, i] {
      asio::io_context ioc;
      auto stream = connect_from(ioc, port_);
      auto res =
          post(*stream, "/api/account/login",
               std::string(R"({"username":"alice","password":")") + (i % 2 ? "correct horse" : "bad pass") + "\"}");
      (res.result_int() == 200 ? ok : wrong).fetch_add(1);
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(ok.load(), 4);
  EXPECT_EQ(wrong.load(), 4);
}

TEST_F(AccountHttp, ThePgnExportIsChunked) {
  Browser alice = registered("alice");
  const std::string id = store_->account_by_key("alice")->value().id;
  for (int i = 0; i < 100; ++i) {
    std::string g = "X" + std::to_string(i);
    games_.add(g, {"w" + g, "b" + g, "5+3", "1-0", false});
    ASSERT_TRUE(store_->add_game({id, g, "w" + g, 1000 + i}));
  }
  auto stream = connect_from(ioc_, port_);
  http::request<http::string_body> req{http::verb::get, "/api/players/alice/games.pgn", 11};
  req.set(http::field::host, host_);
  http::write(*stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(10 * 1024 * 1024);
  http::read_header(*stream, buffer, parser);
  EXPECT_TRUE(parser.chunked());
  EXPECT_EQ(parser.get()[http::field::content_type], "application/x-chess-pgn");
  EXPECT_NE(parser.get()[http::field::content_disposition].find("tabiya-alice.pgn"), std::string::npos);
  EXPECT_EQ(parser.get()["X-Content-Type-Options"], "nosniff");
  http::read(*stream, buffer, parser);
  const std::string& body = parser.get().body();
  int games = 0;
  for (std::size_t at = body.find("[Event "); at != std::string::npos; at = body.find("[Event ", at + 1)) ++games;
  EXPECT_EQ(games, 100);
  // The connection serves the next request after the last chunk.
  auto next = exchange(*stream, host_, "/api/players/alice");
  EXPECT_EQ(next.result_int(), 200);
}

}  // namespace
}  // namespace tabiya::server::testing
