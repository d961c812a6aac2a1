// Moves said in words: the announcements of FIDE Laws Appendix D.2.1 (2018
// edition, the same text as 2014; 2009 E.2.1, 2005 F.2.1) in every language,
// and each of the app's seven languages' own words for pieces, castling,
// capture and ranks, read by parse_move() as the web app and the terminal use it.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/uci_move.h"
#include "notation/move_reader.h"

namespace tabiya {
namespace {

std::string read(std::string_view fen, std::string_view text, Language lang = Language::EN) {
  const Position pos = parse_fen(fen).value();
  Result<Move, MoveError> m = parse_move(pos, text, {lang});
  if (!m) return "error: " + m.error().message;
  return to_uci(*m, pos);
}

MoveError error_of(std::string_view fen, std::string_view text, Language lang = Language::EN) {
  const Position pos = parse_fen(fen).value();
  Result<Move, MoveError> m = parse_move(pos, text, {lang});
  if (m) {
    ADD_FAILURE() << '"' << text << "\" was read as " << to_uci(*m, pos);
    return MoveError{MoveErrorKind::SYNTAX, "", {}};
  }
  return m.error();
}

const std::string START(START_FEN);
const std::string CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
// White: pawns a7 and e5 (d6 just left open by ...d7-d5), knights b1 and f3, bishop c1.
const std::string MIXED = "1r2k3/P7/8/3pP3/8/5N2/8/1NB1K3 w - d6 0 1";
const std::string KNIGHTS_D2 = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";

// Appendix D.2.1: files Anna..Hector, German numbers for ranks, the German piece names.
TEST(SpokenMove, AppendixDWordsInEveryLanguage) {
  for (Language lang : all_languages()) {
    SCOPED_TRACE(std::string(language_code(lang)));
    EXPECT_EQ(read(START, "Springer Felix drei", lang), "g1f3");
    EXPECT_EQ(read(START, "Bauer Eva vier", lang), "e2e4");
    EXPECT_EQ(read(START, "Springer Gustav eins Felix drei", lang), "g1f3");
    EXPECT_EQ(read(KNIGHTS_D2, "Springer Bella David zwei", lang), "b1d2");
    EXPECT_EQ(read(KNIGHTS_D2, "Springer Felix David zwei", lang), "f3d2");
    EXPECT_EQ(read(MIXED, "Bauer Eva schlaegt David sechs", lang), "e5d6");  // en passant
    EXPECT_EQ(read(CASTLE, "Kurze Rochade", lang), "e1g1");
    EXPECT_EQ(read(CASTLE, "Lange Rochade", lang), "e1c1");
    // "When promoting a pawn, the player must announce which piece is chosen."
    EXPECT_EQ(read(MIXED, "Bauer Anna acht Dame", lang), "a7a8q");
    EXPECT_EQ(read(MIXED, "Bauer Anna schlaegt Bella acht Springer, Schach", lang), "a7b8n");
    EXPECT_EQ(read(MIXED, "Koenig Eva eins David zwei", lang), "e1d2");
    EXPECT_EQ(read(MIXED, "Laeufer Cesar eins Hector sechs", lang), "c1h6");
  }
}

// Case, umlauts written out or left off, and the spellings of D.2.1's older texts (funf, Caesar, Hektor).
TEST(SpokenMove, SpellingsOfTheAppendixDWords) {
  EXPECT_EQ(read(MIXED, "LÄUFER cesar eins hektor SECHS"), "c1h6");
  EXPECT_EQ(read(MIXED, "Läufer Caesar eins Hector sechs"), "c1h6");
  EXPECT_EQ(read(MIXED, "laufer Cäsar eins Hector sechs"), "c1h6");
  EXPECT_EQ(read(MIXED, "König Eva eins David zwei"), "e1d2");
  EXPECT_EQ(read(START, "Bauer Eva vier!"), "e2e4");
  EXPECT_EQ(read("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", "Bauer Eva fünf Eva sechs"), "e5e6");
  EXPECT_EQ(read("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "Bauer Eva funf"), "e4e5");
  // Symbols mixed in: squares and files as letters.
  EXPECT_EQ(read(START, "Springer f3"), "g1f3");
  EXPECT_EQ(read(START, "Springer g1 f3"), "g1f3");
  EXPECT_EQ(read(MIXED, "Bauer e schlaegt d6"), "e5d6");
}

TEST(SpokenMove, English) {
  EXPECT_EQ(read(START, "knight to f3"), "g1f3");
  EXPECT_EQ(read(START, "Knight from g1 to f3"), "g1f3");
  EXPECT_EQ(read(START, "pawn to e4"), "e2e4");
  EXPECT_EQ(read(MIXED, "pawn from e takes d6, check"), "e5d6");
  EXPECT_EQ(read(MIXED, "pawn to a8, promotes to queen"), "a7a8q");
  EXPECT_EQ(read(MIXED, "pawn takes b8, promotes to knight"), "a7b8n");
  EXPECT_EQ(read(CASTLE, "short castling"), "e1g1");
  EXPECT_EQ(read(CASTLE, "castles queenside"), "e1c1");
  EXPECT_EQ(read(KNIGHTS_D2, "knight from b to d two"), "b1d2");
  // English words are read in every language, as English letters are.
  EXPECT_EQ(read(START, "knight to f3", Language::BG), "g1f3");
}

TEST(SpokenMove, Polish) {
  EXPECT_EQ(read(START, "skoczek na f3", Language::PL), "g1f3");
  EXPECT_EQ(read(START, "Skoczek z g1 na f3", Language::PL), "g1f3");
  EXPECT_EQ(read(MIXED, "pion z e bije na d6", Language::PL), "e5d6");
  EXPECT_EQ(read(MIXED, "pion na a8, promocja na: hetman", Language::PL), "a7a8q");
  EXPECT_EQ(read(MIXED, "goniec na h6", Language::PL), "c1h6");
  EXPECT_EQ(read(CASTLE, "krótka roszada", Language::PL), "e1g1");
  EXPECT_EQ(read(CASTLE, "dluga roszada", Language::PL), "e1c1");  // without the diacritics
  EXPECT_EQ(read(CASTLE, "wieża z a1 na d1", Language::PL), "a1d1");
  EXPECT_EQ(read(MIXED, "król e1 d2", Language::PL), "e1d2");
  EXPECT_EQ(read("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "pion e pięć", Language::PL), "e4e5");
}

TEST(SpokenMove, German) {
  EXPECT_EQ(read(START, "Springer nach f3", Language::DE), "g1f3");
  EXPECT_EQ(read(MIXED, "Bauer von e schlägt auf d6", Language::DE), "e5d6");
  EXPECT_EQ(read(MIXED, "Bauer nach a8, wird zu: Dame", Language::DE), "a7a8q");
  EXPECT_EQ(read(CASTLE, "kurze Rochade", Language::DE), "e1g1");
}

TEST(SpokenMove, Latvian) {
  EXPECT_EQ(read(START, "zirgs uz f3", Language::LV), "g1f3");
  EXPECT_EQ(read(MIXED, "bandinieks no e ņem uz d6", Language::LV), "e5d6");
  EXPECT_EQ(read(MIXED, "bandinieks uz a8, pārvēršas par: dāma", Language::LV), "a7a8q");
  EXPECT_EQ(read(MIXED, "laidnis uz h6", Language::LV), "c1h6");
  EXPECT_EQ(read(CASTLE, "īsā rokāde", Language::LV), "e1g1");
  EXPECT_EQ(read(CASTLE, "gara rokade", Language::LV), "e1c1");
  EXPECT_EQ(read(CASTLE, "tornis no a1 uz d1", Language::LV), "a1d1");
}

TEST(SpokenMove, Ukrainian) {
  EXPECT_EQ(read(START, "кінь на f3", Language::UK), "g1f3");
  EXPECT_EQ(read(START, "Кінь з g1 на f3", Language::UK), "g1f3");
  EXPECT_EQ(read(MIXED, "пішак з e б'є на d6", Language::UK), "e5d6");
  EXPECT_EQ(read(MIXED, "пішак з e б’є на d6", Language::UK), "e5d6");  // typographic apostrophe
  EXPECT_EQ(read(MIXED, "пішак на a8, перетворюється: ферзь", Language::UK), "a7a8q");
  EXPECT_EQ(read(CASTLE, "коротка рокіровка", Language::UK), "e1g1");
  EXPECT_EQ(read(CASTLE, "тура з a1 на d1", Language::UK), "a1d1");
  EXPECT_EQ(read("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "пішак e п'ять", Language::UK), "e4e5");
}

TEST(SpokenMove, Russian) {
  EXPECT_EQ(read(START, "конь на f3", Language::RU), "g1f3");
  EXPECT_EQ(read(MIXED, "пешка с e бьёт на d6", Language::RU), "e5d6");
  EXPECT_EQ(read(MIXED, "пешка с e бьет на d6", Language::RU), "e5d6");
  EXPECT_EQ(read(MIXED, "слон на h6", Language::RU), "c1h6");
  EXPECT_EQ(read(CASTLE, "длинная рокировка", Language::RU), "e1c1");
  EXPECT_EQ(read(CASTLE, "ладья с a1 на d1", Language::RU), "a1d1");
  // Squares typed with the Cyrillic а, с, е of a Cyrillic keyboard.
  EXPECT_EQ(read(START, "пешка е4", Language::RU), "e2e4");
}

TEST(SpokenMove, Bulgarian) {
  EXPECT_EQ(read(START, "кон на f3", Language::BG), "g1f3");
  EXPECT_EQ(read(MIXED, "пешка от e взема на d6", Language::BG), "e5d6");
  EXPECT_EQ(read(MIXED, "пешка на a8, произвежда се в: дама", Language::BG), "a7a8q");
  EXPECT_EQ(read(MIXED, "офицер на h6", Language::BG), "c1h6");
  EXPECT_EQ(read(CASTLE, "малка рокада", Language::BG), "e1g1");
  EXPECT_EQ(read(CASTLE, "голяма рокада", Language::BG), "e1c1");
  EXPECT_EQ(read(MIXED, "цар на d2", Language::BG), "e1d2");
}

// A language's words are read only in that language (and English and Appendix D everywhere).
TEST(SpokenMove, OwnWordsBelongToTheirLanguage) {
  EXPECT_EQ(error_of(START, "skoczek to f3", Language::EN).message, "\"skoczek to f3\": unknown word \"skoczek\"");
  EXPECT_EQ(read(START, "skoczek to f3", Language::PL), "g1f3");
  EXPECT_EQ(error_of(START, "кінь на f3", Language::RU).message, "\"кінь на f3\": unknown word \"кінь\"");
}

TEST(SpokenMove, WordsGoThroughTheSameRulesAsSymbols) {
  // Ambiguous: two knights can reach d2.
  const MoveError two = error_of(KNIGHTS_D2, "Springer David zwei");
  EXPECT_EQ(two.kind, MoveErrorKind::AMBIGUOUS);
  EXPECT_EQ(two.candidates.size(), 2u);
  // Illegal, with the reader's reasons and candidates.
  const MoveError illegal = error_of(START, "Springer Eva fuenf");
  EXPECT_EQ(illegal.kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(illegal.message, "\"Springer Eva fuenf\" is illegal: no knight can move to e5");
  EXPECT_EQ(error_of(START, "Kurze Rochade").message,
            "\"Kurze Rochade\" is illegal: pieces stand between the king and the rook");
  // A promotion without the piece is ambiguous, as e8 is.
  EXPECT_EQ(error_of(MIXED, "Bauer Anna acht").kind, MoveErrorKind::AMBIGUOUS);
}

TEST(SpokenMove, WhyWordsAreNotAMove) {
  auto syntax = [](std::string_view text) {
    const MoveError e = error_of(START, text);
    EXPECT_EQ(e.kind, MoveErrorKind::SYNTAX) << text;
    return e.message;
  };
  EXPECT_EQ(syntax("Springer Felix"), "\"Springer Felix\": no arrival square");
  EXPECT_EQ(syntax("Springer nach Paris"), "\"Springer nach Paris\": unknown word \"Paris\"");
  EXPECT_EQ(syntax("Springer Laeufer f3"), "\"Springer Laeufer f3\": more than one piece named");
  EXPECT_EQ(syntax("Bauer e2 e3 e4"), "\"Bauer e2 e3 e4\": more squares than a departure and an arrival");
  EXPECT_EQ(syntax("Bauer e8 Koenig"), "\"Bauer e8 Koenig\": a pawn cannot be promoted to a king");
  EXPECT_EQ(syntax("Springer e8 Dame"), "\"Springer e8 Dame\": only a pawn can be promoted");
  EXPECT_EQ(syntax("Kurze Lange Rochade"), "\"Kurze Lange Rochade\": castling is said as short or long castling");
  // No word of the vocabulary: the symbolic reading's message stands.
  EXPECT_EQ(syntax("1. e4"), "\"1. e4\": unexpected \"1\" at character 1");
  EXPECT_EQ(syntax("e2 e4"), "\"e2 e4\": unexpected \" \" at character 3");
}

TEST(SpokenMove, WordsCanBeSwitchedOff) {
  const Position pos = parse_fen(START_FEN).value();
  MoveReadOptions options;
  options.words = false;
  Result<Move, MoveError> m = parse_move(pos, "Springer Felix drei", options);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().kind, MoveErrorKind::SYNTAX);
  EXPECT_TRUE(parse_move(pos, "Springer Felix drei"));
}

}  // namespace
}  // namespace tabiya
