// Attack tables for a geometry, built once at start-up by walking the piece catalogue's atoms
// over the board. Leaps jump removed cells; rides stop at them and at the board's edge.
// Sliders on one-word boards use PEXT-indexed tables where the CPU has BMI2, ray scans otherwise
// (one of the core's two hardware switches; bitboard.h's AVX2 four-word form is the other).
#pragma once

#include <vector>

#include "core/geometry.h"
#include "core/piece.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace citadel {

template <class G> class Attacks {
  public:
    using BB                      = typename G::Bitboard;
    static constexpr int  N       = G::Squares;
    static constexpr bool OneWord = N <= 64;

    // Directions of plain rides, in the order N E NE NW (increasing index) then S W SW SE.
    static constexpr int Dirs[8][2]
        = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { -1, 1 }, { 0, -1 }, { -1, 0 }, { -1, -1 }, { 1, -1 } };

    Attacks() {
        for (Square s = 0; s < N; ++s) {
            if (!on_board(s)) continue;
            for (size_t t = 1; t < kPieceKinds.size(); ++t)
                if (!kPieceKinds[t].forward_relative)
                    for (const Atom& a : kPieceKinds[t].atoms)
                        if (a.is_leap()) leap[t][s] |= step_bb(s, a.df, a.dr);
            for (const Atom& a : kPieceKinds[Pawn].atoms)
                if (a.mode == Mode::CaptureOnly) {
                    pawn_attack[White][s] |= step_bb(s, a.df, a.dr);
                    pawn_attack[Black][s] |= step_bb(s, a.df, -a.dr);
                }
            for (int d = 0; d < 8; ++d) ray[d][s] = walk(s, Dirs[d][0], Dirs[d][1], BB{});
        }
        if constexpr (OneWord) {
            for (Square a = 0; a < N; ++a)
                for (int d = 0; d < 8; ++d)
                    for (BB r = ray[d][a]; any(r);) {
                        Square b      = pop_lsb(r);
                        line[a][b]    = ray[d][a] | ray[(d + 4) % 8][a] | bit<BB>(a);
                        between[a][b] = ray[d][a] & ray[(d + 4) % 8][b];
                    }
#if defined(__BMI2__)
            init_pext(rook_table, 0);
            init_pext(bishop_table, 2);
#endif
        }
    }

    BB rook(Square s, BB occ) const {
#if defined(__BMI2__)
        if constexpr (OneWord) return rook_table.lookup(s, occ);
#endif
        return ride(s, occ, 0) | ride(s, occ, 1) | ride(s, occ, 4) | ride(s, occ, 5);
    }
    BB bishop(Square s, BB occ) const {
#if defined(__BMI2__)
        if constexpr (OneWord) return bishop_table.lookup(s, occ);
#endif
        return ride(s, occ, 2) | ride(s, occ, 3) | ride(s, occ, 6) | ride(s, occ, 7);
    }
    BB queen(Square s, BB occ) const { return rook(s, occ) | bishop(s, occ); }

    // The squares a piece of type t on s attacks, given the occupancy (pawns take the seat).
    BB of(PieceType t, Square s, BB occ, Seat seat = White) const {
        switch (t) {
        case Pawn:
            return pawn_attack[seat][s];
        case Bishop:
            return bishop(s, occ);
        case Rook:
            return rook(s, occ);
        case Queen:
            return queen(s, occ);
        default:
            return leap[t][s];
        }
    }

    BB leap[PieceTypeLimit][N]{};
    BB pawn_attack[2][N]{};
    BB ray[8][N]{};
    // Only for one-word boards: square-pair tables cost too much memory on wide boards.
    BB line[OneWord ? N : 1][OneWord ? N : 1]{};
    BB between[OneWord ? N : 1][OneWord ? N : 1]{};

  private:
    static bool on_board(Square s) {
        return s < G::Files * G::Ranks && G::on_board(G::file_of(s), G::rank_of(s));
    }

    static BB step_bb(Square s, int df, int dr) {
        int f = G::file_of(s) + df, r = G::rank_of(s) + dr;
        return G::on_board(f, r) ? bit<BB>(G::square(f, r)) : BB{};
    }
    // The ride from s in direction (df, dr), stopping on the first occupied square.
    static BB walk(Square s, int df, int dr, BB occ) {
        BB  out{};
        int f = G::file_of(s) + df, r = G::rank_of(s) + dr;
        for (; G::on_board(f, r); f += df, r += dr) {
            out |= bit<BB>(G::square(f, r));
            if (test(occ, G::square(f, r))) break;
        }
        return out;
    }
    BB ride(Square s, BB occ, int d) const {
        BB blockers = ray[d][s] & occ;
        if (!any(blockers)) return ray[d][s];
        Square b = d < 4 ? lsb(blockers) : msb(blockers);
        return ray[d][s] ^ ray[d][b];
    }

#if defined(__BMI2__)
    struct PextTable {
        BB              mask[N]{};
        u32             offset[N]{};
        std::vector<BB> table;
        BB lookup(Square s, BB occ) const { return table[offset[s] + _pext_u64(occ, mask[s])]; }
    };
    // first_dir selects the rook (0: N E S W) or bishop (2: NE NW SW SE) directions.
    void init_pext(PextTable& t, int first_dir) {
        const int dirs[4] = { first_dir, first_dir + 1, first_dir + 4, first_dir + 5 };
        for (Square s = 0; s < N; ++s) {
            if (!on_board(s)) continue;
            BB mask{};
            for (int d : dirs) { // the last square of each ray never blocks anything beyond it
                BB r = ray[d][s];
                if (any(r)) mask |= r & ~bit<BB>(d < 4 ? msb(r) : lsb(r));
            }
            t.mask[s]   = mask;
            t.offset[s] = u32(t.table.size());
            t.table.resize(t.table.size() + (size_t(1) << popcount(mask)));
            BB sub = 0;
            do { // every subset of the mask (Carry-Rippler)
                BB att{};
                for (int d : dirs) att |= walk(s, Dirs[d][0], Dirs[d][1], sub);
                t.table[t.offset[s] + _pext_u64(sub, mask)] = att;
                sub                                         = (sub - mask) & mask;
            } while (sub);
        }
    }
    PextTable rook_table, bishop_table;
#endif
};

// The one table per geometry, built before main.
template <class G> inline const Attacks<G> kAttacks{};

} // namespace citadel
