// Tamerlane: tables, Position<Tamerlane> (make/unmake, attacks) and legal move generation.
// The rules are docs/rules/tamerlane.md; the design notes are in docs/tamerlane.md.
#include "variants/tamerlane.h"

#include "core/atoms.h"
#include "variants/tamerlane_tables.h"

namespace citadel {
namespace tamerlane {

namespace {

constexpr int dir_index(int df, int dr) {
    for (int d = 0; d < 8; ++d)
        if (Attacks<G>::Dirs[d][0] == df && Attacks<G>::Dirs[d][1] == dr) return d;
    return -1;
}

// The squares from s in direction (df, dr), skipping the first `skip`.
BB walk(Square s, int df, int dr, int skip) {
    BB  out{};
    int f = G::file_of(s) + df, r = G::rank_of(s) + dr;
    for (int k = 1; G::on_board(f, r); ++k, f += df, r += dr)
        if (k > skip) out |= bit<BB>(G::square(f, r));
    return out;
}

} // namespace

Tables::Tables() {
    for (Square s = 0; s < Cells; ++s) rect |= bit<BB>(s);
    citadels = bit<BB>(WhiteCitadel) | bit<BB>(BlackCitadel);
    for (int r = 0; r < Ranks; ++r) {
        file_a |= bit<BB>(G::square(0, r));
        file_k |= bit<BB>(G::square(Files - 1, r));
    }
    for (int r = 0; r < Ranks; ++r)
        for (int f = 0; f < Files; ++f) rank[r] |= bit<BB>(G::square(f, r));
    for (auto& row : dir_to)
        for (i8& d : row) d = -1;

    for (Square s = 0; s < Cells; ++s) {
        for (int d = 0; d < 8; ++d) {
            const int df = Attacks<G>::Dirs[d][0], dr = Attacks<G>::Dirs[d][1];
            BB        line = walk(s, df, dr, 0);
            ray[d][s]      = to_u128(line);
            far2[d][s]     = to_u128(walk(s, df, dr, 2));
            if (G::on_board(G::file_of(s) + df, G::rank_of(s) + dr))
                royal_step[s] |= bit<BB>(G::square(G::file_of(s) + df, G::rank_of(s) + dr));
            if (d == 0 || d == 1 || d == 4 || d == 5)
                rook_rays[s] |= line;
            else
                picket_reach[s] |= walk(s, df, dr, 1);
            picket_reach128[s] = to_u128(picket_reach[s]);
            for (Square x : squares(line)) dir_to[s][x] = i8(d);
        }
        for (const Atom& a : kGiraffe.view())
            walk_atom<G>(a, s, 1, [&](Square to, BB, Mode) { giraffe_reach[s] |= bit<BB>(to); });
        for (int sf : { 1, -1 })
            for (int sr : { 1, -1 }) {
                int f = G::file_of(s) + sf, r = G::rank_of(s) + sr;
                if (!G::on_board(f, r)) continue;
                legs[s][leg_count[s]++]
                    = Leg{ G::square(f, r), { u8(dir_index(sf, 0)), u8(dir_index(0, sr)) } };
                legs_bb[s] |= bit<BB>(G::square(f, r));
                if (G::on_board(f + sf, r + sr)) picket_first[s] |= bit<BB>(G::square(f, r));
            }
    }
    // The citadel links: l2 with k1, k2, k3; z9 with a8, a9, a10.
    for (int r : { 0, 1, 2 }) {
        Square s = G::square(Files - 1, r);
        royal_step[s] |= bit<BB>(WhiteCitadel);
        royal_step[WhiteCitadel] |= bit<BB>(s);
    }
    for (int r : { 7, 8, 9 }) {
        Square s = G::square(0, r);
        royal_step[s] |= bit<BB>(BlackCitadel);
        royal_step[BlackCitadel] |= bit<BB>(s);
    }
}

const Tables kTables;

const ExtraKeys kExtraKeys = [] {
    ExtraKeys k{};
    u64       state = 0x7A3E11D5C0FFEE01ull;
    auto      next  = [&state] { // xorshift64*, as core/zobrist.h
        state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
        return state * 2685821657736338717ull;
    };
    for (u64& x : k.swap) x = next();
    for (auto& row : k.arrivals) {
        row[0] = 0;
        for (int i = 1; i < 4; ++i) row[i] = next();
    }
    return k;
}();

} // namespace tamerlane

using namespace tamerlane;
using P = Position<Tamerlane>;

namespace {

constexpr bool kIsPawn[PieceTypeLimit] = { false, false, false, false, false, false, false, false,
    false, false, false, false, false, false, false, false, true, true, true, true, true, true,
    true, true, true, true, true, false, false, false, false, false };
constexpr bool kIsRoyal[PieceTypeLimit]
    = { false, false, false, false, false, false, true, true, true };

static_assert(kIsPawn[PawnOfPawns] && kIsPawn[PawnOfRooks] && !kIsPawn[WarEngine]);

// The whole board for the types in a category, else nothing, so that placement updates need no
// branch.
struct CategoryMasks {
    BB pawn[PieceTypeLimit], royal[PieceTypeLimit];
    constexpr CategoryMasks() {
        for (int t = 0; t < PieceTypeLimit; ++t) {
            if (kIsPawn[t]) pawn[t] = ~BB{};
            if (kIsRoyal[t]) royal[t] = ~BB{};
        }
    }
};
constexpr CategoryMasks kCat;

} // namespace

// ---- placement ------------------------------------------------------------------------------

void P::put(Piece p, Square s) {
    const BB        b = bit<BB>(s);
    const Seat      c = seat_of(p);
    const PieceType t = type_of(p);
    board_[s]         = p;
    by_type_[t] |= b;
    by_seat_[c] |= b;
    pawns_[c] |= b & kCat.pawn[t];
    royals_[c] |= b & kCat.royal[t];
}

void P::remove(Square s) {
    const Piece     p = board_[s];
    const BB        b = bit<BB>(s);
    const Seat      c = seat_of(p);
    const PieceType t = type_of(p);
    by_type_[t] ^= b;
    by_seat_[c] ^= b;
    pawns_[c] ^= b & kCat.pawn[t];
    royals_[c] ^= b & kCat.royal[t];
    board_[s] = NoPiece;
}

void P::shift(Square from, Square to) {
    const Piece     p = board_[from];
    const BB        d = bit<BB>(from) | bit<BB>(to);
    const Seat      c = seat_of(p);
    const PieceType t = type_of(p);
    by_type_[t] ^= d;
    by_seat_[c] ^= d;
    pawns_[c] ^= d & kCat.pawn[t];
    royals_[c] ^= d & kCat.royal[t];
    board_[from] = NoPiece;
    board_[to]   = p;
}

// ---- queries --------------------------------------------------------------------------------

PieceType P::senior_royal(Seat s) const {
    if (any(pieces(s, King))) return King;
    if (any(pieces(s, Prince))) return Prince;
    return AdventitiousKing;
}

Square P::waiting_pawn(Seat s) const {
    return lsb(pieces(s, PawnOfPawns) & kTables.rank[last_rank(s)]);
}

bool P::citadel_draw() const {
    return test(royals_[White], BlackCitadel) || test(royals_[Black], WhiteCitadel);
}

P::BB P::between(Square a, Square b) {
    if (a >= Cells || b >= Cells) return {};
    const int d = kTables.dir_to[a][b];
    if (d < 0) return {};
    return kAttacks<G>.ray[d][a] & kAttacks<G>.ray[(d + 4) % 8][b];
}

P::BB P::giraffe_path(Square from, Square to) {
    const int    df = G::file_of(to) - G::file_of(from), dr = G::rank_of(to) - G::rank_of(from);
    const int    sf = df > 0 ? 1 : -1, sr = dr > 0 ? 1 : -1;
    const Square leg = G::square(G::file_of(from) + sf, G::rank_of(from) + sr);
    const int    d   = (df == 1 || df == -1) ? (sr > 0 ? 0 : 4) : (sf > 0 ? 1 : 5);
    const auto&  T   = kTables;
    return from_u128((u128(1) << leg) | (T.ray[d][leg] & ~T.ray[d][to] & ~(u128(1) << to)));
}

P::BB P::moves_of(PieceType t, Square s, BB occ) const {
    const auto& A = kAttacks<G>;
    switch (u8(t)) {
    case Rook:
        return rook_moves(s, occ);
    case Picket:
        return picket_moves(s, occ);
    case Giraffe:
        return giraffe_moves(s, occ);
    case King:
    case Prince:
    case AdventitiousKing:
        return kTables.royal_step[s] & kTables.rect;
    default:
        return s < Cells ? A.leap[t][s] : BB{};
    }
}

P::BB P::attackers(Seat by, Square s, BB occ) const {
    if (s >= Cells) return {}; // a citadel is never attacked
    const auto& A    = kAttacks<G>;
    const auto& T    = kTables;
    const BB    mine = by_seat_[by];
    BB          a = (A.pawn_attack[by ^ 1][s] & pawns_[by]) | (A.leap[Knight][s] & by_type_[Knight])
        | (A.leap[Elephant][s] & by_type_[Elephant]) | (A.leap[Camel][s] & by_type_[Camel])
        | (A.leap[WarEngine][s] & by_type_[WarEngine]) | (A.leap[General][s] & by_type_[General])
        | (A.leap[Vizier][s] & by_type_[Vizier]) | (T.royal_step[s] & royals_[by]);
    const BB rooks = by_type_[Rook] & mine;
    if (any(T.rook_rays[s] & rooks)) a |= rook_moves(s, occ) & rooks;
    const BB pickets = by_type_[Picket] & mine & T.picket_reach[s];
    if (any(pickets)) a |= bishop_moves(s, occ) & pickets;
    for (Square y : squares(T.giraffe_reach[s] & by_type_[Giraffe] & mine))
        if (!any(giraffe_path(y, s) & occ)) a |= bit<BB>(y);
    return a & mine;
}

namespace {

// Whether seat `by` attacks s (a rectangle square) on the board `occ`: the generator's hot test,
// always inlined there.
[[gnu::always_inline]] inline bool attacked_by(const P& pos, Seat by, Square s, const BB& occ) {
    const auto& A    = kAttacks<G>;
    const auto& T    = kTables;
    const BB    mine = pos.pieces(by);
    if (any(((A.pawn_attack[by ^ 1][s] & pos.pawns(by)) | (A.leap[Knight][s] & pos.pieces(Knight))
                | (A.leap[Elephant][s] & pos.pieces(Elephant))
                | (A.leap[Camel][s] & pos.pieces(Camel))
                | (A.leap[WarEngine][s] & pos.pieces(WarEngine))
                | (A.leap[General][s] & pos.pieces(General))
                | (A.leap[Vizier][s] & pos.pieces(Vizier)) | (T.royal_step[s] & pos.royals(by)))
            & mine))
        return true;
    const BB rooks = pos.pieces(Rook) & mine;
    if (any(T.rook_rays[s] & rooks) && any(rook_moves(s, occ) & rooks)) return true;
    const BB pickets = pos.pieces(Picket) & mine & T.picket_reach[s];
    if (any(pickets) && any(bishop_moves(s, occ) & pickets)) return true;
    for (Square y : squares(T.giraffe_reach[s] & pos.pieces(Giraffe) & mine))
        if (!any(P::giraffe_path(y, s) & occ)) return true;
    return false;
}

} // namespace

bool P::attacked(Seat by, Square s, BB occ) const {
    if (s >= Cells) return false;
    return attacked_by(*this, by, s, occ);
}

P::BB P::attack_map(Seat by, BB occ) const {
    const auto& T = kTables;
    BB          m{};
    const BB    p = pawns_[by];
    if (by == White)
        m |= shift_by(p & ~T.file_a, 10) | shift_by(p & ~T.file_k, 12);
    else
        m |= shift_by(p & ~T.file_a, -12) | shift_by(p & ~T.file_k, -10);
    for (Square s : squares(by_seat_[by] & ~p)) m |= moves_of(type_of(board_[s]), s, occ);
    return m & T.rect;
}

Square P::landing_square(Seat by, BB royals_now) const {
    const int    r  = kings_pawn_rank(by);
    const Square f0 = G::square(KingsPawnFile, r);
    if (!test(royals_now, f0)) return f0;
    for (bool need_empty : { true, false })
        for (int d = 1; d < Files; ++d)
            for (int f : { KingsPawnFile - d, KingsPawnFile + d }) { // ties: towards file a
                if (f < 0 || f >= Files) continue;
                Square s = G::square(f, r);
                if (test(royals_now, s) || (need_empty && board_[s])) continue;
                return s;
            }
    return NoSquare; // unreachable: a side has at most six royals, a rank eleven squares
}

// ---- make / unmake --------------------------------------------------------------------------

void P::update_check_info() {
    st_->checkers = BB{};
    const BB r    = royals_[us_];
    if (!more_than_one(r)) {
        Square k = lsb(r);
        if (k < Cells) st_->checkers = attackers(Seat(us_ ^ 1), k, pieces());
    }
}

// A pawn of the side to move has reached its last rank on s (by a step, a capture or a swap).
void P::arrive(Square s, StateInfo<V>& next) {
    const auto& Z = kZobrist<G>;
    const Piece p = board_[s];
    if (type_of(p) == PawnOfPawns) {
        const int n = ++next.arrivals[us_];
        next.key ^= kExtraKeys.arrivals[us_][n - 1] ^ kExtraKeys.arrivals[us_][n];
        if (n == 1) return; // it waits on the last rank
        if (n == 2) { // it jumps to the pawn of kings' start square
            Square l = landing_square(us_, royals_[0] | royals_[1]);
            remove(s);
            next.key ^= Z.psq[p][s];
            if (Piece o = board_[l]) {
                remove(l);
                next.key ^= Z.psq[o][l];
                next.landing_removed = o;
            }
            put(p, l);
            next.key ^= Z.psq[p][l];
            next.landing = l;
            return;
        }
    }
    const Piece q = make_piece(us_, promotion_of(type_of(p)));
    remove(s);
    put(q, s);
    next.key ^= Z.psq[p][s] ^ Z.psq[q][s];
    next.promoted_from = p;
}

void P::make(Move m, StateInfo<V>& next) {
    const auto& Z    = kZobrist<G>;
    const Seat  them = Seat(us_ ^ 1);
    next.swaps       = st_->swaps;
    next.arrivals[0] = st_->arrivals[0];
    next.arrivals[1] = st_->arrivals[1];
    next.rule50      = st_->rule50 + 1;
    next.key         = st_->key ^ Z.seat[us_] ^ Z.seat[them];
    next.captured = next.landing_removed = next.promoted_from = NoPiece;
    next.landing                                              = NoSquare;
    next.previous                                             = st_;
    st_                                                       = &next;

    const Square from = m.from(), to = m.to();
    const Piece  pc      = board_[from];
    Square       arrival = NoSquare;
    switch (m.kind()) {
    case MoveKind::KingSwap: {
        const Piece partner = board_[to];
        remove(from), remove(to);
        put(partner, from), put(pc, to);
        next.key ^= Z.psq[pc][from] ^ Z.psq[pc][to] ^ Z.psq[partner][to] ^ Z.psq[partner][from];
        next.swaps &= ~swap_bit(us_);
        next.key ^= kExtraKeys.swap[us_];
        if (kIsPawn[type_of(partner)]) {
            next.rule50 = 0;
            if (G::rank_of(from) == last_rank(us_)) arrival = from;
        }
        break;
    }
    case MoveKind::Relocation:
        if (Piece cap = board_[to]) {
            remove(to);
            next.key ^= Z.psq[cap][to];
            next.captured = cap;
        }
        shift(from, to);
        next.key ^= Z.psq[pc][from] ^ Z.psq[pc][to];
        next.rule50 = 0;
        break;
    default:
        if (Piece cap = board_[to]) {
            remove(to);
            next.key ^= Z.psq[cap][to];
            next.captured = cap;
            next.rule50   = 0;
            if (type_of(cap) == King && (next.swaps & swap_bit(them))) {
                next.swaps &= ~swap_bit(them);
                next.key ^= kExtraKeys.swap[them];
            }
        }
        shift(from, to);
        next.key ^= Z.psq[pc][from] ^ Z.psq[pc][to];
        if (kIsPawn[type_of(pc)]) {
            next.rule50 = 0;
            if (to < Cells && G::rank_of(to) == last_rank(us_)) arrival = to;
        }
        break;
    }
    if (arrival != NoSquare) arrive(arrival, next);
    us_ = them;
    ++ply_;
    update_check_info();
}

void P::unmake(Move m) {
    us_ = Seat(us_ ^ 1);
    --ply_;
    const StateInfo<V>& s    = *st_;
    const Square        from = m.from(), to = m.to();
    const Square        arrival = m.kind() == MoveKind::KingSwap ? from : to;
    if (s.landing != NoSquare) {
        const Piece p = board_[s.landing];
        remove(s.landing);
        if (s.landing_removed) put(s.landing_removed, s.landing);
        put(p, arrival);
    } else if (s.promoted_from) {
        remove(arrival);
        put(s.promoted_from, arrival);
    }
    if (m.kind() == MoveKind::KingSwap) {
        const Piece king = board_[to], partner = board_[from];
        remove(from), remove(to);
        put(king, from), put(partner, to);
    } else {
        shift(to, from);
        if (s.captured) put(s.captured, to);
    }
    st_ = st_->previous;
}

// ---- set-up ---------------------------------------------------------------------------------

std::optional<PositionError> P::set(const Setup<G>& s, StateInfo<V>& si) {
    clear_placement();
    for (Seat c : { White, Black }) pawns_[c] = royals_[c] = BB{};
    si  = {};
    st_ = &si;
    us_ = White;
    if (auto problem = validate(s)) return problem;

    const auto& Z  = kZobrist<G>;
    us_            = s.to_move;
    ply_           = 2 * (s.fullmove - 1) + (s.to_move == Black);
    si.rule50      = s.halfmove;
    si.swaps       = s.swaps;
    si.arrivals[0] = s.arrivals[0];
    si.arrivals[1] = s.arrivals[1];
    for (Square sq = 0; sq < N; ++sq)
        if (Piece p = s.board[sq]) {
            put(p, sq);
            si.key ^= Z.psq[p][sq];
        }
    si.key ^= Z.seat[us_];
    for (Seat c : { White, Black }) {
        if (si.swaps & swap_bit(c)) si.key ^= kExtraKeys.swap[c];
        si.key ^= kExtraKeys.arrivals[c][si.arrivals[c]];
    }
    // The side not to move may not be in check (one royal, attacked).
    const Seat them = Seat(us_ ^ 1);
    if (!more_than_one(royals_[them])) {
        Square k = lsb(royals_[them]);
        if (attacked(us_, k, pieces())) {
            std::string who = std::string(them == White ? "White" : "Black") + "'s "
                + std::string(kind(type_of(board_[k])).name) + " on " + square_name<G>(k);
            return PositionError{ PositionError::Code::OppositeCheck, k,
                "the side not to move is in check: " + who + " is attacked" };
        }
    }
    update_check_info();
    return std::nullopt;
}

Setup<TamerlaneBoard> P::setup() const {
    Setup<G> s;
    for (Square sq = 0; sq < N; ++sq) s.board[sq] = board_[sq];
    s.to_move     = us_;
    s.swaps       = st_->swaps;
    s.arrivals[0] = st_->arrivals[0];
    s.arrivals[1] = st_->arrivals[1];
    s.halfmove    = st_->rule50;
    s.fullmove    = 1 + ply_ / 2;
    return s;
}

// ---- legal move generation ------------------------------------------------------------------
//
// One function per mode: List writes moves, Count only adds up target sets (perft's last ply).
// The hot part is one function body so that the counters and masks stay in registers; the rare
// moves (relocation, swap, a second arrival) are separate functions that take and return the
// running count.

namespace {

constexpr int MaxMoves = Tamerlane::MaxMoves;

// What the generator computes once per position.
struct Ctx {
    const P& pos;
    Seat     us, them;
    BB       occ, own, enemy, our_wait, their_wait, capturable;
    bool     lone; // exactly one royal: it may not step onto an attacked square
    bool     restricted; // ... and it stands on the rectangle: check and pins apply
    Square   rsq; // that royal
    bool     in_check;
};

template <bool List> inline void emit(Move* out, int& n, Square from, const BB& to, MoveKind k) {
    if constexpr (List) {
        for (Square s : squares(to))
            if (n < MaxMoves) out[n++] = Move(from, s, k);
    } else
        n += popcount(to);
}

template <bool List> inline void emit_one(Move* out, int& n, Move m) {
    if constexpr (List) {
        if (n < MaxMoves) out[n] = m;
    }
    n += !List || n < MaxMoves;
}

// Whether the lone royal is safe after the pawn of pawns steps from -> to for its second
// arrival and jumps to its landing square, removing what stands there.
bool second_arrival_safe(const Ctx& c, Square from, Square to) {
    BB           occ     = c.occ & ~bit<BB>(from) & ~bit<BB>(to);
    BB           removed = c.enemy & bit<BB>(to);
    const Square l       = c.pos.landing_square(c.us, c.pos.royals(White) | c.pos.royals(Black));
    removed |= c.enemy & bit<BB>(l);
    occ |= bit<BB>(l);
    return !any(c.pos.attackers(c.them, c.rsq, occ) & ~removed);
}

// Whether the enemy piece on s has no pseudo-legal move on the board `occ` with the enemy pieces
// `theirs`. Royals never qualify: the lifted pawn stands diagonally next to them.
bool immobile(const P& pos, Square s, const BB& occ, const BB& theirs) {
    const PieceType t = type_of(pos.piece_on(s));
    if (is_royal(t)) return false;
    return !any(pos.moves_of(t, s, occ) & kTables.rect & ~theirs);
}

// The waiting pawn of pawns lifted to a square from which it forks two enemy pieces or attacks
// one that then has no pseudo-legal move (enemy royals count, pawns do not). Royal squares and
// the enemy's waiting pawn are not targets; another occupant is removed.
template <bool List> [[gnu::noinline]] int relocations(const Ctx& c, Move* out, int n) {
    const auto&  T       = kTables;
    const auto&  A       = kAttacks<G>;
    const P&     pos     = c.pos;
    const Square w       = lsb(c.our_wait);
    const BB     targets = c.enemy & ~pos.pawns(c.them) & T.rect;
    BB           cand{};
    for (Square e : squares(targets)) cand |= A.pawn_attack[c.them][e];
    cand &= T.rect & ~(pos.royals(White) | pos.royals(Black)) & ~c.their_wait & ~bit<BB>(w);
    const BB lifted = c.occ ^ bit<BB>(w);
    for (Square to : squares(cand)) {
        const BB hit = A.pawn_attack[c.us][to] & targets;
        const BB occ = lifted | bit<BB>(to);
        if (!more_than_one(hit) && !immobile(pos, lsb(hit), occ, c.enemy & ~bit<BB>(to))) continue;
        if (c.restricted && any(pos.attackers(c.them, c.rsq, occ) & ~(c.enemy & bit<BB>(to))))
            continue;
        emit_one<List>(out, n, Move(w, to, MoveKind::Relocation));
    }
    return n;
}

// The king swaps with an own non-royal piece (not the waiting pawn of pawns) and may not stand
// attacked on its new square. The caller checks the right and when a swap is allowed.
template <bool List> [[gnu::noinline]] int swaps(const Ctx& c, Move* out, int n) {
    const auto&  T        = kTables;
    const P&     pos      = c.pos;
    const Square k        = pos.king_square(c.us);
    BB           partners = c.own & T.rect & ~pos.royals(c.us) & ~c.our_wait;
    // A pawn of pawns swapped onto its last rank for its second arrival jumps away at once:
    // judge the board after that.
    if (G::rank_of(k) == last_rank(c.us) && pos.arrivals(c.us) == 1) {
        const BB pp = partners & pos.pieces(c.us, PawnOfPawns);
        partners &= ~pp;
        if (any(pp)) {
            const Square p   = lsb(pp);
            const BB     rs  = ((pos.royals(White) | pos.royals(Black)) ^ bit<BB>(k)) | bit<BB>(p);
            const Square l   = pos.landing_square(c.us, rs);
            const BB     occ = (c.occ ^ bit<BB>(k)) | bit<BB>(l);
            if (!any(pos.attackers(c.them, p, occ) & ~(c.enemy & bit<BB>(l))))
                emit_one<List>(out, n, Move(k, p, MoveKind::KingSwap));
        }
    }
    emit<List>(out, n, k, partners & ~pos.attack_map(c.them, c.occ), MoveKind::KingSwap);
    return n;
}

// Every legal move of the side to move (List: into out; both: the count).
template <bool List> int generate(const P& pos, Move* out) {
    const auto& A = kAttacks<G>;
    const auto& T = kTables;
    if (pos.citadel_draw()) return 0;
    int          n    = 0;
    const Seat   us   = pos.side_to_move();
    const Seat   them = Seat(us ^ 1);
    const BB     occ = pos.pieces(), own = pos.pieces(us), enemy = pos.pieces(them);
    const BB     waiting  = pos.waiting_pawns();
    const BB     our_wait = waiting & own, their_wait = waiting & enemy;
    const BB     royals     = pos.royals(us);
    const bool   lone       = !more_than_one(royals);
    const Square rsq        = lsb(royals);
    const bool   restricted = lone && rsq < Cells;
    const BB     checkers   = pos.checkers();
    const BB     target     = T.rect & ~own & ~their_wait;
    const BB     capturable = enemy & T.rect & ~their_wait;
    const BB     empty      = T.rect & ~occ;
    const Ctx c{ pos, us, them, occ, own, enemy, our_wait, their_wait, capturable, lone, restricted,
        rsq, any(checkers) };

    // Royal steps, citadels included where the rules let a royal in; a lone royal never steps
    // onto an attacked square (a citadel never is).
    {
        const Square own_c = own_citadel(us), enemy_c = enemy_citadel(us);
        for (Square from : squares(royals)) {
            const PieceType t  = type_of(pos.piece_on(from));
            BB              to = T.royal_step[from] & ~own & ~their_wait;
            if (any(to & T.citadels)) {
                if (test(to, own_c) && (t != AdventitiousKing || pos.piece_on(own_c)))
                    to ^= bit<BB>(own_c);
                if (test(to, enemy_c) && (t != pos.senior_royal(us) || pos.piece_on(enemy_c)))
                    to ^= bit<BB>(enemy_c);
            }
            if (lone) {
                const BB occ2 = occ ^ bit<BB>(from);
                for (Square s : squares(to & T.rect))
                    if (attacked_by(pos, them, s, occ2)) to ^= bit<BB>(s);
            }
            emit<List>(out, n, from, to, MoveKind::Normal);
        }
    }

    // Check and pins (a lone royal on the rectangle only).
    BB     mask  = target, pinned{};
    int    npins = 0;
    Square pin_sq[G::Squares];
    u64    pin_keep[G::Squares][2];
    if (restricted) {
        // Every check must be answered by the same move: a capture or block of one checker that
        // also stands on the other's path answers a double check too (a giraffe's straight leg
        // can run along the royal's line).
        for (Square ch : squares(checkers)) {
            const PieceType ct = type_of(pos.piece_on(ch));
            mask &= bit<BB>(ch)
                | (ct == Rook || ct == Picket ? P::between(rsq, ch)
                        : ct == Giraffe       ? P::giraffe_path(ch, rsq)
                                              : BB{});
        }
        // An own piece alone on a rider's line or path to the royal moves only where it keeps
        // blocking, or onto the rider.
        auto pin = [&](Square sniper, const BB& path) {
            const BB b = path & occ;
            if (!any(b) || more_than_one(b) || !any(b & own)) return;
            const Square s    = lsb(b);
            const BB     keep = path | bit<BB>(sniper);
            pinned |= b;
            for (int i = 0; i < npins; ++i)
                if (pin_sq[i] == s) { // pinned twice: both must stay blocked
                    pin_keep[i][0] &= keep.w[0], pin_keep[i][1] &= keep.w[1];
                    return;
                }
            pin_sq[npins] = s, pin_keep[npins][0] = keep.w[0], pin_keep[npins][1] = keep.w[1];
            ++npins;
        };
        for (Square s : squares((T.rook_rays[rsq] & pos.pieces(them, Rook))
                 | (T.picket_reach[rsq] & pos.pieces(them, Picket))))
            pin(s, P::between(rsq, s));
        for (Square s : squares(T.giraffe_reach[rsq] & pos.pieces(them, Giraffe)))
            pin(s, P::giraffe_path(s, rsq));
    }
    const bool only_royal_moves = !any(mask); // no move but the royal's answers every check
    auto       pin_mask         = [&](Square s) {
        BB m = ~BB{};
        for (int i = 0; i < npins; ++i)
            if (pin_sq[i] == s) m.w = { pin_keep[i][0], pin_keep[i][1] };
        return m;
    };

    if (!only_royal_moves) {
        const BB free    = ~pinned;
        const BB leapers = pos.pieces(Knight) | pos.pieces(Elephant) | pos.pieces(Camel)
            | pos.pieces(WarEngine) | pos.pieces(General) | pos.pieces(Vizier);
        for (Square s : squares(leapers & own & free))
            emit<List>(out, n, s, A.leap[type_of(pos.piece_on(s))][s] & mask, MoveKind::Normal);
        // A rook with only own pieces next to it has no move.
        for (Square s : squares(pos.pieces(us, Rook) & free))
            if (any(A.leap[Vizier][s] & ~own))
                emit<List>(out, n, s, rook_moves(s, occ) & mask, MoveKind::Normal);
        for (Square s : squares(pos.pieces(us, Picket) & free))
            emit<List>(out, n, s, picket_moves(s, occ) & mask, MoveKind::Normal);
        for (Square s : squares(pos.pieces(us, Giraffe) & free))
            emit<List>(out, n, s, giraffe_moves(s, occ) & mask, MoveKind::Normal);
        for (Square s : squares(pinned & ~pos.pawns(us)))
            emit<List>(out, n, s,
                pos.moves_of(type_of(pos.piece_on(s)), s, occ) & mask & pin_mask(s),
                MoveKind::Normal);
    }

    // Pawns. Those of kings and of pawns one step from the last rank go one by one: their
    // arrival may make a second royal (then any such move is legal) or jump to the third rank.
    {
        const BB all     = pos.pawns(us) & ~our_wait;
        const BB special = all & T.rank[last_rank(us) - forward(us)]
            & (pos.pieces(us, PawnOfKings) | pos.pieces(us, PawnOfPawns));
        const int up    = forward(us) * Files;
        auto      dests = [&](Square s) {
            return (bit<BB>(Square(s + up)) & empty) | (A.pawn_attack[us][s] & capturable);
        };
        auto emit_pawns = [&](const BB& to, int delta) {
            if constexpr (List) {
                for (Square s : squares(to))
                    if (n < MaxMoves) out[n++] = Move(Square(s - delta), s);
            } else
                n += popcount(to);
        };
        if (!only_royal_moves) {
            const BB bulk = all & ~pinned & ~special;
            if (us == White) {
                emit_pawns(shift_by(bulk, 11) & empty & mask, 11);
                emit_pawns(shift_by(bulk & ~T.file_a, 10) & capturable & mask, 10);
                emit_pawns(shift_by(bulk & ~T.file_k, 12) & capturable & mask, 12);
            } else {
                emit_pawns(shift_by(bulk, -11) & empty & mask, -11);
                emit_pawns(shift_by(bulk & ~T.file_a, -12) & capturable & mask, -12);
                emit_pawns(shift_by(bulk & ~T.file_k, -10) & capturable & mask, -10);
            }
            for (Square s : squares(all & pinned & ~special))
                emit<List>(out, n, s, dests(s) & mask & pin_mask(s), MoveKind::Normal);
        }
        for (Square s : squares(special)) {
            const PieceType t   = type_of(pos.piece_on(s));
            const int       nth = pos.arrivals(us);
            const BB        to  = dests(s);
            if (!restricted || t == PawnOfKings || nth >= 2)
                emit<List>(out, n, s, to, MoveKind::Normal); // no check applies, or a second royal
            else if (nth == 1) {
                for (Square d : squares(to))
                    if (second_arrival_safe(c, s, d)) emit_one<List>(out, n, Move(s, d));
            } else if (!only_royal_moves)
                emit<List>(out, n, s, to & mask & pin_mask(s), MoveKind::Normal);
        }
    }

    if (any(our_wait)) n = relocations<List>(c, out, n);
    if (pos.may_swap(us) && (any(checkers) || n == 0)) n = swaps<List>(c, out, n);
    return n;
}

// A move list without zero-filling its storage (perft's interior nodes).
struct RawList {
    union {
        Move moves[MaxMoves];
    };
    RawList() { }
};

} // namespace

template <> MoveList<Tamerlane::MaxMoves> legal_moves<Tamerlane>(const P& pos) {
    MoveList<Tamerlane::MaxMoves> list;
    list.count = generate<true>(pos, list.moves);
    return list;
}

template <> u64 count_legal<Tamerlane>(const P& pos) { return u64(generate<false>(pos, nullptr)); }

template <> u64 perft<Tamerlane>(P& pos, int depth, const std::atomic<bool>* stop) {
    if (depth == 0) return 1;
    if (depth == 1) return count_legal<Tamerlane>(pos);
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    RawList              list;
    const int            count = generate<true>(pos, list.moves);
    u64                  nodes = 0;
    StateInfo<Tamerlane> st;
    for (int i = 0; i < count; ++i) {
        pos.make(list.moves[i], st);
        nodes += depth == 2 ? u64(generate<false>(pos, nullptr))
                            : perft<Tamerlane>(pos, depth - 1, stop);
        pos.unmake(list.moves[i]);
    }
    return nodes;
}

} // namespace citadel
