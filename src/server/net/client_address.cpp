#include "server/net/client_address.h"

#include <charconv>
#include <optional>

namespace tabiya::server {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A forwarded address as proxies write it: bare, or IPv6 in brackets (possibly with a port, as
// "[2001:db8::1]:4711"); an IPv4 address with a port ("192.0.2.1:4711") is read too.
std::optional<IpAddress> forwarded_address(std::string_view text) {
  text = trim(text);
  if (text.starts_with('[')) {
    std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (text.find(':') != std::string_view::npos && text.find(':') == text.rfind(':') &&
             text.find('.') != std::string_view::npos) {
    text = text.substr(0, text.find(':'));
  }
  boost::system::error_code ec;
  IpAddress address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return unmapped(address);
}

}  // namespace

IpAddress unmapped(const IpAddress& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  return address;
}

bool AddressRange::contains(const IpAddress& candidate) const {
  IpAddress address = unmapped(candidate);
  if (address.is_v4() != network.is_v4()) return false;
  auto match = [this](const auto& a, const auto& b) {
    for (int bit = 0; bit < prefix; ++bit) {
      unsigned mask = 0x80u >> (bit % 8);
      if ((a[bit / 8] & mask) != (b[bit / 8] & mask)) return false;
    }
    return true;
  };
  if (address.is_v4()) return match(address.to_v4().to_bytes(), network.to_v4().to_bytes());
  return match(address.to_v6().to_bytes(), network.to_v6().to_bytes());
}

Result<AddressRange> parse_address_range(std::string_view text) {
  std::string_view address_text = text.substr(0, text.find('/'));
  boost::system::error_code ec;
  IpAddress network = boost::asio::ip::make_address(std::string(address_text), ec);
  if (ec)
    return fail("trusted proxy '" + std::string(text) + "': '" + std::string(address_text) + "' is not an IP address");
  network = unmapped(network);
  const int bits = network.is_v4() ? 32 : 128;
  int prefix = bits;
  if (std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    std::string_view digits = text.substr(slash + 1);
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || prefix < 0 || prefix > bits)
      return fail("trusted proxy '" + std::string(text) + "': the prefix after '/' must be 0.." + std::to_string(bits));
  }
  return AddressRange{network, prefix};
}

std::string client_key(const IpAddress& candidate) {
  IpAddress address = unmapped(candidate);
  if (address.is_v4()) return address.to_string();
  auto bytes = address.to_v6().to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

Result<TrustedProxies> TrustedProxies::parse(const std::vector<std::string>& texts) {
  std::vector<AddressRange> ranges;
  for (const std::string& text : texts) {
    auto range = parse_address_range(text);
    if (!range) return range.error();
    ranges.push_back(*range);
  }
  return TrustedProxies(std::move(ranges));
}

bool TrustedProxies::trusts(const IpAddress& address) const {
  for (const AddressRange& range : ranges_)
    if (range.contains(address)) return true;
  return false;
}

IpAddress TrustedProxies::client(const IpAddress& peer, std::string_view forwarded_for) const {
  IpAddress client = unmapped(peer);
  if (!trusts(client)) return client;
  std::size_t end = forwarded_for.size();
  while (end != std::string_view::npos && end > 0) {
    std::size_t comma = forwarded_for.rfind(',', end - 1);
    std::size_t start = comma == std::string_view::npos ? 0 : comma + 1;
    std::string_view hop = trim(forwarded_for.substr(start, end - start));
    if (!hop.empty()) {
      auto address = forwarded_address(hop);
      if (!address) return client;
      client = *address;
      if (!trusts(client)) return client;
    }
    if (comma == std::string_view::npos) break;
    end = comma;
  }
  return client;
}

}  // namespace tabiya::server
