// Whole games and matches between small fake engines (tests/data/match/*.py):
// scripted games over UCI and CECP, and engines that crash, hang, resign or
// send illegal moves, which must lose while the match goes on.
#include "match/match.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "laws/time_control.h"
#include "notation/pgn_writer.h"

namespace tabiya {
namespace {

const std::string DATA = std::string(TABIYA_TEST_DATA) + "/match/";
// Fool's mate: both engines follow it, so Black mates in every game.
const std::vector<std::string> FOOLS_MATE = {"f2f3", "e7e5", "g2g4", "d8h4"};

EngineSpec fake(const std::string& name, const std::string& mode, std::vector<std::string> script = FOOLS_MATE,
                EngineProtocol protocol = EngineProtocol::UCI) {
  EngineSpec spec;
  spec.name = name;
  spec.protocol = protocol;
  spec.argv = {DATA + (protocol == EngineProtocol::UCI ? "fake_uci.py" : "fake_xboard.py"), mode};
  spec.argv.insert(spec.argv.end(), script.begin(), script.end());
  return spec;
}

GameSettings settings(const std::string& tc = "5+0") {
  GameSettings s;
  s.time_control = *parse_pgn_time_control(tc);
  s.hang_grace = Millis{200};
  return s;
}

// One game between two freshly started engines.
PlayedGame play(const EngineSpec& white, const EngineSpec& black, const GameSettings& s,
                std::string_view fen = START_FEN) {
  auto w = Engine::start(white);
  auto b = Engine::start(black);
  EXPECT_TRUE(w && b);
  Engine* engines[COLOR_NB] = {w->get(), b->get()};
  PlayedGame game = play_game(engines, *parse_fen(fen), s);
  (*w)->quit();
  (*b)->quit();
  return game;
}

TEST(MatchGameTest, ScriptedUciGameEndsInCheckmate) {
  // FIDE 2018 Art. 5.1.1: checkmate ends the game.
  PlayedGame g = play(fake("a", "script"), fake("b", "script"), settings());
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::CHECKMATE);
  EXPECT_EQ(g.game.moves().size(), 4u);
  ASSERT_EQ(g.white_scores.size(), 4u);
  EXPECT_EQ(g.white_scores[0], 10);   // White's own +0.10
  EXPECT_EQ(g.white_scores[1], -20);  // Black's +0.20 is White's -0.20
  EXPECT_TRUE(g.game.moves()[0].clock_after.has_value());
  PgnTags tags;
  std::string pgn = *write_pgn(played_game_to_pgn(g, tags));
  EXPECT_NE(pgn.find("[%clk 0:00:0"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("+0.10/1"), std::string::npos) << pgn;
}

TEST(MatchGameTest, CecpEnginePlaysBothColours) {
  EngineSpec xboard = fake("x", "script", FOOLS_MATE, EngineProtocol::CECP);
  PlayedGame as_white = play(xboard, fake("u", "script"), settings());
  EXPECT_EQ(as_white.game.outcome()->termination, Termination::CHECKMATE);
  EXPECT_EQ(as_white.game.outcome()->score, Score::BLACK_WINS);
  PlayedGame as_black = play(fake("u", "script"), xboard, settings());
  EXPECT_EQ(as_black.game.outcome()->termination, Termination::CHECKMATE);
  EXPECT_EQ(as_black.game.outcome()->score, Score::BLACK_WINS);
  // CECP thinking output "ply score ...": Black reported -0.40 at ply 2, White's +0.40.
  EXPECT_EQ(as_black.white_scores[1], 40);
}

TEST(MatchGameTest, CecpEngineStartsFromASetPosition) {
  // setboard: Ra1-a8 mates the king on h8 behind its pawns.
  EngineSpec xboard = fake("x", "script", {"a1a8"}, EngineProtocol::CECP);
  PlayedGame g = play(xboard, fake("u", "script", {}), settings(), "7k/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_EQ(g.game.outcome()->termination, Termination::CHECKMATE);
  EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
}

TEST(MatchGameTest, ThreefoldRepetitionIsClaimedForThePlayerOnMove) {
  // FIDE 2018 Art. 9.2.1: the start position stands for the third time after 8 plies.
  std::vector<std::string> knights = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3"};
  PlayedGame g = play(fake("a", "script", knights), fake("b", "script", knights), settings());
  EXPECT_EQ(g.game.outcome()->termination, Termination::THREEFOLD_REPETITION);
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.moves().size(), 8u);
}

TEST(MatchGameTest, DrawAdjudicationByScore) {
  std::vector<std::string> knights = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"};
  GameSettings s = settings();
  s.draw = DrawAdjudication{0, 1, 20};  // both within 0.20 for one move each
  PlayedGame g = play(fake("a", "script", knights), fake("b", "script", knights), s);
  EXPECT_EQ(g.game.outcome()->termination, Termination::ARBITER_DECISION);
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.moves().size(), 2u);  // +0.10 then -0.20 from White's view
}

TEST(MatchGameTest, IllegalMoveLoses) {
  PlayedGame g = play(fake("bad", "illegal"), fake("good", "script"), settings());
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
  EXPECT_NE(g.note.find("e2e5"), std::string::npos) << g.note;
  PlayedGame garbage = play(fake("good", "script"), fake("bad", "garbage"), settings());
  EXPECT_EQ(garbage.game.outcome()->score, Score::WHITE_WINS);
  EXPECT_NE(garbage.note.find("???"), std::string::npos) << garbage.note;
}

TEST(MatchGameTest, CrashedEngineLosesAndIsMarkedForRestart) {
  PlayedGame g = play(fake("good", "script"), fake("crash", "crash"), settings());
  EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
  EXPECT_TRUE(g.restart[BLACK]);
  EXPECT_FALSE(g.restart[WHITE]);
  EXPECT_NE(g.note.find("exited with status 3"), std::string::npos) << g.note;
}

TEST(MatchGameTest, HungEngineLosesOnTimeAndIsKilled) {
  // FIDE 2018 Art. 6.9: the flag fell and the opponent can mate: lost.
  PlayedGame g = play(fake("hang", "hang"), fake("good", "script"), settings("0.3+0"));
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
  EXPECT_TRUE(g.restart[WHITE]);
  EXPECT_NE(g.note.find("killed"), std::string::npos) << g.note;
}

TEST(MatchGameTest, HungEngineDrawsWhenTheOpponentCannotMate) {
  // FIDE 2018 Art. 6.9: the flag fell but the opponent has a bare king: drawn.
  PlayedGame g =
      play(fake("hang", "hang"), fake("good", "script", {}), settings("0.3+0"), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIMEOUT_DRAW);
}

TEST(MatchGameTest, CecpResignation) {
  EngineSpec resigner = fake("x", "resign", {}, EngineProtocol::CECP);
  PlayedGame g = play(fake("u", "script"), resigner, settings());
  EXPECT_EQ(g.game.outcome()->termination, Termination::RESIGNATION);
  EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
}

MatchSettings match_of(EngineSpec first, EngineSpec second, int games, const std::string& tc = "5+0") {
  MatchSettings m;
  m.engines[0] = std::move(first);
  m.engines[1] = std::move(second);
  m.game = settings(tc);
  m.games = games;
  return m;
}

TEST(MatchTest, ScriptedMatchAlternatesColoursAndWritesPgn) {
  MatchSettings m = match_of(fake("a", "script"), fake("b", "script"), 4);
  m.concurrency = 2;
  m.pgn_path = testing::TempDir() + "tabiya_match_test.pgn";
  std::ostringstream out;
  auto summary = run_match(m, out);
  ASSERT_TRUE(summary) << summary.error().message;
  // Black mates every game; "a" has Black in games 2 and 4.
  EXPECT_EQ(summary->games_played, 4);
  EXPECT_EQ(summary->wdl.wins, 2);
  EXPECT_EQ(summary->wdl.losses, 2);
  EXPECT_EQ(summary->pentanomial.pairs[2], 2);  // each pair 1 point out of 2
  EXPECT_NE(out.str().find("Game 4/4"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Elo +0.0"), std::string::npos) << out.str();
  std::ifstream pgn(m.pgn_path);
  std::stringstream text;
  text << pgn.rdbuf();
  EXPECT_NE(text.str().find("[Round \"4\"]"), std::string::npos);
  EXPECT_NE(text.str().find("[White \"b\"]"), std::string::npos);
  EXPECT_NE(text.str().find("[%clk"), std::string::npos);
}

TEST(MatchTest, OpeningsArePlayedWithBothColours) {
  MatchSettings m = match_of(fake("x", "script", {"a1a8"}, EngineProtocol::CECP), fake("u", "script", {"a1a8"}), 2);
  m.openings = *parse_epd_openings("7k/5ppp/8/8/8/8/8/R5K1 w - - id \"back rank\";\n");
  std::ostringstream out;
  auto summary = run_match(m, out);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->wdl.wins, 1);  // each engine mates once with White
  EXPECT_EQ(summary->wdl.losses, 1);
}

TEST(MatchTest, CrashingEngineIsRestartedAndTheMatchContinues) {
  MatchSettings m = match_of(fake("crash", "crash"), fake("good", "script"), 3);
  std::ostringstream out;
  auto summary = run_match(m, out);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->games_played, 3);
  EXPECT_EQ(summary->wdl.losses, 3);
  ASSERT_EQ(summary->failures.size(), 3u);
  EXPECT_NE(summary->failures[2].find("crashed"), std::string::npos) << summary->failures[2];
}

TEST(MatchTest, HangingEngineIsRestartedAndTheMatchContinues) {
  MatchSettings m = match_of(fake("hang", "hang"), fake("good", "script"), 2, "0.3+0");
  std::ostringstream out;
  auto summary = run_match(m, out);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->wdl.losses, 2);
  EXPECT_NE(out.str().find("loss on time"), std::string::npos) << out.str();
}

TEST(MatchTest, SprtStopsALopsidedMatchEarly) {
  MatchSettings m = match_of(fake("good", "script"), fake("bad", "illegal"), 20);
  m.sprt = SprtParameters{0, 10, 0.05, 0.05};
  std::ostringstream out;
  auto summary = run_match(m, out);
  ASSERT_TRUE(summary) << summary.error().message;
  ASSERT_TRUE(summary->sprt);
  EXPECT_EQ(summary->sprt->decision, SprtDecision::ACCEPT_H1);
  // One win already crosses the bound; the match stops at the minimum of 8 games.
  EXPECT_EQ(summary->games_played, 8);
  EXPECT_EQ(summary->wdl.wins, summary->games_played);
  EXPECT_NE(out.str().find("H1 accepted"), std::string::npos) << out.str();
}

TEST(MatchTest, EngineThatCannotStartIsAClearError) {
  EngineSpec missing;
  missing.name = "missing";
  missing.argv = {"/nonexistent/engine"};
  std::ostringstream out;
  auto summary = run_match(match_of(missing, fake("good", "script"), 2), out);
  ASSERT_FALSE(summary);
  EXPECT_NE(summary.error().message.find("cannot run engine command \"/nonexistent/engine\""), std::string::npos)
      << summary.error().message;
}

TEST(MatchTest, EngineThatDoesNotSpeakUciTimesOut) {
  EngineSpec silent;
  silent.name = "cat";
  silent.argv = {"sleep", "10"};
  silent.startup_timeout = std::chrono::milliseconds(300);
  auto engine = Engine::start(silent);
  ASSERT_FALSE(engine);
  EXPECT_NE(engine.error().message.find("did not answer \"uci\""), std::string::npos) << engine.error().message;
}

TEST(OpeningsTest, EpdAndPgn) {
  auto epd = parse_epd_openings(
      "# comment\n\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 hmvc 0; fmvn 2; id \"open\";\n", "t.epd");
  ASSERT_TRUE(epd) << epd.error().message;
  ASSERT_EQ(epd->size(), 1u);
  EXPECT_EQ((*epd)[0].name, "open");
  EXPECT_EQ((*epd)[0].position.fullmove_number(), 2);
  auto bad = parse_epd_openings("rnbqkbnr/pppp1ppp/8/4p3 w\n", "t.epd");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "t.epd:1: expected four FEN fields");
  auto pgn = parse_pgn_openings("[ECO \"C20\"]\n\n1. e4 e5 2. Nf3 *\n", "t.pgn");
  ASSERT_TRUE(pgn) << pgn.error().message;
  EXPECT_EQ((*pgn)[0].name, "C20");
  EXPECT_EQ(to_fen((*pgn)[0].position), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

}  // namespace
}  // namespace tabiya
