#include "test_clock.h"

#include <boost/json.hpp>

#include "server/base/http_errors.h"

namespace tabiya::cli {

server::HttpAnswer TestClockService::http(const server::HttpRequest& request) {
  if (request.method != "POST") return server::http_error(405, "method_not_allowed");
  boost::json::error_code ec;
  const boost::json::value body = boost::json::parse(request.body, ec);
  const boost::json::value* ms = !ec && body.is_object() ? body.as_object().if_contains("advance_ms") : nullptr;
  if (!ms || !ms->is_int64() || ms->as_int64() < 1 || ms->as_int64() > 3'600'000)
    return server::http_error(400, "bad_request", R"({"field":"advance_ms","expected":"integer 1..3600000"})");
  time_->advance(Millis(ms->as_int64()));
  games_.check_clocks();
  return server::json_answer_text(200, boost::json::serialize(boost::json::object{{"advanced_ms", ms->as_int64()}}));
}

}  // namespace tabiya::cli
