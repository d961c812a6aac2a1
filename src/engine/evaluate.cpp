// The classical evaluation: material, piece-square tables, mobility, bishop
// pair, rooks on open files, pawn structure, passed pawns, king safety,
// threats and tempo, each a sum of weights from the parameter table counted
// per colour, blended by game phase and scaled down in drawish endgames.
//
// One template serves both the search (Tracing = false: plain sums) and the
// tuner (Tracing = true: also records how often each weight was counted), so
// the tuner's linear model is exactly the evaluation the robot plays with.
#include "engine/evaluate.h"

#include <algorithm>
#include <cstdlib>

#include "engine/eval_trace.h"

namespace tabiya::engine {

namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};

Bitboard pawn_attacks_by(Color c, Bitboard pawns) {
  return c == WHITE ? pawn_attacks<WHITE>(pawns) : pawn_attacks<BLACK>(pawns);
}

// Ranks strictly in front of square s from colour c's side.
Bitboard ranks_in_front(Color c, Square s) {
  int r = rank_of(s);
  if (c == WHITE) return r == 7 ? 0 : ~Bitboard(0) << (8 * (r + 1));
  return r == 0 ? 0 : (Bitboard(1) << (8 * r)) - 1;
}

Bitboard adjacent_files(Square s) {
  File f = file_of(s);
  return (f > FILE_A ? file_bb(File(f - 1)) : 0) | (f < FILE_H ? file_bb(File(f + 1)) : 0);
}

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Non-pawn material in rough pawn units, for recognising drawish endings.
int minor_major_units(const Position& pos, Color c) {
  return 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(c, ROOK)) +
         9 * popcount(pos.pieces(c, QUEEN));
}

template <bool Tracing>
class Evaluator {
 public:
  Evaluator(const Position& pos, const EvalParams& params, EvalTrace* trace)
      : pos_(pos), params_(params), trace_(trace) {}

  int run() {
    for (Color c : {WHITE, BLACK}) {
      Square king = pos_.king_square(c);
      attacked_[c][PAWN] = pawn_attacks_by(c, pos_.pieces(c, PAWN));
      attacked_[c][KING] = king_attacks(king);
      king_zone_[c] = king_attacks(king) | square_bb(king);
    }
    for (Color c : {WHITE, BLACK}) mobility_area_[c] = ~(pos_.pieces(c) | attacked_[~c][PAWN]);
    for (Color c : {WHITE, BLACK}) {
      material_and_squares(c);
      pieces(c);
      pawns(c);
    }
    for (Color c : {WHITE, BLACK}) {
      attacked_[c][NO_PIECE_TYPE] = 0;
      for (int pt = PAWN; pt <= KING; ++pt) attacked_[c][NO_PIECE_TYPE] |= attacked_[c][pt];
    }
    for (Color c : {WHITE, BLACK}) {
      king_safety(c);
      threats(c);
    }
    add(pos_.side_to_move(), param::TEMPO);

    int mg = score_[WHITE].mg - score_[BLACK].mg;
    int eg = score_[WHITE].eg - score_[BLACK].eg;
    int phase = game_phase();
    int scale = endgame_scale(eg >= 0 ? WHITE : BLACK);
    if constexpr (Tracing) {
      trace_->phase = phase;
      trace_->scale = scale;
    }
    int white_view = (mg * phase + eg * scale / FULL_SCALE * (MAX_PHASE - phase)) / MAX_PHASE;
    return pos_.side_to_move() == WHITE ? white_view : -white_view;
  }

 private:
  void add(Color c, int index, int times = 1) {
    score_[c].mg += params_[index].mg * times;
    score_[c].eg += params_[index].eg * times;
    if constexpr (Tracing) trace_->count[index][c] = int16_t(trace_->count[index][c] + times);
  }

  void material_and_squares(Color c) {
    for (int pt = PAWN; pt <= KING; ++pt) {
      for (Bitboard b = pos_.pieces(c, PieceType(pt)); b;) {
        Square s = pop_lsb(b);
        if (pt != KING) add(c, param::MATERIAL + pt - PAWN);
        add(c, param::PST + (pt - PAWN) * 64 + relative_square(c, s));
      }
    }
    if (popcount(pos_.pieces(c, BISHOP)) >= 2) add(c, param::BISHOP_PAIR);
  }

  // Mobility, rook files and attacks on the enemy king zone.
  void pieces(Color c) {
    static constexpr int MOBILITY[PIECE_TYPE_NB] = {
        0, 0, param::MOBILITY_KNIGHT, param::MOBILITY_BISHOP, param::MOBILITY_ROOK, param::MOBILITY_QUEEN, 0};
    Bitboard occupied = pos_.pieces();
    Bitboard own_pawns = pos_.pieces(c, PAWN), enemy_pawns = pos_.pieces(~c, PAWN);
    for (int pt = KNIGHT; pt <= QUEEN; ++pt) {
      for (Bitboard b = pos_.pieces(c, PieceType(pt)); b;) {
        Square s = pop_lsb(b);
        Bitboard attacks = piece_attacks(PieceType(pt), s, occupied);
        attacked_[c][pt] |= attacks;
        add(c, MOBILITY[pt] + popcount(attacks & mobility_area_[c]));
        if (int hits = popcount(attacks & king_zone_[~c])) {
          add(c, param::KING_ZONE_ATTACK + pt - KNIGHT, hits);
          ++king_attackers_[c];
        }
        if (pt == ROOK && !(own_pawns & file_bb(s)))
          add(c, enemy_pawns & file_bb(s) ? param::ROOK_SEMI_OPEN_FILE : param::ROOK_OPEN_FILE);
      }
    }
  }

  void pawns(Color c) {
    Bitboard ours = pos_.pieces(c, PAWN), theirs = pos_.pieces(~c, PAWN);
    Square own_king = pos_.king_square(c), enemy_king = pos_.king_square(~c);
    for (Bitboard b = ours; b;) {
      Square s = pop_lsb(b);
      int rank = relative_rank(c, s);
      Bitboard front = ranks_in_front(c, s), file = file_bb(s), adjacent = adjacent_files(s);
      Square stop = Square(s + pawn_push(c));
      bool isolated = !(ours & adjacent);
      bool supported = pawn_attacks(~c, s) & ours;
      bool phalanx = ours & adjacent & rank_bb(s);
      bool passed = !(theirs & front & (file | adjacent));
      if (ours & front & file) add(c, param::DOUBLED_PAWN);
      if (isolated) add(c, param::ISOLATED_PAWN);
      if (supported || phalanx) add(c, param::CONNECTED_PAWN + rank);
      // Backward: no neighbour level or behind can ever defend it, and an
      // enemy pawn controls the square it must advance to.
      if (!isolated && !supported && !(ours & adjacent & ~front) && (pawn_attacks(c, stop) & theirs))
        add(c, param::BACKWARD_PAWN);
      if (passed) {
        add(c, param::PASSED_PAWN + rank);
        add(c, param::PASSED_OWN_KING_DISTANCE + rank, std::min(distance(own_king, stop), 5));
        add(c, param::PASSED_ENEMY_KING_DISTANCE + rank, std::min(distance(enemy_king, stop), 5));
        if (!(pos_.pieces() & front & file)) add(c, param::PASSED_FREE_PATH + rank);
      }
    }
  }

  // Colour c's king: its pawn shield and the enemy's pawn storm on the three
  // files around it, and how many enemy pieces bear on its zone.
  void king_safety(Color c) {
    Square king = pos_.king_square(c);
    Bitboard ours = pos_.pieces(c, PAWN), theirs = pos_.pieces(~c, PAWN), front = ranks_in_front(c, king);
    int centre = std::clamp(int(file_of(king)), 1, 6);
    for (int f = centre - 1; f <= centre + 1; ++f) {
      Bitboard shield = ours & front & file_bb(File(f));
      if (!shield) {
        add(c, param::SHIELD_MISSING);
      } else {
        int d = std::abs(rank_of(c == WHITE ? lsb(shield) : msb(shield)) - rank_of(king));
        if (d == 1) add(c, param::SHIELD_PAWN_NEAR);
        if (d == 2) add(c, param::SHIELD_PAWN_FAR);
      }
      if (Bitboard storm = theirs & front & file_bb(File(f))) {
        int d = std::abs(rank_of(c == WHITE ? lsb(storm) : msb(storm)) - rank_of(king));
        if (d <= 4) add(c, param::PAWN_STORM + d - 1);
      }
    }
    add(~c, param::KING_ATTACKERS + std::min(king_attackers_[~c], 4));
  }

  // Colour c's attacks on enemy pieces that are likely to win material.
  void threats(Color c) {
    Bitboard enemy_pieces = pos_.pieces(~c) & ~pos_.pieces(~c, PAWN, KING);
    if (int n = popcount(attacked_[c][PAWN] & enemy_pieces)) add(c, param::THREAT_BY_PAWN, n);
    if (int n = popcount((attacked_[c][KNIGHT] | attacked_[c][BISHOP]) & pos_.pieces(~c, ROOK, QUEEN)))
      add(c, param::THREAT_BY_MINOR, n);
    if (int n = popcount(attacked_[c][ROOK] & pos_.pieces(~c, QUEEN))) add(c, param::THREAT_BY_ROOK, n);
    Bitboard undefended = (pos_.pieces(~c) & ~pos_.pieces(~c, KING)) & ~attacked_[~c][NO_PIECE_TYPE];
    if (int n = popcount(undefended & attacked_[c][NO_PIECE_TYPE])) add(c, param::HANGING, n);
  }

  int game_phase() const {
    int phase = 0;
    for (int pt = KNIGHT; pt <= QUEEN; ++pt) phase += PHASE_WEIGHT[pt] * popcount(pos_.pieces(PieceType(pt)));
    return std::min(phase, MAX_PHASE);
  }

  // How much of the endgame score the side ahead can hope to convert.
  int endgame_scale(Color strong) const {
    Color weak = ~strong;
    int strong_units = minor_major_units(pos_, strong), weak_units = minor_major_units(pos_, weak);
    if (!pos_.pieces(strong, PAWN)) {
      // A lone minor piece cannot mate; a minor's worth of extra material
      // rarely wins without pawns (KR v KB, KRB v KR); two knights cannot force mate.
      if (strong_units <= 3) return 0;
      if (strong_units - weak_units <= 3) return 16;
      if (strong_units == 6 && popcount(pos_.pieces(strong, KNIGHT)) == 2 && !pos_.pieces(weak)) return 4;
    }
    Bitboard bishops = pos_.pieces(BISHOP);
    if (popcount(pos_.pieces(WHITE, BISHOP)) == 1 && popcount(pos_.pieces(BLACK, BISHOP)) == 1 &&
        popcount(bishops & DARK_SQUARES) == 1) {
      bool only_bishops = strong_units == 3 && weak_units == 3;
      return only_bishops ? 32 : 52;
    }
    return FULL_SCALE;
  }

  const Position& pos_;
  const EvalParams& params_;
  EvalTrace* trace_;
  ScorePair score_[COLOR_NB]{};
  // [colour][piece type]; [colour][NO_PIECE_TYPE] is the union.
  Bitboard attacked_[COLOR_NB][PIECE_TYPE_NB]{};
  Bitboard mobility_area_[COLOR_NB]{};
  Bitboard king_zone_[COLOR_NB]{};
  int king_attackers_[COLOR_NB]{};  // pieces of this colour hitting the enemy king zone
};

}  // namespace

int evaluate(const Position& pos, const EvalParams& params) { return Evaluator<false>(pos, params, nullptr).run(); }

int evaluate(const Position& pos) { return evaluate(pos, DEFAULT_EVAL_PARAMS); }

int evaluate_traced(const Position& pos, const EvalParams& params, EvalTrace& trace) {
  return Evaluator<true>(pos, params, &trace).run();
}

}  // namespace tabiya::engine
