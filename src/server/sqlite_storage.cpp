#include "server/sqlite_storage.h"

#include <sqlite3.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>

namespace citadel::server {

using nlohmann::json;

// A prepared statement, reset after each use.
struct SqliteStorage::Statement {
    sqlite3_stmt* stmt = nullptr;
    Statement(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK)
            throw StorageError{ std::string("cannot prepare '") + sql
                + "': " + sqlite3_errmsg(db) };
    }
    ~Statement() { sqlite3_finalize(stmt); }
    void text(int i, const std::string& s) {
        sqlite3_bind_text(stmt, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
    }
    void integer(int i, int64_t v) { sqlite3_bind_int64(stmt, i, v); }
    void null(int i) { sqlite3_bind_null(stmt, i); }
    // Runs a statement that returns no rows.
    int run() {
        int rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
        sqlite3_clear_bindings(stmt);
        return rc;
    }
};

namespace {

std::string column_text(sqlite3_stmt* st, int i) {
    auto* p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p), size_t(sqlite3_column_bytes(st, i)))
             : std::string();
}

} // namespace

SqliteStorage::SqliteStorage(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_,
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr)
        != SQLITE_OK) {
        std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StorageError{ "cannot open database '" + path + "': " + why };
    }
    try {
        sqlite3_busy_timeout(db_, 5000);
        // WAL: a commit appends to the log; with synchronous=NORMAL the log is not fsynced at
        // each commit, so a committed step survives the server's process being killed (the data
        // is in the OS's page cache) but the last commits may be lost if the machine itself
        // loses power. FULL would survive that too at one fsync per move (docs/server.md).
        exec("PRAGMA journal_mode=WAL");
        exec("PRAGMA synchronous=NORMAL");
        exec("PRAGMA wal_autocheckpoint=0"); // checkpoints(): off the committing threads
        exec("PRAGMA foreign_keys=ON");
        exec("CREATE TABLE IF NOT EXISTS games("
             " id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL,"
             " clock_initial_ms INTEGER, clock_increment_ms INTEGER, seats TEXT NOT NULL,"
             " created_ms INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0)");
        exec("CREATE TABLE IF NOT EXISTS steps("
             " game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
             " kind TEXT NOT NULL, seat INTEGER NOT NULL, text TEXT NOT NULL, other INTEGER,"
             " clock TEXT, PRIMARY KEY(game_id, seq)) WITHOUT ROWID");
        // Post-game analyses: one answer per game and settings (storage.h).
        exec("CREATE TABLE IF NOT EXISTS analyses("
             " game_id TEXT NOT NULL REFERENCES games(id), settings TEXT NOT NULL,"
             " body TEXT NOT NULL, PRIMARY KEY(game_id, settings)) WITHOUT ROWID");
        // Families (docs/learn.md): the key's hash only; a child's progress as JSON text.
        exec("CREATE TABLE IF NOT EXISTS families("
             " id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, created_ms INTEGER NOT NULL)");
        exec("CREATE TABLE IF NOT EXISTS children("
             " id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),"
             " name TEXT NOT NULL, avatar TEXT NOT NULL, created_ms INTEGER NOT NULL,"
             " progress TEXT NOT NULL, read_aloud INTEGER NOT NULL DEFAULT 1)");
        insert_family_ = std::make_unique<Statement>(
            db_, "INSERT INTO families(id, key_hash, created_ms) VALUES(?1, ?2, ?3)");
        save_child_   = std::make_unique<Statement>(db_,
            "INSERT OR REPLACE INTO children(id, family_id, name, avatar, created_ms, progress,"
              " read_aloud) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        delete_child_ = std::make_unique<Statement>(db_, "DELETE FROM children WHERE id = ?1");
        insert_game_  = std::make_unique<Statement>(db_,
            "INSERT INTO games(id, variant, start_fen, clock_initial_ms, clock_increment_ms,"
             " seats, created_ms, finished) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        insert_step_  = std::make_unique<Statement>(db_,
            "INSERT INTO steps(game_id, seq, kind, seat, text, other, clock)"
             " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        finish_game_
            = std::make_unique<Statement>(db_, "UPDATE games SET finished = 1 WHERE id = ?1");
        save_seats_ = std::make_unique<Statement>(db_, "UPDATE games SET seats = ?2 WHERE id = ?1");
        save_analysis_ = std::make_unique<Statement>(
            db_, "INSERT OR REPLACE INTO analyses(game_id, settings, body) VALUES(?1, ?2, ?3)");
        load_analysis_ = std::make_unique<Statement>(
            db_, "SELECT body FROM analyses WHERE game_id = ?1 AND settings = ?2");
        begin_    = std::make_unique<Statement>(db_, "BEGIN IMMEDIATE");
        commit_   = std::make_unique<Statement>(db_, "COMMIT");
        rollback_ = std::make_unique<Statement>(db_, "ROLLBACK");
        migrate_tokens();
        // The checkpoints' own connection. The PRAGMA statement (not sqlite3_wal_checkpoint)
        // because a fresh connection has not read the file yet: it does not know the database
        // is in WAL mode, and a checkpoint call on it would do nothing, silently.
        if (sqlite3_open_v2(
                path.c_str(), &checkpoint_db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr)
                != SQLITE_OK
            || sqlite3_prepare_v3(checkpoint_db_, "PRAGMA wal_checkpoint(PASSIVE)", -1,
                   SQLITE_PREPARE_PERSISTENT, &checkpoint_, nullptr)
                != SQLITE_OK) {
            std::string why = checkpoint_db_ ? sqlite3_errmsg(checkpoint_db_) : "out of memory";
            throw StorageError{ "cannot open database '" + path + "' for checkpoints: " + why };
        }
        checkpointer_ = std::thread([this] { checkpoints(); });
    } catch (...) {
        release();
        throw;
    }
}

SqliteStorage::~SqliteStorage() {
    {
        std::lock_guard lock(stop_mutex_);
        stopping_ = true;
    }
    stop_signal_.notify_all();
    if (checkpointer_.joinable()) checkpointer_.join();
    release();
}

// Statements before their connections: a connection with a statement left does not close.
void SqliteStorage::release() {
    sqlite3_finalize(checkpoint_);
    sqlite3_close(checkpoint_db_);
    insert_game_.reset(), insert_step_.reset(), finish_game_.reset(), save_seats_.reset();
    begin_.reset(), commit_.reset(), rollback_.reset();
    save_analysis_.reset(), load_analysis_.reset();
    insert_family_.reset(), save_child_.reset(), delete_child_.reset();
    sqlite3_close(db_);
}

// Copies the WAL back into the database file every second, off the committing threads (PASSIVE:
// it never waits for, nor blocks, the committing connection). A busy server commits during every
// checkpoint, so the log would never be wholly copied and would grow without end; once it is
// long, the commits wait for one more checkpoint of the few frames written meanwhile.
void SqliteStorage::checkpoints() {
    std::unique_lock lock(stop_mutex_);
    while (!stop_signal_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_; }))
        if (checkpoint().log_frames >= kRestartFrames) checkpoint(true);
    checkpoint();
}

SqliteStorage::Checkpoint SqliteStorage::checkpoint(bool hold_commits) {
    std::lock_guard              lock(checkpoint_mutex_);
    std::unique_lock<std::mutex> commits(mutex_, std::defer_lock);
    if (hold_commits) commits.lock();
    Checkpoint out;
    if (sqlite3_step(checkpoint_) == SQLITE_ROW) {
        out.log_frames    = sqlite3_column_int(checkpoint_, 1);
        out.copied_frames = sqlite3_column_int(checkpoint_, 2);
    }
    sqlite3_reset(checkpoint_);
    return out;
}

void SqliteStorage::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string why = err ? err : "unknown error";
        sqlite3_free(err);
        throw StorageError{ std::string("'") + sql + "' failed: " + why };
    }
}

void SqliteStorage::fail(const std::string& what) {
    std::string why = sqlite3_errmsg(db_);
    if (!sqlite3_get_autocommit(db_)) rollback_->run();
    throw StorageError{ what + ": " + why };
}

void SqliteStorage::insert_steps(
    const std::string& id, int first_seq, const std::vector<StoredStep>& steps) {
    for (size_t i = 0; i < steps.size(); ++i) {
        const StoredStep& s = steps[i];
        insert_step_->text(1, id);
        insert_step_->integer(2, first_seq + int64_t(i));
        insert_step_->text(3, s.kind);
        insert_step_->integer(4, s.seat);
        insert_step_->text(5, s.text);
        if (s.other >= 0)
            insert_step_->integer(6, s.other);
        else
            insert_step_->null(6);
        if (!s.clock_ms.empty())
            insert_step_->text(7, json(s.clock_ms).dump());
        else
            insert_step_->null(7);
        if (insert_step_->run() != SQLITE_DONE) fail("cannot store a step of game " + id);
    }
}

void SqliteStorage::create_game(const StoredGame& g) {
    std::lock_guard lock(mutex_);
    if (begin_->run() != SQLITE_DONE) fail("cannot begin a transaction");
    insert_game_->text(1, g.id);
    insert_game_->text(2, g.variant);
    insert_game_->text(3, g.start_fen);
    if (g.clock) {
        insert_game_->integer(4, g.clock->initial_ms);
        insert_game_->integer(5, g.clock->increment_ms);
    } else {
        insert_game_->null(4);
        insert_game_->null(5);
    }
    insert_game_->text(6, seats_text(g.seats));
    insert_game_->integer(7, g.created_ms);
    insert_game_->integer(8, g.finished);
    if (insert_game_->run() != SQLITE_DONE) fail("cannot store game " + g.id);
    insert_steps(g.id, 0, g.steps);
    if (commit_->run() != SQLITE_DONE) fail("cannot commit game " + g.id);
}

void SqliteStorage::migrate_tokens() {
    std::vector<std::pair<std::string, std::string>> old; // id, seats
    {
        Statement q(db_, "SELECT id, seats FROM games WHERE seats LIKE '%\"token\":%'");
        while (sqlite3_step(q.stmt) == SQLITE_ROW)
            old.emplace_back(column_text(q.stmt, 0), column_text(q.stmt, 1));
    }
    if (old.empty()) return;
    exec("PRAGMA secure_delete=ON"); // the replaced text zeroed, not left in free pages
    if (begin_->run() != SQLITE_DONE) fail("cannot begin a transaction");
    for (const auto& [id, seats] : old) {
        save_seats_->text(1, id);
        save_seats_->text(2, seats_text(seats_of_text(seats)));
        if (save_seats_->run() != SQLITE_DONE) fail("cannot hash the tokens of game " + id);
    }
    if (commit_->run() != SQLITE_DONE) fail("cannot commit the hashed tokens");
    exec("PRAGMA wal_checkpoint(TRUNCATE)"); // the old tokens out of the log too
}

void SqliteStorage::save_seats(const std::string& id, const std::vector<StoredSeat>& seats) {
    std::lock_guard lock(mutex_);
    save_seats_->text(1, id);
    save_seats_->text(2, seats_text(seats));
    if (save_seats_->run() != SQLITE_DONE) fail("cannot store the seats of game " + id);
    if (sqlite3_changes(db_) != 1) throw StorageError{ "no game " + id + " to store seats of" };
}

void SqliteStorage::append_steps(
    const std::string& id, int first_seq, const std::vector<StoredStep>& steps, bool finished) {
    std::lock_guard lock(mutex_);
    if (begin_->run() != SQLITE_DONE) fail("cannot begin a transaction");
    insert_steps(id, first_seq, steps);
    if (finished) {
        finish_game_->text(1, id);
        if (finish_game_->run() != SQLITE_DONE) fail("cannot mark game " + id + " finished");
    }
    if (commit_->run() != SQLITE_DONE) fail("cannot commit steps of game " + id);
}

void SqliteStorage::save_analysis(
    const std::string& id, const std::string& settings, const std::string& body) {
    std::lock_guard lock(mutex_);
    save_analysis_->text(1, id);
    save_analysis_->text(2, settings);
    save_analysis_->text(3, body);
    if (save_analysis_->run() != SQLITE_DONE) fail("cannot store the analysis of game " + id);
}

std::optional<std::string> SqliteStorage::load_analysis(
    const std::string& id, const std::string& settings) {
    std::lock_guard lock(mutex_);
    sqlite3_stmt*   st = load_analysis_->stmt;
    load_analysis_->text(1, id);
    load_analysis_->text(2, settings);
    std::optional<std::string> body;
    int                        rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) body = column_text(st, 0);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail("cannot read the analysis of game " + id);
    return body;
}

void SqliteStorage::create_family(const StoredFamily& f) {
    std::lock_guard lock(mutex_);
    insert_family_->text(1, f.id);
    insert_family_->text(2, f.key_hash);
    insert_family_->integer(3, f.created_ms);
    if (insert_family_->run() != SQLITE_DONE) fail("cannot store a family");
}

void SqliteStorage::save_child(const std::string& family_id, const StoredChild& c) {
    std::lock_guard lock(mutex_);
    save_child_->text(1, c.id);
    save_child_->text(2, family_id);
    save_child_->text(3, c.name);
    save_child_->text(4, c.avatar);
    save_child_->integer(5, c.created_ms);
    save_child_->text(6, c.progress);
    save_child_->integer(7, c.read_aloud);
    if (save_child_->run() != SQLITE_DONE) fail("cannot store child " + c.id);
}

void SqliteStorage::delete_child(const std::string& child_id) {
    std::lock_guard lock(mutex_);
    delete_child_->text(1, child_id);
    if (delete_child_->run() != SQLITE_DONE) fail("cannot remove child " + child_id);
}

std::vector<StoredFamily> SqliteStorage::load_families() {
    std::lock_guard               lock(mutex_);
    std::vector<StoredFamily>     families;
    std::map<std::string, size_t> index;
    Statement q(db_, "SELECT id, key_hash, created_ms FROM families ORDER BY created_ms, id");
    int       rc;
    while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
        StoredFamily f{ column_text(q.stmt, 0), column_text(q.stmt, 1),
            sqlite3_column_int64(q.stmt, 2), {} };
        index[f.id] = families.size();
        families.push_back(std::move(f));
    }
    if (rc != SQLITE_DONE) fail("cannot read the families");
    Statement c(db_,
        "SELECT family_id, id, name, avatar, created_ms, progress, read_aloud FROM children"
        " ORDER BY created_ms, rowid");
    while ((rc = sqlite3_step(c.stmt)) == SQLITE_ROW) {
        auto at = index.find(column_text(c.stmt, 0));
        if (at == index.end()) continue;
        families[at->second].children.push_back({ column_text(c.stmt, 1), column_text(c.stmt, 2),
            column_text(c.stmt, 3), sqlite3_column_int64(c.stmt, 4), column_text(c.stmt, 5),
            sqlite3_column_int(c.stmt, 6) != 0 });
    }
    if (rc != SQLITE_DONE) fail("cannot read the children");
    return families;
}

std::vector<StoredGame> SqliteStorage::load_games() {
    std::lock_guard               lock(mutex_);
    std::vector<StoredGame>       games;
    std::map<std::string, size_t> index;
    {
        Statement q(db_,
            "SELECT id, variant, start_fen, clock_initial_ms, clock_increment_ms,"
            " seats, created_ms, finished FROM games ORDER BY created_ms, id");
        int       rc;
        while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
            StoredGame g;
            g.id        = column_text(q.stmt, 0);
            g.variant   = column_text(q.stmt, 1);
            g.start_fen = column_text(q.stmt, 2);
            if (sqlite3_column_type(q.stmt, 3) != SQLITE_NULL)
                g.clock = StoredClock{ sqlite3_column_int64(q.stmt, 3),
                    sqlite3_column_int64(q.stmt, 4) };
            try {
                g.seats = seats_of_text(column_text(q.stmt, 5));
            } catch (const std::exception& e) {
                throw StorageError{ "game " + g.id + " has unreadable seats: " + e.what() };
            }
            g.created_ms = sqlite3_column_int64(q.stmt, 6);
            g.finished   = sqlite3_column_int(q.stmt, 7) != 0;
            index[g.id]  = games.size();
            games.push_back(std::move(g));
        }
        if (rc != SQLITE_DONE) fail("cannot read the games");
    }
    Statement q(
        db_, "SELECT game_id, kind, seat, text, other, clock FROM steps ORDER BY game_id, seq");
    int rc;
    while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
        auto at = index.find(column_text(q.stmt, 0));
        if (at == index.end()) continue;
        StoredStep s;
        s.kind = column_text(q.stmt, 1);
        s.seat = sqlite3_column_int(q.stmt, 2);
        s.text = column_text(q.stmt, 3);
        s.other
            = sqlite3_column_type(q.stmt, 4) == SQLITE_NULL ? -1 : sqlite3_column_int(q.stmt, 4);
        if (sqlite3_column_type(q.stmt, 5) != SQLITE_NULL) {
            try {
                s.clock_ms = json::parse(column_text(q.stmt, 5)).get<std::vector<int64_t>>();
            } catch (const std::exception& e) {
                throw StorageError{ "a step of game " + at->first + " has an unreadable clock" };
            }
        }
        games[at->second].steps.push_back(std::move(s));
    }
    if (rc != SQLITE_DONE) fail("cannot read the steps");
    return games;
}

} // namespace citadel::server
