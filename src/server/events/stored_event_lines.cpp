#include "server/events/stored_event_lines.h"

namespace tabiya::server {

tournament::HeaderLine stored_game_line(const OnlineGame& g) {
  std::string text = std::to_string(g.round);
  text.append(" ").append(std::to_string(g.white)).append(" ").append(std::to_string(g.black));
  text.append(" ").append(g.id).append(" ").append(g.seats[0]).append(" ").append(g.seats[1]);
  return {"XTG", text};
}

std::vector<std::string> published_game_ids(const std::vector<OnlineGame>& games, int published) {
  std::vector<std::string> ids;
  for (const OnlineGame& g : games)
    if (g.round == published) ids.push_back(g.id);
  return ids;
}

}  // namespace tabiya::server
