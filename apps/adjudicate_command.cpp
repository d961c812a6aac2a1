// tabiya adjudicate [--nodes N] [--quick]
//
// Reads lines "FEN [white|black]" from standard input and answers, for each,
// whether that colour can still checkmate by any series of legal moves (FIDE
// 2014 Art. 6.9, 7.5.b, A.4.b, A.4.c; both colours: Art. 5.2.b). Without a
// colour the side that just moved is asked about, i.e. not the side to move.
// One output line per input line:
//   winnable <uci moves of a mating line> nodes N us T
//   unwinnable nodes N us T
//   undetermined nodes N us T          (the node budget ran out)
//   probably winnable nodes N us T     (--quick: no proof either way looked for)
// An unwinnable answer ends with its proof: "by material", "by blocked
// structure", "by unreachable region", "by freezing structure", "by reachable
// squares", "by stalemate lock", "by exhausted search", "by game over" or (--quick) "by
// look-ahead" (every line reaches one of these proofs within a few plies).
//   error: line L: <message>           (and processing continues)
// Blank lines and lines starting with '#' are skipped. The FEN may be given
// whole, without its move counters, or as placement and side to move only
// (the rest read as "- - 0 1").
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "core/fen.h"
#include "core/uci_move.h"
#include "laws/dead_position.h"

namespace tabiya::cli {

namespace {

// Splits "FEN [colour]" into the FEN text and the colour asked about.
struct Query {
  std::string fen;
  bool has_colour = false;
  Color colour = WHITE;
};

Query split_query(const std::string& line) {
  std::istringstream words(line);
  std::vector<std::string> tokens;
  for (std::string word; words >> word;) tokens.push_back(word);
  Query query;
  if (!tokens.empty() && (tokens.back() == "white" || tokens.back() == "black")) {
    query.has_colour = true;
    query.colour = tokens.back() == "white" ? WHITE : BLACK;
    tokens.pop_back();
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) query.fen += (i ? " " : "") + tokens[i];
  return query;
}

void adjudicate(std::istream& in, std::ostream& out, const WinnabilityLimits& limits, bool quick) {
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    Query query = split_query(line);
    auto pos = parse_abbreviated_fen(query.fen);
    if (!pos) {
      out << "error: line " << number << ": " << pos.error().message << '\n';
      continue;
    }
    Color winner = query.has_colour ? query.colour : ~pos->side_to_move();
    auto start = std::chrono::steady_clock::now();
    WinnabilityResult result = quick ? can_checkmate_quick(*pos, winner) : can_checkmate(*pos, winner, limits);
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
    switch (result.verdict) {
      case Winnability::WINNABLE:
        out << "winnable";
        for (Move m : result.mating_line) out << ' ' << to_uci(m, *pos);
        break;
      case Winnability::UNWINNABLE:
        out << "unwinnable";
        break;
      case Winnability::UNDETERMINED:
        out << "undetermined";
        break;
      case Winnability::PROBABLY_WINNABLE:
        out << "probably winnable";
        break;
    }
    out << " nodes " << result.nodes << " us " << us.count();
    if (result.verdict == Winnability::UNWINNABLE) out << " by " << unwinnable_reason_name(result.reason);
    out << '\n';
  }
  out.flush();
}

}  // namespace

void add_adjudicate_command(CLI::App& app) {
  auto limits = std::make_shared<WinnabilityLimits>();
  auto quick = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "adjudicate", "For each line \"FEN [white|black]\" on stdin: can that side still checkmate? (Art. 6.9, 5.2.b)");
  cmd->add_option("--nodes", limits->max_nodes, "Search budget in positions per query")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_flag("--quick", *quick,
                "Quick mode (flag fall, servers): unwinnable only with a static proof, else winnable with a line "
                "found in a few positions, or probably winnable");
  cmd->callback([limits, quick] { adjudicate(std::cin, std::cout, *limits, *quick); });
}

}  // namespace tabiya::cli
