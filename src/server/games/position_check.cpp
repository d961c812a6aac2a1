#include "server/games/position_check.h"

#include "core/fen.h"
#include "notation/uci_reader.h"

namespace tabiya::server {
namespace json = boost::json;

Result<json::object, ProtocolError> check_position(std::string_view body) {
  json::error_code ec;
  json::value doc = json::parse(body, ec);
  if (ec) return ProtocolError{"bad_json", {}, ec.message()};
  if (!doc.is_object()) return bad_field("", "object", "the request must be a JSON object");
  const json::object& o = doc.as_object();
  const json::value* v = o.if_contains("v");
  if (!v || !v->is_int64()) return bad_field("v", "integer");
  if (v->as_int64() != PROTOCOL_VERSION) {
    ProtocolError e{"unsupported_version", {}, "protocol version " + std::to_string(v->as_int64())};
    e.data["supported"] = json::array{PROTOCOL_VERSION};
    return e;
  }
  const bool has_fen = o.contains("fen") && !o.at("fen").is_null();
  const bool has_pgn = o.contains("pgn") && !o.at("pgn").is_null();
  if (!has_fen && !has_pgn) return bad_field("fen", "fen or pgn", "neither fen nor pgn given");
  Setup setup;
  if (auto refused = parse_start(o, setup)) return *refused;
  // parse_start read both already: the position after the PGN's moves is where the game would begin.
  Position end = *parse_fen(setup.start_fen);
  for (const std::string& text : setup.moves) {
    UndoInfo undo;
    end.do_move(*move_from_uci(end, text), undo);
  }
  json::object answer;
  answer["fen"] = to_fen(end);
  answer["start_fen"] = setup.start_fen;
  answer["plies"] = setup.moves.size();
  answer["turn"] = color_text(end.side_to_move());
  return answer;
}

}  // namespace tabiya::server
