#include "server/postgres_storage.h"

#include "server/failpoint.h"

#include <libpq-fe.h>
#include <poll.h>

#include <map>
#include <nlohmann/json.hpp>

namespace citadel::server {

using nlohmann::json;

namespace {

// A statement's answer.
class Result {
  public:
    explicit Result(PGresult* r)
        : r_(r, PQclear) { }
    bool ok() const {
        const ExecStatusType status = PQresultStatus(r_.get());
        return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    }
    // The server's message and its detail, if any (e.g. which key already exists).
    std::string error() const {
        const char* primary = PQresultErrorField(r_.get(), PG_DIAG_MESSAGE_PRIMARY);
        const char* detail  = PQresultErrorField(r_.get(), PG_DIAG_MESSAGE_DETAIL);
        if (!primary) return "";
        return detail ? std::string(primary) + " (" + detail + ")" : std::string(primary);
    }
    int         rows() const { return PQntuples(r_.get()); }
    bool        null(int row, int col) const { return PQgetisnull(r_.get(), row, col); }
    std::string text(int row, int col) const {
        return { PQgetvalue(r_.get(), row, col), size_t(PQgetlength(r_.get(), row, col)) };
    }
    int64_t integer(int row, int col) const { return std::stoll(PQgetvalue(r_.get(), row, col)); }
    bool    boolean(int row, int col) const { return PQgetvalue(r_.get(), row, col)[0] == 't'; }
    int64_t affected() const { return std::stoll(PQcmdTuples(r_.get())); }

  private:
    std::unique_ptr<PGresult, decltype(&PQclear)> r_;
};

// libpq's messages span lines ("...failed: ...\n\tIs the server running...?\n"): one line.
std::string one_line(const char* text) {
    std::string out;
    for (const char* p = text; *p; ++p) {
        const bool space = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r';
        if (!space)
            out += *p;
        else if (!out.empty() && out.back() != ' ')
            out += ' ';
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string num(int64_t v) { return std::to_string(v); }

// The steps as the one parameter ($1) that kInsertSteps reads: a JSON array of rows.
std::string steps_json(int first_seq, const std::vector<StoredStep>& steps) {
    json out = json::array();
    for (size_t i = 0; i < steps.size(); ++i) {
        const StoredStep& s = steps[i];
        json row = { { "seq", first_seq + int64_t(i) }, { "kind", s.kind }, { "seat", s.seat },
            { "text", s.text } };
        if (s.other >= 0) row["other"] = s.other;
        if (!s.clock_ms.empty()) row["clock_ms"] = s.clock_ms;
        out.push_back(std::move(row));
    }
    return out.dump();
}

// The tables, created if missing. The advisory lock serialises nodes starting at once
// (concurrent CREATE ... IF NOT EXISTS of one table may fail); the whole text is one transaction.
constexpr const char* kCreateTables = R"(
SET client_min_messages = warning;
SELECT pg_advisory_xact_lock(4702209113485932403);
CREATE TABLE IF NOT EXISTS schema_version(
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), version integer NOT NULL);
CREATE TABLE IF NOT EXISTS nodes(
  node_id text PRIMARY KEY, renewed_at timestamptz NOT NULL, lease_until timestamptz NOT NULL,
  bus_ok boolean NOT NULL DEFAULT true);
-- Added to an older table once (ALTER TABLE locks the table: every node's renewal would wait).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                 AND table_name = 'nodes' AND column_name = 'bus_ok') THEN
    ALTER TABLE nodes ADD COLUMN bus_ok boolean NOT NULL DEFAULT true;
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS games(
  id text PRIMARY KEY, variant text NOT NULL, start_fen text NOT NULL,
  clock_initial_ms bigint, clock_increment_ms bigint, seats jsonb NOT NULL,
  created_ms bigint NOT NULL, finished boolean NOT NULL DEFAULT false,
  owner_node text, owner_epoch bigint NOT NULL DEFAULT 0, released_at timestamptz);
CREATE INDEX IF NOT EXISTS games_unfinished_by_owner ON games(owner_node) WHERE NOT finished;
CREATE TABLE IF NOT EXISTS steps(
  game_id text NOT NULL REFERENCES games(id), seq integer NOT NULL, kind text NOT NULL,
  seat integer NOT NULL, text text NOT NULL, other integer, clock_ms bigint[],
  at timestamptz NOT NULL DEFAULT statement_timestamp(), PRIMARY KEY(game_id, seq));
CREATE TABLE IF NOT EXISTS analyses(
  game_id text NOT NULL REFERENCES games(id), settings text NOT NULL, body text NOT NULL,
  PRIMARY KEY(game_id, settings));
CREATE TABLE IF NOT EXISTS families(
  id text PRIMARY KEY, key_hash text NOT NULL UNIQUE, created_ms bigint NOT NULL);
CREATE TABLE IF NOT EXISTS children(
  id text PRIMARY KEY, family_id text NOT NULL REFERENCES families(id), name text NOT NULL,
  avatar text NOT NULL, created_ms bigint NOT NULL, progress text NOT NULL,
  read_aloud boolean NOT NULL DEFAULT true, added bigint GENERATED ALWAYS AS IDENTITY);
)";

// Inserts the steps of $1 (steps_json) into the game the statement's `game` names, if any.
constexpr const char* kInsertSteps
    = "INSERT INTO steps(game_id, seq, kind, seat, text, other, clock_ms)"
      " SELECT game.id, s.seq, s.kind, s.seat, s.text, s.other, s.clock_ms FROM game,"
      " jsonb_to_recordset($1::jsonb) AS s(seq integer, kind text, seat integer, text text,"
      " other integer, clock_ms bigint[])";

// A time of the database as Unix milliseconds.
std::string unix_ms(const char* time) {
    return std::string("floor(extract(epoch FROM ") + time + ") * 1000)::bigint";
}

// Whether game `o` has no live owner: none, or one whose lease has expired.
constexpr const char* kOwnerGone
    = "(o.owner_node IS NULL OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.node_id = o.owner_node"
      " AND n.lease_until > statement_timestamp()))";

// Gives the games `o` of the condition (rows it locks) to node $1 at a new epoch, answering for
// each its id, the epoch and until when its previous owner served it (Claim).
std::string claim_sql(const std::string& which_games) {
    return "UPDATE games g SET owner_node = $1, owner_epoch = g.owner_epoch + 1,"
           " released_at = NULL FROM (SELECT o.id, coalesce((SELECT n.renewed_at FROM nodes n"
           " WHERE n.node_id = o.owner_node), o.released_at) AS served FROM games o WHERE "
        + which_games + ") old WHERE g.id = old.id RETURNING g.id, g.owner_epoch, "
        + unix_ms("old.served");
}

std::vector<Claim> claims_of(const Result& result) {
    std::vector<Claim> out;
    for (int row = 0; row < result.rows(); ++row) {
        Claim c{ result.text(row, 0), result.integer(row, 1), std::nullopt };
        if (!result.null(row, 2)) c.last_served_ms = result.integer(row, 2);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

class PostgresStorage::Connection {
  public:
    // Thrown when the connection is gone (the statement's error is then the connection's).
    struct Lost {
        std::string message;
    };
    // A statement's parameters, as text; none is NULL.
    using Params = std::vector<std::optional<std::string>>;

    // Connects, waiting at most 10 s unless the URI says otherwise (connect_timeout).
    explicit Connection(const std::string& uri) {
        const char* keys[]   = { "connect_timeout", "dbname", nullptr };
        const char* values[] = { "10", uri.c_str(), nullptr }; // the URI's own settings win
        conn_                = PQconnectdbParams(keys, values, 1);
        if (PQstatus(conn_) != CONNECTION_OK) {
            std::string why = conn_ ? one_line(PQerrorMessage(conn_)) : "out of memory";
            PQfinish(conn_);
            throw StorageError{ "cannot connect: " + why };
        }
    }
    ~Connection() { PQfinish(conn_); }
    Connection(const Connection&)            = delete;
    Connection& operator=(const Connection&) = delete;

    std::string location() const {
        return std::string("PostgreSQL database ") + PQdb(conn_) + " on " + PQhost(conn_) + ":"
            + PQport(conn_);
    }
    // Before a call: connects again if the connection was lost while it waited in the pool. An
    // idle connection has nothing to read; something (a server's "terminating connection", the
    // end of the stream) means it is gone, before a write is sent into it with an unknown fate.
    void ready() {
        outcome_unknown_ = false;
        pollfd idle{ PQsocket(conn_), POLLIN, 0 };
        if (PQstatus(conn_) == CONNECTION_OK && poll(&idle, 1, 0) == 0) return;
        PQreset(conn_);
        if (PQstatus(conn_) != CONNECTION_OK) throw Lost{ one_line(PQerrorMessage(conn_)) };
    }
    // Whether the connection was lost during a write that may have committed.
    bool outcome_unknown() const { return outcome_unknown_; }
    // A fault point's loss of the connection in the middle of a write (failpoint.h): the
    // connection is made afresh, as ready() would after a real loss.
    [[noreturn]] void lose_in_write(const char* point) {
        outcome_unknown_ = true;
        PQreset(conn_);
        throw Lost{ std::string("the connection was lost (fault point ") + point + ")" };
    }

    // A read, or a write that may be sent again after a lost connection: it did nothing then,
    // or doing it twice is doing it once.
    Result exec(const char* sql, const Params& params = {}) { return run(sql, params, true); }
    Result exec(const std::string& sql, const Params& params) { return exec(sql.c_str(), params); }
    // A write that is not sent again: lost in flight, it may have committed.
    Result exec_once(const char* sql, const Params& params) { return run(sql, params, false); }
    Result exec_once(const std::string& sql, const Params& params) {
        return exec_once(sql.c_str(), params);
    }
    // Several statements without parameters, as one transaction.
    void script(const char* sql) { check(Result(PQexec(conn_, sql)), true); }

  private:
    Result run(const char* sql, const Params& params, bool repeatable) {
        std::vector<const char*> values;
        for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
        return check(Result(PQexecParams(conn_, sql, int(values.size()), nullptr, values.data(),
                         nullptr, nullptr, 0)),
            repeatable);
    }
    Result check(Result r, bool repeatable) {
        if (r.ok()) return r;
        if (PQstatus(conn_) != CONNECTION_OK) {
            outcome_unknown_ = outcome_unknown_ || !repeatable;
            throw Lost{ one_line(PQerrorMessage(conn_)) };
        }
        std::string why = r.error();
        throw StorageError{ why.empty() ? one_line(PQerrorMessage(conn_)) : why };
    }

    PGconn* conn_            = nullptr;
    bool    outcome_unknown_ = false;
};

// A connection taken from the pool (opened if none is idle and fewer than max_connections are
// open), given back when it goes.
struct PostgresStorage::Borrowed {
    PostgresStorage&            store;
    std::unique_ptr<Connection> connection;

    explicit Borrowed(PostgresStorage& s)
        : store(s) {
        std::unique_lock lock(s.pool_mutex_);
        s.pool_freed_.wait(lock, [&] { return !s.idle_.empty() || s.open_ < s.max_connections_; });
        if (!s.idle_.empty()) {
            connection = std::move(s.idle_.back());
            s.idle_.pop_back();
            return;
        }
        ++s.open_;
        lock.unlock();
        try {
            connection = std::make_unique<Connection>(s.uri_);
        } catch (...) {
            lock.lock();
            --s.open_;
            lock.unlock();
            s.pool_freed_.notify_one();
            throw;
        }
    }
    ~Borrowed() {
        if (!connection) return;
        {
            std::lock_guard lock(store.pool_mutex_);
            store.idle_.push_back(std::move(connection));
        }
        store.pool_freed_.notify_one();
    }
    Borrowed(const Borrowed&)            = delete;
    Borrowed& operator=(const Borrowed&) = delete;
};

void PostgresStorage::with_connection(const std::string& what,
    const std::function<void(Connection&)>&              work,
    const std::function<bool(Connection&)>&              took_effect) {
    try {
        Borrowed c(*this);
        bool     checking = false; // the write was lost in flight: did it commit?
        for (int run = 1;; ++run) {
            try {
                c.connection->ready();
                if (checking) {
                    if (took_effect(*c.connection)) return;
                    throw StorageError{ "the connection to PostgreSQL was lost during the write,"
                                        " which was not stored" };
                }
                work(*c.connection);
                return;
            } catch (const Connection::Lost& lost) {
                if (c.connection->outcome_unknown() && took_effect && !checking) {
                    checking = true;
                    continue;
                }
                if (c.connection->outcome_unknown() || checking)
                    throw StorageError{ "the connection to PostgreSQL was lost during the write,"
                                        " so whether it was stored is unknown: "
                        + lost.message };
                if (run == 2)
                    throw StorageError{ "the connection to PostgreSQL was lost: " + lost.message };
            }
        }
    } catch (const StorageError& e) {
        throw StorageError{ what + ": " + e.message };
    }
}

PostgresStorage::PostgresStorage(const std::string& uri, int max_connections)
    : uri_(uri)
    , max_connections_(max_connections) {
    const std::string what   = "cannot open the PostgreSQL store";
    char*             error  = nullptr;
    PQconninfoOption* parsed = PQconninfoParse(uri.c_str(), &error);
    if (!parsed) {
        std::string why = error ? one_line(error) : "out of memory";
        PQfreemem(error);
        throw StorageError{ what + ": not a connection URI: " + why };
    }
    PQconninfoFree(parsed);
    with_connection(what, [&](Connection& c) {
        create_tables(c);
        location_ = c.location();
    });
}

PostgresStorage::~PostgresStorage() = default;

void PostgresStorage::create_tables(Connection& c) {
    c.script(kCreateTables);
    c.exec("INSERT INTO schema_version(version) VALUES($1) ON CONFLICT DO NOTHING",
        { num(kSchemaVersion) });
    const int64_t version = c.exec("SELECT version FROM schema_version").integer(0, 0);
    if (version > kSchemaVersion)
        throw StorageError{ "its tables are of version " + num(version)
            + ", written by a newer Citadel (this one knows version " + num(kSchemaVersion) + ")" };
}

void PostgresStorage::insert_game(const StoredGame& g, const std::optional<std::string>& owner) {
    static const std::string sql
        = std::string("WITH game AS (INSERT INTO games(id, variant, start_fen, clock_initial_ms,"
                      " clock_increment_ms, seats, created_ms, finished, owner_node, owner_epoch)"
                      " VALUES($2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11) RETURNING id) ")
        + kInsertSteps;
    with_connection("cannot store game " + g.id, [&](Connection& c) {
        c.exec_once(sql,
            { steps_json(0, g.steps), g.id, g.variant, g.start_fen,
                g.clock ? std::optional(num(g.clock->initial_ms)) : std::nullopt,
                g.clock ? std::optional(num(g.clock->increment_ms)) : std::nullopt,
                seats_text(g.seats), num(g.created_ms), g.finished ? "true" : "false", owner,
                owner ? "1" : "0" });
    });
}

void PostgresStorage::create_game(const StoredGame& game) { insert_game(game, std::nullopt); }

void PostgresStorage::create_owned_game(const StoredGame& game, const std::string& node) {
    insert_game(game, node);
}

// One statement: the game's row locked and checked (and marked finished), then the steps, or
// nothing at all. Under READ COMMITTED a claim that commits first makes the UPDATE see the new
// epoch and match nothing; one that comes later waits for this commit.
void PostgresStorage::append(const std::string& id, std::optional<int64_t> epoch, int first_seq,
    const std::vector<StoredStep>& steps, bool finished) {
    static const std::string sql
        = std::string("WITH game AS (UPDATE games SET finished = finished OR $4 WHERE id = $2"
                      " AND ($3::bigint IS NULL OR owner_epoch = $3) RETURNING id), added AS (")
        + kInsertSteps + ") SELECT count(*) FROM game";
    bool found = false;
    // After a loss in flight: the steps went in one statement, so they are all there or none.
    // Locking the game's row first waits out the lost write where the server still runs it; the
    // read, a statement later, sees what it left. Other steps at those places were written by
    // the game's new owner, after this node's write failed.
    auto stored = [&](Connection& c) {
        c.exec("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", { id });
        const Result there = c.exec("SELECT kind, text FROM steps WHERE game_id = $1 AND"
                                    " seq >= $2 AND seq < $3 ORDER BY seq",
            { id, num(first_seq), num(first_seq + int64_t(steps.size())) });
        if (there.rows() == 0) return false;
        bool ours = there.rows() == int(steps.size());
        for (int i = 0; ours && i < there.rows(); ++i)
            ours = there.text(i, 0) == steps[size_t(i)].kind
                && there.text(i, 1) == steps[size_t(i)].text;
        if (!ours)
            throw NotOwner{ "game " + id
                + " has other steps where these were lost in flight (another node owns it"
                  " now); nothing was stored" };
        return found = true;
    };
    with_connection(
        "cannot store the steps of game " + id,
        [&](Connection& c) {
            if (failpoint("pg.lost_in_write")) c.lose_in_write("pg.lost_in_write");
            found = c.exec_once(sql,
                         { steps_json(first_seq, steps), id,
                             epoch ? std::optional(num(*epoch)) : std::nullopt,
                             finished ? "true" : "false" })
                        .integer(0, 0)
                == 1;
            if (failpoint("pg.answer_lost")) c.lose_in_write("pg.answer_lost");
        },
        stored);
    if (found) return;
    if (epoch)
        throw NotOwner{ "game " + id + " is not at epoch " + num(*epoch)
            + " (another node owns it now, or there is no such game); nothing was stored" };
    throw StorageError{ "cannot store the steps of game " + id + ": no such game" };
}

void PostgresStorage::append_steps(
    const std::string& id, int first_seq, const std::vector<StoredStep>& steps, bool finished) {
    append(id, std::nullopt, first_seq, steps, finished);
}

void PostgresStorage::append_owned_steps(const std::string& id, int64_t epoch, int first_seq,
    const std::vector<StoredStep>& steps, bool finished) {
    append(id, epoch, first_seq, steps, finished);
}

std::vector<StoredGame> PostgresStorage::load(const std::optional<std::string>& id) {
    static const std::string steps_sql
        = "SELECT game_id, kind, seat, text, other, to_json(clock_ms)::text, " + unix_ms("at")
        + " FROM steps WHERE $1::text IS NULL OR game_id = $1 ORDER BY game_id, seq";
    std::vector<StoredGame> games;
    with_connection("cannot read the games", [&](Connection& c) {
        games.clear();
        std::map<std::string, size_t> index;
        const Result                  g = c.exec(
                             "SELECT id, variant, start_fen, clock_initial_ms, clock_increment_ms, seats::text,"
                                              " created_ms, finished FROM games WHERE $1::text IS NULL OR id = $1"
                                              " ORDER BY created_ms, id",
                             { id });
        for (int row = 0; row < g.rows(); ++row) {
            StoredGame game;
            game.id        = g.text(row, 0);
            game.variant   = g.text(row, 1);
            game.start_fen = g.text(row, 2);
            if (!g.null(row, 3)) game.clock = StoredClock{ g.integer(row, 3), g.integer(row, 4) };
            try {
                game.seats = seats_of_text(g.text(row, 5));
            } catch (const std::exception& e) {
                throw StorageError{ "game " + game.id + " has unreadable seats: " + e.what() };
            }
            game.created_ms = g.integer(row, 6);
            game.finished   = g.boolean(row, 7);
            index[game.id]  = games.size();
            games.push_back(std::move(game));
        }
        const Result s = c.exec(steps_sql, { id });
        for (int row = 0; row < s.rows(); ++row) {
            auto at = index.find(s.text(row, 0));
            if (at == index.end()) continue; // a game created since the first read
            StoredStep step;
            step.kind  = s.text(row, 1);
            step.seat  = int(s.integer(row, 2));
            step.text  = s.text(row, 3);
            step.other = s.null(row, 4) ? -1 : int(s.integer(row, 4));
            if (!s.null(row, 5))
                step.clock_ms = json::parse(s.text(row, 5)).get<std::vector<int64_t>>();
            step.at_ms = s.integer(row, 6);
            games[at->second].steps.push_back(std::move(step));
        }
    });
    return games;
}

std::vector<StoredGame> PostgresStorage::load_games() { return load(std::nullopt); }

std::optional<std::string> PostgresStorage::live_owner(const std::string& id) {
    static const std::string sql
        = std::string("SELECT o.owner_node FROM games o WHERE o.id = $1 AND NOT ") + kOwnerGone;
    std::optional<std::string> owner;
    with_connection("cannot find the owner of game " + id, [&](Connection& c) {
        const Result r = c.exec(sql, { id });
        if (r.rows() == 1 && !r.null(0, 0)) owner = r.text(0, 0);
    });
    return owner;
}

std::vector<LiveNode> PostgresStorage::live_nodes() {
    std::vector<LiveNode> nodes;
    with_connection("cannot list the live nodes", [&](Connection& c) {
        const Result r
            = c.exec("SELECT node_id, bus_ok FROM nodes WHERE lease_until > statement_timestamp()");
        for (int i = 0; i < r.rows(); ++i) nodes.push_back({ r.text(i, 0), r.boolean(i, 1) });
    });
    return nodes;
}

std::optional<StoredGame> PostgresStorage::load_game(const std::string& id) {
    auto games = load(id);
    if (games.empty()) return std::nullopt;
    return std::move(games.front());
}

void PostgresStorage::save_seats(const std::string& id, const std::vector<StoredSeat>& seats) {
    int64_t changed = 0;
    with_connection("cannot store the seats of game " + id, [&](Connection& c) {
        changed
            = c.exec("UPDATE games SET seats = $2::jsonb WHERE id = $1", { id, seats_text(seats) })
                  .affected();
    });
    if (changed != 1) throw StorageError{ "no game " + id + " to store seats of" };
}

void PostgresStorage::save_analysis(
    const std::string& id, const std::string& settings, const std::string& body) {
    with_connection("cannot store the analysis of game " + id, [&](Connection& c) {
        c.exec("INSERT INTO analyses(game_id, settings, body) VALUES($1, $2, $3)"
               " ON CONFLICT (game_id, settings) DO UPDATE SET body = EXCLUDED.body",
            { id, settings, body });
    });
}

std::optional<std::string> PostgresStorage::load_analysis(
    const std::string& id, const std::string& settings) {
    std::optional<std::string> body;
    with_connection("cannot read the analysis of game " + id, [&](Connection& c) {
        const Result r = c.exec(
            "SELECT body FROM analyses WHERE game_id = $1 AND settings = $2", { id, settings });
        if (r.rows() == 1) body = r.text(0, 0);
    });
    return body;
}

void PostgresStorage::create_family(const StoredFamily& f) {
    with_connection("cannot store a family", [&](Connection& c) {
        c.exec_once("INSERT INTO families(id, key_hash, created_ms) VALUES($1, $2, $3)",
            { f.id, f.key_hash, num(f.created_ms) });
    });
}

void PostgresStorage::save_child(const std::string& family_id, const StoredChild& child) {
    with_connection("cannot store child " + child.id, [&](Connection& c) {
        c.exec("INSERT INTO children(id, family_id, name, avatar, created_ms, progress, read_aloud)"
               " VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET"
               " family_id = EXCLUDED.family_id, name = EXCLUDED.name, avatar = EXCLUDED.avatar,"
               " created_ms = EXCLUDED.created_ms, progress = EXCLUDED.progress,"
               " read_aloud = EXCLUDED.read_aloud",
            { child.id, family_id, child.name, child.avatar, num(child.created_ms), child.progress,
                child.read_aloud ? "true" : "false" });
    });
}

void PostgresStorage::delete_child(const std::string& child_id) {
    with_connection("cannot remove child " + child_id,
        [&](Connection& c) { c.exec("DELETE FROM children WHERE id = $1", { child_id }); });
}

std::vector<StoredFamily> PostgresStorage::load_families() {
    std::vector<StoredFamily> families;
    with_connection("cannot read the families", [&](Connection& c) {
        families.clear();
        std::map<std::string, size_t> index;
        const Result                  f
            = c.exec("SELECT id, key_hash, created_ms FROM families ORDER BY created_ms, id");
        for (int row = 0; row < f.rows(); ++row) {
            index[f.text(row, 0)] = families.size();
            families.push_back({ f.text(row, 0), f.text(row, 1), f.integer(row, 2), {} });
        }
        const Result k = c.exec("SELECT family_id, id, name, avatar, created_ms, progress,"
                                " read_aloud FROM children ORDER BY created_ms, added");
        for (int row = 0; row < k.rows(); ++row) {
            auto at = index.find(k.text(row, 0));
            if (at == index.end()) continue;
            families[at->second].children.push_back({ k.text(row, 1), k.text(row, 2),
                k.text(row, 3), k.integer(row, 4), k.text(row, 5), k.boolean(row, 6) });
        }
    });
    return families;
}

// Also removes the rows of nodes whose lease has expired and whose games are all finished or
// claimed: nobody needs their last renewal any more.
void PostgresStorage::join(const std::string& node, std::chrono::milliseconds lease) {
    with_connection("cannot join node " + node + " to the cluster", [&](Connection& c) {
        c.exec("DELETE FROM nodes n WHERE n.lease_until <= statement_timestamp() AND NOT EXISTS"
               " (SELECT 1 FROM games g WHERE g.owner_node = n.node_id AND NOT g.finished)");
        c.exec_once("INSERT INTO nodes(node_id, renewed_at, lease_until) VALUES($1,"
                    " statement_timestamp(), statement_timestamp() + $2::bigint * interval '1 ms')",
            { node, num(lease.count()) });
    });
}

bool PostgresStorage::renew(const std::string& node, std::chrono::milliseconds lease, bool bus_ok) {
    bool renewed = false;
    with_connection("cannot renew the lease of node " + node, [&](Connection& c) {
        renewed = c.exec("UPDATE nodes SET renewed_at = statement_timestamp(), lease_until ="
                         " statement_timestamp() + $2::bigint * interval '1 ms', bus_ok = $3"
                         " WHERE node_id = $1 AND lease_until > statement_timestamp()",
                       { node, num(lease.count()), bus_ok ? "true" : "false" })
                      .affected()
            == 1;
    });
    return renewed;
}

// Both leave the node's games ownerless at a new epoch (its late writes are refused).
constexpr const char* kReleaseGames
    = "UPDATE games SET owner_node = NULL, owner_epoch = owner_epoch + 1,"
      " released_at = statement_timestamp() WHERE owner_node = $1 AND NOT finished";

void PostgresStorage::release(const std::string& node) {
    static const std::string sql = std::string("WITH released AS (") + kReleaseGames
        + ") DELETE FROM nodes WHERE node_id = $1";
    with_connection(
        "cannot release the games of node " + node, [&](Connection& c) { c.exec(sql, { node }); });
}

void PostgresStorage::hand_over(const std::string& node) {
    with_connection("cannot hand over the games of node " + node,
        [&](Connection& c) { c.exec(kReleaseGames, { node }); });
}

// Sent again after a lost connection: a claim that did commit then finds the node the owner
// already, and claims again.
std::optional<Claim> PostgresStorage::claim(const std::string& game_id, const std::string& node) {
    static const std::string sql = claim_sql(
        std::string("o.id = $2 AND (") + kOwnerGone + " OR o.owner_node = $1) FOR UPDATE");
    std::vector<Claim> claims;
    with_connection("cannot claim game " + game_id, [&](Connection& c) {
        claims = claims_of(c.exec(sql, { node, game_id }));
    });
    if (claims.empty()) return std::nullopt;
    return std::move(claims.front());
}

// Not sent again after a lost connection: claimed games the node never heard of would stay
// with it, live, for good.
std::vector<Claim> PostgresStorage::claim_orphans(const std::string& node, int limit) {
    static const std::string sql = claim_sql(std::string("NOT o.finished AND ") + kOwnerGone
        + " ORDER BY o.created_ms LIMIT $2 FOR UPDATE SKIP LOCKED");
    std::vector<Claim>       claims;
    with_connection("cannot claim the games of lost nodes", [&](Connection& c) {
        claims = claims_of(c.exec_once(sql, { node, num(limit) }));
    });
    return claims;
}

} // namespace citadel::server
