#include "server/events/team_swiss_options.h"

#include <random>
#include <string>

#include "server/events/tournament_http.h"
#include "server/events/tournament_requests.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

tn::Colour initial_colour_by_lot(uint64_t seed) {
  // std::mt19937_64's sequence is fixed by the standard, so a stored seed gives the same outcome everywhere.
  std::mt19937_64 draw(seed);
  return draw() % 2 == 0 ? tn::Colour::white : tn::Colour::black;
}

std::optional<HttpAnswer> read_team_swiss_options(const json::object& request, uint64_t seed, tn::TeamSwissRules& rules,
                                                  bool& by_lot) {
  by_lot = false;
  if (const json::value* primary = field(request, "primary")) {
    if (!primary->is_string() || (primary->as_string() != "mp" && primary->as_string() != "gp"))
      return tournament_bad_field("primary", "mp|gp");
    rules.primary = primary->as_string() == "mp" ? tn::TeamScore::match_points : tn::TeamScore::game_points;
  }
  if (const json::value* colours = field(request, "colour_preferences")) {
    const std::string_view c = colours->is_string() ? std::string_view(colours->as_string()) : std::string_view();
    if (c == "A") rules.colours = tn::TeamColourPreferences::type_a;
    else if (c == "B") rules.colours = tn::TeamColourPreferences::type_b;
    else if (c == "none") rules.colours = tn::TeamColourPreferences::none;
    else return tournament_bad_field("colour_preferences", "A|B|none");
  }
  if (const json::value* initial = field(request, "initial_colour")) {
    const std::string_view c = initial->is_string() ? std::string_view(initial->as_string()) : std::string_view();
    if (c == "white") rules.initial_colour = tn::Colour::white;
    else if (c == "black") rules.initial_colour = tn::Colour::black;
    else if (c == "lot") {
      rules.initial_colour = initial_colour_by_lot(seed);
      by_lot = true;
    } else return tournament_bad_field("initial_colour", "white|black|lot");
  }
  return std::nullopt;
}

json::object team_swiss_options_json(const tn::TeamSwissRules& rules, std::optional<uint64_t> lot_seed) {
  const char* colours = rules.colours == tn::TeamColourPreferences::type_a   ? "A"
                        : rules.colours == tn::TeamColourPreferences::type_b ? "B"
                                                                             : "none";
  return json::object{{"primary", rules.primary == tn::TeamScore::match_points ? "mp" : "gp"},
                      {"colour_preferences", colours},
                      {"initial_colour", rules.initial_colour == tn::Colour::white ? "white" : "black"},
                      {"initial_colour_by_lot", lot_seed.has_value()}};
}

}  // namespace tabiya::server
