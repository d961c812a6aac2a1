#include "server/net/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/beast/zlib/inflate_stream.hpp>
#include <filesystem>
#include <fstream>

namespace tabiya::server {
namespace {

std::string gunzip(const std::string& gz) {
  namespace zlib = boost::beast::zlib;
  EXPECT_GE(gz.size(), 18u);
  EXPECT_EQ(gz.substr(0, 3), std::string("\x1f\x8b\x08", 3));
  zlib::inflate_stream inflate;
  inflate.reset(15);
  std::string out(1 << 20, '\0');
  zlib::z_params params;
  params.next_in = gz.data() + 10;
  params.avail_in = gz.size() - 18;
  params.next_out = out.data();
  params.avail_out = out.size();
  boost::system::error_code ec;
  inflate.write(params, zlib::Flush::sync, ec);
  out.resize(out.size() - params.avail_out);
  uint32_t size = 0;
  for (int i = 0; i < 4; ++i)
    size |= static_cast<uint32_t>(static_cast<unsigned char>(gz[gz.size() - 4 + i])) << (8 * i);
  EXPECT_EQ(size, out.size());
  return out;
}

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tabiya-static-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_ / "assets");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const std::string& content) { std::ofstream(dir_ / name) << content; }
  std::filesystem::path dir_;
};

TEST(Gzip, RoundTripsThroughInflate) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "move " + std::to_string(i % 37) + " e2e4 e7e5\n";
  std::string gz = gzip_compress(text);
  EXPECT_LT(gz.size(), text.size() / 4);
  EXPECT_EQ(gunzip(gz), text);
  EXPECT_EQ(gunzip(gzip_compress("")), "");
}

TEST(ContentType, ByExtension) {
  EXPECT_EQ(content_type_for("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_for("app-3f9a.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("style.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("piece.svg"), "image/svg+xml");
  EXPECT_EQ(content_type_for("README"), "application/octet-stream");
}

TEST_F(StaticFilesTest, FailsWithoutIndex) {
  Result<StaticFiles> files = StaticFiles::load(dir_);
  ASSERT_FALSE(files.ok());
  EXPECT_NE(files.error().message.find("index.html"), std::string::npos);
}

TEST_F(StaticFilesTest, LoadsWithCachingPolicyAndGzip) {
  std::string script(4000, 'x');
  write("index.html", "<!doctype html><title>tabiya</title>");
  write("assets/app-3f9a.js", script);
  write("assets/board-77aa.png", std::string(4000, 'p'));
  Result<StaticFiles> files = StaticFiles::load(dir_);
  ASSERT_TRUE(files.ok()) << files.error().message;
  EXPECT_EQ(files->size(), 3u);
  const StaticFile* index = files->index();
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->cache_control, "no-cache");
  EXPECT_TRUE(index->gzip.empty());  // too small to pay
  const StaticFile* app = files->find("/assets/app-3f9a.js");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(app->cache_control, "public, max-age=31536000, immutable");
  EXPECT_EQ(gunzip(app->gzip), script);
  const StaticFile* png = files->find("/assets/board-77aa.png");
  ASSERT_NE(png, nullptr);
  EXPECT_TRUE(png->gzip.empty());  // images are already compressed
  EXPECT_EQ(files->find("/assets/missing.js"), nullptr);
  EXPECT_EQ(files->find("/../index.html"), nullptr);
}

TEST_F(StaticFilesTest, PrefersAPrecompressedCopy) {
  std::string script(4000, 'y');
  write("index.html", "<!doctype html>");
  write("assets/app.js", script);
  std::string precompressed = gzip_compress(script);
  write("assets/app.js.gz", precompressed);
  Result<StaticFiles> files = StaticFiles::load(dir_);
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(files->size(), 2u);  // the .gz is not a file of its own
  EXPECT_EQ(files->find("/assets/app.js")->gzip, precompressed);
}

}  // namespace
}  // namespace tabiya::server
