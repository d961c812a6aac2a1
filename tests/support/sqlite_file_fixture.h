// A game service on a SQLite file in a directory of the test's own, for tests that stop the server and start it
// again on the same file (persistence_test.cpp, unjoined_expiry_test.cpp). `Base` is ServiceFixture or a fixture
// built on it.
#pragma once

#include <filesystem>
#include <memory>

#include "support/service_test_support.h"
#include "support/test_directory.h"

namespace tabiya::server::testing {

template <class Base = ServiceFixture>
class OnSqliteFile : public Base {
 protected:
  void SetUp() override {
    dir_ = tabiya::testing::fresh_test_directory("tabiya-store-");
    this->store_ = open_store();
    this->start();
  }
  void TearDown() override {
    stop();
    std::filesystem::remove_all(dir_);
  }
  std::shared_ptr<GameStore> open_store() {
    auto s = open_sqlite_store((dir_ / "games.sqlite3").string());
    EXPECT_TRUE(s) << s.error().message;
    return std::shared_ptr<GameStore>(std::move(*s));
  }
  // The process stops: the service and the store's connection go, the file stays.
  void stop() {
    this->service_.reset();
    this->store_.reset();
  }
  // The process starts again on the same file.
  void start_again() {
    this->store_ = open_store();
    this->start();
  }

  std::filesystem::path dir_;
};

}  // namespace tabiya::server::testing
