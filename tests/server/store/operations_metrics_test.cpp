// Operations on several nodes: /metrics per node gains the store's commit time (tabiya_store_commit_seconds) and the
// Redis bus's lag (tabiya_bus_lag_seconds, tested in redis_bus_test.cpp). The histogram behind both, and the
// group committer timing each transaction it sends to the store.
#include <gtest/gtest.h>

#include <thread>

#include "server/base/prometheus.h"
#include "server/store/group_commit.h"

namespace tabiya::server::testing {
namespace {

using std::chrono::microseconds;

TEST(LatencyHistogram, CountsEachDurationInItsBucketCumulativelyInSeconds) {
  LatencyHistogram h{1, 10, 100};   // ms
  h.record(microseconds(500));      // 0.5 ms: le 0.001
  h.record(microseconds(1000));     // exactly 1 ms: le 0.001
  h.record(microseconds(7000));     // le 0.01
  h.record(microseconds(250'000));  // beyond the last bound: +Inf only
  h.record(microseconds(-300));     // a clock behind another's: counted as 0
  EXPECT_EQ(h.count(), 5);
  std::string text;
  PrometheusWriter w(text);
  h.write(w, "x_seconds", "A test.");
  EXPECT_NE(text.find("# TYPE x_seconds histogram\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_bucket{le=\"0.001\"} 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_bucket{le=\"0.01\"} 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_bucket{le=\"0.1\"} 4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_bucket{le=\"+Inf\"} 5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_sum 0.258500\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_seconds_count 5\n"), std::string::npos) << text;
}

// A store whose every commit takes at least `pause`.
class SlowStore final : public GameStore {
 public:
  explicit SlowStore(std::chrono::milliseconds pause) : pause_(pause), inner_(make_memory_store()) {}
  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::this_thread::sleep_for(pause_);
    return inner_->commit(writes);
  }
  Result<std::vector<StoredGame>> load_unfinished() override { return inner_->load_unfinished(); }
  Result<std::optional<StoredGame>> load(const std::string& id) override { return inner_->load(id); }
  Result<bool> finished(const std::string& id) override { return inner_->finished(id); }
  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) override {
    return inner_->expiry_candidates(before_ms, limit);
  }

 private:
  std::chrono::milliseconds pause_;
  std::unique_ptr<GameStore> inner_;
};

TEST(StoreCommitTime, EveryTransactionTheGroupCommitterSendsIsTimed) {
  GroupCommitter writer(std::make_shared<SlowStore>(std::chrono::milliseconds(30)));
  writer.submit({{StoreWrite::Kind::CREATE, "a", "{}", 0, 0}}, [](const Result<bool>& r) { EXPECT_TRUE(r); });
  writer.flush();
  // A batch with a bad unit: the batch, then each of its two units alone.
  writer.submit({{StoreWrite::Kind::CREATE, "b", "{}", 0, 0}}, [](const Result<bool>&) {});
  writer.submit({{StoreWrite::Kind::CREATE, "a", "{}", 0, 0}}, [](const Result<bool>&) {});
  writer.flush();
  const int64_t transactions = writer.commits();
  ASSERT_GE(transactions, 2);
  EXPECT_EQ(writer.commit_time().count(), transactions);
  std::string text;
  PrometheusWriter w(text);
  writer.commit_time().write(w, "tabiya_store_commit_seconds", "Time the store took to commit a transaction.");
  // Nothing took under 30 ms: the first buckets hold none, and the sum is at least 30 ms a transaction.
  EXPECT_NE(text.find("tabiya_store_commit_seconds_bucket{le=\"0.02\"} 0\n"), std::string::npos) << text;
  const auto sum_at = text.find("tabiya_store_commit_seconds_sum ");
  ASSERT_NE(sum_at, std::string::npos);
  EXPECT_GE(std::stod(text.substr(sum_at + 32)), 0.030 * double(transactions)) << text;
}

}  // namespace
}  // namespace tabiya::server::testing
