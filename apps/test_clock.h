// `tabiya serve --test-clock`, for the browser tests only: the games' time runs as the machine's steady clock, but
// a test may move it forward (POST /api/test/clock), so that a test of a 30 s limit takes no 30 s. Never on in
// production: the route exists only with the flag.
#pragma once

#include <atomic>
#include <memory>

#include "laws/time_source.h"
#include "server/base/service.h"
#include "server/games/game_service.h"

namespace tabiya::cli {

// The steady clock plus however far the tests moved it.
class SteppedTime final : public TimeSource {
 public:
  Millis now() const override { return base_.now() + Millis(ahead_ms_.load()); }
  void advance(Millis amount) { ahead_ms_.fetch_add(amount.count()); }

 private:
  SteadyTimeSource base_;
  std::atomic<int64_t> ahead_ms_{0};
};

// POST /api/test/clock {"advance_ms": N}: moves the games' time N ms (1 to an hour) forward, then ends every game
// whose limit passed meanwhile (a flag, a first move never made), as the games' timers would have.
class TestClockService final : public server::Service {
 public:
  TestClockService(std::shared_ptr<SteppedTime> time, server::GameService& games)
      : time_(std::move(time)), games_(games) {}
  server::HttpAnswer http(const server::HttpRequest& request) override;
  std::shared_ptr<server::Session> open(std::string_view, std::shared_ptr<server::Peer>) override { return nullptr; }
  void message(server::Session&, std::string_view) override {}
  void closed(server::Session&) override {}
  void write_metrics(std::string&) override {}
  void shutdown() override {}

 private:
  std::shared_ptr<SteppedTime> time_;
  server::GameService& games_;
};

}  // namespace tabiya::cli
