// Four Kingdoms chess (docs/rules/fourkingdoms.md) plugged into the names the CLI, the game layer
// and the generic algorithms are written against: Setup<Cross14>, StateInfo<V> and Position<V>
// for V = FourKingdoms or FourKingdomsTeams, and overloads of legal_moves, count_legal, perft,
// parse_fen / write_fen (K4FEN), move_to_uci, find_uci_move, request_of, find_move and
// why_illegal. Each overload is constrained to the two policies, so it wins over the generic
// template of the same name.
//
// Move text: <from><to>[q|r|b|n], no suffix meaning "not promoting" (a promoting pawn move has
// five texts); castling is the king's two-square move (South h1j1, East n7n5).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/illegal.h"
#include "core/movegen.h"
#include "notation/k4fen.h"
#include "variants/fourkingdoms_board.h"

namespace citadel {

template <class V>
requires FourKingdomsVariant<V>
struct StateInfo<V> : fk::State {
};

template <class V>
requires FourKingdomsVariant<V>
class Position<V> : public fk::Board {
  public:
    using G                = Cross14;
    using BB               = fk::BB;
    static constexpr int N = G::Squares;

    Position()
        : fk::Board(V::Teams) { }

    // Sets up from s; on error the position is unusable and the clause broken is returned.
    std::optional<PositionError> set(const Setup<G>& s, StateInfo<V>& si) {
        return set_checked(s, si);
    }
    void make(Move m, StateInfo<V>& next) { fk::Board::make(m, next); }
    void unmake(Move m) { fk::Board::unmake(m); }
    void resign(Seat who, StateInfo<V>& next) { fk::Board::resign(who, next); }
    bool ally(u8 pair, StateInfo<V>& next) { return fk::Board::ally(pair, next); }
};

template <class V>
requires FourKingdomsVariant<V> MoveList<V::MaxMoves> legal_moves(const Position<V>& pos) {
    MoveList<V::MaxMoves> list;
    list.count = fk::generate_moves(pos, list.moves);
    return list;
}

template <class V>
requires FourKingdomsVariant<V> u64 count_legal(const Position<V>& pos) {
    return fk::count_moves(pos);
}

template <class V>
requires FourKingdomsVariant<V> u64 perft(
    Position<V>& pos, int depth, const std::atomic<bool>* stop = nullptr) {
    return fk::run_perft(pos, depth, stop);
}

namespace fk {
// The king's destination of a castling move (stored as king takes own rook).
constexpr Square castling_king_to(Move m) {
    for (Seat a = 0; a < 4; ++a)
        for (int side = 0; side < 2; ++side)
            if (kCastling[a][side].king_from == m.from() && kCastling[a][side].rook_from == m.to())
                return kCastling[a][side].king_to;
    return m.to();
}
} // namespace fk

template <class V>
requires FourKingdomsVariant<V> std::string move_to_uci(Move m) {
    Square      to   = m.kind() == MoveKind::Castling ? fk::castling_king_to(m) : m.to();
    std::string text = square_name<Cross14>(m.from()) + square_name<Cross14>(to);
    if (m.kind() == MoveKind::Promotion) text += char(kind(m.promotion()).letter + 32);
    return text;
}

template <class V>
requires FourKingdomsVariant<V> std::optional<Move> find_uci_move(
    const Position<V>& pos, std::string_view text) {
    for (Move m : legal_moves(pos))
        if (move_to_uci<V>(m) == text) return m;
    return std::nullopt;
}

template <class V>
requires FourKingdomsVariant<V> MoveRequest request_of(Move m) {
    return { m.from(), m.kind() == MoveKind::Castling ? fk::castling_king_to(m) : m.to(),
        m.kind() == MoveKind::Promotion ? m.promotion() : NoPieceType };
}

template <class V>
requires FourKingdomsVariant<V> std::optional<Move> find_move(
    const Position<V>& pos, MoveRequest req) {
    for (Move m : legal_moves(pos))
        if (request_of<V>(m) == req) return m;
    return std::nullopt;
}

} // namespace citadel

#include "variants/fourkingdoms_illegal.h"
