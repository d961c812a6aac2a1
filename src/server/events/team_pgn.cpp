// GET /api/tournaments/ID/pgn of a team event: every board of every published round, in round, match and board
// order, as the individual events' download gives it (the game's record with the event's tags, or a game of no
// moves for a result that did not come from a game here), with the teams in the WhiteTeam and BlackTeam tags.
// A board left empty by a line-up has nobody to name and no game: it is left out.
#include <string>
#include <vector>

#include "server/events/event_pgn.h"
#include "server/events/team_service.h"
#include "server/events/team_storage.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_views.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

HttpAnswer TeamEvents::pgn(const std::string& id) {
  std::vector<EventPgnBoard> boards;
  std::string event_name;
  {
    std::lock_guard lock(mutex_);
    auto it = events_.find(id);
    if (it == events_.end()) return tournament_error(404, "unknown_tournament", {{"id", id}});
    const TeamEntry& e = *it->second;
    event_name = e.event.players.name();
    auto name_of = [&](int player) {
      const tn::Player* p = e.event.players.player(player);
      return p ? p->name : std::string();
    };
    auto team_name = [&](int number) {
      const tn::Team* t = e.event.team(number);
      return t ? t->name : std::string();
    };
    for (int r = 1; r <= e.published && r <= static_cast<int>(e.event.rounds.size()); ++r)
      for (const tn::TeamMatch& m : e.event.rounds[std::size_t(r - 1)]) {
        if (m.bye()) continue;
        for (const tn::MatchBoard& b : m.boards) {
          if (b.first_player == 0 || b.second_player == 0) continue;
          const bool first_white = b.first_colour == tn::Colour::white;
          EventPgnBoard item;
          item.round = r;
          const int white = first_white ? b.first_player : b.second_player;
          const int black = first_white ? b.second_player : b.first_player;
          item.white = name_of(white);
          item.black = name_of(black);
          item.extra_tags = {{"WhiteTeam", team_name(first_white ? m.first : m.second)},
                             {"BlackTeam", team_name(first_white ? m.second : m.first)}};
          if (b.has_result())
            item.result = first_white ? board_result(b.first_result, b.second_result)
                                      : board_result(b.second_result, b.first_result);
          for (const OnlineGame& g : e.games)
            if (g.round == r && g.white == white && g.black == black) item.game = g.id;
          boards.push_back(std::move(item));
        }
      }
  }
  return event_pgn_answer(games_, event_name, boards, "tabiya-team-event-" + id + ".pgn");
}

}  // namespace tabiya::server
