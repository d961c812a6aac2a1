// The evaluation's weights: one flat table of (middlegame, endgame) pairs, so
// the tuner can treat every weight alike and write the table back as C++
// source (eval_params.cpp). The named offsets below say which slice of the
// table each evaluation term reads; evaluate.cpp is the only interpreter.
#pragma once

#include <array>
#include <string_view>

namespace tabiya::engine {

struct ScorePair {
  int mg = 0;
  int eg = 0;
  constexpr bool operator==(const ScorePair&) const = default;
};

// One named slice of the parameter table.
struct ParamBlock {
  std::string_view name;
  int offset;
  int size;
};

namespace param {
// Piece values, PAWN..QUEEN (the king has none).
inline constexpr int MATERIAL = 0;
// Piece-square tables [PAWN..KING][square from White's side, a1 = 0].
inline constexpr int PST = MATERIAL + 5;
// Mobility by number of reachable squares (not own pieces, not attacked by enemy pawns).
inline constexpr int MOBILITY_KNIGHT = PST + 6 * 64;
inline constexpr int MOBILITY_BISHOP = MOBILITY_KNIGHT + 9;
inline constexpr int MOBILITY_ROOK = MOBILITY_BISHOP + 14;
inline constexpr int MOBILITY_QUEEN = MOBILITY_ROOK + 15;
inline constexpr int BISHOP_PAIR = MOBILITY_QUEEN + 28;
inline constexpr int ROOK_OPEN_FILE = BISHOP_PAIR + 1;
inline constexpr int ROOK_SEMI_OPEN_FILE = ROOK_OPEN_FILE + 1;
// Pawn structure.
inline constexpr int DOUBLED_PAWN = ROOK_SEMI_OPEN_FILE + 1;
inline constexpr int ISOLATED_PAWN = DOUBLED_PAWN + 1;
inline constexpr int BACKWARD_PAWN = ISOLATED_PAWN + 1;
// Defended by a pawn or beside one, by relative rank.
inline constexpr int CONNECTED_PAWN = BACKWARD_PAWN + 1;
// Passed pawns by relative rank; the king terms are per square of distance
// from the pawn's stop square, the free-path term applies when nothing stands
// on the way to promotion.
inline constexpr int PASSED_PAWN = CONNECTED_PAWN + 8;
inline constexpr int PASSED_OWN_KING_DISTANCE = PASSED_PAWN + 8;
inline constexpr int PASSED_ENEMY_KING_DISTANCE = PASSED_OWN_KING_DISTANCE + 8;
inline constexpr int PASSED_FREE_PATH = PASSED_ENEMY_KING_DISTANCE + 8;
// King safety: own pawns on the three files around the king one or two ranks
// in front, files there without own pawns, enemy pawns storming by distance.
inline constexpr int SHIELD_PAWN_NEAR = PASSED_FREE_PATH + 8;
inline constexpr int SHIELD_PAWN_FAR = SHIELD_PAWN_NEAR + 1;
inline constexpr int SHIELD_MISSING = SHIELD_PAWN_FAR + 1;
inline constexpr int PAWN_STORM = SHIELD_MISSING + 1;  // [rank distance 1..4]
// Attacks on the enemy king zone: per attacked square by piece type
// [KNIGHT..QUEEN], and by number of attacking pieces [0..4+].
inline constexpr int KING_ZONE_ATTACK = PAWN_STORM + 4;
inline constexpr int KING_ATTACKERS = KING_ZONE_ATTACK + 4;
// Threats: pawns attacking pieces, minors attacking rooks/queens, rooks
// attacking queens, enemy pieces attacked and not defended.
inline constexpr int THREAT_BY_PAWN = KING_ATTACKERS + 5;
inline constexpr int THREAT_BY_MINOR = THREAT_BY_PAWN + 1;
inline constexpr int THREAT_BY_ROOK = THREAT_BY_MINOR + 1;
inline constexpr int HANGING = THREAT_BY_ROOK + 1;
inline constexpr int TEMPO = HANGING + 1;
inline constexpr int COUNT = TEMPO + 1;
}  // namespace param

using EvalParams = std::array<ScorePair, param::COUNT>;

// The slices in table order, for the source writer and for reports.
inline constexpr std::array<ParamBlock, 28> PARAM_BLOCKS = {{
    {"material", param::MATERIAL, 5},
    {"pst_pawn", param::PST + 0 * 64, 64},
    {"pst_knight", param::PST + 1 * 64, 64},
    {"pst_bishop", param::PST + 2 * 64, 64},
    {"pst_rook", param::PST + 3 * 64, 64},
    {"pst_queen", param::PST + 4 * 64, 64},
    {"pst_king", param::PST + 5 * 64, 64},
    {"mobility_knight", param::MOBILITY_KNIGHT, 9},
    {"mobility_bishop", param::MOBILITY_BISHOP, 14},
    {"mobility_rook", param::MOBILITY_ROOK, 15},
    {"mobility_queen", param::MOBILITY_QUEEN, 28},
    {"bishop_pair", param::BISHOP_PAIR, 1},
    {"rook_open_file", param::ROOK_OPEN_FILE, 1},
    {"rook_semi_open_file", param::ROOK_SEMI_OPEN_FILE, 1},
    {"doubled_pawn", param::DOUBLED_PAWN, 1},
    {"isolated_pawn", param::ISOLATED_PAWN, 1},
    {"backward_pawn", param::BACKWARD_PAWN, 1},
    {"connected_pawn", param::CONNECTED_PAWN, 8},
    {"passed_pawn", param::PASSED_PAWN, 8},
    {"passed_own_king_distance", param::PASSED_OWN_KING_DISTANCE, 8},
    {"passed_enemy_king_distance", param::PASSED_ENEMY_KING_DISTANCE, 8},
    {"passed_free_path", param::PASSED_FREE_PATH, 8},
    {"king_shield", param::SHIELD_PAWN_NEAR, 3},
    {"pawn_storm", param::PAWN_STORM, 4},
    {"king_zone_attack", param::KING_ZONE_ATTACK, 4},
    {"king_attackers", param::KING_ATTACKERS, 5},
    {"threats", param::THREAT_BY_PAWN, 4},
    {"tempo", param::TEMPO, 1},
}};

// The weights the robot plays with (eval_params.cpp, written by `tabiya tune`).
extern const EvalParams DEFAULT_EVAL_PARAMS;

// A hand-made starting point from simple formulas (centralisation, pawn
// advance, king shelter), for tuning from scratch.
EvalParams hand_made_eval_params();

}  // namespace tabiya::engine
