#include "server/games/game_settings_limits.h"

#include <algorithm>

namespace tabiya::server {

std::optional<SettingRefusal> time_control_refusal(std::string_view text, const TimeControl& tc) {
  if (text.size() > MAX_TIME_TEXT)
    return SettingRefusal{"at most " + std::to_string(MAX_TIME_TEXT) + " characters", MAX_TIME_TEXT};
  if (tc.periods().size() > MAX_TIME_PERIODS)
    return SettingRefusal{"at most " + std::to_string(MAX_TIME_PERIODS) + " periods", MAX_TIME_PERIODS};
  for (const TimePeriod& p : tc.periods()) {
    if (p.base > std::chrono::minutes(MAX_PERIOD_MINUTES))
      return SettingRefusal{"periods of at most " + std::to_string(MAX_PERIOD_MINUTES) + " minutes",
                            std::size_t(MAX_PERIOD_MINUTES)};
    if (p.bonus > std::chrono::seconds(MAX_BONUS_SECONDS))
      return SettingRefusal{"a bonus of at most " + std::to_string(MAX_BONUS_SECONDS) + " seconds",
                            std::size_t(MAX_BONUS_SECONDS)};
  }
  return std::nullopt;
}

std::size_t utf8_length(std::string_view text) {
  return std::size_t(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

bool showable_name(std::string_view text, std::size_t max_characters) {
  if (text.empty() || utf8_length(text) > max_characters) return false;
  // C0 controls and DEL; C1 controls are U+0080..U+009F, in UTF-8 0xC2 0x80..0x9F.
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) return false;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) return false;
  }
  return true;
}

}  // namespace tabiya::server
