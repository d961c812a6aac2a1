// The result an arbiter enters for a pairing (POST .../result: round, white, result), read alike for individual and
// team events.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/service.h"

namespace tabiya::server {

// White's and Black's TRF codes for a result from White's side: 1-0, 0-1, 1/2 (or 1/2-1/2), +-, -+, --.
std::optional<std::pair<char, char>> result_codes(std::string_view text);

struct ResultRequest {
  int round = 0;
  int64_t white = 0;  // as sent, named back in an unknown_pairing refusal
  std::string result;
  std::pair<char, char> codes;
};

// The request's round, White's start number and result; otherwise nullopt with the 400 refusal in `answer`.
std::optional<ResultRequest> read_result_request(const boost::json::object& o, HttpAnswer& answer);

}  // namespace tabiya::server
