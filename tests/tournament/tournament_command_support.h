// `tabiya tournament` run in-process with string streams, and a fixture that gives each test its own empty
// temporary directory for the files the commands write.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tournament_command.h"

namespace tabiya::cli::test {

struct Outcome {
  int code;
  std::string out, err;
};

inline Outcome run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = run_tournament(args, out, err);
  return {code, out.str(), err.str()};
}

class CommandFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("tabiya_" + std::string(info->test_suite_name()) + "_" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string read(const std::string& name) const {
    std::ifstream in(path(name));
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::filesystem::path dir_;
};

}  // namespace tabiya::cli::test
