#include "match/engine.h"

#include <cstdio>
#include <cstdlib>

#include "match/cecp_engine.h"
#include "match/uci_engine.h"

namespace tabiya {

std::string format_score(int score) {
  if (is_mate_score(score)) {
    int moves = MATE_SCORE - std::abs(score);
    return std::string(score > 0 ? "+M" : "-M") + std::to_string(moves);
  }
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
  return text;
}

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

Result<std::unique_ptr<Engine>> Engine::start(const EngineSpec& spec) {
  auto process = ChildProcess::spawn(spec.argv, spec.directory);
  if (!process) return fail(process.error().message);
  if (spec.protocol == EngineProtocol::UCI) return UciEngine::start(spec, std::move(*process));
  return CecpEngine::start(spec, std::move(*process));
}

void Engine::quit() {
  if (!running()) return;
  process_.write_line("quit");
  process_.stop(std::chrono::milliseconds(500));
}

bool Engine::reply_to_failed_read(ReadStatus status, EngineReply& reply) {
  if (status == ReadStatus::TIMEOUT) {
    reply.kind = ReplyKind::TIMEOUT;
    reply.detail = "engine " + name() + " did not answer \"go\" in time";
  } else if (status == ReadStatus::END_OF_OUTPUT) {
    reply.kind = ReplyKind::CRASH;
    reply.detail = crash_detail();
  } else {
    return false;
  }
  return true;
}

}  // namespace tabiya
