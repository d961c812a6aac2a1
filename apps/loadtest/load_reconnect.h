// A load client whose socket closed (a node killed, CLOSE_MOVED from a relay, the proxy) reconnects as the web
// app does (web/src/connection.ts) and then checks the game's move list against what it knew: the pieces of that
// which need no socket, apart so that tests can feed them any state.
#pragma once

#include <string>
#include <vector>

namespace tabiya::loadtest {

// The pause before reconnection attempt `attempt` (0 for the first): the web app's 300 ms doubling up to 5 s,
// times `jitter` (in [0, 1): 50-100 % of it), so that the clients of a dead node do not all come back at once.
double reconnect_pause_ms(int attempt, double jitter);

// What a client knew of its game when its socket closed.
struct KnownGame {
  std::vector<std::string> moves;  // every move announced to it, both sides', in order (UCI)
  std::vector<int> acknowledged;   // plies (1 = the first move) of its own moves the server answered
};

struct MoveListCheck {
  int acknowledged_missing = 0;  // its answered moves that the state lacks (or has another move at their ply)
  int announced_missing = 0;     // announced moves of either side that the state lacks
};

// Compares the move list of the `state` received after reconnecting (UCI, in order) with what was known: every
// announced move must be there at its ply (the server announces a move only once it is stored).
MoveListCheck check_move_list(const KnownGame& known, const std::vector<std::string>& state_moves);

// The move in flight when the socket closed, `uci` sent at `ply` (moves played before it): whether the state
// shows it landed (the server stored it; its answer was lost with the socket).
bool move_landed(int ply, const std::string& uci, const std::vector<std::string>& state_moves);

}  // namespace tabiya::loadtest
