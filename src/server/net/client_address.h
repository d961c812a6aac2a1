// Who a connection is counted as, for the per-client limits: the key of its
// client address (an IPv4 address, or the /64 prefix of an IPv6 one, since one
// household is given a whole /64), read from X-Forwarded-For only when the TCP
// peer is a proxy the operator trusts (--trusted-proxy).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

using IpAddress = boost::asio::ip::address;

// An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as a dual-stack socket reports IPv4 peers) as the IPv4 one.
IpAddress unmapped(const IpAddress& address);

// One address or a CIDR block: "10.0.0.7", "10.0.0.0/8", "::1", "fd00::/8".
struct AddressRange {
  IpAddress network;
  int prefix = 0;  // bits that must match
  bool contains(const IpAddress& address) const;
};
// The error names the text and what is wrong in it.
Result<AddressRange> parse_address_range(std::string_view text);

// The key a client is counted under: "203.0.113.9" for IPv4, "2001:db8:1:2::/64" for IPv6.
std::string client_key(const IpAddress& address);

class TrustedProxies {
 public:
  TrustedProxies() = default;
  explicit TrustedProxies(std::vector<AddressRange> ranges) : ranges_(std::move(ranges)) {}
  // Parses every --trusted-proxy value; the error names the bad one.
  static Result<TrustedProxies> parse(const std::vector<std::string>& texts);

  bool trusts(const IpAddress& address) const;
  bool empty() const { return ranges_.empty(); }

  // The client's address for a request from `peer` that carried `forwarded_for` (every X-Forwarded-For value,
  // joined with commas in the order they came). A peer not trusted is the client whatever it claims; from a
  // trusted one, the right-most address that is not itself a trusted proxy (each proxy appends the address it
  // was reached from, so the ones left of the first untrusted hop are the client's own claims). A value that
  // is not an address ends the walk at the hop before it.
  IpAddress client(const IpAddress& peer, std::string_view forwarded_for) const;

 private:
  std::vector<AddressRange> ranges_;
};

}  // namespace tabiya::server
