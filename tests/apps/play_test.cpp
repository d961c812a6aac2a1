// Whole games played through the terminal loop with scripted input.
#include "terminal_game.h"

#include <CLI/CLI.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>

#include "commands.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "laws/time_control.h"
#include "laws/time_source.h"

namespace tabiya::cli {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

// Options with a fixed PGN date, so the expected text does not depend on today.
PlayOptions fixed_date() {
  PlayOptions options;
  options.date = "2024.06.01";
  return options;
}

std::string play(const std::string& input, const PlayOptions& options = fixed_date()) {
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

TEST(Play, StartsWithHelpLineBoardAndPrompt) {
  const std::string out = play("");
  EXPECT_THAT(out, HasSubstr("'help'"));
  EXPECT_THAT(out, HasSubstr(" 8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ 8\n"));
  EXPECT_THAT(out, HasSubstr("White to move (1.): "));
}

TEST(Play, PromptNamesSideAndMoveNumber) {
  const std::string out = play("e4\ne5\nNf3\n");
  EXPECT_THAT(out, HasSubstr("Black to move (1...): "));
  EXPECT_THAT(out, HasSubstr("White to move (2.): "));
  EXPECT_THAT(out, HasSubstr("Black to move (2...): "));
  EXPECT_THAT(out, HasSubstr("Last move: 2. Nf3\n"));
}

// FIDE 2014 Art. 5.1.a (5.1.1 since 2018): the player who checkmates the
// opponent's king wins, and the game ends at once.
TEST(Play, FoolsMateEndsTheGameForBlack) {
  const std::string out = play("f3\ne5\ng4\nQh4#\ne4\n");
  EXPECT_THAT(out, HasSubstr("Last move: 2... Qh4#\n"));
  EXPECT_THAT(out, HasSubstr("Checkmate: Black wins 0-1 (FIDE 2018 Art. 5.1.1)\n"));
  EXPECT_THAT(out, Not(HasSubstr("in check")));
  EXPECT_THAT(out, HasSubstr("[Result \"0-1\"]\n"));
  EXPECT_THAT(out, EndsWith("\n1. f3 e5 2. g4 Qh4# 0-1\n"));
  // The game is over: nothing after the mate is read as a move.
  EXPECT_THAT(out, Not(HasSubstr("White to move (3.)")));
}

TEST(Play, CheckmateFoundWithoutTheHashSign) {
  const std::string out = play("e4\ne5\nBc4\nNc6\nQh5\nNf6\nQxf7\n");
  EXPECT_THAT(out, HasSubstr("Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)\n"));
  EXPECT_THAT(out, EndsWith("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"));
}

TEST(Play, ResultCitesTheChosenEdition) {
  PlayOptions options = fixed_date();
  options.rules = RulesEdition::FIDE_2014;
  const std::string out = play("e4\ne5\nBc4\nNc6\nQh5\nNf6\nQxf7\n", options);
  EXPECT_THAT(out, HasSubstr("Checkmate: White wins 1-0 (FIDE 2014 Art. 5.1.a)\n"));
  EXPECT_THAT(out, HasSubstr("[Rules \"fide-2014\"]\n"));
}

// FIDE 2014 Art. 5.2.a (5.2.1 since 2018): the game is drawn when the player
// to move has no legal move and is not in check. Sam Loyd's ten-move stalemate.
TEST(Play, StalemateIsADraw) {
  const std::string out =
      play("e3\na5\nQh5\nRa6\nQxa5\nh5\nh4\nRah6\nQxc7\nf6\nQxd7+\nKf7\nQxb7\nQd3\nQxb8\nQh7\nQxc8\nKg6\nQe6\n");
  EXPECT_THAT(out, HasSubstr("Stalemate: draw ½-½ (FIDE 2018 Art. 5.2.1)\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"1/2-1/2\"]\n"));
  EXPECT_THAT(out, EndsWith(" 10. Qe6 1/2-1/2\n"));
}

TEST(Play, StalemateFromAFen) {
  PlayOptions options = fixed_date();
  options.fen = "k7/8/8/1Q6/8/8/8/7K w - - 0 1";
  const std::string out = play("Qb6\n", options);
  EXPECT_THAT(out, HasSubstr("Stalemate: draw ½-½"));
}

TEST(Play, AsciiWritesTheDrawScoreInAscii) {
  PlayOptions options = fixed_date();
  options.fen = "k7/8/8/1Q6/8/8/8/7K w - - 0 1";
  options.style = DiagramStyle::ASCII;
  const std::string out = play("Qb6\n", options);
  EXPECT_THAT(out, HasSubstr("Stalemate: draw 1/2-1/2 (FIDE"));
  EXPECT_THAT(out, HasSubstr(" 8 k . . . . . . . 8\n"));
  EXPECT_THAT(out, Not(HasSubstr("♔")));
}

// FIDE 2014 Art. 5.1.b (5.1.2 since 2018): the player whose opponent resigns wins.
TEST(Play, SideToMoveResigns) {
  const std::string out = play("e4\nresign\n");
  EXPECT_THAT(out, HasSubstr("Black resigns: White wins 1-0 (FIDE 2018 Art. 5.1.2)\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"1-0\"]\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 {Black resigns} 1-0\n"));
}

TEST(Play, WhiteResignsAtTheStart) {
  const std::string out = play("RESIGN\n");
  EXPECT_THAT(out, HasSubstr("White resigns: Black wins 0-1"));
  EXPECT_THAT(out, EndsWith("\n{White resigns} 0-1\n"));
}

// FIDE 2014 Art. 5.2.c and 9.1.b: a draw offer that the opponent accepts ends
// the game in a draw.
TEST(Play, DrawOfferAccepted) {
  const std::string out = play("e4\ne5\ndraw\nyes\nNf3\n");
  EXPECT_THAT(out, HasSubstr("White offers a draw.\nBlack, do you accept the draw? (yes/no): "));
  EXPECT_THAT(out, HasSubstr("Draw by agreement: ½-½ (FIDE 2018 Art. 9.1)\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 {White offers a draw (=) Black accepts the draw offer} 1/2-1/2\n"));
}

TEST(Play, DrawOfferAcceptedWithAccept) {
  const std::string out = play("draw\naccept\n");
  EXPECT_THAT(out, HasSubstr("Draw by agreement: ½-½"));
}

// FIDE 2014 Art. 9.1.b: the opponent may reject an offer by saying so.
TEST(Play, DrawOfferDeclined) {
  const std::string out = play("e4\ndraw\nno\ne5\nquit\n");
  EXPECT_THAT(out, HasSubstr("Black offers a draw.\nWhite, do you accept the draw? (yes/no): "));
  EXPECT_THAT(out, HasSubstr("White declines the draw.\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 1... e5\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 {Black offers a draw (=) White declines the draw offer} 1... e5 *\n"));
}

TEST(Play, DrawOfferDeclinedWithDecline) {
  const std::string out = play("draw\ndecline\nquit\n");
  EXPECT_THAT(out, HasSubstr("Black declines the draw.\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"*\"]"));
}

// FIDE 2014 Art. 9.1.b: the offer stands while the offerer plays on, until
// the opponent accepts it, rejects it, or rejects it by making a move.
TEST(Play, OfferStandsWhileTheOffererPlaysOn) {
  const std::string out = play("draw\nmaybe\ne4\nyes\n");
  EXPECT_THAT(out, HasSubstr("Please answer yes or no"));
  EXPECT_THAT(out, HasSubstr("Last move: 1. e4\nWhite offers a draw: Black, answer yes or no, or play a move to decline.\n"));
  EXPECT_THAT(out, HasSubstr("Draw by agreement: ½-½"));
}

TEST(Play, MovingDeclinesAStandingOffer) {
  const std::string out = play("draw\ne4\ne5\nquit\n");
  EXPECT_THAT(out, HasSubstr("Draw offer declined.\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 1... e5\n"));
  EXPECT_THAT(out, HasSubstr("Black declines the draw offer by moving"));
  EXPECT_THAT(out, HasSubstr("[Result \"*\"]"));
}

TEST(Play, OfferingBackAcceptsAStandingOffer) {
  const std::string out = play("draw\ne4\ndraw\n");
  EXPECT_THAT(out, HasSubstr("Draw by agreement: ½-½"));
}

TEST(Play, AnswerWithoutAnOffer) {
  const std::string out = play("yes\nno\n");
  EXPECT_EQ(count_of(out, "There is no draw offer to answer.\n"), 2u);
}

TEST(Play, NewOfferAfterADeclinedOne) {
  const std::string out = play("draw\ne4\ne5\nNf3\ndraw\nno\n");
  EXPECT_THAT(out, HasSubstr("Black offers a draw.\nWhite, do you accept the draw? (yes/no): "));
  EXPECT_THAT(out, HasSubstr("White declines the draw.\n"));
  EXPECT_THAT(out, HasSubstr("{Black offers a draw (=) White declines the draw offer} *\n"));
}

TEST(Play, QuitWhileADrawIsOffered) {
  const std::string out = play("e4\ndraw\nquit\ne5\n");
  EXPECT_THAT(out, HasSubstr("Game left unfinished.\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 {Black offers a draw (=)} *\n"));
}

TEST(Play, EndOfInputWhileADrawIsOffered) {
  const std::string out = play("draw\n");
  EXPECT_THAT(out, HasSubstr("End of input: the game is left unfinished.\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"*\"]"));
}

TEST(Play, UndoTakesBackTheLastMove) {
  const std::string out = play("e4\ne5\nundo\nd5\npgn\nquit\n");
  EXPECT_THAT(out, HasSubstr("Took back 1... e5.\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 1... d5\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 d5 *\n"));
}

TEST(Play, UndoAtTheStartHasNothingToTakeBack) {
  const std::string out = play("undo\ne4\nundo\nundo\n");
  EXPECT_EQ(count_of(out, "Nothing to undo.\n"), 2u);
  EXPECT_THAT(out, HasSubstr("Took back 1. e4.\n"));
}

TEST(Play, FlipTurnsTheBoard) {
  const std::string out = play("flip\nflip\n");
  EXPECT_EQ(count_of(out, "   h g f e d c b a\n"), 2u);  // one board drawn from Black's side
  EXPECT_THAT(out, HasSubstr(" 1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ 1\n"));
}

TEST(Play, FlippedFromTheStart) {
  PlayOptions options = fixed_date();
  options.flipped = true;
  const std::string out = play("", options);
  EXPECT_THAT(out, HasSubstr("   h g f e d c b a\n 1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ 1\n"));
}

TEST(Play, FenCommandPrintsThePosition) {
  const std::string out = play("e4\nfen\n");
  EXPECT_THAT(out, HasSubstr("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"));
}

TEST(Play, PgnCommandShowsTheGameSoFar) {
  const std::string out = play("e4\ne5\npgn\n");
  EXPECT_THAT(out, HasSubstr("[Event \"Casual game\"]\n"
                             "[Site \"?\"]\n"
                             "[Date \"2024.06.01\"]\n"
                             "[Round \"-\"]\n"
                             "[White \"?\"]\n"
                             "[Black \"?\"]\n"
                             "[Result \"*\"]\n"
                             "[Rules \"fide-2018\"]\n"
                             "\n"
                             "1. e4 e5 *\n"));
}

TEST(Play, PgnUsesPlayerNamesAndEscapesQuotes) {
  PlayOptions options = fixed_date();
  options.white = "Anna \"The Rook\"";
  options.black = "Bo";
  const std::string out = play("pgn\n", options);
  EXPECT_THAT(out, HasSubstr("[White \"Anna \\\"The Rook\\\"\"]\n[Black \"Bo\"]\n"));
}

TEST(Play, HelpListsTheCommands) {
  const std::string out = play("help\n");
  for (const char* command : {"undo", "flip", "fen", "pgn", "draw", "resign", "quit", "moves"})
    EXPECT_THAT(out, HasSubstr(std::string("  ") + command + " ")) << command;
}

TEST(Play, MovesListsEveryLegalMove) {
  const std::string out = play("moves\n");
  EXPECT_THAT(out, HasSubstr("20 legal moves: Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4"));
}

TEST(Play, QuitLeavesTheGameUnfinished) {
  const std::string out = play("e4\nquit\ne5\n");
  EXPECT_THAT(out, HasSubstr("Game left unfinished.\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 *\n"));
  EXPECT_THAT(out, Not(HasSubstr("1... e5")));
}

TEST(Play, EndOfInputEndsCleanly) {
  const std::string out = play("e4\ne5");  // the last line has no newline
  EXPECT_THAT(out, HasSubstr("Last move: 1... e5\n"));
  EXPECT_THAT(out, HasSubstr("End of input: the game is left unfinished.\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 *\n"));
}

TEST(Play, IllegalMoveIsRefusedAndAskedAgain) {
  const std::string out = play("e5\nKe2\ne4\n");
  EXPECT_EQ(count_of(out, "White to move (1.): "), 3u);
  EXPECT_THAT(out, HasSubstr("\"e5\" is illegal"));
  EXPECT_THAT(out, HasSubstr("Last move: 1. e4\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 *\n"));
}

TEST(Play, AmbiguousMoveListsTheCandidates) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
  const std::string out = play("Nd2\nNfd2\n", options);
  EXPECT_THAT(out, HasSubstr("ambiguous"));
  EXPECT_THAT(out, HasSubstr("Nbd2, Nfd2"));
  EXPECT_THAT(out, HasSubstr("Last move: 1. Nfd2\n"));
}

TEST(Play, NonsenseLinesNeverEndTheGame) {
  const std::string out = play("hello\n\n   \n\t\n?!\n" + std::string(5000, 'x') + "\n\xff\xfe\x01\n♘♘♘\ne2e4\n");
  EXPECT_THAT(out, HasSubstr("Type 'help'"));
  EXPECT_THAT(out, HasSubstr("Last move: 1. e4\n"));
}

TEST(Play, RandomBytesNeverCrash) {
  std::mt19937 rng(2014);
  std::string input;
  for (int line = 0; line < 300; ++line) {
    const int length = int(rng() % 12);
    for (int i = 0; i < length; ++i) input += char(rng() % 256);
    input += '\n';
  }
  const std::string out = play(input);
  EXPECT_THAT(out, HasSubstr("[Result \""));
}

TEST(Play, AcceptsEveryNotationAtThePrompt) {
  const std::string out = play("e2e4\ne7-e5\nNg1-f3\n♞c6\nBc4\nNf6\nO-O\n");
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n"));
}

TEST(Play, NationalLettersForInputAndScreen) {
  PlayOptions options = fixed_date();
  options.language = Language::DE;
  const std::string out = play("Sf3\nSf6\n", options);
  EXPECT_THAT(out, HasSubstr("Last move: 1. Sf3\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 1... Sf6\n"));
  // PGN keeps English letters.
  EXPECT_THAT(out, EndsWith("\n1. Nf3 Nf6 *\n"));
}

TEST(Play, PolishLetters) {
  PlayOptions options = fixed_date();
  options.language = Language::PL;
  const std::string out = play("e4\ne5\nSf3\nSc6\nGc4\n", options);  // skoczek, goniec
  EXPECT_THAT(out, HasSubstr("Last move: 2... Sc6\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 3. Gc4\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n"));
}

// The terminal reads moves said in words with the same reader as the server:
// the Appendix D words (FIDE Laws 2018 App. D.2.1) in any language, and the
// chosen language's own words and letters.
TEST(Play, MovesInAppendixDWords) {
  const std::string out = play(
      "help\nBauer Eva vier\nBauer Eva fuenf\nSpringer Gustav eins Felix drei\nSpringer Cesar sechs\n"
      "Laeufer Cesar vier\nSpringer Felix sechs\nKurze Rochade\n");
  EXPECT_THAT(out, HasSubstr("Or in words: Springer Felix drei"));
  EXPECT_THAT(out, Not(HasSubstr("Type 'help'")));
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n"));
}

TEST(Play, MovesInTheLanguagesWords) {
  PlayOptions options = fixed_date();
  options.language = Language::PL;
  const std::string out =
      play("pion na e4\ne5\nskoczek na f3\nSc6\ngoniec na c4\nskoczek na f6\nkrótka roszada\n", options);
  EXPECT_THAT(out, HasSubstr("Last move: 4. O-O\n"));
  EXPECT_THAT(out, EndsWith("\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n"));
  options.language = Language::UK;
  const std::string uk = play("пішак на e4\nпішак на e5\nкінь з g1 на f3\nКрe7\n", options);
  EXPECT_THAT(uk, EndsWith("\n1. e4 e5 2. Nf3 Ke7 *\n"));
}

TEST(Play, WordsThatAreNotAMoveAreExplained) {
  const std::string out = play("Springer nach Paris\nSpringer Eva fuenf\ne4\n");
  EXPECT_THAT(out, HasSubstr("\"Springer nach Paris\": unknown word \"Paris\""));
  EXPECT_THAT(out, HasSubstr("\"Springer Eva fuenf\" is illegal: no knight can move to e5"));
  EXPECT_THAT(out, HasSubstr("Last move: 1. e4\n"));
}

TEST(Play, StartFromFenWithBlackToMove) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 12";
  const std::string out = play("Kd7\ne4\n", options);
  EXPECT_THAT(out, HasSubstr("Black to move (12...): "));
  EXPECT_THAT(out, HasSubstr("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 12\"]\n"));
  EXPECT_THAT(out, EndsWith("\n12... Kd7 13. e4 *\n"));
}

TEST(Play, InvalidFenIsReported) {
  PlayOptions options = fixed_date();
  options.fen = "not a fen";
  std::istringstream in("e4\n");
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 2);
  EXPECT_THAT(out.str(), HasSubstr("--fen \"not a fen\""));
}

TEST(Play, InvalidChess960NumberIsReported) {
  PlayOptions options = fixed_date();
  options.chess960 = 960;
  std::istringstream in("");
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 2);
  EXPECT_THAT(out.str(), HasSubstr("--chess960 960"));
}

// FIDE 2014 Appendix F (Chess960): position 0 is BBQNNRKR.
TEST(Play, Chess960Start) {
  PlayOptions options = fixed_date();
  options.chess960 = 0;
  options.style = DiagramStyle::ASCII;
  const std::string out = play("pgn\n", options);
  EXPECT_THAT(out, HasSubstr(" 1 B B Q N N R K R 1\n"));
  EXPECT_THAT(out, HasSubstr("[Variant \"Chess960\"]\n"));
  EXPECT_THAT(out, HasSubstr("[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n"));
}

TEST(Play, CheckIsAnnounced) {
  const std::string out = play("e4\nf6\nQh5+\n");
  EXPECT_THAT(out, HasSubstr("Last move: 2. Qh5+\nBlack is in check.\n"));
}

// FIDE 2014 Art. 5.2.b (5.2.2 since 2018): a position from which no series of
// legal moves can lead to mate ends the game at once (king and bishop against king).
TEST(Play, DeadPositionIsADraw) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1";
  const std::string out = play("Kxd2\n", options);
  EXPECT_THAT(out, HasSubstr("Dead position: draw ½-½ (FIDE 2018 Art. 5.2.2)\n"));
}

TEST(Play, BishopsOnOppositeColoursAreNotDead) {
  PlayOptions options = fixed_date();
  options.fen = "4kb2/8/8/8/8/8/3r4/3BK3 w - - 0 1";  // d1 light, f8 dark
  const std::string out = play("Kxd2\n", options);
  EXPECT_THAT(out, Not(HasSubstr("Dead position")));
  EXPECT_THAT(out, HasSubstr("Black to move (1...): "));
}

TEST(Play, BishopsOnOneColourAreDead) {
  PlayOptions options = fixed_date();
  options.fen = "4k1b1/8/8/8/8/8/3r4/3BK3 w - - 0 1";  // d1 and g8 both light
  const std::string out = play("Kxd2\n", options);
  EXPECT_THAT(out, HasSubstr("Dead position: draw ½-½ (FIDE 2018 Art. 5.2.2)\n"));
}

// FIDE 2014 Art. 9.2: the player to move may claim a draw when the same
// position has appeared three times.
TEST(Play, ThreefoldRepetitionClaimedWithDraw) {
  const std::string out = play("Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw\n");
  EXPECT_THAT(out, HasSubstr("Threefold repetition, claimed by White: draw ½-½ (FIDE 2018 Art. 9.2)\n"));
  EXPECT_THAT(out, HasSubstr("{White claims a draw by threefold"));
  EXPECT_THAT(out, HasSubstr("repetition (Art. 9.2): upheld}"));
  EXPECT_THAT(out, HasSubstr("[Result \"1/2-1/2\"]"));
}

TEST(Play, TwofoldRepetitionIsOnlyAnOffer) {
  const std::string out = play("Nf3\nNf6\nNg1\nNg8\ndraw\nno\n");
  EXPECT_THAT(out, HasSubstr("White offers a draw.\n"));
}

// FIDE 2014 Art. 9.6.a (9.6.1 since 2018): fivefold repetition ends the game
// without a claim.
TEST(Play, FivefoldRepetitionDrawsAutomatically) {
  std::string input;
  for (int i = 0; i < 4; ++i) input += "Nf3\nNf6\nNg1\nNg8\n";
  const std::string out = play(input + "e4\n");
  EXPECT_THAT(out, HasSubstr("Fivefold repetition: draw ½-½ (FIDE 2018 Art. 9.6.1)\n"));
  EXPECT_THAT(out, Not(HasSubstr("Last move: 9. e4")));
}

// FIDE 2014 Art. 9.3: fifty moves by each side without a pawn move or capture
// entitle the player to move to claim a draw.
TEST(Play, FiftyMoveRuleClaimedWithDraw) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
  const std::string out = play("Ra2\ndraw\n", options);
  EXPECT_THAT(out, HasSubstr("Fifty-move rule, claimed by Black: draw ½-½ (FIDE 2018 Art. 9.3)\n"));
}

// FIDE 2014 Art. 9.6.b (9.6.2 since 2018): 75 moves each without pawn move or
// capture end the game, unless the last move mated.
TEST(Play, SeventyFiveMoveRuleDrawsAutomatically) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/8/R3K3 w - - 149 80";
  const std::string out = play("Ra2\n", options);
  EXPECT_THAT(out, HasSubstr("Seventy-five-move rule: draw ½-½ (FIDE 2018 Art. 9.6.2)\n"));
}

TEST(Play, MateOnTheSeventyFifthMoveStillWins) {
  PlayOptions options = fixed_date();
  options.fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100";
  const std::string out = play("Ra8#\n", options);
  EXPECT_THAT(out, HasSubstr("Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)\n"));
}

TEST(Play, GameOverAtTheStartIsAnnouncedAtOnce) {
  PlayOptions options = fixed_date();
  options.fen = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1";
  const std::string out = play("Ka7\n", options);
  EXPECT_THAT(out, HasSubstr("Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)\n"));
  EXPECT_THAT(out, Not(HasSubstr("to move (")));
}

// Random legal games, typed as UCI moves, are played move for move until they
// end, and their PGN keeps to the export format's line length.
TEST(Play, RandomGamesPlayToTheirEnd) {
  std::mt19937 rng(5);
  for (int game = 0; game < 10; ++game) {
    Position pos = Position::startpos();
    std::string input;
    std::size_t plies = 0;
    for (; plies < 300; ++plies) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      input += to_uci(m, pos) + '\n';
      UndoInfo undo;
      pos.do_move(m, undo);
    }
    PlayOptions options = fixed_date();
    options.style = DiagramStyle::ASCII;
    const std::string out = play(input, options);
    const std::size_t shown = count_of(out, "Last move: ");
    EXPECT_LE(shown, plies);
    // Only a game that ended early (dead position, fivefold, 75 moves) skips moves.
    if (shown < plies) {
      EXPECT_THAT(out, Not(HasSubstr("[Result \"*\"]")));
    }
    EXPECT_THAT(out, Not(HasSubstr("Type 'help'")));
    EXPECT_THAT(out, Not(HasSubstr("ambiguous")));
    EXPECT_THAT(out, Not(HasSubstr("illegal")));
    std::istringstream pgn(out.substr(out.rfind("[Event ")));
    for (std::string line; std::getline(pgn, line);) EXPECT_LE(line.size(), 79u) << line;
  }
}

// Input whose lines arrive one by one, each after the player thought for a
// given time on a ManualTimeSource: a script of a timed game.
class ThinkingInput : public std::streambuf {
 public:
  struct Line {
    Millis think;
    std::string text;
  };
  ThinkingInput(std::vector<Line> lines, ManualTimeSource& time) : lines_(std::move(lines)), time_(time) {}

 protected:
  int_type underflow() override {
    if (next_ == lines_.size()) return traits_type::eof();
    time_.advance(lines_[next_].think);
    current_ = lines_[next_++].text + '\n';
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }

 private:
  std::vector<Line> lines_;
  ManualTimeSource& time_;
  std::size_t next_ = 0;
  std::string current_;
};

using std::chrono::minutes;
using std::chrono::seconds;

std::string play_timed(const std::string& tc, std::vector<ThinkingInput::Line> lines, PlayOptions options = fixed_date()) {
  auto time = std::make_shared<ManualTimeSource>();
  auto parsed = parse_human_time_control(tc);
  EXPECT_TRUE(parsed) << tc;
  if (parsed) options.time_control = parsed.value();
  options.time_source = time;
  ThinkingInput script(std::move(lines), *time);
  std::istream in(&script);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

// FIDE 2014 Art. 6.3 (time controls): with 5 min + 3 s per move credited from
// move 1, both clocks start at 5:03 and show under the board and in the prompt.
TEST(PlayTimed, ClocksAreShown) {
  const std::string out = play_timed("5+3", {{seconds(10), "e4"}, {seconds(65), "e5"}});
  EXPECT_THAT(out, HasSubstr("Clocks: White 5:03, Black 5:03\n"));
  EXPECT_THAT(out, HasSubstr("White to move (1.) [White 5:03, Black 5:03]: "));
  // White used 10 s and got 3 s for his next move; Black used 65 s.
  EXPECT_THAT(out, HasSubstr("Black to move (1...) [White 4:56, Black 5:03]: "));
  EXPECT_THAT(out, HasSubstr("Clocks: White 4:56, Black 4:01\n"));
}

TEST(PlayTimed, LongControlsShowHours) {
  const std::string out = play_timed("40/90+30:30+30", {});
  EXPECT_THAT(out, HasSubstr("Clocks: White 1:30:30, Black 1:30:30\n"));
}

TEST(PlayTimed, UntimedControlHasNoClocks) {
  const std::string out = play_timed("-", {{seconds(10), "e4"}});
  EXPECT_THAT(out, Not(HasSubstr("Clocks:")));
  EXPECT_THAT(out, HasSubstr("Black to move (1...): "));
}

// FIDE 2018 Art. 6.9: a player who does not complete the prescribed moves in
// the allotted time loses the game when the opponent can still checkmate.
TEST(PlayTimed, FlagFallLosesOnTime) {
  const std::string out =
      play_timed("1+0", {{seconds(5), "e4"}, {seconds(61), "e5"}, {seconds(1), "Nf3"}});
  EXPECT_THAT(out, HasSubstr("Black's flag has fallen.\n"));
  EXPECT_THAT(out, HasSubstr("Loss on time: White wins 1-0 (FIDE 2018 Art. 6.9)\n"));
  // The move typed after the flag fell is not played.
  EXPECT_THAT(out, Not(HasSubstr("Last move: 1... e5")));
  EXPECT_THAT(out, HasSubstr("[Result \"1-0\"]"));
}

// Before 2009 the article was 6.10 (FIDE 2005 Art. 6.10).
TEST(PlayTimed, FlagFallCitesTheChosenEdition) {
  PlayOptions options = fixed_date();
  options.rules = RulesEdition::FIDE_2005;
  const std::string out = play_timed("1+0", {{seconds(61), "e4"}}, options);
  EXPECT_THAT(out, HasSubstr("White's flag has fallen.\n"));
  EXPECT_THAT(out, HasSubstr("Loss on time: Black wins 0-1 (FIDE 2005 Art. 6.10)\n"));
}

// FIDE 2018 Art. 6.9: the game is drawn if the opponent cannot checkmate the
// player's king by any series of legal moves (here: Black has a bare king).
TEST(PlayTimed, FlagFallAgainstABareKingIsADraw) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  const std::string out = play_timed("1+0", {{seconds(70), "e3"}}, options);
  EXPECT_THAT(out, HasSubstr("White's flag has fallen.\n"));
  EXPECT_THAT(out, HasSubstr("Flag fall, but the opponent cannot checkmate: draw ½-½ (FIDE 2018 Art. 6.9)\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"1/2-1/2\"]"));
}

// Takebacks would undo clock time, so a timed game refuses them.
TEST(PlayTimed, NoTakebacksWithClocks) {
  const std::string out = play_timed("5+0", {{seconds(1), "e4"}, {seconds(1), "undo"}});
  EXPECT_THAT(out, HasSubstr("takeback is not possible in a game with clocks"));
  EXPECT_THAT(out, HasSubstr("Black to move (1...)"));
}

// FIDE 2014 Art. 9.2.a: the player claims a draw by writing his intended move,
// which will produce a third occurrence of the position; the claim is upheld.
TEST(Play, ClaimWithIntendedMoveUpheld) {
  const std::string out = play("Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nclaim Ng8\n");
  EXPECT_THAT(out, HasSubstr("Last move: 4... Ng8\n"));
  EXPECT_THAT(out, HasSubstr("Threefold repetition, claimed by Black: draw ½-½ (FIDE 2018 Art. 9.2)\n"));
  EXPECT_THAT(out, HasSubstr("upheld} 4... Ng8 1/2-1/2\n"));
  EXPECT_THAT(out, HasSubstr("[Result \"1/2-1/2\"]"));
}

// FIDE 2014 Art. 9.2: a claim on the position on the board after its third occurrence.
TEST(Play, ClaimOnTheCurrentPosition) {
  const std::string out = play("Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nclaim\n");
  EXPECT_THAT(out, HasSubstr("Threefold repetition, claimed by White: draw ½-½ (FIDE 2018 Art. 9.2)\n"));
}

// FIDE 2014 Art. 9.3.a: the fifty-move claim on an intended move.
TEST(Play, ClaimFiftyMovesWithIntendedMove) {
  PlayOptions options = fixed_date();
  options.fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
  const std::string out = play("claim Ra2\n", options);
  EXPECT_THAT(out, HasSubstr("Fifty-move rule, claimed by White: draw ½-½ (FIDE 2018 Art. 9.3)\n"));
}

// FIDE 2014 Art. 9.5.b: an incorrect claim gives the opponent two extra
// minutes, the intended move is played, and the claim stands as an offer (9.1.b).
TEST(PlayTimed, ClaimWithIntendedMoveRejected) {
  const std::string out = play_timed("15+0", {{seconds(10), "Nf3"}, {seconds(10), "Nf6"}, {seconds(10), "Ng1"},
                                             {seconds(10), "claim Ng8"}});
  EXPECT_THAT(out, HasSubstr("Claim rejected: incorrect claim of threefold repetition (Art. 9.2) after Ng8"));
  EXPECT_THAT(out, HasSubstr("White gets extra time: incorrect draw claim: +2 min (Art. 9.5.b).\n"));
  EXPECT_THAT(out, HasSubstr("Last move: 2... Ng8\n"));
  // White 14:40 + 2 min; Black used 20 s.
  EXPECT_THAT(out, HasSubstr("Clocks: White 16:40, Black 14:40\n"));
  EXPECT_THAT(out, HasSubstr("Black offers a draw: White, answer yes or no"));
  EXPECT_THAT(out, Not(HasSubstr("draw ½-½")));
}

TEST(Play, ClaimWithAnIllegalMoveIsRefused) {
  const std::string out = play("claim Ke2\n");
  EXPECT_THAT(out, Not(HasSubstr("Claim rejected")));
  EXPECT_THAT(out, Not(HasSubstr("Last move")));
}

}  // namespace
}  // namespace tabiya::cli

namespace tabiya::cli {
namespace {

// Runs `tabiya <command_line>` with stdin and stdout replaced by strings.
struct CommandRun {
  int exit_code = 0;
  std::string out;
  std::string err;
};

CommandRun run_play_command(const std::string& command_line, const std::string& input) {
  CLI::App app{"tabiya"};
  app.require_subcommand(1);
  add_play_command(app);
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  std::streambuf* saved_in = std::cin.rdbuf(in.rdbuf());
  std::streambuf* saved_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* saved_err = std::cerr.rdbuf(err.rdbuf());
  CommandRun run;
  try {
    app.parse(command_line, false);
  } catch (const CLI::Error& e) {
    run.exit_code = e.get_exit_code();
  }
  std::cin.rdbuf(saved_in);
  std::cout.rdbuf(saved_out);
  std::cerr.rdbuf(saved_err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

TEST(PlayCommand, OptionsReachTheGame) {
  const CommandRun run =
      run_play_command("play --ascii --flip --lang de --rules fide-2014 --white Anna --black Bo", "Sf3\nresign\n");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("   h g f e d c b a\n 1 R N B K Q B N R 1\n"));
  EXPECT_THAT(run.out, HasSubstr("Last move: 1. Sf3\n"));
  EXPECT_THAT(run.out, HasSubstr("(FIDE 2014 Art. 5.1.b)"));
  EXPECT_THAT(run.out, HasSubstr("[White \"Anna\"]\n[Black \"Bo\"]\n"));
}

TEST(PlayCommand, Chess960Option) {
  const CommandRun run = run_play_command("play --ascii --chess960 0", "");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr(" 1 B B Q N N R K R 1\n"));
}

TEST(PlayCommand, Chess960WithoutANumberPicksOne) {
  const CommandRun run = run_play_command("play --ascii --chess960", "");
  EXPECT_EQ(run.exit_code, 0);
  const std::string prefix = "Chess960 start position ";
  ASSERT_EQ(run.out.rfind(prefix, 0), 0u) << run.out;
  const int number = std::stoi(run.out.substr(prefix.size()));
  EXPECT_GE(number, 0);
  EXPECT_LE(number, 959);
  // The board shown is that position's.
  const CommandRun same = run_play_command("play --ascii --chess960 " + std::to_string(number), "");
  const std::string board = same.out.substr(same.out.find("   a b c d e f g h"));
  EXPECT_THAT(run.out, HasSubstr(board.substr(0, board.find("White to move"))));
}

TEST(PlayCommand, Chess960StandardNumberIsTheUsualStart) {
  const CommandRun run = run_play_command("play --ascii --chess960 518", "");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr(" 1 R N B Q K B N R 1\n"));
  EXPECT_THAT(run.out, Not(HasSubstr("Chess960 start position")));
}

TEST(PlayCommand, TimeControlOption) {
  const CommandRun run = run_play_command("play --tc 15d5", "");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, HasSubstr("Clocks: White 15:00, Black 15:00\n"));
}

TEST(PlayCommand, BadTimeControlFailsWithExitCode2) {
  const CommandRun run = run_play_command("play --tc 5+x", "e4\n");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("tabiya play: --tc: time control \"5+x\""));
  EXPECT_THAT(run.out, Not(HasSubstr("to move")));
}

TEST(PlayCommand, BadFenFailsWithExitCode2) {
  const CommandRun run = run_play_command("play --fen \"8/8/8/8 w - - 0 1\"", "e4\n");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.out, Not(HasSubstr("to move")));
}

TEST(PlayCommand, BadOptionsAreRefused) {
  EXPECT_NE(run_play_command("play --lang xx", "").exit_code, 0);
  EXPECT_NE(run_play_command("play --rules fide-1999", "").exit_code, 0);
  EXPECT_NE(run_play_command("play --chess960 960", "").exit_code, 0);
  EXPECT_NE(run_play_command("play --fen 8/8/8/8/8/8/8/8 --chess960 3", "").exit_code, 0);
}

}  // namespace
}  // namespace tabiya::cli
