// What a relay node passes between a client's socket and the game's owner (owner_relay.h).
#include "server/cluster/owner_relay.h"

#include <gtest/gtest.h>

#include <vector>

namespace tabiya::server::testing {
namespace {

class CollectingPeer final : public Peer {
 public:
  void send(SharedText text) override { texts.push_back(*text); }
  void close(int code, std::string_view reason) override { closes.emplace_back(code, std::string(reason)); }
  std::vector<std::string> texts;
  std::vector<std::pair<int, std::string>> closes;
};

class CollectingLink final : public OwnerLink {
 public:
  const std::string& node() const override { return name; }
  void send_to_node(const std::string& node, std::string payload) override { sent.emplace_back(node, payload); }
  void listen(std::function<void(const std::string&)>, std::function<void()>) override {}
  std::string name = "owner";
  std::vector<std::pair<std::string, std::string>> sent;
};

TEST(RelayMessage, ComesBackAsItWentWithNewlinesInTheText) {
  RelayMessage m{"msg", "node-1", 42, "Xk3p9QaZ", "{\"t\":\"hello\"}\nsecond line\n"};
  auto back = decode_relay_message(encode_relay_message(m));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->kind, "msg");
  EXPECT_EQ(back->from, "node-1");
  EXPECT_EQ(back->conn, 42u);
  EXPECT_EQ(back->game, "Xk3p9QaZ");
  EXPECT_EQ(back->text, m.text);
  EXPECT_FALSE(decode_relay_message("msg\nnode\nnot-a-number\ngame\n"));
  EXPECT_FALSE(decode_relay_message("msg\nnode\n7"));
}

TEST(RemotePeer, SendsToTheRelayNodeAddressedToItsSocket) {
  auto link = std::make_shared<CollectingLink>();
  RemotePeer peer(link, "relay", 9, "game");
  peer.send(share("{\"t\":\"state\"}"));
  peer.close(CLOSE_MOVED, "moved");
  ASSERT_EQ(link->sent.size(), 2u);
  EXPECT_EQ(link->sent[0].first, "relay");
  auto out = decode_relay_message(link->sent[0].second);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->kind, "out");
  EXPECT_EQ(out->from, "owner");
  EXPECT_EQ(out->conn, 9u);
  EXPECT_EQ(out->text, "{\"t\":\"state\"}");
  auto drop = decode_relay_message(link->sent[1].second);
  ASSERT_TRUE(drop);
  EXPECT_EQ(drop->kind, "drop");
  EXPECT_EQ(drop->text, "4001 moved");
}

// Events must follow one another: a number skipped means something the owner sent was lost on the way, and the
// client is made to reconnect and resync instead of showing a game with a hole in it.
TEST(RelaySession, AGapInTheEventNumbersClosesTheSocketForAResync) {
  auto client = std::make_shared<CollectingPeer>();
  RelaySession relay("g", "owner", 1, client, 0);
  EXPECT_TRUE(relay.deliver(R"({"t":"state","seq":5,"game":{}})"));
  EXPECT_TRUE(relay.deliver(R"({"t":"event","seq":6,"e":{"type":"move"}})"));
  EXPECT_TRUE(relay.deliver(R"({"t":"ok","req":3})"));                         // unnumbered
  EXPECT_TRUE(relay.deliver(R"({"t":"event","seq":6,"e":{"type":"move"}})"));  // a resync's replay passes
  EXPECT_TRUE(relay.deliver(R"({"t":"event","seq":7,"req":4,"e":{"type":"move"}})"));
  EXPECT_TRUE(client->closes.empty());
  EXPECT_FALSE(relay.deliver(R"({"t":"event","seq":9,"e":{"type":"move"}})"));
  ASSERT_EQ(client->closes.size(), 1u);
  EXPECT_EQ(client->closes[0], (std::pair<int, std::string>{CLOSE_MOVED, "resync"}));
  EXPECT_EQ(client->texts.size(), 5u);  // the event after the gap never reached the client
  EXPECT_FALSE(relay.deliver(R"({"t":"event","seq":10,"e":{"type":"move"}})"));
  EXPECT_EQ(client->closes.size(), 1u);
}

TEST(RelaySession, AFreshStateStartsTheCountAgain) {
  auto client = std::make_shared<CollectingPeer>();
  RelaySession relay("g", "owner", 1, client, 0);
  EXPECT_TRUE(relay.deliver(R"({"t":"event","seq":3,"e":{}})"));  // the first number seen sets the count
  EXPECT_TRUE(relay.deliver(R"({"t":"state","seq":10,"game":{}})"));
  EXPECT_TRUE(relay.deliver(R"({"t":"event","seq":11,"e":{}})"));
  EXPECT_TRUE(client->closes.empty());
}

}  // namespace
}  // namespace tabiya::server::testing
