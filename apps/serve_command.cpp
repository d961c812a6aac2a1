// `tabiya serve`: the game server (HTTP, WebSocket, the built web app) on one port.
#include <pthread.h>
#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/json/object.hpp>
#include "commands.h"
#include "server_routes.h"
#include "test_clock.h"

#include "server/accounts/account_service.h"
#include "server/base/tokens.h"
#include "server/cluster/redis_bus.h"
#include "server/events/tournament_service.h"
#include "server/games/game_service.h"
#include "server/lobby/lobby_cookie_accounts.h"
#include "server/lobby/lobby_service.h"
#include "server/net/echo_service.h"
#include "server/net/http_server.h"
#include "server/net/static_files.h"

#ifndef TABIYA_WEB_DIR
#define TABIYA_WEB_DIR "web/dist"
#endif

namespace tabiya::cli {

namespace {

struct ServeArguments {
  int port = 8080;
  std::string host = "127.0.0.1";
  std::string data = "tabiya-data";
  std::string store;         // a postgresql:// URL; empty: SQLite in --data
  std::string bus;           // a redis:// URL; empty: the in-process bus
  std::string node_id;       // this node's name in a cluster; empty: a single node (no leases)
  double lease_seconds = 6;  // renewed every 2 s; a dead node's games are taken within 6-8 s (required: within 10 s)
  std::string web = TABIYA_WEB_DIR;
  int threads = 0;
  int robot_threads = 0;
  int game_threads = 0;
  int evict_after_s = 600;
  int clock_checkpoint_s = 5;  // the most of a think a restart or a takeover gives back
  // Creation limits: per client, a burst and a sustained rate; games nobody joined expire.
  double create_burst = 20;
  double create_rate_per_minute = 20;
  int unjoined_expiry_s = 3600;
  bool echo = false;
  std::vector<std::string> trusted_proxies;
  std::vector<std::string> public_urls;
  int max_connections_per_client = 64;
  int max_websockets_per_client = 32;
  int max_connections = 0;
  int ws_idle_close_s = 600;
  bool lobby_test_accounts = false;  // the lobby's browser tests (web/tests/lobby.test.ts), until accounts are wired
  bool test_clock = false;           // the browser tests move the games' time forward (test_clock.h)
};

// The lobby over the games; its store beside the games' (memory only without --data).
Result<std::unique_ptr<server::LobbyService>> make_lobby(server::GameApi& games, boost::asio::io_context& io,
                                                         const ServeArguments& args,
                                                         std::shared_ptr<const server::IdentityResolver> accounts,
                                                         std::shared_ptr<server::EventSink> bus) {
  server::LobbyServiceOptions options;
  options.io = &io;
  options.bus = std::move(bus);  // the games' bus: with Redis, the lobby's updates reach every node's sockets
  if (!args.store.empty()) {     // several nodes: the lobby's store and its live state are shared in PostgreSQL
    auto store = server::open_postgres_lobby_store(args.store);
    if (!store) return store.error();
    options.store = std::move(*store);
    options.node = server::new_game_id();
    auto live = server::open_postgres_lobby_live_store(args.store, options.node);
    if (!live) return live.error();
    options.live = std::move(*live);
  } else if (!args.data.empty()) {
    auto store = server::open_sqlite_lobby_store(args.data);
    if (!store) return store.error();
    options.store = std::move(*store);
  }
  options.identities = std::move(accounts);
  if (args.lobby_test_accounts) options.identities = std::make_shared<server::CookieNameAccounts>();
  return server::LobbyService::create(games, std::move(options));
}

// A logged-in player as a tournament's entry takes him: the display name when it fits the TRF's 33 bytes, else
// the username.
std::optional<server::TournamentAccount> tournament_account(std::optional<server::Account> account) {
  if (!account) return std::nullopt;
  const std::string& shown = account->profile.display_name;
  return server::TournamentAccount{account->id, shown.empty() || shown.size() > 33 ? account->username : shown,
                                   account->profile.federation, account->profile.fide_id};
}

// Descriptors the server keeps for itself (the database, the web files, the robot, the epoll and the like)
// beyond the connections' share.
constexpr rlim_t DESCRIPTORS_FOR_THE_SERVER = 128;

// Thousands of sockets need more descriptors than the usual soft limit of 1024: the soft limit is raised to the
// hard one where the system allows it. Returns the soft limit in force (0: unknown).
rlim_t raise_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  const rlim_t before = limit.rlim_cur;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    // Some systems report an unlimited hard limit that setrlimit refuses; a million is plenty.
    raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? rlim_t(1) << 20 : limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  std::cerr << "tabiya: file descriptors: soft limit " << before;
  if (limit.rlim_cur != before) std::cerr << ", raised to " << limit.rlim_cur;
  std::cerr << " (hard limit "
            << (limit.rlim_max == RLIM_INFINITY ? std::string("unlimited") : std::to_string(limit.rlim_max)) << ")\n";
  return limit.rlim_cur;
}

// The global cap under the descriptor limit, and the part of it kept for new visitors: once the server holds
// three quarters of its cap, a client already holding a few connections gets no more.
server::ConnectionLimitOptions connection_limits(const ServeArguments& args, rlim_t descriptors) {
  server::ConnectionLimitOptions limits;
  limits.per_client_connections = args.max_connections_per_client;
  limits.per_client_websockets = args.max_websockets_per_client;
  if (args.max_connections > 0) {
    limits.max_connections = args.max_connections;
  } else if (descriptors > 2 * DESCRIPTORS_FOR_THE_SERVER) {
    limits.max_connections = int(std::min<rlim_t>(descriptors - DESCRIPTORS_FOR_THE_SERVER, 1'000'000));
  }
  limits.visitor_reserve = limits.max_connections / 4;
  return limits;
}

// The network layer's options: threads, connection limits, trusted proxies, the server's public URLs.
Result<server::ServerOptions> network_options(const ServeArguments& args, rlim_t descriptors) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  server::ServerOptions options;
  options.host = args.host;
  options.port = static_cast<uint16_t>(args.port);
  options.threads = args.threads > 0 ? args.threads : static_cast<int>(cores);
  options.limits = connection_limits(args, descriptors);
  options.ws_idle_close = std::chrono::seconds(args.ws_idle_close_s);
  auto proxies = server::TrustedProxies::parse(args.trusted_proxies);
  if (!proxies) return fail("--trusted-proxy: " + proxies.error().message);
  options.trusted_proxies = std::move(*proxies);
  for (const std::string& text : args.public_urls) {
    auto url = server::parse_public_url(text);
    if (!url) return fail("--public-url: " + url.error().message);
    options.public_urls.push_back(*url);
  }
  std::cerr << "tabiya: connections: at most " << options.limits.per_client_connections << " per client ("
            << options.limits.per_client_websockets << " WebSockets), "
            << (options.limits.max_connections > 0 ? std::to_string(options.limits.max_connections) : "no cap")
            << " in all\n";
  return options;
}

// The server's modules, built in the order they depend on one another (docs/architecture.md): the games, the
// accounts, the lobby and the events above them, and the one routing table over all. Declared in that order, they
// go in the opposite one.
struct Modules {
  std::shared_ptr<server::EventSink> bus;                // the games' bus (Redis across nodes), which the lobby shares
  std::shared_ptr<server::RateLimiter> creation_limits;  // one budget for games and events
  std::shared_ptr<SteppedTime> stepped_time;             // `--test-clock` only
  std::unique_ptr<server::GameService> games;
  std::shared_ptr<server::AccountService> accounts;
  std::unique_ptr<server::LobbyService> lobby;
  std::unique_ptr<server::TournamentService> events;
  std::unique_ptr<TestClockService> test_clock;
  std::unique_ptr<server::Router> router;
};

// The games: their store (SQLite in --data, or PostgreSQL), their bus (in-process, or Redis), the cluster's leases.
Result<bool> make_games(Modules& m, boost::asio::io_context& io, const ServeArguments& args) {
  server::GameServiceOptions game_options;
  game_options.data_dir = args.data;
  if (!args.store.empty()) {
    auto store = server::open_postgres_store(args.store);
    if (!store) return store.error();
    game_options.store = std::move(*store);
  }
  if (!args.bus.empty()) {
    server::RedisBusOptions bus_options;
    bus_options.url = args.bus;
    bus_options.node = args.node_id;
    // Re-reading such a game from the store belongs to the games' ownership across nodes (not built yet): logged.
    bus_options.on_gap = [](const std::string& game) {
      std::fprintf(stderr, "tabiya: bus: events of game %s may have been missed\n", game.c_str());
    };
    auto bus = server::RedisBus::open(std::move(bus_options));
    if (!bus) return bus.error();
    std::shared_ptr<server::RedisBus> shared_bus = std::move(*bus);
    game_options.bus = shared_bus;
    if (!args.node_id.empty()) game_options.owner_link = shared_bus;
  }
  game_options.node_id = args.node_id;
  game_options.lease = std::chrono::milliseconds(int64_t(args.lease_seconds * 1000));
  m.bus = game_options.bus;
  game_options.robot_threads = args.robot_threads;
  game_options.room_threads = args.game_threads;
  game_options.evict_after = std::chrono::seconds(args.evict_after_s);
  game_options.clock_checkpoint_every = std::chrono::seconds(args.clock_checkpoint_s);
  game_options.unjoined_expiry = std::chrono::seconds(args.unjoined_expiry_s);
  m.creation_limits =
      std::make_shared<server::RateLimiter>(server::RateLimits{args.create_burst, args.create_rate_per_minute / 60.0});
  game_options.creation_limits = m.creation_limits;
  if (args.test_clock) {
    m.stepped_time = std::make_shared<SteppedTime>();
    game_options.time = m.stepped_time;
  }
  try {
    m.games = server::make_game_service(io, std::move(game_options));
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  return true;
}

// The accounts: their routes, and the seats a logged-in player takes, which the games tell them of.
Result<bool> make_accounts(Modules& m, const ServeArguments& args, const std::vector<server::WebOrigin>& public_urls) {
  server::AccountServiceOptions account_options;
  account_options.public_urls = public_urls;
  if (!args.data.empty() || !args.store.empty()) {
    auto store = args.store.empty() ? server::open_sqlite_account_store(args.data + "/accounts.sqlite3")
                                    : server::open_postgres_account_store(args.store);
    if (!store) return store.error();
    account_options.store = std::move(*store);
  }
  server::GameService& game_service = *m.games;
  account_options.archive = [&game_service](std::string_view id, std::string_view seat, bool with_pgn) {
    return game_service.archived_game(id, seat, with_pgn);
  };
  m.accounts = std::make_shared<server::AccountService>(std::move(account_options));
  server::AccountService& account_service = *m.accounts;
  m.games->set_seat_hooks(
      [&account_service](const server::HttpRequest& request, const std::string& id,
                         const std::vector<std::string>& seats) {
        account_service.record_created_game(request, id, seats);
      },
      [&account_service](std::string_view cookie, const std::string& id, const std::vector<std::string>& seats) {
        account_service.record_claimed_seats(cookie, id, seats);
      });
  return true;
}

// The lobby asks the accounts who is behind a cookie, and rates a finished game on its own thread (the game's end
// event carries the figures).
Result<bool> make_lobby_module(Modules& m, boost::asio::io_context& io, const ServeArguments& args) {
  auto lobby = make_lobby(*m.games, io, args, m.accounts, m.bus);
  if (!lobby) return lobby.error();
  m.lobby = std::move(*lobby);
  server::LobbyService& lobby_service = *m.lobby;
  m.games->set_end_ratings_hook([&lobby_service](const std::string& id, const std::string& score,
                                                 server::GameServiceOptions::EndRatingsDone done) {
    lobby_service.rate_game(id, score, std::move(done));
  });
  return true;
}

// The events: players join with their accounts; finished games' results come back to them.
Result<bool> make_events(Modules& m, const ServeArguments& args) {
  server::TournamentServiceOptions tournament_options;
  tournament_options.data_dir = args.data;
  if (!args.store.empty()) {  // the nodes share their events as they share their games
    auto stored = server::open_postgres_event_store(args.store);
    if (!stored) return stored.error();
    tournament_options.event_store = std::move(*stored);
  }
  tournament_options.creation_limits = m.creation_limits;
  server::AccountService& account_service = *m.accounts;
  tournament_options.account_of = [&account_service](const server::HttpRequest& request) {
    return tournament_account(account_service.logged_in_account(request));
  };
  tournament_options.account_seat = [&account_service](const std::string& account, const std::string& game,
                                                       const std::string& seat) {
    account_service.record_seat(account, game, seat);
  };
  auto made = server::TournamentService::create(*m.games, tournament_options);
  if (!made) return made.error();
  m.events = std::move(*made);
  server::TournamentService& event_service = *m.events;
  m.games->set_game_end_hook([&event_service](const std::string& id, const server::GameEnding& ending) {
    event_service.game_ended(id, ending);
  });
  return true;
}

// Every module, then the router over them.
Result<bool> make_modules(Modules& m, boost::asio::io_context& io, const ServeArguments& args,
                          const server::ServerOptions& options) {
  if (auto made = make_games(m, io, args); !made) return made;
  if (auto made = make_accounts(m, args, options.public_urls); !made) return made;
  if (auto made = make_lobby_module(m, io, args); !made) return made;
  if (auto made = make_events(m, args); !made) return made;
  if (m.stepped_time) m.test_clock = std::make_unique<TestClockService>(m.stepped_time, *m.games);
  m.router = server_router({*m.games, *m.lobby, *m.events, *m.accounts, m.test_clock.get()});
  return true;
}

// The built web app, or none (the API alone) when it cannot be read.
server::StaticFiles web_files(const ServeArguments& args) {
  Result<server::StaticFiles> loaded = server::StaticFiles::load(args.web);
  if (loaded) return std::move(*loaded);
  std::cerr << "tabiya: " << loaded.error().message << "; serving the API only\n";
  return {};
}

int serve(const ServeArguments& args) {
  // SIGINT and SIGTERM are blocked in every thread (the mask is inherited by the threads started below) and taken
  // by sigwait in this one, which then shuts down in order.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  Result<server::ServerOptions> options = network_options(args, raise_file_limit());
  if (!options) {
    std::cerr << "tabiya: " << options.error().message << "\n";
    return 1;
  }
  server::StaticFiles files = web_files(args);
  // The games' timers (flags, pings) run on the network's io_context and threads.
  boost::asio::io_context io(options->threads);
  std::unique_ptr<server::Service> echo;
  Modules modules;
  server::Service* service = nullptr;
  if (args.echo) {
    echo = std::make_unique<server::EchoService>();
    service = echo.get();
  } else if (Result<bool> made = make_modules(modules, io, args, *options); made) {
    service = modules.router.get();
  } else {
    std::cerr << "tabiya: " << made.error().message << "\n";
    return 1;
  }
  server::HttpServer http(io, *service, std::move(files), *options);
  Result<uint16_t> port = http.start();
  if (!port) {
    std::cerr << "tabiya: " << port.error().message << "\n";
    return 1;
  }
  std::cout << "tabiya: open http://localhost:" << *port << std::endl;
  int signal = 0;
  sigwait(&stop_signals, &signal);
  std::cerr << "tabiya: " << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ", shutting down\n";
  http.stop();
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArguments>();
  CLI::App* serve_app =
      app.add_subcommand("serve", "Start the game server: the web app, the HTTP API and WebSockets on one port");
  serve_app->add_option("--port", args->port, "TCP port; 0 picks a free one (the line printed gives it)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  serve_app->add_option("--host", args->host, "Address to listen on (0.0.0.0 for every interface)")
      ->capture_default_str();
  serve_app->add_option("--data", args->data, "Directory of the game database")->capture_default_str();
  serve_app
      ->add_option("--store", args->store,
                   "Keep the games in PostgreSQL instead of --data's SQLite file: a libpq URL, "
                   "postgresql://user@host:port/database (run `tabiya db migrate URL` first)")
      ->check([](const std::string& url) {
        return url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0
                   ? std::string()
                   : std::string("--store takes a postgresql:// URL");
      });
  serve_app->add_option("--bus", args->bus,
                        "Deliver game events across server nodes through Redis pub/sub: redis://host:port (default: "
                        "within this process only)");
  serve_app
      ->add_option("--node-id", args->node_id,
                   "This node's name in a cluster of nodes sharing --store and --bus (unique, e.g. the host name): "
                   "each game then runs on the one node holding its lease, and any node relays sockets to it")
      ->needs("--bus");
  serve_app
      ->add_option("--lease-seconds", args->lease_seconds,
                   "With --node-id: how long a game's lease lasts unrenewed (renewed every third of it); a node that "
                   "dies loses its games to another node after this long")
      ->capture_default_str()
      ->check(CLI::Range(0.3, 3600.0));
  serve_app->add_option("--web", args->web, "Directory of the built web app (index.html, assets/)")
      ->capture_default_str();
  serve_app->add_option("--threads", args->threads, "Network threads (default: one per core)")
      ->check(CLI::Range(1, 256));
  serve_app->add_option("--robot-threads", args->robot_threads, "Robot worker threads (default: cores - 1)")
      ->check(CLI::Range(1, 256));
  serve_app
      ->add_option("--game-threads", args->game_threads,
                   "Threads that run the games' moves and takebacks, off the network threads (default: cores, at "
                   "least 2)")
      ->check(CLI::Range(1, 256));
  serve_app
      ->add_option("--evict-after", args->evict_after_s,
                   "Seconds a finished game with no connection stays in memory (0: forever)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--clock-checkpoint", args->clock_checkpoint_s,
                   "Seconds between stores of a running clock: a restart gives back at most this much of a think "
                   "(0: store the clocks only with the moves)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--public-url", args->public_urls,
                   "A URL the server is reached at, e.g. https://chess.example.org (repeatable); requests must name "
                   "it (or --host, or a loopback name) in Host, and browsers' WebSockets must come from its pages")
      ->take_all();
  serve_app
      ->add_option("--trusted-proxy", args->trusted_proxies,
                   "Address or CIDR block of a reverse proxy whose X-Forwarded-For names the client (repeatable)")
      ->take_all();
  serve_app
      ->add_option("--max-connections-per-client", args->max_connections_per_client,
                   "Open connections (HTTP and WebSocket) one client (IPv4 address, IPv6 /64) may hold; 0: no cap")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--max-websockets-per-client", args->max_websockets_per_client,
                   "WebSockets one client may hold; 0: no cap")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--max-connections", args->max_connections,
                   "Connections in all (default: the descriptor limit less 128; the last quarter is kept for new "
                   "visitors)")
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--ws-idle-close", args->ws_idle_close_s,
                   "Seconds after which a WebSocket that carried nothing but pings is closed, unless it holds a seat "
                   "in a live game (0: never)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--create-burst", args->create_burst,
                   "Games and tournaments one client may create at once (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--create-rate", args->create_rate_per_minute,
                   "Creations a minute one client may go on with after its burst")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_option("--unjoined-expiry", args->unjoined_expiry_s,
                   "Seconds after which a game nobody joined is deleted (0: never)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  serve_app
      ->add_flag("--lobby-test-accounts", args->lobby_test_accounts,
                 "Tests only: the cookie acct=NAME logs in as NAME in the lobby (anyone can claim any name)")
      ->group("");
  serve_app
      ->add_flag("--test-clock", args->test_clock,
                 "Tests only: POST /api/test/clock {\"advance_ms\": N} moves the games' time N ms forward")
      ->group("");
  serve_app->add_flag("--echo", args->echo, "Serve a bare WebSocket echo instead of games (the load test's floor)");
  serve_app->callback([args] {
    if (int status = serve(*args); status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace tabiya::cli
