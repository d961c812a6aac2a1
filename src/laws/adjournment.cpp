#include "laws/adjournment.h"

#include <charconv>

#include "core/fen.h"
#include "laws/game_record.h"
#include "notation/move_reader.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

std::string color_word(Color c) { return c == WHITE ? "white" : "black"; }

std::optional<Millis> parse_millis(std::string_view s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
  return Millis{v};
}

}  // namespace

Result<AdjournedGame> adjourn(const Game& game, std::string_view sealed_move, std::string_view white, std::string_view black,
                              std::string_view resumption) {
  if (game.is_over()) return fail("the game is over and cannot be adjourned");
  AdjournedGame a;
  SealedEnvelope& e = a.envelope;
  e.white = white;
  e.black = black;
  e.position_fen = to_fen(game.position());
  e.sealed_by = game.side_to_move();
  e.move_number = game.position().fullmove_number();
  e.draw_offer = game.draw_offer();
  e.resumption = resumption;
  e.sealed_move = sealed_move;
  if (const Clock* clock = game.clock()) {
    e.white_remaining = clock->remaining(WHITE);
    e.black_remaining = clock->remaining(BLACK);
  }
  PgnTags tags;
  tags.set("White", white);
  tags.set("Black", black);
  a.record = game_to_pgn(game, tags);
  // The game stops here; the Game object is not played on (E.1.a: the clock is stopped).
  return a;
}

std::string write_adjourned(const AdjournedGame& a) {
  PgnGame record = a.record;
  const SealedEnvelope& e = a.envelope;
  record.tags.set("SealedBy", color_word(e.sealed_by));
  record.tags.set("SealedMoveNumber", std::to_string(e.move_number));
  record.tags.set("SealedPosition", e.position_fen);
  if (e.white_remaining) record.tags.set("SealedWhiteClock", std::to_string(e.white_remaining->count()));
  if (e.black_remaining) record.tags.set("SealedBlackClock", std::to_string(e.black_remaining->count()));
  if (e.draw_offer) record.tags.set("SealedDrawOffer", color_word(*e.draw_offer));
  record.tags.set("SealedResumption", e.resumption);
  record.tags.set("SealedMove", e.sealed_move);
  // The record holds only legal moves, so writing cannot fail.
  return write_pgn(record).value();
}

Result<AdjournedGame> read_adjourned(std::string_view text) {
  PgnReadResult read = read_pgn_games(text);
  for (const PgnError& err : read.errors)
    if (err.severity == PgnSeverity::ERROR) return fail("adjourned game: " + err.message);
  if (read.games.size() != 1)
    return fail("adjourned game: expected one game, found " + std::to_string(read.games.size()));
  AdjournedGame a;
  a.record = read.games.front();
  PgnTags& tags = a.record.tags;
  SealedEnvelope& e = a.envelope;
  auto take = [&tags](std::string_view name) -> std::optional<std::string> {
    auto v = tags.get(name);
    if (!v) return std::nullopt;
    std::string value(*v);
    tags.erase(name);
    return value;
  };
  auto by = take("SealedBy");
  auto number = take("SealedMoveNumber");
  auto fen = take("SealedPosition");
  auto move = take("SealedMove");
  if (!by || !number || !fen || !move)
    return fail("adjourned game: the envelope tags SealedBy, SealedMoveNumber, SealedPosition and SealedMove are required");
  if (*by != "white" && *by != "black") return fail("adjourned game: SealedBy \"" + *by + "\" is not white or black");
  e.sealed_by = *by == "white" ? WHITE : BLACK;
  if (auto n = parse_millis(*number); n && n->count() > 0) e.move_number = int(n->count());
  else return fail("adjourned game: SealedMoveNumber \"" + *number + "\" is not a move number");
  e.position_fen = *fen;
  e.sealed_move = *move;
  for (auto [name, slot] : {std::pair{"SealedWhiteClock", &e.white_remaining}, std::pair{"SealedBlackClock", &e.black_remaining}})
    if (auto v = take(name)) {
      auto ms = parse_millis(*v);
      if (!ms) return fail(std::string("adjourned game: ") + name + " \"" + *v + "\" is not a number of milliseconds");
      *slot = ms;
    }
  if (auto offer = take("SealedDrawOffer")) e.draw_offer = *offer == "white" ? WHITE : BLACK;
  e.resumption = take("SealedResumption").value_or("");
  e.white = std::string(tags.get("White").value_or("?"));
  e.black = std::string(tags.get("Black").value_or("?"));
  return a;
}

Result<Game> resume_adjourned(const AdjournedGame& a, std::shared_ptr<const TimeSource> time, std::optional<Color> late) {
  const SealedEnvelope& e = a.envelope;
  auto replayed = game_from_pgn(a.record, std::nullopt, std::move(time));
  if (!replayed) return fail("adjourned game: " + replayed.error().message);
  Game game = std::move(*replayed);
  // E.5: the position immediately before the sealed move, and the clocks.
  if (to_fen(game.position()) != e.position_fen)
    return fail("adjourned game: the moves lead to " + to_fen(game.position()) +
                ", not to the position on the envelope " + e.position_fen);
  if (game.side_to_move() != e.sealed_by) return fail("adjourned game: the sealer does not have the move");
  for (auto [c, t] : {std::pair{WHITE, e.white_remaining}, std::pair{BLACK, e.black_remaining}})
    if (t && game.clock()) (void)game.arbiter_set_clock(c, *t, "clock as at adjournment (Appendix E.5)");
  if (e.draw_offer && *e.draw_offer != e.sealed_by) (void)game.offer_draw(*e.draw_offer);

  // E.7/E.8: open the envelope.
  auto sealed = parse_move(game.position(), e.sealed_move);
  if (!sealed) {
    std::string why = "the sealed move \"" + e.sealed_move + "\" is " +
                      (sealed.error().kind == MoveErrorKind::AMBIGUOUS ? "ambiguous"
                       : sealed.error().kind == MoveErrorKind::ILLEGAL ? "illegal"
                                                                        : "impossible to read") +
                      " (Appendix E.8)";
    (void)game.arbiter_declare({win_for(~e.sealed_by), Termination::ADJOURNMENT_LOSS, e.sealed_by}, why);
    return game;
  }
  if (auto played = game.play(*sealed); !played) return fail("adjourned game: " + played.error().message);
  // E.10: lateness loses, unless the sealed move ended the game.
  if (late && !game.is_over())
    (void)game.arbiter_declare({win_for(~*late), Termination::FORFEIT, *late},
                               "arrived after the default time for resumption (Appendix E.10)");
  return game;
}

}  // namespace tabiya
