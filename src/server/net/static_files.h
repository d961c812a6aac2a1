// The built web app held in memory: every file under the web directory is
// read once when the server starts, with its content type, caching policy and
// a gzip copy for compressible types.
//
// Why compress at load rather than per request or only from precompressed
// files: the app is a few hundred KB, so gzipping it once costs milliseconds
// at start-up and nothing per request, and it works whatever the web build
// emits. When the build does write `NAME.gz` beside `NAME`, that copy is used
// instead (it may be smaller, e.g. from a stronger compressor).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "core/result.h"

namespace tabiya::server {

struct StaticFile {
  std::string content_type;
  std::string cache_control;  // immutable for content-hashed /assets/, no-cache otherwise
  std::string etag;           // quoted, from the content
  std::string body;
  std::string gzip;  // empty when compression does not pay (images, tiny files)
};

class StaticFiles {
 public:
  StaticFiles() = default;  // no web app: every lookup misses
  // Reads DIR recursively; fails when DIR or DIR/index.html is missing or unreadable.
  static Result<StaticFiles> load(const std::filesystem::path& dir);

  // `path` is the URL path, e.g. "/assets/index-3f9a.js" or "/index.html".
  const StaticFile* find(std::string_view path) const;
  const StaticFile* index() const { return find("/index.html"); }
  std::size_t size() const { return files_.size(); }
  std::size_t bytes() const;

 private:
  std::map<std::string, StaticFile, std::less<>> files_;
};

// The content type for a file name's extension ("application/octet-stream" when unknown).
std::string_view content_type_for(std::string_view file_name);

// gzip (RFC 1952) of `data` at the best compression level.
std::string gzip_compress(std::string_view data);

}  // namespace tabiya::server
