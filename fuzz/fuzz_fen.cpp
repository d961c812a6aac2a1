// libFuzzer target for the FEN reader. Arbitrary bytes must never crash or
// hang parse_fen, and every position it accepts must behave like a real one:
//  - writing it back and reading that again gives the same FEN (both castling
//    formats, X-FEN and Shredder, describe the same rights);
//  - after every legal move the incrementally updated key equals the key
//    computed from scratch, the mover's king is not left attacked, and the
//    resulting position is itself a FEN the reader accepts;
//  - undoing every legal move restores the original FEN and key.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/uci_move.h"

namespace {

using tabiya::Position;

// Stops the run with the input and the broken property, so libFuzzer saves the input.
[[noreturn]] void property_failed(const char* property, std::string_view fen, std::string_view detail = {}) {
  std::fprintf(stderr, "fuzz_fen: %s\n  position: %.*s\n", property, int(fen.size()), fen.data());
  if (!detail.empty()) std::fprintf(stderr, "  detail: %.*s\n", int(detail.size()), detail.data());
  std::abort();
}

void check(bool holds, const char* property, std::string_view fen, std::string_view detail = {}) {
  if (!holds) property_failed(property, fen, detail);
}

void check_round_trip(const Position& pos, const std::string& fen) {
  auto again = tabiya::parse_fen(fen);
  if (!again.ok()) property_failed("to_fen wrote a FEN that parse_fen rejects", fen, again.error().message);
  check(tabiya::to_fen(again.value()) == fen, "FEN changes on a second round trip", fen, tabiya::to_fen(again.value()));
  check(again.value().key() == pos.key(), "re-read position has a different key", fen);

  const std::string shredder = tabiya::to_fen(pos, tabiya::CastlingFormat::SHREDDER);
  auto from_shredder = tabiya::parse_fen(shredder);
  if (!from_shredder.ok())
    property_failed("Shredder-FEN from to_fen is rejected", shredder, from_shredder.error().message);
  check(from_shredder.value().castling_rooks() == pos.castling_rooks(), "Shredder-FEN changes castling rights",
        shredder);
  check(from_shredder.value().key() == pos.key(), "Shredder-FEN changes the key", shredder);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = tabiya::parse_fen(text);
  if (!parsed.ok()) {
    check(!parsed.error().message.empty(), "rejected FEN without an error message", text);
    return 0;
  }

  Position pos = parsed.value();
  const std::string fen = tabiya::to_fen(pos);
  check(pos.key() == pos.compute_key(), "parsed key differs from compute_key", fen);
  check_round_trip(pos, fen);

  const tabiya::MoveList moves = tabiya::legal_moves(pos);
  check(std::size_t(tabiya::count_legal(pos)) == moves.size(), "count_legal disagrees with legal_moves", fen);

  const tabiya::Color mover = pos.side_to_move();
  const tabiya::Key key_before = pos.key();
  for (const tabiya::Move m : moves) {
    const std::string uci = tabiya::to_uci(m, pos);
    check(pos.is_legal(m), "generated move is not is_legal", fen, uci);

    tabiya::UndoInfo undo;
    pos.do_move(m, undo);
    check(pos.key() == pos.compute_key(), "incremental key differs from compute_key after a move", fen, uci);
    check(!pos.attacked_by(pos.side_to_move(), pos.king_square(mover), pos.pieces()),
          "legal move leaves the mover's king attacked", fen, uci);
    const std::string child_fen = tabiya::to_fen(pos);
    auto child = tabiya::parse_fen(child_fen);
    if (!child.ok()) property_failed("position after a legal move is not a valid FEN", child_fen, uci);
    check(child.value().key() == pos.key(), "position after a move re-reads with another key", child_fen, uci);

    pos.undo_move(m, undo);
    check(pos.key() == key_before, "undo_move does not restore the key", fen, uci);
    check(tabiya::to_fen(pos) == fen, "undo_move does not restore the FEN", fen, uci);
  }
  return 0;
}
