// Piece letters by language, for reading and writing national algebraic
// notation (FIDE Laws Appendix C allows each country its own letters).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace tabiya {

enum class Language { EN, PL, DE, LV, UK, RU, BG };

// "en", "pl", "de", "lv", "uk", "ru", "bg" (case-insensitive).
std::optional<Language> parse_language(std::string_view code);
std::string_view language_code(Language lang);
std::vector<Language> all_languages();

// The letter(s) used for a piece in a language, UTF-8 (e.g. BG queen "Д",
// UK king "Кр"). Empty for PAWN.
std::string_view piece_letter(Language lang, PieceType pt);

// The white figurine for a piece type (♔♕♖♗♘♙), UTF-8. Figurine notation uses
// the white figurines for both colours, as lichess and ChessBase print it.
std::string_view piece_figurine(PieceType pt);

}  // namespace tabiya
