// Adjourned games: FIDE 2014 Appendix E.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "laws/adjournment.h"
#include "laws/time_source.h"

namespace tabiya {
namespace {

Game play_opening(std::shared_ptr<ManualTimeSource> time, std::optional<TimeControl> tc = std::nullopt) {
  GameOptions options;
  options.time_control = tc;
  Game game(Position::startpos(), options, time);
  for (const char* m : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) {
    time->advance(Millis{10'000});
    EXPECT_TRUE(game.play(m).ok()) << m;
  }
  return game;
}

// FIDE 2014 Appendix E.2: the envelope carries the players, the position
// before the sealed move, the clocks, the sealer, the move number, a standing
// draw offer and the resumption details.
TEST(Adjournment, EnvelopeHoldsTheDataOfE2) {
  auto time = std::make_shared<ManualTimeSource>();
  Game game = play_opening(time, parse_pgn_time_control("5400+30").value());
  ASSERT_TRUE(game.offer_draw(WHITE).ok());
  auto adjourned = adjourn(game, "a6", "Anna", "Bella", "2026-11-22 10:00, Hall 2");
  ASSERT_TRUE(adjourned.ok());
  const SealedEnvelope& e = adjourned->envelope;
  EXPECT_EQ(e.white, "Anna");
  EXPECT_EQ(e.black, "Bella");
  EXPECT_EQ(e.position_fen, to_fen(game.position()));
  EXPECT_EQ(e.sealed_by, BLACK);
  EXPECT_EQ(e.move_number, 3);
  EXPECT_EQ(e.draw_offer, WHITE);
  ASSERT_TRUE(e.white_remaining.has_value());
  EXPECT_EQ(*e.white_remaining, game.clock()->remaining(WHITE));
  EXPECT_EQ(e.resumption, "2026-11-22 10:00, Hall 2");
  EXPECT_EQ(e.sealed_move, "a6");
}

// FIDE 2014 Appendix E.5, E.9.a: the stored game is set up again with the
// adjourned clocks and the sealed move is played.
TEST(Adjournment, StoredGameResumesWithTheSealedMove) {
  auto time = std::make_shared<ManualTimeSource>();
  Game game = play_opening(time, parse_pgn_time_control("5400+30").value());
  Millis white_left = game.clock()->remaining(WHITE);
  auto adjourned = adjourn(game, "a6", "Anna", "Bella", "tomorrow");
  ASSERT_TRUE(adjourned.ok());
  std::string stored = write_adjourned(*adjourned);
  EXPECT_NE(stored.find("[SealedMove \"a6\"]"), std::string::npos);

  auto read = read_adjourned(stored);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(read->envelope.sealed_move, "a6");
  EXPECT_EQ(read->envelope.white, "Anna");

  auto later = std::make_shared<ManualTimeSource>(Millis{1'000'000});
  auto resumed = resume_adjourned(*read, later);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  EXPECT_FALSE(resumed->is_over());
  EXPECT_EQ(resumed->moves().size(), 6u);
  EXPECT_EQ(resumed->moves().back().san, "a6");
  EXPECT_EQ(resumed->side_to_move(), WHITE);
  EXPECT_EQ(resumed->clock()->remaining(WHITE), white_left);
}

// FIDE 2014 Appendix E.8: an ambiguous, unreadable or illegal sealed move loses.
TEST(Adjournment, AmbiguousSealedMoveLoses) {
  auto time = std::make_shared<ManualTimeSource>();
  // Both rooks reach c1.
  Game g2(parse_fen("7k/8/8/8/8/8/8/R3R1K1 w - - 0 30").value(), {}, time);
  auto a2 = adjourn(g2, "Rc1", "A", "B", "");
  ASSERT_TRUE(a2.ok());
  auto resumed = resume_adjourned(*a2, time);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  ASSERT_TRUE(resumed->is_over());
  EXPECT_EQ(resumed->outcome()->termination, Termination::ADJOURNMENT_LOSS);
  EXPECT_EQ(resumed->outcome()->score, Score::BLACK_WINS);
}

TEST(Adjournment, IllegalOrUnreadableSealedMoveLoses) {
  auto time = std::make_shared<ManualTimeSource>();
  for (const char* sealed : {"Ke3", "xyzzy", ""}) {
    Game game = play_opening(time);
    auto adjourned = adjourn(game, sealed, "A", "B", "");
    ASSERT_TRUE(adjourned.ok());
    auto resumed = resume_adjourned(*read_adjourned(write_adjourned(*adjourned)), time);
    ASSERT_TRUE(resumed.ok()) << sealed << ": " << resumed.error().message;
    ASSERT_TRUE(resumed->is_over()) << sealed;
    EXPECT_EQ(resumed->outcome()->termination, Termination::ADJOURNMENT_LOSS) << sealed;
    EXPECT_EQ(resumed->outcome()->score, Score::WHITE_WINS) << sealed;
  }
}

// FIDE 2014 Appendix E.10: arriving after the default time loses, unless the
// sealed move ended the game.
TEST(Adjournment, LatenessLosesUnlessTheSealedMoveEndedTheGame) {
  auto time = std::make_shared<ManualTimeSource>();
  Game game = play_opening(time);
  auto adjourned = adjourn(game, "a6", "A", "B", "");
  auto resumed = resume_adjourned(*adjourned, time, WHITE);
  ASSERT_TRUE(resumed.ok());
  ASSERT_TRUE(resumed->is_over());
  EXPECT_EQ(resumed->outcome()->termination, Termination::FORFEIT);
  EXPECT_EQ(resumed->outcome()->score, Score::BLACK_WINS);

  Game mate(Position::startpos(), {}, time);
  for (const char* m : {"f3", "e5", "g4"}) ASSERT_TRUE(mate.play(m).ok());
  auto sealed_mate = adjourn(mate, "Qh4#", "A", "B", "");
  auto after = resume_adjourned(*sealed_mate, time, WHITE);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->outcome()->termination, Termination::CHECKMATE);
}

TEST(Adjournment, BrokenStoredGameIsAClearError) {
  auto missing = read_adjourned("[Event \"x\"]\n\n1. e4 *\n");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("SealedMove"), std::string::npos);
  auto bad_color = read_adjourned(
      "[SealedBy \"green\"]\n[SealedMoveNumber \"1\"]\n[SealedPosition \"x\"]\n[SealedMove \"e5\"]\n\n1. e4 *\n");
  ASSERT_FALSE(bad_color.ok());
  EXPECT_NE(bad_color.error().message.find("green"), std::string::npos);
}

}  // namespace
}  // namespace tabiya
