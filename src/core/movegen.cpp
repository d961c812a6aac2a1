#include "core/movegen.h"

#include <algorithm>

namespace tabiya {
namespace {

// Generation writes through a sink, so listing and counting share one
// generator: the list sink appends moves, the counting sink only popcounts
// target sets (perft's last ply never needs the moves themselves).
struct ListSink {
  MoveList& list;
  void piece_moves(Square from, Bitboard targets) {
    while (targets) list.add(Move(from, pop_lsb(targets)));
  }
  void pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets);
      list.add(Move(Square(to - offset), to));
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets), from = Square(to - offset);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) list.add(Move::make(MoveKind::PROMOTION, from, to, pt));
    }
  }
  void special(Move m) { list.add(m); }
};

struct CountSink {
  int count = 0;
  void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
  void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
  void promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
  void special(Move) { ++count; }
};

// Pawn moves of `pawns` whose destinations lie in `allowed`.
template <Color Us, class Pos, class Sink>
void pawn_moves(const Pos& pos, Bitboard pawns, Bitboard allowed, Sink& sink) {
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr int UpLeft = Us == WHITE ? 7 : -9;
  constexpr int UpRight = Us == WHITE ? 9 : -7;
  constexpr Bitboard ThirdRank = rank_bb(relative_rank(Us, RANK_3));
  constexpr Bitboard LastRank = rank_bb(relative_rank(Us, RANK_8));
  Bitboard empty = ~pos.pieces(), enemies = pos.pieces(~Us);

  Bitboard single = shift<Up>(pawns) & empty;
  Bitboard twice = shift<Up>(single & ThirdRank) & empty & allowed;
  single &= allowed;
  Bitboard left = shift<UpLeft>(pawns) & enemies & allowed;
  Bitboard right = shift<UpRight>(pawns) & enemies & allowed;

  sink.pawn_moves(single & ~LastRank, Up);
  sink.pawn_moves(twice, 2 * Up);
  sink.pawn_moves(left & ~LastRank, UpLeft);
  sink.pawn_moves(right & ~LastRank, UpRight);
  if ((single | left | right) & LastRank) {
    sink.promotions(single & LastRank, Up);
    sink.promotions(left & LastRank, UpLeft);
    sink.promotions(right & LastRank, UpRight);
  }
}

// Pos is a Position or a ChildBoard: anything with the same read-only interface.
template <Color Us, class Pos, class Sink>
void generate(const Pos& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard occupied = pos.pieces(), own = pos.pieces(Us);
  const Bitboard checkers = pos.checkers();

  // The king may not step onto an attacked square; it is lifted off the board
  // first so that it cannot hide behind itself on a slider's line.
  Bitboard king_targets = king_attacks(ksq) & ~own, safe = 0;
  const Bitboard without_king = occupied ^ square_bb(ksq);
  while (king_targets) {
    Square to = pop_lsb(king_targets);
    if (!pos.attacked_by(Them, to, without_king)) safe |= square_bb(to);
  }
  sink.piece_moves(ksq, safe);
  if (more_than_one(checkers)) return;  // double check: only the king moves

  // In check, other pieces must capture the checker or block its line. A pinned
  // piece can never do either, so pinned pieces move only when not in check.
  const Bitboard target = (checkers ? between(ksq, lsb(checkers)) : ~Bitboard(0)) & ~own;
  const Bitboard pinned = pos.pinned();

  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(s, knight_attacks(s) & target);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
    Square s = pop_lsb(b);
    Bitboard allowed = pinned & square_bb(s) ? (checkers ? 0 : line(ksq, s)) : ~Bitboard(0);
    sink.piece_moves(s, bishop_attacks(s, occupied) & target & allowed);
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
    Square s = pop_lsb(b);
    Bitboard allowed = pinned & square_bb(s) ? (checkers ? 0 : line(ksq, s)) : ~Bitboard(0);
    sink.piece_moves(s, rook_attacks(s, occupied) & target & allowed);
  }

  const Bitboard pawns = pos.pieces(Us, PAWN);
  pawn_moves<Us>(pos, pawns & ~pinned, target, sink);
  if (!checkers)
    for (Bitboard b = pawns & pinned; b;) {
      Square s = pop_lsb(b);
      pawn_moves<Us>(pos, square_bb(s), target & line(ksq, s), sink);
    }

  // En passant removes two pawns from a line at once, so it gets the full test.
  if (Square ep = pos.en_passant(); ep != SQ_NONE)
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      Square s = pop_lsb(b);
      if (pos.en_passant_legal(s, ep)) sink.special(Move::make(MoveKind::EN_PASSANT, s, ep));
    }

  if (!checkers && pos.castling_rooks())
    for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
      if (!pos.can_castle(Us, side)) continue;
      Square rook = pos.castling_rook(Us, side);
      if (occupied & pos.castling_empty_mask(Us, side)) continue;
      // Attacks are judged with king and rook lifted: in Chess960 the rook may
      // shield the king's destination until it moves.
      Bitboard lifted = occupied ^ square_bb(ksq) ^ square_bb(rook);
      bool attacked = false;
      for (Bitboard path = pos.castling_king_path(Us, side); path && !attacked;)
        attacked = pos.attacked_by(Them, pop_lsb(path), lifted);
      if (!attacked) sink.special(Move::make(MoveKind::CASTLING, ksq, rook));
    }
}

// The position after a legal move, reduced to what generate() reads: pieces,
// side, castling rooks, en passant, checkers and pins. No mailbox, key or
// counters, and nothing to undo, which is why perft's last ply can afford it.
class ChildBoard : public PieceSets {
 public:
  ChildBoard(const Position& parent, Move m) : PieceSets(parent), parent_(parent) {
    const Color us = parent.side_to_move(), them = ~us;
    const Square from = m.from(), to = m.to();
    const PieceType moving = type_of(parent.piece_on(from));
    castling_rooks_ = parent.castling_rooks();
    switch (m.kind()) {
      case MoveKind::CASTLING:
        toggle(us, KING, from);
        toggle(us, ROOK, to);
        toggle(us, KING, Position::castling_king_to(us, from, to));
        toggle(us, ROOK, Position::castling_rook_to(us, from, to));
        break;
      case MoveKind::EN_PASSANT:
        toggle(them, PAWN, Square(to - pawn_push(us)));
        toggle(us, PAWN, from);
        toggle(us, PAWN, to);
        break;
      default:
        if (Piece captured = parent.piece_on(to); captured != NO_PIECE) toggle(them, type_of(captured), to);
        toggle(us, moving, from);
        toggle(us, m.kind() == MoveKind::PROMOTION ? m.promotion() : moving, to);
        // The generator tests every en passant capture itself, so a possible
        // capturer is enough to keep the square.
        if (moving == PAWN && (int(to) ^ int(from)) == 16) {
          Square ep = Square((from + to) / 2);
          if (pawn_attacks(us, ep) & pieces(them, PAWN)) en_passant_ = ep;
        }
    }
    if (castling_rooks_) {
      Bitboard lost = castling_rooks_ & (square_bb(from) | square_bb(to));
      if (moving == KING) lost |= castling_rooks_ & rank_bb(relative_rank(us, RANK_1));
      castling_rooks_ ^= lost;
    }
    side_ = them;
    find_checks_and_pins(them, checkers_, pinned_);
  }

  Color side_to_move() const { return side_; }
  Bitboard checkers() const { return checkers_; }
  Bitboard pinned() const { return pinned_; }
  Square en_passant() const { return en_passant_; }
  bool en_passant_legal(Square from, Square ep) const { return en_passant_safe(side_, from, ep); }
  Bitboard castling_rooks() const { return castling_rooks_; }
  // Castling geometry never changes while a right exists, so the parent's serves.
  bool can_castle(Color c, CastlingSide side) const {
    Square rook = parent_.castling_rook(c, side);
    return rook != SQ_NONE && (castling_rooks_ & square_bb(rook));
  }
  Square castling_rook(Color c, CastlingSide side) const { return parent_.castling_rook(c, side); }
  Bitboard castling_empty_mask(Color c, CastlingSide side) const { return parent_.castling_empty_mask(c, side); }
  Bitboard castling_king_path(Color c, CastlingSide side) const { return parent_.castling_king_path(c, side); }

 private:
  const Position& parent_;
  Bitboard castling_rooks_ = 0, checkers_ = 0, pinned_ = 0;
  Square en_passant_ = SQ_NONE;
  Color side_ = WHITE;
};

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

void generate_legal(const Position& pos, MoveList& list) {
  list.count = 0;
  ListSink sink{list};
  if (pos.side_to_move() == WHITE) generate<WHITE>(pos, sink);
  else generate<BLACK>(pos, sink);
}

MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

int count_legal(const Position& pos) {
  CountSink sink;
  if (pos.side_to_move() == WHITE) generate<WHITE>(pos, sink);
  else generate<BLACK>(pos, sink);
  return sink.count;
}

}  // namespace tabiya

namespace tabiya {

int count_legal_after(const Position& pos, Move m) {
  ChildBoard child(pos, m);
  CountSink sink;
  if (child.side_to_move() == WHITE) generate<WHITE>(child, sink);
  else generate<BLACK>(child, sink);
  return sink.count;
}

}  // namespace tabiya
