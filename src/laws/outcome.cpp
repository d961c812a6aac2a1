#include "laws/outcome.h"

#include <array>

namespace tabiya {
namespace {

struct ScoreRow {
  Score score;
  std::string_view text;
  std::string_view pgn;
  int white, black;  // in half points, classic scoring
};

constexpr std::array<ScoreRow, 10> SCORES = {{
    {Score::WHITE_WINS, "1-0", "1-0", 2, 0},
    {Score::BLACK_WINS, "0-1", "0-1", 0, 2},
    {Score::DRAW, "1/2-1/2", "1/2-1/2", 1, 1},
    {Score::BOTH_LOSE, "0-0", "*", 0, 0},
    {Score::WHITE_HALF, "1/2-0", "*", 1, 0},
    {Score::BLACK_HALF, "0-1/2", "*", 0, 1},
    {Score::WHITE_FORFEIT_WIN, "+/-", "1-0", 2, 0},
    {Score::BLACK_FORFEIT_WIN, "-/+", "0-1", 0, 2},
    {Score::DOUBLE_FORFEIT, "-/-", "*", 0, 0},
    {Score::NO_RESULT, "*", "*", 0, 0},
}};

const ScoreRow& row(Score s) { return SCORES[static_cast<std::size_t>(s)]; }

// Article numbers per edition: 2001, 2005, 2009, 2014, 2018. Older editions
// number paragraphs with letters (5.1a), 2014 with ".a", 2018 with digits.
struct TerminationRow {
  std::string_view name;
  std::array<std::string_view, 5> article;
};

constexpr std::array<TerminationRow, 20> TERMINATIONS = {{
    {"checkmate", {"Art. 5.1a", "Art. 5.1a", "Art. 5.1a", "Art. 5.1.a", "Art. 5.1.1"}},
    {"resignation", {"Art. 5.1b", "Art. 5.1b", "Art. 5.1b", "Art. 5.1.b", "Art. 5.1.2"}},
    {"stalemate", {"Art. 5.2a", "Art. 5.2a", "Art. 5.2a", "Art. 5.2.a", "Art. 5.2.1"}},
    {"dead position", {"Art. 5.2b", "Art. 5.2b", "Art. 5.2b", "Art. 5.2.b", "Art. 5.2.2"}},
    {"draw by agreement", {"Art. 9.1", "Art. 9.1", "Art. 9.1", "Art. 9.1", "Art. 9.1"}},
    {"threefold repetition", {"Art. 9.2", "Art. 9.2", "Art. 9.2", "Art. 9.2", "Art. 9.2"}},
    {"fifty-move rule", {"Art. 9.3", "Art. 9.3", "Art. 9.3", "Art. 9.3", "Art. 9.3"}},
    {"fivefold repetition", {"-", "-", "-", "Art. 9.6.a", "Art. 9.6.1"}},
    {"seventy-five-move rule", {"-", "-", "-", "Art. 9.6.b", "Art. 9.6.2"}},
    {"loss on time", {"Art. 6.10", "Art. 6.10", "Art. 6.9", "Art. 6.9", "Art. 6.9"}},
    {"flag fall, but the opponent cannot checkmate", {"Art. 6.10", "Art. 6.10", "Art. 6.9", "Art. 6.9", "Art. 6.9"}},
    {"both flags fell in the last period", {"Art. 10.3", "Art. 6.12", "Art. 6.11", "Art. 6.11.b", "Art. 6.11.2"}},
    {"illegal moves", {"Art. 7.4b", "Art. 7.4b", "Art. 7.4b", "Art. 7.5.b", "Art. 7.5.5"}},
    {"illegal moves, but the opponent cannot checkmate", {"Art. 7.4b", "Art. 7.4b", "Art. 7.4b", "Art. 7.5.b", "Art. 7.5.5"}},
    {"illegal position left on the board", {"-", "-", "-", "Appendix A.4.d", "Appendix A.4.4"}},
    {"forfeit", {"Art. 6.7", "Art. 6.7", "Art. 6.6a", "Art. 6.7.a", "Art. 6.7.1"}},
    {"adjournment rules", {"Appendix A", "Appendix A", "Appendix E", "Appendix E", "Appendix E"}},
    {"quickplay finish claim", {"Art. 10", "Art. 10", "Art. 10", "Appendix G", "Appendix G"}},
    {"arbiter's decision", {"Art. 13", "Art. 13", "Art. 13", "Art. 12", "Art. 12"}},
    {"game aborted", {"-", "-", "-", "-", "-"}},
}};

}  // namespace

std::string_view score_text(Score s) { return row(s).text; }
std::string_view pgn_result(Score s) { return row(s).pgn; }

std::optional<Score> parse_score(std::string_view text) {
  if (text == "1/2-1/2" || text == "\xC2\xBD-\xC2\xBD") return Score::DRAW;
  for (const ScoreRow& r : SCORES)
    if (r.text == text && r.score != Score::NO_RESULT) return r.score;  // "*" is an unfinished game's
  return std::nullopt;
}

Points points(Score s, ScoringSystem system) {
  const ScoreRow& r = row(s);
  if (system == ScoringSystem::CLASSIC) return {r.white, r.black, 2};
  // 3/1/0: a win is 3, a draw (half point) is 1, a loss 0.
  auto convert = [](int halves) { return halves == 2 ? 3 : halves; };
  return {convert(r.white), convert(r.black), 1};
}

std::string_view termination_name(Termination t) { return TERMINATIONS[static_cast<std::size_t>(t)].name; }
std::string_view termination_article(Termination t, RulesEdition edition) {
  return TERMINATIONS[static_cast<std::size_t>(t)].article[static_cast<std::size_t>(edition)];
}

std::string describe(const Outcome& o, RulesEdition edition) {
  std::string reason(termination_name(o.termination));
  reason[0] = char(reason[0] - 'a' + 'A');
  if (o.score == Score::NO_RESULT) return reason + ": no result";  // no article: an online server's rule
  std::string verdict;
  switch (o.score) {
    case Score::WHITE_WINS:
    case Score::WHITE_FORFEIT_WIN: verdict = "White wins"; break;
    case Score::BLACK_WINS:
    case Score::BLACK_FORFEIT_WIN: verdict = "Black wins"; break;
    case Score::DRAW: verdict = "draw"; break;
    default: verdict = "result"; break;
  }
  return reason + ": " + verdict + " " + std::string(score_text(o.score)) + " (FIDE " +
         std::string(rules_profile(edition).name.substr(5)) + " " + std::string(termination_article(o.termination, edition)) +
         ")";
}

}  // namespace tabiya
