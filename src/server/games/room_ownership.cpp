// A room leaving service because another node owns its game now.
#include "server/cluster/owner_relay.h"
#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

void GameRoom::drop_ownership(const std::string& why) {
  dropped_flag_ = true;
  post([why](GameRoom& room) { room.leave_service(why); });
}

// On the room's queue. Nothing of what this node did since its last stored write is the game's: the sockets are
// closed without another word, and their clients reconnect and resync from the owner.
void GameRoom::leave_service(const std::string& why) {
  dropped_flag_ = true;
  services_.log(json::object{{"event", "game_moved"}, {"game", id_}, {"epoch", epoch_.load()}, {"detail", why}});
  timer_.cancel();
  for (auto& s : sessions_) {
    services_.bus.unsubscribe(id_, s->peer.get());
    s->peer->close(CLOSE_MOVED, "moved");
  }
  sessions_.clear();
  waiting_.clear();
  closed_ = true;
  services_.forget(*this);
}

}  // namespace tabiya::server
