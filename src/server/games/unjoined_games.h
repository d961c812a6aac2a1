// Which games nobody joined, and so may expire: a flood of created
// games that nobody plays must not fill the store, nor come back at every start.
//
// A game is unjoined when it is not a tournament's and no person has acted in
// it: its log holds no move (moves of a starting PGN are its setup, not
// played), no offer, claim, takeback or resignation; only what the server
// does by itself: START for a robot or hot-seat game (their clocks start at
// creation), and a FLAG or DEADLINE ending a game in which nobody moved. An
// invite game's START (its second player came) means it was joined. A robot
// game in which the robot, playing White, has moved is never unjoined: it
// holds a move, and no game with a move is ever deleted.
//
// The service (game_service.cpp) deletes an unjoined game once it was created
// longer ago than GameServiceOptions::unjoined_expiry, unless a client is
// connected to it; the store's REMOVE deletes only while the game holds the
// same actions the decision saw. A game found joined is marked KEEP and never
// looked at again.
#pragma once

#include <string>
#include <vector>

#include "play/live_game.h"
#include "server/games/protocol.h"

namespace tabiya::server {

bool unjoined(const Setup& setup, const std::vector<play::Action>& log);
// The same from a stored game's action lines; false when one cannot be read (then it is kept).
bool unjoined(const Setup& setup, const std::vector<std::string>& action_lines);

}  // namespace tabiya::server
