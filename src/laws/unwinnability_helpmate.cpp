#include "laws/unwinnability_helpmate.h"

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cstdlib>
#include <deque>
#include <vector>

#include "core/movegen.h"
#include "laws/unwinnability_frozen.h"
#include "laws/unwinnability_reach.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

namespace {

// --- Square geometry ---

int distance(Square a, Square b) {
  return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

int edge_distance(Square s) {
  int f = file_of(s), r = rank_of(s);
  return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

// Exact: does m, played by the side to move, attack the other king?
bool gives_check(const Position& pos, Move m) {
  Color us = pos.side_to_move();
  Bitboard king = square_bb(pos.king_square(~us));
  Square from = m.from(), to = m.to();
  Bitboard occupied = pos.pieces();
  Bitboard rook_like = pos.pieces(us, ROOK, QUEEN), bishop_like = pos.pieces(us, BISHOP, QUEEN);
  if (m.kind() == MoveKind::CASTLING) {
    Square king_to = Position::castling_king_to(us, from, to), rook_to = Position::castling_rook_to(us, from, to);
    occupied = (occupied ^ square_bb(from) ^ square_bb(to)) | square_bb(king_to) | square_bb(rook_to);
    rook_like = (rook_like ^ square_bb(to)) | square_bb(rook_to);
    Square ksq = lsb(king);
    return (rook_attacks(ksq, occupied) & rook_like) || (bishop_attacks(ksq, occupied) & bishop_like);
  }
  occupied = (occupied ^ square_bb(from)) | square_bb(to);
  if (m.kind() == MoveKind::EN_PASSANT) occupied ^= square_bb(Square(to - pawn_push(us)));
  PieceType moved = m.kind() == MoveKind::PROMOTION ? m.promotion() : type_of(pos.piece_on(from));
  if (moved == PAWN) {
    if (pawn_attacks(us, to) & king) return true;
  } else if (moved != KING && (piece_attacks(moved, to, occupied) & king)) {
    return true;
  }
  Square ksq = lsb(king);
  Bitboard others = ~square_bb(from);
  return (rook_attacks(ksq, occupied) & rook_like & others) || (bishop_attacks(ksq, occupied) & bishop_like & others);
}

// What the side to move needs to tell its checking moves apart with two bit
// tests per move (the exact gives_check is for the rare special moves).
struct CheckSquares {
  Bitboard from_type[PIECE_TYPE_NB];  // where a piece of each type attacks the other king
  Bitboard discoverers;               // own men that alone block an own slider's line to it
  Square king;
};

CheckSquares check_squares(const Position& pos) {
  Color us = pos.side_to_move(), them = ~us;
  CheckSquares c;
  c.king = pos.king_square(them);
  Bitboard occupied = pos.pieces();
  c.from_type[NO_PIECE_TYPE] = 0;
  c.from_type[PAWN] = pawn_attacks(them, c.king);
  c.from_type[KNIGHT] = knight_attacks(c.king);
  c.from_type[BISHOP] = bishop_attacks(c.king, occupied);
  c.from_type[ROOK] = rook_attacks(c.king, occupied);
  c.from_type[QUEEN] = c.from_type[BISHOP] | c.from_type[ROOK];
  c.from_type[KING] = 0;
  c.discoverers = 0;
  Bitboard snipers = (rook_attacks(c.king, 0) & pos.pieces(us, ROOK, QUEEN)) |
                     (bishop_attacks(c.king, 0) & pos.pieces(us, BISHOP, QUEEN));
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard blockers = (between(c.king, s) ^ square_bb(s)) & occupied;
    if (blockers && !more_than_one(blockers)) c.discoverers |= blockers & pos.pieces(us);
  }
  return c;
}

inline bool gives_check(const Position& pos, const CheckSquares& c, Move m) {
  if (m.kind() != MoveKind::NORMAL) return gives_check(pos, m);
  Square from = m.from(), to = m.to();
  if (c.from_type[type_of(pos.piece_on(from))] & square_bb(to)) return true;
  return (c.discoverers & square_bb(from)) && !aligned(from, to, c.king);
}

// Does the other king keep a square to step to after the normal move m: one
// next to it, not held by its own men, that nothing of the mover attacks once
// m is played? Exact, and much cheaper than counting the replies; most checks
// are answered so. (A square holding a man m captures counts as held: that
// case is left to the count.)
bool leaves_a_flight(const Position& pos, Move m) {
  Color us = pos.side_to_move(), them = ~us;
  Square from = m.from(), to = m.to(), king = pos.king_square(them);
  Bitboard occupied = ((pos.pieces() ^ square_bb(from)) | square_bb(to)) ^ square_bb(king);
  PieceType moved = type_of(pos.piece_on(from));
  Bitboard moved_attacks = moved == PAWN ? pawn_attacks(us, to) : piece_attacks(moved, to, occupied);
  Bitboard others = pos.pieces(us) ^ square_bb(from);
  Bitboard flights = king_attacks(king) & ~pos.pieces(them) & ~moved_attacks;
  while (flights)
    if (!(pos.attackers_to(pop_lsb(flights), occupied) & others)) return true;
  return false;
}

// Is the checking move m mate? The replies are counted on a light copy of the
// board, without making the move (no Zobrist or undo bookkeeping).
bool checking_move_mates(const Position& pos, Move m) {
  if (m.kind() == MoveKind::NORMAL && leaves_a_flight(pos, m)) return false;
  return count_legal_after(pos, m) == 0;
}

// The static proofs tried at every node, and in the exhaustive walk, after a
// capture (which changes what the other men may reach), the reachable-squares
// proof, which settles the structures a capture leads into. (After every pawn
// move too it decided no more of 3,606 held-out queries, in twice the time;
// in the quick stage too it cost a seventh more on real game endings.)
bool unwinnable_here(const Position& pos, Color winner, const UndoInfo* last = nullptr) {
  if (statically_unwinnable(pos, winner)) return true;
  return last && last->captured != NO_PIECE && !reach_proof_unlikely(pos) &&
         reachable_squares_structure(pos, winner) != FrozenStructure::MAY_MATE;
}

// --- Hash tables reused across calls (a generation number empties them) ---

class KeyTable {
 public:
  // Empties the table; it will grow to hold up to max_keys keys.
  void reset(std::size_t max_keys) {
    if (entries_.empty()) resize(INITIAL_SIZE);
    max_keys_ = max_keys;
    if (++generation_ == 0) {  // wrapped: stale entries could look current
      std::fill(entries_.begin(), entries_.end(), Entry{});
      generation_ = 1;
    }
    used_ = 0;
  }
  // The value stored for key, or 0.
  uint32_t get(Key key) const {
    for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
      const Entry& e = entries_[i];
      if (e.generation != generation_) return 0;
      if (e.key == key) return e.value;
    }
  }
  // Stores a value (non-zero) for key; false when max_keys are stored.
  bool put(Key key, uint32_t value) {
    if (used_ * 4 >= entries_.size() * 3) {
      if (used_ >= max_keys_) return false;
      grow();
    }
    for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
      Entry& e = entries_[i];
      if (e.generation != generation_) {
        e = Entry{key, generation_, value};
        ++used_;
        return true;
      }
      if (e.key == key) {
        e.value = value;
        return true;
      }
    }
  }

 private:
  static constexpr std::size_t INITIAL_SIZE = 1 << 12;
  struct Entry {
    Key key = 0;
    uint32_t generation = 0;
    uint32_t value = 0;
  };

  void resize(std::size_t size) {
    entries_.assign(size, Entry{});
    mask_ = size - 1;
  }
  // Doubles the table, keeping the current entries.
  void grow() {
    std::vector<Entry> old = std::move(entries_);
    resize(old.size() * 2);
    for (const Entry& e : old) {
      if (e.generation != generation_) continue;
      std::size_t i = e.key & mask_;
      while (entries_[i].generation == generation_) i = (i + 1) & mask_;
      entries_[i] = e;
    }
  }

  std::vector<Entry> entries_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
  std::size_t max_keys_ = 0;
  uint32_t generation_ = 0;
};

struct ScoredMove {
  Move move;
  int score;
};

// A move list sorted best-first for the cooperative search.
struct OrderedMoves {
  std::array<ScoredMove, 256> moves;
  std::size_t count = 0;
};

struct NodeFacts;

constexpr std::size_t MAX_MOVES_ORDERED = 256;
// Up to this many moves are put in order by picking, more by sorting.
constexpr std::size_t MAX_PICKED = 4;
// Added to the score of a hinted move: more than any score a move earns itself.
constexpr int HINT_BONUS = 100'000;

// Squares a move goes from and to, as one index (promotion pieces not told apart).
inline std::size_t from_to(Move m) { return std::size_t(m.from()) * 64 + std::size_t(m.to()); }

class HelpmateSearch {
 public:
  HelpmateSearch(const Position& pos, Color winner, const std::vector<Move>* hints, WorkCap* cap)
      : pos_(pos), winner_(winner), loser_(~winner), cap_(cap) {
    choose_goals();
    if (hints) {
      has_hints_ = true;
      for (Move m : *hints) hinted_.set(from_to(m));
    }
  }

  bool quick(uint64_t max_nodes);
  // Returns true on a mate; exhausted() tells whether every position was seen.
  bool exhaustive(uint64_t max_nodes);
  bool exhausted() const { return exhausted_; }
  const std::vector<Move>& line() const { return line_; }
  uint64_t nodes() const { return nodes_; }

 private:
  bool quick_towards_goal(uint64_t max_nodes);
  // A short quick search from the walk's current position (see exhaustive).
  template <typename Frames>
  bool probe_for_mate(const Frames& frames, uint64_t limit);
  bool quick_node(int ply, int remaining);
  // checks_first: the exhaustive walk finds mates by visiting checks first;
  // the quick search tries mates in one separately and orders by plan.
  // Only the first `needed` moves are put in order (the rest follow in any
  // order): the quick search never gets far down the list of most nodes.
  void order_moves(const MoveList& list, const CheckSquares& checks, OrderedMoves& out, bool checks_first,
                   std::size_t needed = MAX_MOVES_ORDERED) const;
  int score_winner_move(Move m, NodeFacts& f, const CheckSquares& checks, bool checks_first) const;
  int score_loser_move(Move m, const NodeFacts& f, const CheckSquares& checks) const;
  bool repeats_on_path(int ply) const;
  void choose_goals();
  // Counts a visited position against the caller's cap: false once it is spent.
  bool within_cap() { return !cap_ || cap_->spend(); }
  bool cap_spent() const { return cap_ && cap_->exceeded(); }

  Position pos_;
  Color winner_, loser_;
  // Where the kings head for in the plan behind the ordering: the loser's king
  // to the nearest edge, the winner's king two squares in front of it (the
  // opposition of the textbook mates with a rook or queen).
  Square loser_king_goal_ = SQ_A1;
  Square winner_king_goal_ = SQ_A1;
  int winner_king_weight_ = 40;
  bool minor_pieces_only_ = false;  // then the goal is a corner
  bool blockers_to_goal_ = false;   // the loser's pieces head for its king's goal (to fill flights there)
  // Behind locked pawns: the squares where a mate may be built, nearest to the
  // loser's king first. The quick stage tries each in turn as the goal.
  std::vector<Square> mating_goals_;
  // Then also, per colour and piece type, the squares from which a piece may
  // still play a part in such a mate (frozen_part_squares): the quick stage
  // never moves the others, unless the side has no other move.
  bool prune_idle_ = false;
  Bitboard part_squares_[COLOR_NB][PIECE_TYPE_NB] = {};
  void drop_idle_moves(MoveList& list) const;
  bool has_hints_ = false;
  std::bitset<64 * 64> hinted_;  // from-to of the moves to try first
  WorkCap* cap_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  bool aborted_ = false;
  bool exhausted_ = false;
  std::vector<Move> line_;
  std::array<Key, 512> path_;  // keys of the positions on the current line
};

// Cost of trying the move ranked `rank` by the ordering: 1 for the favourite,
// and 12 more for each doubling of the rank. A search with total budget T
// follows the ordering for up to T plies but strays from it only rarely:
// the helpmates of real positions are mostly the ordering's first choices,
// some of them long (a king walk, a pawn run), with one or two detours.
int rank_cost(std::size_t rank) { return 1 + 12 * int(std::bit_width(rank)); }

constexpr int MAX_QUICK_BUDGET = 400;

thread_local KeyTable quick_table;
thread_local KeyTable visited_table;

// What move ordering needs to know about a node, computed once per node.
struct NodeFacts {
  Square target;  // the loser's king
  Square winner_king;
  Bitboard open_flights;  // squares next to the loser's king not held by its own men
  Bitboard covered;       // squares the winner attacks (the loser's king taken off the board)
  Bitboard king_lines;    // squares between the loser's king and winner's sliders aimed at it
  // The open flights the piece on cover_from attacks, kept for the next move
  // of the same piece (moves come grouped by piece).
  Square cover_from = SQ_NONE;
  int cover_count = 0;
};

NodeFacts node_facts(const Position& pos, Color winner) {
  Color loser = ~winner;
  NodeFacts f;
  f.target = pos.king_square(loser);
  f.winner_king = pos.king_square(winner);
  f.open_flights = king_attacks(f.target) & ~pos.pieces(loser);
  Bitboard occupied = pos.pieces() ^ square_bb(f.target);
  Bitboard pawns = pos.pieces(winner, PAWN);
  f.covered = winner == WHITE ? pawn_attacks<WHITE>(pawns) : pawn_attacks<BLACK>(pawns);
  f.king_lines = 0;
  Bitboard men = pos.pieces(winner) & ~pawns;
  while (men) {
    Square s = pop_lsb(men);
    PieceType pt = type_of(pos.piece_on(s));
    f.covered |= piece_attacks(pt, s, occupied);
    bool rook_like = pt == ROOK || pt == QUEEN, bishop_like = pt == BISHOP || pt == QUEEN;
    bool straight = file_of(s) == file_of(f.target) || rank_of(s) == rank_of(f.target);
    if (line(s, f.target) && ((straight && rook_like) || (!straight && bishop_like)))
      f.king_lines |= between(s, f.target) ^ square_bb(f.target);
  }
  return f;
}

// Flight squares of a king on s that are neither its own men's nor covered.
int free_flights(const Position& pos, Color loser, const NodeFacts& f, Square s) {
  return popcount(king_attacks(s) & ~pos.pieces(loser) & ~f.covered);
}

int HelpmateSearch::score_winner_move(Move m, NodeFacts& f, const CheckSquares& checks, bool checks_first) const {
  const Position& pos = pos_;
  Square from = m.from(), to = m.to();
  PieceType pt = type_of(pos.piece_on(from));
  int score = 0;
  if (checks_first && gives_check(pos, checks, m)) score += 1000;
  if (m.kind() == MoveKind::PROMOTION) {
    PieceType promo = m.promotion();
    score += promo == QUEEN ? 400 : promo == KNIGHT ? 100 : promo == ROOK ? 60 : 20;
  }
  int approach = distance(from, f.target) - distance(to, f.target);
  if (pt == PAWN) {
    // Pawns matter when they promote soon or open a line to the king.
    int rank = relative_rank(winner_, to);
    score += 2 * rank * rank;
    if (f.king_lines & square_bb(from)) score += 40;
  } else if (pt == KING) {
    if (m.kind() != MoveKind::CASTLING)
      score +=
          minor_pieces_only_
              ? 40 * (std::abs(distance(from, winner_king_goal_) - 2) - std::abs(distance(to, winner_king_goal_) - 2))
              : winner_king_weight_ * (distance(from, winner_king_goal_) - distance(to, winner_king_goal_));
  } else {
    int covered = 0;
    if (f.open_flights) {
      Bitboard occupied = pos.pieces() ^ square_bb(f.target);
      if (f.cover_from != from) {
        f.cover_from = from;
        f.cover_count = popcount(piece_attacks(pt, from, occupied) & f.open_flights);
      }
      Bitboard after = (occupied ^ square_bb(from)) | square_bb(to);
      covered = popcount(piece_attacks(pt, to, after) & f.open_flights) - f.cover_count;
    }
    score += 20 * approach + 25 * covered;
  }
  Piece captured = pos.piece_on(to);
  if (captured != NO_PIECE && color_of(captured) == loser_) {
    // The loser's men next to its king are the walls of a mating net.
    score += distance(to, f.target) <= 1 ? -60 : 10;
  }
  return score;
}

int HelpmateSearch::score_loser_move(Move m, const NodeFacts& f, const CheckSquares& checks) const {
  const Position& pos = pos_;
  Square from = m.from(), to = m.to();
  PieceType pt = type_of(pos.piece_on(from));
  int score = 0;
  Piece captured = m.kind() == MoveKind::CASTLING ? NO_PIECE : pos.piece_on(to);
  if (captured != NO_PIECE) score -= type_of(captured) == PAWN ? 150 : 300;  // keep the winner's material
  if (gives_check(pos, checks, m)) score -= 200;
  if (pt == KING) {
    if (m.kind() == MoveKind::CASTLING) return score;
    // Towards fewer free flight squares: the edge, its own men, the winner's pieces.
    score += 30 * (free_flights(pos, loser_, f, from) - free_flights(pos, loser_, f, to));
    score += 15 * (edge_distance(from) - edge_distance(to));
    score += 40 * (distance(from, loser_king_goal_) - distance(to, loser_king_goal_));
    return score;
  }
  Bitboard to_bb = square_bb(to), from_bb = square_bb(from);
  if (f.open_flights & to_bb) score += f.covered & to_bb ? 15 : 60;             // blocks its own king
  if (king_attacks(f.target) & from_bb) score -= f.covered & from_bb ? 5 : 40;  // opens a flight
  if (f.king_lines & from_bb) score += 40;                                      // opens a line to its king
  if (f.king_lines & to_bb) score -= 40;                                        // closes one
  if (m.kind() == MoveKind::PROMOTION) {
    // Against minor pieces alone the loser's new piece must block its own
    // king: a queen never can against a lone minor (insufficient_material),
    // a knight, bishop or rook may.
    if (minor_pieces_only_) score += m.promotion() == QUEEN ? -100 : 150;
    else score += m.promotion() == QUEEN ? 0 : 10;
  }
  if (pt == PAWN) score += minor_pieces_only_ && !(pos.pieces(loser_) & ~pos.pieces(PAWN, KING)) ? 30 : 5;
  if (blockers_to_goal_) score += 20 * (distance(from, loser_king_goal_) - distance(to, loser_king_goal_));
  return score;
}

void HelpmateSearch::order_moves(const MoveList& list, const CheckSquares& checks, OrderedMoves& out, bool checks_first,
                                 std::size_t needed) const {
  bool winner_to_move = pos_.side_to_move() == winner_;
  NodeFacts facts = node_facts(pos_, winner_);
  auto score = [&](Move m) {
    return winner_to_move ? score_winner_move(m, facts, checks, checks_first) : score_loser_move(m, facts, checks);
  };
  auto better = [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; };
  // Best first, ties in generation order, as a stable sort would leave them.
  auto select = [&](std::size_t count) {
    auto first = out.moves.begin(), last = out.moves.begin() + std::ptrdiff_t(count);
    // Picking the best few one by one beats sorting them all, but only for
    // very few: past that a full sort is cheaper.
    if (needed > MAX_PICKED || needed >= count) {
      // Insertion sort: stable, no allocation, quick on a few dozen moves.
      for (auto it = first + 1; it < last; ++it) {
        ScoredMove moving = *it;
        auto hole = it;
        for (; hole > first && better(moving, *(hole - 1)); --hole) *hole = *(hole - 1);
        *hole = moving;
      }
      return;
    }
    for (std::size_t i = 0; i < needed; ++i) {
      // "Smallest" under `better` is the first of the highest scores.
      auto pick = std::min_element(first + std::ptrdiff_t(i), last, better);
      std::rotate(first + std::ptrdiff_t(i), pick, pick + 1);
    }
  };
  out.count = list.size();
  if (has_hints_ && needed < list.size()) {
    // Hinted moves outrank all others. When they fill every place the search
    // can afford, the others are never tried and need no score; the order of
    // the first `needed` moves is the same as with every move scored.
    std::size_t hinted = 0;
    for (Move m : list) hinted += hinted_.test(from_to(m));
    if (hinted >= needed) {
      std::size_t front = 0, back = hinted;
      for (Move m : list) {
        if (hinted_.test(from_to(m))) out.moves[front++] = ScoredMove{m, score(m) + HINT_BONUS};
        else out.moves[back++] = ScoredMove{m, 0};
      }
      select(hinted);
      return;
    }
  }
  std::size_t i = 0;
  for (Move m : list) {
    int value = score(m);
    if (has_hints_ && hinted_.test(from_to(m))) value += HINT_BONUS;
    out.moves[i++] = ScoredMove{m, value};
  }
  select(out.count);
}

void HelpmateSearch::choose_goals() {
  Square k = pos_.king_square(loser_);
  int f = file_of(k), r = rank_of(k);
  int to_edge[4] = {f, 7 - f, r, 7 - r};  // a-file, h-file, first rank, eighth rank
  int edge = int(std::min_element(to_edge, to_edge + 4) - to_edge);
  int gf = f, gr = r, wf = f, wr = r;
  switch (edge) {
    case 0:
      gf = 0, wf = 2;
      break;
    case 1:
      gf = 7, wf = 5;
      break;
    case 2:
      gr = 0, wr = 2;
      break;
    default:
      gr = 7, wr = 5;
      break;
  }
  loser_king_goal_ = make_square(File(gf), Rank(gr));
  winner_king_goal_ = make_square(File(wf), Rank(wr));
  // With several pieces the winner mates without its king.
  Bitboard pieces = pos_.pieces(winner_) & ~pos_.pieces(PAWN, KING);
  winner_king_weight_ = (pos_.pieces(winner_, QUEEN) && more_than_one(pieces)) || popcount(pieces) > 2 ? 10 : 40;

  // Knights and bishops alone mate only in a corner, with the loser's own men
  // blocking the king and the winner's king two squares away. Bishops all on
  // one colour need a corner of that colour.
  Bitboard men = pos_.pieces(winner_) & ~pos_.pieces(KING);
  minor_pieces_only_ = men && !(men & ~pos_.pieces(KNIGHT, BISHOP));
  blockers_to_goal_ = minor_pieces_only_;
  // Behind locked pawns the frozen-structure proof knows the only squares a
  // mate may be built on: the loser's king (and, with minor pieces, its
  // blockers) head for the nearest one.
  Bitboard mating_squares = 0;
  frozen_structure_with_squares(pos_, winner_, mating_squares);
  if (mating_squares) {
    while (mating_squares) mating_goals_.push_back(pop_lsb(mating_squares));
    std::stable_sort(mating_goals_.begin(), mating_goals_.end(),
                     [&](Square a, Square b) { return distance(k, a) < distance(k, b); });
    loser_king_goal_ = mating_goals_.front();
    blockers_to_goal_ = true;
    Bitboard all_goals = 0;
    for (Square s : mating_goals_) all_goals |= square_bb(s);
    prune_idle_ = true;
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        part_squares_[c][pt] = frozen_part_squares(pos_, winner_, all_goals, c, pt);
    return;
  }
  if (!minor_pieces_only_) return;
  constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
  Bitboard corners = square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8);
  if (men == pos_.pieces(winner_, BISHOP)) {
    if (!(men & DARK)) corners &= ~DARK;
    if (!(men & ~DARK)) corners &= DARK;
  }
  // A knight's mate in a corner needs one of the two flights along the edges
  // blocked by the loser's own man (the winner's king covers the other and
  // the diagonal one); those flights are of the other colour than the corner,
  // so a lone defending bishop needs a corner of the other colour than its own.
  Bitboard defenders = pos_.pieces(loser_) & ~pos_.pieces(KING);
  if (men == pos_.pieces(winner_, KNIGHT) && defenders && defenders == pos_.pieces(loser_, BISHOP)) {
    Bitboard allowed = corners & ((defenders & DARK) ? ~DARK : DARK);
    if (!(defenders & DARK) || !(defenders & ~DARK)) corners = allowed ? allowed : corners;
  }
  Square winner_king = pos_.king_square(winner_);
  int best = 1000;
  while (corners) {
    Square c = pop_lsb(corners);
    int cost = 16 * distance(k, c) + distance(winner_king, c);
    if (cost < best) best = cost, loser_king_goal_ = c;
  }
  winner_king_goal_ = loser_king_goal_;
}

// Drops the moves of knights, bishops, rooks and queens that can never take
// part in a mate (see part_squares_). Losing moves only costs completeness,
// and the quick stage is never used to prove that no mate exists; every line
// it finds is replayed. A side left with no move keeps them all (a tempo).
void HelpmateSearch::drop_idle_moves(MoveList& list) const {
  Color us = pos_.side_to_move();
  std::size_t kept = 0;
  for (Move m : list) {
    PieceType pt = type_of(pos_.piece_on(m.from()));
    if (pt == KING || pt == PAWN || (part_squares_[us][pt] & square_bb(m.from()))) list.moves[kept++] = m;
  }
  if (kept > 0) list.count = kept;
}

// Is the position at ply the same as an earlier one on the current path?
// Only positions since the last capture or pawn move can repeat.
bool HelpmateSearch::repeats_on_path(int ply) const {
  int oldest = std::max(0, ply - pos_.halfmove_clock());
  for (int i = ply - 2; i >= oldest; i -= 2)
    if (path_[i] == path_[ply]) return true;
  return false;
}

bool HelpmateSearch::quick(uint64_t max_nodes) {
  if (mating_goals_.size() <= 1) return quick_towards_goal(max_nodes);
  // The nearest mating square is often not the one where the mate can be
  // built (the loser's pieces cannot fill its flights, or the winner's cannot
  // reach it): each goal gets an equal share of what is left. The failures
  // stored in the table depend on the ordering, so each goal starts afresh.
  uint64_t end = nodes_ + max_nodes;
  for (std::size_t i = 0; i < mating_goals_.size(); ++i) {
    loser_king_goal_ = mating_goals_[i];
    uint64_t share = (end - std::min(end, nodes_)) / (mating_goals_.size() - i);
    if (share == 0 || cap_spent()) break;
    if (quick_towards_goal(share)) return true;
  }
  return false;
}

bool HelpmateSearch::quick_towards_goal(uint64_t max_nodes) {
  node_limit_ = nodes_ + max_nodes;
  aborted_ = false;
  quick_table.reset(std::size_t(std::min<uint64_t>(max_nodes, 1u << 22)));
  path_[0] = pos_.key();
  // Doubling from 32: each round costs about as much as all earlier ones
  // together, and starting long lets the first dive follow the ordering to a
  // mate many moves away (short mates are met on the way: mates in one are
  // tried at every winner's node whatever the budget).
  for (int budget = 32; budget <= MAX_QUICK_BUDGET && !aborted_; budget *= 2) {
    line_.clear();
    if (quick_node(0, budget)) {
      std::reverse(line_.begin(), line_.end());
      return true;
    }
  }
  return false;
}

// Cost-bounded search. `remaining` is the total move cost still allowed; a
// mate in one by the winner is always tried, whatever its cost.
bool HelpmateSearch::quick_node(int ply, int remaining) {
  if (++nodes_ > node_limit_ || !within_cap()) {
    aborted_ = true;
    return false;
  }
  bool winner_to_move = pos_.side_to_move() == winner_;
  // Per-ply buffers kept between calls: fresh ones would initialise their
  // 256 entries at every node. Growing a deque keeps outer plies' in place.
  struct PlyBuffers {
    MoveList list;
    OrderedMoves ordered;
  };
  thread_local std::deque<PlyBuffers> buffers;
  if (std::size_t(ply) >= buffers.size()) buffers.resize(std::size_t(ply) + 16);
  Key key = pos_.key();
  uint32_t seen = quick_table.get(key);
  if (seen > uint32_t(remaining)) return false;  // failed before with at least this budget
  MoveList& list = buffers[std::size_t(ply)].list;
  generate_legal(pos_, list);
  if (list.empty()) return false;
  CheckSquares checks = check_squares(pos_);
  if (winner_to_move && seen == 0) {
    for (Move m : list) {
      if (gives_check(pos_, checks, m) && checking_move_mates(pos_, m)) {
        line_.push_back(m);
        return true;
      }
    }
  }
  if (prune_idle_) drop_idle_moves(list);
  // A winner's move must leave room for a loser's move before the mate.
  int reserve = winner_to_move ? 1 : 0;
  if (remaining > reserve && ply + 2 < int(path_.size())) {
    // Moves ranked i cost rank_cost(i) = 1 + 12 * bit_width(i): only the
    // first 2^b can fit in the budget, b = (remaining - reserve - 1) / 12.
    int widths = (remaining - reserve - 1) / 12;
    std::size_t needed = widths >= 8 ? MAX_MOVES_ORDERED : std::size_t(1) << widths;
    OrderedMoves& ordered = buffers[std::size_t(ply)].ordered;
    order_moves(list, checks, ordered, false, needed);
    for (std::size_t i = 0; i < ordered.count; ++i) {
      int child_remaining = remaining - rank_cost(i);
      if (child_remaining < reserve) break;
      Move m = ordered.moves[i].move;
      UndoInfo undo;
      pos_.do_move(m, undo);
      path_[ply + 1] = pos_.key();
      bool found = false;
      if (!repeats_on_path(ply + 1) && !unwinnable_here(pos_, winner_)) found = quick_node(ply + 1, child_remaining);
      pos_.undo_move(m, undo);
      if (found) {
        line_.push_back(m);
        return true;
      }
      if (aborted_) return false;
    }
  }
  quick_table.put(key, uint32_t(remaining) + 1);
  return false;
}

// After the winner promotes, the walk has a new piece to move everywhere and
// many positions to visit before it tries the few that mate; the quick search
// follows its plan to them at once. Its nodes count against the walk's budget,
// and a line it finds is the walk's line so far followed by its own.
constexpr uint64_t PROBE_NODES = 512;

template <typename Frames>
bool HelpmateSearch::probe_for_mate(const Frames& frames, uint64_t limit) {
  if (nodes_ + PROBE_NODES > limit) return false;
  HelpmateSearch probe(pos_, winner_, nullptr, cap_);
  bool found = probe.quick(PROBE_NODES);
  nodes_ += probe.nodes();
  if (!found) return false;
  line_.clear();
  for (const auto& f : frames) line_.push_back(f.played);
  line_.insert(line_.end(), probe.line().begin(), probe.line().end());
  return true;
}

// Depth-first walk over the positions reachable from the root, each visited
// once. A position already seen was (or is being) fully explored, so when the
// walk ends without a mate no mate is reachable at all.
constexpr uint64_t MOVES_PER_NODE = 8;

bool HelpmateSearch::exhaustive(uint64_t max_nodes) {
  // The walk may go as deep as it has positions to visit (a king walk over
  // the board is thousands of plies deep; bishops shuffling behind pawns,
  // tens of thousands), so a frame is small: its moves, in order, live on
  // one shared stack. Each frame holds a fresh position, so a depth of the
  // budget never cuts the walk short; the cap only bounds memory.
  constexpr uint64_t MAX_DEPTH_CAP = 1 << 20;
  const std::size_t max_depth = std::size_t(std::min<uint64_t>(max_nodes + 1, MAX_DEPTH_CAP));
  struct Frame {
    std::size_t begin, next, end;  // its moves: move_stack[begin, end), those from next still to try
    Move played;
    UndoInfo undo;
  };
  thread_local std::vector<Frame> frames;
  thread_local std::vector<Move> move_stack;
  frames.clear();
  move_stack.clear();
  exhausted_ = false;
  visited_table.reset(std::size_t(std::min<uint64_t>(max_nodes, 1u << 22)));
  // The budget counts the positions visited; a move into one already seen
  // costs a few times less, so moves tried are capped at a multiple of it.
  uint64_t limit = nodes_ + max_nodes, moves_tried = 0, move_limit = MOVES_PER_NODE * max_nodes;
  bool truncated = false;
  MoveList list;
  OrderedMoves ordered;
  auto push_frame = [&]() {
    order_moves(list, check_squares(pos_), ordered, true);
    std::size_t begin = move_stack.size();
    for (std::size_t i = 0; i < ordered.count; ++i) move_stack.push_back(ordered.moves[i].move);
    frames.push_back(Frame{begin, begin, move_stack.size(), Move(), UndoInfo{}});
  };

  visited_table.put(pos_.key(), 1);
  generate_legal(pos_, list);
  push_frame();
  for (;;) {
    Frame& frame = frames.back();
    if (frame.next == frame.end) {
      move_stack.resize(frame.begin);
      frames.pop_back();
      if (frames.empty()) break;
      pos_.undo_move(frames.back().played, frames.back().undo);
      continue;
    }
    Move m = move_stack[frame.next++];
    if (++moves_tried > move_limit) return false;
    frame.played = m;
    pos_.do_move(m, frame.undo);
    bool fresh = visited_table.get(pos_.key()) == 0;
    if (fresh && (++nodes_ > limit || !within_cap() || !visited_table.put(pos_.key(), 1))) {  // out of budget
      pos_.undo_move(m, frame.undo);
      return false;
    }
    bool expand = false;
    if (fresh) {
      generate_legal(pos_, list);
      if (list.empty()) {
        if (pos_.in_check() && pos_.side_to_move() == loser_) {
          line_.clear();
          for (const Frame& f : frames) line_.push_back(f.played);
          return true;
        }
      } else if (!unwinnable_here(pos_, winner_, &frame.undo)) {
        if (frames.size() < max_depth) expand = true;
        else truncated = true;
        if (m.kind() == MoveKind::PROMOTION && pos_.side_to_move() == loser_ && probe_for_mate(frames, limit))
          return true;
      }
    }
    if (expand) {
      push_frame();
    } else {
      pos_.undo_move(m, frame.undo);
    }
  }
  exhausted_ = !truncated;
  return false;
}

}  // namespace

WinnabilityResult search_helpmate(const Position& pos, Color winner, const HelpmateBudget& budget) {
  HelpmateSearch search(pos, winner, budget.hints, budget.cap);
  WinnabilityResult result;
  bool found = search.quick(budget.quick_nodes);
  if (!found && budget.exhaustive_nodes > 0 && !(budget.cap && budget.cap->exceeded())) {
    found = search.exhaustive(budget.exhaustive_nodes);
    if (!found && search.exhausted()) result.verdict = Winnability::UNWINNABLE;
  }
  if (found) {
    result.verdict = Winnability::WINNABLE;
    result.mating_line = search.line();
  }
  result.nodes = search.nodes();
  return result;
}

}  // namespace tabiya
