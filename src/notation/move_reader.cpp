// Reading a move: the text is decoded and cleaned (move_text_scan), parsed
// into what it says without looking at the board (MoveSyntax), and only then
// matched against the legal moves, so syntax errors and rule errors stay apart.
// The leniency rules are listed in move_reader.h.
#include "notation/move_reader.h"

#include <algorithm>
#include <array>

#include "core/movegen.h"
#include "notation/iccf_numeric.h"
#include "notation/move_syntax.h"
#include "notation/move_text_scan.h"
#include "notation/plain_san.h"
#include "notation/san.h"
#include "notation/spoken_move.h"

namespace tabiya {

namespace {

// No move in any accepted form is anywhere near this long (in code points),
// words included ("Bauer Bella schlaegt Anna eins Springer, Matt" is 44).
constexpr std::size_t MAX_MOVE_LENGTH = 96;

struct Letter {
  std::u32string text;
  PieceType type;
};

// One way of reading piece letters, longest letters first so "Кр" wins over "К".
using Alphabet = std::vector<Letter>;

// Latin look-alikes of the Cyrillic letters used for pieces.
char32_t latin_twin(char32_t c) {
  switch (c) {
    case U'\u041A': return U'K';  // К
    case U'\u041E': return U'O';  // О
    case U'\u0422': return U'T';  // Т
    case U'\u0421': return U'C';  // С
    case U'\u0440': return U'p';  // р
    default: return 0;
  }
}

void add_with_twins(Alphabet& alphabet, const std::u32string& letter, PieceType type) {
  // Every mix of Cyrillic letters and their Latin twins ("Кр", "Kр", "Кp", "Kp").
  std::vector<std::u32string> forms = {U""};
  for (char32_t c : letter) {
    std::vector<std::u32string> next;
    for (const std::u32string& f : forms) {
      next.push_back(f + c);
      if (char32_t twin = latin_twin(c)) next.push_back(f + twin);
    }
    forms = std::move(next);
  }
  for (std::u32string& f : forms) alphabet.push_back({std::move(f), type});
}

Alphabet make_alphabet(Language lang) {
  Alphabet alphabet;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
    const std::u32string letter = move_text::decode_utf8(piece_letter(lang, pt)).text;
    add_with_twins(alphabet, letter, pt);
  }
  std::stable_sort(alphabet.begin(), alphabet.end(),
                   [](const Letter& a, const Letter& b) { return a.text.size() > b.text.size(); });
  return alphabet;
}

const Alphabet& alphabet_for(Language lang) {
  static const std::array<Alphabet, 7> ALPHABETS = [] {
    std::array<Alphabet, 7> all;
    for (Language l : all_languages()) all[std::size_t(l)] = make_alphabet(l);
    return all;
  }();
  return ALPHABETS[std::size_t(lang)];
}

bool is_file(char32_t c) { return c >= U'a' && c <= U'h'; }
bool is_rank(char32_t c) { return c >= U'1' && c <= U'8'; }
bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_ascii_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }

// ♔♕♖♗♘♙ (U+2654..) and ♚♛♜♝♞♟ (U+265A..) in the same order.
PieceType figurine_type(char32_t c) {
  if (c < U'\u2654' || c > U'\u265F') return NO_PIECE_TYPE;
  static constexpr PieceType ORDER[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  return ORDER[(c - U'\u2654') % 6];
}

// Length of the piece symbol that starts at text[pos] (0 if none).
std::size_t piece_at(std::u32string_view text, std::size_t pos, const Alphabet& alphabet, PieceType& type) {
  if (pos >= text.size()) return 0;
  if ((type = figurine_type(text[pos])) != NO_PIECE_TYPE) return 1;
  for (const Letter& l : alphabet) {
    if (text.substr(pos).starts_with(l.text)) {
      type = l.type;
      return l.text.size();
    }
  }
  return 0;
}

// Length of the promotion piece symbol that ends at text[end - 1] (0 if none).
// Lowercase q r b n are accepted here as in UCI (e7e8q): at the end of a move
// they cannot be files.
std::size_t promotion_before(std::u32string_view text, std::size_t end, const Alphabet& alphabet, PieceType& type) {
  if (end == 0) return 0;
  const char32_t last = text[end - 1];
  if ((type = figurine_type(last)) != NO_PIECE_TYPE) return 1;
  switch (last) {
    case U'q': type = QUEEN; return 1;
    case U'r': type = ROOK; return 1;
    case U'b': type = BISHOP; return 1;
    case U'n': type = KNIGHT; return 1;
    default: break;
  }
  for (const Letter& l : alphabet) {
    if (text.substr(0, end).ends_with(l.text)) {
      type = l.type;
      return l.text.size();
    }
  }
  return 0;
}

const char* piece_name(PieceType pt) {
  static constexpr const char* NAMES[] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return pt < PIECE_TYPE_NB ? NAMES[pt] : "piece";
}
const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }
const char* side_name(bool king_side) { return king_side ? "king side" : "queen side"; }

struct SyntaxError {
  std::string what;
};

std::string show(char32_t c) { return move_text::quote(move_text::encode_utf8(std::u32string_view(&c, 1))); }

SyntaxError unexpected(std::u32string_view body, std::size_t pos) {
  const char32_t c = body[pos];
  if (c == U'P' && pos == 0) return {"\"P\" is not a piece letter: pawns have no letter, write e4 (FIDE Appendix C.4)"};
  if (c == U'x' && pos == 0) return {"a capture names the piece or the file it comes from, as in Nxd5 or exd5"};
  if (c >= U'i' && c <= U'z' && c != U'x' && pos + 1 < body.size() && is_digit(body[pos + 1]))
    return {"no such square \"" + move_text::encode_utf8(body.substr(pos, 2)) + "\""};
  if (pos == 0 && !is_file(c) && (is_ascii_letter(c) || c > 0x7F))
    return {show(c) + " is not a piece letter" + (c >= U'i' && c <= U'z' ? " (piece letters are capitals)" : "")};
  return {"unexpected " + show(c) + " at character " + std::to_string(pos + 1)};
}

// O-O, 0-0, o-o and O-O-O forms (also Cyrillic О, which Bulgarian keyboards give).
bool read_castling(std::u32string_view body, bool& king_side) {
  if (body.size() != 3 && body.size() != 5) return false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char32_t c = body[i];
    const bool ok = i % 2 ? c == U'-'
                          : c == U'O' || c == U'o' || c == U'0' || c == U'\u041E' || c == U'\u043E';
    if (!ok) return false;
  }
  king_side = body.size() == 3;
  return true;
}

Result<MoveSyntax, SyntaxError> read_syntax(std::u32string_view body, const Alphabet& alphabet) {
  MoveSyntax s;
  if (looks_like_iccf_numeric(body)) {
    // ICCF numeric (5254, 5171, 57581): squares only, like UCI, so the piece
    // is whatever stands on the departure square and castling is the king's
    // move.
    Result<IccfNumericMove, std::string> numeric = read_iccf_numeric(body);
    if (!numeric) return SyntaxError{numeric.error()};
    s.from_file = int(file_of(numeric->from));
    s.from_rank = int(rank_of(numeric->from));
    s.to = numeric->to;
    s.promotion = numeric->promotion;
    return s;
  }
  if (read_castling(body, s.king_side)) {
    s.castling = true;
    return s;
  }
  if (std::none_of(body.begin(), body.end(), is_digit)) return SyntaxError{"no arrival square"};

  std::size_t begin = 0, end = body.size();
  PieceType named = NO_PIECE_TYPE;
  if (std::size_t length = piece_at(body, 0, alphabet, named)) begin = length;
  else if (!is_file(body[0])) return unexpected(body, 0);

  // The promotion piece, at the end: e8Q, e8=Q, e8/Q, e8(Q), e7e8q.
  if (body.back() == U')') {
    const std::size_t open = body.rfind(U'(');
    PieceType promo = NO_PIECE_TYPE;
    if (open == std::u32string_view::npos || open < begin) return SyntaxError{"\")\" without \"(\""};
    if (open + 2 >= end || piece_at(body, open + 1, alphabet, promo) != end - open - 2)
      return SyntaxError{"no promotion piece between \"(\" and \")\""};
    s.promotion = promo;
    end = open;
  } else if (!is_digit(body.back())) {
    const char32_t last = body.back();
    if (last == U'=' || last == U'/' || last == U'(') return SyntaxError{"no promotion piece after " + show(last)};
    PieceType promo = NO_PIECE_TYPE;
    const std::size_t length = promotion_before(body, end, alphabet, promo);
    if (length == 0 || end - length < begin) return unexpected(body, end - 1);
    s.promotion = promo;
    end -= length;
    if (end > begin && (body[end - 1] == U'=' || body[end - 1] == U'/')) --end;
  }

  // The arrival square.
  if (end < begin + 2) return SyntaxError{"no arrival square"};
  const char32_t file = body[end - 2], rank = body[end - 1];
  if (!is_file(file) || !is_rank(rank)) {
    if (is_ascii_letter(file) && is_digit(rank))
      return SyntaxError{"no such square \"" + move_text::encode_utf8(body.substr(end - 2, 2)) + "\""};
    return unexpected(body, is_file(file) || is_ascii_letter(file) ? end - 1 : end - 2);
  }
  s.to = make_square(File(file - U'a'), Rank(rank - U'1'));

  // Between piece and arrival: departure file and/or rank, then x or -.
  std::size_t i = begin;
  const std::size_t middle_end = end - 2;
  if (i < middle_end && is_file(body[i])) s.from_file = int(body[i++] - U'a');
  if (i < middle_end && is_rank(body[i])) s.from_rank = int(body[i++] - U'1');
  const bool capture = i < middle_end && body[i] == U'x';
  const bool hyphen = i < middle_end && body[i] == U'-';
  if (capture || hyphen) ++i;
  if (i != middle_end) return unexpected(body, i);

  if (hyphen && !s.has_from_square()) return SyntaxError{"a hyphen needs the whole departure square, as in e2-e4"};
  if (named != NO_PIECE_TYPE) s.piece = named;
  else s.piece = s.has_from_square() ? NO_PIECE_TYPE : PAWN;
  if (s.piece == PAWN && s.from_file < 0) {
    if (capture) return SyntaxError{"a pawn capture names the file it comes from, as in exd5 (FIDE Appendix C.9)"};
    if (s.from_rank >= 0) return SyntaxError{"a pawn's departure rank needs its file too, as in e2e4"};
  }
  if (s.promotion == KING || s.promotion == PAWN)
    return SyntaxError{std::string("a pawn cannot be promoted to a ") + piece_name(s.promotion)};
  if (s.promotion != NO_PIECE_TYPE && s.piece != PAWN && s.piece != NO_PIECE_TYPE)
    return SyntaxError{"only a pawn can be promoted"};
  return s;
}

bool is_king_side(Move castling) { return file_of(castling.to()) > file_of(castling.from()); }

// The legal moves the text describes. ignore_en_passant drops the "e.p."
// condition, to explain a failed match.
std::vector<Move> matching_moves(const Position& pos, const MoveList& legal, const MoveSyntax& s,
                                 bool ignore_en_passant = false) {
  std::vector<Move> exact, castling_by_king_square;
  for (Move m : legal) {
    if (s.en_passant && !ignore_en_passant && m.kind() != MoveKind::EN_PASSANT) continue;
    if (m.kind() == MoveKind::CASTLING) {
      if (s.castling) {
        if (is_king_side(m) == s.king_side) exact.push_back(m);
        continue;
      }
      if (!s.has_from_square() || s.from_square() != m.from() || s.promotion != NO_PIECE_TYPE) continue;
      if (s.piece != KING && s.piece != NO_PIECE_TYPE) continue;
      if (s.to == m.to()) {
        exact.push_back(m);  // king takes own rook: e1h1
      } else {
        const Square king_to = Position::castling_king_to(pos.side_to_move(), m.from(), m.to());
        if (king_to == s.to && king_to != m.from()) castling_by_king_square.push_back(m);  // e1g1
      }
      continue;
    }
    if (s.castling || m.to() != s.to) continue;
    if (s.from_file >= 0 && int(file_of(m.from())) != s.from_file) continue;
    if (s.from_rank >= 0 && int(rank_of(m.from())) != s.from_rank) continue;
    if (s.piece != NO_PIECE_TYPE && pos.moved_piece_type(m) != s.piece) continue;
    if (m.kind() == MoveKind::PROMOTION) {
      if (s.promotion != NO_PIECE_TYPE && s.promotion != m.promotion()) continue;
    } else if (s.promotion != NO_PIECE_TYPE) {
      continue;
    }
    exact.push_back(m);
  }
  return exact.empty() ? castling_by_king_square : exact;
}

// Candidates in a stable order, the one a reader scans: by departure square,
// then arrival, then promotion piece from queen down.
void sort_for_reading(std::vector<Move>& moves) {
  std::sort(moves.begin(), moves.end(), [](Move a, Move b) {
    if (a.from() != b.from()) return a.from() < b.from();
    if (a.to() != b.to()) return a.to() < b.to();
    return a.kind() == MoveKind::PROMOTION && b.kind() == MoveKind::PROMOTION && a.promotion() > b.promotion();
  });
}

std::string san_list(const Position& pos, const std::vector<Move>& moves, Language lang) {
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ", ";
    out += to_san(pos, m, SanStyle::LETTERS, lang);
  }
  return out;
}

std::string castling_reason(const Position& pos, bool king_side) {
  const Color us = pos.side_to_move();
  const CastlingSide side = king_side ? KING_SIDE : QUEEN_SIDE;
  const std::string who = color_name(us);
  if (!pos.can_castle(us, side)) return who + " has no right to castle on the " + side_name(king_side);
  if (pos.in_check()) return who + " is in check";
  if (pos.castling_empty_mask(us, side) & pos.pieces()) return "pieces stand between the king and the rook";
  return "the king would cross or land on an attacked square";
}

MoveError illegal(const Position& pos, const MoveList& legal, const MoveSyntax& s, const std::string& shown,
                  Language lang) {
  const Color us = pos.side_to_move();
  std::string reason;
  std::vector<Move> close;
  if (s.castling) {
    reason = castling_reason(pos, s.king_side);
  } else {
    const std::string to = square_name(s.to);
    PieceType type = s.piece;
    if (s.en_passant) {
      close = matching_moves(pos, legal, s, true);
      if (!close.empty()) reason = "it is not an en passant capture";
    }
    if (reason.empty() && s.has_from_square()) {
      const std::string from = square_name(s.from_square());
      const Piece p = pos.piece_on(s.from_square());
      if (p == NO_PIECE) {
        reason = from + " is empty";
      } else if (color_of(p) != us) {
        reason = from + " holds a " + (us == WHITE ? "black " : "white ") + piece_name(type_of(p)) + ", and " +
                 color_name(us) + " is to move";
      } else {
        if (type != NO_PIECE_TYPE && type_of(p) != type)
          reason = from + " holds a " + piece_name(type_of(p)) + ", not a " + piece_name(type);
        type = type_of(p);  // the candidates show what the piece standing there can do
      }
    }
    if (reason.empty() && type != NO_PIECE_TYPE && !pos.pieces(us, type))
      reason = color_name(us) + std::string(" has no ") + piece_name(type);
    if (reason.empty() && s.promotion != NO_PIECE_TYPE && relative_rank(us, s.to) != RANK_8)
      reason = "a pawn promotes only on the last rank";
    // Close candidates: moves of that piece to that square, else from that square.
    auto collect = [&](auto wanted) {
      for (Move m : legal)
        if (m.kind() != MoveKind::CASTLING && wanted(m)) close.push_back(m);
    };
    if (close.empty())
      collect([&](Move m) { return m.to() == s.to && (type == NO_PIECE_TYPE || pos.moved_piece_type(m) == type); });
    if (close.empty() && (s.from_file >= 0 || s.from_rank >= 0))
      collect([&](Move m) {
        return (s.from_file < 0 || int(file_of(m.from())) == s.from_file) &&
               (s.from_rank < 0 || int(rank_of(m.from())) == s.from_rank) &&
               (type == NO_PIECE_TYPE || pos.moved_piece_type(m) == type);
      });
    if (reason.empty()) {
      const std::string what = type == NO_PIECE_TYPE ? "piece" : piece_name(type);
      if (s.has_from_square()) {
        reason = "the " + what + " on " + square_name(s.from_square()) + " cannot move to " + to;
        if (pos.pinned() & square_bb(s.from_square())) reason += " (it is pinned)";
      } else if (s.from_file >= 0) {
        reason = "no " + what + " on the " + char('a' + s.from_file) + "-file can move to " + to;
      } else if (s.from_rank >= 0) {
        reason = "no " + what + " on rank " + char('1' + s.from_rank) + " can move to " + to;
      } else {
        reason = "no " + what + " can move to " + to;
      }
      if (pos.in_check()) reason += std::string(" (") + color_name(us) + " is in check)";
    }
  }
  sort_for_reading(close);
  std::string message = shown + " is illegal: " + reason;
  if (!close.empty()) message += "; legal moves close to it: " + san_list(pos, close, lang);
  return MoveError{MoveErrorKind::ILLEGAL, std::move(message), std::move(close)};
}

MoveError ambiguous(const Position& pos, std::vector<Move> matches, const std::string& shown, Language lang) {
  const bool all_promotions = std::all_of(matches.begin(), matches.end(),
                                          [](Move m) { return m.kind() == MoveKind::PROMOTION; });
  sort_for_reading(matches);
  std::string message = shown + " is ambiguous: ";
  if (all_promotions) message += "name the piece the pawn becomes: ";
  message += san_list(pos, matches, lang);
  return MoveError{MoveErrorKind::AMBIGUOUS, std::move(message), std::move(matches)};
}

MoveError syntax_error(const std::string& shown, const std::string& what) {
  return MoveError{MoveErrorKind::SYNTAX, shown + ": " + what, {}};
}

std::string_view trim_ascii(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

Result<Move, MoveError> parse_move(const Position& pos, std::string_view text, const MoveReadOptions& options) {
  // Only in English: elsewhere a letter may name another piece (French R is the king).
  if (options.language == Language::EN)
    if (std::optional<Move> plain = read_plain_san(pos, text)) return *plain;
  return parse_move_by_listing(pos, text, options);
}

Result<Move, MoveError> parse_move_by_listing(const Position& pos, std::string_view text,
                                              const MoveReadOptions& options) {
  const std::string shown = move_text::quote(trim_ascii(text));
  const move_text::Decoded decoded = move_text::decode_utf8(text);
  if (decoded.bad_byte)
    return syntax_error(shown, "not valid UTF-8 at byte " + std::to_string(*decoded.bad_byte + 1));

  // Words keep their own letters (Cyrillic с is not the file c there); symbols are folded.
  std::u32string typed, body;
  for (char32_t c : decoded.text)
    if (!move_text::is_presentation_selector(c)) typed.push_back(c);
  std::size_t first = 0;
  while (first < typed.size() && move_text::is_space(typed[first])) ++first;
  typed.erase(0, first);
  if (typed.size() > MAX_MOVE_LENGTH) return syntax_error(shown, "too long to be a move");
  for (char32_t c : typed) body.push_back(move_text::fold(c));
  const move_text::Marks marks = move_text::strip_marks(body);
  if (body.empty()) return syntax_error(shown, "no move given");

  const MoveList legal = legal_moves(pos);
  // The move a reading says: the only match, an ambiguity, or why none is legal.
  std::optional<MoveError> first_syntax, first_illegal;
  auto match = [&](MoveSyntax syntax) -> std::optional<Result<Move, MoveError>> {
    syntax.en_passant = marks.en_passant;
    std::vector<Move> matches = matching_moves(pos, legal, syntax);
    if (matches.size() == 1) return matches[0];
    if (matches.size() > 1) return ambiguous(pos, std::move(matches), shown, options.language);
    if (!first_illegal) first_illegal = illegal(pos, legal, syntax, shown, options.language);
    return std::nullopt;
  };

  std::vector<Language> readings = {options.language};
  if (options.language != Language::EN) readings.push_back(Language::EN);
  for (Language reading : readings) {
    Result<MoveSyntax, SyntaxError> syntax = read_syntax(body, alphabet_for(reading));
    if (!syntax) {
      if (!first_syntax) first_syntax = syntax_error(shown, syntax.error().what);
      continue;
    }
    if (auto found = match(*syntax)) return *found;
  }

  // Symbols have no spaces inside; several words may be a move said in words.
  const bool several_words = std::any_of(body.begin(), body.end(), move_text::is_space);
  if (options.words && several_words && !first_illegal) {
    move_text::strip_marks(typed);  // "e.p." and check signs would read as words
    if (auto spoken = read_spoken_move(typed, options.language)) {
      if (!*spoken) return syntax_error(shown, spoken->error());
      if (auto found = match(spoken->value())) return *found;
    }
  }
  return first_illegal ? *first_illegal : *first_syntax;
}

}  // namespace tabiya
