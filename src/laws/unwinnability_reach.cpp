#include "laws/unwinnability_reach.h"

#include <array>
#include <cstddef>

#include "laws/unwinnability_steps.h"

namespace tabiya {

using namespace steps;

namespace {

// Where a promoted pawn may step: a queen's single steps or a knight's jumps
// (a rook's and a bishop's are among the queen's).
Bitboard any_piece_step(Bitboard b) { return king_step(b) | knight_step(b); }

Bitboard piece_step(PieceType pt, Bitboard b) {
  switch (pt) {
    case KNIGHT:
      return knight_step(b);
    case BISHOP:
      return diagonal_step(b);
    case ROOK:
      return orthogonal_step(b);
    default:  // queen and king
      return king_step(b);
  }
}

Bitboard piece_flood(PieceType pt, Bitboard start, Bitboard passable) {
  switch (pt) {
    case KNIGHT:
      return flood<knight_step>(start, passable);
    case BISHOP:
      return flood<diagonal_step>(start, passable);
    case ROOK:
      return flood<orthogonal_step>(start, passable);
    default:
      return flood<king_step>(start, passable);
  }
}

struct Man {
  Color colour;
  PieceType type;
  Square home;
  Bitboard reach;      // squares it may stand on (a pawn: as a pawn)
  Bitboard promoted;   // a pawn: squares it may stand on after promoting
  Bitboard threat;     // squares it may move onto by a capture
  Bitboard cover;      // squares it may attack (for a king, without regard to guards)
  bool stays_on_file;  // a pawn that never captures
  // A pawn that never captures, is never captured and never promotes: it
  // stays on its file for ever, and no pawn that stays on that file passes it.
  bool calm;
};

// The state of the saturation: every man, and what the fixed ones imply.
class Reach {
 public:
  explicit Reach(const Position& pos) {
    for (Bitboard b = pos.pieces(); b;) {
      Square s = pop_lsb(b);
      Piece pc = pos.piece_on(s);
      Man m{color_of(pc), type_of(pc), s, square_bb(s), 0, 0, 0, false, false};
      // A pawn that has just advanced two squares may be taken en passant on
      // the square it passed: it counts as one it may stand on.
      if (m.type == PAWN && pos.en_passant() != SQ_NONE &&
          s == Square(pos.en_passant() + pawn_push(~pos.side_to_move())))
        m.reach |= square_bb(pos.en_passant());
      update_threats(m);
      men_[count_++] = m;
    }
    settled_ = saturate();
  }

  // False when the sets did not settle (then nothing is proven).
  bool settled() const { return settled_; }

  const Man* begin() const { return men_.data(); }
  const Man* end() const { return men_.data() + count_; }

 private:
  // Grows the sets until a round adds nothing: they are then closed under
  // every move the fixed men of the final sets allow. The fixed men are a
  // function of the sets, fewer as the sets grow, so the rounds climb to the
  // least closed sets. (The cap only guards the loop.)
  bool saturate() {
    constexpr int MAX_ROUNDS = 1000;
    for (int round = 0; round < MAX_ROUNDS; ++round) {
      find_fixed();
      bool changed = false;
      for (std::size_t i = 0; i < count_; ++i) changed |= grow(men_[i]);
      if (!changed) return true;
    }
    return false;
  }

  // A man is fixed while it may stand on its own square only and no enemy
  // may move onto that square: in every position to come it is there. A king
  // never moves onto a square a fixed enemy man guards, so the fixed men are
  // found from the most (every man that may not leave its square) down,
  // dropping those an enemy may take until none is dropped: men guarding one
  // another stay fixed together.
  void find_fixed() {
    Bitboard threats[COLOR_NB] = {0, 0}, standing[COLOR_NB] = {0, 0};
    Bitboard candidates = 0;
    for (std::size_t i = 0; i < count_; ++i) {
      const Man& m = men_[i];
      if (m.type != KING) threats[m.colour] |= m.threat;
      if (m.type != KING) standing[m.colour] |= m.reach | m.promoted;
      if (m.reach == square_bb(m.home) && !m.promoted) candidates |= square_bb(m.home);
    }
    for (;;) {
      guarded_[WHITE] = guarded_[BLACK] = 0;
      for (std::size_t i = 0; i < count_; ++i) {
        const Man& m = men_[i];
        if (!(candidates & square_bb(m.home))) continue;
        guarded_[m.colour] |= m.type == PAWN ? pawn_attacks(m.colour, m.home) : piece_step(m.type, square_bb(m.home));
      }
      Bitboard all_threats[COLOR_NB] = {threats[WHITE], threats[BLACK]};
      for (std::size_t i = 0; i < count_; ++i) {
        Man& m = men_[i];
        if (m.type != KING) continue;
        update_threats(m);
        all_threats[m.colour] |= m.threat;
      }
      Bitboard dropped = 0;
      for (std::size_t i = 0; i < count_; ++i) {
        const Man& m = men_[i];
        if ((candidates & square_bb(m.home)) && (all_threats[~m.colour] & square_bb(m.home)))
          dropped |= square_bb(m.home);
      }
      if (!dropped) {
        threats[WHITE] = all_threats[WHITE], threats[BLACK] = all_threats[BLACK];
        break;
      }
      candidates &= ~dropped;
    }
    // A fixed king blocks too. (A check through the loser's king attacks the
    // square behind it, but when that king is fixed each of its neighbours
    // is guarded by a fixed winner's man or holds a fixed loser's man, so no
    // flight of it depends on such an attack.)
    fixed_ = candidates;
    for (Color c : {WHITE, BLACK}) capturable_[c] = standing[c];
    for (std::size_t i = 0; i < count_; ++i) {
      Man& m = men_[i];
      m.stays_on_file = m.type == PAWN && !(pawn_attacks(m.colour, m.reach) & capturable_[~m.colour]);
      m.calm = m.stays_on_file && !m.promoted && !(m.reach & threats[~m.colour]);
    }
  }

  // The squares of its file a pawn that never captures may never push onto
  // because a calm pawn stands ahead of it (neither leaves the file and the
  // one ahead is never taken, so the one behind stays behind).
  Bitboard beyond_calm_pawns(const Man& m) const {
    if (!m.stays_on_file) return 0;
    Bitboard file = file_bb(m.home), closed = 0;
    for (std::size_t j = 0; j < count_; ++j) {
      const Man& q = men_[j];
      if (&q == &m || !q.calm || file_of(q.home) != file_of(m.home)) continue;
      if (m.colour == WHITE ? q.home < m.home : q.home > m.home) continue;  // behind it
      Bitboard on_file = q.reach & file;
      // m stays behind q's square of the moment, so at the worst behind the
      // square of q furthest from m (an enemy's own square, an own pawn's
      // furthest advance): closed are that square and those beyond it.
      Square furthest = m.colour == WHITE ? msb(on_file) : lsb(on_file);
      closed |= file & (m.colour == WHITE ? ~(square_bb(furthest) - 1) : (square_bb(furthest) << 1) - 1);
    }
    return closed;
  }

  // Adds the squares m may reach in one more move from those it has; true
  // when anything was added.
  bool grow(Man& m) {
    Bitboard open = ~fixed_, reach = m.reach, promoted = m.promoted;
    if (m.type == PAWN) {
      Bitboard last_rank = rank_bb(m.colour == WHITE ? RANK_8 : RANK_1);
      Bitboard push_to = open & ~beyond_calm_pawns(m);
      for (;;) {
        Bitboard pushes = m.colour == WHITE ? shift<8>(reach) : shift<-8>(reach);
        Bitboard grown = reach | (pushes & push_to) | (pawn_attacks(m.colour, reach) & capturable_[~m.colour]);
        if (grown == reach) break;
        reach = grown;
      }
      if (reach & last_rank) promoted = flood<any_piece_step>(promoted | (reach & last_rank), open);
    } else if (m.type == KING) {
      reach = flood<king_step>(reach, open & ~guarded_[~m.colour]);
    } else {
      reach = piece_flood(m.type, reach, open);
    }
    if (reach == m.reach && promoted == m.promoted) return false;
    m.reach = reach;
    m.promoted = promoted;
    update_threats(m);
    return true;
  }

  void update_threats(Man& m) const {
    Bitboard promoted_attacks = m.promoted ? any_piece_step(m.promoted) | m.promoted : 0;
    if (m.type == PAWN) {
      m.cover = pawn_attacks(m.colour, m.reach) | promoted_attacks;
      m.threat = m.cover;
    } else if (m.type == KING) {
      m.cover = king_step(m.reach);
      m.threat = m.cover & ~guarded_[~m.colour];
    } else {
      m.cover = piece_step(m.type, m.reach);
      m.threat = m.cover;
    }
  }

  // Pawn attacks of every square of a set, for either colour.
  static Bitboard pawn_attacks(Color c, Bitboard b) {
    return c == WHITE ? tabiya::pawn_attacks<WHITE>(b) : tabiya::pawn_attacks<BLACK>(b);
  }
  static Bitboard pawn_attacks(Color c, Square s) { return pawn_attacks(c, square_bb(s)); }

  std::array<Man, 32> men_{};
  std::size_t count_ = 0;
  Bitboard fixed_ = 0;
  Bitboard guarded_[COLOR_NB] = {0, 0};
  Bitboard capturable_[COLOR_NB] = {0, 0};  // where each side's men (kings aside) may stand
  bool settled_ = false;
};

}  // namespace

bool reach_proof_unlikely(const Position& pos) {
  if (!(shift<8>(pos.pieces(WHITE, PAWN)) & pos.pieces(BLACK, PAWN))) return true;
  Bitboard men = pos.pieces(), ahead_white = men >> 8, ahead_black = men << 8;
  for (int i = 0; i < 3; ++i) ahead_white |= ahead_white >> (8 << i), ahead_black |= ahead_black << (8 << i);
  return (pos.pieces(WHITE, PAWN) & ~ahead_white) || (pos.pieces(BLACK, PAWN) & ~ahead_black);
}

FrozenStructure reachable_squares_structure(const Position& pos, Color winner) {
  constexpr FrozenStructure MAY = FrozenStructure::MAY_MATE;
  if (pos.castling_rooks() || !pos.pieces(PAWN) || popcount(pos.pieces()) > 32) return MAY;
  Reach reach(pos);
  if (!reach.settled()) return MAY;
  Bitboard loser_king = 0, winner_king = 0, checks = 0, covered = 0;
  std::array<Bitboard, 16> fillers{};
  std::size_t loser_men = 0;
  for (const Man& m : reach) {
    if (m.type == KING) {
      (m.colour == winner ? winner_king : loser_king) = m.reach;
    } else if (m.colour == winner) {
      checks |= m.cover;
    } else if (loser_men < fillers.size()) {
      fillers[loser_men++] = m.reach | m.promoted;
    }
  }
  covered = checks;
  Bitboard mating = loser_king & checks;
  if (!mating) return FrozenStructure::NEVER_CHECKS;
  Bitboard filled = 0;
  for (std::size_t i = 0; i < loser_men; ++i) filled |= fillers[i];
  while (mating) {
    Square s = pop_lsb(mating);
    Bitboard open = king_attacks(s) & ~covered;
    // The winner's king covers what it can from two squares away or more (or nothing).
    Bitboard king_squares = winner_king & ~king_step(square_bb(s));
    Bitboard king_cover = king_step(king_squares);
    if ((open & ~king_cover) & ~filled) continue;
    if (fills_each(open, fillers.data(), loser_men, 0)) return MAY;
    for (Bitboard k = king_squares; k;) {
      Bitboard left = open & ~king_attacks(pop_lsb(k));
      if (fills_each(left, fillers.data(), loser_men, 0)) return MAY;
    }
  }
  return FrozenStructure::NO_MATING_SQUARE;
}

}  // namespace tabiya
