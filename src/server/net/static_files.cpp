#include "server/net/static_files.h"

#include <array>
#include <boost/beast/zlib/deflate_stream.hpp>
#include <boost/crc.hpp>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>

namespace tabiya::server {

namespace {

struct TypeInfo {
  std::string_view extension;
  std::string_view type;
  bool compressible;
};

constexpr std::array<TypeInfo, 20> TYPES{{
    {".html", "text/html; charset=utf-8", true},
    {".js", "text/javascript; charset=utf-8", true},
    {".mjs", "text/javascript; charset=utf-8", true},
    {".css", "text/css; charset=utf-8", true},
    {".json", "application/json", true},
    {".map", "application/json", true},
    {".webmanifest", "application/manifest+json", true},
    {".svg", "image/svg+xml", true},
    {".txt", "text/plain; charset=utf-8", true},
    {".wasm", "application/wasm", true},
    {".ico", "image/x-icon", true},
    {".png", "image/png", false},
    {".jpg", "image/jpeg", false},
    {".jpeg", "image/jpeg", false},
    {".webp", "image/webp", false},
    {".woff2", "font/woff2", false},
    {".woff", "font/woff", false},
    {".mp3", "audio/mpeg", false},
    {".ogg", "audio/ogg", false},
    {".wav", "audio/wav", true},
}};

const TypeInfo* type_info(std::string_view name) {
  for (const TypeInfo& info : TYPES) {
    if (name.size() > info.extension.size() && name.ends_with(info.extension)) return &info;
  }
  return nullptr;
}

Result<std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("web: cannot read " + path.string());
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return fail("web: error reading " + path.string());
  return content.str();
}

std::string etag_of(std::string_view body) {
  char text[24];
  std::snprintf(text, sizeof text, "\"%016zx\"", std::hash<std::string_view>{}(body));
  return text;
}

void put_le32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace

std::string_view content_type_for(std::string_view file_name) {
  const TypeInfo* info = type_info(file_name);
  return info ? info->type : "application/octet-stream";
}

std::string gzip_compress(std::string_view data) {
  namespace zlib = boost::beast::zlib;
  // Header: magic, deflate, no flags, no mtime, max compression, Unix.
  std::string out{"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03", 10};
  zlib::deflate_stream deflate;
  deflate.reset(9, 15, 8, zlib::Strategy::normal);
  std::string chunk(64 * 1024, '\0');
  zlib::z_params params;
  params.next_in = data.data();
  params.avail_in = data.size();
  for (;;) {
    params.next_out = chunk.data();
    params.avail_out = chunk.size();
    boost::system::error_code ec;
    deflate.write(params, zlib::Flush::finish, ec);
    out.append(chunk.data(), chunk.size() - params.avail_out);
    if (ec == zlib::error::end_of_stream) break;
    if (ec && ec != zlib::error::need_buffers) break;  // cannot happen with a fresh stream and room to write
  }
  boost::crc_32_type crc;
  crc.process_bytes(data.data(), data.size());
  put_le32(out, crc.checksum());
  put_le32(out, static_cast<uint32_t>(data.size()));
  return out;
}

Result<StaticFiles> StaticFiles::load(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(dir / "index.html", ec)) {
    return fail("web: no index.html in " + dir.string() + " (build the web app: cd web && npm ci && npm run build)");
  }
  StaticFiles files;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string relative = it->path().lexically_relative(dir).generic_string();
    std::string url = "/" + relative;
    if (url.ends_with(".gz") && std::filesystem::exists(it->path().parent_path() / it->path().stem(), ec)) {
      continue;  // a precompressed copy, picked up with its original below
    }
    Result<std::string> body = read_file(it->path());
    if (!body) return body.error();
    StaticFile file;
    const TypeInfo* info = type_info(url);
    file.content_type = info ? std::string(info->type) : "application/octet-stream";
    file.cache_control = url.starts_with("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    file.body = std::move(*body);
    file.etag = etag_of(file.body);
    std::filesystem::path precompressed = it->path();
    precompressed += ".gz";
    if (std::filesystem::is_regular_file(precompressed, ec)) {
      Result<std::string> gz = read_file(precompressed);
      if (!gz) return gz.error();
      file.gzip = std::move(*gz);
    } else if (info && info->compressible && file.body.size() >= 256) {
      file.gzip = gzip_compress(file.body);
    }
    if (file.gzip.size() * 10 > file.body.size() * 9) file.gzip.clear();  // saves under 10%: not worth it
    files.files_.emplace(std::move(url), std::move(file));
  }
  if (ec) return fail("web: cannot list " + dir.string() + ": " + ec.message());
  return files;
}

const StaticFile* StaticFiles::find(std::string_view path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

std::size_t StaticFiles::bytes() const {
  std::size_t total = 0;
  for (const auto& [url, file] : files_) total += file.body.size() + file.gzip.size();
  return total;
}

}  // namespace tabiya::server
