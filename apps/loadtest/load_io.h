// What the load generator's clients share (load_test_client.cpp, lobby_load.cpp): the Boost names they use, the
// hand-off to their one io thread, and the loopback address each client connects from.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>

namespace tabiya::loadtest::load_io {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// Runs `f` on the io thread (which owns every client) and waits for it.
template <class F>
void on_io(asio::io_context& io, F f) {
  std::promise<void> done;
  asio::post(io, [&] {
    f();
    done.set_value();
  });
  done.get_future().wait();
}

// 127.BLOCK.I.I for client I: every client comes from an address of its own in 127/8 (all loopback on Linux), so
// to the server they are thousands of visitors, as in real use, not one visitor holding every socket (which the
// per-client limits would refuse). Game clients use the blocks 1..200 (by seed), lobby clients 250.
inline asio::ip::address_v4 loopback_source(uint32_t block, std::size_t index) {
  return asio::ip::address_v4((uint32_t(127) << 24) | ((block & 0xff) << 16) | uint32_t(index & 0xffff));
}

}  // namespace tabiya::loadtest::load_io
