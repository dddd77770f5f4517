// Storage in one SQLite file (the embedded default, `--db`): WAL journal, prepared statements,
// one transaction per acknowledged step. Safe to call from several threads (one connection,
// serialised by a mutex: SQLite commits are short next to a network round trip). The WAL is
// checkpointed by a thread of its own on a second connection, so the checkpoint's fsyncs
// rarely hold up a commit (and with it a move's acknowledgement): only for the moment, once
// every kRestartFrames, that lets the log start again from the top.
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
    void save_seats(const std::string& id, const std::vector<StoredSeat>& seats) override;

    // One passive checkpoint: copies the committed frames of the WAL into the database file as
    // far as no reader needs them. Answers the frames in the WAL and how many of them are now
    // in the database file. The log only starts again from the top when a commit begins with
    // every frame copied, which commits arriving all the time never allow; `hold_commits`
    // makes commits wait for this one (two fsyncs), so the next commit restarts the log.
    struct Checkpoint {
        int log_frames = 0, copied_frames = 0;
    };
    Checkpoint checkpoint(bool hold_commits = false);
    // The checkpointing thread holds the commits for a moment once the WAL has this many
    // frames (4 KiB each): every few seconds under a load of a thousand moves a second.
    static constexpr int kRestartFrames = 8192;
    // The analyses table (one row per game and settings).
    void save_analysis(
        const std::string& id, const std::string& settings, const std::string& body) override;
    std::optional<std::string> load_analysis(
        const std::string& id, const std::string& settings) override;

    // Families and their children (storage.h).
    void create_family(const StoredFamily& family) override;
    void save_child(const std::string& family_id, const StoredChild& child) override;
    void delete_child(const std::string& child_id) override;
    std::vector<StoredFamily> load_families() override;

  private:
    // Files written before seat tokens were hashed: each token replaced by its hash, at open.
    void migrate_tokens();
    struct Statement;
    void exec(const char* sql);
    void insert_steps(const std::string& id, int first_seq, const std::vector<StoredStep>& steps);
    [[noreturn]] void fail(const std::string& what);
    void              checkpoints();
    void              release(); // finalizes every statement and closes both connections

    std::mutex                 mutex_;
    sqlite3*                   db_ = nullptr;
    std::unique_ptr<Statement> insert_game_, insert_step_, finish_game_, save_seats_, begin_,
        commit_, rollback_;
    std::mutex                 checkpoint_mutex_; // guards checkpoint_db_ and checkpoint_
    sqlite3*                   checkpoint_db_ = nullptr; // a second connection, for checkpoints
    sqlite3_stmt*              checkpoint_    = nullptr;
    std::unique_ptr<Statement> save_analysis_, load_analysis_;
    std::unique_ptr<Statement> insert_family_, save_child_, delete_child_;
    std::mutex                 stop_mutex_;
    std::condition_variable    stop_signal_;
    bool                       stopping_ = false;
    std::thread                checkpointer_;
};

} // namespace citadel::server
