// A chunked answer's pieces (an account's PGN export) are built on the blocking lane, not on a network thread:
// with one network thread and an export whose piece takes long (held by the test), a move on a game's WebSocket
// is still answered at once. Real Beast clients over loopback on a port the OS chose; every wait has a deadline.
#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <future>
#include <mutex>

#include "server/net/http_server.h"
#include "support/network_test_support.h"

namespace tabiya::server::testing {
namespace {

// "/api/export" answers a stream of two pieces whose first one is built only once the test lets it; "/ws/known"
// echoes (a move answered at once).
class SlowExportService final : public Service {
 public:
  struct EchoSession : Session {
    std::shared_ptr<Peer> peer;
  };

  HttpAnswer http(const HttpRequest&) override {
    HttpAnswer answer;
    answer.status = 200;
    answer.content_type = "application/x-chess-pgn";
    auto calls = std::make_shared<int>(0);
    answer.stream = [this, calls]() -> std::optional<std::string> {
      ++*calls;
      if (*calls == 1) {
        std::unique_lock lock(mutex_);
        building_ = true;
        changed_.notify_all();
        // Bounded, so that a server that waits for this piece on its only network thread fails the test instead of
        // hanging it.
        changed_.wait_for(lock, std::chrono::seconds(20), [this] { return released_; });
        returned_ = true;
        return std::string("[Event \"one\"]\n\n1. e4 *\n\n");
      }
      if (*calls == 2) return std::string("[Event \"two\"]\n\n1. d4 *\n\n");
      return std::nullopt;
    };
    return answer;
  }
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override {
    if (path != "/ws/known") return nullptr;
    auto session = std::make_shared<EchoSession>();
    session->peer = std::move(peer);
    return session;
  }
  void message(Session& session, std::string_view text) override {
    static_cast<EchoSession&>(session).peer->send(share(std::string(text)));
  }
  void closed(Session& session) override { static_cast<EchoSession&>(session).peer.reset(); }
  void write_metrics(std::string&) override {}
  void shutdown() override {}

  bool wait_building(std::chrono::seconds deadline) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, deadline, [this] { return building_; });
  }
  // The first piece is being built: asked for, not given back yet.
  bool still_building() {
    std::lock_guard lock(mutex_);
    return building_ && !returned_;
  }
  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool building_ = false, released_ = false, returned_ = false;
};

TEST(ExportOnTheBlockingLane, ASlowExportDoesNotDelayAMoveOnAnotherGame) {
  const auto web = std::filesystem::temp_directory_path() / ("tabiya-export-lane-" + std::to_string(getpid()));
  std::filesystem::create_directories(web);
  std::ofstream(web / "index.html") << "<!doctype html><title>tabiya</title>";
  Result<StaticFiles> files = StaticFiles::load(web);
  ASSERT_TRUE(files.ok()) << files.error().message;
  SlowExportService service;
  ServerOptions options;
  options.port = 0;
  options.threads = 1;  // one network thread: a piece built on it would hold every connection
  auto server = std::make_unique<HttpServer>(service, std::move(*files), options);
  Result<uint16_t> port = server->start();
  ASSERT_TRUE(port.ok()) << port.error().message;
  const std::string host = "127.0.0.1:" + std::to_string(*port);

  // The export, read to its end by a client of its own.
  auto exported = std::async(std::launch::async, [&] {
    asio::io_context ioc;
    auto stream = connect_from(ioc, *port);
    stream->expires_after(std::chrono::seconds(30));
    return exchange(*stream, host, "/api/players/alice/games.pgn");
  });
  ASSERT_TRUE(service.wait_building(std::chrono::seconds(10)));

  // Meanwhile a player's move on a game is answered while the export's piece is still held (Beast's synchronous
  // calls have no deadline: a move that waited for the piece arrives only after the service gave up holding it,
  // 20 s on, and then the piece is no longer being built).
  const auto started = std::chrono::steady_clock::now();
  asio::io_context ioc;
  Ws ws(ioc);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), *port));
  beast::error_code ec;
  ws.handshake(host, "/ws/known", ec);
  ASSERT_FALSE(ec) << ec.message();
  const std::string move = R"({"t":"move","req":1,"uci":"e2e4","ply":0})";
  ws.write(asio::buffer(move), ec);
  ASSERT_FALSE(ec) << ec.message();
  beast::flat_buffer buffer;
  ws.read(buffer, ec);
  ASSERT_FALSE(ec) << "the move waited for the export: " << ec.message();
  EXPECT_EQ(beast::buffers_to_string(buffer.data()), move);
  EXPECT_TRUE(service.still_building());
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));

  // Released, the export is whole: both pieces, in order, chunked.
  service.release();
  ASSERT_EQ(exported.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  http::response<http::string_body> res = exported.get();
  EXPECT_EQ(res.result_int(), 200);
  EXPECT_TRUE(res.chunked());
  EXPECT_EQ(res.body(), "[Event \"one\"]\n\n1. e4 *\n\n[Event \"two\"]\n\n1. d4 *\n\n");
  ws.close(websocket::close_code::normal, ec);
  server.reset();
  std::filesystem::remove_all(web);
}

}  // namespace
}  // namespace tabiya::server::testing
