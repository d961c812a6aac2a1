// The in-process event bus (server/cluster/event_bus.h), the HTTP error builder
// (server/base/http_errors.h) and the Prometheus writer (server/base/prometheus.h).
#include "server/cluster/event_bus.h"

#include <gtest/gtest.h>

#include <vector>

#include "server/base/http_errors.h"
#include "server/base/prometheus.h"

namespace tabiya::server {
namespace {

class ListPeer final : public Peer {
 public:
  void send(SharedText text) override { got.push_back(std::move(text)); }
  void close(int, std::string_view) override {}
  std::vector<SharedText> got;
};

TEST(InProcessBus, DeliversOneBufferToEveryReceiverOfTheTopicInOrder) {
  InProcessBus bus;
  auto a = std::make_shared<ListPeer>(), b = std::make_shared<ListPeer>(), other = std::make_shared<ListPeer>();
  bus.subscribe("g1", a);
  bus.subscribe("g1", b);
  bus.subscribe("g1", b);  // once only
  bus.subscribe("g2", other);
  EXPECT_EQ(bus.receivers("g1"), 2u);
  SharedText first = share("one"), second = share("two");
  bus.publish("g1", first);
  bus.publish("g1", second, a.get());  // a has its own copy
  ASSERT_EQ(a->got.size(), 1u);
  EXPECT_EQ(a->got[0], first);
  ASSERT_EQ(b->got.size(), 2u);
  EXPECT_EQ(b->got[0], first);  // the very same buffer, not a copy
  EXPECT_EQ(b->got[1], second);
  EXPECT_TRUE(other->got.empty());
  bus.unsubscribe("g1", b.get());
  bus.publish("g1", share("three"));
  EXPECT_EQ(b->got.size(), 2u);
  EXPECT_EQ(a->got.size(), 2u);
  bus.unsubscribe("g1", a.get());
  EXPECT_EQ(bus.receivers("g1"), 0u);
}

TEST(HttpErrors, OneShapeForEveryHttpError) {
  EXPECT_EQ(http_error_body("not_found"), R"({"error":"not_found","data":{}})");
  HttpAnswer a = http_error(404, "unknown_game", R"({"id":"x"})");
  EXPECT_EQ(a.status, 404);
  EXPECT_EQ(a.content_type, "application/json");
  EXPECT_EQ(a.body, R"({"error":"unknown_game","data":{"id":"x"}})");
}

TEST(PrometheusWriter, WritesFamiliesSamplesAndHistograms) {
  std::string out;
  PrometheusWriter w(out);
  w.single("x_total", "counter", "Xs.", 3);
  w.family("y", "gauge", "Ys.");
  w.sample("y", "{kind=\"a\"}", int64_t{1});
  const double bounds[] = {0.001, 0.01};
  const int64_t counts[] = {2, 1, 4};
  w.histogram("z_seconds", "Zs.", bounds, counts, 1.5);
  EXPECT_EQ(out,
            "# HELP x_total Xs.\n# TYPE x_total counter\nx_total 3\n"
            "# HELP y Ys.\n# TYPE y gauge\ny{kind=\"a\"} 1\n"
            "# HELP z_seconds Zs.\n# TYPE z_seconds histogram\n"
            "z_seconds_bucket{le=\"0.001\"} 2\nz_seconds_bucket{le=\"0.01\"} 3\nz_seconds_bucket{le=\"+Inf\"} 7\n"
            "z_seconds_sum 1.500000\nz_seconds_count 7\n");
}

}  // namespace
}  // namespace tabiya::server
