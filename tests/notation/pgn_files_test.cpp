// Real-looking PGN files in tests/data/pgn: famous games written out by hand,
// Chess960 and set-up games, a Windows file with BOM and CRLF, a lichess
// export with clocks, and a file with broken games among good ones.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

std::string data_path(const std::string& name) { return std::string(TABIYA_TEST_DATA) + "/pgn/" + name; }

std::string slurp(const std::string& name) {
  std::ifstream in(data_path(name), std::ios::binary);
  EXPECT_TRUE(in.good()) << data_path(name);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

PgnReadResult read_file(const std::string& name) {
  std::ifstream in(data_path(name), std::ios::binary);
  EXPECT_TRUE(in.good()) << data_path(name);
  PgnReadOptions options;
  options.source_name = name;
  return read_pgn_games(in, options);
}

void expect_clean(const PgnReadResult& r) {
  for (const auto& e : r.errors) ADD_FAILURE() << e.message;
}

void expect_round_trip(const PgnReadResult& r) {
  for (std::size_t i = 0; i < r.games.size(); ++i) {
    Result<std::string> text = write_pgn(r.games[i]);
    ASSERT_TRUE(text.ok()) << text.error().message;
    PgnReadResult back = read_pgn_games(text.value());
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_TRUE(back.errors.empty()) << back.errors[0].message;
    EXPECT_EQ(back.games[0], r.games[i]) << "game " << i + 1;
  }
}

TEST(PgnFiles, FamousGamesReplayToMate) {
  PgnReadResult r = read_file("famous.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 3u);
  // FIDE 2014 Art. 5.1.a: the game is won by the player who checkmates.
  for (const PgnGame& g : r.games) {
    EXPECT_EQ(g.result(), "1-0");
    EXPECT_TRUE(is_checkmate(mainline_end(g))) << g.tags.get("White").value();
  }
  EXPECT_EQ(r.games[0].mainline.moves.size(), 33u);  // Opera Game: 17. Rd8#
  EXPECT_EQ(r.games[1].mainline.moves.size(), 45u);  // Immortal Game: 23. Be7#
  EXPECT_EQ(r.games[2].mainline.moves.size(), 47u);  // Evergreen Game: 24. Bxe7#
  EXPECT_EQ(mainline_san(r.games[0]).back(), "Rd8#");
  EXPECT_EQ(r.games[0].mainline.starting_comment, "The Opera Game, played in a box at the Paris opera.");
  EXPECT_EQ(r.games[0].mainline.moves[5].comment,
            "Black pins the knight, but the bishop will soon be given up.");
  EXPECT_EQ(r.games[0].mainline.moves[5].nags, (std::vector<int>{6}));
  EXPECT_EQ(r.games[0].mainline.moves[30].nags, (std::vector<int>{3}));  // 16. Qb8+!!
  EXPECT_EQ(r.games[1].tags.get("Date"), "1851.06.21");
  expect_round_trip(r);
}

TEST(PgnFiles, Chess960Games) {
  PgnReadResult r = read_file("chess960.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 2u);
  for (const PgnGame& g : r.games) EXPECT_TRUE(g.start.is_chess960());
  // FIDE 2014 Appendix F.3.b: castling with the king on b1 (4. O-O-O) and
  // with king and rook swapping f1/g1 (1. O-O).
  std::vector<std::string> first = mainline_san(r.games[0]);
  EXPECT_EQ(first[6], "O-O-O");
  EXPECT_EQ(first[7], "O-O-O");
  PgnGame opening = r.games[0];
  opening.mainline.moves.resize(8);
  Position after = mainline_end(opening);
  EXPECT_EQ(after.piece_on(SQ_C1), W_KING);
  EXPECT_EQ(after.piece_on(SQ_D1), W_ROOK);
  EXPECT_EQ(after.piece_on(SQ_C8), B_KING);
  EXPECT_EQ(after.piece_on(SQ_D8), B_ROOK);
  EXPECT_EQ(first.back(), "Qgg8#");
  EXPECT_EQ(r.games[0].result(), "0-1");
  EXPECT_TRUE(is_checkmate(mainline_end(r.games[0])));
  const PgnNode& castle = r.games[1].mainline.moves[0];
  EXPECT_EQ(castle.move.kind(), MoveKind::CASTLING);
  EXPECT_EQ(castle.move.from(), SQ_F1);
  EXPECT_EQ(castle.move.to(), SQ_G1);
  EXPECT_EQ(r.games[1].tags.get("Round"), "2");
  expect_round_trip(r);
}

TEST(PgnFiles, SetUpFenGames) {
  PgnReadResult r = read_file("setup_fen.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 3u);
  EXPECT_EQ(to_fen(r.games[0].start), "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R b KQ - 3 9");
  EXPECT_EQ(mainline_san(r.games[0]).front(), "Qa5");
  EXPECT_TRUE(is_checkmate(mainline_end(r.games[1])));
  // FIDE 2014 Art. 3.7.d: en passant right after the set-up, as the FEN allows.
  EXPECT_EQ(r.games[2].mainline.moves[0].move.kind(), MoveKind::EN_PASSANT);
  EXPECT_EQ(r.games[2].result(), "1/2-1/2");
  expect_round_trip(r);
}

TEST(PgnFiles, CrlfAndByteOrderMark) {
  const std::string raw = slurp("crlf_bom.pgn");
  ASSERT_EQ(raw.substr(0, 3), "\xEF\xBB\xBF");  // the file really has them
  ASSERT_NE(raw.find("\r\n"), std::string::npos);
  PgnReadResult r = read_file("crlf_bom.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(r.games[0].tags.get("Event"), "The \"Big\" Open");
  EXPECT_EQ(r.games[0].tags.get("Site"), "C:\\chess\\club");
  EXPECT_EQ(r.games[0].mainline.moves[2].comment, "A comment that spans two CRLF lines.");
  EXPECT_TRUE(is_checkmate(mainline_end(r.games[0])));  // Legall's mate
  EXPECT_EQ(r.games[1].mainline.moves.size(), 5u);
  EXPECT_EQ(read_pgn_games(raw).games, r.games);
  expect_round_trip(r);
}

TEST(PgnFiles, LichessExportWithClocks) {
  PgnReadResult r = read_file("lichess_clocks.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 2u);
  const PgnLine& blitz = r.games[0].mainline;
  ASSERT_EQ(blitz.moves.size(), 7u);
  EXPECT_EQ(blitz.moves[0].clock_ms, 300000);
  EXPECT_EQ(blitz.moves[4].clock_ms, 295000);
  EXPECT_EQ(blitz.moves[4].comment, "[%eval 0.1]");
  EXPECT_EQ(blitz.moves[5].nags, (std::vector<int>{4}));
  EXPECT_EQ(blitz.moves[6].clock_ms, 289300);
  EXPECT_EQ(r.games[0].tags.get("Round"), "?");  // missing tag, default value
  EXPECT_FALSE(r.games[0].tags.get("Variant").has_value());
  const PgnLine& classical = r.games[1].mainline;
  EXPECT_EQ(classical.moves[2].clock_ms, 3723400);  // [%clk 1:02:03.4]
  EXPECT_EQ(classical.moves[3].clock_ms, 3599999);
  EXPECT_EQ(classical.moves[3].comment, "Opposition.");
  EXPECT_EQ(to_fen(r.games[1].start), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  expect_round_trip(r);
}

TEST(PgnFiles, AnnotatedGame) {
  PgnReadResult r = read_file("annotated.pgn");
  expect_clean(r);
  ASSERT_EQ(r.games.size(), 1u);
  const PgnGame& g = r.games[0];
  EXPECT_EQ(g.tags.get("Round"), "3.1");
  EXPECT_EQ(g.mainline.starting_comment, "A game comment before the first move.");
  EXPECT_EQ(g.mainline.moves[2].comment, "a rest-of-line comment");
  const PgnNode& a6 = g.mainline.moves[5];
  ASSERT_EQ(a6.variations.size(), 1u);
  const PgnLine& berlin = a6.variations[0];
  EXPECT_EQ(berlin.moves[0].comment, "The Berlin");
  ASSERT_EQ(berlin.moves[1].variations.size(), 1u);                        // (4. d3 ...)
  ASSERT_EQ(berlin.moves[1].variations[0].moves[1].variations.size(), 1u);  // (4... d6 5. c3)
  EXPECT_EQ(berlin.moves[4].nags, (std::vector<int>{5}));                   // 5... Nd6!?
  EXPECT_EQ(g.mainline.moves[9].comment, "A multi-line comment spanning three lines.");
  EXPECT_EQ(mainline_san(g).back(), "Ra7");
  expect_round_trip(r);
}

TEST(PgnFiles, BrokenGamesAmongGoodOnes) {
  PgnReadResult r = read_file("broken_middle.pgn");
  ASSERT_EQ(r.games.size(), 7u);
  // Game 2: 12... Qxh2 is illegal; moves before it are kept.
  EXPECT_EQ(r.games[1].mainline.moves.size(), 23u);
  EXPECT_EQ(mainline_san(r.games[1]).back(), "Bc2");
  // Game 4: 3. Zz9 cannot be read.
  EXPECT_EQ(mainline_san(r.games[3]), (std::vector<std::string>{"e4", "c5", "Nf3", "d6"}));
  for (int i : {0, 2, 4, 5, 6}) {
    EXPECT_EQ(r.games[static_cast<std::size_t>(i)].tags.get("Round"), std::to_string(i + 1));
  }
  EXPECT_TRUE(is_checkmate(mainline_end(r.games[4])));
  EXPECT_EQ(r.games[4].result(), "1-0");  // the tag wins, with a warning
  EXPECT_EQ(r.games[5].result(), "*");
  EXPECT_TRUE(is_checkmate(mainline_end(r.games[6])));

  std::vector<std::string> errors, warnings;
  for (const auto& e : r.errors) (e.severity == PgnSeverity::ERROR ? errors : warnings).push_back(e.message);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].rfind("broken_middle.pgn:20:48: error: game 2, move 12...: \"Qxh2\" is illegal", 0), 0u)
      << errors[0];
  EXPECT_EQ(errors[1].rfind("broken_middle.pgn:43:23: error: game 4, move 3.: \"Zz9\"", 0), 0u) << errors[1];
  ASSERT_EQ(warnings.size(), 3u);
  EXPECT_NE(warnings[0].find("text outside any game ignored: \"This\""), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("game 5: the Result tag says \"1-0\" but the movetext ends with \"0-1\""),
            std::string::npos)
      << warnings[1];
  EXPECT_NE(warnings[2].find("game 6: game has no result token"), std::string::npos) << warnings[2];
}

TEST(PgnFiles, CanonicalTextIsStable) {
  // canonical.pgn is tabiya's own output: reading and writing it changes nothing.
  const std::string text = slurp("canonical.pgn");
  PgnReadResult r = read_pgn_games(text);
  expect_clean(r);
  EXPECT_EQ(r.games.size(), 8u);
  Result<std::string> again = write_pgn_games(r.games);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.value(), text);
}

TEST(PgnFiles, StreamingMatchesReadingAtOnce) {
  for (const char* name : {"famous.pgn", "broken_middle.pgn", "crlf_bom.pgn", "canonical.pgn"}) {
    PgnReadResult whole = read_pgn_games(slurp(name));
    std::ifstream in(data_path(name), std::ios::binary);
    PgnGameReader reader(in);
    std::vector<PgnGame> games;
    std::size_t errors = 0;
    while (auto g = reader.next()) {
      games.push_back(std::move(*g));
      errors += reader.errors().size();
    }
    errors += reader.errors().size();
    EXPECT_EQ(games, whole.games) << name;
    EXPECT_EQ(errors, whole.errors.size()) << name;
  }
}

}  // namespace
}  // namespace tabiya
