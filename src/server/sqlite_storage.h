// Storage in one SQLite file (the embedded default, `--db`): WAL journal, prepared statements,
// one transaction per acknowledged step. Safe to call from several threads (one connection,
// serialised by a mutex: SQLite commits are short next to a network round trip). The WAL is
// checkpointed by a thread of its own on a second connection, so the checkpoint's fsync never
// holds up a commit (and with it a move's acknowledgement).
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace citadel::server {

class SqliteStorage final : public Storage {
  public:
    // Opens (or creates) the database; throws StorageError naming what failed.
    explicit SqliteStorage(const std::string& path);
    ~SqliteStorage() override;
    SqliteStorage(const SqliteStorage&)            = delete;
    SqliteStorage& operator=(const SqliteStorage&) = delete;

    void create_game(const StoredGame& game) override;
    void append_steps(const std::string& id, int first_seq, const std::vector<StoredStep>& steps,
        bool finished) override;
    std::vector<StoredGame> load_games() override;

    // The analyses table (one row per game and settings).
    void save_analysis(
        const std::string& id, const std::string& settings, const std::string& body) override;
    std::optional<std::string> load_analysis(
        const std::string& id, const std::string& settings) override;

  private:
    struct Statement;
    void exec(const char* sql);
    void insert_steps(const std::string& id, int first_seq, const std::vector<StoredStep>& steps);
    [[noreturn]] void fail(const std::string& what);
    void              checkpoints(std::string path);

    std::mutex                 mutex_;
    sqlite3*                   db_ = nullptr;
    std::unique_ptr<Statement> insert_game_, insert_step_, finish_game_, begin_, commit_, rollback_;
    std::unique_ptr<Statement> save_analysis_, load_analysis_;
    std::mutex                 stop_mutex_;
    std::condition_variable    stop_signal_;
    bool                       stopping_ = false;
    std::thread                checkpointer_;
};

} // namespace citadel::server
