// The parameter table as C++ source (eval_params.cpp) and back.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/tuner.h"

namespace tabiya::engine::tuning {

std::string params_source(const EvalParams& params, std::string_view header) {
  std::ostringstream out;
  std::istringstream lines{std::string(header)};
  for (std::string line; std::getline(lines, line);) out << "// " << line << '\n';
  out << "#include \"engine/eval_params.h\"\n\nnamespace tabiya::engine {\n\n// clang-format off\n"
      << "const EvalParams DEFAULT_EVAL_PARAMS = {{\n";
  for (const ParamBlock& block : PARAM_BLOCKS) {
    out << "    // " << block.name;
    if (block.size == 64) out << " (a1..h1, a2..h2, ..., a8..h8 from White's side)";
    out << '\n';
    // Eight pairs per line, so piece-square tables read as a board.
    for (int i = 0; i < block.size; ++i) {
      const ScorePair& p = params[block.offset + i];
      out << (i % 8 == 0 ? "    " : " ") << '{' << p.mg << ", " << p.eg << "},";
      if (i % 8 == 7 || i == block.size - 1) out << '\n';
    }
  }
  out << "}};\n// clang-format on\n\n}  // namespace tabiya::engine\n";
  return out.str();
}

Result<EvalParams> parse_params_source(std::string_view source) {
  std::size_t table = source.find("DEFAULT_EVAL_PARAMS");
  if (table == std::string_view::npos) return fail("parameter source: no DEFAULT_EVAL_PARAMS table");
  EvalParams params{};
  int count = 0;
  int line = 1 + int(std::count(source.begin(), source.begin() + table, '\n'));
  // Reads an optionally signed integer at i, skipping blanks.
  auto skip_blanks = [&](std::size_t& i) {
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t')) ++i;
  };
  auto read_int = [&](std::size_t& i, int& value) {
    skip_blanks(i);
    std::size_t start = i;
    if (i < source.size() && source[i] == '-') ++i;
    if (i >= source.size() || !std::isdigit(static_cast<unsigned char>(source[i]))) return false;
    while (i < source.size() && std::isdigit(static_cast<unsigned char>(source[i]))) ++i;
    value = std::stoi(std::string(source.substr(start, i - start)));
    return true;
  };
  std::size_t open = source.find("{{", table);
  if (open == std::string_view::npos) return fail("parameter source: no '{{' opening the table");
  for (std::size_t i = open + 2; i < source.size(); ++i) {
    char c = source[i];
    if (c == '\n') ++line;
    if (c == '/' && i + 1 < source.size() && source[i + 1] == '/') {
      i = source.find('\n', i) - 1;  // the newline is counted on the next turn
      if (i + 1 == std::string_view::npos) break;
      continue;
    }
    if (c == '}' && i + 1 < source.size() && source[i + 1] == '}') break;  // end of table
    if (c != '{') continue;
    std::size_t j = i + 1;
    ScorePair pair;
    bool ok = read_int(j, pair.mg);
    skip_blanks(j);
    ok = ok && j < source.size() && source[j++] == ',' && read_int(j, pair.eg);
    skip_blanks(j);
    ok = ok && j < source.size() && source[j] == '}';
    if (!ok) return fail("parameter source: line " + std::to_string(line) + ": expected {mg, eg}");
    if (count == param::COUNT)
      return fail("parameter source: line " + std::to_string(line) + ": more than " + std::to_string(param::COUNT) +
                  " pairs");
    params[count++] = pair;
    i = j;
  }
  if (count != param::COUNT)
    return fail("parameter source: " + std::to_string(count) + " pairs, expected " + std::to_string(param::COUNT));
  return params;
}

}  // namespace tabiya::engine::tuning
