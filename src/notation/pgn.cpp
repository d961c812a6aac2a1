#include "notation/pgn.h"

#include <utility>

#include "notation/standard_start.h"

namespace tabiya {

VisitResult GameBuilder::begin_game(int /*game_number*/) {
  // Field by field: PgnGame{} would read the start position's FEN again.
  game_.tags = PgnTags();
  game_.start = standard_start_position();
  game_.mainline = PgnLine();
  lines_.assign(1, &game_.mainline);
  setup_tags_.clear();
  headers_done_ = false;
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::header(std::string_view name, std::string_view value) {
  // A repeated tag keeps its last value, as the reader does.
  std::erase_if(setup_tags_, [&](const auto& tag) { return tag.first == name; });
  if (name == "FEN" || name == "SetUp" || (name == "Variant" && parse_pgn_variant(value) != PgnVariant::UNSUPPORTED)) {
    game_.tags.erase(name);
    setup_tags_.emplace_back(std::string(name), std::string(value));
  } else {
    game_.tags.set(name, value);
  }
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::end_headers(const Position& start) {
  game_.start = start;
  headers_done_ = true;
  setup_tags_.clear();
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::move(const PgnMoveEvent& event) {
  PgnNode node;
  node.move = event.move;
  lines_.back()->moves.push_back(std::move(node));
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::comment(std::string_view text) {
  std::string normalized = normalize_comment(text);
  PgnLine& line = *lines_.back();
  std::string* target = &line.starting_comment;
  if (!line.moves.empty()) {
    PgnNode& node = line.moves.back();
    if (!node.clock_ms) node.clock_ms = extract_clock(normalized);
    target = &node.comment;
  }
  if (normalized.empty()) return VisitResult::CONTINUE;
  if (target->empty()) {
    *target = std::move(normalized);
    return VisitResult::CONTINUE;
  }
  *target += ' ';
  *target += normalized;
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::nag(int nag) {
  PgnLine& line = *lines_.back();
  if (!line.moves.empty()) line.moves.back().nags.push_back(nag);
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::begin_variation() {
  PgnLine& line = *lines_.back();
  if (line.moves.empty()) return VisitResult::SKIP;
  // Safe to keep a pointer: the parent line gets no new moves while it is open.
  lines_.push_back(&line.moves.back().variations.emplace_back());
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::end_variation() {
  if (lines_.size() > 1) lines_.pop_back();
  return VisitResult::CONTINUE;
}

VisitResult GameBuilder::result(std::string_view token) {
  // As python-chess does, a Result tag that is set wins over the movetext.
  if (game_.result() == "*") game_.tags.set("Result", token);
  return VisitResult::CONTINUE;
}

void GameBuilder::end_game() {
  if (!headers_done_) {
    for (const auto& [name, value] : setup_tags_) game_.tags.set(name, value);
  }
  setup_tags_.clear();
  lines_.assign(1, &game_.mainline);
}

namespace {

PgnReadResult read_all_games(PgnReader& reader) {
  PgnReadResult out;
  GameBuilder builder;
  while (reader.read_game(builder)) out.games.push_back(std::move(builder.game()));
  out.errors = reader.errors();
  return out;
}

}  // namespace

PgnReadResult read_pgn_games(std::string_view text, const PgnReadOptions& options) {
  PgnReader reader(text, options);
  return read_all_games(reader);
}

PgnReadResult read_pgn_games(std::istream& in, const PgnReadOptions& options) {
  PgnReader reader(in, options);
  return read_all_games(reader);
}

std::optional<PgnGame> PgnGameReader::next() {
  bool read = reader_.read_game(builder_);
  last_errors_ = reader_.take_errors();
  if (!read) return std::nullopt;
  return std::move(builder_.game());
}

}  // namespace tabiya
