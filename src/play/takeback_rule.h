// Who may take moves back, decided here only (the server, the terminal game
// and engine matches all ask this):
//  - takebacks are by agreement, in casual games only;
//  - a game against the robot is always casual: the robot grants a takeback
//    at once (its reply goes too), with or without clocks;
//  - with clocks, a takeback keeps both clocks' time as they show it (nobody
//    gets back the time spent on the moves taken back);
//  - where the players are not asked (the terminal game), a game without
//    clocks is casual and one with clocks is not; the web app asks, and a
//    tournament game is never casual. Engine matches never take moves back.
#pragma once

#include "play/live_game.h"

namespace tabiya::play {

bool takebacks_allowed(const StartOptions& options);

// The casual setting when the players are not asked.
bool casual_by_default(bool has_clock);

}  // namespace tabiya::play
