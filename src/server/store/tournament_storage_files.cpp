// The events' TRFs as files in the data directory, one writer (this node): see tournament_storage_backend.h.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "files/durable_file.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {
namespace {

namespace fs = std::filesystem;

const char* directory_of(EventKind kind) { return kind == EventKind::team ? "teams" : "tournaments"; }

class EventFiles final : public EventFileStore {
 public:
  explicit EventFiles(std::string data_dir) : data_dir_(std::move(data_dir)) {}

  Result<std::vector<StoredEvent>> list(EventKind kind, const std::function<void(const std::string&)>& log) override {
    std::vector<StoredEvent> events;
    if (data_dir_.empty()) return events;
    const fs::path dir = fs::path(data_dir_) / directory_of(kind);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail("data directory " + dir.string() + ": " + ec.message());
    for (const auto& item : fs::directory_iterator(dir, ec)) {
      // Names starting with a dot are a durable write's temporary files (files/durable_file.h).
      if (item.path().extension() != ".trf" || item.path().filename().string().starts_with(".")) continue;
      std::ifstream in(item.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (!in && !in.eof()) {
        log(item.path().string() + ": cannot be read");
        continue;
      }
      events.push_back({kind, item.path().stem().string(), text.str(), 0, item.path().string()});
    }
    if (ec) return fail("data directory " + dir.string() + ": " + ec.message());
    return events;
  }

  // This node is the files' only writer: what it holds is never older than they are.
  Result<std::optional<StoredEvent>> load_if_newer(const std::string&, int64_t) override {
    return std::optional<StoredEvent>();
  }

  Result<bool> save(const StoredEvent& e, int64_t, const std::vector<std::string>&) override {
    if (data_dir_.empty()) return true;
    return write_file_durably((fs::path(data_dir_) / directory_of(e.kind) / (e.id + ".trf")).string(), e.text);
  }

  // The services hold every event of this node in memory, with their games.
  Result<std::optional<std::pair<EventKind, std::string>>> event_of_game(const std::string&) override {
    return std::optional<std::pair<EventKind, std::string>>();
  }

  // One node: the services' mutex is the lock.
  Result<bool> exclusively(const std::string&, const std::function<void()>& work) override {
    work();
    return true;
  }

 private:
  std::string data_dir_;
};

}  // namespace

std::shared_ptr<EventFileStore> make_event_files(std::string data_dir) {
  return std::make_shared<EventFiles>(std::move(data_dir));
}

}  // namespace tabiya::server
