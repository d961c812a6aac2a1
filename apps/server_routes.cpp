#include "server_routes.h"

namespace tabiya::cli {

std::vector<server::Route> server_routes(const ServerModules& m) {
  using server::Route;
  std::vector<Route> routes = {
      // Accounts: registration, log-in, the profile, a player's page and games (but his ratings: the lobby's).
      {Route::HTTP, "/api/account", false, &m.accounts},
      {Route::HTTP, "/api/account/", true, &m.accounts},
      {Route::HTTP, "/api/players/*/ratings", false, &m.lobby},
      {Route::HTTP, "/api/players/", true, &m.accounts},
      // The lobby: seeks, pools, challenges, ratings.
      {Route::HTTP, "/api/lobby", false, &m.lobby},
      {Route::HTTP, "/api/lobby/games/*/ratings", false, &m.lobby},
      {Route::SOCKET, "/ws/lobby", false, &m.lobby},
      // Events: tournaments and team events.
      {Route::HTTP, "/api/tournaments", false, &m.events},
      {Route::HTTP, "/api/tournaments/", true, &m.events},
      // Games: creation, reading, PGN, review; positions; the robot's levels; a game's socket.
      {Route::HTTP, "/api/games", false, &m.games},
      {Route::HTTP, "/api/games/", true, &m.games},
      {Route::HTTP, "/api/position", false, &m.games},
      {Route::HTTP, "/api/position/", true, &m.games},
      {Route::HTTP, "/api/levels", false, &m.games},
      {Route::SOCKET, "/ws/", true, &m.games},
  };
  // The browser tests' clock: with `serve --test-clock` only.
  if (m.test_clock) routes.push_back({Route::HTTP, "/api/test/clock", false, m.test_clock});
  return routes;
}

std::unique_ptr<server::Router> server_router(const ServerModules& m) {
  std::vector<server::Service*> services{&m.accounts, &m.lobby, &m.events, &m.games};
  if (m.test_clock) services.insert(services.begin(), m.test_clock);
  return std::make_unique<server::Router>(server_routes(m), std::move(services));
}

}  // namespace tabiya::cli
