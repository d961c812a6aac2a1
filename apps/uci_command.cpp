// `tabiya uci`: the robot as a UCI engine on standard input and output, for
// chess GUIs and match runners (engine/uci.h).
#include <iostream>

#include "commands.h"
#include "engine/uci.h"

namespace tabiya::cli {

void add_uci_command(CLI::App& app) {
  CLI::App* uci = app.add_subcommand("uci", "Run the robot as a UCI engine on standard input and output");
  uci->callback([] { engine::run_uci(std::cin, std::cout); });
}

}  // namespace tabiya::cli
