#include "loadtest/load_scan.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tabiya::loadtest {
namespace {

TEST(LoadScan, ReadsTheTopMembersOfAMoveEventWithoutEnteringNestedOnes) {
  const std::string text =
      R"({"t":"event","seq":12,"e":{"uci":"e2e4","type":"move","ply":1,"clock":{"white":1,"type":"x"},)"
      R"("legal":{"e7":["e6","e5"],"g8":["f6"]},"legal_moves":[{"uci":"e7e5","san":"e5"}]},"req":7})";
  std::vector<std::string> keys;
  std::string_view event;
  int64_t req = 0;
  ASSERT_TRUE(load_scan::for_each_member(text, [&](std::string_view key, std::string_view value) {
    keys.emplace_back(key);
    if (key == "e") event = value;
    if (key == "req") req = load_scan::int_value(value).value_or(-1);
    return true;
  }));
  EXPECT_EQ(keys, (std::vector<std::string>{"t", "seq", "e", "req"}));
  EXPECT_EQ(req, 7);
  std::string type, legal;
  ASSERT_TRUE(load_scan::for_each_member(event, [&](std::string_view key, std::string_view value) {
    if (key == "type") type = load_scan::string_value(value);  // the event's, not the nested clock's
    if (key == "legal") legal = value;
    return true;
  }));
  EXPECT_EQ(type, "move");
  std::vector<std::string> moves;
  ASSERT_TRUE(load_scan::for_each_member(legal, [&](std::string_view from, std::string_view targets) {
    return load_scan::for_each_element(targets, [&](std::string_view to) {
      moves.push_back(std::string(from) + std::string(load_scan::string_value(to)));
    });
  }));
  EXPECT_EQ(moves, (std::vector<std::string>{"e7e6", "e7e5", "g8f6"}));
}

TEST(LoadScan, StringsWithBracketsAndEscapesAreSkippedWhole) {
  const std::string text = R"({"detail":"a \"}]\" b","code":"busy", "n" : -3 ,"x":[],"y":{}})";
  std::string code;
  int64_t n = 0;
  int members = 0;
  ASSERT_TRUE(load_scan::for_each_member(text, [&](std::string_view key, std::string_view value) {
    ++members;
    if (key == "code") code = load_scan::string_value(value);
    if (key == "n") n = load_scan::int_value(value).value_or(0);
    return true;
  }));
  EXPECT_EQ(members, 5);
  EXPECT_EQ(code, "busy");
  EXPECT_EQ(n, -3);
}

TEST(LoadScan, TextCutShortOrNotAnObjectIsRefused) {
  auto any = [](std::string_view, std::string_view) { return true; };
  EXPECT_FALSE(load_scan::for_each_member(R"({"t":"event","e":{"ply":1})", any));
  EXPECT_FALSE(load_scan::for_each_member(R"({"t":"unterminated})", any));
  EXPECT_FALSE(load_scan::for_each_member(R"(["t"])", any));
  EXPECT_FALSE(load_scan::for_each_member("", any));
  EXPECT_TRUE(load_scan::for_each_member("{}", any));
  EXPECT_EQ(load_scan::string_value("12"), "");
  EXPECT_FALSE(load_scan::int_value("\"12\"").has_value());
}

}  // namespace
}  // namespace tabiya::loadtest
