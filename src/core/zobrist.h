// Zobrist keys for a geometry: one random 64-bit key per (piece, square), per seat to move, per
// castling-rights set and per en passant square. Fixed seed, so keys are the same in every run.
#pragma once

#include "core/types.h"

namespace citadel {

template <class G> struct Zobrist {
    u64 psq[PieceLimit][G::Squares];
    u64 seat[MaxSeats];
    u64 castling[16];
    u64 ep[G::Squares];

    Zobrist() {
        u64  state = 0x9E3779B97F4A7C15ull ^ u64(G::Squares);
        auto next  = [&state] { // xorshift64*
            state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
            return state * 2685821657736338717ull;
        };
        for (auto& row : psq)
            for (u64& k : row) k = next();
        for (u64& k : seat) k = next();
        castling[0] = 0;
        for (int i = 1; i < 16; ++i) castling[i] = next();
        for (u64& k : ep) k = next();
    }
};

template <class G> inline const Zobrist<G> kZobrist{};

} // namespace citadel
