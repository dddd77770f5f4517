// The Four Kingdoms evaluation: one pass over the mailbox per seat, plus the attackers of the
// squares around each king. Weights are first guesses checked by self-play (bench/fk_match).
#include "eval/fourkingdoms.h"

#include <algorithm>
#include <cstdlib>

namespace citadel::eval::fourkingdoms {
namespace {

constexpr int kSteps[8][2]
    = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
constexpr int kKnight[8][2]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };

Square offset(Square s, int df, int dr) {
    int f = fk::file_of(s) + df, r = fk::rank_of(s) + dr;
    if (f < 0 || f > 13 || r < 0 || r > 13 || !Cross14::on_board(f, r)) return NoSquare;
    return fk::sq(f, r);
}

// Whether the piece on `s` is one `s`'s mover may not take: its own or an ally's.
bool friendly(const fk::Board& b, Seat us, Square s) {
    Piece p = b.piece_on(s);
    return p && (b.commander(Seat(p >> 5)) == us || b.allied(us, b.commander(Seat(p >> 5))));
}

int reach(const fk::Board& b, Seat us, Square from, PieceType t) {
    int n = 0;
    if (t == Knight) {
        for (auto& d : kKnight) {
            Square to = offset(from, d[0], d[1]);
            n += to != NoSquare && !friendly(b, us, to);
        }
        return n;
    }
    int first = t == Bishop ? 4 : 0, last = t == Rook ? 4 : 8;
    for (int i = first; i < last; ++i)
        for (Square to = offset(from, kSteps[i][0], kSteps[i][1]); to != NoSquare;
             to        = offset(to, kSteps[i][0], kSteps[i][1])) {
            if (friendly(b, us, to)) break;
            ++n;
            if (b.piece_on(to)) break;
        }
    return n;
}

} // namespace

Terms terms(const fk::Board& b, Seat s, const Weights& w) {
    Terms t;
    if (!b.in_game(s)) return t;
    const u8 armies = b.state()->c.armies_of[s];
    for (Seat a = 0; a < 4; ++a) {
        if (!(armies & fk::seat_bit(a))) continue;
        const fk::BB& mine = b.army(a);
        if (a != s && mine != fk::BB{}) t.command += w.absorbed_army;
        for (Square sq = 0; sq < fk::Squares; ++sq) {
            Piece p = b.piece_on(sq);
            if (!p || Seat(p >> 5) != a) continue;
            PieceType type = type_of(p);
            t.material += kMaterial[type];
            if (type == Pawn) {
                int d = fk::depth(a, sq);
                if (d > 2) t.pawns += w.pawn_step * (d - 2);
                if (d >= 10) t.pawns += w.pawn_near * (d - 9);
            } else if (type != King)
                t.mobility += w.mobility[type] * reach(b, s, sq, type);
        }
    }
    const Square king = b.king_square(s);
    if (king != NoSquare) {
        const u8     enemies = b.state()->c.enemies_of[s];
        const fk::BB rq = b.pieces(Rook) | b.pieces(Queen), bq = b.pieces(Bishop) | b.pieces(Queen);
        for (int i = -1; i < 8; ++i) {
            Square around = i < 0 ? king : offset(king, kSteps[i][0], kSteps[i][1]);
            if (around == NoSquare) continue;
            const fk::BB att = b.attackers(around, enemies);
            t.king_safety -= w.king_attack * popcount(att);
            if (i >= 0 && friendly(b, s, around)) t.king_safety += w.shelter;
            // A contact check threatened: an enemy slider can step next to the king with check
            // (a player in check must answer first, out of turn).
            if (i >= 0 && !b.piece_on(around) && popcount(att & (i < 4 ? rq : bq)) > 0)
                t.check -= w.check_threat;
        }
        // A king with little left around it is mated sooner: its flight squares count, and a
        // bare king is driven to the edge (what lets the search finish a won ending).
        if (t.material < w.endgame) {
            int flights = 0;
            for (auto& d : kSteps) {
                Square to = offset(king, d[0], d[1]);
                flights += to != NoSquare && !friendly(b, s, to)
                    && popcount(b.attackers(to, enemies)) == 0;
            }
            int centre = std::max(std::abs(2 * fk::file_of(king) - 13),
                             std::abs(2 * fk::rank_of(king) - 13))
                / 2;
            t.king_safety -= w.flight * (8 - flights) + w.edge * centre;
        }
    }
    if (b.in_check(s)) t.check -= w.in_check;
    return t;
}

std::array<int, 4> strengths(const fk::Board& b, const Weights& w) {
    std::array<int, 4> out{};
    for (Seat s = 0; s < 4; ++s) out[s] = terms(b, s, w).total();
    return out;
}

} // namespace citadel::eval::fourkingdoms
