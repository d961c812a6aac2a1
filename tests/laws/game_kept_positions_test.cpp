// A game keeps its positions' keys, not whole positions (memory per game): takebacks going back past the
// moves it can undo replay them from the start, and whatever the road, the game reads as a fresh Game replaying the
// same moves would: position, repetition counts, claims (Art. 9.2, 9.3), fivefold (Art. 9.6), rewinds.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/fen.h"
#include "game_test_support.h"
#include "laws/game.h"
#include "notation/move_reader.h"
#include "random_walk.h"

namespace tabiya {
namespace {

using namespace game_test;

// The moves of a line given in SAN, read from the start position.
std::vector<Move> read_line(const std::vector<std::string_view>& sans) {
  std::vector<Move> line;
  Position pos = Position::startpos();
  for (std::string_view san : sans) {
    auto m = parse_move(pos, san);
    EXPECT_TRUE(m.ok()) << san;
    if (!m.ok()) break;
    line.push_back(*m);
    UndoInfo undo;
    pos.do_move(*m, undo);
  }
  return line;
}

std::vector<Move> concat(std::initializer_list<std::vector<std::string_view>> parts) {
  std::vector<std::string_view> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return read_line(all);
}

// A fresh game playing the first `plies` moves of `line`.
Game replay(const std::vector<Move>& line, std::size_t plies, GameOptions options = {}) {
  Game game(Position::startpos(), std::move(options));
  for (std::size_t i = 0; i < plies; ++i) EXPECT_TRUE(game.play(line[i])) << "replay, ply " << i + 1;
  return game;
}

// Everything the game answers about its position and its claims, as `fresh` answers it, for the position itself
// and for every move that may be intended in it.
::testing::AssertionResult reads_as(const Game& game, const Game& fresh) {
  auto fail = [&](const char* what) {
    return ::testing::AssertionFailure() << what << " differs at " << to_fen(fresh.position()) << " (ply "
                                         << fresh.moves().size() << ")";
  };
  if (game.moves().size() != fresh.moves().size()) return fail("the number of moves");
  if (to_fen(game.position()) != to_fen(fresh.position()) || game.position().key() != fresh.position().key())
    return fail("the position");
  if (to_fen(game.start_position()) != to_fen(fresh.start_position())) return fail("the start position");
  if (game.repetition_count() != fresh.repetition_count()) return fail("repetition_count");
  if (game.can_claim_threefold() != fresh.can_claim_threefold()) return fail("can_claim_threefold");
  if (game.can_claim_fifty_moves() != fresh.can_claim_fifty_moves()) return fail("can_claim_fifty_moves");
  if (game.claimable_draw() != fresh.claimable_draw()) return fail("claimable_draw");
  if (game.is_over() != fresh.is_over()) return fail("is_over");
  if (game.is_over() && game.outcome()->termination != fresh.outcome()->termination) return fail("the outcome");
  for (Move m : legal_moves(fresh.position())) {
    if (game.can_claim_threefold(m) != fresh.can_claim_threefold(m)) return fail("can_claim_threefold(intended)");
    if (game.claimable_draw(m) != fresh.claimable_draw(m)) return fail("claimable_draw(intended)");
  }
  return ::testing::AssertionSuccess();
}

// 26 plies with repetitions: the start three times by ply 8, the position after 1.e4 e5 four times (plies 10, 14,
// 18, 22) - claims to find at many steps.
std::vector<Move> repeating_line() {
  return concat({KNIGHT_SHUFFLE,
                 KNIGHT_SHUFFLE,
                 {"e4", "e5"},
                 {"Nf3", "Nc6", "Ng1", "Nb8"},
                 {"Nf3", "Nc6", "Ng1", "Nb8"},
                 {"Nc3", "Nf6", "Nb1", "Ng8"},
                 {"d4", "d5", "Bf4", "Bf5"}});
}

// Twenty plies that repeat nothing, from the start position (the Giuoco Piano's main line).
const std::vector<std::string_view> GIUOCO_PIANO = {"e4",    "e5", "Nf3",  "Nc6",  "Bc4",  "Bc5", "c3",
                                                    "Nf6",   "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+",
                                                    "Nbxd2", "d5", "exd5", "Nxd5", "Qb3",  "Nce7"};

// Twenty plies from the start position back to it, not through it: the knights tour on both wings, out of step.
const std::vector<std::string_view> KNIGHTS_ROUND = {"Nf3", "Nf6", "Ng5", "Nh5", "Nh3", "Nf6", "Ng1",
                                                     "Ng4", "Nc3", "Nh6", "Nb5", "Ng8", "Na3", "Nc6",
                                                     "Nb1", "Nb4", "Nf3", "Na6", "Ng1", "Nb8"};

// A fresh game playing the moves `game` has played.
Game replay_of(const Game& game) {
  Game fresh(game.start_position(), game.options());
  for (const MoveRecord& rec : game.moves()) EXPECT_TRUE(fresh.play(rec.move));
  return fresh;
}

// Takebacks one after the other from ply 26 to the start, going past the moves the game can undo (it replays
// them), then the moves again: at every step the game reads as a fresh replay of the same moves.
TEST(GameKeptPositions, TakebacksInARowPastTheKeptPositionsReadAsAReplay) {
  const std::vector<Move> line = repeating_line();
  ASSERT_EQ(line.size(), 26u);
  for (bool rewindable : {false, true}) {
    GameOptions options;
    options.rewindable = rewindable;
    Game game(Position::startpos(), options);
    for (std::size_t ply = 0; ply < line.size(); ++ply) {
      ASSERT_TRUE(game.play(line[ply]));
      ASSERT_TRUE(reads_as(game, replay(line, ply + 1))) << "rewindable " << rewindable;
    }
    for (std::size_t ply = line.size(); ply-- > 0;) {
      ASSERT_TRUE(game.takeback()) << "back to ply " << ply;
      ASSERT_TRUE(reads_as(game, replay(line, ply))) << "rewindable " << rewindable;
    }
    EXPECT_FALSE(game.takeback().ok()) << "no move left";
    for (std::size_t ply = 0; ply < line.size(); ++ply) {
      ASSERT_TRUE(game.play(line[ply]));
      ASSERT_TRUE(reads_as(game, replay(line, ply + 1))) << "rewindable " << rewindable;
    }
  }
}

// Threefold across a takeback past the kept positions: the start stood at plies 0 and 4, twenty plies were played
// and taken back (replayed), and twenty plies later the knights bring it a third time: the claim on the intended
// move is upheld, on the strength of occurrences long gone from the kept positions.
TEST(GameKeptPositions, ThreefoldCountsPositionsFromBeforeATakebackPastTheKeptOnes) {
  Game game(Position::startpos());
  ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
  ASSERT_TRUE(play_all(game, GIUOCO_PIANO));
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(game.takeback());
  EXPECT_EQ(game.repetition_count(), 2);
  ASSERT_TRUE(play_all(game, {KNIGHTS_ROUND.begin(), KNIGHTS_ROUND.end() - 1}));
  EXPECT_EQ(game.moves().size(), 23u);
  EXPECT_TRUE(reads_as(game, replay_of(game)));
  const Move nb8 = *parse_move(game.position(), "Nb8");
  EXPECT_TRUE(game.can_claim_threefold(nb8)) << "the start at plies 0, 4 and 24";
  EXPECT_EQ(game.claimable_draw(nb8), ClaimGround::THREEFOLD_REPETITION);
  Result<ClaimVerdict> verdict = game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION, nb8);
  ASSERT_TRUE(verdict.ok());
  EXPECT_TRUE(verdict->upheld);
  EXPECT_EQ(game.outcome()->termination, Termination::THREEFOLD_REPETITION);
  EXPECT_EQ(game.repetition_count(), 3);
}

// Fivefold (Art. 9.6) across a takeback past the kept positions, in each edition that has it: the start at plies 0,
// 4, 8 and 12, twenty plies played and taken back, then the knights' round brings it a fifth time at ply 32. In
// 2018 ("at least five times") that ends the game, counting occurrences long gone from the kept positions; in 2014
// (five consecutive alternate moves) it does not, and four shuffles more do (plies 32 to 48). Either way the game
// reads as a straight replay; taken back, it plays on.
TEST(GameKeptPositions, FivefoldCountsPositionsFromBeforeATakebackPastTheKeptOnes) {
  for (RulesEdition e : all_rules_editions()) {
    const FivefoldRule rule = rules_profile(e).fivefold;
    if (rule == FivefoldRule::NONE) continue;
    SCOPED_TRACE(rules_profile(e).name);
    Game game(Position::startpos(), rules(e));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
    ASSERT_TRUE(play_all(game, GIUOCO_PIANO));
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(game.takeback());
    EXPECT_EQ(game.repetition_count(), 4);
    ASSERT_TRUE(play_all(game, KNIGHTS_ROUND));
    EXPECT_EQ(game.repetition_count(), 5);
    EXPECT_TRUE(reads_as(game, replay_of(game)));
    if (rule == FivefoldRule::CONSECUTIVE_ALTERNATE) {
      ASSERT_FALSE(game.is_over()) << "ply 12 and ply 32 are not four plies apart";
      for (int i = 0; i < 4; ++i) ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE));
      EXPECT_TRUE(reads_as(game, replay_of(game)));
    }
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.outcome()->termination, Termination::FIVEFOLD_REPETITION);
    const std::size_t end = game.moves().size();
    EXPECT_EQ(end, rule == FivefoldRule::FIVE_TIMES ? 32u : 48u);
    const Move last = game.moves().back().move;
    ASSERT_TRUE(game.takeback());
    EXPECT_FALSE(game.is_over());
    EXPECT_TRUE(reads_as(game, replay_of(game)));
    ASSERT_TRUE(game.play(last));
    EXPECT_TRUE(game.is_over());
  }
}

// A long game (a seeded random walk of 300 plies that no rule ends): every position, going back one move at a time
// to the start, equals the one the moves lead to from scratch.
TEST(GameKeptPositions, ALongGamesPositionsEqualAReplay) {
  const std::vector<Move> line = random_walk(300, 19);
  const std::vector<Position> want = positions_along(Position::startpos(), line);
  Game game(Position::startpos());
  for (std::size_t ply = 0; ply < line.size(); ++ply) {
    ASSERT_TRUE(game.play(line[ply])) << "ply " << ply + 1;
    ASSERT_FALSE(game.is_over()) << "ply " << ply + 1 << ": " << describe(*game.outcome());
    ASSERT_EQ(to_fen(game.position()), to_fen(want[ply + 1]));
  }
  for (std::size_t ply = line.size(); ply-- > 0;) {
    ASSERT_TRUE(game.takeback());
    ASSERT_EQ(to_fen(game.position()), to_fen(want[ply])) << "back to ply " << ply;
    ASSERT_EQ(game.position().key(), want[ply].key());
    ASSERT_EQ(game.repetition_count(), 1);
    ASSERT_EQ(game.moves().size(), ply);
  }
  EXPECT_EQ(to_fen(game.start_position()), to_fen(Position::startpos()));
}

// A rewindable game keeps rewind points no further back than the moves it can undo, so a rewind never replays:
// after takebacks past them (replayed) and new moves, every rewind it allows lands where a replay does.
TEST(GameKeptPositions, RewindsAfterTakebacksPastTheKeptPositionsReadAsAReplay) {
  const std::vector<Move> line = random_walk(80, 5);
  GameOptions options;
  options.rewindable = true;
  Game game(Position::startpos(), options);
  for (std::size_t ply = 0; ply < 60; ++ply) ASSERT_TRUE(game.play(line[ply]));
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(game.takeback());  // to ply 40, past the kept ones
  EXPECT_FALSE(game.can_rewind(1)) << "the points went with the takebacks";
  for (std::size_t ply = 40; ply < 80; ++ply) {
    ASSERT_TRUE(game.play(line[ply]));
    for (int back = 1; game.can_rewind(back); ++back) {
      Game copy = game;
      ASSERT_TRUE(copy.rewind(back)) << "at ply " << ply + 1 << ", " << back << " back";
      ASSERT_TRUE(reads_as(copy, replay(line, ply + 1 - std::size_t(back), options)))
          << "at ply " << ply + 1 << ", " << back << " back";
    }
  }
  EXPECT_TRUE(game.can_rewind(int(Game::REWIND_POINTS)));
}

}  // namespace
}  // namespace tabiya
