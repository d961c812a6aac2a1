#include "core/fen.h"

#include <charconv>
#include <string_view>
#include <vector>

namespace tabiya {
namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

// Shows a user-supplied field safely: at most 40 bytes, control bytes escaped.
std::string quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += char(c);
    }
  }
  if (s.size() > 40) out += "...";
  return out + "\"";
}

Error fen_error(std::string_view fen, std::string message) {
  return fail("invalid FEN " + quote(fen) + ": " + message);
}

std::string_view color_name(Color c) { return c == WHITE ? "white" : "black"; }

Result<int> parse_counter(std::string_view text, std::string_view name, int max) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > max)
    return fail(std::string(name) + " " + quote(text) + " is not a whole number from 0 to " + std::to_string(max));
  return value;
}

// Field 1: ranks 8 down to 1, separated by '/'.
Result<bool> parse_placement(std::string_view field, Position& pos) {
  int rank = 7, file = 0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    std::string where = "piece placement, rank " + std::to_string(rank + 1);
    if (c == '/') {
      if (file != 8) return fail(where + " covers " + std::to_string(file) + " squares, not 8");
      if (rank == 0) return fail("piece placement has more than 8 ranks");
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fail(where + " covers more than 8 squares");
    } else if (std::size_t idx = PIECE_CHARS.find(c); c != ' ' && idx != std::string_view::npos) {
      if (file > 7) return fail(where + " covers more than 8 squares");
      pos.put_piece(Piece(idx), make_square(File(file), Rank(rank)));
      ++file;
    } else {
      return fail(where + ": " + quote(std::string_view(&field[i], 1)) +
                  " is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8");
    }
  }
  if (file != 8)
    return fail("piece placement, rank " + std::to_string(rank + 1) + " covers " + std::to_string(file) +
                " squares, not 8");
  if (rank != 0) return fail("piece placement has " + std::to_string(8 - rank) + " ranks, not 8");
  return true;
}

// Field 3: '-' or letters. KQkq mean the outermost rook on that side of the
// king; A-H / a-h name the rook's file (Shredder-FEN and X-FEN).
Result<Bitboard> parse_castling(std::string_view field, const Position& pos) {
  if (field == "-") return Bitboard(0);
  Bitboard rooks = 0;
  for (char c : field) {
    Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    char upper = char(color == BLACK ? c - 'a' + 'A' : c);
    std::string right = "castling right " + quote(std::string_view(&c, 1)) + ": ";
    if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H'))
      return fail(right + "not one of KQkq or a file letter A-H / a-h");
    Rank back = relative_rank(color, RANK_1);
    Bitboard kings = pos.pieces(color, KING) & rank_bb(back);
    if (!kings || more_than_one(kings))
      return fail(right + "the " + std::string(color_name(color)) + " king is not on its first rank");
    Square king = lsb(kings);
    Bitboard candidates = pos.pieces(color, ROOK) & rank_bb(back);
    Square rook = SQ_NONE;
    if (upper == 'K') {
      Bitboard side = candidates & ~((square_bb(king) << 1) - 1);
      if (side) rook = msb(side);
    } else if (upper == 'Q') {
      Bitboard side = candidates & (square_bb(king) - 1);
      if (side) rook = lsb(side);
    } else {
      Square s = make_square(File(upper - 'A'), back);
      if (candidates & square_bb(s)) rook = s;
    }
    if (rook == SQ_NONE) return fail(right + "no " + std::string(color_name(color)) + " rook on the square it names");
    if (rooks & square_bb(rook)) return fail(right + "given twice");
    Bitboard same_side = rooks & rank_bb(back) & (rook > king ? ~((square_bb(king) << 1) - 1) : (square_bb(king) - 1));
    if (same_side) return fail(right + "a second right on the same side of the king");
    rooks |= square_bb(rook);
  }
  return rooks;
}

// True when castling rights can be written as plain KQkq with e1/e8 kings and
// corner rooks, i.e. standard chess.
bool standard_castling(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    Bitboard rights = pos.castling_rooks() & rank_bb(relative_rank(c, RANK_1));
    if (!rights) continue;
    if (pos.king_square(c) != relative_square(c, SQ_E1)) return false;
    if (rights & ~(square_bb(relative_square(c, SQ_A1)) | square_bb(relative_square(c, SQ_H1)))) return false;
  }
  return true;
}

// Rules a position must satisfy to be played from (FIDE 2014 Art. 3 and 4: two
// kings; pawns never stand on the first or last rank; the side that just moved
// cannot have left its king in check).
Result<bool> validate(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    int kings = popcount(pos.pieces(c, KING));
    if (kings != 1)
      return fail(kings == 0
                      ? "no " + std::string(color_name(c)) + " king"
                      : std::to_string(kings) + " " + std::string(color_name(c)) + " kings (exactly one allowed)");
    if (popcount(pos.pieces(c)) > 16) return fail("more than 16 " + std::string(color_name(c)) + " pieces");
    if (popcount(pos.pieces(c, PAWN)) > 8) return fail("more than 8 " + std::string(color_name(c)) + " pawns");
  }
  if (Bitboard p = pos.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
    return fail("pawn on " + square_name(lsb(p)) + ": pawns cannot stand on the first or last rank");
  Color us = pos.side_to_move();
  if (pos.attackers_to(pos.king_square(~us)) & pos.pieces(us))
    return fail(std::string(color_name(~us)) + " is in check but it is " + std::string(color_name(us)) + " to move");
  if (popcount(pos.checkers()) > 2)
    return fail(std::to_string(popcount(pos.checkers())) + " pieces give check; at most two can");
  return true;
}

// Reads the fields of `fen` (6, or 4 without the counters); messages quote `fen`.
Result<Position> parse_fields(std::string_view fen, const std::vector<std::string_view>& fields) {
  Position pos;
  if (auto placed = parse_placement(fields[0], pos); !placed) return fen_error(fen, placed.error().message);

  if (fields[1] == "w") pos.set_side_to_move(WHITE);
  else if (fields[1] == "b") pos.set_side_to_move(BLACK);
  else return fen_error(fen, "side to move " + quote(fields[1]) + " is not w or b");

  for (Color c : {WHITE, BLACK})
    if (popcount(pos.pieces(c, KING)) != 1) return fen_error(fen, validate(pos).error().message);

  auto rooks = parse_castling(fields[2], pos);
  if (!rooks) return fen_error(fen, rooks.error().message);
  pos.set_castling_rooks(*rooks);

  if (fields[3] != "-") {
    std::string_view ep = fields[3];
    Color us = pos.side_to_move();
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return fen_error(fen, "en passant square " + quote(ep) + " is not a square like e3 or -");
    Square s = make_square(File(ep[0] - 'a'), Rank(ep[1] - '1'));
    std::string what = "en passant square " + std::string(ep) + ": ";
    if (relative_rank(us, s) != RANK_6)
      return fen_error(fen, what + "must be on rank " + (us == WHITE ? "6" : "3") + " when " +
                                std::string(color_name(us)) + " is to move");
    if (pos.piece_on(Square(s - pawn_push(us))) != make_piece(~us, PAWN))
      return fen_error(fen, what + "no " + std::string(color_name(~us)) + " pawn on " +
                                square_name(Square(s - pawn_push(us))) + " that could just have moved two squares");
    if (!pos.empty(s) || !pos.empty(Square(s + pawn_push(us))))
      return fen_error(fen, what + "the pawn's path " + square_name(Square(s + pawn_push(us))) + "-" + square_name(s) +
                                " is not empty");
    pos.set_en_passant(s);
  }

  int halfmove = 0, fullmove = 1;
  if (fields.size() == 6) {
    auto h = parse_counter(fields[4], "halfmove clock (field 5)", MAX_HALFMOVE_CLOCK);
    if (!h) return fen_error(fen, h.error().message);
    auto f = parse_counter(fields[5], "fullmove number (field 6)", MAX_FULLMOVE_NUMBER);
    if (!f) return fen_error(fen, f.error().message);
    halfmove = *h;
    fullmove = *f == 0 ? 1 : *f;  // some writers emit 0 (python-chess and chessops read it as 1): the first move is 1
  }
  pos.set_counters(halfmove, fullmove);

  pos.finish_setup();
  if (auto valid = validate(pos); !valid) return fen_error(fen, valid.error().message);
  pos.set_chess960(!standard_castling(pos));
  return pos;
}

}  // namespace

Result<Position> parse_fen(std::string_view fen) {
  std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() != 6 && fields.size() != 4)
    return fen_error(fen, "expected 6 fields (or 4 without the move counters), found " + std::to_string(fields.size()));
  return parse_fields(fen, fields);
}

Result<Position> parse_abbreviated_fen(std::string_view fen) {
  std::vector<std::string_view> fields = split_fields(fen);
  switch (fields.size()) {
    case 2:
      fields.insert(fields.end(), {"-", "-"});
      return parse_fields(fen, fields);
    case 4:
    case 6:
      return parse_fields(fen, fields);
    default:
      return fen_error(fen,
                       "expected 6 fields (or 4 without the move counters, or 2: placement and side to move), found " +
                           std::to_string(fields.size()) +
                           (fields.size() == 1   ? " (the side to move, field 2, is missing)"
                            : fields.size() == 3 ? " (the en passant square, field 4, is missing)"
                            : fields.size() == 5 ? " (the fullmove number, field 6, is missing)"
                                                 : ""));
  }
}

std::string to_fen(const Position& pos, CastlingFormat format) {
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = pos.piece_on(make_square(File(f), Rank(r)));
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += PIECE_CHARS[p];
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  fen += pos.side_to_move() == WHITE ? " w " : " b ";

  std::string castling;
  for (Color c : {WHITE, BLACK})
    for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
      if (!pos.can_castle(c, side)) continue;
      Square rook = pos.castling_rook(c, side);
      Bitboard rooks = pos.pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1));
      // X-FEN: K/Q when the castling rook is the outermost rook on its side.
      Bitboard beyond = side == KING_SIDE ? rooks & ~((square_bb(rook) << 1) - 1) : rooks & (square_bb(rook) - 1);
      char letter;
      if (format == CastlingFormat::XFEN && !beyond) letter = side == KING_SIDE ? 'K' : 'Q';
      else letter = char('A' + file_of(rook));
      castling += c == WHITE ? letter : char(letter - 'A' + 'a');
    }
  fen += castling.empty() ? "-" : castling;
  fen += ' ';
  fen += square_name(pos.en_passant());
  fen += ' ' + std::to_string(pos.halfmove_clock()) + ' ' + std::to_string(pos.fullmove_number());
  return fen;
}

}  // namespace tabiya
