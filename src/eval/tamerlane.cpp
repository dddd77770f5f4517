// The Tamerlane evaluation (tamerlane.h). Pieces are walked once per side: material, placement,
// mobility (Position::moves_of) and the attacks on the enemy royal's neighbourhood together.
#include "eval/tamerlane.h"

#include <algorithm>
#include <cstdlib>

#include "core/attacks.h"

namespace citadel::eval {
namespace {

using G  = TamerlaneBoard;
using BB = G::Bitboard;
using tamerlane::Cells;
using tamerlane::Files;
using tamerlane::Ranks;

struct TamerlaneMasks {
    BB  adjacent[Files]{}, file[Files]{};
    BB  rect{}; // the 110 squares of the rectangle
    BB  doors[2]{}; // beside Black's citadel z9 (a8-a10), beside White's l2 (k1-k3)
    BB  passed[2][Cells]{}; // own and adjacent files strictly ahead
    BB  ahead[2][Cells]{}; // own file strictly ahead
    int centrality[Cells]{};

    constexpr TamerlaneMasks() {
        for (int s = 0; s < Cells; ++s) {
            file[s % Files] |= bit<BB>(Square(s));
            rect |= bit<BB>(Square(s));
        }
        for (int r = 0; r < 3; ++r) {
            doors[0] |= bit<BB>(G::square(0, Ranks - 3 + r));
            doors[1] |= bit<BB>(G::square(Files - 1, r));
        }
        for (int f = 0; f < Files; ++f)
            adjacent[f] = (f > 0 ? file[f - 1] : BB{}) | (f + 1 < Files ? file[f + 1] : BB{});
        for (int s = 0; s < Cells; ++s) {
            int f = s % Files, r = s / Files;
            centrality[s] = std::min(f, Files - 1 - f) + std::min(r, Ranks - 1 - r);
            for (int t = 0; t < Cells; ++t) {
                int df = t % Files - f, dr = t / Files - r;
                if (df < -1 || df > 1) continue;
                BB b = bit<BB>(Square(t));
                if (dr > 0) passed[White][s] |= b, ahead[White][s] |= df == 0 ? b : BB{};
                if (dr < 0) passed[Black][s] |= b, ahead[Black][s] |= df == 0 ? b : BB{};
            }
        }
    }
};
inline constexpr TamerlaneMasks kMasks{};

constexpr int relative_rank(Seat c, Square s) {
    return c == White ? s / Files : Ranks - 1 - s / Files;
}

int distance(Square a, Square b) {
    return std::max(std::abs(a % Files - b % Files), std::abs(a / Files - b / Files));
}

// The squares one king step from a square of b, b included (the rectangle only: the citadels
// are entered by the caller).
BB king_spread(BB b) {
    const auto& M = kMasks;
    const BB    h = b | shift_by(b & ~M.file[Files - 1], 1) | shift_by(b & ~M.file[0], -1);
    return (h | shift_by(h, Files) | shift_by(h, -Files)) & M.rect;
}

// Steps the senior royal of c needs to stand in the enemy citadel (which must be empty), or a
// large number when more than w.citadel_draw_reach. The royal walks by king steps to a door (a
// square beside the citadel) and in; a square the enemy guards costs w.citadel_square_guarded
// steps more, for the royal cannot stand there until the guard is driven off or gone. So a rook
// on the doors' file or a wall of guarded squares keeps out even a royal that stands near.
int citadel_steps(const Position<Tamerlane>& pos, Seat c, BB guarded, const TamerlaneWeights& w) {
    constexpr int Far     = 99;
    const Square  citadel = tamerlane::enemy_citadel(c);
    if (pos.piece_on(citadel)) return Far;
    Square r = lsb(pos.pieces(c, pos.senior_royal(c)));
    if (r == NoSquare || r >= Cells) return Far;
    const BB  doors = kMasks.doors[citadel == tamerlane::BlackCitadel ? 0 : 1];
    const int reach = std::min(w.citadel_draw_reach, 15),
              toll  = std::max(w.citadel_square_guarded, 0);
    // Cheap first: the middle door (at most one step farther than the nearest) out of reach.
    if (distance(r, Square(lsb(doors) + Files)) > reach) return Far;
    // within[k]: the squares the royal reaches in k steps or fewer.
    BB within[16];
    within[0] = bit<BB>(r);
    for (int k = 0; k < reach; ++k) {
        if (any(within[k] & doors)) return k + 1;
        if (k + 1 == reach) break;
        BB next = within[k] | (king_spread(within[k]) & ~guarded);
        if (k >= toll) next |= king_spread(within[k - toll]) & guarded;
        within[k + 1] = next;
    }
    return Far;
}

} // namespace

int tamerlane_value(PieceType t, const TamerlaneWeights& w) {
    switch (u8(t)) {
    case General:
        return w.general;
    case Vizier:
        return w.vizier;
    case Giraffe:
        return w.giraffe;
    case Picket:
        return w.picket;
    case Knight:
        return w.knight;
    case Rook:
        return w.rook;
    case Elephant:
        return w.elephant;
    case Camel:
        return w.camel;
    case WarEngine:
        return w.war_engine;
    case King:
    case Prince:
    case AdventitiousKing:
        return w.royal_extra;
    default:
        break;
    }
    if (!tamerlane::is_pawn(t)) return 0;
    int target = t == PawnOfPawns ? w.pawn_of_pawns_target
                                  : tamerlane_value(tamerlane::promotion_of(t), w);
    return w.pawn + target * w.pawn_promo_share / 1000;
}

int evaluate_white(const Position<Tamerlane>& pos, const TamerlaneWeights& w) {
    const auto& A         = kAttacks<G>;
    const auto& M         = kMasks;
    const BB    occ       = pos.pieces();
    int         side[2]   = { 0, 0 };
    int         units[2]  = { 0, 0 }; // attacks on the neighbourhood of seat's lone royal
    int         pieces[2] = { 0, 0 }; // pieces that are neither pawns nor royals
    BB          zone[2]{};
    BB          guards[2]{}; // the squares each seat attacks (the citadel's way in)
    for (Seat c : { White, Black })
        if (pos.royal_count(c) == 1) {
            Square r = lsb(pos.royals(c));
            if (r < Cells) zone[c] = A.leap[King][r] | bit<BB>(r);
        }

    for (Seat c : { White, Black }) {
        const Seat   them = c ^ 1;
        const BB     own = pos.pieces(c), own_pawns = pos.pawns(c), their_pawns = pos.pawns(them);
        int&         v       = side[c];
        const Square waiting = pos.waiting_pawn(c);
        for (Square s : squares(own)) {
            const PieceType t = type_of(pos.piece_on(s));
            if (tamerlane::is_royal(t)) continue; // counted below, by number
            if (tamerlane::is_pawn(t)) {
                if (s == waiting) {
                    v += w.waiting_pawn + w.pawn_of_pawns_arrival * pos.arrivals(c);
                    continue;
                }
                const int rel = relative_rank(c, s) - 2, q = rel * rel; // 0 on the start rank
                const int f      = s % Files;
                int       target = t == PawnOfPawns ? w.pawn_of_pawns_target
                                                    : tamerlane_value(tamerlane::promotion_of(t), w);
                v += tamerlane_value(t, w)
                    + (w.pawn_advance + target * w.pawn_promo_advance / 1000) * q / 4;
                if (t == PawnOfPawns) v += w.pawn_of_pawns_arrival * pos.arrivals(c);
                if (!any(own_pawns & M.adjacent[f])) v -= w.isolated;
                if (any(own_pawns & M.ahead[c][s])) v -= w.doubled;
                if (!any(their_pawns & M.passed[c][s])) v += w.passed + w.passed_rank * q;
                units[them] += popcount(A.pawn_attack[c][s] & zone[them]);
                guards[c] |= A.pawn_attack[c][s];
                continue;
            }
            const BB  moves = pos.moves_of(t, s, occ);
            const int mob   = popcount(moves & ~own);
            units[them] += popcount(moves & zone[them]);
            guards[c] |= moves;
            v += tamerlane_value(t, w);
            ++pieces[c];
            switch (u8(t)) {
            case Rook:
                v += w.rook_mobility * mob;
                break;
            case Picket:
                v += w.picket_mobility * mob;
                break;
            case Giraffe:
                v += w.giraffe_mobility * mob;
                break;
            default:
                v += w.leaper_mobility * mob + w.center * M.centrality[s];
                break;
            }
        }

        // Royals: every royal beyond the first is insurance (check binds only a lone royal) and
        // a piece in its own right; a lone royal must be kept safe.
        const int royals = pos.royal_count(c);
        v += w.royal_extra * (royals - 1);
        if (pos.may_swap(c)) v += w.swap_right;
        if (test(pos.pieces(c, AdventitiousKing), tamerlane::own_citadel(c))) v += w.citadel_refuge;
        for (Square r : squares(pos.royals(c)))
            if (r < Cells) guards[c] |= A.leap[King][r];
        if (royals == 1) {
            Square r = lsb(pos.royals(c));
            if (r < Cells) {
                const BB shield = A.leap[King][r] & own_pawns;
                v += w.king_shield * popcount(shield);
            }
        }
    }
    for (Seat c : { White, Black }) {
        int u = std::min(units[c], 20);
        side[c] -= w.king_attack * u * u / 32;
        if (pos.royal_count(c) > 1) {
            // Extra royals may be taken like any piece: each attacked one is en prise.
            BB attacked = pos.royals(c) & pos.attack_map(Seat(c ^ 1), occ);
            side[c] -= w.royal_attacked * popcount(attacked);
        }
    }
    int val = side[White] - side[Black];

    // Trading down: each piece the side behind has lost makes its lead count for more, so the side
    // ahead trades pieces (fewer defenders to swap the king onto or to give up for the guards).
    const Seat    behind      = val < 0 ? White : Black;
    constexpr int StartPieces = 16; // rooks to war engines, two of each but one general, one vizier
    val += val * std::max(StartPieces - pieces[behind], 0) * w.trade_down / 1024;

    // The citadel: a side that is behind and whose senior royal can reach the enemy citadel in a
    // few steps holds a draw there; the closer, the nearer the score is to 0.
    const int steps = citadel_steps(pos, behind, guards[behind ^ 1], w);
    if (val != 0 && steps <= w.citadel_draw_reach) val = val * steps / (w.citadel_draw_reach + 1);
    return val;
}

} // namespace citadel::eval
