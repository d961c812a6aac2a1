// The players' names and the tournament a game belongs to (docs/protocol.md,
// POST /api/games "names" and "tournament"; GAME "players".COLOR."name" and
// "tournament"): checked on creation, kept in the stored setup, and read back
// from setups stored before they existed.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "server/games/protocol.h"

namespace tabiya::server {
namespace {

namespace json = boost::json;

std::string field_of(const Result<Setup, ProtocolError>& r) {
  if (r.ok()) return "(accepted)";
  return std::string(r.error().data.at("field").as_string());
}

TEST(GameLabels, NamesAndTournamentAreCheckedAndStored) {
  auto made = parse_create_request(R"({"v":1,"opponent":"invite","names":{"white":"Berg, Alma","black":"Dahl, Bo"},)"
                                   R"("tournament":{"id":"Ab3_-x","name":"Spring Club Championship","round":2}})",
                                   7);
  ASSERT_TRUE(made.ok()) << made.error().detail;
  EXPECT_EQ(made->names[WHITE], "Berg, Alma");
  EXPECT_EQ(made->names[BLACK], "Dahl, Bo");
  EXPECT_EQ(made->tournament_id, "Ab3_-x");
  EXPECT_EQ(made->tournament_name, "Spring Club Championship");
  EXPECT_EQ(made->tournament_round, 2);
  // The stored setup keeps them.
  auto back = setup_from_json(json::serialize(setup_json(*made)));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->names[BLACK], "Dahl, Bo");
  EXPECT_EQ(back->tournament_id, "Ab3_-x");
  EXPECT_EQ(back->tournament_round, 2);
  // A game without them stores none, and a setup stored before they existed reads as none.
  auto plain = parse_create_request(R"({"v":1,"opponent":"hotseat"})", 7);
  ASSERT_TRUE(plain.ok());
  json::object stored = setup_json(*plain);
  EXPECT_FALSE(stored.contains("names"));
  EXPECT_FALSE(stored.contains("tournament"));
  auto old = setup_from_json(json::serialize(stored));
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_TRUE(old->names[WHITE].empty());
  EXPECT_EQ(old->tournament_round, 0);
}

TEST(GameLabels, BadNamesAndTournamentsAreRefusedByField) {
  const std::string head = R"({"v":1,"opponent":"invite",)";
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":"Alma"})", 1)), "names");
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":{"white":""}})", 1)), "names");
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":{"white":"a\nb"}})", 1)), "names");
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":{"black":)" + '"' + std::string(81, 'x') + R"("}})", 1)),
            "names");
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":{"white":7}})", 1)), "names");
  EXPECT_EQ(field_of(parse_create_request(head + R"("tournament":{"id":"a/b","name":"E","round":1}})", 1)),
            "tournament");
  EXPECT_EQ(field_of(parse_create_request(head + R"("tournament":{"id":"ab","name":"E","round":0}})", 1)),
            "tournament");
  EXPECT_EQ(field_of(parse_create_request(head + R"("tournament":{"id":"ab","round":1}})", 1)), "tournament");
  EXPECT_EQ(field_of(parse_create_request(head + R"("tournament":"ab"})", 1)), "tournament");
  // One name alone is fine (the other side shows its colour).
  EXPECT_EQ(field_of(parse_create_request(head + R"("names":{"black":"Dahl, Bo"}})", 1)), "(accepted)");
}

}  // namespace
}  // namespace tabiya::server
