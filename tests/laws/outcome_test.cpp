// Scores, PGN result tokens, points and the one-line description of a result
// with the article that decides it in each edition (FIDE 2014 Art. 10.1 and
// the glossary entry "Result"; 2009 Art. 11.1).
#include "laws/outcome.h"

#include <gtest/gtest.h>

#include <string>

namespace tabiya {
namespace {

// FIDE 2014 glossary "Result" (8.7): usually 1-0, 0-1 or 1/2-1/2.
TEST(Outcome, OrdinaryScoresAreWrittenAsOnAScoresheet) {
  EXPECT_EQ(score_text(Score::WHITE_WINS), "1-0");
  EXPECT_EQ(score_text(Score::BLACK_WINS), "0-1");
  EXPECT_EQ(score_text(Score::DRAW), "1/2-1/2");
}

// FIDE 2014 glossary "Result": exceptionally both players may lose (Art. 11.8),
// or one scores 1/2 and the other 0.
TEST(Outcome, ExceptionalScoresAreWrittenAsOnACrosstable) {
  EXPECT_EQ(score_text(Score::BOTH_LOSE), "0-0");
  EXPECT_EQ(score_text(Score::WHITE_HALF), "1/2-0");
  EXPECT_EQ(score_text(Score::BLACK_HALF), "0-1/2");
}

// FIDE 2014 glossary "Result": unplayed games are scored +/-, -/+ and -/-.
TEST(Outcome, ForfeitScoresUsePlusAndMinus) {
  EXPECT_EQ(score_text(Score::WHITE_FORFEIT_WIN), "+/-");
  EXPECT_EQ(score_text(Score::BLACK_FORFEIT_WIN), "-/+");
  EXPECT_EQ(score_text(Score::DOUBLE_FORFEIT), "-/-");
}

// PGN has only four result tokens: a forfeit win is still a win for that
// side; a score PGN cannot express (0-0, 1/2-0, 0-1/2, -/-) becomes "*".
TEST(Outcome, PgnResultTokens) {
  EXPECT_EQ(pgn_result(Score::WHITE_WINS), "1-0");
  EXPECT_EQ(pgn_result(Score::BLACK_WINS), "0-1");
  EXPECT_EQ(pgn_result(Score::DRAW), "1/2-1/2");
  EXPECT_EQ(pgn_result(Score::WHITE_FORFEIT_WIN), "1-0");
  EXPECT_EQ(pgn_result(Score::BLACK_FORFEIT_WIN), "0-1");
  EXPECT_EQ(pgn_result(Score::BOTH_LOSE), "*");
  EXPECT_EQ(pgn_result(Score::WHITE_HALF), "*");
  EXPECT_EQ(pgn_result(Score::BLACK_HALF), "*");
  EXPECT_EQ(pgn_result(Score::DOUBLE_FORFEIT), "*");
}

TEST(Outcome, EveryScoreTextReadsBack) {
  for (Score s : {Score::WHITE_WINS, Score::BLACK_WINS, Score::DRAW, Score::BOTH_LOSE, Score::WHITE_HALF,
                  Score::BLACK_HALF, Score::WHITE_FORFEIT_WIN, Score::BLACK_FORFEIT_WIN, Score::DOUBLE_FORFEIT}) {
    std::optional<Score> back = parse_score(score_text(s));
    ASSERT_TRUE(back.has_value()) << score_text(s);
    EXPECT_EQ(*back, s) << score_text(s);
  }
}

// The 2014 glossary prints the draw as "½-½"; both spellings are read.
TEST(Outcome, ParseScoreAcceptsTheHalfSignAndRejectsNonsense) {
  EXPECT_EQ(parse_score("\xC2\xBD-\xC2\xBD"), Score::DRAW);
  EXPECT_EQ(parse_score("1/2-1/2"), Score::DRAW);
  EXPECT_FALSE(parse_score("").has_value());
  EXPECT_FALSE(parse_score("2-0").has_value());
  EXPECT_FALSE(parse_score("1-0 ").has_value());
  EXPECT_FALSE(parse_score("*").has_value());  // an unfinished game has no score
}

// FIDE 2014 Art. 10.1 (2009 Art. 11.1): a win or a win by forfeit scores 1,
// a loss or a forfeit 0, a draw 1/2 (points are in halves: scale 2).
TEST(Outcome, ClassicPointsAreOneHalfZero) {
  auto check = [](Score s, int white, int black) {
    Points p = points(s, ScoringSystem::CLASSIC);
    EXPECT_EQ(p.scale, 2) << score_text(s);
    EXPECT_EQ(p.white, white) << score_text(s);
    EXPECT_EQ(p.black, black) << score_text(s);
  };
  check(Score::WHITE_WINS, 2, 0);
  check(Score::BLACK_WINS, 0, 2);
  check(Score::DRAW, 1, 1);
  check(Score::BOTH_LOSE, 0, 0);
  check(Score::WHITE_HALF, 1, 0);
  check(Score::BLACK_HALF, 0, 1);
  check(Score::WHITE_FORFEIT_WIN, 2, 0);
  check(Score::BLACK_FORFEIT_WIN, 0, 2);
  check(Score::DOUBLE_FORFEIT, 0, 0);
  // The default system is the classic one.
  EXPECT_EQ(points(Score::DRAW).scale, 2);
}

// FIDE 2014 glossary "Points": the alternative of 3 for a win, 1 for a draw, 0 for a loss.
TEST(Outcome, ThreeOneZeroPoints) {
  auto check = [](Score s, int white, int black) {
    Points p = points(s, ScoringSystem::THREE_ONE_ZERO);
    EXPECT_EQ(p.scale, 1) << score_text(s);
    EXPECT_EQ(p.white, white) << score_text(s);
    EXPECT_EQ(p.black, black) << score_text(s);
  };
  check(Score::WHITE_WINS, 3, 0);
  check(Score::BLACK_WINS, 0, 3);
  check(Score::DRAW, 1, 1);
  check(Score::BOTH_LOSE, 0, 0);
  check(Score::WHITE_HALF, 1, 0);
  check(Score::BLACK_HALF, 0, 1);
  check(Score::WHITE_FORFEIT_WIN, 3, 0);
  check(Score::BLACK_FORFEIT_WIN, 0, 3);
  check(Score::DOUBLE_FORFEIT, 0, 0);
}

TEST(Outcome, WinForEachColour) {
  EXPECT_EQ(win_for(WHITE), Score::WHITE_WINS);
  EXPECT_EQ(win_for(BLACK), Score::BLACK_WINS);
}

// The articles as numbered in each edition: letters without a dot before 2014
// (5.1a), with a dot in 2014 (5.1.a), digits in 2018 (5.1.1).
TEST(Outcome, CheckmateArticlePerEdition) {
  EXPECT_EQ(termination_article(Termination::CHECKMATE, RulesEdition::FIDE_2001), "Art. 5.1a");
  EXPECT_EQ(termination_article(Termination::CHECKMATE, RulesEdition::FIDE_2005), "Art. 5.1a");
  EXPECT_EQ(termination_article(Termination::CHECKMATE, RulesEdition::FIDE_2009), "Art. 5.1a");
  EXPECT_EQ(termination_article(Termination::CHECKMATE, RulesEdition::FIDE_2014), "Art. 5.1.a");
  EXPECT_EQ(termination_article(Termination::CHECKMATE, RulesEdition::FIDE_2018), "Art. 5.1.1");
}

// FIDE 2014 Art. 5.2.b / 2018 Art. 5.2.2 dead position; 2014 Art. 9.6.a/b
// (2018 9.6.1/9.6.2) automatic draws, which do not exist before 2014.
TEST(Outcome, DrawArticlesPerEdition) {
  EXPECT_EQ(termination_article(Termination::STALEMATE, RulesEdition::FIDE_2014), "Art. 5.2.a");
  EXPECT_EQ(termination_article(Termination::STALEMATE, RulesEdition::FIDE_2018), "Art. 5.2.1");
  EXPECT_EQ(termination_article(Termination::DEAD_POSITION, RulesEdition::FIDE_2009), "Art. 5.2b");
  EXPECT_EQ(termination_article(Termination::DEAD_POSITION, RulesEdition::FIDE_2014), "Art. 5.2.b");
  EXPECT_EQ(termination_article(Termination::DEAD_POSITION, RulesEdition::FIDE_2018), "Art. 5.2.2");
  EXPECT_EQ(termination_article(Termination::THREEFOLD_REPETITION, RulesEdition::FIDE_2009), "Art. 9.2");
  EXPECT_EQ(termination_article(Termination::FIFTY_MOVES, RulesEdition::FIDE_2014), "Art. 9.3");
  EXPECT_EQ(termination_article(Termination::FIVEFOLD_REPETITION, RulesEdition::FIDE_2014), "Art. 9.6.a");
  EXPECT_EQ(termination_article(Termination::FIVEFOLD_REPETITION, RulesEdition::FIDE_2018), "Art. 9.6.1");
  EXPECT_EQ(termination_article(Termination::SEVENTY_FIVE_MOVES, RulesEdition::FIDE_2014), "Art. 9.6.b");
  EXPECT_EQ(termination_article(Termination::SEVENTY_FIVE_MOVES, RulesEdition::FIDE_2018), "Art. 9.6.2");
  EXPECT_EQ(termination_article(Termination::FIVEFOLD_REPETITION, RulesEdition::FIDE_2009), "-");
  EXPECT_EQ(termination_article(Termination::SEVENTY_FIVE_MOVES, RulesEdition::FIDE_2001), "-");
}

// Loss on time is 2001 Art. 6.10 but 2009/2014 Art. 6.9; illegal moves are
// 2009 Art. 7.4b, 2014 Art. 7.5.b, 2018 Art. 7.5.5; both flags 2001 Art. 10.3
// (quickplay finish), 2005 6.12, 2009 6.11, 2014 6.11.b.
TEST(Outcome, CompetitionRuleArticlesPerEdition) {
  EXPECT_EQ(termination_article(Termination::TIME_FORFEIT, RulesEdition::FIDE_2001), "Art. 6.10");
  EXPECT_EQ(termination_article(Termination::TIME_FORFEIT, RulesEdition::FIDE_2009), "Art. 6.9");
  EXPECT_EQ(termination_article(Termination::TIMEOUT_DRAW, RulesEdition::FIDE_2014), "Art. 6.9");
  EXPECT_EQ(termination_article(Termination::BOTH_FLAGS_FELL, RulesEdition::FIDE_2001), "Art. 10.3");
  EXPECT_EQ(termination_article(Termination::BOTH_FLAGS_FELL, RulesEdition::FIDE_2005), "Art. 6.12");
  EXPECT_EQ(termination_article(Termination::BOTH_FLAGS_FELL, RulesEdition::FIDE_2009), "Art. 6.11");
  EXPECT_EQ(termination_article(Termination::BOTH_FLAGS_FELL, RulesEdition::FIDE_2014), "Art. 6.11.b");
  EXPECT_EQ(termination_article(Termination::ILLEGAL_MOVE_LOSS, RulesEdition::FIDE_2009), "Art. 7.4b");
  EXPECT_EQ(termination_article(Termination::ILLEGAL_MOVE_LOSS, RulesEdition::FIDE_2014), "Art. 7.5.b");
  EXPECT_EQ(termination_article(Termination::ILLEGAL_MOVE_LOSS, RulesEdition::FIDE_2018), "Art. 7.5.5");
  EXPECT_EQ(termination_article(Termination::FORFEIT, RulesEdition::FIDE_2014), "Art. 6.7.a");
}

// Every termination has a name and an article (or "-") in every edition.
TEST(Outcome, EveryTerminationIsNamedInEveryEdition) {
  for (int t = int(Termination::CHECKMATE); t <= int(Termination::ARBITER_DECISION); ++t) {
    EXPECT_FALSE(termination_name(Termination(t)).empty()) << t;
    for (RulesEdition e : all_rules_editions()) EXPECT_FALSE(termination_article(Termination(t), e).empty()) << t;
  }
  EXPECT_EQ(termination_name(Termination::CHECKMATE), "checkmate");
  EXPECT_EQ(termination_name(Termination::THREEFOLD_REPETITION), "threefold repetition");
}

// The one line shown to people names the reason, the winner, the score and
// the article of the chosen edition.
TEST(Outcome, DescribeNamesTheEditionAndArticle) {
  Outcome mate{Score::WHITE_WINS, Termination::CHECKMATE, std::nullopt};
  EXPECT_EQ(describe(mate, RulesEdition::FIDE_2018), "Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)");
  EXPECT_EQ(describe(mate, RulesEdition::FIDE_2014), "Checkmate: White wins 1-0 (FIDE 2014 Art. 5.1.a)");
  EXPECT_EQ(describe(mate, RulesEdition::FIDE_2009), "Checkmate: White wins 1-0 (FIDE 2009 Art. 5.1a)");
  EXPECT_EQ(describe(mate), describe(mate, DEFAULT_RULES_EDITION));

  Outcome resigned{Score::BLACK_WINS, Termination::RESIGNATION, WHITE};
  EXPECT_EQ(describe(resigned, RulesEdition::FIDE_2014), "Resignation: Black wins 0-1 (FIDE 2014 Art. 5.1.b)");

  Outcome stalemate{Score::DRAW, Termination::STALEMATE, std::nullopt};
  EXPECT_EQ(describe(stalemate, RulesEdition::FIDE_2014), "Stalemate: draw 1/2-1/2 (FIDE 2014 Art. 5.2.a)");

  Outcome forfeit{Score::BLACK_FORFEIT_WIN, Termination::FORFEIT, WHITE};
  EXPECT_EQ(describe(forfeit, RulesEdition::FIDE_2014), "Forfeit: Black wins -/+ (FIDE 2014 Art. 6.7.a)");

  Outcome both_lose{Score::BOTH_LOSE, Termination::ARBITER_DECISION, std::nullopt};
  std::string text = describe(both_lose, RulesEdition::FIDE_2014);
  EXPECT_NE(text.find("0-0"), std::string::npos) << text;
  EXPECT_NE(text.find("Art. 12"), std::string::npos) << text;
}

}  // namespace
}  // namespace tabiya
