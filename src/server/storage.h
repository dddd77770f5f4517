// Where games last: a small interface the game service writes every accepted step to, before it
// acknowledges it, and reads every game back from when the server starts. SQLite implements it
// (sqlite_storage.h), and PostgreSQL (postgres_storage.h), without touching the game logic, which
// only ever sees these plain records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace citadel::server {

struct StoredSeat {
    bool        engine = false;
    int         level  = 0; // engine seats: 0-20
    std::string token_hash; // human seats: the SHA-256 of the token that plays for this seat
                            // (never the token); "" while a rematch's seat waits for its player
    bool take_back = false; // human seats: may take back moves (every other seat an engine)
};
// Whether the token whose SHA-256 is `token_hash` plays for `seat` (compared in constant time).
bool holds(const StoredSeat& seat, const std::string& token_hash);
// The seat of `seats` the token holds, or -1; -1 for "" (a spectator).
int seat_held(const std::vector<StoredSeat>& seats, const std::string& token);

struct StoredClock {
    int64_t initial_ms   = 0;
    int64_t increment_ms = 0;
};

// One step of a game's history, in order: a move, an action, a take-back or the rematch's link.
// Replaying the steps through the rules core rebuilds the game (room.h says how a take-back and
// a rematch replay).
struct StoredStep {
    std::string kind; // "move", "resign", "offer_draw", "accept_draw", "decline_draw",
                      // "claim_draw", "propose_alliance", "accept_alliance", "flag",
                      // "take_back", "rematch"
    int         seat = 0;
    std::string text; // a "move": its UCI text; a "rematch": the new game's id
    int         other = -1; // propose_alliance: the seat proposed to; take_back: the
                    // number of moves left standing
    std::vector<int64_t> clock_ms; // each seat's remaining time after the step (timed games)
    int64_t at_ms = 0; // when it was stored, Unix time by the database's clock: PostgreSQL's,
                       // for a new owner's clock (cluster_storage.h); 0 from SQLite
};

struct StoredGame {
    std::string                id;
    std::string                variant;
    std::string                start_fen;
    std::optional<StoredClock> clock;
    std::vector<StoredSeat>    seats;
    int64_t                    created_ms = 0; // Unix time
    std::vector<StoredStep>    steps;
    bool                       finished = false;
};

// A child of a family (docs/learn.md, "Families and children"): `progress` is its record as JSON
// text (families.h writes and reads it), so that a store keeps it without knowing its fields.
struct StoredChild {
    std::string id, name, avatar;
    int64_t     created_ms = 0;
    std::string progress;
    bool        read_aloud = true; // Learn reads its texts aloud by itself for this child
};

// A family: the SHA-256 of its key (never the key), its children oldest first.
struct StoredFamily {
    std::string              id, key_hash;
    int64_t                  created_ms = 0;
    std::vector<StoredChild> children;
};

// Thrown when the database cannot do what was asked; the step is then not acknowledged.
struct StorageError {
    std::string message;
};

// The seats as every store keeps them: JSON text, a human seat by its token's hash (storage.cpp).
std::string seats_text(const std::vector<StoredSeat>& seats);
// Throws std::exception when the text is not seats; a token of an older file is hashed.
std::vector<StoredSeat> seats_of_text(const std::string& text);

class Storage {
  public:
    virtual ~Storage() = default;
    // Records a new game (its steps, if any, too). Durable when it returns.
    virtual void create_game(const StoredGame& game) = 0;
    // Appends steps to a game in one transaction; `finished` marks the game as ended with them.
    // Durable (committed) when it returns, so the caller may acknowledge them.
    virtual void append_steps(
        const std::string& id, int first_seq, const std::vector<StoredStep>& steps, bool finished)
        = 0;
    // Every game, unfinished and finished, with its steps in order.
    virtual std::vector<StoredGame> load_games() = 0;
    // Replaces a game's seats (a rematch's seat given to its player). Durable when it returns.
    virtual void save_seats(const std::string& id, const std::vector<StoredSeat>& seats) = 0;

    // The post-game analysis of a finished game (analysis.h), kept so that it is computed once:
    // `body` is the answer's JSON text, `settings` names how it was computed (the search and
    // its node budget), so that other settings compute it anew. Saving again replaces it. The
    // defaults keep nothing (each server start computes analyses again).
    virtual void save_analysis(
        const std::string& id, const std::string& settings, const std::string& body) {
        (void)id, (void)settings, (void)body;
    }
    virtual std::optional<std::string> load_analysis(
        const std::string& id, const std::string& settings) {
        (void)id, (void)settings;
        return std::nullopt;
    }

    // Families and their children. Each call is durable when it returns. The defaults keep
    // nothing (a store without them serves families until the server stops).
    virtual void create_family(const StoredFamily& family) { (void)family; }
    // Adds the child to the family, or replaces the child of that id.
    virtual void save_child(const std::string& family_id, const StoredChild& child) {
        (void)family_id, (void)child;
    }
    virtual void                      delete_child(const std::string& child_id) { (void)child_id; }
    virtual std::vector<StoredFamily> load_families() { return {}; }
};

} // namespace citadel::server
