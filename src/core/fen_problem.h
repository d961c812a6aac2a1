// Why a FEN was refused, as a code with its data, for callers that word the
// reason themselves (the web app, in the user's language). parse_fen's
// English message is the same problem's `message`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

struct FenProblem {
  // One of: field_count {found}; rank_squares {rank, squares} (a rank covers
  // fewer or more than 8 squares; squares is "9+" when more); rank_count
  // {ranks} (not 8 ranks); bad_piece {rank, letter}; side_to_move {text};
  // no_king {color}; many_kings {color, count}; too_many_pieces {color};
  // too_many_pawns {color}; pawn_on_edge {square}; opponent_in_check {color,
  // turn}; too_many_checks {count}; castling_letter {letter};
  // castling_king {letter, color}; castling_rook {letter, color};
  // castling_twice {letter}; ep_square {text}; ep_rank {square, turn, rank};
  // ep_pawn {square, color, pawn}; ep_path {square, path}; halfmove {text, max};
  // fullmove {text, max}.
  std::string code;
  std::vector<std::pair<std::string, std::string>> data;
  // parse_fen's message: "invalid FEN "...": no white king".
  std::string message;
};

// parse_fen, with the reason of a refusal as a FenProblem.
Result<Position, FenProblem> read_fen(std::string_view fen);

}  // namespace tabiya
