// libFuzzer target for the PGN reader. Arbitrary bytes must never crash or hang
// PgnReader, and what it reports must hold together:
//  - every move event names a legal move of the position it is played in;
//  - begin_game and end_game pair up, variations open and close in order, and
//    every problem has a message and a game number no larger than the games begun;
//  - reading from a string and from a stream gives the same events;
//  - a visitor that skips and finally stops gets no callback after STOP;
//  - every game built from the input can be exported, and one read without
//    errors survives it: the text reads back as one equal game, without
//    errors, and writing that game again gives the same text.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/pgn.h"
#include "notation/pgn_reader.h"
#include "notation/pgn_writer.h"

namespace {

using tabiya::VisitResult;

[[noreturn]] void property_failed(const char* property, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz_pgn: %s\n", property);
  if (!detail.empty()) std::fprintf(stderr, "  detail: %.*s\n", int(detail.size()), detail.data());
  std::abort();
}

// Records every event as text and checks the invariants that hold event by event.
class CheckingVisitor : public tabiya::PgnVisitor {
 public:
  // Every `skip_every`-th event returns SKIP (0: never); after `stop_after`
  // events the visitor returns STOP (0: never).
  CheckingVisitor(int skip_every = 0, int stop_after = 0) : skip_every_(skip_every), stop_after_(stop_after) {}

  VisitResult begin_game(int game_number) override {
    if (in_game_) property_failed("begin_game inside a game");
    if (game_number != games_ + 1) property_failed("games not numbered 1, 2, 3, ...", std::to_string(game_number));
    in_game_ = true;
    depth_ = 0;
    ++games_;
    return record("game " + std::to_string(game_number));
  }
  VisitResult header(std::string_view name, std::string_view value) override {
    in_game_or_fail("header");
    return record("tag " + std::string(name) + "=" + std::string(value));
  }
  VisitResult end_headers(const tabiya::Position& start) override {
    in_game_or_fail("end_headers");
    if (start.key() != start.compute_key()) property_failed("start position with a stale key");
    return record("start " + tabiya::to_fen(start));
  }
  VisitResult move(const tabiya::PgnMoveEvent& event) override {
    in_game_or_fail("move");
    if (tabiya::is_null_move(event.move)) {
      // Passes are read in variations only, and never out of check.
      if (depth_ == 0 || event.before.in_check())
        property_failed("null move event in the main line or in check", tabiya::to_fen(event.before));
    } else if (!tabiya::legal_moves(event.before).contains(event.move)) {
      property_failed("move event with an illegal move", tabiya::to_fen(event.before) + " " + std::string(event.text));
    }
    const std::string uci = tabiya::is_null_move(event.move) ? "0000" : tabiya::to_uci(event.move, event.before);
    return record("move " + uci + " " + std::string(event.text) + " @" + std::to_string(event.line) + ":" +
                  std::to_string(event.column));
  }
  VisitResult comment(std::string_view text) override {
    in_game_or_fail("comment");
    return record("comment " + std::string(text));
  }
  VisitResult nag(int nag) override {
    in_game_or_fail("nag");
    return record("nag " + std::to_string(nag));
  }
  VisitResult begin_variation() override {
    in_game_or_fail("begin_variation");
    ++depth_;
    return record("(");
  }
  VisitResult end_variation() override {
    in_game_or_fail("end_variation");
    if (--depth_ < 0) property_failed("end_variation without begin_variation");
    return record(")");
  }
  VisitResult result(std::string_view token) override {
    in_game_or_fail("result");
    return record("result " + std::string(token));
  }
  void end_game() override {
    if (stopped_) property_failed("end_game after STOP");
    if (!in_game_) property_failed("end_game without begin_game");
    in_game_ = false;
    log_ += "end\n";
  }
  void error(const tabiya::PgnError& error) override {
    if (stopped_) property_failed("error callback after STOP", error.message);
    if (error.message.empty()) property_failed("problem reported without a message");
    if (error.game_number > games_) property_failed("problem names a game not begun yet", error.message);
    log_ += "error " + error.message + "\n";
  }

  const std::string& log() const { return log_; }
  bool in_game() const { return in_game_; }
  bool stopped() const { return stopped_; }

 private:
  void in_game_or_fail(const char* event) const {
    if (stopped_) property_failed("callback after STOP", event);
    if (!in_game_) property_failed("game event outside begin_game/end_game", event);
  }
  VisitResult record(std::string event) {
    if (stopped_) property_failed("callback after STOP", event);
    log_ += event;
    log_ += '\n';
    ++events_;
    if (stop_after_ > 0 && events_ >= stop_after_) {
      stopped_ = true;
      return VisitResult::STOP;
    }
    if (skip_every_ > 0 && events_ % skip_every_ == 0) return VisitResult::SKIP;
    return VisitResult::CONTINUE;
  }

  int skip_every_, stop_after_;
  int events_ = 0, games_ = 0, depth_ = 0;
  bool in_game_ = false, stopped_ = false;
  std::string log_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  CheckingVisitor from_string;
  tabiya::PgnReader string_reader(text);
  string_reader.read_all(from_string);
  if (from_string.in_game()) property_failed("reading ended inside a game (no end_game)");
  if (string_reader.read_game(from_string)) property_failed("read_game found a game after read_all");

  std::istringstream stream{std::string(text)};
  CheckingVisitor from_stream;
  tabiya::PgnReader stream_reader(stream);
  stream_reader.read_all(from_stream);
  if (from_stream.log() != from_string.log()) {
    property_failed("string and stream input give different events",
                    "string:\n" + from_string.log() + "stream:\n" + from_stream.log());
  }

  // Skip some events and stop part-way, as a visitor looking for one game would.
  const int skip_every = 2 + int(size % 5);
  const int stop_after = 1 + int(size % 97);
  CheckingVisitor skipping(skip_every, stop_after);
  tabiya::PgnReader skipping_reader(text);
  skipping_reader.read_all(skipping);
  if (skipping.stopped() && skipping_reader.read_game(skipping)) property_failed("read_game went on after STOP");

  const tabiya::PgnReadResult read = tabiya::read_pgn_games(text);
  std::set<int> broken_games;  // cut short by an error: their tags may carry it (say, an unsupported Variant)
  for (const tabiya::PgnError& error : read.errors) {
    if (error.severity == tabiya::PgnSeverity::ERROR) broken_games.insert(error.game_number);
  }
  for (std::size_t i = 0; i < read.games.size(); ++i) {
    const tabiya::PgnGame& game = read.games[i];
    auto written = tabiya::write_pgn(game);
    if (!written.ok()) property_failed("write_pgn rejects a game the reader built", written.error().message);
    if (broken_games.count(int(i) + 1)) continue;
    const tabiya::PgnReadResult again = tabiya::read_pgn_games(written.value());
    for (const tabiya::PgnError& error : again.errors) {
      if (error.severity == tabiya::PgnSeverity::ERROR) {
        property_failed("exported game reads back with an error", error.message + "\n" + written.value());
      }
    }
    if (again.games.size() != 1) property_failed("exported game does not read back as one game", written.value());
    if (!(again.games[0] == game)) property_failed("exported game reads back different", written.value());
    auto rewritten = tabiya::write_pgn(again.games[0]);
    if (!rewritten.ok() || rewritten.value() != written.value()) {
      property_failed("writing a re-read game gives other text",
                      written.value() + "---\n" + (rewritten.ok() ? rewritten.value() : rewritten.error().message));
    }
  }
  return 0;
}
