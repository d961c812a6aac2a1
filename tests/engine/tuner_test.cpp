// The Texel tuner: K fitting, error descent, the quiet-position filter, data
// loading with its error messages, the generated source, and the command.
#include "engine/tuner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "engine/eval_trace.h"
#include "engine/evaluate.h"
#include "tune_command.h"

namespace tabiya::engine::tuning {
namespace {

Position fen(const std::string& text) { return parse_fen(text).value(); }

// Positions whose result follows the material: white ahead wins, black ahead
// loses, level is drawn.
const char* const MATERIAL_DATA = R"(# tiny synthetic set
4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1 ; 1-0
4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1 ; 1-0
1n2k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 ; 0-1
1n2k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1 ; 0-1
1n2k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1 ; 1/2-1/2
r3k3/pppp4/8/8/8/8/PPPP4/R1N1K3 w - - 0 1 ; 1-0
r1n1k3/pppp4/8/8/8/8/PPPP4/R3K3 b - - 0 1 ; 0-1
4k3/ppp5/8/8/8/2N5/PPPP4/4K3 w - - 0 1 ; 1.0
4k3/pppp4/2n5/8/8/8/PPP5/4K3 w - - 0 1 ; 0
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 ; 0.5
)";

TEST(Tuner, FitsTheLogisticScale) {
  // Results drawn exactly from the logistic curve with K = 1.4: fitting finds it.
  TuningSet set;
  for (int c = -6; c <= 6; ++c)
    set.add_terms({{uint16_t(param::MATERIAL), int16_t(c)}}, MAX_PHASE, FULL_SCALE, expected_score(100.0 * c, 1.4));
  Weights weights = to_weights(EvalParams{});
  weights[2 * param::MATERIAL] = 100;
  EXPECT_NEAR(fit_k(set, weights), 1.4, 1e-3);
  EXPECT_NEAR(mean_squared_error(set, weights, 1.4), 0.0, 1e-12);
  EXPECT_GT(mean_squared_error(set, weights, 0.7), 1e-4);
}

TEST(Tuner, LinearModelMatchesTheEvaluation) {
  TuningSet set;
  Position pos = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 5 4");
  ASSERT_TRUE(set.add_position(pos, 0.5, DEFAULT_EVAL_PARAMS));
  // The position is quiet, so the example is the position itself, seen from White.
  EXPECT_NEAR(set.evaluate(0, to_weights(DEFAULT_EVAL_PARAMS)), -engine::evaluate(pos), 2.0);
}

TEST(Tuner, ErrorDecreasesOnASmallDataSet) {
  EvalParams start = hand_made_eval_params();
  start[param::MATERIAL + KNIGHT - PAWN] = {0, 0};  // forget what a knight is worth
  TuningSet set;
  std::istringstream in(MATERIAL_DATA);
  auto stats = load_fen_results(in, "material", start, set);
  ASSERT_TRUE(stats.ok()) << stats.error().message;
  EXPECT_EQ(stats->positions_read, 10);
  EXPECT_EQ(stats->positions_added, 10);
  Weights weights = to_weights(start);
  double k = fit_k(set, weights);
  double before = mean_squared_error(set, weights, k);
  TuneOptions options;
  options.iterations = 300;
  options.learning_rate = 2.0;
  std::vector<double> reported;
  options.progress = [&](int, double error, double) { reported.push_back(error); };
  Weights tuned = tune(set, weights, k, options);
  double after = mean_squared_error(set, tuned, k);
  EXPECT_LT(after, before * 0.5);
  ASSERT_GE(reported.size(), 2u);
  EXPECT_DOUBLE_EQ(reported.front(), before);
  EXPECT_DOUBLE_EQ(reported.back(), after);
  // The knight regained value.
  EXPECT_GT(tuned[2 * (param::MATERIAL + KNIGHT - PAWN)], 50);
  // Deterministic: the same run gives the same weights.
  EXPECT_EQ(tune(set, weights, k, options), tuned);
}

// Examples where only the pawn's mg weight matters and the results say a
// pawn is worth `pawn` centipawns (at K = 1).
TuningSet pawn_worth(double pawn) {
  TuningSet set;
  for (int c = -4; c <= 4; ++c)
    set.add_terms({{uint16_t(param::MATERIAL), int16_t(c)}}, MAX_PHASE, FULL_SCALE, expected_score(pawn * c, 1.0));
  return set;
}

TEST(Tuner, NormalisingToThePawnKeepsThePredictions) {
  TuningSet set = pawn_worth(200);
  Weights weights = to_weights(hand_made_eval_params());
  weights[2 * param::MATERIAL] = 150;
  weights[2 * param::MATERIAL + 1] = 80;
  double before = mean_squared_error(set, weights, 1.0);
  double k = normalise_to_pawn(weights, 1.0);
  EXPECT_DOUBLE_EQ(weights[2 * param::MATERIAL + 1], PAWN_VALUE_EG);
  EXPECT_DOUBLE_EQ(weights[2 * param::MATERIAL], 150.0 * PAWN_VALUE_EG / 80);
  EXPECT_DOUBLE_EQ(k, 0.8);
  EXPECT_NEAR(mean_squared_error(set, weights, k), before, 1e-12);
}

TEST(Tuner, TunesOnlyTheChosenBlocks) {
  auto mask = tunable_blocks("tempo,bishop_pair");
  ASSERT_TRUE(mask.ok()) << mask.error().message;
  EXPECT_EQ(std::count(mask->begin(), mask->end(), true), 4);  // mg and eg of two weights
  EXPECT_TRUE((*mask)[2 * param::TEMPO + 1]);
  EXPECT_FALSE((*mask)[2 * param::MATERIAL]);
  auto unknown = tunable_blocks("tempo,queen_wings");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "unknown parameter block \"queen_wings\"");

  TuningSet set = pawn_worth(200);
  Weights start = to_weights(EvalParams{});
  start[2 * param::MATERIAL] = 100;
  TuneOptions options;
  options.iterations = 50;
  options.tunable = *mask;  // the pawn is not among them
  EXPECT_EQ(tune(set, start, 1.0, options), start);
  options.tunable = *tunable_blocks("material");
  EXPECT_GT(tune(set, start, 1.0, options)[2 * param::MATERIAL], 140);
}

TEST(Tuner, RegularisationHoldsWeightsNearTheirStart) {
  TuningSet set = pawn_worth(200);
  Weights start = to_weights(EvalParams{});
  start[2 * param::MATERIAL] = 100;
  TuneOptions options;
  options.iterations = 400;
  double free = tune(set, start, 1.0, options)[2 * param::MATERIAL];
  options.regularisation = 1e-3;
  double held = tune(set, start, 1.0, options)[2 * param::MATERIAL];
  EXPECT_NEAR(free, 200, 5);
  EXPECT_GT(held, 100);
  EXPECT_LT(held, free - 20);
}

TEST(Tuner, EarlyStoppingKeepsTheBestHeldOutCheckpoint) {
  // Training data wants 200, held-out data 100, the start: every step away
  // from the start makes the held-out error worse.
  TuningSet set = pawn_worth(200), held_out = pawn_worth(100);
  Weights start = to_weights(EvalParams{});
  start[2 * param::MATERIAL] = 100;
  TuneOptions options;
  options.iterations = 300;
  options.validation = &held_out;
  std::vector<double> held_out_errors;
  options.progress = [&](int, double, double h) { held_out_errors.push_back(h); };
  EXPECT_GT(tune(set, start, 1.0, options)[2 * param::MATERIAL], 150);
  ASSERT_EQ(held_out_errors.size(), 4u);  // iterations 0, 100, 200, 300
  EXPECT_LT(held_out_errors.front(), held_out_errors.back());
  options.keep_best = true;
  EXPECT_EQ(tune(set, start, 1.0, options), start);
}

TEST(Tuner, QuietLeafResolvesCaptures) {
  // White wins the queen: the leaf is after exd5.
  Position hanging = fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
  Position leaf = quiet_leaf(hanging, DEFAULT_EVAL_PARAMS);
  EXPECT_EQ(to_fen(leaf), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
  // A quiet position is its own leaf.
  EXPECT_EQ(quiet_leaf(Position::startpos(), DEFAULT_EVAL_PARAMS), Position::startpos());
  // Taking a defended pawn with the queen is not played.
  Position defended = fen("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(quiet_leaf(defended, DEFAULT_EVAL_PARAMS), defended);
}

TEST(Tuner, SkipsPositionsInCheckAndFinishedGames) {
  TuningSet set;
  std::istringstream in(
      "4k3/8/8/8/8/8/8/4K2R b - - 0 1 ; 1-0\n"        // legal, black to move, not in check
      "4k2R/8/4K3/8/8/8/8/8 b - - 0 1 ; 1-0\n"        // checkmate
      "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1 ; 1-0\n"       // in check
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 ; 1/2-1/2\n");  // stalemate
  auto stats = load_fen_results(in, "mixed", DEFAULT_EVAL_PARAMS, set);
  ASSERT_TRUE(stats.ok()) << stats.error().message;
  EXPECT_EQ(stats->positions_read, 4);
  EXPECT_EQ(stats->positions_added, 1);
  EXPECT_EQ(set.size(), 1u);
}

TEST(Tuner, ReportsBadLinesWithFileAndLineNumber) {
  TuningSet set;
  std::istringstream no_result("4k3/8/8/8/8/8/8/4K2R b - - 0 1\n");
  auto a = load_fen_results(no_result, "data.txt", DEFAULT_EVAL_PARAMS, set);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().message, "data.txt:1: expected 'FEN ; RESULT'");
  std::istringstream bad_result("\n4k3/8/8/8/8/8/8/4K2R b - - 0 1 ; 2-0\n");
  auto b = load_fen_results(bad_result, "data.txt", DEFAULT_EVAL_PARAMS, set);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().message.rfind("data.txt:2: result must be", 0), 0u) << b.error().message;
  std::istringstream bad_fen("4k3/8/8/8/8/8/8/4K2X b - - 0 1 ; 1-0\n");
  auto c = load_fen_results(bad_fen, "data.txt", DEFAULT_EVAL_PARAMS, set);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message.rfind("data.txt:1: ", 0), 0u) << c.error().message;
  EXPECT_EQ(set.size(), 0u);
}

TEST(Tuner, ReadsPositionsFromPgnGames) {
  std::istringstream pgn(
      "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
      "[Result \"*\"]\n\n1. d4 d5 *\n");
  TuningSet set;
  auto stats = load_pgn_games(pgn, "games.pgn", 2, DEFAULT_EVAL_PARAMS, set);
  ASSERT_TRUE(stats.ok()) << stats.error().message;
  EXPECT_EQ(stats->games_read, 2);
  EXPECT_EQ(stats->positions_read, 5);  // plies 3..7 of the decided game
  // Not the final checkmate, nor the position before it: its quiet leaf is
  // after the capture Qxf7, in check.
  EXPECT_EQ(stats->positions_added, 3);
  EXPECT_DOUBLE_EQ(set.result(0), 1.0);

  std::istringstream broken("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n");
  auto error = load_pgn_games(broken, "broken.pgn", 0, DEFAULT_EVAL_PARAMS, set);
  ASSERT_FALSE(error.ok());
  EXPECT_NE(error.error().message.find("broken.pgn"), std::string::npos) << error.error().message;
}

TEST(Tuner, SplitsOffTheTail) {
  TuningSet set;
  for (int i = 0; i < 10; ++i) set.add_terms({{uint16_t(param::TEMPO), int16_t(i + 1)}}, 24, 64, i < 5 ? 1 : 0);
  TuningSet tail = set.split_tail(7);
  ASSERT_EQ(set.size(), 7u);
  ASSERT_EQ(tail.size(), 3u);
  Weights weights = to_weights(EvalParams{});
  weights[2 * param::TEMPO] = 1;
  EXPECT_DOUBLE_EQ(set.evaluate(6, weights), 7.0);
  EXPECT_DOUBLE_EQ(tail.evaluate(0, weights), 8.0);
  EXPECT_DOUBLE_EQ(tail.result(2), 0.0);
}

TEST(Tuner, GeneratedSourceReadsBack) {
  for (const EvalParams& params : {DEFAULT_EVAL_PARAMS, hand_made_eval_params()}) {
    std::string source = params_source(params, "made by a test\nsecond line");
    EXPECT_EQ(source.rfind("// made by a test\n// second line\n#include \"engine/eval_params.h\"", 0), 0u);
    auto back = parse_params_source(source);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, params);
  }
  EvalParams negative = hand_made_eval_params();
  negative[param::TEMPO] = {-7, 0};
  EXPECT_EQ(*parse_params_source(params_source(negative, "x")), negative);
}

// The table compiled into the robot is the one in the generated source file.
TEST(Tuner, CompiledTableIsTheGeneratedSource) {
  std::ifstream file(std::string(TABIYA_TEST_DATA) + "/../../src/engine/eval_params.cpp");
  ASSERT_TRUE(file) << "cannot open src/engine/eval_params.cpp";
  std::stringstream text;
  text << file.rdbuf();
  auto params = parse_params_source(text.str());
  ASSERT_TRUE(params.ok()) << params.error().message;
  EXPECT_EQ(*params, DEFAULT_EVAL_PARAMS);
  EXPECT_EQ(text.str().rfind("// Generated by `tabiya tune ", 0), 0u);
}

TEST(Tuner, RejectsDamagedSource) {
  std::string source = params_source(DEFAULT_EVAL_PARAMS, "x");
  EXPECT_FALSE(parse_params_source("int x;").ok());
  std::string short_table = source;
  std::size_t first_pair = short_table.find("// material\n") + 12;
  short_table.erase(first_pair, short_table.find("},", first_pair) + 2 - first_pair);
  auto a = parse_params_source(short_table);
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.error().message.find("pairs, expected"), std::string::npos) << a.error().message;
  std::string bad_pair = source;
  bad_pair.replace(bad_pair.find("// tempo\n") + 9, 5, "    {x");
  auto b = parse_params_source(bad_pair);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("expected {mg, eg}"), std::string::npos) << b.error().message;
}

TEST(TuneCommand, TunesAndWritesSourceThatReadsBack) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "tabiya_tune_test";
  fs::create_directories(dir);
  {
    std::ofstream data(dir / "data.txt");
    data << MATERIAL_DATA;
  }
  cli::TuneSettings settings;
  settings.fen_files = {(dir / "data.txt").string()};
  settings.iterations = 50;
  settings.validation_fraction = 0.2;
  settings.out_path = (dir / "eval_params.cpp").string();
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_tune(settings, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("positions: 10 read, 10 quiet; 8 training, 2 held out"), std::string::npos) << out.str();
  std::ifstream written(settings.out_path);
  std::stringstream text;
  text << written.rdbuf();
  EXPECT_EQ(text.str().rfind("// Generated by `tabiya tune --data ", 0), 0u);
  EXPECT_TRUE(parse_params_source(text.str()).ok());

  settings.fen_files = {(dir / "missing.txt").string()};
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::run_tune(settings, out2, err2), 1);
  EXPECT_NE(err2.str().find("cannot open"), std::string::npos);

  settings.fen_files = {(dir / "data.txt").string()};
  settings.blocks = "material,queen_wings";
  std::ostringstream out3, err3;
  EXPECT_EQ(cli::run_tune(settings, out3, err3), 2);
  EXPECT_EQ(err3.str(), "tune: --blocks: unknown parameter block \"queen_wings\"\n");
  EXPECT_EQ(out3.str(), "");  // refused before loading anything
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tabiya::engine::tuning
