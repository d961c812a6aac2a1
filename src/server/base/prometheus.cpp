#include "server/base/prometheus.h"

#include <algorithm>
#include <cstdio>

namespace tabiya::server {

namespace {
std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}
}  // namespace

void PrometheusWriter::family(std::string_view name, std::string_view type, std::string_view help) {
  out_ += "# HELP ";
  out_ += name;
  out_ += ' ';
  out_ += help;
  out_ += "\n# TYPE ";
  out_ += name;
  out_ += ' ';
  out_ += type;
  out_ += '\n';
}

void PrometheusWriter::sample(std::string_view name, std::string_view labels, int64_t value) {
  out_ += name;
  out_ += labels;
  out_ += ' ';
  out_ += std::to_string(value);
  out_ += '\n';
}

void PrometheusWriter::sample(std::string_view name, std::string_view labels, double value) {
  out_ += name;
  out_ += labels;
  out_ += ' ';
  out_ += number(value);
  out_ += '\n';
}

void PrometheusWriter::single(std::string_view name, std::string_view type, std::string_view help, int64_t value) {
  family(name, type, help);
  sample(name, "", value);
}

void PrometheusWriter::histogram(std::string_view name, std::string_view help, std::span<const double> bounds,
                                 std::span<const int64_t> counts, double sum) {
  family(name, "histogram", help);
  const std::string bucket = std::string(name) + "_bucket";
  int64_t cumulative = 0;
  for (std::size_t i = 0; i < bounds.size() && i < counts.size(); ++i) {
    cumulative += counts[i];
    char le[32];
    std::snprintf(le, sizeof le, "%g", bounds[i]);
    sample(bucket, std::string("{le=\"") + le + "\"}", cumulative);
  }
  if (counts.size() > bounds.size()) cumulative += counts[bounds.size()];
  sample(bucket, "{le=\"+Inf\"}", cumulative);
  char total[32];
  std::snprintf(total, sizeof total, "%.6f", sum);
  out_ += std::string(name) + "_sum " + total + "\n";
  sample(std::string(name) + "_count", "", cumulative);
}

LatencyHistogram::LatencyHistogram(std::initializer_list<double> bounds_ms)
    : bounds_ms_(bounds_ms), counts_(std::make_unique<std::atomic<int64_t>[]>(bounds_ms_.size() + 1)) {}

void LatencyHistogram::record(std::chrono::microseconds took) {
  const int64_t us = std::max<int64_t>(0, took.count());  // clocks of two machines may disagree a little
  sum_us_ += us;
  std::size_t i = 0;
  while (i < bounds_ms_.size() && double(us) > bounds_ms_[i] * 1000) ++i;
  ++counts_[i];
}

void LatencyHistogram::write(PrometheusWriter& out, std::string_view name, std::string_view help) const {
  std::vector<double> bounds;
  for (double ms : bounds_ms_) bounds.push_back(ms / 1000.0);
  std::vector<int64_t> counts;
  for (std::size_t i = 0; i <= bounds_ms_.size(); ++i) counts.push_back(counts_[i].load());
  out.histogram(name, help, bounds, counts, double(sum_us_.load()) / 1e6);
}

int64_t LatencyHistogram::count() const {
  int64_t n = 0;
  for (std::size_t i = 0; i <= bounds_ms_.size(); ++i) n += counts_[i].load();
  return n;
}

}  // namespace tabiya::server
