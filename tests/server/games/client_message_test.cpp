// Typed client messages (server/games/client_message.h): each message type is read
// into its struct, and every refusal names the field at fault.
#include "server/games/client_message.h"

#include <gtest/gtest.h>

#include <string>

namespace tabiya::server {
namespace {

ClientRequest parsed(const std::string& text) {
  auto r = parse_client_message(text);
  EXPECT_TRUE(r) << text << ": " << (r ? "" : r.error().error.code);
  return r ? *r : ClientRequest{};
}

ClientMessageError refused(const std::string& text) {
  auto r = parse_client_message(text);
  EXPECT_FALSE(r) << text;
  return r ? ClientMessageError{} : r.error();
}

std::string field(const ClientMessageError& e) {
  auto it = e.error.data.find("field");
  return it == e.error.data.end() ? std::string() : std::string(it->value().as_string());
}

TEST(ClientMessage, EachTypeIsReadIntoItsStruct) {
  auto hello = parsed(R"({"t":"hello","v":1,"seats":["abc",7],"since":3})");
  ASSERT_TRUE(std::holds_alternative<HelloMessage>(hello.message));
  EXPECT_EQ(std::get<HelloMessage>(hello.message).seats, (std::vector<std::string>{"abc", ""}));

  auto move = parsed(R"({"t":"move","req":4,"uci":"e2e4","ply":0})");
  EXPECT_EQ(move.req, 4);
  const auto& m = std::get<MoveMessage>(move.message);
  EXPECT_EQ(m.uci, "e2e4");
  EXPECT_FALSE(m.text);
  EXPECT_EQ(m.ply, 0);

  auto typed = parsed(R"({"t":"move","req":5,"text":"Sf3","lang":"de"})");
  const auto& t = std::get<MoveMessage>(typed.message);
  EXPECT_EQ(t.text, "Sf3");
  EXPECT_EQ(t.language, Language::DE);
  EXPECT_TRUE(t.uci.empty());
  EXPECT_FALSE(t.ply);

  auto english = parsed(R"({"t":"move","text":"Nf3"})");
  EXPECT_EQ(std::get<MoveMessage>(english.message).language, Language::EN);

  auto draw = parsed(R"({"t":"draw","req":1,"action":"accept","color":"black"})");
  const auto& d = std::get<OfferMessage>(draw.message);
  EXPECT_EQ(d.kind, OfferKind::DRAW);
  EXPECT_EQ(d.action, OfferAnswer::ACCEPT);
  EXPECT_EQ(d.color, BLACK);

  auto takeback = parsed(R"({"t":"takeback","action":"offer"})");
  EXPECT_EQ(std::get<OfferMessage>(takeback.message).kind, OfferKind::TAKEBACK);
  EXPECT_FALSE(std::get<OfferMessage>(takeback.message).color);

  auto claim = parsed(R"({"t":"claim","ground":"fifty","uci":"g1f3"})");
  EXPECT_EQ(std::get<ClaimMessage>(claim.message).ground, ClaimGround::FIFTY_MOVES);
  EXPECT_EQ(std::get<ClaimMessage>(claim.message).uci, "g1f3");
  auto typed_claim = parsed(R"({"t":"claim","ground":"threefold","text":"Sf3","lang":"pl"})");
  EXPECT_EQ(std::get<ClaimMessage>(typed_claim.message).text, "Sf3");
  EXPECT_EQ(std::get<ClaimMessage>(typed_claim.message).language, Language::PL);
  EXPECT_TRUE(std::get<ClaimMessage>(typed_claim.message).uci.empty());

  EXPECT_EQ(std::get<ResignMessage>(parsed(R"({"t":"resign","color":"white"})").message).color, WHITE);
  EXPECT_EQ(std::get<ResyncMessage>(parsed(R"({"t":"resync","since":12})").message).since, 12);
  EXPECT_EQ(std::get<PongMessage>(parsed(R"({"t":"pong","n":3})").message).n, 3);
}

TEST(ClientMessage, EachRefusalNamesItsField) {
  struct Case {
    std::string text, field;
  };
  const Case cases[] = {
      {R"({"t":"hello"})", "v"},
      {R"({"t":"hello","v":1,"seats":"abc"})", "seats"},
      {R"({"t":"pong","n":"x"})", "n"},
      {R"({"t":"resync"})", "since"},
      {R"({"t":"move","req":1})", "uci"},
      {R"({"t":"move","uci":5})", "uci"},
      {R"({"t":"move","text":5})", "text"},
      {R"({"t":"move","text":"e4","uci":"e2e4"})", "text"},
      {R"({"t":"move","text":"e4","lang":"xx"})", "lang"},
      {R"({"t":"move","uci":"e2e4","ply":"one"})", "ply"},
      {R"({"t":"draw","action":"maybe"})", "action"},
      {R"({"t":"takeback","action":"offer","color":"green"})", "color"},
      {R"({"t":"claim","ground":"boredom"})", "ground"},
      {R"({"t":"claim","ground":"fifty","uci":1})", "uci"},
      {R"({"t":"claim","ground":"fifty","text":1})", "text"},
      {R"({"t":"claim","ground":"fifty","text":"Nf3","uci":"g1f3"})", "text"},
      {R"({"t":"claim","ground":"fifty","text":"Nf3","lang":"xx"})", "lang"},
      {R"({"t":"resign","color":3})", "color"},
      {R"({"t":"move","req":"one","uci":"e2e4"})", "req"},
      {R"({"req":1})", "t"},
      {R"([1,2])", ""},
  };
  for (const Case& c : cases) {
    ClientMessageError e = refused(c.text);
    EXPECT_EQ(e.error.code, "bad_message") << c.text;
    EXPECT_EQ(field(e), c.field) << c.text;
    EXPECT_TRUE(e.error.data.contains("expected")) << c.text;
  }
}

TEST(ClientMessage, RefusalsKeepTheRequestNumberExceptForHello) {
  ClientMessageError move = refused(R"({"t":"move","req":9,"uci":1})");
  EXPECT_EQ(move.req, 9);
  EXPECT_EQ(move.type, "move");
  ClientMessageError hello = refused(R"({"t":"hello","req":9})");
  EXPECT_FALSE(hello.req);
  EXPECT_EQ(hello.type, "hello");
  ClientMessageError bad_req = refused(R"({"t":"move","req":1.5,"uci":"e2e4"})");
  EXPECT_FALSE(bad_req.req);
  ClientMessageError no_type = refused(R"({"req":3})");
  EXPECT_EQ(no_type.req, 3);
  EXPECT_TRUE(no_type.type.empty());
}

TEST(ClientMessage, OtherRefusals) {
  ClientMessageError json = refused(R"({"t":"move",)");
  EXPECT_EQ(json.error.code, "bad_json");
  EXPECT_EQ(json.error.data.at("position").as_uint64(), 12u);  // all it read

  ClientMessageError unknown = refused(R"({"t":"dance","req":2})");
  EXPECT_EQ(unknown.error.code, "unknown_type");
  EXPECT_EQ(unknown.error.data.at("t").as_string(), "dance");
  EXPECT_EQ(unknown.req, 2);

  ClientMessageError version = refused(R"({"t":"hello","v":2})");
  EXPECT_EQ(version.error.code, "unsupported_version");
  EXPECT_EQ(version.error.data.at("supported").as_array().at(0).as_int64(), PROTOCOL_VERSION);

  ClientMessageError large = refused(std::string(MAX_CLIENT_MESSAGE_BYTES + 1, ' '));
  EXPECT_EQ(large.error.code, "too_large");
  EXPECT_EQ(large.error.data.at("limit").as_uint64(), MAX_CLIENT_MESSAGE_BYTES);
}

}  // namespace
}  // namespace tabiya::server
