// Which Host names the server answers and which pages may open its WebSockets.
#include "server/base/served_names.h"

#include <gtest/gtest.h>

namespace tabiya::server {
namespace {

WebOrigin url(const char* text) {
  auto parsed = parse_public_url(text);
  EXPECT_TRUE(parsed) << text;
  return parsed ? *parsed : WebOrigin{};
}

TEST(ServedNames, PublicUrlsAreSchemeHostAndPort) {
  EXPECT_EQ(url("https://Chess.Example.org"), (WebOrigin{"https", "chess.example.org", 443}));
  EXPECT_EQ(url("http://chess.example.org:8080/"), (WebOrigin{"http", "chess.example.org", 8080}));
  EXPECT_EQ(url("http://[2001:db8::1]:81"), (WebOrigin{"http", "2001:db8::1", 81}));
  auto path = parse_public_url("https://chess.example.org/play");
  ASSERT_FALSE(path);
  EXPECT_EQ(path.error().message,
            "public URL 'https://chess.example.org/play': expected scheme://host[:port] with no path, e.g. "
            "https://chess.example.org");
  auto scheme = parse_public_url("ftp://chess.example.org");
  ASSERT_FALSE(scheme);
  EXPECT_EQ(scheme.error().message,
            "public URL 'ftp://chess.example.org': the scheme must be http or https, not 'ftp'");
  EXPECT_FALSE(parse_public_url("chess.example.org"));
  EXPECT_FALSE(parse_public_url("https://chess.example.org:99999"));
  EXPECT_FALSE(parse_public_url("https://user@chess.example.org"));
}

TEST(ServedNames, HostMustNameThisServer) {
  ServedNames names("127.0.0.1", {});
  names.set_port(8080);
  for (const char* ok : {"localhost:8080", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080"})
    EXPECT_TRUE(names.host_allowed(ok, "127.0.0.1")) << ok;
  for (const char* bad : {"evil.example:8080", "localhost:8081", "localhost", "127.0.0.1:80", "", "[::1", "a b:8080",
                          "localhost:8080:1", "localhost:x"})
    EXPECT_FALSE(names.host_allowed(bad, "127.0.0.1")) << bad;
}

TEST(ServedNames, AWildcardListenerServesTheAddressTheClientReached) {
  ServedNames names("0.0.0.0", {});
  names.set_port(8080);
  EXPECT_TRUE(names.host_allowed("192.168.1.20:8080", "192.168.1.20"));
  EXPECT_FALSE(names.host_allowed("192.168.1.21:8080", "192.168.1.20"));
  EXPECT_FALSE(names.host_allowed("0.0.0.0:8080", "192.168.1.20"));
  EXPECT_TRUE(names.host_allowed("[fe80::1]:8080", "fe80::1"));
  ServedNames named("chess.lan", {});
  named.set_port(80);
  EXPECT_TRUE(named.host_allowed("chess.lan", ""));  // no port: 80
  EXPECT_TRUE(named.host_allowed("chess.lan:80", ""));
}

TEST(ServedNames, PublicUrlsAreServedOnTheirOwnPorts) {
  ServedNames names("127.0.0.1", {url("https://chess.example.org"), url("http://chess.example.net:8000")});
  names.set_port(8080);
  EXPECT_TRUE(names.host_allowed("chess.example.org", "127.0.0.1"));
  EXPECT_TRUE(names.host_allowed("chess.example.org:443", "127.0.0.1"));
  EXPECT_FALSE(names.host_allowed("chess.example.org:8080", "127.0.0.1"));
  EXPECT_TRUE(names.host_allowed("chess.example.net:8000", "127.0.0.1"));
  EXPECT_FALSE(names.host_allowed("chess.example.net", "127.0.0.1"));
  EXPECT_TRUE(names.host_allowed("localhost:8080", "127.0.0.1"));
}

TEST(ServedNames, OriginsMatchSchemeHostAndPort) {
  ServedNames plain("127.0.0.1", {});
  plain.set_port(8080);
  // Not a browser: no Origin, let in.
  EXPECT_TRUE(plain.origin_allowed(std::nullopt, "127.0.0.1:8080"));
  EXPECT_TRUE(plain.origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080"));
  EXPECT_TRUE(plain.origin_allowed("http://LocalHost:8080/", "localhost:8080"));
  for (const char* bad : {"https://127.0.0.1:8080", "evil://127.0.0.1:8080", "http://127.0.0.1:8081",
                          "http://localhost:8080", "null", "http://127.0.0.1:8080/page", ""})
    EXPECT_FALSE(plain.origin_allowed(std::string_view(bad), "127.0.0.1:8080")) << bad;

  ServedNames public_url("127.0.0.1", {url("https://chess.example.org")});
  public_url.set_port(8080);
  EXPECT_TRUE(public_url.origin_allowed("https://chess.example.org", "chess.example.org"));
  EXPECT_TRUE(public_url.origin_allowed("https://chess.example.org:443", "chess.example.org"));
  for (const char* bad : {"http://chess.example.org", "evil://chess.example.org", "https://chess.example.org:8443",
                          "https://evil.example"})
    EXPECT_FALSE(public_url.origin_allowed(std::string_view(bad), "chess.example.org")) << bad;
  // On the machine itself, a page of the loopback name it asked for.
  EXPECT_TRUE(public_url.origin_allowed("http://localhost:8080", "localhost:8080"));
  EXPECT_FALSE(public_url.origin_allowed("https://localhost:8080", "localhost:8080"));
}

}  // namespace
}  // namespace tabiya::server
