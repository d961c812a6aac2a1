#include "tournament_file.h"

#include "files/durable_file.h"
#include "tournament/office.h"
#include "tournament/trf.h"

namespace tabiya::cli {

Result<EventFile> load_event_file(const std::string& path) {
  auto t = tournament::read_trf_file(path);
  if (!t) return t.error();
  auto s = tournament::read_event_settings(*t);
  if (!s) return fail(path + ": " + s.error().message);
  return EventFile{std::move(*t), std::move(*s)};
}

Result<bool> save_event_file(EventFile& e, const std::string& path) {
  tournament::update_declared_scores(e.t, e.settings);
  return write_file_durably(path, tournament::write_trf(e.t));
}

}  // namespace tabiya::cli
