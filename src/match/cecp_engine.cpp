#include "match/cecp_engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <thread>

#include "core/fen.h"
#include "core/uci_move.h"

namespace tabiya {

namespace {

std::optional<int> leading_int(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  return value;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Seconds as CECP writes them: "10", "0.1".
std::string seconds_text(Millis t) {
  auto ms = t.count();
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000) {
    std::string frac = std::to_string(1000 + ms % 1000).substr(1);
    while (frac.back() == '0') frac.pop_back();
    text.append(".").append(frac);
  }
  return text;
}

}  // namespace

std::vector<std::string> parse_cecp_features(std::string_view line, CecpFeatures& features) {
  std::vector<std::string> replies;
  if (line.substr(0, 8) != "feature ") return replies;
  std::size_t i = 8;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t eq = line.find('=', i);
    if (eq == std::string_view::npos) break;
    std::string name(line.substr(i, eq - i));
    std::string value;
    i = eq + 1;
    if (i < line.size() && line[i] == '"') {
      std::size_t close = line.find('"', i + 1);
      if (close == std::string_view::npos) close = line.size();
      value = line.substr(i + 1, close - i - 1);
      i = close + 1;
    } else {
      std::size_t end = line.find(' ', i);
      if (end == std::string_view::npos) end = line.size();
      value = line.substr(i, end - i);
      i = end;
    }
    bool on = value == "1";
    if (name == "done") {
      features.done = on;
      features.waiting = !on;
      continue;  // "done" is not acknowledged
    }
    if (name == "san" && on) {
      replies.push_back("rejected san");  // coordinate notation is what we send and expect
      continue;
    }
    if (name == "setboard") features.setboard = on;
    else if (name == "usermove") features.usermove = on;
    else if (name == "ping") features.ping = on;
    else if (name == "myname") features.myname = value;
    else if (name == "variants") features.variants = value;
    replies.push_back("accepted " + name);
  }
  return replies;
}

std::optional<std::string> parse_cecp_move(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.size() == 2 && words[0] == "move") return words[1];
  if (words.size() == 4 && words[0] == "My" && words[1] == "move" && words[2] == "is:") return words[3];
  if (words.size() == 3 && words[1] == "..." && !words[0].empty() && words[0].back() == '.' && leading_int(words[0]))
    return words[2];
  return std::nullopt;
}

bool is_cecp_resignation(std::string_view line) {
  std::string text = lower(line);
  if (text == "resign" || text == "tellics resign") return true;
  bool result = text.rfind("1-0 ", 0) == 0 || text.rfind("0-1 ", 0) == 0;
  return result && text.find("resign") != std::string::npos;
}

std::optional<CecpThinking> parse_cecp_thinking(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.size() < 4) return std::nullopt;
  for (int k = 0; k < 4; ++k) {
    std::string_view w = words[k];
    if (k == 0 && !w.empty() && (w.back() == '.' || w.back() == '&')) w.remove_suffix(1);  // "12." or "12&"
    if (w.empty()) return std::nullopt;
    std::size_t digits = w[0] == '-' || w[0] == '+' ? 1 : 0;
    if (digits == w.size() || !std::all_of(w.begin() + digits, w.end(), [](char c) { return std::isdigit(c); }))
      return std::nullopt;
  }
  int depth = *leading_int(words[0]);
  std::string_view s = words[1];
  if (s[0] == '+') s.remove_prefix(1);
  int score = *leading_int(s);
  // CECP: 100000 + N is "mate in N moves", -100000 - N "mated in N".
  if (score >= 100000) score = MATE_SCORE - (score - 100000);
  else if (score <= -100000) score = -(MATE_SCORE - (-score - 100000));
  return CecpThinking{depth, score};
}

std::string cecp_level_command(const TimeControl& tc) {
  const TimePeriod& p = tc.periods().front();
  auto total = p.base.count() / 1000;
  std::string base = std::to_string(total / 60);
  if (total % 60) base.append(total % 60 < 10 ? ":0" : ":").append(std::to_string(total % 60));
  Millis inc = p.mode == BonusMode::NONE ? Millis{0} : p.bonus;
  return "level " + std::to_string(p.moves) + " " + base + " " + seconds_text(inc);
}

std::string cecp_move_text(const Position& pos, Move m) {
  if (pos.is_chess960() && m.kind() == MoveKind::CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
  return to_uci(m, false);
}

std::vector<std::string> cecp_edit_commands(const Position& pos) {
  std::vector<std::string> lines;
  // The protocol's way to give Black the move: a first move in force mode.
  if (pos.side_to_move() == BLACK) lines.push_back("a2a3");
  lines.push_back("edit");
  lines.push_back("#");
  for (Color c : {WHITE, BLACK}) {
    if (c == BLACK) lines.push_back("c");
    for (int sq = 0; sq < 64; ++sq) {
      Piece p = pos.piece_on(Square(sq));
      if (p == NO_PIECE || color_of(p) != c) continue;
      std::string text(1, " PNBRQK"[type_of(p)]);
      text.append(square_name(Square(sq)));
      lines.push_back(std::move(text));
    }
  }
  lines.push_back(".");
  return lines;
}

Result<std::unique_ptr<Engine>> CecpEngine::start(const EngineSpec& spec, ChildProcess process) {
  std::unique_ptr<CecpEngine> engine(new CecpEngine(spec, std::move(process)));
  ChildProcess& p = engine->process_;
  p.write_line("xboard");
  // GNU Chess drops a "protover" that arrives together with "xboard" (it
  // switches its input handling in between); a short pause costs nothing here.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  p.write_line("protover 2");
  // Protocol 2: without "feature done=0" the interface waits two seconds at
  // most for the features; done=0 asks it to wait until done=1.
  auto now = std::chrono::steady_clock::now();
  auto short_deadline = now + std::min<std::chrono::milliseconds>(spec.startup_timeout, std::chrono::seconds(2));
  auto long_deadline = now + spec.startup_timeout;
  while (!engine->features_.done) {
    ReadResult r = p.read_line(engine->features_.waiting ? long_deadline : short_deadline);
    if (r.status == ReadStatus::TIMEOUT) {
      if (engine->features_.waiting)
        return fail("engine " + spec.name + " sent feature done=0 but not done=1 within " +
                    std::to_string(spec.startup_timeout.count()) + " ms");
      break;  // a protocol 1 engine: no features
    }
    if (r.status == ReadStatus::END_OF_OUTPUT) return fail(engine->crash_detail() + " during the xboard handshake");
    for (const std::string& reply : parse_cecp_features(r.line, engine->features_)) p.write_line(reply);
  }
  for (const auto& [name, value] : spec.options) p.write_line("option " + name + "=" + value);
  if (auto r = engine->sync("after its options"); !r) return fail(r.error().message);
  return std::unique_ptr<Engine>(std::move(engine));
}

Result<bool> CecpEngine::sync(const char* when) {
  if (!features_.ping) return process_.running() ? Result<bool>(true) : fail(crash_detail() + " " + when);
  std::string expected = "pong " + std::to_string(++ping_);
  process_.write_line("ping " + std::to_string(ping_));
  ReadStatus s = read_until(std::chrono::steady_clock::now() + spec_.startup_timeout,
                            [&](const std::string& line) { return split_words(line) == split_words(expected); });
  if (s == ReadStatus::TIMEOUT) return fail("engine " + name() + " did not answer \"ping\" " + when);
  if (s == ReadStatus::END_OF_OUTPUT) return fail(crash_detail() + " " + when);
  return true;
}

Result<bool> CecpEngine::new_game(const Position& start, const TimeControl& tc) {
  if (!tc.has_clock()) return fail("engine " + name() + ": CECP games need a clock");
  bool standard = to_fen(start) == START_FEN && !start.is_chess960();
  if (!standard && !features_.setboard && start.is_chess960())
    return fail("engine " + name() + " cannot start from a Chess960 position (it has no feature setboard=1)");
  if (start.is_chess960() && features_.variants.find("fischerandom") == std::string::npos)
    return fail("engine " + name() + " does not play Chess960 (variant fischerandom)");
  process_.write_line("new");
  if (start.is_chess960()) process_.write_line("variant fischerandom");
  process_.write_line("force");
  process_.write_line(cecp_level_command(tc));
  process_.write_line("post");
  process_.write_line("easy");
  if (!standard && features_.setboard) process_.write_line("setboard " + to_fen(start));
  else if (!standard)
    for (const std::string& line : cecp_edit_commands(start)) process_.write_line(line);
  moves_sent_ = 0;
  return sync("after new");
}

EngineReply CecpEngine::go(const SearchRequest& request) {
  EngineReply reply;
  Position pos = request.start;
  bool ok = true;
  for (std::size_t i = 0; i < request.moves.size(); ++i) {
    if (i >= moves_sent_) {
      std::string text = cecp_move_text(pos, request.moves[i]);
      ok = ok && process_.write_line(features_.usermove ? "usermove " + text : text);
    }
    UndoInfo undo;
    pos.do_move(request.moves[i], undo);
  }
  Color us = request.current.side_to_move();
  auto centis = [](Millis t) { return std::to_string(std::max<long long>(0, t.count() / 10)); };
  Millis own = us == WHITE ? request.white_time : request.black_time;
  Millis other = us == WHITE ? request.black_time : request.white_time;
  ok = ok && process_.write_line("time " + centis(own)) && process_.write_line("otim " + centis(other)) &&
       process_.write_line("go");
  if (!ok) {
    reply.kind = ReplyKind::CRASH;
    reply.detail = crash_detail();
    return reply;
  }
  ReadStatus s = read_until(request.deadline, [&](const std::string& line) {
    if (auto thinking = parse_cecp_thinking(line)) {
      reply.score = thinking->score;
      reply.depth = thinking->depth;
      return false;
    }
    if (auto move = parse_cecp_move(line)) {
      reply.kind = ReplyKind::MOVE;
      reply.move = *move;
      return true;
    }
    if (is_cecp_resignation(line)) {
      reply.kind = ReplyKind::RESIGN;
      reply.detail = line;
      return true;
    }
    if (line.rfind("Illegal move", 0) == 0) {
      reply.kind = ReplyKind::PROTOCOL_ERROR;
      reply.detail = "engine " + name() + " refused a legal move: " + line;
      return true;
    }
    return false;
  });
  if (!reply_to_failed_read(s, reply)) {
    // Back to force mode: the next move is asked for explicitly.
    process_.write_line("force");
    moves_sent_ = request.moves.size() + 1;
  }
  return reply;
}

void CecpEngine::game_over(const std::string& result, const std::string& reason) {
  if (running()) process_.write_line("result " + result + " {" + reason + "}");
}

}  // namespace tabiya
