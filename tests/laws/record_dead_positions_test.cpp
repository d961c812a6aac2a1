// Art. 5.2.b decided for a whole finished record at once
// (laws/record_dead_positions.h), against the Game's own per-move monitor:
// the game must end at the same move, for the same reason, whichever way the
// dead position is reached (FIDE Laws 2018 Art. 5.2.2; 2014 Art. 5.2.b).
#include "laws/record_dead_positions.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "laws/game.h"
#include "notation/move_reader.h"

namespace tabiya {
namespace {

struct Record {
  Position start;
  std::vector<Move> moves;
};

Record record(std::string_view fen, const std::vector<std::string_view>& sans) {
  Record r;
  Result<Position> start = parse_fen(fen);
  EXPECT_TRUE(start.ok()) << fen;
  r.start = start.ok() ? *start : Position::startpos();
  Position pos = r.start;
  for (std::string_view san : sans) {
    Result<Move, MoveError> m = parse_move(pos, san);
    EXPECT_TRUE(m.ok()) << san << " in " << to_fen(pos);
    if (!m.ok()) break;
    r.moves.push_back(*m);
    UndoInfo undo;
    pos.do_move(*m, undo);
  }
  return r;
}

struct Ending {
  int moves_played = 0;  // before the game ended or the record ran out
  std::optional<Termination> termination;
};

Ending replay(const Record& r, const GameOptions& options) {
  Game game(r.start, options);
  Ending e;
  for (Move m : r.moves) {
    if (game.is_over()) break;
    EXPECT_TRUE(game.play(m).ok());
    ++e.moves_played;
  }
  if (game.outcome()) e.termination = game.outcome()->termination;
  return e;
}

// The record's verdict, checked against the monitor of a game played move by move.
std::optional<int> first_dead(const Record& r) {
  RecordDeadPositions dead = decide_record_dead_positions(r.start, r.moves);
  GameOptions decided;
  decided.every_position_alive = !dead.first_dead_ply;
  decided.first_dead_ply = dead.first_dead_ply.value_or(-1);
  Ending fast = replay(r, decided), monitored = replay(r, GameOptions{});
  EXPECT_EQ(fast.moves_played, monitored.moves_played) << to_fen(r.start);
  EXPECT_EQ(fast.termination, monitored.termination) << to_fen(r.start);
  return dead.first_dead_ply;
}

// A capture leaves bare kings (Art. 5.2.b: neither side can mate).
TEST(RecordDeadPositions, DeadByACapture) {
  Record r = record("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", {"Kf1", "Re2", "Kxe2"});
  EXPECT_EQ(first_dead(r), 3);
  EXPECT_EQ(replay(r, GameOptions{}).termination, Termination::DEAD_POSITION);
  // Two moves more in the record: they come after the game ended.
  Record longer = record("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", {"Kf1", "Re2", "Kxe2", "Kd7", "Kd3"});
  EXPECT_EQ(first_dead(longer), 3);
  EXPECT_EQ(replay(longer, GameOptions{}).moves_played, 3);
}

// A promotion to a minor piece leaves king and bishop (or knight) against a
// bare king; to a queen the game goes on.
TEST(RecordDeadPositions, DeadByAnUnderPromotion) {
  EXPECT_EQ(first_dead(record("7k/1P6/8/8/8/8/8/K7 w - - 0 1", {"b8=B"})), 1);
  EXPECT_EQ(first_dead(record("7k/1P6/8/8/8/8/8/K7 w - - 0 1", {"b8=N"})), 1);
  EXPECT_EQ(first_dead(record("7k/1P6/8/8/8/8/8/K7 w - - 0 1", {"b8=Q"})), std::nullopt);
  // Next to the black king: a new queen lives until the king takes it; a new
  // knight leaves a dead position at once.
  EXPECT_EQ(first_dead(record("8/2Pk4/8/8/8/8/8/K7 w - - 0 1", {"c8=Q+", "Kxc8"})), 2);
  EXPECT_EQ(first_dead(record("8/2Pk4/8/8/8/8/8/K7 w - - 0 1", {"c8=N", "Kxc8"})), 1);
}

// A pawn move that closes a wall of pawns no king can cross and no pawn can
// leave (Art. 5.2.b: blocked structure).
TEST(RecordDeadPositions, DeadByAPawnMoveLockingTheWall) {
  Record r = record("4k3/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/8/4K3 w - - 0 1", {"h5"});
  EXPECT_EQ(first_dead(r), 1);
  // Kings walking behind their walls first: the wall closes at the fifth move.
  Record walk = record("4k3/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/8/4K3 w - - 0 1", {"Kd2", "Kd7", "Kc3", "Kc7", "h5"});
  EXPECT_EQ(first_dead(walk), 5);
}

// A position proven alive stops the walk backwards: one decision for a game
// that ends with mating material on the board.
TEST(RecordDeadPositions, AliveEndIsOneDecision) {
  Record r = record(START_FEN, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"});
  RecordDeadPositions dead = decide_record_dead_positions(r.start, r.moves);
  EXPECT_EQ(dead.first_dead_ply, std::nullopt);
  EXPECT_EQ(dead.decided, 1);
  EXPECT_EQ(first_dead(r), std::nullopt);
}

// A dead start position (Art. 5.2.b applies before any move is made).
TEST(RecordDeadPositions, DeadFromTheStart) {
  Record r = record("4k3/8/8/8/8/8/8/4K3 w - - 0 1", {"Kd2"});
  EXPECT_EQ(first_dead(r), 0);
  EXPECT_EQ(replay(r, GameOptions{}).moves_played, 0);
}

}  // namespace
}  // namespace tabiya
