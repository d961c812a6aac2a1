// Whole games played through the terminal loop with scripted input.
#include "terminal_game.h"

#include <CLI/CLI.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "commands.h"
#include "core/movegen.h"
#include "core/uci_move.h"

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

}  // namespace
}  // namespace tabiya::cli

namespace tabiya::cli {
namespace {

// Runs `tabiya <command_line>` with stdin and stdout replaced by strings.
struct CommandRun {
  int exit_code = 0;
  std::string out;
};

CommandRun run_play_command(const std::string& command_line, const std::string& input) {
  CLI::App app{"tabiya"};
  app.require_subcommand(1);
  add_play_command(app);
  std::istringstream in(input);
  std::ostringstream out;
  std::streambuf* saved_in = std::cin.rdbuf(in.rdbuf());
  std::streambuf* saved_out = std::cout.rdbuf(out.rdbuf());
  CommandRun run;
  try {
    app.parse(command_line, false);
  } catch (const CLI::Error& e) {
    run.exit_code = e.get_exit_code();
  }
  std::cin.rdbuf(saved_in);
  std::cout.rdbuf(saved_out);
  run.out = out.str();
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
