#include "support/tabiya_node.h"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <thread>

namespace tabiya::testing {

std::string tabiya_binary() {
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "tabiya").string();
}

Result<std::unique_ptr<TabiyaNode>> TabiyaNode::start(const std::vector<std::string>& args) {
  static std::atomic<int> started{0};
  std::unique_ptr<TabiyaNode> node(new TabiyaNode());
  node->dir_ = std::filesystem::temp_directory_path() /
               ("tabiya-node-" + std::to_string(::getpid()) + "-" + std::to_string(started++));
  std::filesystem::remove_all(node->dir_);
  std::filesystem::create_directories(node->dir_);
  std::vector<std::string> argv{tabiya_binary(), "serve",     "--port", "0",
                                "--host",        "127.0.0.1", "--data", (node->dir_ / "data").string()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto process = ChildProcess::start(argv, (node->dir_ / "serve.log").string());
  if (!process) return process.error();
  node->process_ = std::move(*process);
  const std::string marker = "tabiya: open http://localhost:";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string text = node->log();
    if (const std::size_t at = text.find(marker); at != std::string::npos) {
      node->port_ = std::atoi(text.c_str() + at + marker.size());
      if (node->port_ > 0) return node;
    }
    if (!node->process_.running()) return fail("tabiya serve ended at start: " + text);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return fail("tabiya serve did not start within 60 s: " + node->log());
}

TabiyaNode::~TabiyaNode() {
  ::kill(process_.pid(), SIGCONT);  // a paused node must be able to take its SIGTERM
  process_.stop(SIGTERM, std::chrono::seconds(10));
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void TabiyaNode::signal(int sig) const { ::kill(process_.pid(), sig); }

std::string TabiyaNode::log() const {
  std::ifstream in(dir_ / "serve.log");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tabiya::testing
