// The network layer against real Beast clients on a loopback port chosen by
// the OS, with a fake service that records what reaches it.
#include "server/net/http_server.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace tabiya::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Echoes messages; "/ws/known" is the only game; "flood-me N" sends N messages of 1 KiB back at once.
class FakeService : public Service {
 public:
  struct FakeSession : Session {
    std::shared_ptr<Peer> peer;
  };

  HttpAnswer http(const HttpRequest& request) override {
    std::lock_guard lock(mutex);
    last_method = request.method;
    last_target = request.target;
    last_body = request.body;
    HttpAnswer answer;
    answer.status = 201;
    answer.body = R"({"id":"known"})";
    answer.headers.emplace_back("Content-Disposition", "attachment; filename=\"game.pgn\"");
    return answer;
  }
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override {
    if (path != "/ws/known") return nullptr;
    auto session = std::make_shared<FakeSession>();
    session->peer = std::move(peer);
    ++opened;
    return session;
  }
  void message(Session& session, std::string_view text) override {
    auto& s = static_cast<FakeSession&>(session);
    if (text.starts_with("flood-me ")) {
      int n = std::stoi(std::string(text.substr(9)));
      for (int i = 0; i < n; ++i) s.peer->send(share(std::string(1024, 'f')));
      return;
    }
    s.peer->send(share(std::string(text)));
  }
  void closed(Session& session) override {
    static_cast<FakeSession&>(session).peer.reset();
    ++closed_count;
  }
  void write_metrics(std::string& out) override { out += "# TYPE fake_games gauge\nfake_games 7\n"; }
  void shutdown() override { ++shutdowns; }

  std::mutex mutex;
  std::string last_method, last_target, last_body;
  std::atomic<int> opened{0}, closed_count{0}, shutdowns{0};
};

// `name{label="value",...} number`, as the Prometheus text format writes a sample (no std::regex: GCC 12 warns
// inside it under the sanitizers).
bool prometheus_sample(std::string_view line) {
  auto name_char = [](char c, bool first) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':' ||
           (!first && std::isdigit(static_cast<unsigned char>(c)));
  };
  std::size_t i = 0;
  while (i < line.size() && name_char(line[i], i == 0)) ++i;
  if (i == 0) return false;
  if (i < line.size() && line[i] == '{') {
    ++i;
    for (;;) {
      std::size_t start = i;
      while (i < line.size() && name_char(line[i], i == start)) ++i;
      if (i == start || line.substr(i, 2) != "=\"") return false;
      std::size_t close = line.find('"', i + 2);
      if (close == std::string_view::npos) return false;
      i = close + 1;
      if (i < line.size() && line[i] == ',') {
        ++i;
        continue;
      }
      if (i >= line.size() || line[i] != '}') return false;
      ++i;
      break;
    }
  }
  if (i >= line.size() || line[i] != ' ') return false;
  std::string_view value = line.substr(i + 1);
  return !value.empty() && value.find_first_not_of("-0123456789.e+") == std::string_view::npos;
}

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    web_ = std::filesystem::temp_directory_path() / ("tabiya-web-" + std::to_string(getpid()));
    std::filesystem::create_directories(web_ / "assets");
    std::ofstream(web_ / "index.html") << "<!doctype html><title>tabiya</title>";
    script_ = "export const board = '" + std::string(3000, 'b') + "';\n";
    std::ofstream(web_ / "assets" / "app-3f9a.js") << script_;
    Result<StaticFiles> files = StaticFiles::load(web_);
    ASSERT_TRUE(files.ok()) << files.error().message;
    ServerOptions options;
    options.port = 0;
    options.threads = 2;
    options.ws_queue_limit = 64 * 1024;
    options.shutdown_grace = std::chrono::milliseconds(2000);
    server_ = std::make_unique<HttpServer>(service_, std::move(*files), options);
    Result<uint16_t> port = server_->start();
    ASSERT_TRUE(port.ok()) << port.error().message;
    port_ = *port;
    ASSERT_NE(port_, 0);
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(web_);
  }

  http::response<http::string_body> request(http::verb verb, std::string target,
                                            std::vector<std::pair<std::string, std::string>> headers = {},
                                            std::string body = "") {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    stream.expires_after(std::chrono::seconds(5));
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, host());
    for (auto& [name, value] : headers) req.set(name, value);
    req.body() = std::move(body);
    if (verb != http::verb::get) req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    return res;
  }

  std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

  using Ws = websocket::stream<beast::tcp_stream>;
  // Connects a WebSocket to `path`, with an Origin header when `origin` is not empty.
  std::unique_ptr<Ws> websocket(asio::io_context& ioc, const std::string& path, const std::string& origin = "") {
    auto ws = std::make_unique<Ws>(ioc);
    beast::get_lowest_layer(*ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(10));
    if (!origin.empty()) {
      ws->set_option(websocket::stream_base::decorator(
          [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
    }
    ws->handshake(host(), path);
    return ws;
  }

  static std::string read_text(Ws& ws) {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }

  // Reads until the server closes; the close code it sent.
  static int read_until_closed(Ws& ws, std::vector<std::string>* messages = nullptr) {
    for (;;) {
      beast::flat_buffer buffer;
      beast::error_code ec;
      ws.read(buffer, ec);
      if (ec == websocket::error::closed) return ws.reason().code;
      if (ec) return -1;
      if (messages) messages->push_back(beast::buffers_to_string(buffer.data()));
    }
  }

  bool eventually(const std::function<bool()>& condition) {
    for (int i = 0; i < 500; ++i) {
      if (condition()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }

  FakeService service_;
  std::filesystem::path web_;
  std::string script_;
  std::unique_ptr<HttpServer> server_;
  uint16_t port_ = 0;
};

TEST_F(HttpServerTest, ServesTheAppAtTheRootAndAtGameLinksWithSecurityHeaders) {
  for (std::string target : {"/", "/g/Xk3p9QaZ", "/?x=1"}) {
    auto res = request(http::verb::get, target);
    EXPECT_EQ(res.result_int(), 200) << target;
    EXPECT_EQ(res[http::field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(res[http::field::cache_control], "no-cache");
    EXPECT_EQ(res.body(), "<!doctype html><title>tabiya</title>");
    std::string csp(res["Content-Security-Policy"]);
    EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("img-src 'self' data:"), std::string::npos) << csp;
    EXPECT_NE(csp.find("connect-src 'self' ws://" + host()), std::string::npos) << csp;
    EXPECT_EQ(res["X-Content-Type-Options"], "nosniff");
    EXPECT_EQ(res["Referrer-Policy"], "no-referrer");
  }
}

TEST_F(HttpServerTest, AssetsAreImmutableAndGzippedWhenAccepted) {
  auto plain = request(http::verb::get, "/assets/app-3f9a.js");
  EXPECT_EQ(plain.result_int(), 200);
  EXPECT_EQ(plain[http::field::content_type], "text/javascript; charset=utf-8");
  EXPECT_EQ(plain[http::field::cache_control], "public, max-age=31536000, immutable");
  EXPECT_EQ(plain[http::field::content_encoding], "");
  EXPECT_EQ(plain.body(), script_);

  auto gz = request(http::verb::get, "/assets/app-3f9a.js", {{"Accept-Encoding", "gzip, deflate, br"}});
  EXPECT_EQ(gz.result_int(), 200);
  EXPECT_EQ(gz[http::field::content_encoding], "gzip");
  EXPECT_EQ(gz[http::field::vary], "Accept-Encoding");
  EXPECT_EQ(gz.body(), gzip_compress(script_));
  EXPECT_LT(gz.body().size(), script_.size() / 4);

  auto refused = request(http::verb::get, "/assets/app-3f9a.js", {{"Accept-Encoding", "gzip;q=0"}});
  EXPECT_EQ(refused[http::field::content_encoding], "");

  auto revalidated = request(http::verb::get, "/assets/app-3f9a.js", {{"If-None-Match", std::string(plain["ETag"])}});
  EXPECT_EQ(revalidated.result_int(), 304);
  EXPECT_TRUE(revalidated.body().empty());
}

TEST_F(HttpServerTest, HeadGivesTheHeadersOfGetWithoutTheBody) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  stream.expires_after(std::chrono::seconds(5));
  for (int i = 0; i < 2; ++i) {  // twice on one keep-alive connection: no stray body between the answers
    http::request<http::empty_body> req{http::verb::head, "/assets/app-3f9a.js", 11};
    req.set(http::field::host, host());
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::empty_body> parser;
    parser.skip(true);  // a HEAD answer has no body whatever its Content-Length
    http::read(stream, buffer, parser);
    EXPECT_EQ(parser.get().result_int(), 200);
    EXPECT_EQ(parser.get()[http::field::content_length], std::to_string(script_.size()));
    EXPECT_EQ(parser.get()[http::field::cache_control], "public, max-age=31536000, immutable");
  }
}

TEST_F(HttpServerTest, UnknownPathsAreJson404s) {
  for (std::string target : {"/nope", "/assets/missing.js", "/assets/../index.html", "/g/a/b", "/index.html/x"}) {
    auto res = request(http::verb::get, target);
    EXPECT_EQ(res.result_int(), 404) << target;
    EXPECT_EQ(res.body(), R"({"error":"not_found","data":{}})") << target;
    EXPECT_EQ(res["X-Content-Type-Options"], "nosniff");
  }
  EXPECT_EQ(request(http::verb::post, "/").result_int(), 405);
  EXPECT_EQ(request(http::verb::get, "/ws/known").result_int(), 426);  // a WebSocket path without the upgrade
}

TEST_F(HttpServerTest, ApiRequestsReachTheService) {
  auto res = request(http::verb::post, "/api/games?x=1", {{"Content-Type", "application/json"}}, R"({"v":1})");
  EXPECT_EQ(res.result_int(), 201);
  EXPECT_EQ(res.body(), R"({"id":"known"})");
  EXPECT_EQ(res[http::field::content_type], "application/json");
  EXPECT_EQ(res["Content-Disposition"], "attachment; filename=\"game.pgn\"");
  EXPECT_NE(res["Content-Security-Policy"], "");
  std::lock_guard lock(service_.mutex);
  EXPECT_EQ(service_.last_method, "POST");
  EXPECT_EQ(service_.last_target, "/api/games?x=1");
  EXPECT_EQ(service_.last_body, R"({"v":1})");
}

TEST_F(HttpServerTest, BodiesOverSixtyFourKibAreRefusedWith413) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  stream.expires_after(std::chrono::seconds(5));
  // The header announces the size; the server answers before the body is sent.
  std::string head = "POST /api/games HTTP/1.1\r\nHost: " + host() + "\r\nContent-Length: 70000\r\n\r\n";
  asio::write(stream, asio::buffer(head));
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  EXPECT_EQ(res.result_int(), 413);
  EXPECT_EQ(res.body(), R"({"error":"too_large","data":{"limit":65536}})");
  std::lock_guard lock(service_.mutex);
  EXPECT_EQ(service_.last_method, "");  // never reached the service
}

// RFC 9112 3.2: a server answers 400 to an HTTP/1.1 request that lacks a Host header; HTTP/1.0 requests need none.
TEST_F(HttpServerTest, AnHttp11RequestWithoutHostIsABadRequest) {
  auto exchange = [&](const std::string& head) {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    stream.expires_after(std::chrono::seconds(5));
    asio::write(stream, asio::buffer(head));
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    return res;
  };
  auto missing = exchange("GET /healthz HTTP/1.1\r\n\r\n");
  EXPECT_EQ(missing.result_int(), 400);
  EXPECT_EQ(missing.body(),
            R"({"error":"bad_request","data":{"header":"Host","expected":"a Host header, required in HTTP/1.1"}})");
  EXPECT_EQ(exchange("GET /healthz HTTP/1.1\r\nHost: " + host() + "\r\n\r\n").result_int(), 200);
  EXPECT_EQ(exchange("GET /healthz HTTP/1.0\r\n\r\n").result_int(), 200);
}

TEST_F(HttpServerTest, HealthzAndMetrics) {
  auto health = request(http::verb::get, "/healthz");
  EXPECT_EQ(health.result_int(), 200);
  EXPECT_EQ(health.body(), "ok\n");

  asio::io_context ioc;
  auto ws = websocket(ioc, "/ws/known");
  ws->write(asio::buffer(std::string("hello")));
  EXPECT_EQ(read_text(*ws), "hello");

  auto metrics = request(http::verb::get, "/metrics");
  EXPECT_EQ(metrics.result_int(), 200);
  EXPECT_EQ(metrics[http::field::content_type], "text/plain; version=0.0.4; charset=utf-8");
  const std::string& text = metrics.body();
  EXPECT_NE(text.find("# TYPE tabiya_sockets_open gauge\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tabiya_sockets_open{kind=\"websocket\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tabiya_websocket_messages_total{direction=\"in\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tabiya_http_requests_total "), std::string::npos) << text;
  EXPECT_NE(text.find("fake_games 7\n"), std::string::npos) << text;
  // Every line is a comment or `name{labels} value` (the Prometheus text format).
  std::istringstream lines(text);
  std::string line;
  int samples = 0;
  while (std::getline(lines, line)) {
    if (line.starts_with("# HELP ") || line.starts_with("# TYPE ")) continue;
    EXPECT_TRUE(prometheus_sample(line)) << line;
    ++samples;
  }
  EXPECT_GT(samples, 10);
}

TEST_F(HttpServerTest, WebSocketOriginMustBeThisHost) {
  asio::io_context ioc;
  EXPECT_THROW(websocket(ioc, "/ws/known", "http://evil.example"), beast::system_error);
  EXPECT_THROW(websocket(ioc, "/ws/known", "null"), beast::system_error);
  EXPECT_EQ(service_.opened, 0);
  auto same = websocket(ioc, "/ws/known", "http://" + host());
  auto none = websocket(ioc, "/ws/known");  // not a browser
  EXPECT_EQ(service_.opened, 2);
  auto metrics = request(http::verb::get, "/metrics").body();
  EXPECT_NE(metrics.find("tabiya_websocket_upgrades_total{result=\"bad_origin\"} 2\n"), std::string::npos);
}

TEST_F(HttpServerTest, UnknownGameIsRefusedBeforeTheUpgrade) {
  asio::io_context ioc;
  Ws ws(ioc);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, host(), "/ws/unknown", ec);
  EXPECT_TRUE(ec);
  EXPECT_EQ(res.result_int(), 404);
  EXPECT_EQ(res.body(), R"({"error":"unknown_game","data":{"id":"unknown"}})");
}

TEST_F(HttpServerTest, MessagesUpToFourKibPassAndLargerOnesAreRefusedThenClosed) {
  asio::io_context ioc;
  auto ws = websocket(ioc, "/ws/known");
  std::string fits(4096, 'a');
  ws->write(asio::buffer(fits));
  EXPECT_EQ(read_text(*ws), fits);
  ws->write(asio::buffer(std::string(4097, 'b')));
  std::vector<std::string> messages;
  EXPECT_EQ(read_until_closed(*ws, &messages), static_cast<int>(websocket::close_code::too_big));
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0], R"({"t":"error","code":"too_large","data":{"limit":4096}})");
  EXPECT_TRUE(eventually([&] { return service_.closed_count == 1; }));
}

TEST_F(HttpServerTest, AFloodIsThrottledThenDisconnectedWith1008) {
  asio::io_context ioc;
  auto ws = websocket(ioc, "/ws/known");
  beast::error_code ec;
  for (int i = 0; i < 200 && !ec; ++i) ws->write(asio::buffer("m" + std::to_string(i)), ec);
  std::vector<std::string> messages;
  EXPECT_EQ(read_until_closed(*ws, &messages), static_cast<int>(websocket::close_code::policy_error));
  int echoed = 0, limited = 0;
  for (const std::string& m : messages) {
    if (m.starts_with("m")) ++echoed;
    if (m.starts_with(R"({"t":"error","code":"rate_limited","data":{"retry_ms":)")) ++limited;
  }
  // The burst of 60 passes; the bucket refills at 20 a second while the 200 are sent, so a slow
  // (sanitizer) run may let a few more through before the refusals use up the strikes.
  EXPECT_GE(echoed, 60);
  EXPECT_LE(echoed, 80);
  EXPECT_GE(limited, 1);
  EXPECT_EQ(messages.size(), static_cast<std::size_t>(echoed + limited));
  // Another connection is not affected.
  auto other = websocket(ioc, "/ws/known");
  other->write(asio::buffer(std::string("still here")));
  EXPECT_EQ(read_text(*other), "still here");
}

TEST_F(HttpServerTest, ASlowReaderIsDroppedWithoutHoldingOthers) {
  asio::io_context ioc;
  auto slow = websocket(ioc, "/ws/known");
  slow->write(asio::buffer(std::string("flood-me 20000")));  // 20 MB that it never reads
  EXPECT_TRUE(eventually([&] { return service_.closed_count == 1; }));
  auto other = websocket(ioc, "/ws/known");
  other->write(asio::buffer(std::string("fine")));
  EXPECT_EQ(read_text(*other), "fine");
  auto metrics = request(http::verb::get, "/metrics").body();
  EXPECT_NE(metrics.find("tabiya_websocket_dropped_total{reason=\"slow_reader\"} 1\n"), std::string::npos) << metrics;
}

TEST_F(HttpServerTest, StopClosesWebSocketsWith1001AfterTheServiceShutsDown) {
  asio::io_context ioc;
  auto a = websocket(ioc, "/ws/known");
  auto b = websocket(ioc, "/ws/known");
  // An echo on each shows the server has taken both in (the client sees the
  // handshake's answer before the server's session is registered, and a
  // session not yet registered is cut, not closed with 1001).
  a->write(asio::buffer(std::string("x")));
  EXPECT_EQ(read_text(*a), "x");
  b->write(asio::buffer(std::string("y")));
  EXPECT_EQ(read_text(*b), "y");
  int code_a = 0, code_b = 0;
  std::thread reader([&] {
    code_a = read_until_closed(*a);
    code_b = read_until_closed(*b);
  });
  server_->stop();
  reader.join();
  EXPECT_EQ(code_a, static_cast<int>(websocket::close_code::going_away));
  EXPECT_EQ(code_b, static_cast<int>(websocket::close_code::going_away));
  EXPECT_EQ(service_.shutdowns, 1);
  EXPECT_EQ(service_.closed_count, 2);
  // Nothing listens any more.
  asio::io_context fresh;
  tcp::socket socket(fresh);
  beast::error_code ec;
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_), ec);
  EXPECT_TRUE(ec);
}

}  // namespace
}  // namespace tabiya::server
