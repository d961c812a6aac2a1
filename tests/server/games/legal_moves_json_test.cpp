// GAME and the `move` event name every legal move of the side to move with its
// UCI and its SAN (docs/protocol.md, "legal_moves"), so the web app needs no
// SAN writer of its own.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/fen.h"
#include "server/games/protocol.h"

namespace tabiya::server {
namespace {

namespace json = boost::json;

struct Table {
  std::unique_ptr<play::LiveGame> live;
  Setup setup;

  explicit Table(std::string_view fen = {}) {
    setup.opponent = "hotseat";
    setup.time = "none";
    if (!fen.empty()) setup.start_fen = std::string(fen);
    auto options = start_options(setup);
    EXPECT_TRUE(options) << options.error().message;
    live = std::move(play::LiveGame::create(*options, std::make_shared<ManualTimeSource>()).value());
    EXPECT_TRUE(live->start());
  }
  json::object game() const {
    GameView view;
    view.id = "test";
    view.setup = &setup;
    return game_json(*live, view);
  }
};

// uci -> san of a legal_moves array.
std::map<std::string, std::string> by_uci(const json::value& legal_moves) {
  std::map<std::string, std::string> out;
  for (const json::value& m : legal_moves.as_array()) {
    const json::object& o = m.as_object();
    EXPECT_EQ(o.size(), 2u);
    out[std::string(o.at("uci").as_string())] = std::string(o.at("san").as_string());
  }
  return out;
}

// Every move of legal_moves is in the destinations map and the other way round.
void expect_same_moves_as_legal(const json::object& o) {
  std::set<std::string> from_map, from_list;
  for (const auto& [from, to] : o.at("legal").as_object())
    for (const json::value& t : to.as_array()) from_map.insert(std::string(from) + std::string(t.as_string()));
  for (const auto& [uci, san] : by_uci(o.at("legal_moves"))) from_list.insert(uci.substr(0, 4));
  EXPECT_EQ(from_map, from_list);
}

TEST(LegalMovesJson, GameNamesEveryLegalMoveWithItsSan) {
  Table t;
  const json::object g = t.game();
  const auto moves = by_uci(g.at("legal_moves"));
  EXPECT_EQ(moves.size(), 20u);
  EXPECT_EQ(moves.at("e2e4"), "e4");
  EXPECT_EQ(moves.at("g1f3"), "Nf3");
  EXPECT_EQ(moves.at("b1a3"), "Na3");
  expect_same_moves_as_legal(g);
}

TEST(LegalMovesJson, MoveEventCarriesTheNextSidesMovesAndThePlayedSan) {
  Table t;
  ASSERT_TRUE(t.live->move(WHITE, "e2e4"));
  const json::object e = move_event(*t.live, 0);
  EXPECT_EQ(e.at("san").as_string(), "e4");
  const auto moves = by_uci(e.at("legal_moves"));
  EXPECT_EQ(moves.size(), 20u);
  EXPECT_EQ(moves.at("e7e5"), "e5");
  EXPECT_EQ(moves.at("g8f6"), "Nf6");
  expect_same_moves_as_legal(e);
  // GAME.moves has the SAN of each move played too.
  const json::object g = t.game();
  ASSERT_EQ(g.at("moves").as_array().size(), 1u);
  EXPECT_EQ(g.at("moves").as_array()[0].at("san").as_string(), "e4");
  EXPECT_EQ(g.at("moves").as_array()[0].at("uci").as_string(), "e2e4");
}

// SAN by Appendix C: disambiguation, captures, checks, promotions, castling.
TEST(LegalMovesJson, SanCoversDisambiguationPromotionAndCastling) {
  Table t("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const auto moves = by_uci(t.game().at("legal_moves"));
  EXPECT_EQ(moves.at("e1g1"), "O-O");
  EXPECT_EQ(moves.at("e1c1"), "O-O-O");
  EXPECT_EQ(moves.at("a1a8"), "Rxa8+");
  EXPECT_EQ(moves.at("b7a8q"), "bxa8=Q+");
  EXPECT_EQ(moves.at("b7b8n"), "b8=N");
  EXPECT_EQ(moves.at("a1d1"), "Rd1");
  EXPECT_FALSE(moves.contains("e1h1"));  // standard chess: castling is the king's move
  // Two knights reach d2 (Appendix C.10: the file tells them apart).
  const auto knights = by_uci(Table("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").game().at("legal_moves"));
  EXPECT_EQ(knights.at("b1d2"), "Nbd2");
  EXPECT_EQ(knights.at("f1d2"), "Nfd2");
  EXPECT_EQ(knights.at("e1d2"), "Kd2");
}

// Chess960 (Appendix F): castling is written king-takes-rook in UCI and O-O / O-O-O in SAN.
TEST(LegalMovesJson, Chess960CastlingIsKingTakesRook) {
  // The king on g1 between its rooks (Shredder-FEN castling letters mark the game Chess960).
  Table t("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1");
  ASSERT_TRUE(t.live->game().position().is_chess960());
  const auto moves = by_uci(t.game().at("legal_moves"));
  EXPECT_EQ(moves.at("g1h1"), "O-O");
  EXPECT_EQ(moves.at("g1b1"), "O-O-O");
  EXPECT_EQ(moves.at("g1f1"), "Kf1");
}

TEST(LegalMovesJson, EmptyWhenTheGameIsOver) {
  Table t;
  for (const char* uci : {"f2f3", "e7e5", "g2g4", "d8h4"}) ASSERT_TRUE(t.live->move(t.live->turn(), uci));
  ASSERT_TRUE(t.live->over());
  EXPECT_TRUE(t.game().at("legal_moves").as_array().empty());
  EXPECT_TRUE(move_event(*t.live, 0).at("legal_moves").as_array().empty());
}

}  // namespace
}  // namespace tabiya::server
