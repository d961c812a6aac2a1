// The labelled position files of tests/data/dead/ (positions.txt, hard.txt, deep_walks.txt, stalemate_locks.txt):
// lines "FEN | white | black | note", each label "winnable" or "unwinnable" (can this side still checkmate?),
// with blank lines and # comments between. A malformed line fails the reading test and is skipped.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "laws/dead_position.h"

namespace tabiya {

struct LabelledPosition {
  std::string fen;
  Winnability expected[COLOR_NB];
  std::string note;
  int line = 0;  // in its file, for the messages
  bool winnable(Color c) const { return expected[c] == Winnability::WINNABLE; }
};

inline std::string trimmed_field(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// `file`: a name under tests/data/dead/.
inline std::vector<LabelledPosition> read_labelled_positions(const std::string& file) {
  std::ifstream in(std::string(TABIYA_TEST_DATA) + "/dead/" + file);
  EXPECT_TRUE(in.good()) << file;
  std::vector<LabelledPosition> out;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trimmed_field(text).empty() || trimmed_field(text)[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(text);
    for (std::string field; std::getline(ss, field, '|');) fields.push_back(trimmed_field(field));
    EXPECT_EQ(fields.size(), 4u) << file << " line " << number;
    if (fields.size() != 4) continue;
    auto label = [&](const std::string& word) {
      EXPECT_TRUE(word == "winnable" || word == "unwinnable") << file << " line " << number;
      return word == "winnable" ? Winnability::WINNABLE : Winnability::UNWINNABLE;
    };
    out.push_back(LabelledPosition{fields[0], {label(fields[1]), label(fields[2])}, fields[3], number});
  }
  return out;
}

}  // namespace tabiya
