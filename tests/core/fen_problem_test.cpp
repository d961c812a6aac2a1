// read_fen: every refusal carries a code and its data for the page to word (once "(fen)" alone was
// shown for "no white king"), and the same English message parse_fen gives.
#include "core/fen_problem.h"

#include <gtest/gtest.h>

#include <map>

#include "core/fen.h"

namespace tabiya {
namespace {

struct Refusal {
  std::string code;
  std::map<std::string, std::string> data;
};

Refusal refusal(std::string_view fen) {
  auto read = read_fen(fen);
  EXPECT_FALSE(read) << fen;
  if (read) return {};
  auto plain = parse_fen(fen);
  EXPECT_FALSE(plain);
  if (!plain) {
    EXPECT_EQ(read.error().message, plain.error().message);
  }
  return {read.error().code, {read.error().data.begin(), read.error().data.end()}};
}

using Data = std::map<std::string, std::string>;

TEST(FenProblem, EachRefusalHasItsCodeAndData) {
  struct Case {
    const char* fen;
    const char* code;
    Data data;
  };
  const Case cases[] = {
      {"8/8/8/8/8/8/8/4k3 w - - 0 1", "no_king", {{"color", "white"}}},
      {"4K3/8/8/8/8/8/8/8 b - - 0 1", "no_king", {{"color", "black"}}},
      {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "many_kings", {{"color", "white"}, {"count", "2"}}},
      {"4k3/8/8/8/8/8/8/4K3", "field_count", {{"found", "1"}}},
      {"4k3/8/8/8/8/8/8/4K2 w - - 0 1", "rank_squares", {{"rank", "1"}, {"squares", "7"}}},
      {"4k3/8/8/8/8/8/8/4K4 w - - 0 1", "rank_squares", {{"rank", "1"}, {"squares", "9+"}}},
      {"4k3/8/8/8/8/8/4K3 w - - 0 1", "rank_count", {{"ranks", "7"}}},
      {"4k3/8/8/8/8/8/8/4X3 w - - 0 1", "bad_piece", {{"rank", "1"}, {"letter", "X"}}},
      {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side_to_move", {{"text", "x"}}},
      {"4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawn_on_edge", {{"square", "h1"}}},
      {"4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "too_many_pawns", {{"color", "white"}}},
      {"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "opponent_in_check", {{"color", "black"}, {"turn", "white"}}},
      {"4k3/8/8/8/8/8/8/4K3 w X - 0 1", "castling_letter", {{"letter", "X"}}},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling_rook", {{"letter", "K"}, {"color", "white"}}},
      {"4k3/8/8/8/8/4K3/8/7R w K - 0 1", "castling_king", {{"letter", "K"}, {"color", "white"}}},
      {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "ep_square", {{"text", "e9"}}},
      {"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "ep_rank", {{"square", "e3"}, {"turn", "white"}, {"rank", "6"}}},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "ep_pawn", {{"square", "e6"}, {"color", "black"}, {"pawn", "e5"}}},
      {"4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "ep_path", {{"square", "e6"}, {"path", "e7-e6"}}},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove", {{"text", "x"}, {"max", std::to_string(MAX_HALFMOVE_CLOCK)}}},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 -1", "fullmove", {{"text", "-1"}, {"max", std::to_string(MAX_FULLMOVE_NUMBER)}}},
  };
  for (const Case& c : cases) {
    const Refusal r = refusal(c.fen);
    EXPECT_EQ(r.code, c.code) << c.fen;
    EXPECT_EQ(r.data, c.data) << c.fen;
  }
}

TEST(FenProblem, TheMessageNamesTheInputAndTheProblem) {
  auto read = read_fen("8/8/8/8/8/8/8/4k3 w - - 0 1");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "invalid FEN \"8/8/8/8/8/8/8/4k3 w - - 0 1\": no white king");
}

TEST(FenProblem, AGoodFenReadsAsParseFenReadsIt) {
  auto read = read_fen(START_FEN);
  ASSERT_TRUE(read);
  EXPECT_EQ(to_fen(*read), START_FEN);
}

}  // namespace
}  // namespace tabiya
