#include "server/base/http_errors.h"

#include <utility>

namespace tabiya::server {

std::string http_error_body(std::string_view code, std::string_view data_json) {
  std::string body = R"({"error":")";
  body += code;
  body += R"(","data":)";
  body += data_json.empty() ? std::string_view("{}") : data_json;
  body += '}';
  return body;
}

HttpAnswer http_error(int status, std::string_view code, std::string_view data_json) {
  return json_answer_text(status, http_error_body(code, data_json));
}

HttpAnswer json_answer_text(int status, std::string body) {
  HttpAnswer answer;
  answer.status = status;
  answer.body = std::move(body);
  return answer;
}

}  // namespace tabiya::server
