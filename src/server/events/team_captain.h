// What a team captain may say to his players during play, and they to him: FIDE Tournament Rules (2009) Art. 15,
// "Team captain": his role is mainly administrative; during play he "may advise
// only 'offer a draw' / 'accept a draw' / 'resign'", his "answers to a player are limited to 'yes', 'no' or
// 'decide yourself'", and he gives "no information about the position".
//
// So a captain's message is one of six fixed words with no text of its own: the three advices, to one of his
// team's players whose game is running, and the three answers, only to a question that player asked and the
// captain has not answered yet. A player's question is one of the three advices asked back ("shall I offer a
// draw?"). Everything else from a captain (free text, a move, a position, a board of another team, a finished
// game) is refused with a code; the player sees the advice and may ignore it: nothing in the game changes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/events/team_event.h"

namespace tabiya::server {

// "offer_draw", "accept_draw", "resign".
bool is_captain_advice(std::string_view kind);
// "yes", "no", "decide_yourself".
bool is_captain_answer(std::string_view kind);

// Why a captain's message may not go to `player` of his team in `game`; nullopt when it may. Reasons (the codes
// of docs/protocol.md): "advice_not_allowed" (not one of the six words), "no_question" (an answer with no question
// open), and the caller's own checks before this one: "not_your_team", "no_running_game".
std::optional<std::string> captain_refusal(const std::vector<TeamAdvice>& log, const std::string& game, int player,
                                           std::string_view kind);

// Whether `player`'s last question in `game` is still unanswered.
bool question_open(const std::vector<TeamAdvice>& log, const std::string& game, int player);

}  // namespace tabiya::server
