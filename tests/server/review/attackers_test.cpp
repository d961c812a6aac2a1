// POST /api/position/attackers (docs/protocol.md, "Analysis board"): the pieces of each colour bearing on a
// square, which the blind mode speaks as what attacks and what defends it. Positions worked by hand.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "server/review/analysis_routes.h"

namespace tabiya::server {
namespace {
namespace json = boost::json;

json::object ask(const std::string& fen, const std::string& square) {
  HttpAnswer a = attackers_answer(json::serialize(json::object{{"fen", fen}, {"square", square}}));
  EXPECT_EQ(a.status, 200) << a.body;
  return json::parse(a.body).as_object();
}

std::string side(const json::object& answer, const char* color) { return json::serialize(answer.at(color)); }

// 1. e4 e5 2. Nf3 Nc6: the knight on f3 hits e5 and d4; c6 guards e5 and d4; the pawn on e5 hits d4 and f4.
// The queen on d8 and bishop on f8 look along e7 but reach neither square; d1 is shut in by d2. On a3 the
// knight on b1 and the pawn on b2 meet the bishop on f8, whose diagonal ...e5 opened.
TEST(PositionAttackers, BothSidesOnAnOccupiedAndAnEmptySquare) {
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  json::object e5 = ask(fen, "e5");
  EXPECT_EQ(json::serialize(e5.at("square")), "\"e5\"");
  EXPECT_EQ(side(e5, "white"), R"(["f3"])");
  EXPECT_EQ(side(e5, "black"), R"(["c6"])");
  json::object d4 = ask(fen, "d4");
  EXPECT_EQ(side(d4, "white"), R"(["f3"])");
  EXPECT_EQ(side(d4, "black"), R"(["c6","e5"])");
  json::object a3 = ask(fen, "a3");
  EXPECT_EQ(side(a3, "white"), R"(["b1","b2"])") << "the knight on b1 and the pawn on b2; a2 only pushes";
  EXPECT_EQ(side(a3, "black"), R"(["f8"])") << "the bishop on f8 sees a3 through e7, d6, c5 and b4";
}

// White: king e1, rook e2; Black: king h8, rook e8. The rook on e2 is pinned to its king yet still bears on d2
// and on e1 (it defends its king's square); the black rook sees e3..e7 but not past the white rook.
TEST(PositionAttackers, APinnedPieceStillBearsAndSlidersStopAtTheFirstPiece) {
  const std::string fen = "4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1";
  json::object d2 = ask(fen, "d2");
  EXPECT_EQ(side(d2, "white"), R"(["e1","e2"])");
  EXPECT_EQ(side(d2, "black"), "[]");
  json::object e5 = ask(fen, "e5");
  EXPECT_EQ(side(e5, "white"), R"(["e2"])");
  EXPECT_EQ(side(e5, "black"), R"(["e8"])");
  json::object e1 = ask(fen, "e1");
  EXPECT_EQ(side(e1, "white"), R"(["e2"])");
  EXPECT_EQ(side(e1, "black"), "[]") << "the rook on e8 is blocked by e2";
  json::object g7 = ask(fen, "g7");
  EXPECT_EQ(side(g7, "white"), "[]");
  EXPECT_EQ(side(g7, "black"), R"(["h8"])");
}

// Pawns take diagonally forward only: d4 takes on e5 and c5, e4 on d5 and f5; the black pawns on f6 and e5
// take downwards (f6 on e5 and g5, e5 on d4 and f4).
TEST(PositionAttackers, PawnsBearDiagonallyForward) {
  const std::string fen = "4k3/8/5p2/4p3/3PP3/8/8/4K3 w - - 0 1";
  json::object e5 = ask(fen, "e5");
  EXPECT_EQ(side(e5, "white"), R"(["d4"])");
  EXPECT_EQ(side(e5, "black"), R"(["f6"])");
  json::object d5 = ask(fen, "d5");
  EXPECT_EQ(side(d5, "white"), R"(["e4"])");
  EXPECT_EQ(side(d5, "black"), "[]");
  json::object f4 = ask(fen, "f4");
  EXPECT_EQ(side(f4, "white"), "[]");
  EXPECT_EQ(side(f4, "black"), R"(["e5"])");
}

TEST(PositionAttackers, ABadSquareOrFenIsRefusedNamingTheField) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  for (const char* square : {"i1", "e9", "e", "e44", "E4"}) {
    HttpAnswer a = attackers_answer(json::serialize(json::object{{"fen", fen}, {"square", square}}));
    EXPECT_EQ(a.status, 400) << square;
    EXPECT_NE(a.body.find(R"("field":"square")"), std::string::npos) << a.body;
  }
  HttpAnswer no_square = attackers_answer(json::serialize(json::object{{"fen", fen}}));
  EXPECT_EQ(no_square.status, 400);
  EXPECT_NE(no_square.body.find(R"("field":"square")"), std::string::npos) << no_square.body;
  HttpAnswer bad_fen = attackers_answer(R"({"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "square": "e4"})");
  EXPECT_EQ(bad_fen.status, 400);
  EXPECT_NE(bad_fen.body.find(R"("field":"fen")"), std::string::npos) << bad_fen.body;
  EXPECT_EQ(attackers_answer("not json").status, 400);
}

}  // namespace
}  // namespace tabiya::server
