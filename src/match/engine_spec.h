// How to run one engine of a match, read from command-line words in the
// style of cutechess-cli and fastchess:
//   name=NAME  cmd=COMMAND  arg=ARG (repeatable)  dir=DIRECTORY  proto=uci|xboard
//   option.NAME=VALUE (repeatable; UCI setoption, or CECP "option NAME=VALUE")
//   timeout=MS (start-up handshake limit, default 5000)
// COMMAND is split at spaces ("build/tabiya uci"); use arg= for an argument
// that contains spaces. NAME defaults to the command's file name.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

namespace tabiya {

enum class EngineProtocol { UCI, CECP };

struct EngineSpec {
  std::string name;
  std::vector<std::string> argv;  // the command and its arguments
  std::string directory;
  EngineProtocol protocol = EngineProtocol::UCI;
  std::vector<std::pair<std::string, std::string>> options;  // in the order given
  std::chrono::milliseconds startup_timeout{5000};
};

// Fails naming the word that is wrong, e.g. `engine word "proto=uic": unknown protocol "uic" (expected uci or xboard)`.
Result<EngineSpec> parse_engine_spec(const std::vector<std::string>& words);

}  // namespace tabiya
