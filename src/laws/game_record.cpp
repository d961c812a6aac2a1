#include "laws/game_record.h"

#include "laws/time_control.h"

namespace tabiya {

std::string_view pgn_termination(Termination t) {
  switch (t) {
    case Termination::TIME_FORFEIT:
    case Termination::TIMEOUT_DRAW:
    case Termination::BOTH_FLAGS_FELL:
      return "time forfeit";
    case Termination::ILLEGAL_MOVE_LOSS:
    case Termination::ILLEGAL_MOVE_DRAW:
    case Termination::ILLEGAL_POSITION_DRAW:
    case Termination::ADJOURNMENT_LOSS:
      return "rules infraction";
    case Termination::ARBITER_DECISION:
    case Termination::QUICKPLAY_DRAW:
      return "adjudication";
    case Termination::FORFEIT:
    case Termination::ABORTED:
      return "abandoned";
    default:
      return "normal";
  }
}

namespace {

std::string event_comment(const GameEvent& e) {
  std::string who = !e.player ? "" : *e.player == WHITE ? "White" : "Black";
  switch (e.kind) {
    case GameEventKind::DRAW_OFFER:
      return who + " offers a draw (=)";
    case GameEventKind::DRAW_DECLINED:
      return who + " declines the draw offer" + (e.detail.empty() ? "" : " " + e.detail);
    case GameEventKind::DRAW_ACCEPTED:
      return who + " accepts the draw offer";
    case GameEventKind::CLAIM_UPHELD:
      return who + " claims a draw by " + e.detail + ": upheld";
    case GameEventKind::CLAIM_REJECTED:
      return who + " claims a draw by " + e.detail + ": rejected";
    case GameEventKind::ILLEGAL_MOVE:
      return "illegal move by " + who + ": " + e.detail;
    case GameEventKind::TIME_ADDED:
      return "arbiter: " + e.detail;
    case GameEventKind::CLOCK_SET:  // without a reason: a silent correction the clock readings show
      return e.detail.empty() ? "" : "arbiter sets " + who + "'s clock: " + e.detail;
    case GameEventKind::RESULT_DECLARED:
      return "arbiter declares the result: " + e.detail;
    case GameEventKind::RESIGNATION:
      return who + " resigns";
    case GameEventKind::FLAG_FALL:
      return who.empty() ? e.detail : who + "'s flag falls";
    case GameEventKind::MOVE_SEALED:
      return who + " seals a move";
    case GameEventKind::GAME_RESUMED:
      return "game resumed";
    case GameEventKind::QUICKPLAY_CLAIM:
      return who + " claims a draw in the quickplay finish " + e.detail;
    case GameEventKind::QUICKPLAY_DECISION:
      return "arbiter on the quickplay finish claim: " + e.detail;
    case GameEventKind::QUICKPLAY_REQUEST:
      return who + " requests a " + e.detail;
  }
  return e.detail;
}

void append_comment(std::string& to, const std::string& text) {
  if (text.empty()) return;
  if (!to.empty()) to += ' ';
  to += text;
}

}  // namespace

PgnGame game_to_pgn(const Game& game, const PgnTags& extra_tags) {
  PgnGame pgn;
  pgn.start = game.start_position();
  for (auto& [name, value] : extra_tags.entries())
    if (value != roster_default(name)) pgn.tags.set(name, value);
  for (auto& [name, value] : extra_tags.entries())
    if (name == "Result") pgn.tags.set(name, value);
  pgn.tags.set("Rules", game.profile().name);
  if (game.options().time_control) pgn.tags.set("TimeControl", to_pgn_time_control(*game.options().time_control));
  if (const auto& o = game.outcome()) {
    pgn.tags.set("Result", pgn_result(o->score));
    pgn.tags.set("Termination", pgn_termination(o->termination));
    pgn.tags.set("TerminationDetail", describe(*o, game.options().rules));
  } else {
    pgn.tags.set("Result", "*");
  }
  for (const MoveRecord& m : game.moves()) {
    PgnNode node;
    node.move = m.move;
    if (m.clock_after) node.clock_ms = m.clock_after->count();
    pgn.mainline.moves.push_back(std::move(node));
  }
  for (const GameEvent& e : game.events()) {
    std::string& target = e.ply == 0 ? pgn.mainline.starting_comment : pgn.mainline.moves[e.ply - 1].comment;
    append_comment(target, event_comment(e));
  }
  return pgn;
}

Result<Game> game_from_pgn(const PgnGame& pgn, std::optional<GameOptions> options,
                           std::shared_ptr<const TimeSource> time) {
  GameOptions opts;
  if (options) {
    opts = *options;
  } else {
    if (auto rules = pgn.tags.get("Rules")) {
      auto edition = parse_rules_edition(*rules);
      if (!edition) return fail("unknown Rules tag \"" + std::string(*rules) + "\"");
      opts.rules = *edition;
    }
    if (auto tc = pgn.tags.get("TimeControl")) {
      auto parsed = parse_pgn_time_control(*tc);
      if (!parsed) return fail(parsed.error().message);
      opts.time_control = *parsed;
    }
  }
  Game game(pgn.start, opts, std::move(time));
  for (const PgnNode& node : pgn.mainline.moves) {
    if (game.is_over())
      return fail("move " + move_number_label(game.position()) +
                  " was played after the game ended: " + describe(*game.outcome(), opts.rules));
    const Position& before = game.position();  // a refused move leaves it standing
    if (auto played = game.play(node.move); !played)
      return fail("move " + move_number_label(before) + ": " + played.error().message);
  }
  return game;
}

}  // namespace tabiya
