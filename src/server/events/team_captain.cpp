#include "server/events/team_captain.h"

namespace tabiya::server {

bool is_captain_advice(std::string_view kind) {
  return kind == "offer_draw" || kind == "accept_draw" || kind == "resign";
}

bool is_captain_answer(std::string_view kind) { return kind == "yes" || kind == "no" || kind == "decide_yourself"; }

bool question_open(const std::vector<TeamAdvice>& log, const std::string& game, int player) {
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    if (it->game != game || it->player != player) continue;
    if (!it->from_captain) return true;  // the player asked last
    if (is_captain_answer(it->kind)) return false;
  }
  return false;
}

std::optional<std::string> captain_refusal(const std::vector<TeamAdvice>& log, const std::string& game, int player,
                                           std::string_view kind) {
  if (is_captain_advice(kind)) return std::nullopt;
  if (!is_captain_answer(kind)) return "advice_not_allowed";
  if (!question_open(log, game, player)) return "no_question";
  return std::nullopt;
}

}  // namespace tabiya::server
