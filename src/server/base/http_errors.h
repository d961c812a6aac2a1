// The one builder of the HTTP layer's JSON errors, {"error": CODE, "data": DATA}
// as docs/protocol.md gives them, for the network layer and every service.
#pragma once

#include <string>
#include <string_view>

#include "server/base/service.h"

namespace tabiya::server {

// `data_json` is a serialized JSON object.
std::string http_error_body(std::string_view code, std::string_view data_json = "{}");
HttpAnswer http_error(int status, std::string_view code, std::string_view data_json = "{}");
// A JSON answer with this status and serialized body.
HttpAnswer json_answer_text(int status, std::string body);

}  // namespace tabiya::server
