// Reading the private lines a tournament's TRF keeps for the server (individual and team events alike): the words
// of a line, and a start number or count among them.
#pragma once

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

namespace tabiya::server {

inline std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// At most 9 digits and nothing else (so std::stoi cannot throw).
inline bool to_int(const std::string& s, int& v) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c); }))
    return false;
  v = std::stoi(s);
  return true;
}

}  // namespace tabiya::server
