#include "server/events/event_pgn.h"

#include "server/events/tournament_views.h"

namespace tabiya::server {

namespace {

// A PGN tag value: backslashes and quotes escaped (PGN standard 8.1.1).
std::string escaped(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

// The PGN's tag section with `tags` added after its last tag.
std::string with_tags(const std::string& pgn, const std::vector<std::pair<std::string, std::string>>& tags) {
  const std::size_t end = pgn.find("\n\n");
  if (tags.empty() || end == std::string::npos) return pgn;
  std::string added;
  for (const auto& [name, value] : tags)
    added.append("\n[").append(name).append(" \"").append(escaped(value)).append("\"]");
  std::string out = pgn;
  out.insert(end, added);
  return out;
}

// The board's text: its game's record, else a game of no moves for its result; empty: neither.
std::string board_pgn(GameApi& games, const std::string& event_name, const EventPgnBoard& board) {
  if (!board.game.empty()) {
    Result<std::string> record = games.game_pgn(board.game);
    if (record && (board.result.empty() || record->find("[Result \"*\"]") == std::string::npos))
      return with_event_tags(*record, event_name, board.round, board.white, board.black);
  }
  if (board.result.empty()) return {};
  return result_only_pgn(event_name, board.round, board.white, board.black, board.result);
}

}  // namespace

HttpAnswer event_pgn_answer(GameApi& games, const std::string& event_name, const std::vector<EventPgnBoard>& boards,
                            const std::string& file_name) {
  std::string out;
  for (const EventPgnBoard& board : boards) {
    const std::string text = board_pgn(games, event_name, board);
    if (text.empty()) continue;
    out += with_tags(text, board.extra_tags);
    if (!out.ends_with("\n\n")) out += "\n";
  }
  HttpAnswer a;
  a.status = 200;
  a.content_type = "application/x-chess-pgn";
  a.body = std::move(out);
  a.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + file_name + "\"");
  return a;
}

}  // namespace tabiya::server
