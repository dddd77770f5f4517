// Precomputed Four Kingdoms tables, built at compile time from the board shape and the armies'
// pawn rules (docs/rules/fourkingdoms.md). Internal to the rules implementation.
//
// Lines: every square lies on four lines (orientation 0 rank, 1 file, 2 diagonal with
// file - rank constant, 3 anti-diagonal with file + rank constant). A position along a line is
// the square's rank for files and its file otherwise, so each line is a 14-bit word. A removed
// corner cuts a diagonal in two (k1 and n4 share a diagonal across l2 and m3), so each square
// also has the mask of its own segment: rides never cross a hole.
#pragma once

#include <bit>

#include "variants/fourkingdoms_board.h"

namespace citadel::fk {

struct alignas(32) Tables {
    BB     board{};
    BB     knight[Squares]{}, king[Squares]{};
    BB     pawn_quiet[4][Squares]{}; // single steps (inside home: forward; outside: orthogonal)
    BB     pawn_cap[4][Squares]{}; // capture squares (inside: forward diagonals; outside: all 4)
    BB     pawn_rev[4][Squares]{}; // squares from which a pawn of the army captures onto s
    Square pawn_double[4][Squares]{}; // the double step's target from the start line
    BB     promo[4]{}; // the promotion line (the opposite back line)
    BB     home[4]{};
    BB     ray[8][Squares]{}; // N E NE NW S W SW SE, stopping at holes and the edge
    BB     line_bb[4][27]{};
    BB     queen[Squares]{}; // every square sharing a line segment with s
    struct Lines {
        u8  id[4]; // line id per orientation
        u8  pos[4]; // position on that line
        u16 seg[4]; // the segment of that line holding the square
    } sl[Squares]{};
    BB     third[4]{}; // the squares a double step passes (depth 2)
    BB     start[4]{}; // the start lines (depth 1)
    Square lsq[4][27][16]{}; // the square at a position of a line
    u8     castle_mask[Squares]{}; // castling rights lost when this square is touched
    BB     castle_path[4][2]{}; // squares that must be empty between king and rook
    Square castle_cross[4][2]{}; // the square the king crosses (it lands on king_to)
    i8     orient[15 * 2][15 * 2]{}; // [df+14][dr+14]: orientation of a line, or -1
    // Slider attacks along a 14-cell line from position p, blockers included, by the occupancy
    // of the 12 inner cells (the end cells never block anything beyond them).
    u16 ride[14][4096]{};
};

inline constexpr int kDirs[8][2]
    = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { -1, 1 }, { 0, -1 }, { -1, 0 }, { -1, -1 }, { 1, -1 } };

constexpr int line_id(int o, int f, int r) {
    return o == 0 ? r : o == 1 ? f : o == 2 ? f - r + 13 : f + r;
}
constexpr int line_pos(int o, int f, int r) { return o == 1 ? r : f; }

constexpr Tables build_tables() {
    Tables t{};
    auto   step = [](Square s, int df, int dr) -> Square {
        int f = file_of(s) + df, r = rank_of(s) + dr;
        return Cross14::on_board(f, r) ? sq(f, r) : NoSquare;
    };
    for (int o = 0; o < 4; ++o)
        for (int id = 0; id < 27; ++id)
            for (int p = 0; p < 16; ++p) t.lsq[o][id][p] = NoSquare;
    for (int df = -14; df <= 14; ++df)
        for (int dr = -14; dr <= 14; ++dr)
            t.orient[df + 14][dr + 14] = (df == 0 && dr == 0) ? -1
                : dr == 0                                     ? 0
                : df == 0                                     ? 1
                : df == dr                                    ? 2
                : df == -dr                                   ? 3
                                                              : -1;
    for (Square s = 0; s < Squares; ++s) {
        if (!on_board(s)) continue;
        int f = file_of(s), r = rank_of(s);
        set(t.board, s);
        for (int o = 0; o < 4; ++o) {
            int id = line_id(o, f, r), p = line_pos(o, f, r);
            t.sl[s].id[o]   = u8(id);
            t.sl[s].pos[o]  = u8(p);
            t.lsq[o][id][p] = s;
            set(t.line_bb[o][id], s);
        }
        for (int d = 0; d < 8; ++d)
            for (Square x = step(s, kDirs[d][0], kDirs[d][1]); x != NoSquare;
                 x        = step(x, kDirs[d][0], kDirs[d][1]))
                set(t.ray[d][s], x);
        for (int df = -2; df <= 2; ++df)
            for (int dr = -2; dr <= 2; ++dr) {
                Square x = step(s, df, dr);
                if (x == NoSquare) continue;
                if (df * df + dr * dr == 5) set(t.knight[s], x);
                if ((df || dr) && df * df <= 1 && dr * dr <= 1) set(t.king[s], x);
            }
    }
    // Segments: the run of on-board squares of a line around each square, stopping at holes.
    // Orientation o's line through s runs along direction kDirs[d] with d = 1, 0, 2, 3.
    constexpr int line_dir[4] = { 1, 0, 2, 3 };
    for (Square s = 0; s < Squares; ++s) {
        if (!on_board(s)) continue;
        for (int o = 0; o < 4; ++o) {
            int d    = line_dir[o];
            u16 mask = u16(1u << t.sl[s].pos[o]);
            for (int sign : { 1, -1 })
                for (Square x = step(s, sign * kDirs[d][0], sign * kDirs[d][1]); x != NoSquare;
                     x        = step(x, sign * kDirs[d][0], sign * kDirs[d][1]))
                    mask |= u16(1u << t.sl[x].pos[o]);
            t.sl[s].seg[o] = mask;
        }
        for (int d = 0; d < 8; ++d) t.queen[s] |= t.ray[d][s];
    }
    for (int p = 0; p < 14; ++p)
        for (u32 inner = 0; inner < 4096; ++inner) {
            // The nearest blockers above and below p, by bit tricks (few constexpr steps).
            u32 occ = inner << 1, above = ~((2u << p) - 1) & 0x3FFF, below = (1u << p) - 1;
            u32 a = occ & above, b = occ & below;
            u32 up           = ((a & (0u - a)) * 2 - 1) & above;
            u32 hb           = 1u << (31 - std::countl_zero(b | 1));
            u32 down         = below & ~(hb - 1);
            t.ride[p][inner] = u16(up | down);
        }
    for (Seat a = 0; a < 4; ++a) {
        const int fdf = kForward[a][0], fdr = kForward[a][1];
        for (Square s = 0; s < Squares; ++s) {
            t.pawn_double[a][s] = NoSquare;
            if (!on_board(s)) continue;
            if (in_home(a, s)) set(t.home[a], s);
            if (on_promotion_line(a, s)) set(t.promo[a], s);
            if (depth(a, s) == 2) set(t.third[a], s);
            if (depth(a, s) == 1) set(t.start[a], s);
            if (in_home(a, s)) {
                if (Square x = step(s, fdf, fdr); x != NoSquare) {
                    set(t.pawn_quiet[a][s], x);
                    if (on_start_line(a, s))
                        if (Square y = step(x, fdf, fdr); y != NoSquare) t.pawn_double[a][s] = y;
                }
                // Forward diagonals: forward plus either perpendicular step.
                for (int side : { 1, -1 })
                    if (Square x = step(s, fdf + side * fdr, fdr + side * fdf); x != NoSquare)
                        set(t.pawn_cap[a][s], x);
            } else {
                for (int d = 0; d < 8; ++d) {
                    Square x = step(s, kDirs[d][0], kDirs[d][1]);
                    if (x == NoSquare || in_home(a, x)) continue; // never re-enters its home
                    set(d == 0 || d == 1 || d == 4 || d == 5 ? t.pawn_quiet[a][s]
                                                             : t.pawn_cap[a][s],
                        x);
                }
            }
        }
        for (Square s = 0; s < Squares; ++s)
            for (Square x : squares(t.pawn_cap[a][s])) set(t.pawn_rev[a][x], s);
        for (int side = 0; side < 2; ++side) {
            const CastlingGeometry& g = kCastling[a][side];
            t.castle_mask[g.king_from] |= castling_bits(a);
            t.castle_mask[g.rook_from] |= castling_bit(a, side);
            int d = 0;
            for (; d < 8; ++d) {
                Square x = step(g.king_from, kDirs[d][0], kDirs[d][1]);
                Square y = x == NoSquare ? NoSquare : step(x, kDirs[d][0], kDirs[d][1]);
                if (y == g.king_to) break;
            }
            t.castle_cross[a][side] = step(g.king_from, kDirs[d][0], kDirs[d][1]);
            for (Square x = t.castle_cross[a][side]; x != g.rook_from;
                 x        = step(x, kDirs[d][0], kDirs[d][1]))
                set(t.castle_path[a][side], x);
        }
    }
    return t;
}

} // namespace citadel::fk
