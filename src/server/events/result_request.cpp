#include "server/events/result_request.h"

#include "server/events/tournament_http.h"

namespace tabiya::server {

std::optional<std::pair<char, char>> result_codes(std::string_view text) {
  if (text == "1-0") return std::pair{'1', '0'};
  if (text == "0-1") return std::pair{'0', '1'};
  if (text == "1/2" || text == "1/2-1/2") return std::pair{'=', '='};
  if (text == "+-") return std::pair{'+', '-'};
  if (text == "-+") return std::pair{'-', '+'};
  if (text == "--") return std::pair{'-', '-'};
  return std::nullopt;
}

std::optional<std::pair<char, char>> event_result_codes(const GameEnding& ending) {
  if (ending.played) {
    if (ending.score == "1-0" || ending.score == "0-1" || ending.score == "1/2-1/2") return result_codes(ending.score);
    return std::nullopt;
  }
  if (ending.score == "1-0") return std::pair{'+', '-'};
  if (ending.score == "0-1") return std::pair{'-', '+'};
  return std::nullopt;
}

std::optional<ResultRequest> read_result_request(const boost::json::object& o, HttpAnswer& answer) {
  const boost::json::value* round = field(o, "round");
  if (!round || !round->is_int64()) {
    answer = tournament_bad_field("round", "integer");
    return std::nullopt;
  }
  const boost::json::value* white = field(o, "white");
  if (!white || !white->is_int64()) {
    answer = tournament_bad_field("white", "start number of White");
    return std::nullopt;
  }
  const boost::json::value* result = field(o, "result");
  std::optional<std::pair<char, char>> codes;
  if (result && result->is_string()) codes = result_codes(result->as_string());
  if (!codes) {
    answer = tournament_bad_field("result", "1-0|0-1|1/2|+-|-+|--");
    return std::nullopt;
  }
  return ResultRequest{static_cast<int>(round->as_int64()), white->as_int64(), std::string(result->as_string()),
                       *codes};
}

}  // namespace tabiya::server
