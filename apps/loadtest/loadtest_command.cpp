// `tabiya loadtest`: N person-vs-person games over loopback WebSockets against
// a `tabiya serve` this command starts (or one given by --url), then the same
// load against a bare echo server started the same way, the floor.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"
#include "loadtest/load_test.h"
#include "loadtest/loadtest_generators.h"
#include "loadtest/lobby_load.h"

extern char** environ;

namespace tabiya::cli {

namespace {

struct LoadArguments {
  int games = 100;
  double rate = 2;
  double duration = 30;
  double warmup = 3;
  std::string url;
  int pid = 0;
  int threads = 0;
  uint64_t seed = 1;
  bool echo_floor = true;
  std::string time_control = "90+30";
  int robot_games = 0;
  int robot_level = 10;
  int generators = 1;           // processes the clients are spread over
  std::string generator_child;  // "game" or "echo": this process is one of them (loadtest_generators.h)
  int lobby_clients = 0;        // people in the lobby receiving seek updates beside the games
  int lobby_seekers = 20;
  bool reconnect = false;  // clients come back after their socket closes and check their game's moves
};

// CPU time (user + system) and resident memory of one process, from /proc.
struct ProcessSample {
  double cpu_seconds = 0;
  double rss_kb = 0;
  std::chrono::steady_clock::time_point at = std::chrono::steady_clock::now();
};

std::optional<ProcessSample> sample_process(int pid) {
  ProcessSample sample;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  double utime = 0, stime = 0;
  for (int i = 3; fields >> field; ++i) {  // field 3 is the state; utime is 14, stime 15
    if (i == 14) utime = std::stod(field);
    if (i == 15) {
      stime = std::stod(field);
      break;
    }
  }
  sample.cpu_seconds = (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) sample.rss_kb = std::stod(line.substr(6));
  }
  return sample;
}

double self_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](timeval t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// A `tabiya serve` started by this command: `--port 0`, its port read from the line it prints.
class ServerProcess {
 public:
  ~ServerProcess() { stop(); }

  // The server's standard error (one log line per game) goes to `log`.
  bool start(const std::vector<std::string>& extra, const std::string& log) {
    // Its thousands of games come from one client: no creation limit (it is per client).
    std::vector<std::string> args{"/proc/self/exe", "serve", "--port", "0", "--create-burst", "0"};
    // The load test is one client standing for thousands: the per-client caps would refuse it.
    for (const char* lift : {"--max-connections-per-client", "0", "--max-websockets-per-client", "0"})
      args.emplace_back(lift);
    args.insert(args.end(), extra.begin(), extra.end());
    int out[2];
    if (pipe(out) != 0) return false;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int rc = posix_spawn(&pid_, "/proc/self/exe", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (rc != 0) {
      ::close(out[0]);
      pid_ = 0;
      return false;
    }
    // "tabiya: open http://localhost:PORT"
    std::string line;
    char c;
    while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
    ::close(out[0]);
    std::size_t colon = line.rfind(':');
    if (line.find("tabiya: open http://") != 0 || colon == std::string::npos) return false;
    port_ = static_cast<uint16_t>(std::stoi(line.substr(colon + 1)));
    return true;
  }

  // SIGTERM, then the exit status (0 is a clean shutdown).
  int stop() {
    if (pid_ <= 0) return -1;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  int pid() const { return pid_; }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = 0;
  uint16_t port_ = 0;
};

struct RunFigures {
  loadtest::LoadReport report;
  double server_cpu_percent = -1;
  double rss_mb = -1;
  double baseline_rss_mb = -1;
  double generator_cpu_percent = 0;
};

// ws://127.0.0.1:PORT (loopback only: the load test never leaves this machine).
std::optional<uint16_t> loopback_port(const std::string& url) {
  for (std::string prefix : {"ws://127.0.0.1:", "ws://localhost:", "http://127.0.0.1:", "http://localhost:"}) {
    if (url.rfind(prefix, 0) == 0) {
      try {
        int port = std::stoi(url.substr(prefix.size()));
        if (port > 0 && port < 65536) return static_cast<uint16_t>(port);
      } catch (const std::exception&) {
      }
    }
  }
  return std::nullopt;
}

loadtest::LoadOptions load_options(const LoadArguments& args, uint16_t port, bool echo) {
  loadtest::LoadOptions options;
  options.port = port;
  options.games = args.games;
  options.interval_s = args.rate;
  options.duration_s = args.duration;
  options.warmup_s = args.warmup;
  options.echo = echo;
  options.seed = args.seed;
  options.time_control = args.time_control;
  options.robot_games = args.robot_games;
  options.robot_level = args.robot_level;
  options.reconnect = args.reconnect;
  return options;
}

void announce(const LoadArguments& args, const std::string& label, bool echo) {
  std::cout << label << ": " << args.games << " games, " << 2 * args.games << " clients, a move per side every "
            << args.rate << " s, " << args.duration << " s measured";
  if (args.generators > 1) std::cout << ", clients spread over " << args.generators << " generator processes";
  if (args.robot_games > 0 && !echo)
    std::cout << "; " << args.robot_games << " robot games (level " << args.robot_level << ") beside them";
  std::cout << std::endl;
}

void print_figures(const LoadArguments& args, const RunFigures& figures) {
  const loadtest::LoadReport& r = figures.report;
  char text[512];
  std::snprintf(text, sizeof text,
                "  set-up: %d games created in %.1f s, %d clients ready in %.1f s, %d failed to connect\n"
                "  moves: %llu sent, %llu answered, %llu lost, %llu errors; %llu skipped turns; %llu games ended; "
                "%llu disconnects\n"
                "  round trip ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f\n",
                r.games_created, r.create_seconds, r.clients, r.connect_seconds, r.connect_failures,
                static_cast<unsigned long long>(r.moves_sent), static_cast<unsigned long long>(r.moves_answered),
                static_cast<unsigned long long>(r.lost_moves), static_cast<unsigned long long>(r.error_count()),
                static_cast<unsigned long long>(r.skipped_ticks), static_cast<unsigned long long>(r.games_ended),
                static_cast<unsigned long long>(r.disconnects), r.percentile(50), r.percentile(90), r.percentile(99),
                r.round_trips_ms.empty() ? 0.0 : r.round_trips_ms.back());
  std::cout << text;
  for (const auto& [code, count] : r.errors) std::cout << "    error " << code << ": " << count << "\n";
  if (args.reconnect) {
    std::snprintf(
        text, sizeof text,
        "  reconnects: %llu made, %llu failed; without a working socket ms: p50 %.0f  p90 %.0f  max %.0f (%zu "
        "times)\n"
        "  acknowledged moves missing after reconnect: %llu (announced moves missing: %llu); in flight "
        "at a disconnect: %llu answered late, %llu unanswered at disconnect\n",
        static_cast<unsigned long long>(r.reconnects), static_cast<unsigned long long>(r.reconnects_failed),
        r.outage_percentile(50), r.outage_percentile(90), r.outages_ms.empty() ? 0.0 : r.outages_ms.back(),
        r.outages_ms.size(), static_cast<unsigned long long>(r.acknowledged_missing),
        static_cast<unsigned long long>(r.announced_missing), static_cast<unsigned long long>(r.answered_late),
        static_cast<unsigned long long>(r.unanswered_at_disconnect));
    std::cout << text;
  }
  if (figures.server_cpu_percent >= 0) {
    const double moves_per_s = r.window_seconds > 0 ? static_cast<double>(r.moves_answered) / r.window_seconds : 0;
    std::snprintf(text, sizeof text,
                  "  server: CPU %.0f%% of one core (%.1f%% per 1,000 moves/s), RSS %.1f MB (%.1f MB before the "
                  "clients: %.1f KB per game)\n",
                  figures.server_cpu_percent, moves_per_s > 0 ? figures.server_cpu_percent * 1000 / moves_per_s : 0.0,
                  figures.rss_mb, figures.baseline_rss_mb,
                  (figures.rss_mb - figures.baseline_rss_mb) * 1024 / args.games);
    std::cout << text;
  }
  std::snprintf(text, sizeof text, "  load generator: CPU %.0f%% of one core\n", figures.generator_cpu_percent);
  std::cout << text << std::flush;
}

std::optional<RunFigures> run_one(const LoadArguments& args, const std::string& label, uint16_t port, int pid,
                                  bool echo) {
  loadtest::LoadOptions options = load_options(args, port, echo);
  RunFigures figures;
  std::optional<ProcessSample> baseline = pid > 0 ? sample_process(pid) : std::nullopt;
  if (baseline) figures.baseline_rss_mb = baseline->rss_kb / 1024;
  std::optional<ProcessSample> server_start, server_end;
  double self_start = 0, self_end = 0;
  auto wall_start = std::chrono::steady_clock::now(), wall_end = wall_start;
  std::unique_ptr<loadtest::LobbyLoad> lobby;
  if (!echo && args.lobby_clients > 0) {
    loadtest::LobbyLoadOptions lobby_options;
    lobby_options.port = port;
    lobby_options.clients = args.lobby_clients;
    lobby_options.seekers = std::min(args.lobby_seekers, args.lobby_clients);
    Result<std::unique_ptr<loadtest::LobbyLoad>> started = loadtest::LobbyLoad::start(lobby_options);
    if (!started) {
      std::cerr << "tabiya " << started.error().message << "\n";
      return std::nullopt;
    }
    lobby = std::move(*started);
  }
  options.window_started = [&] {
    if (lobby) lobby->measure();
    if (pid > 0) server_start = sample_process(pid);
    self_start = self_cpu_seconds();
    wall_start = std::chrono::steady_clock::now();
  };
  options.window_ended = [&] {
    if (pid > 0) server_end = sample_process(pid);
    self_end = self_cpu_seconds();
    wall_end = std::chrono::steady_clock::now();
  };
  announce(args, label, echo);
  Result<loadtest::LoadReport> report = loadtest::run_load(options);
  if (!report) {
    std::cerr << "tabiya " << report.error().message << "\n";
    return std::nullopt;
  }
  figures.report = std::move(*report);
  double wall = std::chrono::duration<double>(wall_end - wall_start).count();
  if (server_start && server_end && wall > 0) {
    figures.server_cpu_percent = 100 * (server_end->cpu_seconds - server_start->cpu_seconds) / wall;
    figures.rss_mb = server_end->rss_kb / 1024;
  }
  if (wall > 0) figures.generator_cpu_percent = 100 * (self_end - self_start) / wall;
  print_figures(args, figures);
  if (lobby) {
    const loadtest::LobbyLoadReport l = lobby->stop();
    char text[512];
    std::snprintf(text, sizeof text,
                  "  lobby: %d clients connected in %.1f s (%d failed, %d openings tried again after busy), %d "
                  "seeking; %llu seeks, %llu lobby messages received in the window; seek round trip ms: p50 %.2f  "
                  "p99 %.2f\n",
                  l.connected, l.connect_seconds, l.failed, l.retries, std::min(args.lobby_seekers, args.lobby_clients),
                  static_cast<unsigned long long>(l.seeks), static_cast<unsigned long long>(l.messages),
                  l.percentile(50), l.percentile(99));
    std::cout << text << std::flush;
  }
  return figures;
}

// The same run with the clients spread over `args.generators` child processes (loadtest_generators.h).
std::optional<RunFigures> run_spread(const LoadArguments& args, const std::string& label, uint16_t port, int pid,
                                     bool echo) {
  RunFigures figures;
  std::optional<ProcessSample> baseline = pid > 0 ? sample_process(pid) : std::nullopt;
  if (baseline) figures.baseline_rss_mb = baseline->rss_kb / 1024;
  announce(args, label, echo);
  std::vector<std::unique_ptr<GeneratorProcess>> children;
  for (int k = 0; k < args.generators; ++k) {
    int games = args.games / args.generators + (k < args.games % args.generators ? 1 : 0);
    std::vector<std::string> child{"loadtest",
                                   "--generator-child",
                                   echo ? "echo" : "game",
                                   "--url",
                                   "ws://127.0.0.1:" + std::to_string(port),
                                   "--games",
                                   std::to_string(games),
                                   "--rate",
                                   std::to_string(args.rate),
                                   "--duration",
                                   std::to_string(args.duration),
                                   "--warmup",
                                   std::to_string(args.warmup),
                                   "--seed",
                                   std::to_string(args.seed + static_cast<uint64_t>(k)),
                                   "--time",
                                   args.time_control,
                                   "--robots",
                                   std::to_string(k == 0 ? args.robot_games : 0),
                                   "--robot-level",
                                   std::to_string(args.robot_level)};
    if (args.reconnect) child.push_back("--reconnect");
    children.push_back(std::make_unique<GeneratorProcess>());
    if (!children.back()->start(child)) {
      std::cerr << "tabiya loadtest: could not start a generator process\n";
      return std::nullopt;
    }
  }
  for (auto& child : children) {
    if (!child->wait_ready()) {
      std::cerr << "tabiya loadtest: a generator process failed before its clients were ready\n";
      return std::nullopt;
    }
  }
  for (auto& child : children) child->go();
  // The children wait `warmup` from the word go, then measure `duration`: the probes take the same window.
  std::this_thread::sleep_for(std::chrono::duration<double>(args.warmup));
  auto generators_cpu = [&] {
    double total = 0;
    for (auto& child : children)
      if (std::optional<ProcessSample> s = sample_process(child->pid())) total += s->cpu_seconds;
    return total;
  };
  std::optional<ProcessSample> server_start = pid > 0 ? sample_process(pid) : std::nullopt;
  double generators_start = generators_cpu();
  auto wall_start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(args.duration));
  std::optional<ProcessSample> server_end = pid > 0 ? sample_process(pid) : std::nullopt;
  double generators_end = generators_cpu();
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  std::vector<loadtest::LoadReport> reports;
  for (auto& child : children) {
    std::optional<loadtest::LoadReport> report = child->finish();
    if (!report) {
      std::cerr << "tabiya loadtest: a generator process ended without its report\n";
      return std::nullopt;
    }
    reports.push_back(std::move(*report));
  }
  figures.report = merge_reports(reports);
  if (server_start && server_end && wall > 0) {
    figures.server_cpu_percent = 100 * (server_end->cpu_seconds - server_start->cpu_seconds) / wall;
    figures.rss_mb = server_end->rss_kb / 1024;
  }
  if (wall > 0) figures.generator_cpu_percent = 100 * (generators_end - generators_start) / wall;
  print_figures(args, figures);
  return figures;
}

// A child of run_spread: its share of the clients, "ready" on its standard output, then its moves when a line
// arrives on its standard input, then its report.
int generator_child(const LoadArguments& args) {
  std::optional<uint16_t> port = loopback_port(args.url);
  if (!port) return 2;
  loadtest::LoadOptions options = load_options(args, *port, args.generator_child == "echo");
  options.clients_ready = [] {
    std::fputs("ready\n", stdout);
    std::fflush(stdout);
    int c;
    while ((c = std::fgetc(stdin)) != EOF && c != '\n') {
    }
  };
  Result<loadtest::LoadReport> report = loadtest::run_load(options);
  if (!report) {
    std::cerr << "tabiya " << report.error().message << "\n";
    return 1;
  }
  write_report(stdout, *report);
  return 0;
}

std::optional<RunFigures> run(const LoadArguments& args, const std::string& label, uint16_t port, int pid, bool echo) {
  return args.generators > 1 ? run_spread(args, label, port, pid, echo) : run_one(args, label, port, pid, echo);
}

int loadtest(const LoadArguments& args) {
  signal(SIGPIPE, SIG_IGN);
  if (args.lobby_clients > 0 && args.generators > 1) {
    std::cerr << "tabiya loadtest: --lobby-clients runs in one generator process; leave out --generators\n";
    return 2;
  }
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  if (!args.generator_child.empty()) return generator_child(args);
  std::vector<std::string> threads;
  if (args.threads > 0) threads = {"--threads", std::to_string(args.threads)};

  std::optional<RunFigures> game;
  if (!args.url.empty()) {
    std::optional<uint16_t> port = loopback_port(args.url);
    if (!port) {
      std::cerr << "tabiya loadtest: --url must be ws://127.0.0.1:PORT or ws://localhost:PORT\n";
      return 2;
    }
    game = run(args, "game server at " + args.url, *port, args.pid, false);
  } else {
    std::filesystem::path data =
        std::filesystem::temp_directory_path() / ("tabiya-loadtest-" + std::to_string(getpid()));
    std::vector<std::string> extra{"--data", data.string()};
    extra.insert(extra.end(), threads.begin(), threads.end());
    ServerProcess server;
    std::string log = (std::filesystem::temp_directory_path() / "tabiya-loadtest-server.log").string();
    std::cout << "server log: " << log << "\n";
    if (!server.start(extra, log)) {
      std::cerr << "tabiya loadtest: could not start tabiya serve\n";
      return 1;
    }
    game = run(args, "game server (pid " + std::to_string(server.pid()) + ")", server.port(), server.pid(), false);
    int status = server.stop();
    if (status != 0) std::cout << "  server exit status " << status << " after SIGTERM\n";
    std::error_code ignored;
    std::filesystem::remove_all(data, ignored);
  }
  if (!game) return 1;
  if (!args.echo_floor) return 0;

  std::vector<std::string> extra{"--echo"};
  extra.insert(extra.end(), threads.begin(), threads.end());
  ServerProcess echo;
  if (!echo.start(extra, (std::filesystem::temp_directory_path() / "tabiya-loadtest-echo.log").string())) {
    std::cerr << "tabiya loadtest: could not start tabiya serve --echo\n";
    return 1;
  }
  std::optional<RunFigures> floor =
      run(args, "echo floor (pid " + std::to_string(echo.pid()) + ")", echo.port(), echo.pid(), true);
  echo.stop();
  if (!floor) return 1;
  auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
  char text[256];
  std::snprintf(text, sizeof text, "game / echo floor: p50 x%.1f  p90 x%.1f  p99 x%.1f\n",
                ratio(game->report.percentile(50), floor->report.percentile(50)),
                ratio(game->report.percentile(90), floor->report.percentile(90)),
                ratio(game->report.percentile(99), floor->report.percentile(99)));
  std::cout << text;
  return 0;
}

}  // namespace

void add_loadtest_command(CLI::App& app) {
  auto args = std::make_shared<LoadArguments>();
  CLI::App* cmd = app.add_subcommand(
      "loadtest",
      "Drive N person-vs-person games over loopback WebSockets and report move round trips, then the same "
      "load against a bare echo server (the floor)");
  cmd->add_option("--games", args->games, "Concurrent games (two WebSocket clients each)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--rate", args->rate, "Seconds between two moves of the same side")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--duration", args->duration, "Seconds measured")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--warmup", args->warmup, "Seconds of moves before the measurement")->capture_default_str();
  cmd->add_option("--url", args->url,
                  "Target a running server (ws://127.0.0.1:PORT) instead of starting one (started with "
                  "--max-connections-per-client 0 --max-websockets-per-client 0: the load is one client)");
  cmd->add_option("--pid", args->pid, "With --url: the server's process id, for its CPU and memory");
  cmd->add_option("--threads", args->threads, "Network threads of the servers started (default: one per core)");
  cmd->add_option("--time", args->time_control, "Time control of the games")->capture_default_str();
  cmd->add_option("--robots", args->robot_games,
                  "Games against the robot besides them (one client each, not measured), to saturate the robot pool")
      ->capture_default_str();
  cmd->add_option("--robot-level", args->robot_level, "Level of those robots (1-10)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10));
  cmd->add_option("--seed", args->seed, "Seed of the random move choices")->capture_default_str();
  cmd->add_flag("!--no-echo", args->echo_floor, "Skip the echo floor");
  cmd->add_option("--generators", args->generators,
                  "Processes the clients are spread over (one process holds at most its open-files limit of sockets)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--lobby-clients", args->lobby_clients,
                  "Lobby sockets (/ws/lobby) connected during the run, receiving the seek updates")
      ->capture_default_str();
  cmd->add_option("--lobby-seekers", args->lobby_seekers,
                  "Of the lobby sockets, those that open and cancel a 5+0 seek every second")
      ->capture_default_str();
  cmd->add_flag("--reconnect", args->reconnect,
                "A client whose socket closes (a node killed, moved by its relay) reconnects as the web app does and "
                "checks that its game still has every move the server acknowledged");
  cmd->add_option("--generator-child", args->generator_child, "Internal: run as one of the --generators processes")
      ->check(CLI::IsMember({"game", "echo"}))
      ->group("");
  cmd->callback([args] {
    if (int status = loadtest(*args); status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace tabiya::cli
