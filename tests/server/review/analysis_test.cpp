// The analysis board after a game: the move labels (lichess's published
// convention, worked by hand below), the position and evaluation endpoints for
// side lines, and the review exported as PGN (docs/protocol.md, "Analysis board").
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <sstream>
#include <thread>

#include "match/uci_engine.h"
#include "pgn_check.h"
#include "server/review/review_labels.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {
namespace json = boost::json;

// Winning chances 2/(1+exp(-0.00368208 cp))-1, by hand: exp(-0.368208) = 0.69194, so 100 cp is
// 2/1.69194-1 = 0.18205; 50 cp 0.09179; 150 cp 0.26934; 300 cp 0.50225.
TEST(MoveLabels, WinningChancesFollowLichesssFormula) {
  EXPECT_DOUBLE_EQ(winning_chances(0), 0.0);
  EXPECT_NEAR(winning_chances(100), 0.18205, 1e-5);
  EXPECT_NEAR(winning_chances(-100), -0.18205, 1e-5);
  EXPECT_NEAR(winning_chances(50), 0.09179, 1e-5);
  EXPECT_NEAR(winning_chances(150), 0.26934, 1e-5);
  EXPECT_NEAR(winning_chances(300), 0.50225, 1e-5);
}

// Thresholds 0.1 / 0.2 / 0.3 of the mover's drop in winning chances.
TEST(MoveLabels, TheDropInTheMoversChancesGivesTheLabel) {
  EXPECT_EQ(label_move(50, 0, WHITE), MoveLabel::NONE);         // 0.092
  EXPECT_EQ(label_move(100, 0, WHITE), MoveLabel::INACCURACY);  // 0.182
  EXPECT_EQ(label_move(0, -100, WHITE), MoveLabel::INACCURACY);
  EXPECT_EQ(label_move(-150, 0, BLACK), MoveLabel::MISTAKE);  // Black's 0.269
  EXPECT_EQ(label_move(300, 0, WHITE), MoveLabel::BLUNDER);   // 0.502
  EXPECT_EQ(label_move(0, 300, WHITE), MoveLabel::NONE);      // White gained
  EXPECT_EQ(label_move(0, 300, BLACK), MoveLabel::BLUNDER);   // the same move by Black lost 0.502
  // Deep in a won position a pawn changes little: 1000 -> 700 is 0.951 -> 0.859.
  EXPECT_EQ(label_move(1000, 700, WHITE), MoveLabel::NONE);
}

TEST(MoveLabels, MatesCountAsTheCapAndLossIsTheMoversCentipawns) {
  EXPECT_EQ(capped_cp(2500, std::nullopt, WHITE), EVAL_CAP_CP);
  EXPECT_EQ(capped_cp(std::nullopt, -3, WHITE), -EVAL_CAP_CP);
  EXPECT_EQ(capped_cp(std::nullopt, 0, WHITE), -EVAL_CAP_CP);  // White is mated on the board
  EXPECT_EQ(capped_cp(std::nullopt, 0, BLACK), EVAL_CAP_CP);
  EXPECT_EQ(centipawn_loss(100, -50, WHITE), 150);
  EXPECT_EQ(centipawn_loss(100, 150, WHITE), 0);
  EXPECT_EQ(centipawn_loss(-100, 50, BLACK), 150);
  EXPECT_EQ(label_nag(MoveLabel::INACCURACY), 6);
  EXPECT_EQ(label_nag(MoveLabel::MISTAKE), 2);
  EXPECT_EQ(label_nag(MoveLabel::BLUNDER), 4);
}

// A UCI engine's principal variation is kept, so that Stockfish's better line is a line, not one move.
TEST(UciPrincipalVariation, IsReadToTheEndOfTheInfoLine) {
  auto info = parse_uci_info("info depth 12 seldepth 15 score cp 31 nodes 4000 pv e2e4 e7e5 g1f3");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
  EXPECT_EQ(info->score, 31);
}

using AnalysisTest = ServiceFixture;

HttpAnswer post(GameService& s, const std::string& path, const std::string& body, std::string client = "1.2.3.4") {
  HttpRequest r{"POST", path, body};
  r.client = client;
  return s.http(r);
}

TEST_F(AnalysisTest, APositionAnswersItsLegalMovesInSanAndPlaysOne) {
  HttpAnswer a =
      post(*service_, "/api/position", R"({"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"})");
  ASSERT_EQ(a.status, 200) << a.body;
  json::object o = json::parse(a.body).as_object();
  EXPECT_EQ(o.at("legal_moves").as_array().size(), 20u);
  EXPECT_EQ(o.at("status").as_string(), "playing");
  EXPECT_EQ(o.at("legal").as_object().at("g1").as_array().size(), 2u);
  a = post(*service_, "/api/position",
           R"({"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","uci":"g1f3"})");
  ASSERT_EQ(a.status, 200) << a.body;
  o = json::parse(a.body).as_object();
  EXPECT_EQ(o.at("move").as_object().at("san").as_string(), "Nf3");
  EXPECT_EQ(o.at("turn").as_string(), "black");
  EXPECT_EQ(o.at("fen").as_string(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  // Mate on the board: no moves, and the status says why.
  a = post(*service_, "/api/position", R"({"fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"})");
  o = json::parse(a.body).as_object();
  EXPECT_EQ(o.at("status").as_string(), "checkmate");
  EXPECT_TRUE(o.at("legal_moves").as_array().empty());
}

TEST_F(AnalysisTest, ABadPositionOrMoveIsRefusedNamingWhatIsWrong) {
  HttpAnswer a = post(*service_, "/api/position", R"({"fen":"8/8/8/8/8/8/8/k7 w - - 0 1"})");
  ASSERT_EQ(a.status, 400);
  json::object data = json::parse(a.body).as_object().at("data").as_object();
  EXPECT_EQ(data.at("field").as_string(), "fen");
  EXPECT_NE(std::string(data.at("detail").as_string()).find("king"), std::string::npos) << a.body;
  a = post(*service_, "/api/position",
           R"({"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","uci":"e2e5"})");
  ASSERT_EQ(a.status, 400);
  data = json::parse(a.body).as_object().at("data").as_object();
  EXPECT_EQ(data.at("field").as_string(), "uci");
  EXPECT_NE(std::string(data.at("detail").as_string()).find("e2e5"), std::string::npos) << a.body;
  EXPECT_EQ(post(*service_, "/api/position", "{").status, 400);
  EXPECT_EQ(post(*service_, "/api/position", R"({"fen":7})").status, 400);
  EXPECT_EQ(post(*service_, "/api/position", R"({"fen":")" + std::string(300, '8') + "\"}").status, 400);
  EXPECT_EQ(service_->http({"GET", "/api/position", ""}).status, 405);
  EXPECT_EQ(post(*service_, "/api/position/eval", R"({"fen":"k7 w"})").status, 400);
}

json::object eval_until_done(GameService& s, const std::string& fen, const std::string& client) {
  json::object o;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    HttpAnswer a = post(s, "/api/position/eval", R"({"fen":")" + fen + "\"}", client);
    o = json::parse(a.body).as_object();
    if (o.at("status").as_string() == "done") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return o;
}

TEST_F(AnalysisTest, TheShownPositionIsEvaluatedAndANewOneReplacesIt) {
  // White to move mates in one (Qh5xf7): the engine says so from White's side, its line in SAN.
  const std::string mate_in_one = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  json::object o = eval_until_done(*service_, mate_in_one, "a");
  ASSERT_EQ(o.at("status").as_string(), "done") << json::serialize(o);
  EXPECT_EQ(o.at("mate").as_int64(), 1);
  EXPECT_EQ(o.at("best_san").as_string(), "Qxf7#");
  EXPECT_EQ(o.at("line_san").as_array().front().as_string(), "Qxf7#");
  // Another client's position does not disturb this one's; this client's next position replaces it.
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  json::object other = eval_until_done(*service_, start, "b");
  EXPECT_EQ(other.at("status").as_string(), "done");
  HttpAnswer again = post(*service_, "/api/position/eval", R"({"fen":")" + mate_in_one + "\"}", "a");
  EXPECT_EQ(json::parse(again.body).at("status").as_string(), "done");  // asked again: the same answer
  HttpAnswer next = post(*service_, "/api/position/eval", R"({"fen":")" + start + "\"}", "a");
  EXPECT_NE(json::parse(next.body).at("fen").as_string(), mate_in_one);
  EXPECT_EQ(next.status, 202);
  // A position mated on the board needs no search.
  o = eval_until_done(*service_, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "a");
  EXPECT_EQ(o.at("mate").as_int64(), 0);
}

// The cost is bounded: one search at a time, a bounded number of clients waiting, then "busy".
TEST(Explorer, MoreWaitingClientsThanAllowedAreToldBusy) {
  ReviewOptions options;
  options.engine = "tabiya";
  options.depth = 3;
  options.lowest_priority = false;
  options.explore_clients = 0;
  Reviewer reviewer(options);
  EXPECT_EQ(reviewer.explore("a", Position::startpos()).status, "busy");
}

// Fool's mate, reviewed: 2. g4 lets Black mate at once, a blunder; the analysis PGN carries it.
TEST_F(AnalysisTest, TheReviewLabelsMovesAndExportsThemAsPgn) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"none"})");
  int ply = 0;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(c, m, ply++);
  EXPECT_EQ(service_->http({"GET", "/api/games/" + id + "/analysis.pgn", ""}).status, 409);  // no review yet
  EXPECT_EQ(service_->http({"POST", "/api/games/" + id + "/review", ""}).status, 202);
  json::object review;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    review = json::parse(service_->http({"GET", "/api/games/" + id + "/review", ""}).body).as_object();
    if (review.at("status").as_string() == "done") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(review.at("status").as_string(), "done");
  const json::array& plies = review.at("plies").as_array();
  ASSERT_EQ(plies.size(), 5u);
  EXPECT_EQ(plies[3].as_object().at("label").as_string(), "blunder");
  EXPECT_TRUE(plies[4].as_object().at("label").is_null());  // the mate was the best move
  EXPECT_EQ(plies[4].as_object().at("loss").as_int64(), 0);
  EXPECT_EQ(plies[4].as_object().at("line_san").as_array().front().as_string(), "Qh4#");
  EXPECT_EQ(plies[2].as_object().at("fen").as_string(), "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
  const json::object& white = review.at("summary").as_object().at("white").as_object();
  EXPECT_GE(white.at("blunders").as_int64(), 1);
  EXPECT_GE(white.at("acpl").as_int64(), 500);  // 2. g4 alone costs ~1000 of two moves
  EXPECT_EQ(review.at("summary").as_object().at("black").as_object().at("blunders").as_int64(), 0);

  HttpAnswer pgn = service_->http({"GET", "/api/games/" + id + "/analysis.pgn", ""});
  ASSERT_EQ(pgn.status, 200) << pgn.body;
  EXPECT_NE(pgn.body.find("[%eval "), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("g4 $4"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("(2. "), std::string::npos) << pgn.body;  // the better line as a variation
  ASSERT_FALSE(pgn.headers.empty());
  EXPECT_NE(pgn.headers[0].second.find("-analysis.pgn"), std::string::npos);
  // `tabiya pgn check` accepts it.
  std::istringstream in(pgn.body);
  std::ostringstream out;
  cli::PgnCheckSummary s = cli::check_pgn(in, "analysis.pgn", RulesEdition::FIDE_2018, out);
  EXPECT_EQ(s.games, 1);
  EXPECT_EQ(s.games_with_problems, 0) << out.str() << pgn.body;
}

}  // namespace
}  // namespace tabiya::server::testing
