// The pawn race evaluation (pawnrace.h).
#include "eval/pawnrace.h"

namespace citadel::eval {
namespace {

using G = Board8x8;

struct RaceMasks {
    u64 file[8]{}, adjacent[8]{};
    u64 passed[2][64]{}; // enemy pawns here can stop or take the pawn
    u64 ahead[2][64]{}; // the pawn's own path

    constexpr RaceMasks() {
        for (int s = 0; s < 64; ++s) file[s % 8] |= u64(1) << s;
        for (int f = 0; f < 8; ++f)
            adjacent[f] = (f > 0 ? file[f - 1] : 0) | (f < 7 ? file[f + 1] : 0);
        for (int s = 0; s < 64; ++s)
            for (int t = 0; t < 64; ++t) {
                int df = t % 8 - s % 8, dr = t / 8 - s / 8;
                if (df < -1 || df > 1) continue;
                u64 b = u64(1) << t;
                if (dr > 0) passed[White][s] |= b, ahead[White][s] |= df == 0 ? b : 0;
                if (dr < 0) passed[Black][s] |= b, ahead[Black][s] |= df == 0 ? b : 0;
            }
    }
};
inline constexpr RaceMasks kRace{};

constexpr int relative_rank(Seat c, Square s) { return c == White ? s / 8 : 7 - s / 8; }

// Moves the pawn on s (relative rank rr, path empty) needs: one per rank, the double step saves
// one.
constexpr int steps_to_promote(int rr) { return rr == 1 ? 5 : 7 - rr; }

} // namespace

int race_distance(const Position<PawnRace>& pos, Seat c) {
    const u64 all = pos.pieces(), theirs = pos.pieces(Seat(c ^ 1), Pawn);
    int       best = -1;
    for (u64 b = pos.pieces(c, Pawn); b;) {
        Square s = pop_lsb(b);
        if ((kRace.ahead[c][s] & all) || (kRace.passed[c][s] & theirs)) continue;
        int d = steps_to_promote(relative_rank(c, s));
        if (best < 0 || d < best) best = d;
    }
    return best;
}

int evaluate_mover(const Position<PawnRace>& pos, const PawnRaceWeights& w) {
    const Seat us = pos.side_to_move(), them = us ^ 1;
    const u64  all      = pos.pieces();
    int        score[2] = { 0, 0 };
    int        spare[2] = { 0, 0 }; // pushes of a side's own (towards its own pawn or the edge)
    int        shared   = 0; // pushes into the gaps between facing pawns, either side's
    bool       contact  = false; // some pawn can take another
    for (Seat c : { White, Black }) {
        const u64 own = pos.pieces(c, Pawn), theirs = pos.pieces(Seat(c ^ 1), Pawn);
        int       mobile = 0;
        for (u64 b = own; b;) {
            Square s  = pop_lsb(b);
            int    rr = relative_rank(c, s), f = s % 8;
            int    q = (rr - 1) * (rr - 1);
            int&   v = score[c];
            if (rr == 7) { // the race is over (the search sees the win; keep the step finite)
                v += 2 * w.race_win;
                continue;
            }
            // Advance counts only while the file ahead holds no enemy pawn: a rammed pawn gets
            // on only by a capture, and a locked race is decided by the spare moves below.
            v += w.pawn + (theirs & kRace.ahead[c][s] ? 0 : w.advance * q);
            if (!(own & kRace.adjacent[f])) v -= w.isolated;
            if (own & kRace.ahead[c][s]) v -= w.doubled;
            if (!(theirs & kRace.passed[c][s])) v += w.passed + w.passed_rank * q;
            Square stop     = Square(c == White ? s + 8 : s - 8);
            bool   can_push = !(all & (u64(1) << stop));
            if (!can_push && (theirs & (u64(1) << stop))) v -= w.blocked;
            bool can_take = kAttacks<G>.pawn_attack[c][s] & theirs;
            mobile += can_push || can_take;
            contact |= can_take;
            int    gap = 0;
            Square t   = s;
            while (relative_rank(c, t) < 7) {
                t = Square(c == White ? t + 8 : t - 8);
                if (all & (u64(1) << t)) break;
                ++gap;
            }
            if (!(theirs & (u64(1) << t)))
                spare[c] += gap;
            else if (c == White)
                shared += gap; // a facing pair's gap, counted once
        }
        score[c] += w.mobile * mobile;
        if (mobile == 0) score[c] -= w.no_moves;
    }
    int val = score[us] - score[them] + w.tempo;

    // The race: the side to move arrives first on equal counts.
    int mine = race_distance(pos, us), yours = race_distance(pos, them);
    if (mine >= 0 && (yours < 0 || mine <= yours))
        val += w.race_win + w.race_margin * ((yours < 0 ? 8 : yours) - mine);
    else if (yours >= 0)
        val -= w.race_win + w.race_margin * ((mine < 0 ? 8 : mine) - yours);
    else if (!contact) {
        // A locked race with no capture in sight: the first side without a move on its turn
        // loses. Both spend the shared gaps first (a push there takes one from the opponent
        // too), then their own pushes: the mover wins when its own pushes, plus one if the
        // shared count is odd, exceed the opponent's.
        val += spare[us] + shared % 2 > spare[them] ? w.zugzwang : -w.zugzwang;
    }
    return val;
}

} // namespace citadel::eval
