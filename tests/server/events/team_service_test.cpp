// Team events on the server: an arbiter's event with teams in board order, each board of a match played as a
// server game, results flowing into the matches, the standings and the match crosstable, the event surviving a
// restart; and the captain's link, which may send one of his own players only what Tournament Rules 15 allows
// ("offer a draw", "accept a draw", "resign", and "yes" / "no" / "decide yourself" to a question), nothing else.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>

#include "server/events/team_captain.h"
#include "server/events/team_swiss_options.h"
#include "server/events/tournament_service.h"
#include "support/event_service_fixture.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class TeamServiceTest : public EventServiceFixture {
 protected:
  TeamServiceTest() : EventServiceFixture("tabiya-teams-") {}

  json::object event() {
    HttpAnswer a = call("GET", base());
    EXPECT_EQ(a.status, 200) << a.body;
    return json::parse(a.body).as_object();
  }
  std::string base() const { return "/api/tournaments/" + id_; }
  // The refusal's code and reason of a POST.
  std::pair<std::string, std::string> refusal(const std::string& what, const json::object& body, int status) {
    json::object o = post(base() + "/" + what, body, status);
    if (!o.contains("error")) return {};
    const json::object& data = o.at("data").as_object();
    return {str(o.at("error")), data.contains("reason") ? str(data.at("reason")) : ""};
  }

  // Two teams of two boards and a reserve each, registered, round 1 published: players 1-3 are team 1, 4-6 team 2.
  void two_teams_round_one() {
    two_teams_registered();
    post(base() + "/publish", {{"token", arbiter_}}, 200);
  }
  // The same two teams, registration closed, no round published yet.
  void two_teams_registered() {
    json::object created =
        post("/api/tournaments",
             {{"v", 1}, {"name", "Club League"}, {"system", "team-round-robin"}, {"boards", 2}, {"time", "5+3"}}, 201);
    id_ = str(created.at("id"));
    arbiter_ = str(created.at("arbiter"));
    for (const std::string team : {"Rooks", "Knights"}) {
      json::array players;
      for (int i = 1; i <= 3; ++i)
        players.push_back(json::object{{"name", team + " " + std::to_string(i)}, {"rating", 2000 - i}});
      json::object added = post(base() + "/teams", {{"token", arbiter_}, {"name", team}, {"players", players}}, 201);
      captains_.push_back(str(added.at("captain")));
    }
    post(base() + "/close", {{"token", arbiter_}}, 200);
  }
  // The status of the first captain's "resign" advice to `player`.
  int says_to(int player) {
    return call("POST", base() + "/captain",
                json::serialize(json::object{{"token", captains_[0]}, {"player", player}, {"kind", "resign"}}))
        .status;
  }
  // Seat tokens of `player`'s game in the latest round, from his own link.
  std::pair<std::string, std::string> game_and_seat(int player) {
    json::object arbiter = post(base() + "/me", {{"token", arbiter_}}, 200);
    for (const json::value& p : arbiter.at("players").as_array())
      if (p.at("player").as_int64() == player) {
        json::object me = post(base() + "/me", {{"token", p.at("token")}}, 200);
        const json::array& games = me.at("games").as_array();
        if (games.empty()) return {};
        return {str(games.back().at("game")), str(games.back().at("seat"))};
      }
    return {};
  }
  void resign(const std::string& game, const std::string& resigner, const std::string& other) {
    seat_both_and_resign(*router_, game, resigner, other);
  }

  std::string id_, arbiter_;
  std::vector<std::string> captains_;
};

TEST_P(TeamServiceTest, CreatingATeamEventChecksItsFieldsAndNamesTheBadOne) {
  auto bad = [&](const std::string& body, const std::string& field) {
    HttpAnswer a = call("POST", "/api/tournaments", body);
    EXPECT_EQ(a.status, 400) << body;
    json::object o = json::parse(a.body).as_object();
    EXPECT_EQ(str(o.at("data").at("field")), field) << a.body;
  };
  bad(R"({"v":1,"system":"team-round-robin"})", "name");
  bad(R"({"v":1,"name":"X","system":"team-scheveningen"})", "system");
  bad(R"({"v":1,"name":"X","system":"team-swiss"})", "rounds");
  bad(R"({"v":1,"name":"X","system":"team-swiss","rounds":31})", "rounds");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","boards":0})", "boards");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","boards":11})", "boards");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","match_points":[2,1]})", "match_points");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","match_points":[2,"1",0]})", "match_points");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","tie_breaks":["BH-C1"]})", "tie_breaks");
  bad(R"({"v":1,"name":"X","system":"team-round-robin","time":"soon"})", "time");
  json::object made = post("/api/tournaments",
                           {{"v", 1},
                            {"name", "League"},
                            {"system", "team-double-round-robin"},
                            {"boards", 3},
                            {"match_points", json::array{3, 1, 0}},
                            {"tie_breaks", json::array{"gp", "EMGSB"}}},
                           201);
  id_ = str(made.at("id"));
  json::object e = event();
  EXPECT_EQ(str(e.at("kind")), "team");
  EXPECT_EQ(str(e.at("system")), "team-double-round-robin");
  EXPECT_EQ(e.at("boards").as_int64(), 3);
  EXPECT_EQ(json::serialize(e.at("match_points")), R"(["3","1","0"])");
  EXPECT_EQ(json::serialize(e.at("tie_breaks")), R"(["GP","EMGSB"])");
  EXPECT_EQ(str(e.at("state")), "registration");
}

TEST_P(TeamServiceTest, TeamsNeedTheirBoardsFilledAndOnlyTheArbiterRegistersThem) {
  json::object created =
      post("/api/tournaments", {{"v", 1}, {"name", "L"}, {"system", "team-round-robin"}, {"boards", 2}}, 201);
  id_ = str(created.at("id"));
  arbiter_ = str(created.at("arbiter"));
  json::array one{json::object{{"name", "Solo"}}};
  EXPECT_EQ(str(post(base() + "/teams", {{"token", arbiter_}, {"name", "Few"}, {"players", one}}, 400)
                    .at("data")
                    .at("field")),
            "players");
  json::array two{json::object{{"name", "A"}}, json::object{{"name", "B"}}};
  json::object added = post(base() + "/teams", {{"token", arbiter_}, {"name", "Full"}, {"players", two}}, 201);
  EXPECT_EQ(added.at("team").as_int64(), 1);
  EXPECT_EQ(refusal("teams", {{"token", added.at("captain")}, {"name", "Mine"}, {"players", two}}, 403),
            (std::pair<std::string, std::string>{"forbidden", "captain_advice_only"}));
  EXPECT_EQ(refusal("teams", {{"token", arbiter_}, {"name", "Full"}, {"players", two}}, 409).second, "team_exists");
  EXPECT_EQ(refusal("close", {{"token", arbiter_}}, 409).second, "too_few_teams");
}

TEST_P(TeamServiceTest, EachBoardIsAServerGameAndResultsFlowIntoMatchesStandingsAndCrosstable) {
  two_teams_round_one();
  json::object e = event();
  EXPECT_EQ(str(e.at("state")), "running");
  EXPECT_EQ(e.at("rounds").as_int64(), 1);
  const json::array& matches = e.at("pairings").at(0).at("matches").as_array();
  ASSERT_EQ(matches.size(), 1u);
  const json::array& boards = matches[0].at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  // Board 1: team 1's first player has White; board 2 the other colour; the reserves (3 and 6) do not play.
  EXPECT_EQ(boards[0].at("white").as_int64(), 1);
  EXPECT_EQ(boards[0].at("black").as_int64(), 4);
  EXPECT_EQ(boards[1].at("white").as_int64(), 5);
  EXPECT_EQ(boards[1].at("black").as_int64(), 2);
  for (const json::value& b : boards) EXPECT_TRUE(b.at("game").is_string());

  // Board 1: Black (Knights 1) resigns; board 2: the arbiter enters a draw.
  auto [game1, white_seat] = game_and_seat(1);
  auto [same_game, black_seat] = game_and_seat(4);
  ASSERT_EQ(game1, same_game);
  resign(game1, black_seat, white_seat);
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 5}, {"result", "1/2"}}, 200);
  e = event();
  EXPECT_EQ(str(e.at("state")), "finished");
  const json::object& match = e.at("pairings").at(0).at("matches").at(0).as_object();
  EXPECT_EQ(str(match.at("boards").at(0).at("result")), "1-0");
  EXPECT_EQ(str(match.at("boards").at(1).at("result")), "1/2");
  EXPECT_EQ(json::serialize(match.at("score")), R"(["1.5","0.5"])");
  const json::array& standings = e.at("standings").as_array();
  EXPECT_EQ(standings[0].at("team").as_int64(), 1);
  EXPECT_EQ(str(standings[0].at("match_points")), "2");
  EXPECT_EQ(str(standings[0].at("game_points")), "1.5");
  EXPECT_EQ(str(standings[1].at("match_points")), "0");
  const json::array& cross = e.at("crosstable").as_array();
  EXPECT_EQ(str(cross[1].at("matches").at(0).at("game_points")), "0.5");
  EXPECT_EQ(cross[1].at("matches").at(0).at("opponent").as_int64(), 1);
  // The TRF download carries the team records of the 2025 revision.
  HttpAnswer trf = call("GET", base() + "/trf");
  ASSERT_EQ(trf.status, 200);
  EXPECT_NE(trf.body.find("\n310 "), std::string::npos) << trf.body;
  EXPECT_EQ(trf.body.find("XTK"), std::string::npos) << "secrets stay out of the public file";
}

TEST_P(TeamServiceTest, ACaptainMayGiveOnlyTheThreeAdvicesAndAnswerOnlyAQuestion) {
  two_teams_round_one();
  const std::string captain = captains_[0];
  auto says = [&](int player, const std::string& kind, int status) {
    return refusal("captain", {{"token", captain}, {"player", player}, {"kind", kind}}, status);
  };
  // The three advices of Art. 15, to his board 1 and 2 players.
  EXPECT_EQ(says(1, "offer_draw", 201).first, "");
  EXPECT_EQ(says(1, "accept_draw", 201).first, "");
  EXPECT_EQ(says(2, "resign", 201).first, "");
  // Anything else is refused: a chat word, an answer with no question, free text, a move or a position.
  EXPECT_EQ(says(1, "chat", 409).second, "advice_not_allowed");
  EXPECT_EQ(says(1, "yes", 409).second, "no_question");
  EXPECT_EQ(
      refusal("captain", {{"token", captain}, {"player", 1}, {"kind", "resign"}, {"text", "Nf3 wins"}}, 409).second,
      "advice_not_allowed");
  EXPECT_EQ(
      refusal("captain", {{"token", captain}, {"player", 1}, {"kind", "offer_draw"}, {"move", "e2e4"}}, 409).second,
      "advice_not_allowed");
  EXPECT_EQ(refusal("position", {{"token", captain}}, 403).second, "captain_advice_only");
  EXPECT_EQ(refusal("result", {{"token", captain}, {"round", 1}, {"white", 1}, {"result", "1-0"}}, 403).second,
            "captain_advice_only");
  EXPECT_EQ(refusal("publish", {{"token", captain}}, 403).second, "captain_advice_only");
  // A reserve has no game to advise on.
  EXPECT_EQ(says(3, "resign", 409).second, "no_running_game");

  // The player reads the advice on his game page with his seat, asks, and the captain answers once.
  auto [game, seat] = game_and_seat(1);
  json::object seen = post(base() + "/advice", {{"seat", seat}}, 200);
  EXPECT_EQ(seen.at("player").as_int64(), 1);
  EXPECT_EQ(str(seen.at("team_name")), "Rooks");
  ASSERT_EQ(seen.at("advice").as_array().size(), 2u);
  EXPECT_EQ(str(seen.at("advice").at(0).at("kind")), "offer_draw");
  EXPECT_EQ(str(seen.at("advice").at(1).at("kind")), "accept_draw");
  EXPECT_EQ(refusal("ask", {{"seat", seat}, {"about", "chat"}}, 400).first, "bad_request");
  post(base() + "/ask", {{"seat", seat}, {"about", "offer_draw"}}, 201);
  EXPECT_EQ(refusal("ask", {{"seat", seat}, {"about", "resign"}}, 409).second, "question_open");
  json::object captain_page = post(base() + "/me", {{"token", captain}}, 200);
  EXPECT_EQ(str(captain_page.at("role")), "captain");
  EXPECT_TRUE(captain_page.at("boards").at(0).at("question_open").as_bool());
  EXPECT_EQ(says(1, "decide_yourself", 201).first, "");
  EXPECT_EQ(says(1, "no", 409).second, "no_question");
  seen = post(base() + "/advice", {{"seat", seat}}, 200);
  EXPECT_EQ(str(seen.at("advice").as_array().back().at("kind")), "decide_yourself");
  EXPECT_FALSE(seen.at("question_open").as_bool());
  // The captain's page shows no position, no moves and no clocks of his boards.
  const std::string page = json::serialize(captain_page);
  for (const char* hidden : {"fen", "moves", "clock", "game", "seat"})
    EXPECT_EQ(page.find(std::string("\"") + hidden + "\""), std::string::npos) << hidden;
  EXPECT_EQ(refusal("advice", {{"seat", "not-a-seat-token"}}, 403).second, "bad_seat");
}

TEST_P(TeamServiceTest, OneTeamsCaptainCannotActForAnother) {
  two_teams_round_one();
  // Players 4 and 5 play for the Knights: the Rooks' captain may not advise them, their own captain may.
  EXPECT_EQ(refusal("captain", {{"token", captains_[0]}, {"player", 4}, {"kind", "resign"}}, 403).second,
            "not_your_team");
  EXPECT_EQ(refusal("captain", {{"token", captains_[0]}, {"player", 5}, {"kind", "offer_draw"}}, 403).second,
            "not_your_team");
  EXPECT_EQ(refusal("captain", {{"token", captains_[1]}, {"player", 4}, {"kind", "resign"}}, 201).first, "");
  // Each captain's page is his own team's boards.
  json::object knights = post(base() + "/me", {{"token", captains_[1]}}, 200);
  EXPECT_EQ(knights.at("team").as_int64(), 2);
  for (const json::value& b : knights.at("boards").as_array()) {
    const int64_t p = b.at("player").as_int64();
    EXPECT_TRUE(p == 4 || p == 5) << p;
  }
  // A finished game takes no more advice.
  auto [game, white_seat] = game_and_seat(1);
  auto [same, black_seat] = game_and_seat(4);
  resign(game, black_seat, white_seat);
  EXPECT_EQ(refusal("captain", {{"token", captains_[1]}, {"player", 4}, {"kind", "offer_draw"}}, 409).second,
            "no_running_game");
  EXPECT_EQ(refusal("captain", {{"token", "x"}, {"player", 4}, {"kind", "offer_draw"}}, 403).second, "bad_token");
}

TEST_P(TeamServiceTest, TheEventSurvivesARestartAndCatchesUpOnGamesThatEndedMeanwhile) {
  two_teams_round_one();
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 5}, {"result", "0-1"}}, 200);
  auto [game, white_seat] = game_and_seat(1);
  auto [same, black_seat] = game_and_seat(4);
  const std::string before = json::serialize(event().at("teams"));
  // The game ends while the team events do not hear of it.
  listening_ = false;
  resign(game, white_seat, black_seat);
  listening_ = true;
  restart();
  json::object e = event();
  EXPECT_EQ(json::serialize(e.at("teams")), before);
  EXPECT_EQ(str(e.at("state")), "finished");
  const json::object& match = e.at("pairings").at(0).at("matches").at(0).as_object();
  EXPECT_EQ(str(match.at("boards").at(0).at("result")), "0-1");
  EXPECT_EQ(str(match.at("boards").at(1).at("result")), "0-1");
  EXPECT_EQ(json::serialize(match.at("score")), R"(["1","1"])");
  EXPECT_EQ(str(e.at("standings").at(0).at("match_points")), "1");
  // The secrets came back too: the arbiter and the captains still act.
  EXPECT_EQ(post(base() + "/me", {{"token", arbiter_}}, 200).at("captains").as_array().size(), 2u);
  EXPECT_EQ(str(post(base() + "/me", {{"token", captains_[1]}}, 200).at("role")), "captain");
  EXPECT_TRUE(log_.empty()) << log_.front();
}

// The error data of a refused POST.
json::object refusal_data(const json::object& answer) {
  return answer.contains("data") ? answer.at("data").as_object() : json::object{};
}

TEST_P(TeamServiceTest, ALineUpChosenBeforeTheRoundDecidesWhoPlaysWhichBoard) {
  two_teams_registered();
  // The Rooks' captain puts his reserve (registered third) on board 2; the arbiter leaves the Knights' board 1
  // empty and puts their reserve on board 2.
  json::object mine = post(base() + "/lineup", {{"token", captains_[0]}, {"round", 1}, {"players", {1, 3}}}, 200);
  EXPECT_EQ(json::serialize(mine.at("players")), "[1,3]");
  post(base() + "/lineup", {{"token", arbiter_}, {"team", 2}, {"round", 1}, {"players", {nullptr, 6}}}, 200);
  EXPECT_EQ(str(post(base() + "/lineup", {{"token", arbiter_}, {"round", 1}, {"players", {4, 5}}}, 400)
                    .at("data")
                    .at("field")),
            "team");
  // Refusals name the board and the players: the board order, a player of another team, a player twice, more
  // players than boards, a round that does not exist.
  auto refused = [&](json::array players, int round = 1) {
    json::object o = post(base() + "/lineup", {{"token", captains_[0]}, {"round", round}, {"players", players}}, 409);
    return refusal_data(o);
  };
  json::object order = refused({3, 1});
  EXPECT_EQ(str(order.at("reason")), "board_order");
  EXPECT_EQ(order.at("board").as_int64(), 2);
  EXPECT_EQ(order.at("player").as_int64(), 1);
  EXPECT_EQ(order.at("above").as_int64(), 3);
  json::object other = refused({4, 1});
  EXPECT_EQ(str(other.at("reason")), "not_team_member");
  EXPECT_EQ(other.at("board").as_int64(), 1);
  EXPECT_EQ(other.at("player").as_int64(), 4);
  json::object twice = refused({1, 1});
  EXPECT_EQ(str(twice.at("reason")), "player_twice");
  EXPECT_EQ(twice.at("board").as_int64(), 2);
  EXPECT_EQ(str(refused({1, 2, 3}).at("reason")), "lineup_too_long");
  EXPECT_EQ(str(refused({1, 2}, 2).at("reason")), "no_such_round");
  // Each captain sees his own team's line-up, nobody else's; the public event shows none before the round.
  json::object knights = post(base() + "/me", {{"token", captains_[1]}}, 200);
  ASSERT_EQ(knights.at("lineups").as_array().size(), 1u);
  EXPECT_EQ(json::serialize(knights.at("lineups").at(0)), R"({"round":1,"team":2,"players":[0,6]})");
  EXPECT_EQ(post(base() + "/me", {{"token", arbiter_}}, 200).at("lineups").as_array().size(), 2u);
  EXPECT_EQ(json::serialize(event()).find("\"lineups\""), std::string::npos);

  // The line-ups are stored: after a restart the round is published with them.
  restart();
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  const json::object published = event();
  const json::array& boards = published.at("pairings").at(0).at("matches").at(0).at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  // Board 1: the Rooks' first player against nobody, unplayed and won by forfeit (11(g)), no game.
  EXPECT_EQ(boards[0].at("white").as_int64(), 1);
  EXPECT_EQ(boards[0].at("black").as_int64(), 0);
  EXPECT_EQ(str(boards[0].at("result")), "+-");
  EXPECT_TRUE(boards[0].at("game").is_null());
  // Board 2: the two reserves, a server game.
  EXPECT_EQ(boards[1].at("white").as_int64(), 6);
  EXPECT_EQ(boards[1].at("black").as_int64(), 3);
  EXPECT_TRUE(boards[1].at("game").is_string());
  EXPECT_TRUE(game_and_seat(1).first.empty());
  EXPECT_FALSE(game_and_seat(3).first.empty());
  EXPECT_EQ(says_to(3), 201);
  // A published round's line-up is final.
  json::object late = post(base() + "/lineup", {{"token", captains_[0]}, {"round", 1}, {"players", {1, 2}}}, 409);
  EXPECT_EQ(str(refusal_data(late).at("reason")), "round_published");
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_P(TeamServiceTest, CaptainsMessagesAreStoredWithTheEventAndSurviveARestart) {
  two_teams_round_one();
  auto [game, seat] = game_and_seat(1);
  post(base() + "/captain", {{"token", captains_[0]}, {"player", 1}, {"kind", "offer_draw"}}, 201);
  post(base() + "/ask", {{"seat", seat}, {"about", "resign"}}, 201);
  restart();
  json::object seen = post(base() + "/advice", {{"seat", seat}}, 200);
  ASSERT_EQ(seen.at("advice").as_array().size(), 2u);
  EXPECT_EQ(str(seen.at("advice").at(0).at("kind")), "offer_draw");
  EXPECT_EQ(str(seen.at("advice").at(1).at("from")), "player");
  EXPECT_EQ(str(seen.at("advice").at(1).at("about")), "resign");
  EXPECT_TRUE(seen.at("question_open").as_bool());
  // The question is still open after the restart, so the captain may answer it, once, numbered after the others.
  json::object answered = post(base() + "/captain", {{"token", captains_[0]}, {"player", 1}, {"kind", "no"}}, 201);
  EXPECT_EQ(answered.at("seq").as_int64(), 3);
  EXPECT_EQ(refusal("captain", {{"token", captains_[0]}, {"player", 1}, {"kind", "yes"}}, 409).second, "no_question");
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_P(TeamServiceTest, CaptainsEnterTheirPlayersWhenTheEventLetsThem) {
  json::object created = post("/api/tournaments",
                              {{"v", 1},
                               {"name", "Open League"},
                               {"system", "team-round-robin"},
                               {"boards", 2},
                               {"captain_registration", true}},
                              201);
  id_ = str(created.at("id"));
  arbiter_ = str(created.at("arbiter"));
  EXPECT_TRUE(event().at("captain_registration").as_bool());
  for (const std::string team : {"Rooks", "Knights"})
    captains_.push_back(str(post(base() + "/teams", {{"token", arbiter_}, {"name", team}}, 201).at("captain")));
  json::object incomplete = post(base() + "/close", {{"token", arbiter_}}, 409);
  EXPECT_EQ(str(refusal_data(incomplete).at("reason")), "team_incomplete");
  EXPECT_EQ(refusal_data(incomplete).at("team").as_int64(), 1);
  json::array one{json::object{{"name", "Solo"}}};
  EXPECT_EQ(str(post(base() + "/roster", {{"token", captains_[0]}, {"players", one}}, 400).at("data").at("field")),
            "players");
  for (int c = 0; c < 2; ++c) {
    json::array players;
    for (int i = 1; i <= 3; ++i)
      players.push_back(json::object{{"name", std::string("P").append(std::to_string(c * 3 + i))}});
    EXPECT_EQ(post(base() + "/roster", {{"token", captains_[c]}, {"players", players}}, 201).at("players").as_int64(),
              3);
  }
  // The players came in board order with their links.
  json::object registered = event();
  EXPECT_EQ(str(registered.at("teams").at(1).at("players").at(0).at("name")), "P4");
  EXPECT_EQ(post(base() + "/me", {{"token", arbiter_}}, 200).at("players").as_array().size(), 6u);
  // While registration is open a captain may correct his roster: the new one replaces it, the later teams' players
  // move up to keep start numbers 1..n with their links, and a line-up naming a moved player follows him.
  const std::string p5_link = [&] {
    const json::object links = post(base() + "/me", {{"token", arbiter_}}, 200);
    for (const json::value& p : links.at("players").as_array())
      if (p.at("player").as_int64() == 5) return str(p.at("token"));
    return std::string();
  }();
  post(base() + "/lineup", {{"token", captains_[1]}, {"round", 1}, {"players", {4, 6}}}, 200);
  json::array two{json::object{{"name", "A"}}, json::object{{"name", "B"}}};
  EXPECT_EQ(post(base() + "/roster", {{"token", captains_[0]}, {"players", two}}, 201).at("players").as_int64(), 2);
  registered = event();
  const json::array& teams = registered.at("teams").as_array();
  ASSERT_EQ(teams.at(0).at("players").as_array().size(), 2u);
  EXPECT_EQ(str(teams.at(0).at("players").at(0).at("name")), "A");
  EXPECT_EQ(str(teams.at(0).at("players").at(1).at("name")), "B");
  EXPECT_EQ(teams.at(0).at("players").at(0).at("number").as_int64(), 4);
  EXPECT_EQ(teams.at(1).at("players").at(0).at("number").as_int64(), 1);
  EXPECT_EQ(str(teams.at(1).at("players").at(1).at("name")), "P5");
  EXPECT_EQ(post(base() + "/me", {{"token", arbiter_}}, 200).at("players").as_array().size(), 5u);
  EXPECT_EQ(post(base() + "/me", {{"token", p5_link}}, 200).at("player").as_int64(), 2);
  json::object captain_two = post(base() + "/me", {{"token", captains_[1]}}, 200);
  EXPECT_EQ(json::serialize(captain_two.at("lineups")), R"([{"round":1,"team":2,"players":[1,3]}])");
  // The correction is stored: the renumbered event comes back after a restart.
  restart();
  EXPECT_EQ(str(event().at("teams").at(0).at("players").at(1).at("name")), "B");
  post(base() + "/close", {{"token", arbiter_}}, 200);
  EXPECT_EQ(refusal("roster", {{"token", captains_[1]}, {"players", two}}, 409).second, "registration_closed");
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  EXPECT_FALSE(game_and_seat(1).first.empty());
}

TEST_P(TeamServiceTest, WithoutCaptainRegistrationTheArbiterEntersEveryTeamsPlayers) {
  json::object created =
      post("/api/tournaments", {{"v", 1}, {"name", "L"}, {"system", "team-round-robin"}, {"boards", 2}}, 201);
  id_ = str(created.at("id"));
  arbiter_ = str(created.at("arbiter"));
  EXPECT_EQ(str(post(base() + "/teams", {{"token", arbiter_}, {"name", "Nameonly"}}, 400).at("data").at("field")),
            "players");
  json::array two{json::object{{"name", "A"}}, json::object{{"name", "B"}}};
  const std::string captain =
      str(post(base() + "/teams", {{"token", arbiter_}, {"name", "Full"}, {"players", two}}, 201).at("captain"));
  EXPECT_EQ(refusal("roster", {{"token", captain}, {"players", two}}, 409).second, "captains_do_not_register");
}

TEST_P(TeamServiceTest, ThePgnDownloadHasEveryBoardWithItsTeamsAndLeavesEmptyBoardsOut) {
  two_teams_registered();
  post(base() + "/lineup", {{"token", arbiter_}, {"team", 1}, {"round", 1}, {"players", {1, 0}}}, 200);
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 1}, {"result", "1-0"}}, 200);
  HttpAnswer a = call("GET", base() + "/pgn");
  ASSERT_EQ(a.status, 200);
  EXPECT_EQ(a.content_type, "application/x-chess-pgn");
  std::size_t games = 0;
  for (std::size_t at = a.body.find("[Event "); at != std::string::npos; at = a.body.find("[Event ", at + 1)) ++games;
  EXPECT_EQ(games, 1u) << a.body;
  for (const char* tag : {"[Event \"Club League\"]", "[White \"Rooks 1\"]", "[Black \"Knights 1\"]",
                          "[WhiteTeam \"Rooks\"]", "[BlackTeam \"Knights\"]", "[Result \"1-0\"]"})
    EXPECT_NE(a.body.find(tag), std::string::npos) << tag << "\n" << a.body;
  EXPECT_EQ(call("POST", base() + "/pgn").status, 405);
}

TEST_P(TeamServiceTest, ATeamSwissIsPairedByC046RoundByRoundWithTheByeWorthADrawnMatch) {
  json::object created =
      post("/api/tournaments",
           {{"v", 1}, {"name", "Team Swiss"}, {"system", "team-swiss"}, {"rounds", 2}, {"boards", 2}}, 201);
  id_ = str(created.at("id"));
  arbiter_ = str(created.at("arbiter"));
  for (const std::string team : {"Alpha", "Beta", "Gamma"}) {
    json::array players;
    for (int i = 1; i <= 2; ++i) players.push_back(json::object{{"name", team + " " + std::to_string(i)}});
    post(base() + "/teams", {{"token", arbiter_}, {"name", team}, {"players", players}}, 201);
  }
  EXPECT_EQ(post(base() + "/close", {{"token", arbiter_}}, 200).at("rounds").as_int64(), 2);
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  // Round 1 of three teams (3.4): the bye goes to the team with the largest number among the lowest scores, Gamma;
  // Alpha meets Beta, Alpha (the first) with White on board 1.
  json::object e = event();
  EXPECT_EQ(str(e.at("system")), "team-swiss");
  EXPECT_EQ(e.at("rounds").as_int64(), 2);
  const json::array& one = e.at("pairings").at(0).at("matches").as_array();
  ASSERT_EQ(one.size(), 2u);
  EXPECT_EQ(one[0].at("first").as_int64(), 1);
  EXPECT_EQ(one[0].at("second").as_int64(), 2);
  EXPECT_EQ(one[1].at("first").as_int64(), 3);
  EXPECT_EQ(one[1].at("second").as_int64(), 0);
  // Alpha wins both boards; the bye scores Gamma a drawn match (C.04.6 1.4): 1 match point, 2 x 0.5 game points.
  for (const json::value& b : one[0].at("boards").as_array()) {
    const int64_t white = b.at("white").as_int64();
    post(base() + "/result",
         {{"token", arbiter_}, {"round", 1}, {"white", white}, {"result", white <= 2 ? "1-0" : "0-1"}}, 200);
  }
  // The event and its rules survive a restart; round 2 is paired from round 1's scores.
  restart();
  e = event();
  std::map<int64_t, std::string> match_points;
  for (const json::value& s : e.at("standings").as_array())
    match_points[s.at("team").as_int64()] = str(s.at("match_points"));
  EXPECT_EQ(match_points, (std::map<int64_t, std::string>{{1, "2"}, {2, "0"}, {3, "1"}}));
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  e = event();
  const json::array& two = e.at("pairings").at(1).at("matches").as_array();
  ASSERT_EQ(two.size(), 2u);
  // Gamma may not have the bye again ([C2]) and Alpha may not meet Beta again ([C1]): Alpha meets Gamma, Beta has
  // the bye.
  std::set<std::pair<int64_t, int64_t>> pairs;
  for (const json::value& m : two) pairs.insert({m.at("first").as_int64(), m.at("second").as_int64()});
  EXPECT_TRUE(pairs.contains({2, 0})) << json::serialize(two);
  EXPECT_TRUE(pairs.contains({1, 3}) || pairs.contains({3, 1})) << json::serialize(two);
  HttpAnswer trf = call("GET", base() + "/trf");
  EXPECT_NE(trf.body.find("\n192 FIDE_TEAM"), std::string::npos) << trf.body;
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_P(TeamServiceTest, ATeamSwissTakesTheCliOptionsAndKeepsThemAcrossARestart) {
  auto bad = [&](const std::string& body, const std::string& field) {
    HttpAnswer a = call("POST", "/api/tournaments", body);
    EXPECT_EQ(a.status, 400) << body;
    EXPECT_EQ(str(json::parse(a.body).at("data").at("field")), field) << a.body;
  };
  bad(R"({"v":1,"name":"X","system":"team-swiss","rounds":3,"primary":"bh"})", "primary");
  bad(R"({"v":1,"name":"X","system":"team-swiss","rounds":3,"colour_preferences":"C"})", "colour_preferences");
  bad(R"({"v":1,"name":"X","system":"team-swiss","rounds":3,"colour_preferences":1})", "colour_preferences");
  bad(R"({"v":1,"name":"X","system":"team-swiss","rounds":3,"initial_colour":"red"})", "initial_colour");
  json::object made = post("/api/tournaments",
                           {{"v", 1},
                            {"name", "GP Swiss"},
                            {"system", "team-swiss"},
                            {"rounds", 3},
                            {"boards", 2},
                            {"primary", "gp"},
                            {"colour_preferences", "B"},
                            {"initial_colour", "black"}},
                           201);
  id_ = str(made.at("id"));
  arbiter_ = str(made.at("arbiter"));
  EXPECT_EQ(json::serialize(event().at("swiss")),
            R"({"primary":"gp","colour_preferences":"B","initial_colour":"black","initial_colour_by_lot":false})");
  // In the event's TRF as the CLI writes them: Type B, game points primary and match points for colours (192),
  // Black for the first team (TRF-25's 152 record).
  HttpAnswer trf = call("GET", base() + "/trf");
  EXPECT_NE(trf.body.find("\n192 FIDE_TEAM_TYPEB_GP_MP"), std::string::npos) << trf.body;
  EXPECT_NE(trf.body.find("\n152 B"), std::string::npos) << trf.body;
  for (const std::string team : {"Alpha", "Beta"}) {
    json::array players{json::object{{"name", team + " 1"}}, json::object{{"name", team + " 2"}}};
    post(base() + "/teams", {{"token", arbiter_}, {"name", team}, {"players", players}}, 201);
  }
  post(base() + "/close", {{"token", arbiter_}}, 200);
  restart();
  EXPECT_EQ(str(event().at("swiss").at("colour_preferences")), "B");
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  // 4.1: the first team, Alpha, has Black on board 1 (the boards alternate); the match is listed with White's team
  // on board 1 first, Beta.
  json::object e = event();
  const json::object& match = e.at("pairings").at(0).at("matches").at(0).as_object();
  EXPECT_EQ(match.at("first").as_int64(), 2);
  EXPECT_EQ(match.at("second").as_int64(), 1);
  EXPECT_EQ(match.at("boards").at(0).at("white").as_int64(), 3);
  EXPECT_EQ(match.at("boards").at(1).at("white").as_int64(), 2);
  // Alpha loses 0.5-1.5: Beta leads with 1.5 game points.
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 3}, {"result", "1/2"}}, 200);
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 2}, {"result", "0-1"}}, 200);
  e = event();
  EXPECT_EQ(e.at("standings").at(0).at("team").as_int64(), 2);
  EXPECT_EQ(str(e.at("standings").at(0).at("game_points")), "1.5");
}

TEST_P(TeamServiceTest, AnInitialColourDrawnByLotIsStoredWithItsSeed) {
  // The fixture's random source gives 42: the draw is the one initial_colour_by_lot(42) makes, again after a restart.
  const std::string drawn = initial_colour_by_lot(42) == tournament::Colour::white ? "white" : "black";
  json::object made = post(
      "/api/tournaments",
      {{"v", 1}, {"name", "Lot"}, {"system", "team-swiss"}, {"rounds", 1}, {"boards", 1}, {"initial_colour", "lot"}},
      201);
  id_ = str(made.at("id"));
  arbiter_ = str(made.at("arbiter"));
  EXPECT_EQ(str(event().at("swiss").at("initial_colour")), drawn);
  EXPECT_TRUE(event().at("swiss").at("initial_colour_by_lot").as_bool());
  restart();
  EXPECT_EQ(str(event().at("swiss").at("initial_colour")), drawn);
  EXPECT_TRUE(event().at("swiss").at("initial_colour_by_lot").as_bool());
  HttpAnswer trf = call("GET", base() + "/trf");
  EXPECT_NE(trf.body.find(drawn == "white" ? "\n152 W" : "\n152 B"), std::string::npos) << trf.body;
  // The seed decides: the same seed, the same colour; over seeds, both colours come up.
  std::set<tournament::Colour> seen;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    EXPECT_EQ(initial_colour_by_lot(seed), initial_colour_by_lot(seed));
    seen.insert(initial_colour_by_lot(seed));
  }
  EXPECT_EQ(seen.size(), 2u);
}

TEST_P(TeamServiceTest, AnAbsentTeamIsLeftOutOfTheSwissRoundTheArbiterMarksItFor) {
  json::object made =
      post("/api/tournaments", {{"v", 1}, {"name", "Absences"}, {"system", "team-swiss"}, {"rounds", 2}, {"boards", 1}},
           201);
  id_ = str(made.at("id"));
  arbiter_ = str(made.at("arbiter"));
  for (const std::string team : {"T1", "T2", "T3", "T4"}) {
    json::array players{json::object{{"name", team + "a"}}};
    captains_.push_back(
        str(post(base() + "/teams", {{"token", arbiter_}, {"name", team}, {"players", players}}, 201).at("captain")));
  }
  post(base() + "/close", {{"token", arbiter_}}, 200);
  EXPECT_EQ(
      str(post(base() + "/absent", {{"token", arbiter_}, {"team", 9}, {"absent", true}}, 400).at("data").at("field")),
      "team");
  EXPECT_EQ(str(post(base() + "/absent", {{"token", arbiter_}, {"team", 2}}, 400).at("data").at("field")), "absent");
  EXPECT_EQ(refusal("absent", {{"token", captains_[1]}, {"team", 2}, {"absent", true}}, 403).second,
            "captain_advice_only");
  // T3 marked and unmarked, T2 marked: the mark is for round 1 and survives a restart.
  post(base() + "/absent", {{"token", arbiter_}, {"team", 3}, {"absent", true}}, 200);
  post(base() + "/absent", {{"token", arbiter_}, {"team", 2}, {"absent", true}}, 200);
  json::object marked = post(base() + "/absent", {{"token", arbiter_}, {"team", 3}, {"absent", false}}, 200);
  EXPECT_EQ(json::serialize(marked), R"({"round":1,"absent":[2]})");
  restart();
  EXPECT_EQ(json::serialize(event().at("absent")), "[2]");
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  // Round 1 without T2 (C.04.6 pairs the teams present): of T1, T3, T4 the bye goes to the largest TPN among the
  // lowest scores (3.4), T4; T1 meets T3. T2 has no match and scores nothing.
  json::object e = event();
  const json::array& one = e.at("pairings").at(0).at("matches").as_array();
  ASSERT_EQ(one.size(), 2u) << json::serialize(one);
  EXPECT_EQ(one[0].at("first").as_int64(), 1);
  EXPECT_EQ(one[0].at("second").as_int64(), 3);
  EXPECT_EQ(one[1].at("first").as_int64(), 4);
  EXPECT_EQ(one[1].at("second").as_int64(), 0);
  EXPECT_EQ(json::serialize(e.at("absent")), "[]");
  post(base() + "/result", {{"token", arbiter_}, {"round", 1}, {"white", 1}, {"result", "1-0"}}, 200);
  std::map<int64_t, std::string> match_points;
  const json::object after_one = event();
  for (const json::value& s : after_one.at("standings").as_array())
    match_points[s.at("team").as_int64()] = str(s.at("match_points"));
  EXPECT_EQ(match_points, (std::map<int64_t, std::string>{{1, "2"}, {2, "0"}, {3, "0"}, {4, "1"}}));
  // Round 2 with T2 back: T1 (2) alone at the top takes T4 (1) as its upfloater, T2 and T3 (0) meet.
  post(base() + "/publish", {{"token", arbiter_}}, 200);
  std::set<std::set<int64_t>> pairs;
  const json::object after_two = event();
  for (const json::value& m : after_two.at("pairings").at(1).at("matches").as_array())
    pairs.insert({m.at("first").as_int64(), m.at("second").as_int64()});
  EXPECT_EQ(pairs, (std::set<std::set<int64_t>>{{1, 4}, {2, 3}}));
  EXPECT_EQ(refusal("absent", {{"token", arbiter_}, {"team", 1}, {"absent", true}}, 409).second,
            "all_rounds_published");
}

TEST_P(TeamServiceTest, OnlyATeamSwissHasAbsentTeams) {
  two_teams_registered();
  EXPECT_EQ(refusal("absent", {{"token", arbiter_}, {"team", 1}, {"absent", true}}, 409).second, "not_swiss");
}

TEST(TeamCaptain, TheSixWordsOfArticle15AndNothingElse) {
  std::vector<TeamAdvice> log;
  for (const char* kind : {"offer_draw", "accept_draw", "resign"}) EXPECT_FALSE(captain_refusal(log, "g", 1, kind));
  for (const char* kind : {"yes", "no", "decide_yourself"})
    EXPECT_EQ(captain_refusal(log, "g", 1, kind), "no_question");
  for (const char* kind : {"", "chat", "e2e4", "draw", "Resign"})
    EXPECT_EQ(captain_refusal(log, "g", 1, kind), "advice_not_allowed");
  log.push_back({1, "g", 1, false, "ask", "offer_draw"});
  EXPECT_FALSE(captain_refusal(log, "g", 1, "no"));
  EXPECT_EQ(captain_refusal(log, "g", 2, "no"), "no_question");  // another player's question
  EXPECT_EQ(captain_refusal(log, "h", 1, "no"), "no_question");  // another game
  log.push_back({2, "g", 1, true, "resign", ""});
  EXPECT_TRUE(question_open(log, "g", 1));  // an advice is no answer
  log.push_back({3, "g", 1, true, "no", ""});
  EXPECT_FALSE(question_open(log, "g", 1));
}

}  // namespace
}  // namespace tabiya::server::testing

namespace tabiya::server::testing {
namespace {
INSTANTIATE_TEST_SUITE_P(EveryEventStore, TeamServiceTest,
                         ::testing::Values(EventBackend::files, EventBackend::postgres), event_backend_name);
}  // namespace
}  // namespace tabiya::server::testing
