// The result an arbiter enters for a pairing (POST .../result: round, white, result), read alike for individual and
// team events.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/base/service.h"
#include "server/games/game_api.h"

namespace tabiya::server {

// White's and Black's TRF codes for a result from White's side: 1-0, 0-1, 1/2 (or 1/2-1/2), +-, -+, --.
std::optional<std::pair<char, char>> result_codes(std::string_view text);
// The codes an event records for a game of its own that ended: 1, 0 or = for a game played; + and - for a game
// lost by default, never played (a first move never made, Art. 6.7), which is unrated and counts as unplayed in the
// tie-breaks (C.02 and the TRF's forfeit codes); nullopt for a game without a result.
std::optional<std::pair<char, char>> event_result_codes(const GameEnding& ending);

struct ResultRequest {
  int round = 0;
  int64_t white = 0;  // as sent, named back in an unknown_pairing refusal
  std::string result;
  std::pair<char, char> codes;
};

// The request's round, White's start number and result; otherwise nullopt with the 400 refusal in `answer`.
std::optional<ResultRequest> read_result_request(const boost::json::object& o, HttpAnswer& answer);

}  // namespace tabiya::server
