// What every game room shares with the others and with the registry: the
// threads it runs on, the storage thread, the robot pool, the event bus, the
// clocks, the metrics and the log. Owned by the game service; rooms hold it by
// reference and must not outlive it while they work.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "laws/time_source.h"
#include "server/base/service_metrics.h"
#include "server/cluster/event_bus.h"
#include "server/games/game_service.h"
#include "server/games/robot_pool.h"
#include "server/games/room_workers.h"
#include "server/store/group_commit.h"

namespace tabiya::server {

class GameRoom;
class GameSession;

// Unanswered client messages one room may hold before it refuses more with `busy`.
inline constexpr int DEFAULT_ROOM_QUEUE_LIMIT = 32;

struct RoomServices {
  boost::asio::io_context& io;  // the clock timers
  const GameServiceOptions& options;
  std::shared_ptr<const TimeSource> time;
  RobotPool& robots;
  GroupCommitter& writer;
  EventSink& bus;
  RoomWorkers& workers;
  ServiceMetrics& metrics;
  const std::atomic<bool>& stopping;
  // The registry forgets a room whose creation could not be stored.
  std::function<void(const GameRoom&)> forget;
  // A session's room left memory before the session said hello: the game loaded again (null: it is gone).
  std::function<std::shared_ptr<GameRoom>(const std::string& id)> reload;
  // A new game by the creation path of POST /api/games (a rematch): `stored` is told, on the new game's queue,
  // its id and whether its creation was committed; nothing is announced before that.
  using Created = std::function<void(const std::string& id, bool committed)>;
  std::function<void(Setup setup, Created stored)> create;

  int64_t wall_now() const;
  int queue_limit() const { return options.room_queue_limit > 0 ? options.room_queue_limit : DEFAULT_ROOM_QUEUE_LIMIT; }
  void log(const boost::json::object& line) const;
};

}  // namespace tabiya::server
