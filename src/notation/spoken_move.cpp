#include "notation/spoken_move.h"

#include <array>
#include <map>
#include <utility>
#include <vector>

#include "notation/move_text_scan.h"

namespace tabiya {

namespace {

// --- Folding: case, diacritics and apostrophes do not matter ---

// Latin letters with diacritics (German, Polish, Latvian) onto their base letter, both cases.
char32_t latin_base(char32_t c) {
  static constexpr std::array<std::pair<char32_t, char32_t>, 46> BASE = {{
      {U'ä', U'a'}, {U'ö', U'o'}, {U'ü', U'u'}, {U'Ä', U'a'}, {U'Ö', U'o'}, {U'Ü', U'u'},  // German
      {U'ą', U'a'}, {U'ć', U'c'}, {U'ę', U'e'}, {U'ł', U'l'}, {U'ń', U'n'}, {U'ó', U'o'},  // Polish
      {U'ś', U's'}, {U'ź', U'z'}, {U'ż', U'z'}, {U'Ą', U'a'}, {U'Ć', U'c'}, {U'Ę', U'e'}, {U'Ł', U'l'}, {U'Ń', U'n'},
      {U'Ó', U'o'}, {U'Ś', U's'}, {U'Ź', U'z'}, {U'Ż', U'z'}, {U'ā', U'a'}, {U'č', U'c'}, {U'ē', U'e'}, {U'ģ', U'g'},
      {U'ī', U'i'}, {U'ķ', U'k'},  // Latvian
      {U'ļ', U'l'}, {U'ņ', U'n'}, {U'š', U's'}, {U'ū', U'u'}, {U'ž', U'z'}, {U'Ā', U'a'}, {U'Č', U'c'}, {U'Ē', U'e'},
      {U'Ģ', U'g'}, {U'Ī', U'i'}, {U'Ķ', U'k'}, {U'Ļ', U'l'}, {U'Ņ', U'n'}, {U'Š', U's'}, {U'Ū', U'u'}, {U'Ž', U'z'},
  }};
  for (auto [accented, base] : BASE)
    if (c == accented) return base;
  return 0;
}

// Lower case without diacritics: "Läufer" -> "laufer", "Wieża" -> "wieza",
// "КІНЬ" -> "кінь", "бьёт" -> "бьет", "б’є" -> "б'є". ß becomes ss.
std::u32string fold_word(std::u32string_view word) {
  std::u32string out;
  for (char32_t c : word) {
    if (c >= U'A' && c <= U'Z') c = c - U'A' + U'a';
    else if (c >= U'\u0410' && c <= U'\u042F') c = c + 0x20;  // Cyrillic А..Я
    else if (c >= U'\u0400' && c <= U'\u040F') c = c + 0x50;  // Ѐ..Џ (Ё, Є, І, Ї)
    else if (c == U'\u0490') c = U'\u0491';                   // Ґ
    if (c == U'\u0451') c = U'\u0435';                        // ё -> е
    if (c == U'\u2019' || c == U'\u02BC' || c == U'\u2018' || c == U'`') c = U'\'';
    if (c == U'ß') {
      out += U"ss";
      continue;
    }
    if (char32_t base = latin_base(c)) c = base;
    out.push_back(c);
  }
  return out;
}

std::u32string folded(std::string_view utf8) { return fold_word(move_text::decode_utf8(utf8).text); }

// --- The words of each language ---

struct WordList {
  // Piece names in PieceType order: pawn, knight, bishop, rook, queen, king.
  std::array<std::vector<std::string_view>, 6> pieces;
  std::array<std::vector<std::string_view>, 8> ranks;  // 1..8
  std::vector<std::string_view> ignored;               // prepositions, capture, check, mate, promotion
  std::vector<std::string_view> castling, short_side, long_side;
};

// FIDE Laws Appendix D.2.1: the words announced in every language.
const WordList& appendix_d_words() {
  static const WordList WORDS = {
      {{{"Bauer"}, {"Springer"}, {"Laeufer", "Läufer"}, {"Turm"}, {"Dame"}, {"Koenig", "König"}}},
      {{{"eins", "ein"}, {"zwei", "zwo"}, {"drei"}, {"vier"}, {"fuenf", "fünf"}, {"sechs"}, {"sieben"}, {"acht"}}},
      // Not among the Appendix's words: what a German announcer says besides them.
      {"nach", "auf", "von", "schlaegt", "schlägt", "nimmt", "Schach", "Matt", "schachmatt", "wird", "zu", "Umwandlung",
       "in"},
      {"Rochade"},
      {"kurze", "kurz"},
      {"lange", "lang"},
  };
  return WORDS;
}

// The files of Appendix D.2.1, with spellings people use for them.
const std::array<std::vector<std::string_view>, 8>& file_words() {
  static const std::array<std::vector<std::string_view>, 8> WORDS = {{
      {"Anna"},
      {"Bella"},
      {"Cesar", "Caesar", "Cäsar"},
      {"David"},
      {"Eva"},
      {"Felix"},
      {"Gustav"},
      {"Hector", "Hektor"},
  }};
  return WORDS;
}

// Each language's own words, as its players and the web app's catalogue say them.
const WordList& own_words(Language lang) {
  static const WordList EN = {
      {{{"pawn"}, {"knight"}, {"bishop"}, {"rook"}, {"queen"}, {"king"}}},
      {{{"one"}, {"two"}, {"three"}, {"four"}, {"five"}, {"six"}, {"seven"}, {"eight"}}},
      {"to",    "from", "on",        "the",      "and",     "in",        "into",    "takes", "captures", "capture", "x",
       "check", "mate", "checkmate", "promotes", "promote", "promotion", "becomes", "en",    "passant",  "ep"},
      {"castling", "castles", "castle"},
      {"short", "kingside"},
      {"long", "queenside"},
  };
  static const WordList PL = {
      {{{"pion", "pionek"}, {"skoczek", "koń"}, {"goniec"}, {"wieża"}, {"hetman"}, {"król"}}},
      {{{"jeden"}, {"dwa"}, {"trzy"}, {"cztery"}, {"pięć"}, {"sześć"}, {"siedem"}, {"osiem"}}},
      {"na", "z", "ze", "bije", "szach", "mat", "promocja", "w"},
      {"roszada"},
      {"krótka"},
      {"długa"},
  };
  static const WordList LV = {
      {{{"bandinieks"}, {"zirgs"}, {"laidnis"}, {"tornis"}, {"dāma"}, {"karalis"}}},
      {{{"viens"}, {"divi"}, {"trīs"}, {"četri"}, {"pieci"}, {"seši"}, {"septiņi"}, {"astoņi"}}},
      {"uz", "no", "ņem", "šahs", "mats", "pārvēršas", "par"},
      {"rokāde"},
      {"īsā"},
      {"garā"},
  };
  static const WordList UK = {
      {{{"пішак"}, {"кінь"}, {"слон"}, {"тура"}, {"ферзь"}, {"король"}}},
      {{{"один"}, {"два"}, {"три"}, {"чотири"}, {"п'ять"}, {"шість"}, {"сім"}, {"вісім"}}},
      {"на", "з", "із", "б'є", "шах", "мат", "перетворюється", "в", "у"},
      {"рокіровка"},
      {"коротка"},
      {"довга"},
  };
  static const WordList RU = {
      {{{"пешка"}, {"конь"}, {"слон"}, {"ладья"}, {"ферзь"}, {"король"}}},
      {{{"один"}, {"два"}, {"три"}, {"четыре"}, {"пять"}, {"шесть"}, {"семь"}, {"восемь"}}},
      {"на", "с", "со", "бьёт", "шах", "мат", "превращается", "в"},
      {"рокировка"},
      {"короткая"},
      {"длинная"},
  };
  static const WordList BG = {
      {{{"пешка"}, {"кон"}, {"офицер"}, {"топ"}, {"дама"}, {"цар"}}},
      {{{"едно"}, {"две"}, {"три"}, {"четири"}, {"пет"}, {"шест"}, {"седем"}, {"осем"}}},
      {"на", "от", "взема", "шах", "мат", "произвежда", "се", "в"},
      {"рокада"},
      {"малка"},
      {"голяма"},
  };
  switch (lang) {
    case Language::PL:
      return PL;
    case Language::LV:
      return LV;
    case Language::UK:
      return UK;
    case Language::RU:
      return RU;
    case Language::BG:
      return BG;
    case Language::DE:  // German words are Appendix D's own
    case Language::EN:
      break;
  }
  return EN;
}

enum class WordKind { PIECE, FILE, RANK, IGNORED, CASTLING, SHORT_SIDE, LONG_SIDE };

struct Meaning {
  WordKind kind;
  int value = 0;  // PIECE: PieceType; FILE, RANK: 0..7
};

using Vocabulary = std::map<std::u32string, Meaning>;

void add(Vocabulary& vocabulary, const WordList& words) {
  for (std::size_t pt = 0; pt < words.pieces.size(); ++pt)
    for (std::string_view w : words.pieces[pt]) vocabulary[folded(w)] = {WordKind::PIECE, int(PAWN + pt)};
  for (std::size_t r = 0; r < words.ranks.size(); ++r)
    for (std::string_view w : words.ranks[r]) vocabulary[folded(w)] = {WordKind::RANK, int(r)};
  for (std::string_view w : words.ignored) vocabulary[folded(w)] = {WordKind::IGNORED};
  for (std::string_view w : words.castling) vocabulary[folded(w)] = {WordKind::CASTLING};
  for (std::string_view w : words.short_side) vocabulary[folded(w)] = {WordKind::SHORT_SIDE};
  for (std::string_view w : words.long_side) vocabulary[folded(w)] = {WordKind::LONG_SIDE};
}

// Appendix D, English, then the language's own words (which win a clash).
const Vocabulary& vocabulary_for(Language lang) {
  static const std::array<Vocabulary, 7> ALL = [] {
    std::array<Vocabulary, 7> all;
    for (Language l : all_languages()) {
      Vocabulary& v = all[std::size_t(l)];
      add(v, appendix_d_words());
      for (std::size_t f = 0; f < 8; ++f)
        for (std::string_view w : file_words()[f]) v[folded(w)] = {WordKind::FILE, int(f)};
      add(v, own_words(Language::EN));
      add(v, own_words(l));
    }
    return all;
  }();
  return ALL[std::size_t(lang)];
}

// --- Tokens ---

bool is_separator(char32_t c) {
  return move_text::is_space(c) || c == U',' || c == U';' || c == U'.' || c == U'!' || c == U'?' || c == U'+' ||
         c == U'#' || c == U'=' || c == U'(' || c == U')' || c == U':' || c == U'-' || c == U'/' || c == U'\u2013' ||
         c == U'\u2014';
}

std::vector<std::u32string> tokens_of(std::u32string_view text) {
  std::vector<std::u32string> out;
  std::u32string token;
  for (char32_t c : text) {
    if (is_separator(c)) {
      if (!token.empty()) out.push_back(std::exchange(token, {}));
    } else {
      token.push_back(c);
    }
  }
  if (!token.empty()) out.push_back(token);
  return out;
}

// A file letter a..h, also the Cyrillic а, с, е that Cyrillic keyboards give.
int file_letter(char32_t c) {
  if (c >= U'a' && c <= U'h') return int(c - U'a');
  if (c == U'\u0430') return 0;
  if (c == U'\u0441') return 2;
  if (c == U'\u0435') return 4;
  return -1;
}

// One spot named by the words: a square, or a lone file or rank.
struct Spot {
  int file = -1, rank = -1;
  bool is_square() const { return file >= 0 && rank >= 0; }
};

std::string shown(const std::u32string& word) { return move_text::quote(move_text::encode_utf8(word)); }

using Reading = Result<MoveSyntax, std::string>;

Reading refuse(std::string why) { return Reading(std::move(why)); }

}  // namespace

std::optional<Result<MoveSyntax, std::string>> read_spoken_move(std::u32string_view text, Language lang) {
  const Vocabulary& vocabulary = vocabulary_for(lang);

  // Each token's meaning; a square (e4), a lone file letter or rank digit is a symbol, not a word.
  struct Token {
    std::optional<Meaning> meaning;
    Spot spot;  // symbols
  };
  std::vector<Token> read;
  bool any_word = false;
  std::optional<std::u32string> unknown;
  for (const std::u32string& original : tokens_of(text)) {
    const std::u32string word = fold_word(original);
    Token t;
    if (auto it = vocabulary.find(word); it != vocabulary.end()) {
      t.meaning = it->second;
      any_word = true;
    } else if (word.size() == 2 && file_letter(word[0]) >= 0 && word[1] >= U'1' && word[1] <= U'8') {
      t.spot = {file_letter(word[0]), int(word[1] - U'1')};
    } else if (word.size() == 1 && file_letter(word[0]) >= 0) {
      t.spot.file = file_letter(word[0]);
    } else if (word.size() == 1 && word[0] >= U'1' && word[0] <= U'8') {
      t.spot.rank = int(word[0] - U'1');
    } else if (!unknown) {
      unknown = original;
    }
    read.push_back(t);
  }
  if (!any_word) return std::nullopt;
  if (unknown) return refuse("unknown word " + shown(*unknown));

  MoveSyntax s;
  // Castling: "Kurze Rochade", "long castling", "castles queenside", "krótka roszada".
  int castling = 0, short_side = 0, long_side = 0;
  bool other = false;
  for (const Token& t : read) {
    const WordKind kind = t.meaning ? t.meaning->kind : WordKind::FILE;
    if (kind == WordKind::CASTLING) ++castling;
    else if (kind == WordKind::SHORT_SIDE) ++short_side;
    else if (kind == WordKind::LONG_SIDE) ++long_side;
    else if (kind != WordKind::IGNORED) other = true;
  }
  if (castling + short_side + long_side > 0) {
    if (other || castling != 1 || short_side + long_side != 1)
      return refuse("castling is said as short or long castling");
    s.castling = true;
    s.king_side = short_side == 1;
    return Reading(s);
  }

  // Pieces and spots, in order.
  std::vector<Spot> spots;
  PieceType piece = NO_PIECE_TYPE;
  for (std::size_t i = 0; i < read.size(); ++i) {
    const Token& t = read[i];
    if (t.meaning && t.meaning->kind == WordKind::PIECE) {
      const PieceType named = PieceType(t.meaning->value);
      if (spots.empty() && piece == NO_PIECE_TYPE) piece = named;
      else if (!spots.empty() && s.promotion == NO_PIECE_TYPE) s.promotion = named;
      else return refuse("more than one piece named");
      continue;
    }
    if (t.meaning && t.meaning->kind != WordKind::FILE && t.meaning->kind != WordKind::RANK) continue;  // ignored
    Spot spot = t.spot;
    if (t.meaning) (t.meaning->kind == WordKind::FILE ? spot.file : spot.rank) = t.meaning->value;
    // A file followed by a rank is a square: "Felix drei", "f drei", "Felix 3".
    if (spot.file >= 0 && spot.rank < 0 && i + 1 < read.size()) {
      const Token& next = read[i + 1];
      if (next.meaning && next.meaning->kind == WordKind::RANK) spot.rank = next.meaning->value, ++i;
      else if (!next.meaning && next.spot.file < 0 && next.spot.rank >= 0) spot.rank = next.spot.rank, ++i;
    }
    spots.push_back(spot);
  }
  if (spots.empty() || !spots.back().is_square()) return refuse("no arrival square");
  if (spots.size() > 2) return refuse("more squares than a departure and an arrival");
  s.to = make_square(File(spots.back().file), Rank(spots.back().rank));
  if (spots.size() == 2) {
    s.from_file = spots[0].file;
    s.from_rank = spots[0].rank;
  }
  s.piece = piece != NO_PIECE_TYPE ? piece : s.has_from_square() ? NO_PIECE_TYPE : PAWN;
  if (s.promotion == KING || s.promotion == PAWN)
    return refuse(std::string("a pawn cannot be promoted to a ") + (s.promotion == KING ? "king" : "pawn"));
  if (s.promotion != NO_PIECE_TYPE && s.piece != PAWN && s.piece != NO_PIECE_TYPE)
    return refuse("only a pawn can be promoted");
  return Reading(s);
}

}  // namespace tabiya
