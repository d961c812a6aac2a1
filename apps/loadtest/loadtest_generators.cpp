#include "loadtest/loadtest_generators.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

extern char** environ;

namespace tabiya::cli {

namespace {

// One line without its newline; nullopt at the end of the stream.
std::optional<std::string> read_line(std::FILE* in) {
  std::string line;
  int c;
  while ((c = std::fgetc(in)) != EOF && c != '\n') line += static_cast<char>(c);
  if (c == EOF && line.empty()) return std::nullopt;
  return line;
}

}  // namespace

// Lines: "counts" and the counters, one "error CODE COUNT" per error code, "reconnect" and its counters,
// "outages N" then N times without a socket, "trips N", then N round trips (the last).
void write_report(std::FILE* out, const loadtest::LoadReport& r) {
  std::fprintf(out, "counts %d %d %d %.6f %.6f %.6f %llu %llu %llu %llu %llu %llu\n", r.games_created, r.clients,
               r.connect_failures, r.create_seconds, r.connect_seconds, r.window_seconds,
               static_cast<unsigned long long>(r.moves_sent), static_cast<unsigned long long>(r.moves_answered),
               static_cast<unsigned long long>(r.lost_moves), static_cast<unsigned long long>(r.skipped_ticks),
               static_cast<unsigned long long>(r.games_ended), static_cast<unsigned long long>(r.disconnects));
  for (const auto& [code, count] : r.errors)
    std::fprintf(out, "error %s %llu\n", code.empty() ? "-" : code.c_str(), static_cast<unsigned long long>(count));
  std::fprintf(out, "reconnect %llu %llu %llu %llu %llu %llu\n", static_cast<unsigned long long>(r.reconnects),
               static_cast<unsigned long long>(r.reconnects_failed),
               static_cast<unsigned long long>(r.acknowledged_missing),
               static_cast<unsigned long long>(r.announced_missing), static_cast<unsigned long long>(r.answered_late),
               static_cast<unsigned long long>(r.unanswered_at_disconnect));
  std::fprintf(out, "outages %zu\n", r.outages_ms.size());
  for (double ms : r.outages_ms) std::fprintf(out, "%.4f\n", ms);
  std::fprintf(out, "trips %zu\n", r.round_trips_ms.size());
  for (double ms : r.round_trips_ms) std::fprintf(out, "%.4f\n", ms);
  std::fflush(out);
}

std::optional<loadtest::LoadReport> read_report(std::FILE* in) {
  loadtest::LoadReport r;
  bool counted = false;
  while (std::optional<std::string> line = read_line(in)) {
    unsigned long long sent, answered, lost, skipped, ended, disconnects, count;
    unsigned long long made, failed, acknowledged, announced, late, unanswered;
    char code[128];
    std::size_t trips = 0, outages = 0;
    if (std::sscanf(line->c_str(), "counts %d %d %d %lf %lf %lf %llu %llu %llu %llu %llu %llu", &r.games_created,
                    &r.clients, &r.connect_failures, &r.create_seconds, &r.connect_seconds, &r.window_seconds, &sent,
                    &answered, &lost, &skipped, &ended, &disconnects) == 12) {
      r.moves_sent = sent;
      r.moves_answered = answered;
      r.lost_moves = lost;
      r.skipped_ticks = skipped;
      r.games_ended = ended;
      r.disconnects = disconnects;
      counted = true;
    } else if (std::sscanf(line->c_str(), "error %127s %llu", code, &count) == 2) {
      r.errors[std::strcmp(code, "-") == 0 ? "" : code] += count;
    } else if (std::sscanf(line->c_str(), "reconnect %llu %llu %llu %llu %llu %llu", &made, &failed, &acknowledged,
                           &announced, &late, &unanswered) == 6) {
      r.reconnects = made;
      r.reconnects_failed = failed;
      r.acknowledged_missing = acknowledged;
      r.announced_missing = announced;
      r.answered_late = late;
      r.unanswered_at_disconnect = unanswered;
    } else if (std::sscanf(line->c_str(), "outages %zu", &outages) == 1) {
      for (std::size_t i = 0; i < outages; ++i) {
        double ms;
        if (std::fscanf(in, "%lf", &ms) != 1) return std::nullopt;
        r.outages_ms.push_back(ms);
      }
    } else if (std::sscanf(line->c_str(), "trips %zu", &trips) == 1) {
      r.round_trips_ms.reserve(trips);
      for (std::size_t i = 0; i < trips; ++i) {
        double ms;
        if (std::fscanf(in, "%lf", &ms) != 1) return std::nullopt;
        r.round_trips_ms.push_back(ms);
      }
      return counted ? std::optional(std::move(r)) : std::nullopt;
    }
  }
  return std::nullopt;
}

loadtest::LoadReport merge_reports(const std::vector<loadtest::LoadReport>& reports) {
  loadtest::LoadReport total;
  for (const loadtest::LoadReport& r : reports) {
    total.games_created += r.games_created;
    total.clients += r.clients;
    total.connect_failures += r.connect_failures;
    total.create_seconds = std::max(total.create_seconds, r.create_seconds);
    total.connect_seconds = std::max(total.connect_seconds, r.connect_seconds);
    total.window_seconds = std::max(total.window_seconds, r.window_seconds);
    total.moves_sent += r.moves_sent;
    total.moves_answered += r.moves_answered;
    total.lost_moves += r.lost_moves;
    total.skipped_ticks += r.skipped_ticks;
    total.games_ended += r.games_ended;
    total.disconnects += r.disconnects;
    total.reconnects += r.reconnects;
    total.reconnects_failed += r.reconnects_failed;
    total.acknowledged_missing += r.acknowledged_missing;
    total.announced_missing += r.announced_missing;
    total.answered_late += r.answered_late;
    total.unanswered_at_disconnect += r.unanswered_at_disconnect;
    total.outages_ms.insert(total.outages_ms.end(), r.outages_ms.begin(), r.outages_ms.end());
    for (const auto& [code, count] : r.errors) total.errors[code] += count;
    total.round_trips_ms.insert(total.round_trips_ms.end(), r.round_trips_ms.begin(), r.round_trips_ms.end());
  }
  std::sort(total.round_trips_ms.begin(), total.round_trips_ms.end());
  std::sort(total.outages_ms.begin(), total.outages_ms.end());
  return total;
}

GeneratorProcess::~GeneratorProcess() {
  if (to_) std::fclose(to_);
  if (from_) std::fclose(from_);
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
}

bool GeneratorProcess::start(const std::vector<std::string>& args) {
  int down[2], up[2];
  if (pipe(down) != 0) return false;
  if (pipe(up) != 0) {
    ::close(down[0]);
    ::close(down[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, down[0], 0);
  posix_spawn_file_actions_adddup2(&actions, up[1], 1);
  for (int fd : {down[0], down[1], up[0], up[1]}) posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<std::string> all{"/proc/self/exe"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = posix_spawn(&pid_, "/proc/self/exe", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(down[0]);
  ::close(up[1]);
  if (rc != 0) {
    pid_ = 0;
    ::close(down[1]);
    ::close(up[0]);
    return false;
  }
  to_ = fdopen(down[1], "w");
  from_ = fdopen(up[0], "r");
  return to_ && from_;
}

bool GeneratorProcess::wait_ready() {
  std::optional<std::string> line = read_line(from_);
  return line && *line == "ready";
}

void GeneratorProcess::go() {
  std::fputs("go\n", to_);
  std::fflush(to_);
}

std::optional<loadtest::LoadReport> GeneratorProcess::finish() {
  std::optional<loadtest::LoadReport> report = read_report(from_);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return report;
}

}  // namespace tabiya::cli
