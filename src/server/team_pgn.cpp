// GET /api/tournaments/ID/pgn of a team event: every board of every published round, in round, match and board
// order, as the individual events' download gives it (the game's record with the event's tags, or a game of no
// moves for a result that did not come from a game here), with the teams in the WhiteTeam and BlackTeam tags.
// A board left empty by a line-up has nobody to name and no game: it is left out.
#include <string>
#include <vector>

#include "server/team_service.h"
#include "server/team_storage.h"
#include "server/tournament_http.h"
#include "server/tournament_views.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

namespace {

struct PgnItem {
  std::string game;
  int round = 0;
  std::string white, black, white_team, black_team, result;
};

// A PGN tag value: backslashes and quotes escaped (PGN standard 8.1.1).
std::string escaped(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

// The PGN's tag section with the two team tags added after its last tag.
std::string with_team_tags(const std::string& pgn, const PgnItem& item) {
  const std::size_t end = pgn.find("\n\n");
  if (end == std::string::npos) return pgn;
  std::string tags;
  tags.append("\n[WhiteTeam \"").append(escaped(item.white_team)).append("\"]");
  tags.append("\n[BlackTeam \"").append(escaped(item.black_team)).append("\"]");
  std::string out = pgn;
  out.insert(end, tags);
  return out;
}

}  // namespace

HttpAnswer TeamEvents::pgn(const std::string& id) {
  std::vector<PgnItem> items;
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
          PgnItem item;
          item.round = r;
          const int white = first_white ? b.first_player : b.second_player;
          const int black = first_white ? b.second_player : b.first_player;
          item.white = name_of(white);
          item.black = name_of(black);
          item.white_team = team_name(first_white ? m.first : m.second);
          item.black_team = team_name(first_white ? m.second : m.first);
          if (b.has_result())
            item.result = first_white ? board_result(b.first_result, b.second_result)
                                      : board_result(b.second_result, b.first_result);
          for (const OnlineGame& g : e.games)
            if (g.round == r && g.white == white && g.black == black) item.game = g.id;
          items.push_back(std::move(item));
        }
      }
  }
  std::string out;
  for (const PgnItem& item : items) {
    std::string text;
    if (!item.game.empty()) {
      HttpAnswer a = games_.http({"GET", "/api/games/" + item.game + "/pgn", ""});
      // A game record counts only when it holds the result; an unfinished one ("*") does not.
      if (a.status == 200 && (item.result.empty() || a.body.find("[Result \"*\"]") == std::string::npos))
        text = with_event_tags(a.body, event_name, item.round, item.white, item.black);
    }
    if (text.empty() && !item.result.empty())
      text = result_only_pgn(event_name, item.round, item.white, item.black, item.result);
    if (text.empty()) continue;
    out += with_team_tags(text, item);
    if (!out.ends_with("\n\n")) out += "\n";
  }
  HttpAnswer a;
  a.status = 200;
  a.content_type = "application/x-chess-pgn";
  a.body = std::move(out);
  a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-team-event-" + id + ".pgn\"");
  return a;
}

}  // namespace tabiya::server
