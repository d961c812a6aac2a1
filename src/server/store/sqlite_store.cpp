// The SQLite game store: one file, WAL journal (readers never wait for the
// writer), synchronous=NORMAL (in WAL mode a commit survives a crash of the
// process, which is what kill -9 tests; only a power cut may lose the last
// commits). One writing connection (the service writes from its one storage
// thread, a batch of games' changes per transaction: server/store/group_commit.h)
// and one reading connection.
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/store/sqlite_store.h"

namespace tabiya::server {
namespace {

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return stmt_ != nullptr; }
  sqlite3_stmt* get() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return stmt_;
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.data(), int(text.size()), SQLITE_TRANSIENT);
}

std::string column_text(sqlite3_stmt* s, int i) {
  const unsigned char* p = sqlite3_column_text(s, i);
  return p ? std::string(reinterpret_cast<const char*>(p), std::size_t(sqlite3_column_bytes(s, i))) : std::string();
}

// One connection and its prepared statements.
class Connection {
 public:
  explicit Connection(sqlite3* db)
      : db_(db),
        insert_game_(db, "INSERT INTO games(id, setup, seq, finished, unjoined_since) VALUES(?1, ?2, 0, 0, ?3)"),
        // In order: action idx follows idx - 1 (the primary key refuses a second idx), the first one a game that
        // is there. The event number after it goes in its row, not in the game's: one page written per move, not
        // two (a game's actions are together in the table, its row in games is anywhere).
        insert_action_(db,
                       "INSERT INTO actions(game, idx, action, seq) SELECT ?1, ?2, ?3, ?4 WHERE"
                       " (?2 = 0 AND EXISTS (SELECT 1 FROM games WHERE id = ?1)) OR"
                       " EXISTS (SELECT 1 FROM actions WHERE game = ?1 AND idx = ?2 - 1)"),
        finish_(db, "UPDATE games SET finished = 1, result = ?2 WHERE id = ?1"),
        select_game_(db,
                     "SELECT id, setup, seq, finished, result, at FROM games LEFT JOIN checkpoints ON game = id"
                     " WHERE id = ?1"),
        select_unfinished_(db,
                           "SELECT id, setup, seq, finished, result, at FROM games LEFT JOIN checkpoints ON game = id"
                           " WHERE finished = 0"),
        select_finished_(db, "SELECT finished FROM games WHERE id = ?1"),
        select_actions_(db, "SELECT action, seq FROM actions WHERE game = ?1 ORDER BY idx"),
        // Only a game that still holds the actions its expiry was decided on (none was added since).
        remove_game_(db, "DELETE FROM games WHERE id = ?1 AND (SELECT count(*) FROM actions WHERE game = ?1) = ?2"),
        remove_actions_(db, "DELETE FROM actions WHERE game = ?1"),
        keep_game_(db, "UPDATE games SET unjoined_since = NULL WHERE id = ?1"),
        select_candidates_(db,
                           "SELECT id FROM games WHERE unjoined_since IS NOT NULL AND unjoined_since < ?1"
                           " ORDER BY unjoined_since LIMIT ?2"),
        // Only for an unfinished game holding exactly ?2 actions (a move stored since overtook it).
        put_checkpoint_(db,
                        "INSERT OR REPLACE INTO checkpoints(game, at) SELECT ?1, ?3 WHERE EXISTS"
                        " (SELECT 1 FROM games WHERE id = ?1 AND finished = 0) AND"
                        " (SELECT count(*) FROM actions WHERE game = ?1) = ?2"),
        drop_checkpoint_(db, "DELETE FROM checkpoints WHERE game = ?1") {}
  ~Connection() {}
  sqlite3* db() const { return db_; }

  bool prepared() const {
    return insert_game_.ok() && insert_action_.ok() && finish_.ok() && select_game_.ok() && select_unfinished_.ok() &&
           select_finished_.ok() && select_actions_.ok() && remove_game_.ok() && remove_actions_.ok() &&
           keep_game_.ok() && select_candidates_.ok() && put_checkpoint_.ok() && drop_checkpoint_.ok();
  }

  Result<bool> commit(const std::vector<StoreWrite>& writes) {
    if (auto r = exec("BEGIN IMMEDIATE"); !r) return r;
    for (const StoreWrite& w : writes) {
      if (auto r = write(w); !r) {
        (void)exec("ROLLBACK");
        return r;
      }
    }
    if (auto r = exec("COMMIT"); !r) {
      (void)exec("ROLLBACK");
      return r;
    }
    return true;
  }

  Result<std::vector<StoredGame>> load_unfinished() {
    std::vector<StoredGame> games;
    sqlite3_stmt* s = select_unfinished_.get();
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) games.push_back(row(s));
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) return error("load unfinished games");
    for (StoredGame& g : games)
      if (auto r = load_actions(g); !r) return r.error();
    return games;
  }

  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) {
    std::vector<std::string> ids;
    sqlite3_stmt* s = select_candidates_.get();
    sqlite3_bind_int64(s, 1, before_ms);
    sqlite3_bind_int64(s, 2, int64_t(limit));
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) ids.push_back(column_text(s, 0));
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) return error("find games to expire");
    return ids;
  }

  Result<std::optional<StoredGame>> load(const std::string& id) {
    sqlite3_stmt* s = select_game_.get();
    bind_text(s, 1, id);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_DONE) return std::optional<StoredGame>{};
    if (rc != SQLITE_ROW) return error("load game " + id);
    StoredGame g = row(s);
    sqlite3_reset(s);  // ends the read transaction: a reader must not hold back WAL checkpoints
    if (auto r = load_actions(g); !r) return r.error();
    return std::optional<StoredGame>{std::move(g)};
  }

  Result<bool> finished(const std::string& id) {
    sqlite3_stmt* s = select_finished_.get();
    bind_text(s, 1, id);
    const int rc = sqlite3_step(s);
    const bool over = rc == SQLITE_ROW && sqlite3_column_int(s, 0) != 0;
    sqlite3_reset(s);  // ends the read transaction, as in load()
    if (rc == SQLITE_DONE) return fail("sqlite: " + no_stored_game(id));
    if (rc != SQLITE_ROW) return error("read whether game " + id + " is finished");
    return over;
  }

  Result<bool> exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      return fail(std::string("sqlite: ") + sql + ": " + text);
    }
    return true;
  }

 private:
  Result<bool> write(const StoreWrite& w) {
    switch (w.kind) {
      case StoreWrite::Kind::CREATE: {
        sqlite3_stmt* s = insert_game_.get();
        bind_text(s, 1, w.game);
        bind_text(s, 2, w.text);
        if (w.unjoined_since) sqlite3_bind_int64(s, 3, *w.unjoined_since);
        else sqlite3_bind_null(s, 3);
        return step_done(s, "create game " + w.game);
      }
      case StoreWrite::Kind::APPEND: {
        sqlite3_stmt* s = insert_action_.get();
        bind_text(s, 1, w.game);
        sqlite3_bind_int64(s, 2, w.index);
        bind_text(s, 3, w.text);
        sqlite3_bind_int64(s, 4, w.seq);
        if (auto r = step_changed(s, "append action " + std::to_string(w.index) + " to game " + w.game); !r) return r;
        return drop_checkpoint(w.game);  // a move supersedes the checkpoint
      }
      case StoreWrite::Kind::FINISH: {
        sqlite3_stmt* s = finish_.get();
        bind_text(s, 1, w.game);
        bind_text(s, 2, w.text);
        return step_changed(s, "finish game " + w.game);
      }
      case StoreWrite::Kind::REMOVE: {
        sqlite3_stmt* s = remove_game_.get();
        bind_text(s, 1, w.game);
        sqlite3_bind_int64(s, 2, w.index);
        if (auto r = step_done(s, "remove game " + w.game); !r || sqlite3_changes(db_) == 0) return r;
        sqlite3_stmt* a = remove_actions_.get();
        bind_text(a, 1, w.game);
        if (auto r = step_done(a, "remove the actions of game " + w.game); !r) return r;
        return drop_checkpoint(w.game);
      }
      case StoreWrite::Kind::CHECKPOINT: {
        sqlite3_stmt* s = put_checkpoint_.get();
        bind_text(s, 1, w.game);
        sqlite3_bind_int64(s, 2, w.index);
        sqlite3_bind_int64(s, 3, w.seq);
        return step_done(s, "checkpoint the clock of game " + w.game);
      }
      case StoreWrite::Kind::KEEP: {
        sqlite3_stmt* s = keep_game_.get();
        bind_text(s, 1, w.game);
        return step_done(s, "keep game " + w.game);
      }
    }
    return fail("sqlite: unknown write");
  }
  static StoredGame row(sqlite3_stmt* s) {
    StoredGame g;
    g.id = column_text(s, 0);
    g.setup = column_text(s, 1);
    g.seq = sqlite3_column_int64(s, 2);
    g.finished = sqlite3_column_int(s, 3) != 0;
    g.result = column_text(s, 4);
    if (sqlite3_column_type(s, 5) != SQLITE_NULL) g.clock_checkpoint = sqlite3_column_int64(s, 5);
    return g;
  }
  Result<bool> drop_checkpoint(const std::string& game) {
    sqlite3_stmt* s = drop_checkpoint_.get();
    bind_text(s, 1, game);
    return step_done(s, "drop the clock checkpoint of game " + game);
  }
  Result<bool> load_actions(StoredGame& g) {
    sqlite3_stmt* s = select_actions_.get();
    bind_text(s, 1, g.id);
    int rc;
    std::optional<int64_t> last_seq;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
      g.actions.push_back(column_text(s, 0));
      last_seq = sqlite3_column_type(s, 1) == SQLITE_NULL ? std::nullopt : std::optional(sqlite3_column_int64(s, 1));
    }
    sqlite3_reset(s);
    // Actions stored before the column came have none: the game's row has it then (it was updated with each).
    if (last_seq) g.seq = *last_seq;
    if (rc != SQLITE_DONE) return error("load actions of game " + g.id);
    return true;
  }
  Result<bool> step_done(sqlite3_stmt* s, const std::string& what) {
    if (sqlite3_step(s) != SQLITE_DONE) return error(what);
    return true;
  }
  // An update of a game that is not there is an error too.
  Result<bool> step_changed(sqlite3_stmt* s, const std::string& what) {
    if (auto r = step_done(s, what); !r) return r;
    if (sqlite3_changes(db_) == 0) return fail("sqlite: " + what + ": no such game, or out of order");
    return true;
  }
  Error error(const std::string& what) { return Error{"sqlite: " + what + ": " + sqlite3_errmsg(db_)}; }

  sqlite3* db_;
  Statement insert_game_, insert_action_, finish_, select_game_, select_unfinished_, select_finished_, select_actions_,
      remove_game_, remove_actions_, keep_game_, select_candidates_, put_checkpoint_, drop_checkpoint_;
};

// Three connections to the file: the writer's; a reader's for loads, so that
// a load (an io thread opening a finished game) never waits for a commit in
// progress (in WAL mode readers see the last commit and do not block); and a
// checkpointer's. In WAL mode with synchronous=NORMAL a commit only appends
// to the log; the one disk sync is the checkpoint's, which copies the log
// into the database. SQLite would run it inside a commit every 1000 pages,
// holding up every game waiting for that commit while the disk syncs; here a
// thread of its own runs it (PASSIVE: it never blocks the writer).
class SqliteStore final : public GameStore {
 public:
  SqliteStore(sqlite3* writer, sqlite3* reader, sqlite3* checkpointer, int restart_frames)
      : writer_(writer),
        reader_(reader),
        checkpointer_(checkpointer),
        restart_frames_(restart_frames),
        checkpoints_([this] { checkpoint_loop(); }) {
    sqlite3_wal_hook(writer_.db(), &SqliteStore::on_commit, this);
  }
  ~SqliteStore() override {
    {
      std::lock_guard lock(checkpoint_mutex_);
      stopping_ = true;
      checkpoint_wake_.notify_one();
    }
    checkpoints_.join();
    sqlite3* w = writer_.db();
    sqlite3* r = reader_.db();
    // The statements are finalized by the members' destructors first; closing
    // with close_v2 defers until then.
    sqlite3_close_v2(w);
    sqlite3_close_v2(r);
    sqlite3_close_v2(checkpointer_);
  }
  bool prepared() const { return writer_.prepared() && reader_.prepared(); }

  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::lock_guard lock(write_mutex_);
    {
      std::lock_guard leases(lease_mutex_);
      if (auto refused = leases_.refuse_batch(writes)) return fail("sqlite: " + *refused);
    }
    return writer_.commit(writes);
  }
  // An SQLite file is one process's: its leases live in that process (a restart starts them anew, and no other
  // process writes the file to be fenced off). Held while a commit checks them, so that a takeover waits for it.
  Result<std::optional<int64_t>> acquire_lease(const std::string& game, const std::string& node, int64_t now_ms,
                                               int64_t duration_ms) override {
    std::lock_guard lock(write_mutex_);
    std::lock_guard leases(lease_mutex_);
    return leases_.acquire(game, node, now_ms, duration_ms);
  }
  Result<std::vector<std::string>> renew_leases(const std::string& node, const std::vector<HeldLease>& held,
                                                int64_t now_ms, int64_t duration_ms) override {
    std::lock_guard leases(lease_mutex_);
    return leases_.renew(node, held, now_ms, duration_ms);
  }
  Result<bool> release_lease(const std::string& game, const std::string& node, int64_t epoch) override {
    std::lock_guard leases(lease_mutex_);
    return leases_.release(game, node, epoch);
  }
  Result<std::optional<GameLease>> lease(const std::string& game) override {
    std::lock_guard leases(lease_mutex_);
    return leases_.find(game);
  }
  Result<std::vector<std::string>> unowned_games(int64_t now_ms, std::size_t limit) override {
    auto unfinished = load_unfinished();
    if (!unfinished) return unfinished.error();
    std::lock_guard leases(lease_mutex_);
    std::vector<std::string> ids;
    for (const StoredGame& g : *unfinished)
      if (ids.size() < limit && leases_.free_at(g.id, now_ms)) ids.push_back(g.id);
    return ids;
  }
  Result<std::vector<StoredGame>> load_unfinished() override {
    std::lock_guard lock(read_mutex_);
    return reader_.load_unfinished();
  }
  Result<std::optional<StoredGame>> load(const std::string& id) override {
    std::lock_guard lock(read_mutex_);
    return reader_.load(id);
  }
  Result<bool> finished(const std::string& id) override {
    std::lock_guard lock(read_mutex_);
    return reader_.finished(id);
  }
  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) override {
    std::lock_guard lock(read_mutex_);
    return reader_.expiry_candidates(before_ms, limit);
  }

 private:
  // The writer's commit hook (the storage thread): the log's length, for the checkpointer.
  static int on_commit(void* self, sqlite3*, const char*, int frames) {
    static_cast<SqliteStore*>(self)->log_frames_.store(frames);
    return SQLITE_OK;
  }

  // The log is copied into the database when it holds restart_frames_, or once commits pause: each copy syncs the
  // log and the database and writes every page changed since the last (a copy every 250 ms doubled the disk
  // writes under load). Under a steady stream of commits a passive checkpoint never catches up with the log
  // (commits append while it copies what it saw), so the log would never start over: after the first pass, a
  // second copies the little that came meanwhile while commits wait for write_mutex_ (a few ms): fully copied,
  // the next commit writes the log from its start (and journal_size_limit cuts the file back).
  void checkpoint_loop() {
    std::unique_lock lock(checkpoint_mutex_);
    int last_seen = 0;
    while (!stopping_) {
      checkpoint_wake_.wait_for(lock, std::chrono::milliseconds(250));
      const int frames = log_frames_.load();
      const bool paused = frames == last_seen;  // no commit since the last look (or one of the same length)
      last_seen = frames;
      if (frames == 0 || (frames < restart_frames_ && !paused)) continue;
      lock.unlock();
      if (!paused) sqlite3_wal_checkpoint_v2(checkpointer_, "main", SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
      {
        std::lock_guard writes(write_mutex_);
        int copied = 0, total = 0;
        sqlite3_wal_checkpoint_v2(checkpointer_, "main", SQLITE_CHECKPOINT_PASSIVE, &total, &copied);
        // All of it copied: nothing left to copy until the next commit (which starts the log over and reports).
        if (copied == total) log_frames_.store(0);
      }
      last_seen = log_frames_.load();
      lock.lock();
    }
  }

  std::mutex write_mutex_, read_mutex_, lease_mutex_;
  LeaseTable leases_;
  Connection writer_, reader_;
  sqlite3* checkpointer_;
  const int restart_frames_;
  std::atomic<int> log_frames_{0};  // frames in the log after the last commit, 0 once all are copied
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  std::thread checkpoints_;  // last: it starts once the rest is built
};

Result<sqlite3*> open_connection(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close_v2(db);
    return fail("sqlite: cannot open " + path + ": " + message);
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

Result<bool> run_script(sqlite3* db, const std::string& path, const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message ? message : "unknown error";
    sqlite3_free(message);
    return fail("sqlite: " + path + ": " + text);
  }
  return true;
}

// Whether the table has the column (a file written by an older tabiya may not).
Result<bool> has_column(sqlite3* db, const std::string& path, const char* table, const char* column) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1, &s, nullptr) != SQLITE_OK)
    return fail("sqlite: " + path + ": " + sqlite3_errmsg(db));
  sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, column, -1, SQLITE_STATIC);
  const bool present = sqlite3_step(s) == SQLITE_ROW;
  sqlite3_finalize(s);
  return present;
}

// A file from before the event number was kept with each action gets the column, empty in its rows (a game whose
// last action has none takes the number from its row in games, which was updated with every action then).
Result<bool> add_action_seq_column(sqlite3* db, const std::string& path) {
  auto present = has_column(db, path, "actions", "seq");
  if (!present) return present.error();
  if (*present) return true;
  return run_script(db, path, "ALTER TABLE actions ADD COLUMN seq INTEGER;");
}

// A file from before the expiry of unjoined games gets its column; its unfinished games count as
// created now, so one nobody joins expires like a new one, and finished ones never expire.
Result<bool> add_expiry_column(sqlite3* db, const std::string& path) {
  auto present = has_column(db, path, "games", "unjoined_since");
  if (!present) return present.error();
  if (!*present) {
    const int64_t now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    const std::string sql =
        "BEGIN IMMEDIATE; ALTER TABLE games ADD COLUMN unjoined_since INTEGER;"
        " UPDATE games SET unjoined_since = " +
        std::to_string(now) + " WHERE finished = 0; COMMIT;";
    if (auto r = run_script(db, path, sql.c_str()); !r) {
      (void)run_script(db, path, "ROLLBACK;");
      return r;
    }
  }
  return run_script(db, path,
                    "CREATE INDEX IF NOT EXISTS games_unjoined ON games(unjoined_since)"
                    " WHERE unjoined_since IS NOT NULL;");
}

}  // namespace

Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path) {
  return open_sqlite_store(path, SqliteLogLimits{});
}

Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path, const SqliteLogLimits& limits) {
  auto writer = open_connection(path);
  if (!writer) return writer.error();
  const char* schema =
      "PRAGMA journal_mode=WAL;"
      "PRAGMA synchronous=NORMAL;"
      "CREATE TABLE IF NOT EXISTS games(id TEXT PRIMARY KEY, setup TEXT NOT NULL, seq INTEGER NOT NULL,"
      " finished INTEGER NOT NULL, result TEXT, unjoined_since INTEGER);"
      "CREATE INDEX IF NOT EXISTS games_unfinished ON games(finished);"
      "CREATE TABLE IF NOT EXISTS actions(game TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,"
      " seq INTEGER, PRIMARY KEY(game, idx)) WITHOUT ROWID;"
      // Clock checkpoints: a file from before them gets the table here, empty (its games restore as before).
      "CREATE TABLE IF NOT EXISTS checkpoints(game TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;";
  if (auto r = run_script(*writer, path, schema); !r) {
    sqlite3_close_v2(*writer);
    return r.error();
  }
  if (auto r = add_expiry_column(*writer, path); !r) {
    sqlite3_close_v2(*writer);
    return r.error();
  }
  if (auto r = add_action_seq_column(*writer, path); !r) {
    sqlite3_close_v2(*writer);
    return r.error();
  }
  auto reader = open_connection(path);
  if (!reader) {
    sqlite3_close_v2(*writer);
    return reader.error();
  }
  // Checkpoints are the checkpointer thread's (see SqliteStore), never a commit's. Once a checkpoint has copied
  // the whole log, the commit that starts it over cuts the file back to the limit.
  const std::string log_pragmas =
      "PRAGMA wal_autocheckpoint=0; PRAGMA journal_size_limit=" + std::to_string(limits.file_bytes) + ";";
  if (auto r = run_script(*writer, path, log_pragmas.c_str()); !r) {
    sqlite3_close_v2(*writer);
    sqlite3_close_v2(*reader);
    return r.error();
  }
  auto checkpointer = open_connection(path);
  if (!checkpointer) {
    sqlite3_close_v2(*writer);
    sqlite3_close_v2(*reader);
    return checkpointer.error();
  }
  // A connection finds the file in WAL mode on its first read: until then its checkpoints do nothing (they
  // report -1) and the log grew without end (1.2 GB in 30 s at 10,000 moves/s).
  if (auto r = run_script(*checkpointer, path, "SELECT count(*) FROM sqlite_master;"); !r) {
    sqlite3_close_v2(*writer);
    sqlite3_close_v2(*reader);
    sqlite3_close_v2(*checkpointer);
    return r.error();
  }
  auto store = std::make_unique<SqliteStore>(*writer, *reader, *checkpointer, limits.restart_frames);
  if (!store->prepared()) return fail("sqlite: " + path + ": cannot prepare statements");
  return std::unique_ptr<GameStore>(std::move(store));
}

}  // namespace tabiya::server
