#include "notation/language.h"

#include <array>

namespace tabiya {

namespace {

struct LanguageInfo {
  Language lang;
  std::string_view code;
  // Letters for KNIGHT, BISHOP, ROOK, QUEEN, KING (PieceType order).
  std::array<std::string_view, 5> letters;
};

// FIDE Laws Appendix C.2-C.3: English letters, or the letters commonly used in
// the player's country. Cyrillic letters are UTF-8; Ukrainian and Russian write
// the king with two letters (Кр, "король").
constexpr std::array<LanguageInfo, 7> LANGUAGES = {{
    {Language::EN, "en", {"N", "B", "R", "Q", "K"}},
    {Language::PL, "pl", {"S", "G", "W", "H", "K"}},
    {Language::DE, "de", {"S", "L", "T", "D", "K"}},
    {Language::LV, "lv", {"Z", "L", "T", "D", "K"}},
    {Language::UK, "uk", {"К", "С", "Т", "Ф", "Кр"}},
    {Language::RU, "ru", {"К", "С", "Л", "Ф", "Кр"}},
    {Language::BG, "bg", {"К", "О", "Т", "Д", "Ц"}},
}};

const LanguageInfo& info(Language lang) {
  for (const LanguageInfo& i : LANGUAGES)
    if (i.lang == lang) return i;
  return LANGUAGES[0];
}

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

}  // namespace

std::optional<Language> parse_language(std::string_view code) {
  for (const LanguageInfo& i : LANGUAGES) {
    if (code.size() != i.code.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < code.size(); ++k) same = same && ascii_lower(code[k]) == i.code[k];
    if (same) return i.lang;
  }
  return std::nullopt;
}

std::string_view language_code(Language lang) { return info(lang).code; }

std::vector<Language> all_languages() {
  std::vector<Language> out;
  for (const LanguageInfo& i : LANGUAGES) out.push_back(i.lang);
  return out;
}

std::string_view piece_letter(Language lang, PieceType pt) {
  if (pt < KNIGHT || pt > KING) return {};
  return info(lang).letters[pt - KNIGHT];
}

std::string_view piece_figurine(PieceType pt) {
  // U+2654..U+2659, white king to white pawn.
  switch (pt) {
    case KING: return "\u2654";
    case QUEEN: return "\u2655";
    case ROOK: return "\u2656";
    case BISHOP: return "\u2657";
    case KNIGHT: return "\u2658";
    case PAWN: return "\u2659";
    default: return {};
  }
}

}  // namespace tabiya
