// A directory of the running test's own under the system's temporary directory: named by a prefix, the process
// and the test, so that tests running side by side never share one.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace tabiya::testing {

// The directory, made empty; the test removes it when done.
inline std::filesystem::path fresh_test_directory(const std::string& prefix) {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      (prefix + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace tabiya::testing
