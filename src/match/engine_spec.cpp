#include "match/engine_spec.h"

#include <charconv>
#include <sstream>

namespace tabiya {

Result<EngineSpec> parse_engine_spec(const std::vector<std::string>& words) {
  EngineSpec spec;
  std::vector<std::string> command, args;
  for (const std::string& word : words) {
    std::size_t eq = word.find('=');
    auto bad = [&](const std::string& why) { return fail("engine word \"" + word + "\": " + why); };
    if (eq == std::string::npos || eq == 0) return bad("expected KEY=VALUE");
    std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    if (key == "name") {
      spec.name = value;
    } else if (key == "cmd") {
      std::istringstream parts(value);
      command.clear();
      for (std::string part; parts >> part;) command.push_back(part);
    } else if (key == "arg") {
      args.push_back(value);
    } else if (key == "dir") {
      spec.directory = value;
    } else if (key == "proto") {
      if (value == "uci") spec.protocol = EngineProtocol::UCI;
      else if (value == "xboard" || value == "cecp") spec.protocol = EngineProtocol::CECP;
      else return bad("unknown protocol \"" + value + "\" (expected uci or xboard)");
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else if (key == "timeout") {
      int ms = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec != std::errc() || end != value.data() + value.size() || ms <= 0)
        return bad("timeout must be a positive number of milliseconds");
      spec.startup_timeout = std::chrono::milliseconds(ms);
    } else {
      return bad("unknown key \"" + key + "\" (expected name, cmd, arg, dir, proto, option.NAME or timeout)");
    }
  }
  if (command.empty()) return fail("engine \"" + spec.name + "\" has no cmd=COMMAND");
  spec.argv = command;
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  if (spec.name.empty()) {
    std::size_t slash = command[0].rfind('/');
    spec.name = slash == std::string::npos ? command[0] : command[0].substr(slash + 1);
  }
  return spec;
}

}  // namespace tabiya
