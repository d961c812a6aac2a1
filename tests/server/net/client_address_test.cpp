// Who a connection is counted as: IPv4 addresses, IPv6 /64s, and
// X-Forwarded-For believed only from trusted proxies.
#include "server/net/client_address.h"

#include <gtest/gtest.h>

namespace tabiya::server {
namespace {

IpAddress ip(const char* text) { return boost::asio::ip::make_address(text); }

TEST(ClientAddress, Ipv4IsItsOwnKeyAndIpv6CountsByItsSlash64) {
  EXPECT_EQ(client_key(ip("203.0.113.9")), "203.0.113.9");
  EXPECT_EQ(client_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key(ip("2001:db8:1:2::1")), client_key(ip("2001:db8:1:2:ffff::9")));
  EXPECT_NE(client_key(ip("2001:db8:1:2::1")), client_key(ip("2001:db8:1:3::1")));
  // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d: still that IPv4 client.
  EXPECT_EQ(client_key(ip("::ffff:198.51.100.4")), "198.51.100.4");
}

TEST(ClientAddress, RangesTakeAddressesAndCidrBlocks) {
  auto one = parse_address_range("10.1.2.3");
  ASSERT_TRUE(one) << one.error().message;
  EXPECT_TRUE(one->contains(ip("10.1.2.3")));
  EXPECT_FALSE(one->contains(ip("10.1.2.4")));
  auto block = parse_address_range("10.0.0.0/8");
  ASSERT_TRUE(block);
  EXPECT_TRUE(block->contains(ip("10.255.0.1")));
  EXPECT_TRUE(block->contains(ip("::ffff:10.9.9.9")));
  EXPECT_FALSE(block->contains(ip("11.0.0.1")));
  EXPECT_FALSE(block->contains(ip("::1")));
  auto v6 = parse_address_range("fd00::/8");
  ASSERT_TRUE(v6);
  EXPECT_TRUE(v6->contains(ip("fd12:3456::1")));
  EXPECT_FALSE(v6->contains(ip("fe80::1")));
  auto odd = parse_address_range("192.168.1.0/23");
  ASSERT_TRUE(odd);
  EXPECT_TRUE(odd->contains(ip("192.168.0.200")));
  EXPECT_FALSE(odd->contains(ip("192.168.2.1")));
  EXPECT_TRUE(parse_address_range("0.0.0.0/0")->contains(ip("8.8.8.8")));
}

TEST(ClientAddress, BadRangesNameTheTextAndTheFault) {
  auto name = parse_address_range("proxy.example");
  ASSERT_FALSE(name);
  EXPECT_EQ(name.error().message, "trusted proxy 'proxy.example': 'proxy.example' is not an IP address");
  auto wide = parse_address_range("10.0.0.0/33");
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.error().message, "trusted proxy '10.0.0.0/33': the prefix after '/' must be 0..32");
  EXPECT_FALSE(parse_address_range("10.0.0.0/"));
  EXPECT_FALSE(parse_address_range("10.0.0.0/8x"));
  EXPECT_FALSE(parse_address_range("::1/129"));
  auto list = TrustedProxies::parse({"10.0.0.1", "bad"});
  ASSERT_FALSE(list);
  EXPECT_NE(list.error().message.find("'bad'"), std::string::npos);
}

TEST(ClientAddress, ForwardedForIsBelievedOnlyFromATrustedPeer) {
  auto proxies = TrustedProxies::parse({"10.0.0.1", "10.0.1.0/24"});
  ASSERT_TRUE(proxies);
  // Anyone else is the client, whatever it claims.
  EXPECT_EQ(proxies->client(ip("198.51.100.7"), "1.2.3.4"), ip("198.51.100.7"));
  // The proxy appends the address it was reached from: that is the client.
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "203.0.113.5"), ip("203.0.113.5"));
  // The left part is the client's own claim: only the right-most untrusted hop counts.
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "6.6.6.6, 203.0.113.5"), ip("203.0.113.5"));
  // A chain of trusted proxies is walked through.
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "6.6.6.6,203.0.113.5, 10.0.1.20"), ip("203.0.113.5"));
  EXPECT_EQ(proxies->client(ip("::ffff:10.0.0.1"), "[2001:db8::7]:4711"), ip("2001:db8::7"));
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "192.0.2.8:5000"), ip("192.0.2.8"));
  // No header, or nothing readable: the proxy itself (or the last hop that could be read).
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), ""), ip("10.0.0.1"));
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "unknown"), ip("10.0.0.1"));
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "203.0.113.5, garbage, 10.0.1.3"), ip("10.0.1.3"));
  // Every hop trusted: the left-most.
  EXPECT_EQ(proxies->client(ip("10.0.0.1"), "10.0.1.9, 10.0.1.3"), ip("10.0.1.9"));
  // No trusted proxy at all: the peer, always.
  EXPECT_EQ(TrustedProxies().client(ip("127.0.0.1"), "203.0.113.5"), ip("127.0.0.1"));
}

}  // namespace
}  // namespace tabiya::server
