// The caps on a game's settings: what one request may make the server hold and send to every spectator.
// Each refusal is 400 bad_request naming the field; a cap of size adds `reason: "limit"` and the limit.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "server/games/game_settings_limits.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

TEST(SettingsLimits, NamesAreCountedInCharactersAndHoldNoControlCharacter) {
  EXPECT_TRUE(showable_name("Anna"));
  EXPECT_FALSE(showable_name(""));
  std::string cyrillic;
  for (int i = 0; i < 80; ++i) cyrillic += "Ж";  // 160 bytes, 80 characters
  EXPECT_EQ(utf8_length(cyrillic), 80u);
  EXPECT_TRUE(showable_name(cyrillic));
  EXPECT_FALSE(showable_name(cyrillic + "Ж"));
  EXPECT_FALSE(showable_name(std::string(81, 'a')));
  EXPECT_FALSE(showable_name("a\tb"));
  EXPECT_FALSE(showable_name("a\nb"));
  EXPECT_FALSE(showable_name("\x1b[31mred"));
  EXPECT_FALSE(showable_name("a\x7f"));
  EXPECT_FALSE(showable_name("a\xc2\x85"));  // U+0085, a C1 control (next line)
  EXPECT_TRUE(showable_name("Bj\xc3\xb8rn"));
  EXPECT_TRUE(showable_name("abc", 3));
  EXPECT_FALSE(showable_name("abcd", 3));
}

class SettingsLimitsTest : public ServiceFixture {
 protected:
  // The refusal's data, after checking it is a 400 bad_request naming `field`.
  json::object refused(const json::object& request, const std::string& field) {
    HttpAnswer a = service_->http({"POST", "/api/games", json::serialize(request)});
    EXPECT_EQ(a.status, 400) << json::serialize(request).substr(0, 200) << " -> " << a.body;
    json::object body = json::parse(a.body).as_object();
    EXPECT_EQ(body.at("error").as_string(), "bad_request") << a.body;
    EXPECT_EQ(body.at("data").at("field").as_string(), field) << a.body;
    return body.at("data").as_object();
  }
  void accepted(const json::object& request) {
    HttpAnswer a = service_->http({"POST", "/api/games", json::serialize(request)});
    EXPECT_EQ(a.status, 201) << json::serialize(request).substr(0, 200) << " -> " << a.body;
    settle();
  }
  static json::object game(const json::object& fields) {
    json::object o{{"v", 1}, {"opponent", "invite"}};
    for (const auto& field : fields) o[field.key()] = field.value();
    return o;
  }
};

TEST_F(SettingsLimitsTest, AClockHasAtMostFivePeriodsOfAtMostADay) {
  accepted(game({{"time", "40/90:20/60:20/30:20/15:30+30"}}));
  json::object data = refused(game({{"time", "40/90:20/60:20/30:20/15:20/10:30+30"}}), "time");
  EXPECT_EQ(data.at("reason").as_string(), "limit");
  EXPECT_EQ(data.at("limit").as_int64(), 5);
  EXPECT_EQ(data.at("expected").as_string(), "at most 5 periods");
  // A time control of 1,000 periods.
  std::string thousand;
  for (int i = 0; i < 999; ++i) thousand += "1/1:";
  thousand += "1";
  data = refused(game({{"time", thousand}}), "time");
  EXPECT_EQ(data.at("reason").as_string(), "limit");
  accepted(game({{"time", "1440+0"}}));
  EXPECT_EQ(refused(game({{"time", "1441+0"}}), "time").at("limit").as_int64(), 1440);
  EXPECT_EQ(refused(game({{"time", "5+3601"}}), "time").at("limit").as_int64(), 3600);
}

TEST_F(SettingsLimitsTest, NamesHoldNoControlCharacters) {
  accepted(game({{"names", json::object{{"white", "Anna"}, {"black", "Bj\xc3\xb8rn"}}}}));
  refused(game({{"names", json::object{{"white", "An\tna"}}}}), "names");
  refused(game({{"names", json::object{{"white", "\x1b[2J"}}}}), "names");
  refused(game({{"names", json::object{{"black", std::string(81, 'x')}}}}), "names");
  refused(game({{"tournament", json::object{{"id", "club"}, {"name", "Club\x07"}, {"round", 1}}}}), "tournament");
}

TEST_F(SettingsLimitsTest, AStartingFenOrPgnHasItsLimits) {
  json::object data = refused(game({{"fen", std::string(129, ' ')}}), "fen");
  EXPECT_EQ(data.at("limit").as_int64(), 128);
  EXPECT_EQ(data.at("reason").as_string(), "limit");
  std::string big = "1. e4 e5 {" + std::string(32 * 1024, 'x') + "} *";
  data = refused(game({{"pgn", big}}), "pgn");
  EXPECT_EQ(data.at("limit").as_int64(), 32 * 1024);
  // 1,001 plies (knights out and back) is one too many; a short game is fine.
  std::string shuffle;
  const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  for (int ply = 0; ply < 1001; ++ply) {
    if (ply % 2 == 0) shuffle += std::to_string(ply / 2 + 1) + ". ";
    shuffle += std::string(cycle[ply % 4]) + " ";
  }
  ASSERT_LT(shuffle.size(), 32u * 1024);
  data = refused(game({{"pgn", shuffle + "*"}}), "pgn");
  EXPECT_EQ(data.at("limit").as_int64(), 1000);
  EXPECT_EQ(data.at("expected").as_string(), "at most 1000 plies");
  accepted(game({{"pgn", "1. e4 e5 2. Nf3 *"}}));
}

}  // namespace
}  // namespace tabiya::server::testing
