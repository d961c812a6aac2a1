// A room's part in the expiry of games nobody joined (unjoined_games.h): decided on the room's queue, in order
// with its messages and after its commits, so that a game joined meanwhile is never deleted.
#include "server/games/game_room.h"
#include "server/games/unjoined_games.h"

namespace tabiya::server {

void GameRoom::expire_if_unjoined(std::function<void(bool expired)> done) {
  post([done = std::move(done)](GameRoom& room) mutable {
    room.after_commit([&room, done = std::move(done)] {
      if (room.lost_ || room.evicted_flag_) return done(false);
      const std::size_t actions = room.live_->log().size();
      if (!unjoined(room.setup_, room.live_->log())) {
        room.store_then({{StoreWrite::Kind::KEEP, room.id_, {}, 0, 0}}, [](GameRoom&, bool) {});
        return done(false);
      }
      // Someone is here, or about to be (a message queued, the robot at work, a change not stored): not now.
      if (!room.sessions_.empty() || room.inbox_ > 0 || room.robot_queued_ || room.robot_thinking_ ||
          room.stored_actions_ != actions || (room.live_->over() && !room.stored_finish_))
        return done(false);
      // From here the game answers unknown_game; it leaves the registry once its deletion is committed, so that
      // nobody loads it again from the store meanwhile.
      room.lost_ = true;
      room.timer_.cancel();
      room.store_then({{StoreWrite::Kind::REMOVE, room.id_, {}, int64_t(actions), 0}},
                      [done](GameRoom& room, bool committed) {
                        if (!committed) {
                          room.lost_ = false;
                          room.schedule();
                          return done(false);
                        }
                        room.services_.forget(room);
                        done(true);
                      });
    });
  });
}

}  // namespace tabiya::server
