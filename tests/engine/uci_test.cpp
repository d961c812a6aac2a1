// The UCI front end driven line by line: the handshake, options, positions,
// go/stop/ponderhit, castling in both conventions, and malformed input
// (answered with `info string error`, never a crash).
#include "engine/uci.h"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/uci_reader.h"

namespace tabiya::engine {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Runs a script (one command per line) through a session, then ends it.
std::string run(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  run_uci(in, out);
  return out.str();
}

std::string bestmove_of(const std::string& output) {
  const auto lines = lines_of(output);
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    if (it->rfind("bestmove ", 0) == 0) return it->substr(9, it->find(' ', 9) - 9);
  return "";
}

int count_prefix(const std::string& output, const std::string& prefix) {
  int n = 0;
  for (const std::string& line : lines_of(output)) n += line.rfind(prefix, 0) == 0;
  return n;
}

TEST(Uci, Handshake) {
  const std::string out = run("uci\nisready\nquit\n");
  EXPECT_NE(out.find("id name tabiya"), std::string::npos);
  for (const char* option : {"Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "UCI_LimitStrength", "UCI_Elo",
                             "Skill Level", "Move Overhead"})
    EXPECT_NE(out.find(std::string("option name ") + option + " type"), std::string::npos) << option;
  const auto lines = lines_of(out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, GoDepthAnswersWithALegalBestmove) {
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("position startpos moves e2e4 e7e5");
    session.handle("go depth 5");
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::string move = bestmove_of(out.str());
  ASSERT_FALSE(move.empty()) << out.str();
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 1) << out.str();
  EXPECT_EQ(count_prefix(out.str(), "info depth 5 "), 1) << out.str();
  Position pos = Position::startpos();
  UndoInfo undo;
  pos.do_move(Move(SQ_E2, SQ_E4), undo);
  pos.do_move(Move(SQ_E7, SQ_E5), undo);
  EXPECT_TRUE(move_from_uci(pos, move)) << move;
}

TEST(Uci, EndOfInputStopsTheSearchWithABestmove) {
  const std::string out = run("position startpos\ngo infinite\n");
  EXPECT_EQ(count_prefix(out, "bestmove"), 1) << out;
  EXPECT_FALSE(bestmove_of(out).empty());
}

// Waits until the session has written a bestmove (the search runs on its own thread).
void wait_for_bestmove(UciSession& session) { session.finish(); }

TEST(Uci, InfoLineHasTheUciFields) {
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    session.handle("go depth 6");
    // A depth-limited search ends by itself; finish() only waits for it here.
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    wait_for_bestmove(session);
  }
  const auto lines = lines_of(out.str());
  std::string last_info;
  for (const std::string& line : lines)
    if (line.rfind("info depth", 0) == 0) last_info = line;
  ASSERT_FALSE(last_info.empty()) << out.str();
  for (const char* field : {"info depth 6 ", " seldepth ", " multipv 1", " score cp ", " wdl ", " nodes ", " nps ",
                            " hashfull ", " time ", " pv "})
    EXPECT_NE(last_info.find(field), std::string::npos) << field << " in " << last_info;
}

TEST(Uci, MateScoresAreInMoves) {
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("position fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    session.handle("go mate 3");
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_NE(out.str().find("score mate 3 "), std::string::npos) << out.str();
  EXPECT_EQ(bestmove_of(out.str()), "f6a6");
}

TEST(Uci, CastlingIsWrittenInTheChosenConvention) {
  // Only castling moves are allowed (searchmoves): standard e1g1 / Chess960 e1h1.
  const std::string position = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
  EXPECT_EQ(bestmove_of(run(position + "go depth 3 searchmoves e1g1\nisready\n")), "e1g1");
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("setoption name UCI_Chess960 value true");
    session.handle("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    session.handle("go depth 3 searchmoves e1h1");
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(bestmove_of(out.str()), "e1h1") << out.str();
}

TEST(Uci, Chess960PositionsAndCastlingMovesAreRead) {
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("setoption name UCI_Chess960 value true");
    // Rooks on b1 and g1: in Chess960 notation e1g1 is O-O (king takes rook).
    session.handle("position fen r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1 moves e1g1");
    session.handle("d");
  }
  // King to g1, rook to f1 (FIDE 2014 Art. 3.8.a.ii as applied in Chess960).
  EXPECT_NE(out.str().find("info string fen r3k2r/8/8/8/8/8/8/1R3RK1 b kq"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
}

TEST(Uci, StopEndsInfiniteSearchAndPonderhitStartsTheClock) {
  std::ostringstream out;
  UciSession session(out);
  session.handle("position startpos");
  session.handle("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 0);
  session.handle("stop");
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 1);
  EXPECT_FALSE(bestmove_of(out.str()).empty());

  session.handle("position startpos moves e2e4 e7e5");
  session.handle("go ponder wtime 2000 btime 2000");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 1);  // pondering: no answer yet
  session.handle("ponderhit");
  while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 2);
  session.handle("stop");  // nothing running: ignored
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 2);
}

TEST(Uci, MalformedCommandsAreReportedAndIgnored) {
  const char* const bad[] = {
      "frobnicate",
      "position",
      "position fen",
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
      "position startpos moves e2e5",
      "position startpos moves e2e4 e2e4",
      "position startpos moves xyzzy",
      "position somewhere",
      "position startpos extra",
      "go depth",
      "go depth x",
      "go wtime -",
      "go nodes 99999999999999999999999",
      "go sideways",
      "go depth 0",
      "go depth -3",
      "go nodes 0",
      "go mate -1",
      "go searchmoves e2e5",
      "setoption",
      "setoption name",
      "setoption name Hash value",
      "setoption name Hash value lots",
      "setoption name Hash value 0",
      "setoption name Threads value 100000",
      "setoption name UCI_Chess960 value maybe",
      "setoption name No Such Option value 1",
      "setoption value 3",
      "setoption name Level Noise value 5000",
      "setoption name Level Depth value deep",
  };
  for (const char* line : bad) {
    std::ostringstream out;
    UciSession session(out);
    ASSERT_TRUE(session.handle(line));
    EXPECT_NE(out.str().find("info string error"), std::string::npos) << line << " -> " << out.str();
    EXPECT_EQ(out.str().find("bestmove"), std::string::npos) << line;
    // The session still works afterwards.
    session.handle("isready");
    EXPECT_NE(out.str().find("readyok"), std::string::npos) << line;
  }
}

// The level-tuning options replace one parameter of the level: a depth limit
// of 1 makes level 10 answer with depth 1 only.
TEST(Uci, LevelOptionsOverrideTheLevelsParameters) {
  auto search = [](const std::vector<std::string>& options) {
    std::ostringstream out;
    UciSession session(out);
    for (const std::string& o : options) session.handle(o);
    session.handle("position startpos");
    session.handle("go depth 4");
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return out.str();
  };
  const std::string limited = search({"setoption name Level Depth value 1"});
  EXPECT_EQ(count_prefix(limited, "info depth 1 "), 1) << limited;
  EXPECT_EQ(count_prefix(limited, "info depth 2 "), 0) << limited;
  EXPECT_EQ(limited.find("info string error"), std::string::npos) << limited;
  const std::string restored = search({"setoption name Level Depth value 1", "setoption name Level Depth value -1"});
  EXPECT_EQ(count_prefix(restored, "info depth 4 "), 1) << restored;
}

TEST(Uci, MalformedCommandsKeepThePreviousPosition) {
  std::ostringstream out;
  UciSession session(out);
  session.handle("position startpos moves e2e4");
  session.handle("position startpos moves e2e4 e2e4");
  session.handle("d");
  EXPECT_NE(out.str().find("info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"), std::string::npos)
      << out.str();
}

TEST(Uci, NoLegalMoveAnswersNullMove) {
  const std::string out = run("position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\ngo depth 3\n");
  EXPECT_NE(out.find("score mate 0"), std::string::npos);
  EXPECT_EQ(bestmove_of(out), "0000");
}

TEST(Uci, GarbageBytesNeverCrash) {
  std::string script;
  for (int i = 0; i < 200; ++i) script += std::string(1, char(i % 256)) + "go " + std::to_string(i) + "\n";
  script += "\x01\x02 position startpos moves\n  \t\nuci extra words\nisready\n";
  const std::string out = run(script);
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

TEST(Uci, QuitEndsTheSession) {
  std::ostringstream out;
  UciSession session(out);
  session.handle("go infinite");
  EXPECT_FALSE(session.handle("quit"));
  EXPECT_EQ(count_prefix(out.str(), "bestmove"), 1);
}

TEST(Uci, LimitStrengthPlaysLegalMoves) {
  std::ostringstream out;
  {
    UciSession session(out);
    session.handle("setoption name UCI_LimitStrength value true");
    session.handle("setoption name UCI_Elo value 1000");
    session.handle("setoption name Seed value 7");
    session.handle("position startpos");
    session.handle("go movetime 200");
    while (session.engine().searching()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(out.str().find("error"), std::string::npos) << out.str();
  EXPECT_FALSE(bestmove_of(out.str()).empty());
}

}  // namespace
}  // namespace tabiya::engine
