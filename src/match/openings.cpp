#include "match/openings.h"

#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "notation/pgn.h"

namespace tabiya {

namespace {

// The value of EPD operation `opcode` ("hmvc 3;" -> "3", "id \"x\";" -> "x").
std::string epd_operand(const std::string& operations, const std::string& opcode) {
  std::size_t at = 0;
  while ((at = operations.find(opcode, at)) != std::string::npos) {
    bool starts_word = at == 0 || operations[at - 1] == ' ' || operations[at - 1] == ';';
    std::size_t after = at + opcode.size();
    if (!starts_word || after >= operations.size() || operations[after] != ' ') {
      at = after;
      continue;
    }
    std::size_t begin = operations.find_first_not_of(' ', after);
    if (begin == std::string::npos) return "";
    if (operations[begin] == '"') {
      std::size_t close = operations.find('"', begin + 1);
      return operations.substr(begin + 1, (close == std::string::npos ? operations.size() : close) - begin - 1);
    }
    std::size_t end = operations.find(';', begin);
    std::string value = operations.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    while (!value.empty() && value.back() == ' ') value.pop_back();
    return value;
  }
  return "";
}

}  // namespace

Result<std::vector<Opening>> parse_epd_openings(std::string_view text, std::string_view source) {
  std::vector<Opening> openings;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line);
    std::string fields[4];
    for (std::string& f : fields) words >> f;
    if (fields[3].empty())
      return fail(std::string(source) + ":" + std::to_string(number) + ": expected four FEN fields");
    std::string operations;
    std::getline(words, operations);
    std::string hmvc = epd_operand(operations, "hmvc"), fmvn = epd_operand(operations, "fmvn");
    std::string fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " " +
                      (hmvc.empty() ? "0" : hmvc) + " " + (fmvn.empty() ? "1" : fmvn);
    auto pos = parse_fen(fen);
    if (!pos) return fail(std::string(source) + ":" + std::to_string(number) + ": " + pos.error().message);
    openings.push_back({std::move(*pos), epd_operand(operations, "id")});
  }
  if (openings.empty()) return fail(std::string(source) + ": no positions");
  return openings;
}

Result<std::vector<Opening>> parse_pgn_openings(std::string_view text, std::string_view source) {
  PgnReadOptions options;
  options.source_name = std::string(source);
  PgnReadResult read = read_pgn_games(text, options);
  for (const PgnError& e : read.errors)
    if (e.severity == PgnSeverity::ERROR) return fail(e.message);
  std::vector<Opening> openings;
  for (const PgnGame& game : read.games) {
    Position pos = game.start;
    for (const PgnNode& node : game.mainline.moves) {
      UndoInfo undo;
      pos.do_move(node.move, undo);
    }
    std::string name;
    if (auto eco = game.tags.get("ECO")) name = std::string(*eco);
    if (auto op = game.tags.get("Opening")) {
      if (!name.empty()) name += ' ';
      name.append(*op);
    }
    openings.push_back({std::move(pos), std::move(name)});
  }
  if (openings.empty()) return fail(std::string(source) + ": no games");
  return openings;
}

Result<std::vector<Opening>> load_openings(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read opening file " + path);
  std::stringstream text;
  text << in.rdbuf();
  bool pgn = path.size() >= 4 && path.substr(path.size() - 4) == ".pgn";
  return pgn ? parse_pgn_openings(text.str(), path) : parse_epd_openings(text.str(), path);
}

}  // namespace tabiya
