// Sockets on one node for games another node owns. The owner runs the game; a relay holds the
// client's socket, forwards what the client says to the owner's inbox and what the owner answers to the client.
// The owner treats the client as one of its own sessions through a RemotePeer, so seat tokens, limits and replies
// are the owner's as for any socket: the relay never decides anything about the game.
//
// What travels between them (OwnerLink payloads): one line each of kind, sender node, connection number and game,
// then the text. Relay to owner: `open` (a socket), `msg` (a client message), `close` (the socket closed). Owner to
// relay: `out` (a text for the client), `drop` (close the socket; the text is "CODE reason").
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/base/service.h"
#include "server/cluster/owner_link.h"

namespace tabiya::server {

// The WebSocket close code for "this game is run by another node now" (its lease moved, or a relay lost track):
// the client reconnects (to any node) and resyncs (docs/protocol.md).
inline constexpr int CLOSE_MOVED = 4001;

struct RelayMessage {
  std::string kind;   // open, msg, close, out, drop
  std::string from;   // the sending node
  uint64_t conn = 0;  // the relay's number for the client's socket
  std::string game;
  std::string text;
};

std::string encode_relay_message(const RelayMessage& m);
// nullopt: not a relay message (malformed).
std::optional<RelayMessage> decode_relay_message(const std::string& payload);

// The owner's stand-in for a socket held by another node.
class RemotePeer final : public Peer {
 public:
  RemotePeer(std::shared_ptr<OwnerLink> link, std::string relay, uint64_t conn, std::string game)
      : link_(std::move(link)), relay_(std::move(relay)), conn_(conn), game_(std::move(game)) {}
  void send(SharedText text) override;
  void close(int code, std::string_view reason) override;
  const std::string& relay() const { return relay_; }
  uint64_t conn() const { return conn_; }

 private:
  std::shared_ptr<OwnerLink> link_;
  const std::string relay_;
  const uint64_t conn_;
  const std::string game_;
};

// A client's socket on a relay.
class RelaySession final : public Session {
 public:
  RelaySession(std::string game, std::string owner, uint64_t conn, std::shared_ptr<Peer> peer, int64_t opened_ms)
      : game(std::move(game)), owner(std::move(owner)), conn(conn), peer(std::move(peer)), opened_ms(opened_ms) {}
  const std::string game;
  const std::string owner;
  const uint64_t conn;
  const std::shared_ptr<Peer> peer;
  const int64_t opened_ms;         // wall time
  std::atomic<bool> heard{false};  // the owner has answered at least once
  bool over = false;               // the game is stored as over: its owner let the lease go and still serves it

  // Passes the owner's text on. An event numbered past the next one means something was lost on the way: the
  // socket is closed with CLOSE_MOVED (reason `resync`) and the client reconnects and resyncs. False then.
  bool deliver(const std::string& text);
  // Closes the client's socket (once).
  void close(int code, std::string_view reason);
  bool closing() const { return closing_.load(); }

 private:
  std::mutex mutex_;
  int64_t last_seq_ = -1;  // the last event number passed on (a state sets it)
  std::atomic<bool> closing_{false};
};

}  // namespace tabiya::server
