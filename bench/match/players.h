// The players of a match, for variant V: a UCI engine in a child process, or a built-in
// opponent that needs no process (builtin:greedy, builtin:random).
#pragma once

#include <memory>
#include <random>
#include <string>

#include "game/game.h"
#include "match/uci_engine.h"
#include "notation/uci_move.h"
#include "variants/registry.h"

namespace citadel::match {

template <class V> class Player {
  public:
    virtual ~Player() = default;
    // Before each game: (re)start the engine if needed and tell it a new game begins; a
    // built-in player takes the game's seed.
    virtual bool new_game(unsigned long long seed, std::string& error) = 0;
    // A move for the side to move of `game` (which is not over).
    virtual Reply think(const Game<V>& game, const GoLimits& limits, Deadline deadline) = 0;
};

// The `position` command for a game: its start (startpos for the variant's own) and moves.
template <class V> std::string position_command(const Game<V>& game) {
    std::string text = game.start() == *parse_fen<V>(V::StartFen)
        ? "position startpos"
        : "position fen " + write_fen<V>(game.start());
    if (!game.moves().empty()) {
        text += " moves";
        for (Move m : game.moves()) text += " " + move_to_uci<V>(m);
    }
    return text;
}

template <class V> class UciPlayer final : public Player<V> {
  public:
    explicit UciPlayer(const EngineSpec& spec)
        : engine_(spec) { }
    bool new_game(unsigned long long, std::string& error) override {
        return engine_.new_game(std::string(V::Name), error);
    }
    Reply think(const Game<V>& game, const GoLimits& limits, Deadline deadline) override {
        return engine_.go(position_command(game), limits, deadline);
    }

  private:
    UciEngine engine_;
};

// A simple static value per piece type, in centipawns, for the greedy player (and the balance
// filter of the opening generator): the usual 1/3/3/5/9 for the orthodox pieces; for
// Tamerlane's, rough figures by mobility (a leaper of four or eight squares, a rider, the
// giraffe's long bent ride). Royals other than the king are worth a rook: losing one costs a
// spare life. Not an engine's evaluation, only a baseline opponent's.
inline int piece_value(PieceType t) {
    if (t >= PawnOfPawns && t <= PawnOfRooks) return 100;
    switch (int(t)) {
    case int(Pawn):
        return 100;
    case int(Knight):
        return 300;
    case int(Bishop):
        return 300;
    case int(Rook):
        return 500;
    case int(Queen):
        return 900;
    case int(Prince):
        return 500;
    case int(AdventitiousKing):
        return 500;
    case int(General):
        return 150;
    case int(Vizier):
        return 150;
    case int(Giraffe):
        return 400;
    case int(Picket):
        return 250;
    case int(Elephant):
        return 150;
    case int(Camel):
        return 250;
    case int(WarEngine):
        return 150;
    default:
        return 0; // the king, whose loss ends the game anyway
    }
}

// The material of `side` minus the opponent's, by piece_value.
template <class V> int material_balance(const Position<V>& pos, Seat side) {
    int balance = 0;
    for (int s = 0; s < V::Geometry::Squares; ++s) {
        Piece p = pos.piece_on(Square(s));
        if (!p) continue;
        int v = piece_value(type_of(p));
        balance += seat_of(p) == side ? v : -v;
    }
    return balance;
}

// builtin:random plays any legal move; builtin:greedy looks one ply ahead: a move that wins the
// game at once if there is one, else one that leaves it the most material (a drawn position
// counts as a balance of 0), chosen at random among equals. Both are seeded.
template <class V> class BuiltinPlayer final : public Player<V> {
  public:
    explicit BuiltinPlayer(bool greedy)
        : greedy_(greedy) { }
    bool new_game(unsigned long long seed, std::string&) override {
        rng_.seed(seed);
        return true;
    }
    Reply think(const Game<V>& game, const GoLimits&, Deadline) override {
        Game<V> local;
        local.reset(game.start());
        for (Move m : game.moves()) local.play(m);
        auto  moves = local.legal_moves();
        Reply reply;
        if (moves.size() == 0) {
            reply.move = "(none)";
            return reply;
        }
        std::vector<Move> best;
        int               best_value = 0;
        Seat              us         = local.position().side_to_move();
        for (Move m : moves) {
            int value = 0;
            if (greedy_) {
                local.play(m);
                Outcome o = local.outcome();
                value     = o.kind == Outcome::Kind::Win ? (o.winner == us ? 1'000'000 : -1'000'000)
                        : o.kind == Outcome::Kind::Draw  ? 0
                                                         : material_balance(local.position(), us);
                local.undo();
            }
            if (best.empty() || value > best_value) best.clear(), best_value = value;
            if (value == best_value) best.push_back(m);
        }
        std::uniform_int_distribution<size_t> pick(0, best.size() - 1);
        reply.move = move_to_uci<V>(best[pick(rng_)]);
        if (greedy_) reply.score = std::clamp(best_value, -30000, 30000);
        return reply;
    }

  private:
    bool            greedy_;
    std::mt19937_64 rng_{ 1 };
};

// The player an engine spec names; nullptr with `error` for an unknown builtin.
template <class V>
std::unique_ptr<Player<V>> make_player(const EngineSpec& spec, std::string& error) {
    if (!spec.builtin()) return std::make_unique<UciPlayer<V>>(spec);
    if (spec.argv[0] == "builtin:greedy") return std::make_unique<BuiltinPlayer<V>>(true);
    if (spec.argv[0] == "builtin:random") return std::make_unique<BuiltinPlayer<V>>(false);
    error
        = "unknown built-in player '" + spec.argv[0] + "' (known: builtin:greedy, builtin:random)";
    return nullptr;
}

} // namespace citadel::match
