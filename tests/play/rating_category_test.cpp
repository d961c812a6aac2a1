#include "play/rating_category.h"

#include <gtest/gtest.h>

#include "laws/game_category.h"

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

RatingCategory clock(int base_s, int inc_s) { return rating_category_for_clock(seconds(base_s), seconds(inc_s)); }

TEST(RatingCategory, LichessBoundariesOnBasePlusFortyIncrements) {
  EXPECT_EQ(clock(15, 0), RatingCategory::BULLET);  // ultrabullet counts as bullet
  EXPECT_EQ(clock(60, 0), RatingCategory::BULLET);
  EXPECT_EQ(clock(120, 1), RatingCategory::BULLET);  // 160 s
  EXPECT_EQ(clock(179, 0), RatingCategory::BULLET);
  EXPECT_EQ(clock(180, 0), RatingCategory::BLITZ);  // 3 min
  EXPECT_EQ(clock(60, 3), RatingCategory::BLITZ);   // 180 s
  EXPECT_EQ(clock(180, 2), RatingCategory::BLITZ);  // 260 s
  EXPECT_EQ(clock(300, 3), RatingCategory::BLITZ);  // 420 s
  EXPECT_EQ(clock(479, 0), RatingCategory::BLITZ);
  EXPECT_EQ(clock(480, 0), RatingCategory::RAPID);  // 8 min
  EXPECT_EQ(clock(600, 0), RatingCategory::RAPID);
  EXPECT_EQ(clock(600, 5), RatingCategory::RAPID);   // 800 s
  EXPECT_EQ(clock(900, 10), RatingCategory::RAPID);  // 1300 s
  EXPECT_EQ(clock(1499, 0), RatingCategory::RAPID);
  EXPECT_EQ(clock(1500, 0), RatingCategory::CLASSICAL);  // 25 min
  EXPECT_EQ(clock(1800, 0), RatingCategory::CLASSICAL);
  EXPECT_EQ(clock(1800, 20), RatingCategory::CLASSICAL);
}

TEST(RatingCategory, Chess960AndCorrespondenceComeFirst) {
  const TimeControl blitz = TimeControl::sudden_death(minutes(3), seconds(2));
  EXPECT_EQ(rating_category(blitz, std::nullopt, false), RatingCategory::BLITZ);
  EXPECT_EQ(rating_category(blitz, std::nullopt, true), RatingCategory::CHESS960);
  EXPECT_EQ(rating_category(TimeControl::untimed(), 3, false), RatingCategory::CORRESPONDENCE);
  EXPECT_EQ(rating_category(TimeControl::untimed(), 3, true), RatingCategory::CHESS960);
  EXPECT_EQ(rating_category(TimeControl::untimed(), std::nullopt, false), std::nullopt);
}

TEST(RatingCategory, NamesRoundTrip) {
  for (RatingCategory c : kRatingCategories) EXPECT_EQ(rating_category_from_name(rating_category_name(c)), c);
  EXPECT_EQ(rating_category_from_name("ultrabullet"), std::nullopt);
}

// The rating category is not the Laws' category (FIDE 2018 Appendices A.1 and B.1): 10+0 is rapid for the
// rating but blitz under the Laws; 30+0 classical here, rapid there.
TEST(RatingCategory, DiffersFromTheLawsCategories) {
  const RulesProfile& laws = rules_profile(RulesEdition::FIDE_2018);
  const TimeControl ten = TimeControl::sudden_death(minutes(10));
  EXPECT_EQ(rating_category(ten, std::nullopt, false), RatingCategory::RAPID);
  EXPECT_EQ(classify_time_control(ten, laws), GameCategory::BLITZ);
  const TimeControl thirty = TimeControl::sudden_death(minutes(30));
  EXPECT_EQ(rating_category(thirty, std::nullopt, false), RatingCategory::CLASSICAL);
  EXPECT_EQ(classify_time_control(thirty, laws), GameCategory::RAPID);
}

}  // namespace
}  // namespace tabiya
