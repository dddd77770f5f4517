// One live game on the server: its seats and their tokens, its clock, its engine seats, the steps
// it has stored and the connections watching it. Every move and action is checked in server.md's
// order, taken by the game (LiveGame, the game contract), committed to Storage, and only then
// answered and broadcast, as the game's Turn (messages.h). Each room has its own lock, so games
// never wait for one another. In a cluster a room owns its game at an epoch and writes through
// its ClusterNode (cluster_node.h); once a write is refused (another node owns the game now, or
// this node's lease may have expired) the room is lost: it writes, answers and broadcasts
// nothing more, and its connections are closed so that their clients reconnect.
//
// Storage is append-only: a take-back is a step of its own ("take_back", with the number of
// moves it leaves standing), and the game is the standing steps replayed; the link to the
// rematch is a step too ("rematch", with the new game's id), outside the game.
//
//   room.cpp   steps (moves, actions, a claim with its move, take-backs), storage, subscribers
//   room_time.cpp    the clock's timer and flag falls
//   room_engine.cpp  engine seats: their moves, and their answers to offers and proposals
#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/analysis.h"
#include "server/engine_seat.h"
#include "server/game_clock.h"
#include "server/live_game.h"
#include "server/reply.h"
#include "server/storage.h"

namespace citadel::server {

// A live connection that receives a game's messages (a WebSocket). deliver() must not block: it
// queues the message for the connection's own writer.
class Subscriber {
  public:
    virtual ~Subscriber()                                            = default;
    virtual void deliver(std::shared_ptr<const std::string> message) = 0;
    // The game is no longer served here (another node owns it, or this one stops): the
    // connection closes with 1012 (service restart) once what is queued is written, so that its
    // client reconnects. Must not block either.
    virtual void moved_away() = 0;
};

class ClusterNode;
class Peers;

class Room : public std::enable_shared_from_this<Room> {
  public:
    using Steady = std::chrono::steady_clock;

    // `runs`: where the room's timers and engines' answers run (in a cluster, the commit threads:
    // they write to the store).
    Room(boost::asio::any_io_executor runs, Storage& storage, EnginePool& engines,
        StoredGame stored, std::unique_ptr<LiveGame> game);

    const std::string& id() const { return id_; }
    int                seat_count() const { return int(seats_.size()); }

    // Replays a stored step; false if the game refuses it (a damaged database).
    bool replay(const StoredStep& s);
    // In a cluster, before start(): the room owns its game at `epoch`, writes through `node` and
    // hands its messages to `peers` (if any) for the other nodes' watchers.
    void    own(ClusterNode& node, int64_t epoch, Peers* peers = nullptr);
    int64_t epoch() const { return epoch_; }
    // After creation or replay: the clock resumes with the time it had at the last step, less
    // `charged_ms` for the seat to move (a game taken over: docs/server.md, "Cluster").
    void start(int64_t charged_ms = 0);
    // The room stops serving its game (see above); lost() tells whether it has.
    void give_up();
    bool lost() const { return lost_; }

    json state();
    // The state with what a node watching from elsewhere needs to follow on (peers.h): {"state",
    // "epoch", "seq": the messages relayed so far at this epoch}.
    json        snapshot();
    std::string record();
    bool        over();
    // The finished game for its analysis: the moves, and the position each was played in.
    AnalysisInput analysis_input();

    // The seat the token holds (the store keeps its hash), or -1.
    int   seat_of_token(const std::string& token);
    Reply move(const std::string& token, const std::string& text, int64_t ply);
    Reply action(const std::string& token, Action action, Seat with,
        const std::optional<std::string>& move, std::optional<int64_t> ply);
    // Takes back the last move of the token's seat (and the engines' replies to it), for a seat
    // created with take_back (docs/server.md).
    Reply take_back(const std::string& token, std::optional<int64_t> ply);

    // The rematch (docs/server.md): the game to create, the same but with every seat moved one
    // place on (two players: colours swapped), without id, and its human seats without tokens
    // until their players ask (claim_seat); once created, its id linked here and told to
    // everyone watching. A player's seat in the rematch is the one after theirs here.
    StoredGame                 rematch_game() const;
    std::optional<std::string> rematch_id();
    bool                       link_rematch(const std::string& id, int seat);
    // Gives a human seat without a token the token of this hash (stored first); true if the
    // seat now has it (also when it had it already), false if it has another or is an engine's.
    bool claim_seat(int seat, const std::string& token_hash);

    bool subscribe(const std::string& token, std::shared_ptr<Subscriber> s);
    void unsubscribe(const std::string& token, const Subscriber* s);
    // In a cluster: node `node` now has `connections[i]` WebSockets of seat i watching from there
    // (peers.h); a seat is connected while any node has one.
    void present_elsewhere(const std::string& node, std::vector<int> connections);
    // The WebSockets of nodes not in `live` (sorted) are no longer counted: a node that died
    // could not say that its connections went.
    void forget_nodes_except(const std::vector<std::string>& live);

  private:
    // ---- steps (room.cpp) ----
    static bool apply_stored(LiveGame& game, const StoredStep& s);
    // The game the standing steps of `steps` make; null if one is refused (a damaged database).
    std::unique_ptr<LiveGame> replayed(const std::vector<StoredStep>& steps) const;
    void                      rebuild();
    // Checks a request of `seat` against the game in server.md's order; the refusal, if any.
    std::optional<Reply> refuse(int seat, std::optional<int64_t> ply, Steady::time_point now);
    int                  seat_of_token_locked(const std::string& token) const;
    Reply                play_locked(
                       const std::string& text, Steady::time_point now, std::vector<StoredStep> more);
    Reply claim_with_move(int seat, const std::string& text, Steady::time_point now);
    Reply commit_action(Action action, int seat, Seat with, Steady::time_point now);
    bool  store(std::vector<StoredStep> steps);
    // The answer to a step store() refused: unavailable if the room is lost, else storage_failed
    // with `message`.
    Reply not_stored(std::string message) const;
    void  give_up_locked();
    void  after_step();
    json  state_locked() const;
    void  broadcast(const json& msg);
    void  broadcast_seat(int seat);
    void  present_elsewhere_locked(const std::string& node, std::vector<int> connections);
    json  clock_json(Steady::time_point now) const { return clock_.to_json(seat_count(), now); }

    // ---- time (room_time.cpp) ----
    void check_flag(Steady::time_point now);
    void arm_timer();
    void on_timer();

    // ---- engine seats (room_engine.cpp) ----
    static constexpr std::chrono::milliseconds kEngineRetry{ 500 };
    EngineRequest                              request_for(int seat) const;
    void                                       ask_engine();
    void engine_moved(int seat, int64_t ply, const std::string& fen, const std::string& text);
    void engine_moved_locked(int seat, int64_t ply, const std::string& fen, const std::string& text,
        Steady::time_point now);
    void ask_decisions();
    std::vector<int> partners_for(int seat) const;
    bool             proposed_before(int seat, int with) const;
    void             ask(int seat, EngineQuestion question);
    void             engine_answered(
                    EngineQuestion::Kind kind, int seat, size_t steps, const EngineAnswer& answer);
    void take_answer(
        EngineQuestion::Kind kind, int seat, const EngineAnswer& answer, Steady::time_point now);

    struct SeatState {
        StoredSeat stored;
        int        connected = 0; // open WebSockets holding the seat's token, on every node
    };
    // A question asked of an engine seat in the state of `steps` stored steps.
    struct Asked {
        EngineQuestion::Kind kind;
        int                  seat;
        size_t               steps;
    };
    // An engine's move that came while a question was out: played once the answers are in.
    struct HeldMove {
        int         seat;
        int64_t     ply;
        std::string fen, text;
    };

    boost::asio::any_io_executor runs_;
    Storage&                     storage_;
    EnginePool&                  engines_;
    ClusterNode*                 owner_   = nullptr; // in a cluster: writes go through it
    int64_t                      epoch_   = 0; // in a cluster: the epoch the room owns its game at
    Peers*                       peers_   = nullptr; // in a cluster: the other nodes' watchers
    uint64_t                     relayed_ = 0; // the messages handed to peers_
    std::atomic<bool>            lost_{ false };
    std::mutex                   mutex_;
    boost::asio::steady_timer    timer_;
    boost::asio::steady_timer    engine_retry_; // an engine's move the store refused, tried again
    const std::string            id_;
    const std::string            variant_, start_fen_;
    std::unique_ptr<LiveGame>    game_;
    std::vector<SeatState>       seats_;
    GameClock                    clock_;
    std::vector<StoredStep>      history_; // the steps stored, in order
    std::optional<std::string>   rematch_; // the rematch's game id, once made
    int64_t                      engine_asked_ = -1; // the ply the engine is thinking about
    std::vector<Asked>           asked_; // asked in the current state (answered or not): not again
    std::vector<Asked>           asking_; // asked, and the answer not yet in
    std::optional<HeldMove>      held_move_;
    std::vector<std::shared_ptr<Subscriber>> subscribers_;
    // In a cluster: the WebSockets of each seat on other nodes, by node (in seats_' connected).
    std::unordered_map<std::string, std::vector<int>> elsewhere_;
};

} // namespace citadel::server
