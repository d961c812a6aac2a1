// National piece letters (FIDE Laws Appendix C.2-C.3) and the round trip
// "write in language L, read in language L" over whole move lists.
#include "notation/language.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/move_reader.h"
#include "notation/san.h"

namespace tabiya {
namespace {

TEST(Language, CodesRoundTrip) {
  const std::vector<Language> all = all_languages();
  ASSERT_EQ(all.size(), 7u);
  for (Language lang : all) {
    const std::optional<Language> parsed = parse_language(language_code(lang));
    ASSERT_TRUE(parsed.has_value()) << language_code(lang);
    EXPECT_EQ(*parsed, lang);
  }
  EXPECT_EQ(parse_language("DE"), Language::DE);
  EXPECT_EQ(parse_language("Uk"), Language::UK);
  EXPECT_EQ(parse_language("bg"), Language::BG);
  EXPECT_FALSE(parse_language("fr").has_value());
  EXPECT_FALSE(parse_language("").has_value());
  EXPECT_FALSE(parse_language("english").has_value());
  EXPECT_FALSE(parse_language("e").has_value());
}

std::string letters(Language lang) {
  std::string out;
  for (PieceType pt : {KING, QUEEN, ROOK, BISHOP, KNIGHT}) {
    out += piece_letter(lang, pt);
    out += ' ';
  }
  return out;
}

// FIDE 2014 Appendix C.2: English K Q R B N; C.3: letters commonly used in the player's country.
// The Bulgarian letters are those of the Bulgarian text of Appendix C.2.
TEST(Language, PieceLetters) {
  EXPECT_EQ(letters(Language::EN), "K Q R B N ");
  EXPECT_EQ(letters(Language::PL), "K H W G S ");
  EXPECT_EQ(letters(Language::DE), "K D T L S ");
  EXPECT_EQ(letters(Language::LV), "K D T L Z ");
  EXPECT_EQ(letters(Language::UK), "Кр Ф Т С К ");
  EXPECT_EQ(letters(Language::RU), "Кр Ф Л С К ");
  EXPECT_EQ(letters(Language::BG), "Ц Д Т О К ");
}

// FIDE 2014 Appendix C.4: pawns have no letter.
TEST(Language, PawnsHaveNoLetter) {
  for (Language lang : all_languages()) {
    EXPECT_TRUE(piece_letter(lang, PAWN).empty());
    EXPECT_TRUE(piece_letter(lang, NO_PIECE_TYPE).empty());
  }
}

// FIDE 2014 Appendix C.3: figurines are recommended in print.
TEST(Language, Figurines) {
  EXPECT_EQ(piece_figurine(KING), "\u2654");
  EXPECT_EQ(piece_figurine(QUEEN), "\u2655");
  EXPECT_EQ(piece_figurine(ROOK), "\u2656");
  EXPECT_EQ(piece_figurine(BISHOP), "\u2657");
  EXPECT_EQ(piece_figurine(KNIGHT), "\u2658");
  EXPECT_EQ(piece_figurine(PAWN), "\u2659");
  EXPECT_TRUE(piece_figurine(NO_PIECE_TYPE).empty());
}

// Positions rich in notation cases: disambiguation, promotions (with capture and
// check), en passant, castling both ways, Chess960 castling, mate.
const char* const ROUND_TRIP_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1",
    "3r1n2/4Pk2/8/8/8/8/8/K1N5 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    "r5kr/8/8/8/8/8/8/R5KR b HAha - 0 1",
    "4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
};

// FIDE 2014 Appendix C.2-C.3: whatever letters a language writes, reading the
// text back in that language gives the same move; also for figurines
// (Appendix C.3) and long algebraic.
TEST(Language, EveryLanguageRoundTripsEveryLegalMove) {
  int checked = 0;
  for (const char* fen : ROUND_TRIP_FENS) {
    Result<Position> parsed = parse_fen(fen);
    ASSERT_TRUE(parsed.ok()) << fen;
    const Position& pos = *parsed;
    const MoveList legal = legal_moves(pos);
    ASSERT_FALSE(legal.empty()) << fen;
    for (Language lang : all_languages()) {
      for (Move m : legal) {
        for (SanStyle style : {SanStyle::LETTERS, SanStyle::FIGURINE}) {
          const std::string text = to_san(pos, m, style, lang);
          Result<Move, MoveError> read = parse_move(pos, text, {lang});
          ASSERT_TRUE(read.ok()) << fen << " " << language_code(lang) << " " << text << ": "
                                 << read.error().message;
          EXPECT_EQ(*read, m) << fen << " " << language_code(lang) << " " << text;
          ++checked;
        }
        const std::string long_text = to_long_algebraic(pos, m, lang);
        Result<Move, MoveError> read = parse_move(pos, long_text, {lang});
        ASSERT_TRUE(read.ok()) << fen << " " << language_code(lang) << " " << long_text << ": "
                               << read.error().message;
        EXPECT_EQ(*read, m) << fen << " " << language_code(lang) << " " << long_text;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// SAN is unique: no two legal moves share a text, in any language.
TEST(Language, SanTextsAreDistinct) {
  for (const char* fen : ROUND_TRIP_FENS) {
    const Position pos = *parse_fen(fen);
    for (Language lang : all_languages()) {
      std::vector<std::string> seen;
      for (Move m : legal_moves(pos)) {
        const std::string text = to_san(pos, m, SanStyle::LETTERS, lang);
        EXPECT_EQ(std::count(seen.begin(), seen.end(), text), 0) << fen << " " << text;
        seen.push_back(text);
      }
    }
  }
}

}  // namespace
}  // namespace tabiya
