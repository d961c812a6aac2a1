#include "match/uci_engine.h"

#include <charconv>

#include "core/fen.h"
#include "core/uci_move.h"

namespace tabiya {

namespace {

std::optional<int> to_int(const std::string& text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::string> parse_uci_bestmove(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.size() < 2 || words[0] != "bestmove") return std::nullopt;
  return words[1];
}

std::optional<UciInfo> parse_uci_info(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  UciInfo info;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "string") break;  // free text to the end of the line
    if (w == "pv") {           // moves to the end of the line
      info.pv.assign(words.begin() + std::ptrdiff_t(i) + 1, words.end());
      break;
    }
    if (w == "depth" && i + 1 < words.size()) {
      info.depth = to_int(words[++i]);
    } else if (w == "score" && i + 2 < words.size()) {
      auto value = to_int(words[i + 2]);
      if (!value) continue;
      if (words[i + 1] == "cp") info.score = *value;
      else if (words[i + 1] == "mate") info.score = *value >= 0 ? MATE_SCORE - *value : -MATE_SCORE - *value;
      i += 2;
    }
  }
  if (!info.score && !info.depth) return std::nullopt;
  return info;
}

std::string uci_position_command(const SearchRequest& request) {
  bool standard = to_fen(request.start) == START_FEN && !request.start.is_chess960();
  std::string text = standard ? "position startpos" : "position fen " + to_fen(request.start);
  if (!request.moves.empty()) {
    text += " moves";
    Position pos = request.start;
    for (Move m : request.moves) {
      text += ' ' + to_uci(m, pos);
      UndoInfo undo;
      pos.do_move(m, undo);
    }
  }
  return text;
}

std::string uci_go_command(const SearchRequest& request) {
  std::string text =
      "go wtime " + std::to_string(request.white_time.count()) + " btime " + std::to_string(request.black_time.count());
  text += " winc " + std::to_string(request.white_increment.count()) + " binc " +
          std::to_string(request.black_increment.count());
  if (request.moves_to_go) text += " movestogo " + std::to_string(*request.moves_to_go);
  return text;
}

Result<std::unique_ptr<Engine>> UciEngine::start(const EngineSpec& spec, ChildProcess process) {
  std::unique_ptr<UciEngine> engine(new UciEngine(spec, std::move(process)));
  auto deadline = std::chrono::steady_clock::now() + spec.startup_timeout;
  engine->process_.write_line("uci");
  ReadStatus s = engine->read_until(deadline, [](const std::string& line) { return line == "uciok"; });
  if (s != ReadStatus::LINE) {
    std::string message = "engine " + spec.name + " did not answer \"uci\" with \"uciok\" ";
    if (s == ReadStatus::TIMEOUT)
      message.append("within ").append(std::to_string(spec.startup_timeout.count())).append(" ms");
    else message.append("(").append(engine->crash_detail()).append(")");
    return fail(message);
  }
  for (const auto& [name, value] : spec.options)
    engine->process_.write_line("setoption name " + name + " value " + value);
  if (auto r = engine->sync("after its options"); !r) return fail(r.error().message);
  return std::unique_ptr<Engine>(std::move(engine));
}

Result<bool> UciEngine::sync(const char* when) {
  auto deadline = std::chrono::steady_clock::now() + spec_.startup_timeout;
  process_.write_line("isready");
  ReadStatus s = read_until(deadline, [](const std::string& line) { return line == "readyok"; });
  if (s == ReadStatus::TIMEOUT) return fail("engine " + name() + " did not answer \"isready\" " + when);
  if (s == ReadStatus::END_OF_OUTPUT) return fail(crash_detail() + " " + when);
  return true;
}

Result<bool> UciEngine::new_game(const Position& start, const TimeControl&) {
  if (start.is_chess960() != chess960_) {
    chess960_ = start.is_chess960();
    process_.write_line(std::string("setoption name UCI_Chess960 value ") + (chess960_ ? "true" : "false"));
  }
  process_.write_line("ucinewgame");
  return sync("after ucinewgame");
}

EngineReply UciEngine::go(const SearchRequest& request) {
  EngineReply reply;
  if (!process_.write_line(uci_position_command(request)) || !process_.write_line(uci_go_command(request))) {
    reply.kind = ReplyKind::CRASH;
    reply.detail = crash_detail();
    return reply;
  }
  std::optional<std::string> best;
  ReadStatus s = read_until(request.deadline, [&](const std::string& line) {
    if (auto info = parse_uci_info(line)) {
      if (info->score) reply.score = info->score;
      if (info->depth) reply.depth = info->depth;
      if (!info->pv.empty()) reply.pv = std::move(info->pv);
      return false;
    }
    best = parse_uci_bestmove(line);
    return best.has_value();
  });
  if (!reply_to_failed_read(s, reply)) {
    reply.kind = ReplyKind::MOVE;
    reply.move = *best;
  }
  return reply;
}

}  // namespace tabiya
