#include "match/game_runner.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "laws/dead_position_cache.h"
#include "laws/game_record.h"
#include "notation/move_reader.h"

namespace tabiya {

namespace {

std::string colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

SteadyTime to_steady(Millis instant) {
  return SteadyTime(std::chrono::duration_cast<std::chrono::steady_clock::duration>(instant));
}

// The engine `c` failed in a way the Laws do not cover: it loses the game
// (unless its flag had already fallen, which the clock decides).
void engine_loses(Game& game, Color c, Termination why, const std::string& detail) {
  if (game.check_flag()) return;
  (void)game.arbiter_declare({win_for(~c), why, c}, detail);
}

// Score adjudication after a move; scores are White's view, one per move.
void adjudicate_by_score(PlayedGame& played, const GameSettings& settings) {
  Game& game = played.game;
  const auto& scores = played.white_scores;
  auto last_all = [&](std::size_t n, auto predicate) {
    if (n == 0 || scores.size() < n) return false;
    return std::all_of(scores.end() - long(n), scores.end(),
                       [&](const std::optional<int>& s) { return s && predicate(*s); });
  };
  if (settings.resign) {
    std::size_t n = 2 * std::size_t(settings.resign->movecount);
    int margin = settings.resign->score;
    for (Color winner : {WHITE, BLACK}) {
      int sign = winner == WHITE ? 1 : -1;
      if (last_all(n, [&](int s) { return sign * s >= margin; })) {
        (void)game.arbiter_declare({win_for(winner), Termination::ARBITER_DECISION, ~winner},
                                   "adjudicated by score: both engines give " + colour_name(winner) + " at least " +
                                       std::to_string(margin) + " cp for " +
                                       std::to_string(settings.resign->movecount) + " moves each");
        return;
      }
    }
  }
  if (settings.draw && game.position().fullmove_number() >= settings.draw->movenumber) {
    std::size_t n = 2 * std::size_t(settings.draw->movecount);
    int margin = settings.draw->score;
    if (last_all(n, [&](int s) { return std::abs(s) <= margin; }))
      (void)game.arbiter_declare({Score::DRAW, Termination::ARBITER_DECISION, std::nullopt},
                                 "adjudicated by score: both engines within " + std::to_string(margin) + " cp for " +
                                     std::to_string(settings.draw->movecount) + " moves each");
  }
}

}  // namespace

PlayedGame play_game(Engine* engines[COLOR_NB], const Position& start, const GameSettings& settings) {
  GameOptions options;
  options.rules = settings.rules;
  options.time_control = settings.time_control;
  // A position that comes back (engines repeat a lot) is not proved dead or alive again.
  options.dead_position_cache = std::make_shared<DeadPositionCache>();
  PlayedGame played{Game(start, options, nullptr), {}, {}, "", {false, false}};
  // Both engines get the new game before any clock runs; the Game (and its
  // clock, started at construction: Art. 6.6) is created afterwards.
  for (Color c : {WHITE, BLACK}) {
    if (auto ready = engines[c]->new_game(start, settings.time_control); !ready) {
      played.restart[c] = true;
      played.note = ready.error().message;
      (void)played.game.forfeit(c);
      return played;
    }
  }
  played.game = Game(start, options, std::make_shared<SteadyTimeSource>());
  Game& game = played.game;
  std::vector<Move> moves;
  while (!game.is_over()) {
    Color us = game.side_to_move();
    Engine& engine = *engines[us];
    const Clock& clock = *game.clock();
    SearchRequest request{game.start_position(),
                          moves,
                          game.position(),
                          clock.remaining(WHITE),
                          clock.remaining(BLACK),
                          clock.increment_for_next_move(WHITE),
                          clock.increment_for_next_move(BLACK),
                          clock.moves_to_control(us),
                          {}};
    std::optional<Millis> flag = clock.flag_time(us);
    request.deadline = to_steady(flag.value_or(Millis{0}) + settings.hang_grace);
    EngineReply reply = engine.go(request);
    std::string who = colour_name(us) + " (" + engine.name() + ")";
    switch (reply.kind) {
      case ReplyKind::MOVE: {
        auto move = parse_move(game.position(), reply.move);
        if (!move) {
          played.note = who + " played an illegal or unreadable move \"" + reply.move + "\": " + move.error().message;
          engine_loses(game, us, Termination::ILLEGAL_MOVE_LOSS, played.note);
          break;
        }
        if (!game.play(*move)) break;  // its flag had fallen: the clock decided (6.9)
        moves.push_back(*move);
        std::optional<int> white_score;
        if (reply.score) white_score = us == WHITE ? *reply.score : -*reply.score;
        played.white_scores.push_back(white_score);
        played.depths.push_back(reply.depth);
        if (game.is_over()) break;
        // The player on move claims what he may (9.2, 9.3); the claim is checked by the Laws.
        // Unlike the robot (play/robot_policy.h), which weighs its score, the arbiter claims on sight.
        if (auto ground = game.claimable_draw()) (void)game.claim_draw(game.side_to_move(), *ground);
        if (!game.is_over()) adjudicate_by_score(played, settings);
        break;
      }
      case ReplyKind::RESIGN:
        if (!game.check_flag()) (void)game.resign(us);
        break;
      case ReplyKind::TIMEOUT:
        played.restart[us] = true;
        played.note = who + " did not move within " + std::to_string(settings.hang_grace.count()) +
                      " ms after its flag fell; killed (" + engine.kill() + ")";
        engine_loses(game, us, Termination::TIME_FORFEIT, played.note);
        break;
      case ReplyKind::CRASH:
        played.restart[us] = true;
        played.note = who + " crashed: " + reply.detail;
        engine_loses(game, us, Termination::ARBITER_DECISION, played.note);
        break;
      case ReplyKind::PROTOCOL_ERROR:
        played.restart[us] = true;
        played.note = who + ": " + reply.detail;
        engine_loses(game, us, Termination::ARBITER_DECISION, played.note);
        break;
    }
  }
  const Outcome& outcome = *game.outcome();
  for (Color c : {WHITE, BLACK})
    if (!played.restart[c] && engines[c]->running())
      engines[c]->game_over(std::string(pgn_result(outcome.score)), describe(outcome, settings.rules));
  return played;
}

PgnGame played_game_to_pgn(const PlayedGame& played, const PgnTags& tags) {
  PgnTags all = tags;
  if (!played.note.empty()) all.set("MatchNote", played.note);
  PgnGame pgn = game_to_pgn(played.game, all);
  for (std::size_t i = 0; i < pgn.mainline.moves.size() && i < played.white_scores.size(); ++i) {
    const auto& s = played.white_scores[i];
    if (!s) continue;
    // The mover's own view, as engine GUIs write it.
    int mover_view = i % 2 == 0 ? *s : -*s;
    if (played.game.start_position().side_to_move() == BLACK) mover_view = -mover_view;
    std::string text = format_score(mover_view);
    if (played.depths[i]) text.append("/").append(std::to_string(*played.depths[i]));
    std::string& comment = pgn.mainline.moves[i].comment;
    if (!comment.empty()) text.append(" ").append(comment);
    comment = std::move(text);
  }
  return pgn;
}

}  // namespace tabiya
