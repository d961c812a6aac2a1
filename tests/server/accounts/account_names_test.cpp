// The username and password rules (server/accounts/account_names.h).
#include <gtest/gtest.h>

#include "server/accounts/account_names.h"

namespace tabiya::server {
namespace {

TEST(AccountNames, AcceptsLettersDigitsAndSingleSeparators) {
  for (const char* name : {"ab", "Magnus", "bob_2", "a-b-c", "x1", "Zz_9-y", "abcdefghij0123456789"})
    EXPECT_FALSE(check_username(name)) << name;
}

TEST(AccountNames, RefusesLengthsOutsideTwoToTwenty) {
  EXPECT_EQ(check_username("a")->problem, "too_short");
  EXPECT_EQ(check_username("")->problem, "too_short");
  EXPECT_EQ(check_username("abcdefghij0123456789x")->problem, "too_long");
}

TEST(AccountNames, RefusesCharactersOutsideAsciiAndNamesWhere) {
  auto space = check_username("bob smith");
  ASSERT_TRUE(space);
  EXPECT_EQ(space->problem, "bad_character");
  EXPECT_EQ(space->position, 3u);
  EXPECT_EQ(check_username("bob.smith")->problem, "bad_character");
  EXPECT_EQ(check_username("bob@x")->position, 3u);
}

TEST(AccountNames, RefusesConfusablesBecauseOnlyAsciiIsAllowed) {
  // "admin" with a Cyrillic a (U+0430, bytes D0 B0) and "paypal" with a Cyrillic р (U+0440).
  auto cyrillic = check_username(
      "\xD0\xB0"
      "dmin");
  ASSERT_TRUE(cyrillic);
  EXPECT_EQ(cyrillic->problem, "bad_character");
  EXPECT_EQ(cyrillic->position, 0u);
  auto second = check_username(
      "pay\xD1\x80"
      "al");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->problem, "bad_character");
  EXPECT_EQ(second->position, 3u);
  // A full-width Latin letter and a zero-width space are not ASCII either.
  EXPECT_EQ(check_username("\xEF\xBC\xA1"
                           "bc")
                ->problem,
            "bad_character");
  EXPECT_EQ(check_username("ab\xE2\x80\x8B"
                           "c")
                ->problem,
            "bad_character");
}

TEST(AccountNames, SeparatorsOnlyBetweenLettersOrDigits) {
  EXPECT_EQ(check_username("_bob")->problem, "bad_start");
  EXPECT_EQ(check_username("-bob")->problem, "bad_start");
  auto end = check_username("bob_");
  ASSERT_TRUE(end);
  EXPECT_EQ(end->problem, "bad_end");
  EXPECT_EQ(end->position, 3u);
  auto twice = check_username("bo__b");
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->problem, "double_separator");
  EXPECT_EQ(twice->position, 3u);
  EXPECT_EQ(check_username("bo-_b")->problem, "double_separator");
}

TEST(AccountNames, ReservedNamesInAnyCase) {
  for (const char* name : {"admin", "Admin", "ROBOT", "anonymous", "tabiya", "Deleted"}) {
    auto problem = check_username(name);
    ASSERT_TRUE(problem) << name;
    EXPECT_EQ(problem->problem, "reserved") << name;
  }
}

TEST(AccountNames, CanonicalFormIgnoresCase) {
  EXPECT_EQ(canonical_username("MaGnUs_1"), "magnus_1");
  EXPECT_EQ(canonical_username("bob"), canonical_username("BOB"));
}

TEST(AccountNames, PasswordLengths) {
  EXPECT_EQ(check_password("short"), "too_short");
  EXPECT_FALSE(check_password("eight ch"));
  EXPECT_FALSE(check_password(std::string(256, 'x')));
  EXPECT_EQ(check_password(std::string(257, 'x')), "too_long");
}

}  // namespace
}  // namespace tabiya::server
