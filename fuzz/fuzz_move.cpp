// libFuzzer target for the move reader. The first input byte picks one of a few
// positions chosen to exercise disambiguation, promotion, en passant and
// castling (standard and Chess960); the rest is the move text, read in every
// language. Whatever comes back must make sense:
//  - an accepted move is legal, and writing it back (SAN in that language, SAN
//    with figurines, long algebraic, UCI) and reading that again gives the same move;
//  - a rejection has a message, and every candidate it lists is a legal move;
//    an ambiguity lists at least two.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/uci_move.h"
#include "notation/language.h"
#include "notation/move_reader.h"
#include "notation/san.h"

namespace {

using tabiya::Language;
using tabiya::Move;
using tabiya::Position;

constexpr std::array<std::string_view, 9> FENS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Kiwipete: castling both ways, pins, many captures.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Promotions with and without capture: white on b8/a8, then black on g1/f1/h1.
    "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    // En passant available on f6.
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Four knights reaching d3: needs file, rank and full-square disambiguation.
    "4k3/8/8/8/1N3N2/8/1N3N2/R3K2R w KQ - 0 1",
    // Chess960 with castling rooks on f and h files.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // Chess960 where O-O-O leaves the d1 rook where it stands and the king passes it.
    "1r2k1r1/pbppnp1p/1b3P2/8/Q7/B1PB1q2/P4PPP/3RK1R1 w GDg - 0 2",
    // White in check: castling rights exist but cannot be used.
    "4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1",
};

[[noreturn]] void property_failed(const char* property, const Position& pos, std::string_view text,
                                  std::string_view detail = {}) {
  const std::string fen = tabiya::to_fen(pos);
  std::fprintf(stderr, "fuzz_move: %s\n  position: %s\n  text: \"%.*s\"\n", property, fen.c_str(), int(text.size()),
               text.data());
  if (!detail.empty()) std::fprintf(stderr, "  detail: %.*s\n", int(detail.size()), detail.data());
  std::abort();
}

// Reading `written` back (as produced by one of our writers) must give `expected`.
void check_reads_back(const Position& pos, const std::string& written, Language lang, Move expected,
                      std::string_view original_text, const char* form) {
  auto again = tabiya::parse_move(pos, written, tabiya::MoveReadOptions{lang});
  if (!again.ok()) {
    property_failed(form, pos, original_text, "\"" + written + "\" rejected: " + again.error().message);
  }
  if (!(again.value() == expected)) {
    property_failed(form, pos, original_text,
                    "\"" + written + "\" read as " + tabiya::to_uci(again.value(), pos) + ", expected " +
                        tabiya::to_uci(expected, pos));
  }
}

std::vector<Position> make_positions() {
  std::vector<Position> positions;
  for (std::string_view fen : FENS) {
    auto parsed = tabiya::parse_fen(fen);
    if (!parsed.ok()) {
      std::fprintf(stderr, "fuzz_move: built-in FEN rejected: %.*s: %s\n", int(fen.size()), fen.data(),
                   parsed.error().message.c_str());
      std::abort();
    }
    positions.push_back(parsed.value());
  }
  return positions;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<Position> positions = make_positions();
  if (size == 0) return 0;
  const Position& pos = positions[data[0] % positions.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const tabiya::MoveList legal = tabiya::legal_moves(pos);

  for (const Language lang : tabiya::all_languages()) {
    auto read = tabiya::parse_move(pos, text, tabiya::MoveReadOptions{lang});
    if (!read.ok()) {
      const tabiya::MoveError& error = read.error();
      if (error.message.empty()) property_failed("rejection without a message", pos, text);
      for (const Move candidate : error.candidates) {
        if (!legal.contains(candidate)) property_failed("error lists an illegal candidate", pos, text, error.message);
      }
      if (error.kind == tabiya::MoveErrorKind::AMBIGUOUS && error.candidates.size() < 2) {
        property_failed("ambiguity with fewer than two candidates", pos, text, error.message);
      }
      continue;
    }

    const Move m = read.value();
    if (!legal.contains(m)) property_failed("accepted an illegal move", pos, text, tabiya::to_uci(m, pos));
    check_reads_back(pos, tabiya::to_san(pos, m, tabiya::SanStyle::LETTERS, lang), lang, m, text,
                     "SAN in the reading language does not read back");
    check_reads_back(pos, tabiya::to_san(pos, m, tabiya::SanStyle::FIGURINE, lang), lang, m, text,
                     "figurine SAN does not read back");
    check_reads_back(pos, tabiya::to_san(pos, m), Language::EN, m, text, "English SAN does not read back");
    check_reads_back(pos, tabiya::to_long_algebraic(pos, m, lang), lang, m, text, "long algebraic does not read back");
    check_reads_back(pos, tabiya::to_uci(m, pos), lang, m, text, "UCI does not read back");
  }
  return 0;
}
