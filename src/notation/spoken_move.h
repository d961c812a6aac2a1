// Private to the move reader: a move said or typed in words, as players who
// are blind or visually impaired announce them (FIDE Laws Appendix D.2.1 in
// the 2014 and 2018 editions; 2009 E.2.1, 2005 F.2.1): files Anna, Bella, Cesar,
// David, Eva, Felix, Gustav, Hector; ranks eins, zwei, ... acht; pieces Koenig,
// Dame, Turm, Laeufer, Springer, Bauer; "Kurze Rochade" and "Lange Rochade";
// the promoted piece named after the square. Those words are the Laws' own and
// are read in every language. Besides them each language's own words are read
// (the web app's catalogue: "knight takes e5", "skoczek bije na e5", "кінь з g1
// на f3"), with its number words for ranks, as D.2.1 lets the arbiter decide
// otherwise than German numbers, and English is read in every language.
//
// Reading: the piece named before the first square moves (a pawn if none is
// named); the last square is the arrival, the spot before it (a square, a file
// or a rank) the departure; a piece named after a square is the promotion.
// Prepositions, capture, check and mate words are read and ignored, as the
// reader ignores x, + and # (move_reader.h). Case and diacritics do not matter
// ("Läufer", "laufer", "Laeufer"; "wieża", "wieza").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "notation/language.h"
#include "notation/move_syntax.h"

namespace tabiya {

// nullopt when the text holds no word of the vocabulary (it is not a move in
// words, and the symbolic reading's error says more); otherwise what the words
// say, or why they do not make a move (an English phrase).
std::optional<Result<MoveSyntax, std::string>> read_spoken_move(std::u32string_view text, Language lang);

}  // namespace tabiya
