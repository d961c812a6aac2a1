#include "terminal_game.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <istream>
#include <ostream>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "engine/search.h"
#include "laws/game.h"
#include "laws/game_record.h"
#include "notation/move_reader.h"
#include "notation/pgn_writer.h"
#include "notation/san.h"
#include "play/live_game.h"
#include "play/robot_policy.h"
#include "play/takeback_rule.h"

namespace tabiya::cli {
namespace {

std::string color_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string trim(std::string_view text) {
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
  };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

bool is_yes(std::string_view word) { return word == "yes" || word == "y" || word == "accept"; }
bool is_no(std::string_view word) { return word == "no" || word == "n" || word == "decline"; }
bool is_quit(std::string_view word) { return word == "quit" || word == "exit"; }

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  char buffer[16];
  if (localtime_r(&now, &local) == nullptr || std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local) == 0)
    return "????.??.??";
  return buffer;
}

// One line for the players, e.g. "Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)".
std::string announcement(const Outcome& outcome, RulesEdition edition, DiagramStyle style) {
  std::string reason(termination_name(outcome.termination));
  reason[0] = char(std::toupper(static_cast<unsigned char>(reason[0])));
  if (outcome.termination == Termination::RESIGNATION && outcome.culprit)
    reason = color_name(*outcome.culprit) + " resigns";
  if ((outcome.termination == Termination::THREEFOLD_REPETITION || outcome.termination == Termination::FIFTY_MOVES) &&
      outcome.culprit)
    reason += ", claimed by " + color_name(*outcome.culprit);

  std::string verdict;
  if (outcome.score == Score::WHITE_WINS) verdict = "White wins ";
  else if (outcome.score == Score::BLACK_WINS) verdict = "Black wins ";
  else if (outcome.termination != Termination::AGREEMENT) verdict = "draw ";
  const bool unicode_half = outcome.score == Score::DRAW && style == DiagramStyle::UNICODE;
  const std::string score = unicode_half ? "½-½" : std::string(score_text(outcome.score));
  const std::string year(rules_profile(edition).name.substr(5));  // "fide-2018" -> "2018"
  return reason + ": " + verdict + score + " (FIDE " + year + " " +
         std::string(termination_article(outcome.termination, edition)) + ")";
}

// A clock reading as m:ss, or h:mm:ss from an hour up (whole seconds, rounded down).
std::string clock_text(Millis remaining) {
  const long long total = std::max<long long>(0, remaining.count() / 1000);
  char buffer[32];
  if (total >= 3600)
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
  else std::snprintf(buffer, sizeof buffer, "%lld:%02lld", total / 60, total % 60);
  return buffer;
}

// The game the players drive under the chosen edition's Laws, with the robot's
// seat if any. The players are not asked whether it is casual: the default
// and the takeback rule are play/takeback_rule.h's, as in the server.
std::unique_ptr<play::LiveGame> make_live_game(const PlayOptions& options, const Position& start) {
  play::StartOptions o;
  o.start = start;
  o.chess960 = options.chess960;
  o.rules = options.rules;
  if (options.time_control && options.time_control->has_clock()) o.time_control = options.time_control;
  o.casual = play::casual_by_default(o.time_control.has_value());
  if (options.robot) o.seats[options.robot->color] = play::Seat{true, options.robot->level};
  auto live = play::LiveGame::create(std::move(o), options.time_source);
  // A start position is always playable here: it was parsed and checked before, and there are no start moves.
  (void)live.value()->start();
  return std::move(live.value());
}

class TerminalGame {
 public:
  TerminalGame(std::istream& in, std::ostream& out, const PlayOptions& options, const Position& start)
      : in_(in),
        out_(out),
        options_(options),
        bottom_(options.flipped ? BLACK : WHITE),
        live_(make_live_game(options, start)) {
    if (options.robot) {
      engine::EngineOptions engine_options;
      engine_options.level = options.robot->level;
      engine_options.seed = options.robot->seed;
      robot_ = std::make_unique<engine::Engine>(engine_options);
    }
  }

  void run() {
    if (robot_)
      out_ << "tabiya play: you (" << color_name(~options_.robot->color) << ") against the robot, level "
           << options_.robot->level << ". Type a move (e4, Nf3, O-O, e2e4) or 'help'.\n\n";
    else
      out_ << "tabiya play: two players, one board (to play the robot instead: tabiya play --robot LEVEL, 1 to "
              "10). Type a move (e4, Nf3, O-O, e2e4) or 'help'.\n\n";
    show_board();
    std::string line;
    while (!game().is_over()) {
      if (robot_to_move()) {
        if (flag_fell()) break;
        robot_move();
        continue;
      }
      out_ << prompt() << std::flush;
      if (!read_line(line)) {
        end_of_input();
        return;
      }
      // The flag may have fallen while the player was thinking (FIDE Art. 6.9).
      if (flag_fell()) break;
      if (!handle(line)) return;
    }
    announce_result();
  }

 private:
  const Game& game() const { return live_->game(); }
  const Position& current() const { return game().position(); }
  bool robot_to_move() const { return robot_ && to_move() == options_.robot->color; }

  // The robot thinks on the game so far (repetitions included), under the
  // game's clock if it has one, then does what play/robot_policy.h says:
  // plays, or claims a draw first on its move.
  void robot_move() {
    const Color us = to_move();
    const engine::SearchLimits limits = live_->robot_limits(options_.robot->movetime);
    robot_->set_position(game().start_position(), live_->move_list());
    const engine::SearchResult result = robot_->search(limits);
    if (!result.best.is_ok()) return;  // no legal move: the game is already over
    last_robot_score_ = result.score;
    const play::RobotAction action = play::robot_action(*live_, result);
    if (action.claim) {
      out_ << "The robot claims a draw.\n";
      const std::string label = move_label(action.move);
      note_thought(label, result);
      const std::size_t before = game().moves().size();
      report_failure(live_->claim(us, *action.claim, to_uci(action.move, current())));
      if (game().moves().size() > before) labels_.push_back(label);
      return;
    }
    note_thought(move_label(action.move), result);
    out_ << "The robot plays " << thoughts_.back().label << ".\n";
    play(action.move);
  }

  void note_thought(const std::string& label, const engine::SearchResult& result) {
    Thought thought{label, result.score, result.depth, {}};
    Position line = current();
    UndoInfo undo;
    for (Move m : result.pv) {
      if (!legal_moves(line).contains(m)) break;
      if (!thought.line.empty()) thought.line += ' ';
      thought.line += to_san(line, m, SanStyle::LETTERS, options_.language);
      line.do_move(m, undo);
    }
    thoughts_.push_back(std::move(thought));
  }

  // "+0.35", "-1.20", "mate in 3", "mated in 2" (robot's point of view).
  static std::string score_text(int score) {
    if (engine::is_mate_score(score)) {
      const int moves = engine::mate_in_moves(score);
      return moves > 0 ? "mate in " + std::to_string(moves) : "mated in " + std::to_string(-moves);
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.2f", score / 100.0);
    return buffer;
  }

  void explain() {
    if (!robot_ || !options_.robot->explain) return;
    out_ << "\nThe robot's thinking (evaluation in pawns from the robot's side, depth, expected line):\n";
    if (thoughts_.empty()) out_ << "  (the robot made no move)\n";
    for (const Thought& t : thoughts_)
      out_ << "  " << t.label << "  " << score_text(t.score) << "  depth " << t.depth << "  " << t.line << '\n';
  }
  Color to_move() const { return current().side_to_move(); }
  // True when the opponent of the side to move has offered a draw that stands.
  bool offer_to_answer() const { return game().draw_offer() == ~to_move(); }

  bool read_line(std::string& line) {
    if (!std::getline(in_, line)) return false;
    line = trim(line);
    return true;
  }

  std::string prompt() const {
    const std::string dots = to_move() == WHITE ? "." : "...";
    const std::string clocks = game().clock() ? " [" + clocks_text() + "]" : "";
    return color_name(to_move()) + " to move (" + std::to_string(current().fullmove_number()) + dots + ")" + clocks +
           ": ";
  }

  // "White 4:57, Black 5:03"; only for games with clocks.
  std::string clocks_text() const {
    const Clock& clock = *game().clock();
    return "White " + clock_text(clock.remaining(WHITE)) + ", Black " + clock_text(clock.remaining(BLACK));
  }

  // Ends the game if the side to move has run out of time; says whose flag fell.
  bool flag_fell() {
    if (!live_->check_time()) return false;
    const std::optional<Color> loser = game().outcome()->culprit;
    out_ << '\n' << (loser ? color_name(*loser) + "'s flag has fallen." : std::string("A flag has fallen.")) << '\n';
    return true;
  }

  void show_board() {
    out_ << board_diagram(current(), {options_.style, bottom_});
    if (!labels_.empty()) out_ << "Last move: " << labels_.back() << '\n';
    if (game().clock()) out_ << "Clocks: " << clocks_text() << '\n';
    // Checkmate is announced as the result instead.
    if (current().in_check() && !game().is_over()) out_ << color_name(to_move()) << " is in check.\n";
    if (offer_to_answer())
      out_ << color_name(~to_move()) << " offers a draw: " << color_name(to_move())
           << ", answer yes or no, or play a move to decline.\n";
  }

  // Returns false when the loop must stop at once (quit or end of input).
  bool handle(const std::string& line) {
    if (line.empty()) return true;
    const std::string word = ascii_lower(line);
    if (word == "help" || word == "?") {
      show_help();
    } else if (is_quit(word)) {
      leave("Game left unfinished.");
      return false;
    } else if (word == "undo") {
      undo();
    } else if (word == "flip") {
      bottom_ = ~bottom_;
      out_ << '\n';
      show_board();
    } else if (word == "board") {
      out_ << '\n';
      show_board();
    } else if (word == "fen") {
      out_ << to_fen(current()) << '\n';
    } else if (word == "pgn") {
      out_ << pgn();
    } else if (word == "moves") {
      list_moves();
    } else if (word == "resign") {
      report_failure(live_->resign(to_move()));
    } else if (word == "draw") {
      return draw();
    } else if (word == "claim" || word.rfind("claim ", 0) == 0) {
      claim(trim(std::string_view(line).substr(5)));
    } else if (is_yes(word) || is_no(word)) {
      answer_offer(is_yes(word));
    } else {
      try_move(line);
    }
    return true;
  }

  template <class T>
  void report_failure(const Result<T>& done) {
    if (!done) out_ << done.error().message << '\n';
  }
  template <class T>
  void report_failure(const play::Answer<T>& done) {
    if (!done) out_ << done.error().detail << '\n';
  }

  void try_move(const std::string& text) {
    auto parsed = parse_move(current(), text, MoveReadOptions{options_.language});
    if (!parsed) {
      // parse_move's message already names the candidates, in the chosen letters.
      out_ << parsed.error().message << '\n';
      if (parsed.error().kind == MoveErrorKind::SYNTAX) out_ << "Type 'help' for the list of commands.\n";
      return;
    }
    play(parsed.value());
  }

  // "12. e4" or "12... e5", in the chosen letters.
  std::string move_label(Move m) const {
    const Position& before = current();
    const std::string number =
        std::to_string(before.fullmove_number()) + (before.side_to_move() == WHITE ? ". " : "... ");
    return number + to_san(before, m, SanStyle::LETTERS, options_.language);
  }

  void play(Move m) {
    const bool declines = offer_to_answer();
    std::string label = move_label(m);
    const auto played = live_->move(to_move(), to_uci(m, current()));
    if (!played) return report_failure(played);
    labels_.push_back(std::move(label));
    // Moving instead of answering rejects the offer (FIDE 2014 Art. 9.1.b.1).
    if (declines) out_ << "Draw offer declined.\n";
    // Against the robot the board is drawn once per move pair: after its reply, which comes at once.
    if (robot_to_move() && !game().is_over()) return;
    out_ << '\n';
    show_board();
  }

  void undo() {
    // Only a timed game between two players is not casual here (play/takeback_rule.h).
    if (!play::takebacks_allowed(live_->options())) {
      out_ << "takeback is not possible in a game with clocks between two players: it is not casual\n";
      return;
    }
    // Against the robot the takeback is granted at once and takes back its reply
    // too, so it is your move again; between two people at one board the opponent
    // agrees by typing undo with the player.
    if (labels_.empty() || (robot_ && labels_.size() < 2)) {
      out_ << "Nothing to undo.\n";
      return;
    }
    const std::size_t before = game().moves().size();
    const Color asker = robot_ ? ~options_.robot->color : ~to_move();
    auto taken = live_->takeback_offer(asker);
    if (taken && !robot_) taken = live_->takeback_accept(~asker);
    if (!taken) return report_failure(taken);
    for (std::size_t n = game().moves().size(); n < before && !labels_.empty(); ++n) {
      out_ << "Took back " << labels_.back() << ".\n";
      labels_.pop_back();
    }
    out_ << '\n';
    show_board();
  }

  // `draw` accepts a standing offer, claims a draw the side to move is
  // entitled to (FIDE Art. 9.2, 9.3), or else offers one and asks the
  // opponent at once (Art. 9.1). Returns false when the loop must stop.
  bool draw() {
    const Color offerer = to_move();
    if (offer_to_answer()) {
      answer_offer(true);
      return true;
    }
    if (const auto ground = game().claimable_draw()) {
      report_failure(live_->claim(offerer, *ground));
      return true;
    }
    if (const auto offered = live_->draw_offer(offerer); !offered) {
      report_failure(offered);
      return true;
    }
    out_ << color_name(offerer) << " offers a draw.\n";
    if (robot_) {
      // The robot accepts only when it expects to lose (play/robot_policy.h).
      const bool accept = play::robot_accepts_draw(last_robot_score_);
      report_failure(accept ? live_->draw_accept(~offerer) : live_->draw_decline(~offerer));
      out_ << "The robot " << (accept ? "accepts" : "declines") << " the draw.\n";
      return true;
    }
    std::string answer;
    for (;;) {
      out_ << color_name(~offerer) << ", do you accept the draw? (yes/no): " << std::flush;
      if (!read_line(answer)) {
        end_of_input();
        return false;
      }
      if (flag_fell()) return true;
      const std::string word = ascii_lower(answer);
      if (is_yes(word) || is_no(word)) {
        report_failure(is_yes(word) ? live_->draw_accept(~offerer) : live_->draw_decline(~offerer));
        if (is_no(word)) out_ << color_name(~offerer) << " declines the draw.\n";
        return true;
      }
      if (is_quit(word)) {
        leave("Game left unfinished.");
        return false;
      }
      // The offerer may play on; the offer then stands until the opponent
      // answers or moves (Art. 9.1.b).
      if (auto move = parse_move(current(), answer, MoveReadOptions{options_.language})) {
        play(move.value());
        return true;
      }
      out_ << "Please answer yes or no (or play " << color_name(offerer) << "'s move; the offer then stands until "
           << color_name(~offerer) << " answers).\n";
    }
  }

  // `claim` or `claim MOVE`: the player having the move claims a draw on the
  // current position, or declares the move he intends to play and claims on
  // the position it leads to (FIDE 2014 Art. 9.2.a, 9.3.a): threefold
  // repetition if it applies, else the fifty-move rule. An upheld claim draws
  // the game; a rejected one gives the opponent extra time (Art. 9.5.b), the
  // intended move is played and the claim stands as a draw offer (9.1.b).
  void claim(std::string_view move_text) {
    std::optional<Move> intended;
    std::string label;
    if (!move_text.empty()) {
      auto parsed = parse_move(current(), move_text, MoveReadOptions{options_.language});
      if (!parsed) {
        out_ << parsed.error().message << '\n';
        return;
      }
      intended = parsed.value();
      label = move_label(*intended);
    }
    const ClaimGround ground = !game().can_claim_threefold(intended) && game().can_claim_fifty_moves(intended)
                                   ? ClaimGround::FIFTY_MOVES
                                   : ClaimGround::THREEFOLD_REPETITION;
    const std::size_t events_before = game().events().size();
    const std::size_t moves_before = game().moves().size();
    const auto verdict = live_->claim(to_move(), ground, intended ? to_uci(*intended, current()) : std::string());
    if (!verdict) return report_failure(verdict);
    const bool moved = game().moves().size() > moves_before;
    if (moved) labels_.push_back(std::move(label));
    if (!verdict->claim_rejected) {
      // The result is announced next; show the position the intended move reached.
      if (moved) {
        out_ << '\n';
        show_board();
      }
      return;
    }
    out_ << "Claim rejected: " << verdict->explanation << ".\n";
    if (game().clock()) {
      for (std::size_t i = events_before; i < game().events().size(); ++i) {
        const GameEvent& event = game().events()[i];
        if (event.kind == GameEventKind::TIME_ADDED && event.player)
          out_ << color_name(*event.player) << " gets extra time: " << event.detail << ".\n";
      }
    }
    if (game().is_over()) return;
    out_ << '\n';
    show_board();
  }

  void answer_offer(bool accept) {
    if (!offer_to_answer()) {
      out_ << "There is no draw offer to answer.\n";
      return;
    }
    report_failure(accept ? live_->draw_accept(to_move()) : live_->draw_decline(to_move()));
    if (!accept) out_ << color_name(to_move()) << " declines the draw.\n";
  }

  void list_moves() {
    std::vector<std::string> sans;
    for (Move m : legal_moves(current())) sans.push_back(to_san(current(), m, SanStyle::LETTERS, options_.language));
    std::sort(sans.begin(), sans.end());
    out_ << sans.size() << " legal moves:";
    for (const std::string& san : sans) out_ << ' ' << san;
    out_ << '\n';
  }

  void show_help() {
    out_ << "Moves: Nf3, exd5, O-O, e8=Q (SAN), Ng1-f3 (long), g1f3 (UCI)"
         << (options_.style == DiagramStyle::UNICODE ? " or ♘f3" : "") << ".\n"
         << "Or in words: Springer Felix drei, Kurze Rochade (FIDE Appendix D), knight to f3"
         << (options_.language != Language::EN ? " or in your language's words" : "") << ".\n";
    if (options_.language != Language::EN) {
      out_ << "Piece letters (" << language_code(options_.language) << "):";
      for (PieceType pt : {KING, QUEEN, ROOK, BISHOP, KNIGHT}) out_ << ' ' << piece_letter(options_.language, pt);
      out_ << " (English letters work too)\n";
    }
    out_ << "Commands:\n"
            "  undo    take back the last move\n"
            "  flip    turn the board around\n"
            "  board   draw the board again\n"
            "  moves   list the legal moves\n"
            "  fen     show the position as FEN\n"
            "  pgn     show the game so far as PGN\n"
            "  draw    offer a draw (or claim one after a threefold repetition or 50 moves)\n"
            "  claim   claim a draw now (threefold repetition, else 50 moves)\n"
            "  claim M claim a draw on the move M you intend to play (it is played either way)\n"
            "  resign  resign the game\n"
            "  quit    stop (shows the game so far)\n";
    if (!robot_)
      out_ << "To play against the robot, start with: tabiya play --robot LEVEL (1 beginner to 10 full strength;\n"
              "  --color white|black|random, --tc 5+3 for clocks; tabiya play --help lists every option)\n";
  }

  void announce_result() {
    out_ << announcement(*game().outcome(), options_.rules, options_.style) << "\n\n" << pgn();
    explain();
  }

  void leave(std::string_view message) {
    out_ << message << "\n\n" << pgn();
    explain();
  }

  void end_of_input() {
    out_ << '\n';
    leave("End of input: the game is left unfinished.");
  }

  // The game in PGN export format (English letters, as the standard asks),
  // with the reason it ended and any draw offers (laws/game_record.h).
  std::string pgn() const {
    PgnTags tags;
    tags.set("Event", "Casual game");
    tags.set("Date", options_.date.empty() ? today() : options_.date);
    tags.set("Round", "-");
    tags.set("White", options_.white);
    tags.set("Black", options_.black);
    PgnWriteOptions format;
    format.max_line_length = 79;  // PGN standard 8.2.2: export lines stay under 80 columns
    auto text = write_pgn(game_to_pgn(game(), tags), format);
    // Every move was legal when played, so writing cannot fail; say so if it does.
    return text ? text.value() : "PGN export failed: " + text.error().message + '\n';
  }

  std::istream& in_;
  std::ostream& out_;
  const PlayOptions& options_;
  Color bottom_;
  // The game being played: the one object the server drives too (play/live_game.h).
  std::unique_ptr<play::LiveGame> live_;
  std::vector<std::string> labels_;  // "12. e4" for each move played, in the chosen letters
  struct Thought {
    std::string label;  // the robot's move, "12... Nf6"
    int score;
    int depth;
    std::string line;  // the expected continuation in SAN, starting with the move
  };
  std::unique_ptr<engine::Engine> robot_;
  std::vector<Thought> thoughts_;
  int last_robot_score_ = 0;
};

}  // namespace

Result<Position> starting_position(const PlayOptions& options) {
  if (options.chess960 && !options.fen.empty()) return fail("tabiya play: give either --fen or --chess960, not both");
  if (options.chess960) {
    auto pos = chess960_start_position(*options.chess960);
    if (!pos) return fail("tabiya play: --chess960 " + std::to_string(*options.chess960) + ": " + pos.error().message);
    return pos;
  }
  if (!options.fen.empty()) {
    auto pos = parse_fen(options.fen);
    if (!pos) return fail("tabiya play: --fen \"" + options.fen + "\": " + pos.error().message);
    return pos;
  }
  return Position::startpos();
}

int run_terminal_game(std::istream& in, std::ostream& out, const PlayOptions& options) {
  auto start = starting_position(options);
  if (!start) {
    out << start.error().message << '\n';
    return 2;
  }
  TerminalGame(in, out, options, start.value()).run();
  return 0;
}

}  // namespace tabiya::cli
