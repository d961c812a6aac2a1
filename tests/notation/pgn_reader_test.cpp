#include "notation/pgn_reader.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/uci_move.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

// Records every callback as a short string, and answers with the result
// configured for that string (CONTINUE by default).
class RecordingVisitor : public PgnVisitor {
 public:
  std::vector<std::string> events;
  std::vector<PgnError> errors;
  std::map<std::string, VisitResult> answers;

  VisitResult begin_game(int n) override { return log("begin_game " + std::to_string(n)); }
  VisitResult header(std::string_view name, std::string_view value) override {
    return log("header " + std::string(name) + "=" + std::string(value));
  }
  VisitResult end_headers(const Position& start) override { return log("end_headers " + to_fen(start)); }
  VisitResult move(const PgnMoveEvent& e) override {
    // The move arrives with the position it is played in (a null move: Move::none()).
    if (is_null_move(e.move)) return log("move " + std::string(e.text) + " 0000");
    EXPECT_TRUE(e.before.is_legal(e.move)) << e.text;
    return log("move " + std::string(e.text) + " " + to_uci(e.move, e.before));
  }
  VisitResult comment(std::string_view text) override { return log("comment " + std::string(text)); }
  VisitResult nag(int nag) override { return log("nag " + std::to_string(nag)); }
  VisitResult begin_variation() override { return log("("); }
  VisitResult end_variation() override { return log(")"); }
  VisitResult result(std::string_view token) override { return log("result " + std::string(token)); }
  void end_game() override { log("end_game"); }
  void error(const PgnError& e) override { errors.push_back(e); }

  // Events from the first move on, the usual thing to compare.
  std::vector<std::string> movetext() const {
    std::vector<std::string> out;
    bool on = false;
    for (const std::string& e : events) {
      if (e.rfind("end_headers", 0) == 0) {
        on = true;
        continue;
      }
      if (on) out.push_back(e);
    }
    return out;
  }

 private:
  VisitResult log(std::string event) {
    events.push_back(event);
    auto it = answers.find(event);
    return it == answers.end() ? VisitResult::CONTINUE : it->second;
  }
};

RecordingVisitor read_all(std::string_view text, std::map<std::string, VisitResult> answers = {}) {
  RecordingVisitor visitor;
  visitor.answers = std::move(answers);
  PgnReader reader(text);
  reader.read_all(visitor);
  EXPECT_EQ(visitor.errors.size(), reader.errors().size());
  return visitor;
}

using Events = std::vector<std::string>;

TEST(PgnReader, EventsComeInPgnOrder) {
  auto v = read_all("[Event \"E\"]\n[Result \"1-0\"]\n\n{start} 1. e4 $1 {good} (1. d4 d5) 1... e5 2. Nf3!? 1-0");
  EXPECT_EQ(v.events,
            (Events{"begin_game 1", "header Event=E", "header Result=1-0", "end_headers " + std::string(START_FEN),
                    "comment start", "move e4 e2e4", "nag 1", "comment good", "(", "move d4 d2d4", "move d5 d7d5", ")",
                    "move e5 e7e5", "move Nf3 g1f3", "nag 5", "result 1-0", "end_game"}));
  EXPECT_TRUE(v.errors.empty());
}

TEST(PgnReader, SuffixAnnotationsAreNags1To6) {
  // PGN 10: ! ? !! ?? !? ?! are NAGs 1 to 6.
  auto v = read_all("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *");
  Events nags;
  for (const auto& e : v.movetext()) {
    if (e.rfind("nag", 0) == 0) nags.push_back(e);
  }
  EXPECT_EQ(nags, (Events{"nag 1", "nag 2", "nag 3", "nag 4", "nag 5", "nag 6"}));
}

TEST(PgnReader, VariationsStartFromThePositionBeforeTheirMove) {
  auto v = read_all("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *");
  EXPECT_EQ(v.movetext(),
            (Events{"move e4 e2e4", "move e5 e7e5", "(", "move c5 c7c5", "move Nf3 g1f3", "(", "move c3 c2c3",
                    "move d5 d7d5", ")", "move d6 d7d6", ")", "move Nf3 g1f3", "result *", "end_game"}));
}

TEST(PgnReader, MoveNumbersInEveryForm) {
  auto v = read_all("1.e4 1...e5 2. Nf3 2... Nc6 3 Bb5 12... a6 *");
  EXPECT_TRUE(v.errors.empty());
  EXPECT_EQ(v.movetext().size(), 8u);  // six moves, the result and end_game
}

TEST(PgnReader, GamesWithoutHeaders) {
  auto v = read_all("1. e4 e5 1-0\n\n1. d4 d5 *\n");
  EXPECT_EQ(v.events, (Events{"begin_game 1", "end_headers " + std::string(START_FEN), "move e4 e2e4", "move e5 e7e5",
                              "result 1-0", "end_game", "begin_game 2", "end_headers " + std::string(START_FEN),
                              "move d4 d2d4", "move d5 d7d5", "result *", "end_game"}));
}

TEST(PgnReader, FenAndSetUpGiveTheStart) {
  auto v = read_all("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *");
  EXPECT_EQ(v.events[3], "end_headers 4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
  EXPECT_EQ(v.events[4], "move Kd7 e8d7");
  EXPECT_TRUE(v.errors.empty());
}

TEST(PgnReader, Chess960VariantMarksTheStart) {
  struct StartCatcher : PgnVisitor {
    bool chess960 = false;
    VisitResult end_headers(const Position& start) override {
      chess960 = start.is_chess960();
      return VisitResult::CONTINUE;
    }
  };
  for (const char* variant : {"Chess960", "chess 960", "Fischerandom", "FischeRandom"}) {
    std::string text = std::string("[Variant \"") + variant + "\"]\n\n1. e4 *";
    StartCatcher catcher;
    PgnReader reader(text);
    ASSERT_TRUE(reader.read_game(catcher));
    EXPECT_TRUE(catcher.chess960) << variant;
  }
  EXPECT_EQ(parse_pgn_variant("Standard"), PgnVariant::STANDARD);
  EXPECT_EQ(parse_pgn_variant("From Position"), PgnVariant::STANDARD);
  EXPECT_EQ(parse_pgn_variant("Crazyhouse"), PgnVariant::UNSUPPORTED);
}

TEST(PgnReader, Chess960CastlingFromFen) {
  // FIDE 2014 Appendix F.3: after castling the king and rook stand as in
  // standard chess (king g1 / c1, rook f1 / d1) whatever their start squares.
  auto v = read_all(
      "[Variant \"Chess960\"]\n[FEN \"nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w KQkq - 0 1\"]\n\n"
      "1. O-O O-O *");
  ASSERT_TRUE(v.errors.empty()) << v.errors[0].message;
  EXPECT_EQ(v.movetext()[0], "move O-O f1g1");
  PgnReadResult r = read_pgn_games(
      "[Variant \"Chess960\"]\n[FEN \"nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w KQkq - 0 1\"]\n\n1. O-O O-O *");
  ASSERT_EQ(r.games.size(), 1u);
  Position end = mainline_end(r.games[0]);
  EXPECT_EQ(end.piece_on(SQ_G1), W_KING);
  EXPECT_EQ(end.piece_on(SQ_F1), W_ROOK);
  EXPECT_EQ(end.piece_on(SQ_G8), B_KING);
  EXPECT_EQ(end.piece_on(SQ_F8), B_ROOK);
}

TEST(PgnReader, UnsupportedVariantIsAnError) {
  auto v = read_all("[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 *\n\n1. d4 *");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].severity, PgnSeverity::ERROR);
  EXPECT_NE(v.errors[0].message.find("Crazyhouse"), std::string::npos);
  // The next game is read as usual.
  EXPECT_EQ(v.events.back(), "end_game");
  EXPECT_EQ(v.events[v.events.size() - 3], "move d4 d2d4");
}

TEST(PgnReader, InvalidFenIsAnErrorNamingTheTag) {
  auto v = read_all("[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].game_number, 1);
  EXPECT_EQ(v.errors[0].line, 1);
  EXPECT_NE(v.errors[0].message.find("invalid FEN tag \"8/8/8 w - - 0 1\""), std::string::npos);
  EXPECT_EQ(v.events, (Events{"begin_game 1", "header FEN=8/8/8 w - - 0 1", "end_game"}));
}

TEST(PgnReader, IllegalMoveReportsGameMoveAndText) {
  // FIDE 2014 Art. 3.5: a bishop may not move over an intervening piece, so
  // with the e7 pawn at home 2... Bc5 is illegal.
  auto w = read_all("[Event \"x\"]\n\n1. d4 d5 2. c4 Bc5 *\n\n[Event \"y\"]\n\n1. e4 *\n");
  ASSERT_EQ(w.errors.size(), 1u);
  const PgnError& e = w.errors[0];
  EXPECT_EQ(e.severity, PgnSeverity::ERROR);
  EXPECT_EQ(e.game_number, 1);
  EXPECT_EQ(e.move_number, "2...");
  EXPECT_EQ(e.text, "Bc5");
  EXPECT_EQ(e.line, 3);
  EXPECT_EQ(e.column, 16);
  EXPECT_NE(e.message.find("pgn:3:16: error: game 1, move 2...: \"Bc5\""), std::string::npos) << e.message;
  // Moves before the error are kept; the second game is read.
  EXPECT_EQ(w.events, (Events{"begin_game 1", "header Event=x", "end_headers " + std::string(START_FEN), "move d4 d2d4",
                              "move d5 d7d5", "move c4 c2c4", "end_game", "begin_game 2", "header Event=y",
                              "end_headers " + std::string(START_FEN), "move e4 e2e4", "result *", "end_game"}));
}

TEST(PgnReader, UnreadableMoveInAVariationCutsTheGame) {
  auto v = read_all("1. e4 e5 (1... c5 2. Xy3 d6) 2. Nf3 1-0\n1. d4 *");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].move_number, "2.");
  EXPECT_EQ(v.errors[0].text, "Xy3");
  // The open variation is closed for the visitor; reading resumes after 1-0.
  EXPECT_EQ(v.events, (Events{"begin_game 1", "end_headers " + std::string(START_FEN), "move e4 e2e4", "move e5 e7e5",
                              "(", "move c5 c7c5", ")", "end_game", "begin_game 2",
                              "end_headers " + std::string(START_FEN), "move d4 d2d4", "result *", "end_game"}));
}

TEST(PgnReader, NullMoveInTheMainLineIsReportedClearly) {
  auto v = read_all("1. e4 -- 2. d4 *");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_NE(v.errors[0].message.find("null move \"--\" in the main line"), std::string::npos);
  EXPECT_EQ(v.errors[0].move_number, "1...");
}

TEST(PgnReader, NullMovesInVariationsAreRead) {
  // As chess databases write them: "--" (ChessBase, python-chess) and "Z0".
  auto v = read_all("1. e4 e5 (1... -- 2. d4) 2. Nf3 (2. Z0 Nc6) *");
  EXPECT_TRUE(v.errors.empty());
  EXPECT_EQ(v.events, (Events{"begin_game 1", "end_headers " + std::string(START_FEN), "move e4 e2e4", "move e5 e7e5",
                              "(", "move -- 0000", "move d4 d2d4", ")", "move Nf3 g1f3", "(", "move Z0 0000",
                              "move Nc6 b8c6", ")", "result *", "end_game"}));
}

TEST(PgnReader, NullMoveWhileInCheckIsAnError) {
  auto v = read_all("1. e4 f5 2. Qh5+ (2. d4 e6) 2... -- *");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_NE(v.errors[0].message.find("main line"), std::string::npos);
  auto w = read_all("1. e4 f5 2. d4 (2. Qh5+ --) *");
  ASSERT_EQ(w.errors.size(), 1u);
  EXPECT_NE(w.errors[0].message.find("while in check"), std::string::npos);
}

TEST(PgnReader, ResultTagDisagreeingWithMovetextIsAWarning) {
  auto v = read_all("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].severity, PgnSeverity::WARNING);
  EXPECT_NE(v.errors[0].message.find("\"1-0\""), std::string::npos);
  EXPECT_NE(v.errors[0].message.find("\"0-1\""), std::string::npos);
  EXPECT_EQ(v.events[v.events.size() - 2], "result 0-1");
}

TEST(PgnReader, MissingResultIsAWarning) {
  auto v = read_all("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4\n");
  ASSERT_EQ(v.errors.size(), 2u);
  EXPECT_EQ(v.errors[0].game_number, 1);
  EXPECT_EQ(v.errors[0].severity, PgnSeverity::WARNING);
  EXPECT_NE(v.errors[0].message.find("no result"), std::string::npos);
  EXPECT_EQ(v.errors[1].game_number, 2);
  int games = 0;
  for (const auto& e : v.events) games += e == "end_game";
  EXPECT_EQ(games, 2);
}

TEST(PgnReader, TagsWithoutMovetextStillMakeAGame) {
  auto v = read_all("[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 *");
  EXPECT_EQ(v.events[0], "begin_game 1");
  EXPECT_EQ(v.events[3], "end_game");
  EXPECT_EQ(v.events[4], "begin_game 2");
}

TEST(PgnReader, BlankLineInsideTheTagsKeepsOneGame) {
  auto v = read_all("[Event \"a\"]\n\n[Site \"s\"]\n\n1. e4 *");
  EXPECT_EQ(v.events, (Events{"begin_game 1", "header Event=a", "header Site=s",
                              "end_headers " + std::string(START_FEN), "move e4 e2e4", "result *", "end_game"}));
  EXPECT_TRUE(v.errors.empty());
}

TEST(PgnReader, MalformedTagsAreSkipped) {
  auto v = read_all("[Event \"a\"]\n[Broken]\n[White Smith]\n[Black \"Jones\" junk]\n[Date \"2020\"\n\n1. e4 *");
  EXPECT_EQ(v.errors.size(), 4u);
  for (const auto& e : v.errors) EXPECT_EQ(e.severity, PgnSeverity::WARNING);
  EXPECT_EQ(v.events[1], "header Event=a");
  EXPECT_EQ(v.events[2], "header Black=Jones");
  EXPECT_EQ(v.events[3], "header Date=2020");
  EXPECT_EQ(v.movetext()[0], "move e4 e2e4");
}

TEST(PgnReader, DuplicateTagIsAWarning) {
  auto v = read_all("[White \"a\"]\n[White \"b\"]\n\n*");
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_NE(v.errors[0].message.find("White"), std::string::npos);
}

TEST(PgnReader, TextOutsideGamesIsSkippedAndReported) {
  auto v = read_all("Chapter 1: the openings\nmore words here\n\n[Event \"a\"]\n\n1. e4 *\n\n!!! junk\n\n1. d4 *");
  ASSERT_EQ(v.errors.size(), 2u);
  EXPECT_EQ(v.errors[0].game_number, 0);
  EXPECT_EQ(v.errors[0].line, 1);
  EXPECT_NE(v.errors[0].message.find("lines 1-2"), std::string::npos) << v.errors[0].message;
  EXPECT_EQ(v.errors[1].line, 8);
  int games = 0;
  for (const auto& e : v.events) games += e.rfind("begin_game", 0) == 0;
  EXPECT_EQ(games, 2);
}

TEST(PgnReader, StrayTokensInMovetextAreWarnings) {
  auto v = read_all("1. e4 @@ e5 ) \"str\" ] 2. Nf3 *");
  EXPECT_EQ(v.errors.size(), 4u);
  for (const auto& e : v.errors) EXPECT_EQ(e.severity, PgnSeverity::WARNING);
  EXPECT_EQ(v.movetext(), (Events{"move e4 e2e4", "move e5 e7e5", "move Nf3 g1f3", "result *", "end_game"}));
}

TEST(PgnReader, NestingDepthIsCapped) {
  std::string text = "1. e4 e5";
  for (int i = 0; i < 10; ++i) text += " (1... e5";
  for (int i = 0; i < 10; ++i) text += ")";
  text += " 2. Nf3 *";
  PgnReadOptions options;
  options.max_variation_depth = 4;
  RecordingVisitor v;
  PgnReader reader(text, options);
  reader.read_all(v);
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].severity, PgnSeverity::ERROR);
  EXPECT_NE(v.errors[0].message.find("nested deeper than 4"), std::string::npos);
  int opened = 0, closed = 0;
  for (const auto& e : v.events) {
    opened += e == "(";
    closed += e == ")";
  }
  EXPECT_EQ(opened, 4);
  EXPECT_EQ(closed, 4);
  EXPECT_EQ(v.events[v.events.size() - 3], "move Nf3 g1f3");
}

TEST(PgnReader, DeepNestingDoesNotRecurse) {
  // 20000 nested variations: no stack overflow, an error, and the game ends.
  std::string text = "1. e4";
  for (int i = 0; i < 20000; ++i) text += " (1. d4";
  text += " *";
  RecordingVisitor v;
  PgnReader reader(text);
  reader.read_all(v);
  EXPECT_FALSE(v.errors.empty());
  EXPECT_EQ(v.events.back(), "end_game");
}

TEST(PgnReader, SkipAGame) {
  auto v = read_all("[Event \"a\"]\n[Site \"s\"]\n\n1. e4 (1. d4) e5 1-0\n\n[Event \"b\"]\n\n1. c4 *",
                    {{"begin_game 1", VisitResult::SKIP}});
  EXPECT_EQ(v.events, (Events{"begin_game 1", "end_game", "begin_game 2", "header Event=b",
                              "end_headers " + std::string(START_FEN), "move c4 c2c4", "result *", "end_game"}));
}

TEST(PgnReader, SkipFromAHeaderSkipsTheGame) {
  auto v = read_all("[Event \"a\"]\n[Site \"s\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n\n1. c4 *",
                    {{"header Event=a", VisitResult::SKIP}});
  EXPECT_EQ(v.events[0], "begin_game 1");
  EXPECT_EQ(v.events[1], "header Event=a");
  EXPECT_EQ(v.events[2], "end_game");
  EXPECT_EQ(v.events[3], "begin_game 2");
}

TEST(PgnReader, SkipMovetextReadsHeadersOnly) {
  auto v = read_all("[Event \"a\"]\n\n1. e4 (1. d4 {x}) e5 1-0\n[Event \"b\"]\n\n1. c4 *",
                    {{"end_headers " + std::string(START_FEN), VisitResult::SKIP}});
  EXPECT_EQ(v.events, (Events{"begin_game 1", "header Event=a", "end_headers " + std::string(START_FEN), "end_game",
                              "begin_game 2", "header Event=b", "end_headers " + std::string(START_FEN), "end_game"}));
  EXPECT_TRUE(v.errors.empty());
}

TEST(PgnReader, SkipAVariation) {
  auto v = read_all("1. e4 (1. d4 d5 (1... Nf6)) e5 (1... c5) *", {{"(", VisitResult::SKIP}});
  EXPECT_EQ(v.movetext(), (Events{"move e4 e2e4", "(", "move e5 e7e5", "(", "result *", "end_game"}));
}

TEST(PgnReader, SkipTheRestOfAVariationFromAMove) {
  auto v = read_all("1. e4 (1. d4 d5 2. c4) e5 *", {{"move d4 d2d4", VisitResult::SKIP}});
  EXPECT_EQ(v.movetext(), (Events{"move e4 e2e4", "(", "move d4 d2d4", ")", "move e5 e7e5", "result *", "end_game"}));
}

TEST(PgnReader, SkipTheRestOfTheMainline) {
  auto v = read_all("1. e4 e5 2. Nf3 1-0\n1. d4 *", {{"move e5 e7e5", VisitResult::SKIP}});
  EXPECT_EQ(v.events,
            (Events{"begin_game 1", "end_headers " + std::string(START_FEN), "move e4 e2e4", "move e5 e7e5", "end_game",
                    "begin_game 2", "end_headers " + std::string(START_FEN), "move d4 d2d4", "result *", "end_game"}));
}

TEST(PgnReader, StopEndsReading) {
  RecordingVisitor v;
  v.answers = {{"move e5 e7e5", VisitResult::STOP}};
  PgnReader reader("1. e4 e5 2. Nf3 *\n1. d4 *");
  EXPECT_TRUE(reader.read_game(v));
  EXPECT_FALSE(reader.read_game(v));
  EXPECT_EQ(v.events.back(), "move e5 e7e5");
}

TEST(PgnReader, CommentAndNagPlacement) {
  auto v = read_all("{before} 1. e4 {after e4} $2 (1. d4 {in} ) {after variation} e5 ; line\n*");
  EXPECT_EQ(v.movetext(),
            (Events{"comment before", "move e4 e2e4", "comment after e4", "nag 2", "(", "move d4 d2d4", "comment in",
                    ")", "comment after variation", "move e5 e7e5", "comment  line", "result *", "end_game"}));
}

TEST(PgnReader, NagBeforeAnyMoveIsIgnoredWithAWarning) {
  auto v = read_all("[Event \"a\"]\n$1 1. e4 $300 *");
  EXPECT_EQ(v.errors.size(), 2u);
  EXPECT_EQ(v.movetext(), (Events{"move e4 e2e4", "result *", "end_game"}));
}

TEST(PgnReader, StreamsFromAnIstream) {
  std::istringstream in("[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n");
  RecordingVisitor v;
  PgnReader reader(in);
  EXPECT_TRUE(reader.read_game(v));
  EXPECT_TRUE(reader.read_game(v));
  EXPECT_FALSE(reader.read_game(v));
  EXPECT_EQ(reader.games_read(), 2);
  EXPECT_TRUE(v.errors.empty());
}

TEST(PgnReader, ErrorMessagesNameTheSource) {
  PgnReadOptions options;
  options.source_name = "games.pgn";
  RecordingVisitor v;
  PgnReader reader("1. e4 e4 *", options);
  reader.read_all(v);
  ASSERT_EQ(v.errors.size(), 1u);
  EXPECT_EQ(v.errors[0].message.rfind("games.pgn:1:7: error: game 1, move 1...: \"e4\"", 0), 0u) << v.errors[0].message;
}

}  // namespace
}  // namespace tabiya
