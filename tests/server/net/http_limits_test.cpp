// The network layer's limits against real clients on loopback: connections and
// WebSockets per client and in all, idle WebSockets, the Host names served,
// WebSocket origins, and the client's address through a trusted proxy.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "server/net/http_server.h"
#include "support/network_test_support.h"

namespace tabiya::server {
namespace {

using namespace testing;

// Echoes messages; "/ws/known" and "/ws/seated" are games, and a session of "/ws/seated" is kept alive (a seat
// in a live game). Records the client key of each HTTP request.
class LimitsService : public Service {
 public:
  struct FakeSession : Session {
    std::shared_ptr<Peer> peer;
    bool seated = false;
  };
  HttpAnswer http(const HttpRequest& request) override {
    std::lock_guard lock(mutex);
    clients.emplace_back(request.client);
    return HttpAnswer{200, "application/json", "{}", {}};
  }
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override {
    if (path != "/ws/known" && path != "/ws/seated") return nullptr;
    auto session = std::make_shared<FakeSession>();
    session->peer = std::move(peer);
    session->seated = path == "/ws/seated";
    return session;
  }
  void message(Session& session, std::string_view text) override {
    static_cast<FakeSession&>(session).peer->send(share(std::string(text)));
  }
  void closed(Session& session) override {
    static_cast<FakeSession&>(session).peer.reset();
    ++closed_count;
  }
  bool keeps_alive(const Session& session) override {
    bool seated = static_cast<const FakeSession&>(session).seated;
    if (seated) ++kept_alive;
    return seated;
  }
  void write_metrics(std::string&) override {}
  void shutdown() override {}

  std::mutex mutex;
  std::vector<std::string> clients;
  std::atomic<int> closed_count{0}, kept_alive{0};
};

class HttpLimitsTest : public ::testing::Test {
 protected:
  void TearDown() override {
    server_.reset();
    if (!web_.empty()) std::filesystem::remove_all(web_);
  }

  void start(const std::function<void(ServerOptions&)>& configure = {}) {
    web_ = std::filesystem::temp_directory_path() / ("tabiya-limits-" + std::to_string(getpid()));
    std::filesystem::create_directories(web_);
    std::ofstream(web_ / "index.html") << "<!doctype html><title>tabiya</title>";
    Result<StaticFiles> files = StaticFiles::load(web_);
    ASSERT_TRUE(files.ok()) << files.error().message;
    ServerOptions options;
    options.port = 0;
    options.threads = 2;
    options.shutdown_grace = std::chrono::milliseconds(2000);
    if (configure) configure(options);
    server_ = std::make_unique<HttpServer>(service_, std::move(*files), options);
    Result<uint16_t> port = server_->start();
    ASSERT_TRUE(port.ok()) << port.error().message;
    port_ = *port;
  }

  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

  http::response<http::string_body> get(const std::string& target, const std::string& source = "127.0.0.1",
                                        const Headers& headers = {}) {
    auto stream = connect_from(ioc_, port_, source);
    return exchange(*stream, host(), target, headers);
  }

  std::string metrics() { return get("/metrics", "127.0.0.9").body(); }

  std::unique_ptr<Ws> ws(const std::string& path, const std::string& source = "127.0.0.1",
                         const Headers& headers = {}) {
    websocket::response_type res;
    return open_websocket(ioc_, port_, host(), path, res, headers, source);
  }

  asio::io_context ioc_;
  LimitsService service_;
  std::filesystem::path web_;
  std::unique_ptr<HttpServer> server_;
  uint16_t port_ = 0;
};

TEST_F(HttpLimitsTest, AClientOverItsConnectionCapGets429WhileOthersGetIn) {
  start([](ServerOptions& o) { o.limits.per_client_connections = 4; });
  std::vector<std::unique_ptr<beast::tcp_stream>> held;
  for (int i = 0; i < 4; ++i) {  // each answered, so each is counted before the next
    held.push_back(connect_from(ioc_, port_));
    EXPECT_EQ(exchange(*held.back(), host(), "/healthz").result_int(), 200);
  }
  auto over = get("/healthz");
  EXPECT_EQ(over.result_int(), 429);
  EXPECT_EQ(over.body(), R"({"error":"too_many_connections","data":{"kind":"connections","limit":4}})");
  EXPECT_EQ(over[http::field::retry_after], "10");
  // Another client is not affected.
  EXPECT_EQ(get("/healthz", "127.0.0.2").result_int(), 200);
  // One closed, one more may come (the server sees the close a little later).
  held.pop_back();
  EXPECT_TRUE(eventually([&] { return get("/healthz").result_int() == 200; }));
  const std::string text = metrics();
  EXPECT_NE(text.find("tabiya_connections_refused_total{limit=\"client_connections\"} "), std::string::npos) << text;
  EXPECT_EQ(text.find("tabiya_connections_refused_total{limit=\"client_connections\"} 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tabiya_connection_clients "), std::string::npos) << text;
}

TEST_F(HttpLimitsTest, AClientOverItsWebSocketCapGets429) {
  start([](ServerOptions& o) { o.limits.per_client_websockets = 2; });
  auto a = ws("/ws/known");
  auto b = ws("/ws/known");
  ASSERT_TRUE(a && b);
  websocket::response_type res;
  EXPECT_EQ(open_websocket(ioc_, port_, host(), "/ws/known", res), nullptr);
  EXPECT_EQ(res.result_int(), 429);
  EXPECT_EQ(res.body(), R"({"error":"too_many_connections","data":{"kind":"websockets","limit":2}})");
  EXPECT_NE(ws("/ws/known", "127.0.0.2"), nullptr);
  // Plain requests from the same client still pass: the cap is on WebSockets.
  EXPECT_EQ(get("/healthz").result_int(), 200);
  a->close(websocket::close_code::normal);
  // Until the server has seen the close, a new WebSocket is still refused, and counted.
  int refused_while_closing = 0;
  EXPECT_TRUE(eventually([&] {
    if (ws("/ws/known") != nullptr) return true;
    ++refused_while_closing;
    return false;
  }));
  const std::string line = "tabiya_connections_refused_total{limit=\"client_websockets\"} " +
                           std::to_string(1 + refused_while_closing) + "\n";
  EXPECT_NE(metrics().find(line), std::string::npos) << line;
}

TEST_F(HttpLimitsTest, TheLastConnectionsAreKeptForNewVisitors) {
  // 12 in all; from 6 open on, only for clients holding fewer than 2.
  start([](ServerOptions& o) {
    o.limits.max_connections = 12;
    o.limits.visitor_reserve = 6;
    o.limits.reserve_share = 2;
  });
  asio::io_context ioc;
  std::vector<std::unique_ptr<beast::tcp_stream>> held;
  auto hold = [&](const std::string& source) {
    auto stream = connect_from(ioc, port_, source);
    int status = exchange(*stream, host(), "/healthz").result_int();
    if (status == 200) held.push_back(std::move(stream));
    return status;
  };
  for (int i = 0; i < 6; ++i) ASSERT_EQ(hold("127.0.0.1"), 200) << i;
  EXPECT_EQ(hold("127.0.0.1"), 429);  // into the reserve: not for a client holding 6
  for (const char* visitor : {"127.0.0.2", "127.0.0.3"}) {
    EXPECT_EQ(hold(visitor), 200) << visitor;
    EXPECT_EQ(hold(visitor), 200) << visitor;
    EXPECT_EQ(hold(visitor), 429) << visitor;
  }
  EXPECT_EQ(hold("127.0.0.4"), 200);
  EXPECT_EQ(hold("127.0.0.4"), 200);
  // Full: the connection is closed without an answer.
  EXPECT_EQ(hold("127.0.0.5"), 0);
  held.clear();
  EXPECT_TRUE(eventually([&] { return hold("127.0.0.5") == 200; }));
  // Three refused with 429 and one closed, and maybe more while the closes above reached the server.
  const std::string text = metrics();
  const std::string name = "tabiya_connections_refused_total{limit=\"server_full\"} ";
  std::size_t at = text.find(name);
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_GE(std::stoi(text.substr(at + name.size())), 4) << text;
}

TEST_F(HttpLimitsTest, QuietWebSocketsAreClosedButSeatsAreKept) {
  start([](ServerOptions& o) { o.ws_idle_close = std::chrono::milliseconds(300); });
  auto seated = ws("/ws/seated");
  auto quiet = ws("/ws/known");
  auto pongs = ws("/ws/known");
  ASSERT_TRUE(seated && quiet && pongs);
  std::vector<std::string> messages;
  EXPECT_EQ(read_until_closed(*quiet, &messages), int(websocket::close_code::policy_error));
  EXPECT_TRUE(messages.empty());
  EXPECT_EQ(quiet->reason().reason, "idle");
  // Answering pings is not activity.
  std::atomic<bool> closed{false};
  std::thread reader([&] { closed = read_until_closed(*pongs) == int(websocket::close_code::policy_error); });
  for (int i = 0; i < 200 && !closed; ++i) {
    beast::error_code ec;
    pongs->write(asio::buffer(std::string(R"({"t":"pong","n":1})")), ec);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  reader.join();
  EXPECT_TRUE(closed);
  // The seat was asked about and kept, time and again.
  EXPECT_TRUE(eventually([&] { return service_.kept_alive >= 3; }));
  seated->write(asio::buffer(std::string("still here")));
  beast::flat_buffer buffer;
  seated->read(buffer);
  EXPECT_EQ(beast::buffers_to_string(buffer.data()), "still here");
  EXPECT_NE(metrics().find("tabiya_websocket_dropped_total{reason=\"idle\"} 2\n"), std::string::npos);
}

TEST_F(HttpLimitsTest, AWebSocketInUseIsNotIdle) {
  start([](ServerOptions& o) { o.ws_idle_close = std::chrono::milliseconds(1000); });
  auto active = ws("/ws/known");
  ASSERT_TRUE(active);
  // Three times the idle time, a message every 100 ms or so.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(3000);
  int echoed = 0;
  while (std::chrono::steady_clock::now() < until) {
    active->write(asio::buffer(std::string("move")));
    beast::flat_buffer buffer;
    beast::error_code ec;
    active->read(buffer, ec);
    ASSERT_FALSE(ec) << "closed after " << echoed << " echoes: " << ec.message();
    ++echoed;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GE(echoed, 10);
}

TEST_F(HttpLimitsTest, HostMustNameThisServer) {
  start();
  auto stream = connect_from(ioc_, port_);
  auto bad = exchange(*stream, "rebound.example:" + std::to_string(port_), "/api/games");
  EXPECT_EQ(bad.result_int(), 421);
  EXPECT_EQ(bad.body(), R"({"error":"bad_host","data":{"host":"rebound.example:)" + std::to_string(port_) + "\"}}");
  for (std::string name : {"localhost", "127.0.0.1", "[::1]"}) {
    auto s = connect_from(ioc_, port_);
    EXPECT_EQ(exchange(*s, name + ":" + std::to_string(port_), "/healthz").result_int(), 200) << name;
  }
  auto s = connect_from(ioc_, port_);
  EXPECT_EQ(exchange(*s, "localhost:1", "/healthz").result_int(), 421);
  std::lock_guard lock(service_.mutex);
  EXPECT_TRUE(service_.clients.empty());  // the bad one never reached the service
  EXPECT_NE(metrics().find("tabiya_http_bad_host_total 2\n"), std::string::npos);
}

TEST_F(HttpLimitsTest, WebSocketOriginMatchesSchemeHostAndPort) {
  start();
  for (std::string origin : {"https://" + host(), "evil://" + host(), "http://localhost:" + std::to_string(port_)}) {
    websocket::response_type res;
    EXPECT_EQ(open_websocket(ioc_, port_, host(), "/ws/known", res, {{"Origin", origin}}), nullptr) << origin;
    EXPECT_EQ(res.result_int(), 403) << origin;
  }
  EXPECT_NE(ws("/ws/known", "127.0.0.1", {{"Origin", "http://" + host()}}), nullptr);
  EXPECT_NE(ws("/ws/known"), nullptr);  // not a browser: no Origin
}

TEST_F(HttpLimitsTest, APublicUrlIsTheOriginAndTheHostOfItsPages) {
  start([](ServerOptions& o) { o.public_urls = {*parse_public_url("https://chess.example.org")}; });
  websocket::response_type res;
  auto proxied =
      open_websocket(ioc_, port_, "chess.example.org", "/ws/known", res, {{"Origin", "https://chess.example.org"}});
  EXPECT_NE(proxied, nullptr) << res.result_int();
  for (std::string origin :
       {"http://chess.example.org", "https://chess.example.org:8443", "evil://chess.example.org"}) {
    EXPECT_EQ(open_websocket(ioc_, port_, "chess.example.org", "/ws/known", res, {{"Origin", origin}}), nullptr);
    EXPECT_EQ(res.result_int(), 403) << origin;
  }
  auto stream = connect_from(ioc_, port_);
  EXPECT_EQ(exchange(*stream, "chess.example.org", "/healthz").result_int(), 200);
}

TEST_F(HttpLimitsTest, TheClientBehindATrustedProxyIsCountedByItsForwardedAddress) {
  start([](ServerOptions& o) {
    o.trusted_proxies = *TrustedProxies::parse({"127.0.0.5"});
    o.limits.per_client_connections = 2;
    o.limits.per_client_websockets = 1;
  });
  // From the proxy: the forwarded client, right-most untrusted hop.
  get("/api/games", "127.0.0.5", {{"X-Forwarded-For", "6.6.6.6, 203.0.113.9"}});
  // From anyone else: the peer, whatever it claims.
  get("/api/games", "127.0.0.6", {{"X-Forwarded-For", "203.0.113.9"}});
  {
    std::lock_guard lock(service_.mutex);
    EXPECT_EQ(service_.clients, (std::vector<std::string>{"203.0.113.9", "127.0.0.6"}));
  }
  // The proxy's own connections are not capped per client (it carries many); its clients' WebSockets are.
  std::vector<std::unique_ptr<beast::tcp_stream>> held;
  for (int i = 0; i < 4; ++i) {
    held.push_back(connect_from(ioc_, port_, "127.0.0.5"));
    EXPECT_EQ(exchange(*held.back(), host(), "/healthz").result_int(), 200);
  }
  auto first = ws("/ws/known", "127.0.0.5", {{"X-Forwarded-For", "203.0.113.9"}});
  EXPECT_NE(first, nullptr);
  websocket::response_type res;
  EXPECT_EQ(open_websocket(ioc_, port_, host(), "/ws/known", res, {{"X-Forwarded-For", "203.0.113.9"}}, "127.0.0.5"),
            nullptr);
  EXPECT_EQ(res.result_int(), 429);
  EXPECT_NE(ws("/ws/known", "127.0.0.5", {{"X-Forwarded-For", "203.0.113.10"}}), nullptr);
}

}  // namespace
}  // namespace tabiya::server
