#include "engine/uci.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/uci_reader.h"

namespace tabiya::engine {
namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) words.emplace_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool parse_int(const std::string& text, int64_t& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end;
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to && i < words.size(); ++i) text += (text.empty() ? "" : " ") + words[i];
  return text;
}

// The legal move written `text`, in the session's castling convention or,
// failing that, the other one (GUIs are not always consistent).
Move find_move(const Position& pos, const std::string& text, bool chess960) {
  const UciCastling preferred = chess960 ? UciCastling::KING_TAKES_ROOK : UciCastling::KING_TO_SQUARE;
  const UciCastling other = chess960 ? UciCastling::KING_TO_SQUARE : UciCastling::KING_TAKES_ROOK;
  for (UciCastling castling : {preferred, other})
    if (Result<Move, UciError> m = move_from_uci(pos, text, castling)) return *m;
  return Move::none();
}

}  // namespace

UciSession::UciSession(std::ostream& out) : out_(out) { apply_options(); }

UciSession::~UciSession() { finish(); }

void UciSession::finish() {
  engine_.stop();
  engine_.wait();
}

void UciSession::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

std::string UciSession::to_uci_text(Move m) const { return m.is_ok() ? to_uci(m, chess960_) : "0000"; }

bool UciSession::handle(std::string_view line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return true;
  const std::string& command = words[0];
  if (command == "quit") {
    finish();
    return false;
  }
  if (command == "uci") {
    uci();
  } else if (command == "isready") {
    send("readyok");
  } else if (command == "stop") {
    finish();
  } else if (command == "ponderhit") {
    engine_.ponderhit();
  } else if (command == "ucinewgame") {
    finish();
    engine_.new_game();
  } else if (command == "setoption") {
    set_option(words);
  } else if (command == "position") {
    position(words);
  } else if (command == "go") {
    go(words);
  } else if (command == "d") {
    Position pos = start_;
    UndoInfo undo;
    for (Move m : moves_) pos.do_move(m, undo);
    send("info string fen " + to_fen(pos));
  } else if (command == "debug" || command == "register") {
    // Accepted and ignored (UCI: no debug output, no registration needed).
  } else {
    error("unknown command '" + command + "'");
  }
  return true;
}

void UciSession::uci() {
  send("id name tabiya");
  send("id author the tabiya authors");
  send("option name Hash type spin default 16 min 1 max 65536");
  send("option name Threads type spin default 1 min 1 max 256");
  send("option name MultiPV type spin default 1 min 1 max 256");
  send("option name Ponder type check default false");
  send("option name UCI_Chess960 type check default false");
  send("option name UCI_LimitStrength type check default false");
  send("option name UCI_Elo type spin default " + std::to_string(MAX_ELO) + " min " + std::to_string(MIN_ELO) +
       " max " + std::to_string(MAX_ELO));
  send("option name UCI_ShowWDL type check default true");
  send("option name Skill Level type spin default 10 min 1 max 10");
  send("option name Move Overhead type spin default 30 min 0 max 5000");
  send("option name Seed type spin default 0 min 0 max 2147483647");
  send("option name Clear Hash type button");
  // For measuring candidate levels: -1 keeps the Skill Level's own value.
  send("option name Level Depth type spin default -1 min -1 max 64");
  send("option name Level Nodes type spin default -1 min -1 max 1000000000");
  send("option name Level Noise type spin default -1 min -1 max 1000");
  send("option name Level Candidates type spin default -1 min -1 max 16");
  send("option name Level Margin type spin default -1 min -1 max 1000");
  send("uciok");
}

void UciSession::set_option(const std::vector<std::string>& words) {
  // setoption name <id, may contain spaces> [value <x, may contain spaces>]
  const auto name_at = std::find(words.begin(), words.end(), "name");
  const auto value_at = std::find(words.begin(), words.end(), "value");
  if (name_at == words.end() || name_at + 1 >= value_at) return error("setoption needs 'name <id>'");
  const std::size_t name_begin = std::size_t(name_at - words.begin()) + 1;
  const std::size_t name_end = std::size_t(value_at - words.begin());
  const std::string name = lower(join(words, name_begin, name_end));
  const std::string value = value_at == words.end() ? "" : join(words, name_end + 1, words.size());
  auto spin = [&](int64_t min, int64_t max, int64_t& out) {
    int64_t v = 0;
    if (!parse_int(value, v) || v < min || v > max) {
      error("option '" + name + "' needs a number from " + std::to_string(min) + " to " + std::to_string(max) +
            ", got '" + value + "'");
      return false;
    }
    out = v;
    return true;
  };
  auto check = [&](bool& out) {
    const std::string v = lower(value);
    if (v != "true" && v != "false") {
      error("option '" + name + "' needs true or false, got '" + value + "'");
      return false;
    }
    out = v == "true";
    return true;
  };
  int64_t n = 0;
  bool flag = false;
  // The Level ... options: below `least` (-1, the default) the level's own value stands.
  auto level_override = [&]<class T>(std::optional<T>& field, int64_t max, int64_t least = 0) {
    if (spin(-1, max, n)) field = n < least ? std::nullopt : std::optional<T>(T(n));
  };
  if (name == "hash") {
    if (spin(1, 65536, n)) options_.hash_mb = int(n);
  } else if (name == "threads") {
    if (spin(1, 256, n)) options_.threads = int(n);
  } else if (name == "multipv") {
    if (spin(1, 256, n)) options_.multipv = int(n);
  } else if (name == "ponder") {
    check(flag);  // pondering is driven by `go ponder`; nothing to set
  } else if (name == "uci_chess960") {
    if (check(flag)) chess960_ = flag;
  } else if (name == "uci_limitstrength") {
    if (check(flag)) limit_strength_ = flag;
  } else if (name == "uci_elo") {
    if (spin(MIN_ELO, MAX_ELO, n)) elo_ = int(n);
  } else if (name == "uci_showwdl") {
    if (check(flag)) show_wdl_ = flag;
  } else if (name == "skill level") {
    if (spin(MIN_LEVEL, MAX_LEVEL, n)) skill_level_ = int(n);
  } else if (name == "move overhead") {
    if (spin(0, 5000, n)) options_.move_overhead = n;
  } else if (name == "seed") {
    if (spin(0, 2147483647, n)) options_.seed = uint64_t(n);
  } else if (name == "level depth") {
    level_override(options_.level_depth, 64);
  } else if (name == "level nodes") {
    level_override(options_.level_nodes, 1000000000);
  } else if (name == "level noise") {
    level_override(options_.level_noise, 1000);
  } else if (name == "level candidates") {
    level_override(options_.level_candidates, 16, 1);
  } else if (name == "level margin") {
    level_override(options_.level_margin, 1000);
  } else if (name == "clear hash") {
    finish();
    engine_.new_game();
    return;
  } else {
    return error("unknown option '" + name + "'");
  }
  apply_options();
}

void UciSession::apply_options() {
  options_.level = limit_strength_ ? level_for_elo(elo_) : skill_level_;
  finish();
  engine_.set_options(options_);
}

void UciSession::position(const std::vector<std::string>& words) {
  if (words.size() < 2) return error("position needs 'startpos' or 'fen <FEN>'");
  const auto moves_at = std::find(words.begin(), words.end(), "moves");
  const std::size_t moves_index = std::size_t(moves_at - words.begin());
  Position start;
  if (words[1] == "startpos") {
    if (words.size() > 2 && words[2] != "moves") return error("unexpected text after 'startpos': '" + words[2] + "'");
    start = Position::startpos();
  } else if (words[1] == "fen") {
    const std::string fen = join(words, 2, moves_index);
    auto parsed = parse_fen(fen);
    if (!parsed) return error("position fen: " + parsed.error().message);
    start = parsed.value();
  } else {
    return error("position needs 'startpos' or 'fen <FEN>', got '" + words[1] + "'");
  }
  std::vector<Move> moves;
  Position pos = start;
  UndoInfo undo;
  for (std::size_t i = moves_index + 1; i < words.size(); ++i) {
    const Move m = find_move(pos, words[i], chess960_);
    if (!m.is_ok())
      return error("position: move " + std::to_string(i - moves_index) + " '" + words[i] + "' is not legal");
    pos.do_move(m, undo);
    moves.push_back(m);
  }
  finish();
  start_ = start;
  moves_ = std::move(moves);
  engine_.set_position(start_, moves_);
}

void UciSession::go(const std::vector<std::string>& words) {
  SearchLimits limits;
  std::vector<Move> searchmoves;
  const Position& root = engine_.position();
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& key = words[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "ponder") {
      limits.ponder = true;
      continue;
    }
    static const char* const NUMERIC[] = {"wtime", "btime", "winc",     "binc", "movestogo",
                                          "depth", "nodes", "movetime", "mate"};
    auto is_keyword = [](const std::string& word) {
      return word == "infinite" || word == "ponder" || word == "searchmoves" ||
             std::find(std::begin(NUMERIC), std::end(NUMERIC), word) != std::end(NUMERIC);
    };
    if (key == "searchmoves") {
      // Moves up to the next keyword; every one must be legal.
      for (; i + 1 < words.size() && !is_keyword(words[i + 1]); ++i) {
        const Move m = find_move(root, words[i + 1], chess960_);
        if (!m.is_ok()) return error("go searchmoves: '" + words[i + 1] + "' is not a legal move");
        searchmoves.push_back(m);
      }
      continue;
    }
    if (std::find(std::begin(NUMERIC), std::end(NUMERIC), key) == std::end(NUMERIC))
      return error("go: unknown parameter '" + key + "'");
    int64_t v = 0;
    if (i + 1 >= words.size() || !parse_int(words[i + 1], v)) return error("go: '" + key + "' needs a whole number");
    ++i;
    // A search limit of zero or less would mean "no limit": refuse it.
    if ((key == "depth" || key == "nodes" || key == "mate") && v < 1)
      return error("go: '" + key + "' needs a number of at least 1, got " + words[i]);
    if (key == "wtime") limits.time[WHITE] = std::max<int64_t>(0, v);
    else if (key == "btime") limits.time[BLACK] = std::max<int64_t>(0, v);
    else if (key == "winc") limits.increment[WHITE] = std::max<int64_t>(0, v);
    else if (key == "binc") limits.increment[BLACK] = std::max<int64_t>(0, v);
    else if (key == "movestogo") limits.movestogo = int(std::clamp<int64_t>(v, 0, 1000));
    else if (key == "depth") limits.depth = int(std::clamp<int64_t>(v, 1, MAX_PLY - 1));
    else if (key == "nodes") limits.nodes = uint64_t(std::max<int64_t>(0, v));
    else if (key == "movetime") limits.movetime = std::max<int64_t>(1, v);
    else if (key == "mate") limits.mate = int(std::clamp<int64_t>(v, 1, MAX_PLY / 2));
  }
  finish();
  if (legal_moves(root).empty()) {
    send(root.in_check() ? "info depth 0 score mate 0" : "info depth 0 score cp 0");
    send("bestmove 0000");
    return;
  }
  engine_.start(
      limits, [this](const SearchInfo& info) { write_info(info); },
      [this](const SearchResult& result) {
        std::string line = "bestmove " + move_text(result.best);
        if (result.ponder.is_ok()) line += " ponder " + move_text(result.ponder);
        send(line);
      },
      std::move(searchmoves));
}

void UciSession::write_info(const SearchInfo& info) {
  std::ostringstream line;
  line << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv << " score ";
  if (is_mate_score(info.score)) line << "mate " << mate_in_moves(info.score);
  else line << "cp " << info.score;
  if (info.lowerbound) line << " lowerbound";
  if (info.upperbound) line << " upperbound";
  if (show_wdl_) line << " wdl " << info.wdl[0] << ' ' << info.wdl[1] << ' ' << info.wdl[2];
  line << " nodes " << info.nodes << " nps " << info.nps << " hashfull " << info.hashfull << " time " << info.time_ms
       << " pv";
  for (Move m : info.pv) line << ' ' << move_text(m);
  send(line.str());
}

void run_uci(std::istream& in, std::ostream& out) {
  UciSession session(out);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) return;
  session.finish();
}

}  // namespace tabiya::engine
