// Start positions (docs/protocol.md, "Start positions"): POST /api/position/check previews what POST /api/games
// would start from, and both refuse a position with the same field, problem code and data.
#include <gtest/gtest.h>

#include "server/games/game_service.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using StartPositionTest = ServiceFixture;

TEST_F(StartPositionTest, AFenWithoutAWhiteKingIsRefusedWithTheReasonAndItsData) {
  const std::string fen = R"("fen":"8/8/8/8/8/8/8/4k3 w - - 0 1")";
  json::object e = create(R"({"v":1,"opponent":"robot",)" + fen + "}", 400);
  EXPECT_EQ(str(e.at("error")), "bad_request");
  const json::object& data = e.at("data").as_object();
  EXPECT_EQ(str(data.at("field")), "fen");
  EXPECT_EQ(str(data.at("problem")), "no_king");
  EXPECT_EQ(str(data.at("color")), "white");
  EXPECT_NE(str(data.at("detail")).find("no white king"), std::string::npos);

  HttpAnswer checked = service_->http({"POST", "/api/position/check", R"({"v":1,)" + fen + "}"});
  ASSERT_EQ(checked.status, 400);
  EXPECT_EQ(json::parse(checked.body).as_object().at("data"), e.at("data"));
}

TEST_F(StartPositionTest, CheckAnswersThePositionPlayWouldBeginFrom) {
  HttpAnswer a = service_->http({"POST", "/api/position/check", R"({"v":1,"fen":"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"})"});
  ASSERT_EQ(a.status, 200) << a.body;
  json::object o = json::parse(a.body).as_object();
  EXPECT_EQ(str(o.at("fen")), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
  EXPECT_EQ(o.at("plies").as_int64(), 0);
  EXPECT_EQ(str(o.at("turn")), "black");
  EXPECT_EQ(service_->http({"GET", "/api/position/check", ""}).status, 405);
  EXPECT_EQ(service_->http({"POST", "/api/position/check", R"({"v":1})"}).status, 400);
  EXPECT_EQ(service_->http({"POST", "/api/position/check", R"({"v":2,"fen":"x"})"}).status, 400);
}

TEST_F(StartPositionTest, APgnWithoutAResultMarkerPreviewsAndStarts) {
  // The PGN standard (8.2.6) ends each movetext with a termination marker; a pasted game often has none, and the
  // reader's warning for it loses nothing: the game is taken as it is.
  const std::string pgn = R"("pgn":"[Event \"x\"]\n\n1. e4 e5 2. Nf3")";
  HttpAnswer a = service_->http({"POST", "/api/position/check", R"({"v":1,)" + pgn + "}"});
  ASSERT_EQ(a.status, 200) << a.body;
  json::object o = json::parse(a.body).as_object();
  EXPECT_EQ(str(o.at("fen")), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(str(o.at("start_fen")), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(o.at("plies").as_int64(), 3);
  EXPECT_EQ(str(o.at("turn")), "black");

  json::object g = create(R"({"v":1,"opponent":"hotseat",)" + pgn + "}");
  json::object game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  EXPECT_EQ(game.at("moves").as_array().size(), 3u);
  g = create(R"({"v":1,"opponent":"hotseat","pgn":"1. d4 d5"})");  // movetext only, no tags, no marker
  game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  EXPECT_EQ(game.at("moves").as_array().size(), 2u);
}

TEST_F(StartPositionTest, PgnAndFinishedPositionsAreRefusedWithTheirProblem) {
  auto problem = [&](const std::string& start) {
    HttpAnswer a = service_->http({"POST", "/api/position/check", R"({"v":1,)" + start + "}"});
    EXPECT_EQ(a.status, 400) << start;
    const json::value body = json::parse(a.body);
    const json::object* data = body.as_object().if_contains("data") ? &body.at("data").as_object() : nullptr;
    return data && data->contains("problem") ? str(data->at("problem")) : "(no problem in " + a.body + ")";
  };
  EXPECT_EQ(problem(R"("pgn":"1. e4 e5 2. Ke3")"), "pgn_error");
  EXPECT_EQ(problem(R"("pgn":"   ")"), "pgn_empty");
  EXPECT_EQ(problem(R"("pgn":"[FEN \"8/8/8/8/8/8/8/4k3 w - - 0 1\"]\n\n*")"), "no_king");
  EXPECT_EQ(problem(R"("fen":"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")"), "checkmate");
  EXPECT_EQ(problem(R"("fen":"k7/8/1QK5/8/8/8/8/8 b - - 0 1")"), "stalemate");
  EXPECT_EQ(problem(R"("pgn":"1. f3 e5 2. g4 Qh4#")"), "checkmate");
  // The create path words it the same way.
  json::object e = create(R"({"v":1,"opponent":"hotseat","fen":"k7/8/1QK5/8/8/8/8/8 b - - 0 1"})", 400);
  EXPECT_EQ(str(e.at("data").as_object().at("problem")), "stalemate");
}

}  // namespace
}  // namespace tabiya::server::testing
