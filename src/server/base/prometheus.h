// The one writer of Prometheus text exposition lines, for /metrics: the network
// layer's counters and each service's own append through it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tabiya::server {

class PrometheusWriter {
 public:
  explicit PrometheusWriter(std::string& out) : out_(out) {}
  // "# HELP" and "# TYPE" for a family; its samples follow.
  void family(std::string_view name, std::string_view type, std::string_view help);
  // One sample; `labels` is empty or "{key=\"value\",...}".
  void sample(std::string_view name, std::string_view labels, int64_t value);
  void sample(std::string_view name, std::string_view labels, double value);
  // A family with one unlabelled sample.
  void single(std::string_view name, std::string_view type, std::string_view help, int64_t value);
  // A histogram: `bounds` are the upper bounds (in the family's unit) and `counts` one more (the last is +Inf),
  // not cumulative.
  void histogram(std::string_view name, std::string_view help, std::span<const double> bounds,
                 std::span<const int64_t> counts, double sum);

 private:
  std::string& out_;
};

// A duration histogram in seconds, recorded from any thread without a lock (store commits, bus lag).
class LatencyHistogram {
 public:
  // Upper bounds of the buckets, in milliseconds, ascending; one more bucket takes the rest.
  explicit LatencyHistogram(std::initializer_list<double> bounds_ms);
  void record(std::chrono::microseconds took);
  // The family `name` in seconds.
  void write(PrometheusWriter& out, std::string_view name, std::string_view help) const;
  int64_t count() const;

 private:
  std::vector<double> bounds_ms_;
  std::unique_ptr<std::atomic<int64_t>[]> counts_;
  std::atomic<int64_t> sum_us_{0};
};

}  // namespace tabiya::server
