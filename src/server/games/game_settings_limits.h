// The sizes a game's or a tournament's settings may have: what one
// request may make the server hold and send to every spectator. Each check
// names the field it refuses and what it expects, as the other settings'
// refusals do (400 bad_request, docs/protocol.md).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "laws/time_control.h"

namespace tabiya::server {

inline constexpr std::size_t MAX_TIME_PERIODS = 5;  // FIDE's longest controls have three
inline constexpr std::size_t MAX_TIME_TEXT = 64;    // the time control as written
inline constexpr int64_t MAX_PERIOD_MINUTES = 24 * 60;
inline constexpr int64_t MAX_BONUS_SECONDS = 60 * 60;
inline constexpr std::size_t MAX_NAME_CHARACTERS = 80;  // a player's or an event's name on the game page
inline constexpr std::size_t MAX_FEN_BYTES = 128;       // the longest legal FEN is under 100
inline constexpr std::size_t MAX_PGN_BYTES = 32 * 1024;
inline constexpr std::size_t MAX_START_PLIES = 1000;  // moves of a starting PGN, both sides
inline constexpr std::size_t MAX_TIE_BREAKS = 12;

// What a refused setting expects, in English (the `expected` of the refusal), and the limit when the refusal is
// one of size (the `limit` with `reason: "limit"`).
struct SettingRefusal {
  std::string expected;
  std::optional<std::size_t> limit;
};

// A clock's periods: at most MAX_TIME_PERIODS, each at most a day with at most an hour's bonus.
std::optional<SettingRefusal> time_control_refusal(std::string_view text, const TimeControl& tc);
// A name to show: 1..max_characters characters (UTF-8 code points), no control characters (a line break, a tab,
// an escape sequence would reach every page and log that shows it).
bool showable_name(std::string_view text, std::size_t max_characters = MAX_NAME_CHARACTERS);
// The characters of `text`, counted as UTF-8 code points.
std::size_t utf8_length(std::string_view text);

}  // namespace tabiya::server
