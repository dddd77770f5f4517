// The orthodox evaluation (orthodox.h): written once over the geometry, with the terms that
// are the same for chess and Silverman; only the weights (weights_orthodox.h) differ.
#include "eval/orthodox.h"

#include <algorithm>
#include <cstdlib>

namespace citadel::eval {
namespace {

// Board functions built at compile time for geometry G (one-word boards).
template <class G> struct Masks {
    static constexpr int F = G::Files, R = G::Ranks;
    u64                  board = 0;
    u64                  file[F]{};
    u64                  adjacent[F]{}; // the files either side
    u64                  rank[R]{};
    u64                  passed[2][F * R]{}; // own and adjacent files, strictly ahead
    u64                  ahead[2][F * R]{}; // own file, strictly ahead
    u64 shield[2][F * R]{}; // a king's pawn shield: one and two ranks ahead, files within one
    u64 light = 0; // the squares of a1's opposite colour
    int centrality[F * R]{}; // steps from the edge, by file plus by rank (0 in a corner)

    constexpr Masks() {
        for (int s = 0; s < F * R; ++s) board |= u64(1) << s;
        for (int f = 0; f < F; ++f)
            for (int r = 0; r < R; ++r) {
                file[f] |= u64(1) << (r * F + f);
                rank[r] |= u64(1) << (r * F + f);
            }
        for (int f = 0; f < F; ++f)
            adjacent[f] = (f > 0 ? file[f - 1] : 0) | (f + 1 < F ? file[f + 1] : 0);
        for (int s = 0; s < F * R; ++s) {
            int f = s % F, r = s / F;
            centrality[s] = std::min(f, F - 1 - f) + std::min(r, R - 1 - r);
            if ((f + r) % 2) light |= u64(1) << s;
            for (int r2 = 0; r2 < R; ++r2)
                for (int f2 = std::max(0, f - 1); f2 <= std::min(F - 1, f + 1); ++f2) {
                    u64 b = u64(1) << (r2 * F + f2);
                    if (r2 > r) passed[White][s] |= b;
                    if (r2 < r) passed[Black][s] |= b;
                    if (r2 > r && f2 == f) ahead[White][s] |= b;
                    if (r2 < r && f2 == f) ahead[Black][s] |= b;
                    if (r2 - r >= 1 && r2 - r <= 2) shield[White][s] |= b;
                    if (r - r2 >= 1 && r - r2 <= 2) shield[Black][s] |= b;
                }
        }
    }
};
template <class G> inline constexpr Masks<G> kMasks{};

template <class G> constexpr int relative_rank(Seat c, Square s) {
    return c == White ? G::rank_of(s) : G::Ranks - 1 - G::rank_of(s);
}
template <class G> constexpr int distance(Square a, Square b) {
    return std::max(
        std::abs(G::file_of(a) - G::file_of(b)), std::abs(G::rank_of(a) - G::rank_of(b)));
}

// The square in front of sq from c's side (its stop square, for a pawn), as a board; empty
// beyond the last rank.
template <class V> constexpr u64 in_front(Seat c, Square sq) {
    return shift_by(u64(1) << sq, Position<V>::forward(c)) & kMasks<typename V::Geometry>.board;
}

// All squares the pawns of c attack.
template <class G> u64 pawn_attacks(Seat c, u64 pawns) {
    const auto&   M    = kMasks<G>;
    constexpr int F    = G::Files;
    u64           left = pawns & ~M.file[0], right = pawns & ~M.file[F - 1];
    u64           a = c == White ? (left << (F - 1)) | (right << (F + 1))
                                 : (left >> (F + 1)) | (right >> (F - 1));
    return a & M.board;
}

// Middlegame and endgame sums, White's point of view.
struct Sums {
    int  mg = 0, eg = 0;
    void add(int sign, int m, int e) { mg += sign * m, eg += sign * e; }
};

// The piece-square tables' weights, [piece type - Pawn][middlegame, endgame][index].
#define CITADEL_PSQ_POINTER(name) &OrthodoxWeights::name,
#define CITADEL_PSQ_PAIR(t)                                                                        \
    {                                                                                              \
        { CITADEL_PSQ32(CITADEL_PSQ_POINTER, psq_##t##_mg) }, {                                    \
            CITADEL_PSQ32(CITADEL_PSQ_POINTER, psq_##t##_eg)                                       \
        }                                                                                          \
    }
constexpr int OrthodoxWeights::*kPsq[6][2][32]
    = { CITADEL_PSQ_PAIR(pawn), CITADEL_PSQ_PAIR(knight), CITADEL_PSQ_PAIR(bishop),
          CITADEL_PSQ_PAIR(rook), CITADEL_PSQ_PAIR(queen), CITADEL_PSQ_PAIR(king) };
#undef CITADEL_PSQ_PAIR

// The mobility tables' weights, [middlegame, endgame][squares reached].
#define CITADEL_MOB_PAIR(seq, t)                                                                   \
    {                                                                                              \
        { seq(CITADEL_PSQ_POINTER, mob_##t##_mg) }, { seq(CITADEL_PSQ_POINTER, mob_##t##_eg) }     \
    }
constexpr int OrthodoxWeights::*kKnightMobility[2][9]  = CITADEL_MOB_PAIR(CITADEL_SEQ9, knight);
constexpr int OrthodoxWeights::*kBishopMobility[2][14] = CITADEL_MOB_PAIR(CITADEL_SEQ14, bishop);
constexpr int OrthodoxWeights::*kRookMobility[2][15]   = CITADEL_MOB_PAIR(CITADEL_SEQ15, rook);
constexpr int OrthodoxWeights::*kQueenMobility[2][28]  = CITADEL_MOB_PAIR(CITADEL_SEQ28, queen);
#undef CITADEL_MOB_PAIR
#undef CITADEL_PSQ_POINTER

// A piece's mobility: its table's entries for the number of squares it reaches.
template <size_t N>
void add_mobility(Sums& s, int sign, const OrthodoxWeights& w,
    int OrthodoxWeights::*const (&table)[2][N], int reached) {
    s.add(sign, w.*table[0][reached], w.*table[1][reached]);
}

// A piece of type t and seat c on sq: its piece-square value (the board's halves mirror).
template <class G>
void add_psq(Sums& s, int sign, const OrthodoxWeights& w, PieceType t, Seat c, Square sq) {
    const int f = G::file_of(sq), i = relative_rank<G>(c, sq) * 4 + std::min(f, G::Files - 1 - f);
    s.add(sign, w.*kPsq[t - Pawn][0][i], w.*kPsq[t - Pawn][1][i]);
}

// The king's shelter and the pawn storm against it (middlegame): on the king's file and the
// files beside it, the own pawn nearest the king ahead of it and the enemy pawn nearest ahead.
// Tables by rank, not by distance from the king: a king that has left its first ranks gets
// little shelter from its pawns.
template <class G>
int shelter_and_storm(u64 own_pawns, u64 their_pawns, Seat c, Square k, const OrthodoxWeights& w) {
    const auto& M  = kMasks<G>;
    const int   kf = G::file_of(k);
    // The relative rank of the pawn of b nearest c's first rank (0: none).
    auto nearest = [&](u64 b) { return b ? relative_rank<G>(c, c == White ? lsb(b) : msb(b)) : 0; };
    int  v       = 0;
    for (int f = std::max(0, kf - 1); f <= std::min(G::Files - 1, kf + 1); ++f) {
        const u64 ahead  = M.file[f] & M.passed[c][k]; // the ranks above the king's
        const int shield = nearest(own_pawns & ahead), storm = nearest(their_pawns & ahead);
        v += shield == 1  ? w.shelter_2_mg
            : shield == 2 ? w.shelter_3_mg
            : shield == 3 ? w.shelter_4_mg
                          : w.shelter_none_mg; // none, or one too far up to shelter it
        v += storm == 2 ? w.storm_3_mg : storm == 3 ? w.storm_4_mg : storm == 4 ? w.storm_5_mg : 0;
    }
    return v;
}

template <class V> int evaluate_orthodox(const Position<V>& pos, const OrthodoxWeights& w) {
    using G                = typename V::Geometry;
    const auto&   A        = kAttacks<G>;
    const auto&   M        = kMasks<G>;
    constexpr int R        = G::Ranks;
    constexpr int PhaseMax = G::Files < 8 ? 16 : 24; // N, B 1; R 2; Q 4 for both sides at the start

    const u64 occ = pos.pieces();
    Sums      s;
    int       phase      = 0;
    int       npm[2]     = { 0, 0 }; // non-pawn material (endgame values), for the drawish scaling
    u64       attacks[2] = { 0, 0 };
    u64       minor_att[2] = { 0, 0 }, rook_att[2] = { 0, 0 };
    u64       knight_att[2] = { 0, 0 }, bishop_att[2] = { 0, 0 }, queen_att[2] = { 0, 0 };
    u64       pawn_att[2]   = { pawn_attacks<G>(White, pos.pieces(White, Pawn)),
                pawn_attacks<G>(Black, pos.pieces(Black, Pawn)) };
    int       king_units[2] = { 0, 0 }; // attack units against seat's king zone
    int       attackers[2]  = { 0, 0 }; // the danger_attacker_* weights of the pieces doing so
    u64       passers[2]    = { 0, 0 };
    Square    ksq[2]        = { pos.king_square(White), pos.king_square(Black) };
    u64       zone[2]
        = { A.leap[King][ksq[0]] | (u64(1) << ksq[0]), A.leap[King][ksq[1]] | (u64(1) << ksq[1]) };

    for (Seat c : { White, Black }) {
        const int  sign      = c == White ? 1 : -1;
        const Seat them      = c ^ 1;
        const u64  own_pawns = pos.pieces(c, Pawn), their_pawns = pos.pieces(them, Pawn);
        const u64  area = ~pos.pieces(c) & ~pawn_att[them] & M.board;
        attacks[c] |= pawn_att[c];
        // An outpost: in the enemy half, defended by a pawn, and no enemy pawn can ever chase
        // the piece away (none on the files beside it ahead).
        auto outpost = [&](Square sq) {
            int rr = relative_rank<G>(c, sq);
            return rr >= R / 2 - 1 && rr < R - 2 && (pawn_att[c] & (u64(1) << sq))
                && !(their_pawns & M.passed[c][sq] & M.adjacent[G::file_of(sq)]);
        };

        for (u64 b = own_pawns; b;) {
            Square sq = pop_lsb(b);
            int    rr = relative_rank<G>(c, sq), f = G::file_of(sq);
            s.add(sign, w.pawn_mg + w.pawn_advance_mg * (rr - 1),
                w.pawn_eg + w.pawn_advance_eg * (rr - 1));
            s.mg += sign * w.pawn_center_mg * std::min(f, G::Files - 1 - f);
            add_psq<G>(s, sign, w, Pawn, c, sq);
            if (!(own_pawns & M.adjacent[f])) s.add(sign, -w.isolated_mg, -w.isolated_eg);
            if (own_pawns & M.ahead[c][sq]) s.add(sign, -w.doubled_mg, -w.doubled_eg);
            // Connected: defended by a pawn, or beside one; worth more the further it stands.
            const u64 beside = own_pawns & M.adjacent[f] & M.rank[G::rank_of(sq)];
            if ((pawn_att[c] & (u64(1) << sq)) || beside)
                s.add(sign, w.connected_mg * rr, w.connected_eg * rr);
            if (!(their_pawns & M.passed[c][sq])) {
                passers[c] |= u64(1) << sq;
                int q = (rr - 1) * (rr - 1);
                s.add(sign, w.passed_mg + w.passed_rank_mg * q, w.passed_eg + w.passed_rank_eg * q);
                Square promo = G::square(f, c == White ? R - 1 : 0);
                s.eg += sign * w.passed_king_eg
                    * (distance<G>(ksq[them], promo) - distance<G>(ksq[c], promo));
                if (occ & in_front<V>(c, sq)) s.eg -= sign * w.passed_blocked_eg * rr;
            }
        }
        if constexpr (V::Pieces & piece_set(Knight)) {
            for (u64 b = pos.pieces(c, Knight); b;) {
                Square sq = pop_lsb(b);
                u64    a  = A.leap[Knight][sq];
                attacks[c] |= a, minor_att[c] |= a, knight_att[c] |= a;
                king_units[them] += 2 * popcount(a & zone[them]);
                if (a & zone[them]) attackers[them] += w.danger_attacker_knight;
                add_mobility(s, sign, w, kKnightMobility, popcount(a & area));
                add_psq<G>(s, sign, w, Knight, c, sq);
                if (outpost(sq)) s.add(sign, w.knight_outpost_mg, w.knight_outpost_eg);
                s.add(sign, w.knight_mg + w.knight_center_mg * M.centrality[sq],
                    w.knight_eg + w.knight_center_eg * M.centrality[sq]);
                phase += 1, npm[c] += w.knight_eg;
            }
        }
        if constexpr (V::Pieces & piece_set(Bishop)) {
            u64 bishops = pos.pieces(c, Bishop);
            if (more_than_one(bishops)) s.add(sign, w.bishop_pair_mg, w.bishop_pair_eg);
            for (u64 b = bishops; b;) {
                Square sq = pop_lsb(b);
                u64    a  = A.bishop(sq, occ);
                attacks[c] |= a, minor_att[c] |= a, bishop_att[c] |= a;
                king_units[them] += 2 * popcount(a & zone[them]);
                if (a & zone[them]) attackers[them] += w.danger_attacker_bishop;
                add_mobility(s, sign, w, kBishopMobility, popcount(a & area));
                add_psq<G>(s, sign, w, Bishop, c, sq);
                const u64 colour = (M.light & (u64(1) << sq)) ? M.light : M.board & ~M.light;
                const int same   = popcount(own_pawns & colour);
                s.add(sign, -w.bishop_pawns_mg * same, -w.bishop_pawns_eg * same);
                if (outpost(sq)) s.add(sign, w.bishop_outpost_mg, w.bishop_outpost_eg);
                s.add(sign, w.bishop_mg + w.bishop_center_mg * M.centrality[sq],
                    w.bishop_eg + w.bishop_center_eg * M.centrality[sq]);
                phase += 1, npm[c] += w.bishop_eg;
            }
        }
        for (u64 b = pos.pieces(c, Rook); b;) {
            Square sq = pop_lsb(b);
            u64    a  = A.rook(sq, occ);
            attacks[c] |= a, rook_att[c] |= a;
            king_units[them] += 3 * popcount(a & zone[them]);
            if (a & zone[them]) attackers[them] += w.danger_attacker_rook;
            add_mobility(s, sign, w, kRookMobility, popcount(a & area));
            add_psq<G>(s, sign, w, Rook, c, sq);
            s.add(sign, w.rook_mg, w.rook_eg);
            u64 file = M.file[G::file_of(sq)];
            if (!(file & own_pawns))
                s.add(sign, file & their_pawns ? w.rook_semi_open_mg : w.rook_open_file_mg,
                    file & their_pawns ? w.rook_semi_open_eg : w.rook_open_file_eg);
            if (relative_rank<G>(c, sq) == R - 2) s.add(sign, w.rook_seventh_mg, w.rook_seventh_eg);
            phase += 2, npm[c] += w.rook_eg;
        }
        for (u64 b = pos.pieces(c, Queen); b;) {
            Square sq = pop_lsb(b);
            u64    a  = A.queen(sq, occ);
            attacks[c] |= a, queen_att[c] |= a;
            king_units[them] += 5 * popcount(a & zone[them]);
            if (a & zone[them]) attackers[them] += w.danger_attacker_queen;
            add_mobility(s, sign, w, kQueenMobility, popcount(a & area));
            add_psq<G>(s, sign, w, Queen, c, sq);
            s.add(sign, w.queen_mg + w.queen_center_mg * M.centrality[sq],
                w.queen_eg + w.queen_center_eg * M.centrality[sq]);
            phase += 4, npm[c] += w.queen_eg;
        }
        attacks[c] |= A.leap[King][ksq[c]];
        king_units[them] += popcount(pawn_att[c] & zone[them]);
    }

    // Threats: what the side to move can take next, or must save. Pieces attacked by pawns,
    // rooks and queens attacked by minor pieces, queens by rooks, and attacked pieces nobody
    // defends.
    for (Seat c : { White, Black }) {
        const int  sign   = c == White ? 1 : -1;
        const Seat them   = c ^ 1;
        const u64  men    = pos.pieces(them) & ~pos.pieces(them, King); // pieces and pawns
        const u64  pieces = men & ~pos.pieces(them, Pawn);
        const u64  heavy  = pos.pieces(them, Rook) | pos.pieces(them, Queen);
        int        n      = popcount(pawn_att[c] & pieces);
        s.add(sign, w.threat_by_pawn_mg * n, w.threat_by_pawn_eg * n);
        n = popcount(minor_att[c] & heavy);
        s.add(sign, w.threat_by_minor_mg * n, w.threat_by_minor_eg * n);
        n = popcount(rook_att[c] & pos.pieces(them, Queen));
        s.add(sign, w.threat_by_rook_mg * n, w.threat_by_rook_eg * n);
        n = popcount(attacks[c] & ~attacks[them] & men);
        s.add(sign, w.hanging_mg * n, w.hanging_eg * n);
        // Pawn pushes to squares no enemy pawn attacks and the enemy does not hold alone, from
        // which the pawn would attack a piece.
        const int up   = Position<V>::forward(c);
        u64       push = shift_by(pos.pieces(c, Pawn), up) & ~occ & M.board;
        if constexpr (V::DoubleStep) // on through the third rank, as the move generator does
            push |= shift_by(push & M.rank[c == White ? 2 : R - 3], up) & ~occ;
        push &= ~pawn_att[them] & (attacks[c] | ~attacks[them]);
        n = popcount(pawn_attacks<G>(c, push) & pieces);
        s.add(sign, w.threat_push_mg * n, w.threat_push_eg * n);
    }

    // Passed pawns, now that both sides' attacks are known: the stop square empty and not
    // attacked by the enemy, the whole path so, the stop square defended.
    for (Seat c : { White, Black }) {
        const int  sign = c == White ? 1 : -1;
        const Seat them = c ^ 1;
        for (u64 b = passers[c]; b;) {
            Square    sq = pop_lsb(b);
            int       rr = relative_rank<G>(c, sq), q = (rr - 1) * (rr - 1);
            const u64 path = M.ahead[c][sq];
            const u64 stop = in_front<V>(c, sq);
            if (!(stop & (occ | attacks[them]))) {
                s.add(sign, w.passed_free_mg * q, w.passed_free_eg * q);
                if (!(path & (occ | attacks[them]))) s.eg += sign * w.passed_path_eg * q;
            }
            if (stop & attacks[c]) s.eg += sign * w.passed_supported_eg * q;
        }
    }

    // Kings: placement, shelter, the attacks on their neighbourhood and their flight squares.
    for (Seat c : { White, Black }) {
        const int    sign = c == White ? 1 : -1;
        const Seat   them = c ^ 1;
        const Square k    = ksq[c];
        if (relative_rank<G>(c, k) == 0) s.mg += sign * w.king_back_rank_mg;
        s.add(sign, w.king_center_mg * M.centrality[k], w.king_center_eg * M.centrality[k]);
        add_psq<G>(s, sign, w, King, c, k);
        s.mg += sign * w.king_shield_mg * popcount(M.shield[c][k] & pos.pieces(c, Pawn));
        if (!(M.file[G::file_of(k)] & pos.pieces(c, Pawn))) s.mg -= sign * w.king_open_file_mg;
        const int shelter
            = shelter_and_storm<G>(pos.pieces(c, Pawn), pos.pieces(them, Pawn), c, k, w);
        s.mg += sign * shelter;
        int units = std::min(king_units[c], 24);
        s.add(sign, -w.king_attack_mg * units * units / 64, -w.king_attack_eg * units * units / 64);
        // Safe checks: squares from which an enemy piece could check next move, not occupied by
        // the enemy's own men and not guarded by the king's side.
        const u64 safe = ~pos.pieces(them) & ~attacks[c] & M.board;
        const u64 diag = A.bishop(k, occ), line = A.rook(k, occ);
        const int knight_checks = popcount(A.leap[Knight][k] & knight_att[them] & safe),
                  bishop_checks = popcount(diag & bishop_att[them] & safe),
                  rook_checks   = popcount(line & rook_att[them] & safe),
                  queen_checks  = popcount((diag | line) & queen_att[them] & safe);
        const int checks        = knight_checks + bishop_checks + rook_checks + queen_checks;
        s.add(sign, -w.safe_check_mg * checks, -w.safe_check_eg * checks);
        int flight = popcount(A.leap[King][k] & ~pos.pieces(c) & ~attacks[them]);
        s.add(sign, w.king_mobility_mg * flight, w.king_mobility_eg * flight);
        if (flight == 0) s.add(sign, -w.king_no_escape_mg, -w.king_no_escape_eg);
        // King danger: the threats to a king added into one sum (capped at 2000), its square
        // over 4096 the middlegame penalty, so that several threats together weigh more than
        // each alone; danger_eg / 256 of it the endgame's. Weak squares: those of the king's
        // neighbourhood the enemy attacks and no pawn, minor piece or rook guards.
        const u64 guarded = pawn_att[c] | minor_att[c] | rook_att[c];
        int       danger  = w.danger_base + w.danger_units * king_units[c] + attackers[c]
            + w.danger_weak * popcount(zone[c] & attacks[them] & ~guarded)
            + w.danger_check_knight * (knight_checks > 0)
            + w.danger_check_bishop * (bishop_checks > 0) + w.danger_check_rook * (rook_checks > 0)
            + w.danger_check_queen * (queen_checks > 0) - w.danger_shelter * shelter / 8
            - w.danger_flight * flight;
        if (!pos.pieces(them, Queen)) danger -= w.danger_no_queen;
        if (danger > 0) {
            danger = std::min(danger, 2000);
            s.add(sign, -danger * danger / 4096, -w.danger_eg * danger / 256);
        }
    }

    phase   = std::min(phase, PhaseMax);
    int val = (s.mg * phase + s.eg * (PhaseMax - phase)) / PhaseMax;

    // A side ahead with no pawns and less than a rook more in pieces rarely wins (KB v K, KN v K,
    // KR v KB): pull such a score towards a draw.
    Seat strong = val > 0 ? White : Black;
    if (!pos.pieces(strong, Pawn) && npm[strong] - npm[strong ^ 1] < w.rook_eg) val /= 8;
    return val;
}

} // namespace

int evaluate_white(const Position<Chess>& pos, const OrthodoxWeights& w) {
    return evaluate_orthodox(pos, w);
}
int evaluate_white(const Position<Silverman>& pos, const OrthodoxWeights& w) {
    return evaluate_orthodox(pos, w);
}

} // namespace citadel::eval
