#include "core/fen.h"

#include <charconv>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fen_problem.h"

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

// A refusal's code, data and English text (without the "invalid FEN" prefix, added once at the top).
using Data = std::vector<std::pair<std::string, std::string>>;
FenProblem problem(std::string code, std::string message, Data data = {}) {
  return FenProblem{std::move(code), std::move(data), std::move(message)};
}

FenProblem with_fen(std::string_view fen, FenProblem p) {
  p.message = "invalid FEN " + quote(fen) + ": " + p.message;
  return p;
}

std::string color_name(Color c) { return c == WHITE ? "white" : "black"; }

Result<int, FenProblem> parse_counter(std::string_view text, std::string_view code, std::string_view name, int max) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > max)
    return problem(std::string(code),
                   std::string(name) + " " + quote(text) + " is not a whole number from 0 to " + std::to_string(max),
                   {{"text", std::string(text.substr(0, 40))}, {"max", std::to_string(max)}});
  return value;
}

// Field 1: ranks 8 down to 1, separated by '/'.
Result<bool, FenProblem> parse_placement(std::string_view field, Position& pos) {
  int rank = 7, file = 0;
  auto too_long = [&] {
    return problem("rank_squares", "piece placement, rank " + std::to_string(rank + 1) + " covers more than 8 squares",
                   {{"rank", std::to_string(rank + 1)}, {"squares", "9+"}});
  };
  auto short_rank = [&] {
    return problem(
        "rank_squares",
        "piece placement, rank " + std::to_string(rank + 1) + " covers " + std::to_string(file) + " squares, not 8",
        {{"rank", std::to_string(rank + 1)}, {"squares", std::to_string(file)}});
  };
  for (std::size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (c == '/') {
      if (file != 8) return short_rank();
      if (rank == 0) return problem("rank_count", "piece placement has more than 8 ranks", {{"ranks", "9+"}});
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return too_long();
    } else if (std::size_t idx = PIECE_CHARS.find(c); c != ' ' && idx != std::string_view::npos) {
      if (file > 7) return too_long();
      pos.put_piece(Piece(idx), make_square(File(file), Rank(rank)));
      ++file;
    } else {
      const std::string letter = quote(std::string_view(&field[i], 1));
      return problem("bad_piece",
                     "piece placement, rank " + std::to_string(rank + 1) + ": " + letter +
                         " is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8",
                     {{"rank", std::to_string(rank + 1)}, {"letter", letter.substr(1, letter.size() - 2)}});
    }
  }
  if (file != 8) return short_rank();
  if (rank != 0)
    return problem("rank_count", "piece placement has " + std::to_string(8 - rank) + " ranks, not 8",
                   {{"ranks", std::to_string(8 - rank)}});
  return true;
}

// Field 3: '-' or letters. KQkq mean the outermost rook on that side of the
// king; A-H / a-h name the rook's file (Shredder-FEN and X-FEN).
Result<Bitboard, FenProblem> parse_castling(std::string_view field, const Position& pos) {
  if (field == "-") return Bitboard(0);
  Bitboard rooks = 0;
  for (char c : field) {
    Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    char upper = char(color == BLACK ? c - 'a' + 'A' : c);
    const std::string quoted = quote(std::string_view(&c, 1));
    std::string right = "castling right " + quoted + ": ";
    Data letter{{"letter", quoted.substr(1, quoted.size() - 2)}};
    Data letter_color{{"letter", letter[0].second}, {"color", color_name(color)}};
    if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H'))
      return problem("castling_letter", right + "not one of KQkq or a file letter A-H / a-h", letter);
    Rank back = relative_rank(color, RANK_1);
    Bitboard kings = pos.pieces(color, KING) & rank_bb(back);
    if (!kings || more_than_one(kings))
      return problem("castling_king", right + "the " + color_name(color) + " king is not on its first rank",
                     letter_color);
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
    if (rook == SQ_NONE)
      return problem("castling_rook", right + "no " + color_name(color) + " rook on the square it names", letter_color);
    if (rooks & square_bb(rook)) return problem("castling_twice", right + "given twice", letter);
    Bitboard same_side = rooks & rank_bb(back) & (rook > king ? ~((square_bb(king) << 1) - 1) : (square_bb(king) - 1));
    if (same_side) return problem("castling_twice", right + "a second right on the same side of the king", letter);
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
Result<bool, FenProblem> validate(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    int kings = popcount(pos.pieces(c, KING));
    if (kings == 0) return problem("no_king", "no " + color_name(c) + " king", {{"color", color_name(c)}});
    if (kings != 1)
      return problem("many_kings", std::to_string(kings) + " " + color_name(c) + " kings (exactly one allowed)",
                     {{"color", color_name(c)}, {"count", std::to_string(kings)}});
    if (popcount(pos.pieces(c)) > 16)
      return problem("too_many_pieces", "more than 16 " + color_name(c) + " pieces", {{"color", color_name(c)}});
    if (popcount(pos.pieces(c, PAWN)) > 8)
      return problem("too_many_pawns", "more than 8 " + color_name(c) + " pawns", {{"color", color_name(c)}});
  }
  if (Bitboard p = pos.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
    return problem("pawn_on_edge", "pawn on " + square_name(lsb(p)) + ": pawns cannot stand on the first or last rank",
                   {{"square", square_name(lsb(p))}});
  Color us = pos.side_to_move();
  if (pos.attackers_to(pos.king_square(~us)) & pos.pieces(us))
    return problem("opponent_in_check", color_name(~us) + " is in check but it is " + color_name(us) + " to move",
                   {{"color", color_name(~us)}, {"turn", color_name(us)}});
  if (popcount(pos.checkers()) > 2)
    return problem("too_many_checks", std::to_string(popcount(pos.checkers())) + " pieces give check; at most two can",
                   {{"count", std::to_string(popcount(pos.checkers()))}});
  return true;
}

// Reads the fields of `fen` (6, or 4 without the counters); messages quote `fen`.
Result<Position, FenProblem> parse_fields(std::string_view fen, const std::vector<std::string_view>& fields) {
  Position pos;
  if (auto placed = parse_placement(fields[0], pos); !placed) return with_fen(fen, placed.error());

  if (fields[1] == "w") pos.set_side_to_move(WHITE);
  else if (fields[1] == "b") pos.set_side_to_move(BLACK);
  else
    return with_fen(fen, problem("side_to_move", "side to move " + quote(fields[1]) + " is not w or b",
                                 {{"text", std::string(fields[1].substr(0, 40))}}));

  for (Color c : {WHITE, BLACK})
    if (popcount(pos.pieces(c, KING)) != 1) return with_fen(fen, validate(pos).error());

  auto rooks = parse_castling(fields[2], pos);
  if (!rooks) return with_fen(fen, rooks.error());
  pos.set_castling_rooks(*rooks);

  if (fields[3] != "-") {
    std::string_view ep = fields[3];
    Color us = pos.side_to_move();
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return with_fen(fen, problem("ep_square", "en passant square " + quote(ep) + " is not a square like e3 or -",
                                   {{"text", std::string(ep.substr(0, 40))}}));
    Square s = make_square(File(ep[0] - 'a'), Rank(ep[1] - '1'));
    std::string what = "en passant square " + std::string(ep) + ": ";
    const std::string rank = us == WHITE ? "6" : "3";
    if (relative_rank(us, s) != RANK_6)
      return with_fen(fen,
                      problem("ep_rank", what + "must be on rank " + rank + " when " + color_name(us) + " is to move",
                              {{"square", std::string(ep)}, {"turn", color_name(us)}, {"rank", rank}}));
    const Square pawn = Square(s - pawn_push(us));
    if (pos.piece_on(pawn) != make_piece(~us, PAWN))
      return with_fen(fen,
                      problem("ep_pawn",
                              what + "no " + color_name(~us) + " pawn on " + square_name(pawn) +
                                  " that could just have moved two squares",
                              {{"square", std::string(ep)}, {"color", color_name(~us)}, {"pawn", square_name(pawn)}}));
    if (!pos.empty(s) || !pos.empty(Square(s + pawn_push(us)))) {
      const std::string path = square_name(Square(s + pawn_push(us))) + "-" + square_name(s);
      return with_fen(fen, problem("ep_path", what + "the pawn's path " + path + " is not empty",
                                   {{"square", std::string(ep)}, {"path", path}}));
    }
    pos.set_en_passant(s);
  }

  int halfmove = 0, fullmove = 1;
  if (fields.size() == 6) {
    auto h = parse_counter(fields[4], "halfmove", "halfmove clock (field 5)", MAX_HALFMOVE_CLOCK);
    if (!h) return with_fen(fen, h.error());
    auto f = parse_counter(fields[5], "fullmove", "fullmove number (field 6)", MAX_FULLMOVE_NUMBER);
    if (!f) return with_fen(fen, f.error());
    halfmove = *h;
    fullmove = *f == 0 ? 1 : *f;  // some writers emit 0 (python-chess and chessops read it as 1): the first move is 1
  }
  pos.set_counters(halfmove, fullmove);

  pos.finish_setup();
  if (auto valid = validate(pos); !valid) return with_fen(fen, valid.error());
  pos.set_chess960(!standard_castling(pos));
  return pos;
}

Result<Position> plain(Result<Position, FenProblem> read) {
  if (!read) return fail(read.error().message);
  return std::move(read).value();
}

}  // namespace

Result<Position, FenProblem> read_fen(std::string_view fen) {
  std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() != 6 && fields.size() != 4)
    return with_fen(
        fen, problem("field_count",
                     "expected 6 fields (or 4 without the move counters), found " + std::to_string(fields.size()),
                     {{"found", std::to_string(fields.size())}}));
  return parse_fields(fen, fields);
}

Result<Position> parse_fen(std::string_view fen) { return plain(read_fen(fen)); }

Result<Position> parse_abbreviated_fen(std::string_view fen) {
  std::vector<std::string_view> fields = split_fields(fen);
  switch (fields.size()) {
    case 2:
      fields.insert(fields.end(), {"-", "-"});
      return plain(parse_fields(fen, fields));
    case 4:
    case 6:
      return plain(parse_fields(fen, fields));
    default:
      return fail("invalid FEN " + quote(fen) +
                  ": expected 6 fields (or 4 without the move counters, or 2: placement and side to move), found " +
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
