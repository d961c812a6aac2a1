// Opponent gone: the server's online rule for a casual game between two
// people. When one player's connections have all been closed for
// OPPONENT_GONE_AFTER, the player still present may claim the win or call the
// game a draw (the server acts as the arbiter, Art. 12 of the Laws; lichess
// offers the same). The clock keeps running meanwhile as the Laws say: a flag
// that falls first ends the game by the clock. Games against the robot have no
// absent opponent, and an event's games follow the event's rules instead.
// Who is connected is the caller's knowledge (the server's sockets): it tells
// LiveGame::claim_opponent_gone() how long the opponent has been away.
#pragma once

#include "laws/time_source.h"

namespace tabiya::play {

struct StartOptions;

// How long the opponent must have been away.
inline constexpr Millis OPPONENT_GONE_AFTER{30'000};

// A casual game between two people, not an event's nor a correspondence game's.
bool opponent_gone_rule_applies(const StartOptions& options);

}  // namespace tabiya::play
