// Clients for the network-layer tests: HTTP requests and WebSockets over
// loopback, from a chosen source address (127.0.0.1, 127.0.0.2, ...: on Linux
// all of 127/8 is loopback, so each stands for another client), with
// deadlines on every wait.
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace tabiya::server::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Ws = websocket::stream<beast::tcp_stream>;
using Headers = std::vector<std::pair<std::string, std::string>>;

// A TCP stream to the server's port from `source` (an address of 127/8).
inline std::unique_ptr<beast::tcp_stream> connect_from(asio::io_context& ioc, uint16_t port,
                                                       const std::string& source = "127.0.0.1") {
  auto stream = std::make_unique<beast::tcp_stream>(ioc);
  tcp::socket& socket = stream->socket();
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(asio::ip::make_address(source), 0));
  stream->expires_after(std::chrono::seconds(10));
  stream->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  return stream;
}

// One request on `stream` (kept open when the answer allows); a failed read gives result 0.
inline http::response<http::string_body> exchange(beast::tcp_stream& stream, const std::string& host,
                                                  const std::string& target, const Headers& headers = {},
                                                  http::verb verb = http::verb::get, const std::string& body = "") {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, host);
  for (auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  if (verb != http::verb::get) req.prepare_payload();
  stream.expires_after(std::chrono::seconds(10));
  beast::error_code ec;
  http::write(stream, req, ec);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  if (!ec) http::read(stream, buffer, res, ec);
  if (ec) res.result(0);
  return res;
}

// A WebSocket handshake from `source`; the server's answer is in `res` (101 when it succeeded).
inline std::unique_ptr<Ws> open_websocket(asio::io_context& ioc, uint16_t port, const std::string& host,
                                          const std::string& path, websocket::response_type& res,
                                          const Headers& headers = {}, const std::string& source = "127.0.0.1") {
  auto stream = connect_from(ioc, port, source);
  auto ws = std::make_unique<Ws>(std::move(*stream));
  if (!headers.empty()) {
    ws->set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
      for (auto& [name, value] : headers) req.set(name, value);
    }));
  }
  beast::error_code ec;
  ws->handshake(res, host, path, ec);
  if (ec) return nullptr;
  return ws;
}

// Reads until the server closes; the close code it sent (-1: the connection broke or the deadline passed).
inline int read_until_closed(Ws& ws, std::vector<std::string>* messages = nullptr,
                             std::chrono::seconds deadline = std::chrono::seconds(10)) {
  beast::get_lowest_layer(ws).expires_after(deadline);
  for (;;) {
    beast::flat_buffer buffer;
    beast::error_code ec;
    ws.read(buffer, ec);
    if (ec == websocket::error::closed) return ws.reason().code;
    if (ec) return -1;
    if (messages) messages->push_back(beast::buffers_to_string(buffer.data()));
  }
}

// Polls `condition` until it holds or `deadline` passes.
inline bool eventually(const std::function<bool()>& condition,
                       std::chrono::milliseconds deadline = std::chrono::seconds(10)) {
  const auto end = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < end) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return condition();
}

}  // namespace tabiya::server::testing
