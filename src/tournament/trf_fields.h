// The fixed-column fields of the Tournament Report File, shared by the readers
// and writers of its two versions (trf.cpp, trf25.cpp): columns are 1-based in
// messages and in the FIDE texts, 0-based in the code.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tournament/tournament.h"

namespace tabiya::tournament::trf_fields {

// A problem in one line: the reader adds the source and the line number.
struct LineError {
  int column;  // 1-based
  std::string message;
};

std::string_view trim(std::string_view s);
// Columns [from, from + len) of a line (0-based); shorter at the line's end.
std::string_view field(std::string_view line, size_t from, size_t len);
// A field of digits (blanks around allowed) into `out`.
bool parse_uint(std::string_view s, int& out);
// "4.5", "4", "10.0", ",5" into tenths.
bool parse_points(std::string_view s, Points& out);
// `s` padded (or cut) to `width`, on the right or on the left.
std::string right(const std::string& s, size_t width);
std::string left(const std::string& s, size_t width);
// A number right-aligned in `width` columns with leading zeros ("003").
std::string zero_padded(int n, size_t width);

}  // namespace tabiya::tournament::trf_fields
