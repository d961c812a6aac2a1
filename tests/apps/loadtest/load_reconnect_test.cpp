// The load generator's reconnection (load_reconnect.h, `tabiya loadtest --reconnect`): the check a client makes
// of the state it receives after coming back, and its pauses between attempts.
#include "loadtest/load_reconnect.h"

#include <gtest/gtest.h>

namespace tabiya::loadtest {
namespace {

KnownGame white_knew() {
  KnownGame known;
  known.moves = {"e2e4", "e7e5", "g1f3", "b8c6"};
  known.acknowledged = {1, 3};  // White's two moves, answered
  return known;
}

TEST(LoadReconnectCheck, AStateWithEveryKnownMoveMissesNothing) {
  const MoveListCheck check = check_move_list(white_knew(), {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4"});
  EXPECT_EQ(check.acknowledged_missing, 0);
  EXPECT_EQ(check.announced_missing, 0);
}

TEST(LoadReconnectCheck, AStateMissingAnAcknowledgedMoveCountsIt) {
  // The new owner's store lost White's third-ply move (and the reply after it).
  const MoveListCheck check = check_move_list(white_knew(), {"e2e4", "e7e5"});
  EXPECT_EQ(check.acknowledged_missing, 1);
  EXPECT_EQ(check.announced_missing, 2);
}

TEST(LoadReconnectCheck, AnotherMoveAtAnAcknowledgedPlyCountsAsMissing) {
  const MoveListCheck check = check_move_list(white_knew(), {"e2e4", "e7e5", "d2d4", "b8c6"});
  EXPECT_EQ(check.acknowledged_missing, 1);
  EXPECT_EQ(check.announced_missing, 1);
}

TEST(LoadReconnectCheck, AMissingOpponentMoveIsAnnouncedNotAcknowledged) {
  const MoveListCheck check = check_move_list(white_knew(), {"e2e4", "e7e5", "g1f3"});
  EXPECT_EQ(check.acknowledged_missing, 0);
  EXPECT_EQ(check.announced_missing, 1);
}

TEST(LoadReconnectCheck, TheMoveInFlightLandedOnlyIfTheStateHasItAtItsPly) {
  const std::vector<std::string> state{"e2e4", "e7e5", "g1f3"};
  EXPECT_TRUE(move_landed(2, "g1f3", state));
  EXPECT_FALSE(move_landed(2, "d2d4", state));  // another move took that ply
  EXPECT_FALSE(move_landed(3, "f1c4", state));  // not stored
  EXPECT_FALSE(move_landed(-1, "e2e4", state));
}

TEST(LoadReconnectPause, DoublesFrom300MsUpTo5SWithJitterOfHalfAtMost) {
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(0, 1.0), 300);
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(0, 0.0), 150);
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(1, 1.0), 600);
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(4, 1.0), 4800);
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(5, 1.0), 5000);
  EXPECT_DOUBLE_EQ(reconnect_pause_ms(40, 0.5), 3750);
}

}  // namespace
}  // namespace tabiya::loadtest
