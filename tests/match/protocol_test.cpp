// Parsing and writing the UCI and CECP (xboard) protocol lines.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "laws/time_control.h"
#include "match/cecp_engine.h"
#include "match/engine_spec.h"
#include "match/uci_engine.h"
#include "notation/move_reader.h"

namespace tabiya {
namespace {

TEST(UciProtocolTest, Bestmove) {
  EXPECT_EQ(parse_uci_bestmove("bestmove e2e4 ponder e7e5"), "e2e4");
  EXPECT_EQ(parse_uci_bestmove("bestmove e7e8q"), "e7e8q");
  EXPECT_EQ(parse_uci_bestmove("bestmove (none)"), "(none)");
  EXPECT_FALSE(parse_uci_bestmove("bestmove"));
  EXPECT_FALSE(parse_uci_bestmove("info depth 3 pv bestmove"));
}

TEST(UciProtocolTest, InfoScores) {
  auto cp = parse_uci_info("info depth 12 seldepth 15 multipv 1 score cp -35 nodes 1000 pv e2e4 e7e5");
  ASSERT_TRUE(cp);
  EXPECT_EQ(cp->score, -35);
  EXPECT_EQ(cp->depth, 12);
  auto mate = parse_uci_info("info depth 20 score mate 3 pv h5f7");
  ASSERT_TRUE(mate);
  EXPECT_EQ(mate->score, MATE_SCORE - 3);
  EXPECT_EQ(format_score(*mate->score), "+M3");
  auto mated = parse_uci_info("info depth 20 score mate -2 pv a1a2");
  ASSERT_TRUE(mated);
  EXPECT_EQ(mated->score, -(MATE_SCORE - 2));
  EXPECT_EQ(format_score(*mated->score), "-M2");
  EXPECT_EQ(parse_uci_info("info score cp 20 lowerbound depth 7")->score, 20);
  // Free text is not a score, even when it looks like one.
  EXPECT_FALSE(parse_uci_info("info string score cp 500"));
  EXPECT_FALSE(parse_uci_info("readyok"));
  EXPECT_EQ(format_score(35), "+0.35");
  EXPECT_EQ(format_score(-120), "-1.20");
}

SearchRequest request_after(std::string_view fen, std::vector<std::string> moves) {
  SearchRequest r;
  r.start = *parse_fen(fen);
  r.current = r.start;
  for (const std::string& text : moves) {
    Move m = *parse_move(r.current, text);
    r.moves.push_back(m);
    UndoInfo undo;
    r.current.do_move(m, undo);
  }
  return r;
}

TEST(UciProtocolTest, PositionAndGoCommands) {
  SearchRequest r = request_after(START_FEN, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"});
  EXPECT_EQ(uci_position_command(r), "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
  SearchRequest from_fen = request_after("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", {});
  EXPECT_EQ(uci_position_command(from_fen), "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  r.white_time = Millis{9000};
  r.black_time = Millis{9100};
  r.white_increment = r.black_increment = Millis{100};
  EXPECT_EQ(uci_go_command(r), "go wtime 9000 btime 9100 winc 100 binc 100");
  r.moves_to_go = 12;
  EXPECT_EQ(uci_go_command(r), "go wtime 9000 btime 9100 winc 100 binc 100 movestogo 12");
}

TEST(CecpProtocolTest, FeaturesAreAcknowledged) {
  CecpFeatures f;
  auto replies = parse_cecp_features(R"(feature myname="Fairy-Max 5.0b" setboard=1 usermove=1 san=1 ping=1 done=0)", f);
  EXPECT_EQ(f.myname, "Fairy-Max 5.0b");
  EXPECT_TRUE(f.setboard);
  EXPECT_TRUE(f.usermove);
  EXPECT_TRUE(f.ping);
  EXPECT_TRUE(f.waiting);
  EXPECT_FALSE(f.done);
  std::vector<std::string> expected = {"accepted myname", "accepted setboard", "accepted usermove", "rejected san",
                                       "accepted ping"};
  EXPECT_EQ(replies, expected);
  parse_cecp_features(R"(feature variants="normal,fischerandom" done=1)", f);
  EXPECT_TRUE(f.done);
  EXPECT_EQ(f.variants, "normal,fischerandom");
  EXPECT_TRUE(parse_cecp_features("tellics say hello", f).empty());
}

TEST(CecpProtocolTest, MovesResignationAndThinking) {
  EXPECT_EQ(parse_cecp_move("move e2e4"), "e2e4");
  EXPECT_EQ(parse_cecp_move("move O-O"), "O-O");
  EXPECT_EQ(parse_cecp_move("My move is: g8f6"), "g8f6");
  EXPECT_EQ(parse_cecp_move("1. ... e7e5"), "e7e5");
  EXPECT_FALSE(parse_cecp_move("moves e2e4"));
  EXPECT_FALSE(parse_cecp_move("12 35 120 123456 e2e4 e7e5"));
  EXPECT_TRUE(is_cecp_resignation("resign"));
  EXPECT_TRUE(is_cecp_resignation("0-1 {White resigns}"));
  EXPECT_FALSE(is_cecp_resignation("1/2-1/2 {Draw by repetition}"));
  EXPECT_FALSE(is_cecp_resignation("1-0 {White mates}"));
  auto t = parse_cecp_thinking("12 -35 120 123456 e2e4 e7e5");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->depth, 12);
  EXPECT_EQ(t->score, -35);
  EXPECT_EQ(parse_cecp_thinking("9. 100003 50 9999 Qh5")->score, MATE_SCORE - 3);
  EXPECT_EQ(parse_cecp_thinking("9& -100002 50 9999 Kh1")->score, -(MATE_SCORE - 2));
  EXPECT_FALSE(parse_cecp_thinking("move e2e4"));
  EXPECT_FALSE(parse_cecp_thinking("Illegal move: e2e5"));
}

TEST(CecpProtocolTest, LevelAndMoveText) {
  EXPECT_EQ(cecp_level_command(*parse_pgn_time_control("10+0.1")), "level 0 0:10 0.1");
  EXPECT_EQ(cecp_level_command(*parse_pgn_time_control("40/300")), "level 40 5 0");
  EXPECT_EQ(cecp_level_command(*parse_pgn_time_control("90+2")), "level 0 1:30 2");
  Position pos = *parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(cecp_move_text(pos, *parse_move(pos, "O-O")), "e1g1");
  Position promo = *parse_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  EXPECT_EQ(cecp_move_text(promo, *parse_move(promo, "e8=N")), "e7e8n");
}

TEST(CecpProtocolTest, EditModeForEnginesWithoutSetboard) {
  std::vector<std::string> white = {"edit", "#", "Ra1", "Kg1", "c", "Ph7", "Kh8", "."};
  EXPECT_EQ(cecp_edit_commands(*parse_fen("7k/7p/8/8/8/8/8/R5K1 w - - 0 1")), white);
  std::vector<std::string> black = {"a2a3", "edit", "#", "Ra1", "Kg1", "c", "Ph7", "Kh8", "."};
  EXPECT_EQ(cecp_edit_commands(*parse_fen("7k/7p/8/8/8/8/8/R5K1 b - - 0 1")), black);
}

TEST(EngineSpecTest, WordsToSpec) {
  auto spec = parse_engine_spec(
      {"name=sf", "cmd=stockfish", "proto=uci", "option.Threads=1", "option.Skill Level=5", "timeout=3000"});
  ASSERT_TRUE(spec) << spec.error().message;
  EXPECT_EQ(spec->name, "sf");
  EXPECT_EQ(spec->argv, std::vector<std::string>{"stockfish"});
  EXPECT_EQ(spec->protocol, EngineProtocol::UCI);
  ASSERT_EQ(spec->options.size(), 2u);
  EXPECT_EQ(spec->options[1].first, "Skill Level");
  EXPECT_EQ(spec->options[1].second, "5");
  EXPECT_EQ(spec->startup_timeout.count(), 3000);
  auto split = parse_engine_spec({"cmd=build/tabiya uci", "arg=--x y", "proto=xboard"});
  ASSERT_TRUE(split);
  EXPECT_EQ(split->name, "tabiya");
  EXPECT_EQ(split->argv, (std::vector<std::string>{"build/tabiya", "uci", "--x y"}));
  EXPECT_EQ(split->protocol, EngineProtocol::CECP);
  EXPECT_EQ(parse_engine_spec({"cmd=x", "proto=uic"}).error().message,
            "engine word \"proto=uic\": unknown protocol \"uic\" (expected uci or xboard)");
  EXPECT_FALSE(parse_engine_spec({"name=nothing"}));
  EXPECT_FALSE(parse_engine_spec({"cmd=x", "colour=red"}));
  EXPECT_FALSE(parse_engine_spec({"cmd=x", "timeout=-5"}));
}

}  // namespace
}  // namespace tabiya
