// Four Kingdoms rules (docs/rules/fourkingdoms.md): placement, make/unmake with settling (checks,
// eliminations, absorption, the next player), the non-move events, position validation, the
// legal move generator (list, bulk count, any) and perft.
#include <algorithm>
#include <new>

#include "variants/fourkingdoms_tables.h"

namespace citadel::fk {

namespace {

// Built before main, ahead of every object of default initialization priority in any
// translation unit (some compilers' constant-evaluation limits are too small for it).
__attribute__((init_priority(200))) const Tables T = build_tables();

constexpr Keys build_keys() {
    Keys k{};
    u64  state = 0x4B696E67646F6D73ull; // "Kingdoms"
    auto next  = [&state] { // xorshift64*
        state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
        return state * 2685821657736338717ull;
    };
    for (auto& row : k.psq)
        for (u64& x : row) x = next();
    for (u64& x : k.seat) x = next();
    for (u64& x : k.castling) x = next();
    for (u64& x : k.ep) x = next();
    for (auto& row : k.control)
        for (u64& x : row) x = next();
    k.alliance[0] = 0;
    for (int i = 1; i < 16; ++i) k.alliance[i] = next();
    return k;
}
constexpr Keys Z = build_keys();

inline int orientation(Square a, Square b) {
    return T.orient[file_of(b) - file_of(a) + 14][rank_of(b) - rank_of(a) + 14];
}

// Squares strictly between a and b on a line (empty if they share none).
inline BB between(Square a, Square b) {
    int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
    if (T.orient[df + 14][dr + 14] < 0) return BB{};
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    int d = 0;
    while (kDirs[d][0] != sf || kDirs[d][1] != sr) ++d;
    return T.ray[d][a] & T.ray[(d + 4) & 7][b];
}

// A line's occupancy around position p: the nearest occupied positions above and below.
struct Nearest {
    u32 above, below; // the occupied bits above / below p (within the segment)
};
inline Nearest nearest(u32 occ, int p) { return { occ & ~((2u << p) - 1), occ & ((1u << p) - 1) }; }
// A line's occupancy from its four army words.
inline u32 occ16(u64 x) { return u32((x | x >> 16 | x >> 32 | x >> 48) & 0xFFFF); }
inline int low_pos(u32 x) { return std::countr_zero(x); }
inline int high_pos(u32 x) { return 31 - std::countl_zero(x); }

constexpr u8 bit_count(u8 x) { return u8(std::popcount(unsigned(x))); }

// The knights, kings and pawns among `pieces` that attack t.
inline BB leapers_to(Square t, const BB& pieces, const BB* by_type, const BB* by_army) {
    BB       att   = ((T.knight[t] & by_type[Knight]) | (T.king[t] & by_type[King])) & pieces;
    const BB pawns = by_type[Pawn] & pieces;
    if (any(pawns))
        for (Seat a = 0; a < 4; ++a) att |= T.pawn_rev[a][t] & by_army[a] & pawns;
    return att;
}

} // namespace

const Keys& keys() { return Z; }

// ---- placement --------------------------------------------------------------------------------

void Board::put(Piece p, Square s) {
    board_[s] = p;
    if (type_of(p) == King) kings_[seat_of(p)] = s;
    toggle(by_type_[type_of(p)], s);
    toggle(by_army_[seat_of(p)], s);
    toggle(occ_, s);
    for (int o = 0; o < 4; ++o) {
        lines_[o][T.sl[s].id[o]] |= u64(1) << (16 * seat_of(p) + T.sl[s].pos[o]);
    }
}

void Board::remove(Square s) {
    Piece p = board_[s];
    if (type_of(p) == King) kings_[seat_of(p)] = NoSquare;
    toggle(by_type_[type_of(p)], s);
    toggle(by_army_[seat_of(p)], s);
    toggle(occ_, s);
    for (int o = 0; o < 4; ++o) {
        lines_[o][T.sl[s].id[o]] &= ~(u64(1) << (16 * seat_of(p) + T.sl[s].pos[o]));
    }
    board_[s] = NoPiece;
}

void Board::shift(Square from, Square to) {
    Piece p = board_[from];
    if (type_of(p) == King) kings_[seat_of(p)] = to;
    toggle(by_type_[type_of(p)], from), toggle(by_type_[type_of(p)], to);
    toggle(by_army_[seat_of(p)], from), toggle(by_army_[seat_of(p)], to);
    toggle(occ_, from), toggle(occ_, to);
    const int   army = 16 * seat_of(p);
    const auto &F = T.sl[from], &D = T.sl[to];
    for (int o = 0; o < 4; ++o) {
        lines_[o][F.id[o]] ^= u64(1) << (army + F.pos[o]);
        lines_[o][D.id[o]] ^= u64(1) << (army + D.pos[o]);
    }
    board_[from] = NoPiece;
    board_[to]   = p;
}

// ---- relations --------------------------------------------------------------------------------

void Board::relations(Carry& c) const {
    for (Seat x = 0; x < 4; ++x) c.armies_of[x] = 0;
    for (Seat a = 0; a < 4; ++a) c.armies_of[c.control[a]] |= seat_bit(a);
    for (Seat x = 0; x < 4; ++x) {
        u8 friends = seat_bit(x);
        if (teams_)
            friends |= seat_bit(partner(x));
        else if (c.alliance & seat_bit(x))
            friends |= c.alliance;
        c.enemies_of[x] = 0;
        for (Seat a = 0; a < 4; ++a)
            if (!(friends & seat_bit(c.control[a]))) c.enemies_of[x] |= seat_bit(a);
    }
}

namespace {
// The pieces of the armies in `mask` (a bit set of armies). One expression, no running total:
// GCC keeps a total that is the return value in memory.
inline BB armies(const BB* by_army, u8 mask) {
    constexpr BB none{};
    auto         of = [&](Seat a) -> const BB& { return mask & seat_bit(a) ? by_army[a] : none; };
    return of(0) | of(1) | of(2) | of(3);
}
} // namespace

BB Board::pieces_of(Seat player) const { return armies(by_army_, st_->c.armies_of[player]); }
BB Board::enemies_of(Seat player) const { return armies(by_army_, st_->c.enemies_of[player]); }

bool Board::decided() const {
    u8 g = st_->c.in_game;
    if (teams_) return !(g & 0x3) || !(g & 0xC);
    return bit_count(g) <= 1;
}

bool Board::allied(Seat a, Seat b) const {
    if (a == b) return false;
    if (teams_) return partner(a) == b;
    u8 pair = seat_bit(a) | seat_bit(b);
    return st_->c.alliance == pair;
}

bool Board::absorber(Seat s) const { return in_game(s) && (st_->c.armies_of[s] & ~seat_bit(s)); }

// ---- attacks ----------------------------------------------------------------------------------

BB Board::attackers(Square s, u8 by_armies) const {
    BB enemy = armies(by_army_, by_armies);
    BB r     = ((T.knight[s] & by_type_[Knight]) | (T.king[s] & by_type_[King])) & enemy;
    for (Seat a = 0; a < 4; ++a)
        if (by_armies & seat_bit(a)) r |= T.pawn_rev[a][s] & by_type_[Pawn] & by_army_[a];
    BB rq = (by_type_[Rook] | by_type_[Queen]) & enemy;
    BB bq = (by_type_[Bishop] | by_type_[Queen]) & enemy;
    for (int o = 0; o < 4; ++o) {
        int       id = T.sl[s].id[o], p = T.sl[s].pos[o];
        Nearest   n  = nearest(occ16(lines_[o][id]) & T.sl[s].seg[o], p);
        const BB& sl = o < 2 ? rq : bq;
        if (n.above) {
            Square x = T.lsq[o][id][low_pos(n.above)];
            if (test(sl, x)) set(r, x);
        }
        if (n.below) {
            Square x = T.lsq[o][id][high_pos(n.below)];
            if (test(sl, x)) set(r, x);
        }
    }
    return r;
}

bool Board::attacked(Square t, const BB& enemy, Square rm1, Square rm2, Square add) const {
    if (any(leapers_to(t, enemy, by_type_, by_army_))) return true;
    const BB    q  = by_type_[Queen];
    const BB    rq = (by_type_[Rook] | q) & enemy, bq = (by_type_[Bishop] | q) & enemy;
    const auto& L = T.sl[t];
    for (int o = 0; o < 4; ++o) {
        const int id = L.id[o];
        if (!any(T.line_bb[o][id] & (o < 2 ? rq : bq))) continue; // no enemy slider there
        u32 occ = occ16(lines_[o][id]);
        if (rm1 != NoSquare && T.sl[rm1].id[o] == id) occ &= ~(1u << T.sl[rm1].pos[o]);
        if (rm2 != NoSquare && T.sl[rm2].id[o] == id) occ &= ~(1u << T.sl[rm2].pos[o]);
        if (add != NoSquare && T.sl[add].id[o] == id) occ |= 1u << T.sl[add].pos[o];
        const Nearest   n    = nearest(occ & L.seg[o], L.pos[o]);
        const PieceType kind = o < 2 ? Rook : Bishop;
        for (Square x : { n.above ? T.lsq[o][id][low_pos(n.above)] : NoSquare,
                 n.below ? T.lsq[o][id][high_pos(n.below)] : NoSquare })
            if (x != NoSquare && x != add && test(enemy, x)
                && (type_of(board_[x]) == Queen || type_of(board_[x]) == kind))
                return true;
    }
    return false;
}

bool Board::check_of(Seat x) const {
    Square k = king_square(x);
    return k != NoSquare && attacked(k, enemies_of(x));
}

u8 Board::full_check_mask() const {
    u8 m = 0;
    for (Seat x = 0; x < 4; ++x)
        if (in_game(x) && check_of(x)) m |= seat_bit(x);
    return m;
}

// Whether x (not in check before the last change, relations unchanged) is in check now: only
// the moved piece can attack it anew by a leap, and only a line through a changed square (the
// bit sets `touched`, one per orientation, of line ids) can open or bring a slider's attack.
bool Board::newly_checked(
    Seat x, const u32* touched, const BB& changed, const BB* leaps, Seat leaper) const {
    const Square k            = kings_[x];
    const u8     enemy_armies = st_->c.enemies_of[x];
    if (leaps && (enemy_armies & seat_bit(leaper)) && test(*leaps, k)) return true;
    if (!any(T.queen[k] & changed)) return false; // no changed square on its lines
    const auto& L = T.sl[k];
    for (int o = 0; o < 4; ++o) {
        const int id = L.id[o];
        if (!(touched[o] >> id & 1)) continue;
        Nearest         nb    = nearest(occ16(lines_[o][id]) & L.seg[o], L.pos[o]);
        const PieceType kind2 = o < 2 ? Rook : Bishop;
        if (nb.above) {
            Piece p = board_[T.lsq[o][id][low_pos(nb.above)]];
            if ((enemy_armies & seat_bit(seat_of(p)))
                && (type_of(p) == Queen || type_of(p) == kind2))
                return true;
        }
        if (nb.below) {
            Piece p = board_[T.lsq[o][id][high_pos(nb.below)]];
            if ((enemy_armies & seat_bit(seat_of(p)))
                && (type_of(p) == Queen || type_of(p) == kind2))
                return true;
        }
    }
    return false;
}

void Board::check_info(
    Seat x, const BB& own, const BB& enemy, BB& checkers, BB& pinned, bool leapers) const {
    const Square k = kings_[x];
    checkers       = leapers ? leapers_to(k, enemy, by_type_, by_army_) : BB{};
    pinned         = BB{};
    const BB    q  = by_type_[Queen];
    const BB    rq = (by_type_[Rook] | q) & enemy, bq = (by_type_[Bishop] | q) & enemy;
    const auto& L = T.sl[k];
    for (int o = 0; o < 4; ++o) {
        const int id = L.id[o];
        if (!any(T.line_bb[o][id] & (o < 2 ? rq : bq))) continue; // no enemy slider there
        const PieceType kind   = o < 2 ? Rook : Bishop;
        auto            slider = [&](Square sq) {
            return test(enemy, sq) && (type_of(board_[sq]) == Queen || type_of(board_[sq]) == kind);
        };
        const Nearest n = nearest(occ16(lines_[o][id]) & L.seg[o], L.pos[o]);
        if (n.above) {
            Square s1 = T.lsq[o][id][low_pos(n.above)];
            if (slider(s1))
                set(checkers, s1);
            else if (test(own, s1)) {
                u32 rest = n.above & (n.above - 1);
                if (rest && slider(T.lsq[o][id][low_pos(rest)])) set(pinned, s1);
            }
        }
        if (n.below) {
            int    h  = high_pos(n.below);
            Square s1 = T.lsq[o][id][h];
            if (slider(s1))
                set(checkers, s1);
            else if (test(own, s1)) {
                u32 rest = n.below ^ (1u << h);
                if (rest && slider(T.lsq[o][id][high_pos(rest)])) set(pinned, s1);
            }
        }
    }
}

// The parts of a player's context that come from the placement and the relations alone.
Context Board::view(Seat player) const {
    Context c;
    c.us             = player;
    c.king           = king_square(player);
    c.own_armies     = st_->c.armies_of[player];
    c.enemy_armies   = st_->c.enemies_of[player];
    c.own            = armies(by_army_, c.own_armies);
    c.enemy          = armies(by_army_, c.enemy_armies);
    c.friendly       = occ_ & ~c.enemy;
    c.empty          = T.board & ~occ_;
    c.friendly_lines = 0;
    for (Seat a = 0; a < 4; ++a)
        if (!(c.enemy_armies & seat_bit(a))) c.friendly_lines |= u64(0xFFFF) << (16 * a);
    c.castling = st_->c.castling;
    return c;
}

Context Board::context(Seat player, bool ep_allowed) const {
    Context c = view(player);
    c.ep      = ep_allowed ? st_->c.ep : NoSquare;
    c.ep_pawn = ep_allowed ? st_->c.ep_pawn : NoSquare;
    if (c.king != NoSquare)
        check_info(player, c.own, c.enemy, c.checkers, c.pinned);
    else
        c.checkers = c.pinned = BB{};
    return c;
}

Context Board::context() const {
    Context c  = view(st_->c.player);
    c.ep       = st_->c.ep;
    c.ep_pawn  = st_->c.ep_pawn;
    c.checkers = st_->checkers;
    c.pinned   = st_->pinned;
    return c;
}

// The en passant square if `player` has a legal capture into ep of the pawn on `pawn`.
Square Board::legal_ep(Seat player, Square ep, Square pawn, BB* capturers) const {
    Piece victim = board_[pawn];
    if (!victim || type_of(victim) != Pawn
        || !(st_->c.enemies_of[player] & seat_bit(seat_of(victim))))
        return NoSquare;
    Square k     = king_square(player);
    BB     enemy = enemies_of(player);
    toggle(enemy, pawn);
    bool found = false;
    for (Seat a = 0; a < 4; ++a) {
        if (!(st_->c.armies_of[player] & seat_bit(a))) continue;
        BB caps = T.pawn_rev[a][ep] & by_type_[Pawn] & by_army_[a];
        for (Square s : squares(caps))
            if (!attacked(k, enemy, s, pawn, ep)) {
                found = true;
                if (!capturers) return ep;
                set(*capturers, s);
            }
    }
    return found ? ep : NoSquare;
}

Seat Board::next_after(Seat mover) const {
    u8 chk = st_->c.check_mask & st_->c.in_game & u8(~seat_bit(mover));
    for (int i = 1; i < 4; ++i) {
        Seat x = Seat((mover + i) & 3);
        if (chk & seat_bit(x)) return x;
    }
    for (int i = 1; i < 4; ++i) {
        Seat x = Seat((mover + i) & 3);
        if (in_game(x)) return x;
    }
    return mover;
}

bool valid_turn(const Board& b, Seat player) {
    if (!b.in_game(player)) return false;
    if (b.decided()) return true;
    for (Seat m = 0; m < 4; ++m)
        if (m != player && b.in_game(m) && b.next_after(m) == player) return true;
    return false;
}

// ---- elimination ------------------------------------------------------------------------------

void Board::eliminate(Seat x, Seat by, State& n) {
    if (Square k = king_square(x); k != NoSquare) {
        n.key ^= Z.psq[board_[k]][k];
        remove(k);
        n.elim_square[n.n_elim] = k;
    } else
        n.elim_square[n.n_elim] = NoSquare;
    n.elim_seat[n.n_elim++] = x;
    Carry& c                = n.c;
    c.in_game &= u8(~seat_bit(x));
    for (int side = 0; side < 2; ++side)
        if (c.castling & castling_bit(x, side)) {
            n.key ^= Z.castling[2 * x + side];
            c.castling &= u8(~castling_bit(x, side));
        }
    for (Seat a = 0; a < 4; ++a) {
        // The mated player's armies go, in teams, to its partner (as the rule book says, also
        // when the partner is out: the team has fallen and the one who fell first holds both
        // armies); in free-for-all, to `by`.
        Seat to = c.control[a] == x ? (teams_ ? partner(x) : by) : c.control[a];
        if (to == c.control[a]) continue;
        n.key ^= Z.control[a][c.control[a]] ^ Z.control[a][to];
        c.control[a] = to;
    }
    if (!teams_ && c.alliance) { // any further elimination ends an alliance
        n.key ^= Z.alliance[c.alliance];
        c.alliance = 0;
    }
    relations(c);
}

// Checkmates after a move by `from` (or a resignation by `from`): scanning clockwise from it, a
// player in check with no legal move is eliminated at once; passes repeat until one eliminates
// nobody. An en passant capture counts only for the player who would move next.
void Board::scan_eliminations(
    State& n, Seat from, Square ep_candidate, Square ep_pawn, bool by_move) {
    for (bool again = true; again;) {
        again = false;
        for (int i = 1; i < 4 && n.n_elim < 3; ++i) {
            Seat x = Seat((from + i) & 3);
            if (!(n.c.in_game & n.c.check_mask & seat_bit(x)) || x == from) continue;
            bool    next_mover = next_after(from) == x;
            Context c          = context(x, false);
            if (ep_candidate != NoSquare && next_mover) {
                c.ep      = legal_ep(x, ep_candidate, ep_pawn);
                c.ep_pawn = ep_pawn;
            }
            if (has_legal_move(*this, c)) continue;
            Seat by = from;
            if (!by_move) { // mated by a resignation's consequences: the checker's commander
                Square chk = lsb(c.checkers);
                by         = chk != NoSquare ? n.c.control[seat_of(board_[chk])] : from;
            }
            eliminate(x, by, n);
            n.c.check_mask = full_check_mask();
            again          = true;
        }
    }
}

// Chooses the next player after an event by `mover` and computes its state: checkers, pins,
// the en passant right, the seat key and the full-move number.
void Board::finish(State& n, Seat mover, Square ep_candidate, Square ep_pawn, bool keep_player) {
    const Seat before = n.previous->c.player;
    Seat       next;
    if (decided()) {
        next = mover;
        for (int i = 1; i < 4; ++i)
            if (in_game(Seat((mover + i) & 3))) {
                next = Seat((mover + i) & 3);
                break;
            }
    } else if (keep_player) {
        next = before;
        if (!valid_turn(*this, before)) {
            for (int i = 0; i < 4; ++i)
                if (n.c.check_mask & n.c.in_game & seat_bit(Seat((before + i) & 3))) {
                    next = Seat((before + i) & 3);
                    break;
                }
        }
    } else
        next = next_after(mover);
    if (next != before || !keep_player)
        if (next <= (keep_player ? before : mover)) ++n.c.fullmove;
    n.key ^= Z.seat[before] ^ Z.seat[next];
    n.c.player = next;
    n.c.ep = n.c.ep_pawn = NoSquare;
    if (decided()) {
        n.checkers = n.pinned = BB{};
        return;
    }
    check_info(next, pieces_of(next), enemies_of(next), n.checkers, n.pinned,
        n.c.check_mask & seat_bit(next));
    if (ep_candidate != NoSquare && legal_ep(next, ep_candidate, ep_pawn) != NoSquare) {
        n.c.ep      = ep_candidate;
        n.c.ep_pawn = ep_pawn;
        n.key ^= Z.ep[ep_candidate];
    }
}

// ---- make / unmake ----------------------------------------------------------------------------

void Board::make(Move m, State& n) {
    State&     p     = *st_;
    const Seat mover = p.c.player;
    n.c              = p.c;
    n.key            = p.key;
    if (p.c.ep != NoSquare) n.key ^= Z.ep[p.c.ep];
    n.c.ep = n.c.ep_pawn = NoSquare;
    ++n.c.rule50;
    n.previous = &p;
    n.captured = NoPiece;
    n.mover    = mover;
    n.n_elim   = 0;
    st_        = &n;

    const Square from = m.from(), to = m.to();
    const Piece  pc = board_[from];
    Square       changed[4];
    int          nc           = 0;
    Square       landed       = to; // the square of the piece that may give check by a leap
    Square       ep_candidate = NoSquare;

    if (m.kind() == MoveKind::Castling) {
        const CastlingGeometry& g
            = kCastling[seat_of(pc)][to == kCastling[seat_of(pc)][0].rook_from ? 0 : 1];
        Piece rook = board_[to];
        remove(from), remove(to);
        put(pc, g.king_to), put(rook, g.rook_to);
        n.key ^= Z.psq[pc][from] ^ Z.psq[pc][g.king_to] ^ Z.psq[rook][to] ^ Z.psq[rook][g.rook_to];
        changed[0] = from, changed[1] = to, changed[2] = g.king_to, changed[3] = g.rook_to;
        nc     = 4;
        landed = NoSquare;
    } else {
        Square capsq = m.kind() == MoveKind::EnPassant ? p.c.ep_pawn : to;
        if (Piece cap = board_[capsq]) {
            n.key ^= Z.psq[cap][capsq];
            remove(capsq);
            n.captured = cap;
            n.c.rule50 = 0;
        }
        shift(from, to);
        n.key ^= Z.psq[pc][from] ^ Z.psq[pc][to];
        changed[0] = from, changed[1] = to;
        nc = 2;
        if (capsq != to) changed[nc++] = capsq;
        if (type_of(pc) == Pawn) {
            n.c.rule50 = 0;
            if (m.kind() == MoveKind::Promotion) {
                Piece promoted = make_piece(seat_of(pc), m.promotion());
                remove(to), put(promoted, to);
                n.key ^= Z.psq[pc][to] ^ Z.psq[promoted][to];
            } else if (T.pawn_double[seat_of(pc)][from] == to) {
                int df = kForward[seat_of(pc)][0], dr = kForward[seat_of(pc)][1];
                ep_candidate = sq(file_of(from) + df, rank_of(from) + dr);
            }
        }
    }
    if (u8 lost = n.c.castling & (T.castle_mask[from] | T.castle_mask[to])) {
        for (int i = 0; i < 8; ++i)
            if (lost & (1u << i)) n.key ^= Z.castling[i];
        n.c.castling &= u8(~lost);
    }

    if (n.captured && type_of(n.captured) == King) { // only possible right after an alliance ended
        eliminate(seat_of(n.captured), mover, n);
        n.c.check_mask = full_check_mask();
    } else {
        u32 touched[4] = { 0, 0, 0, 0 };
        BB  chg{};
        for (int i = 0; i < nc; ++i) {
            set(chg, changed[i]);
            for (int o = 0; o < 4; ++o) touched[o] |= 1u << T.sl[changed[i]].id[o];
        }
        // The moved piece's leaps (knight, pawn, king), the only new leaper attacks.
        const BB* leaps = nullptr;
        Piece     lp    = landed != NoSquare ? board_[landed] : NoPiece;
        switch (type_of(lp)) {
        case Knight:
            leaps = &T.knight[landed];
            break;
        case Pawn:
            leaps = &T.pawn_cap[seat_of(lp)][landed];
            break;
        case King:
            leaps = &T.king[landed];
            break;
        default:
            break;
        }
        u8 mask = 0;
        for (int i = 1; i < 4; ++i) {
            Seat x = Seat((mover + i) & 3);
            if (!(n.c.in_game & seat_bit(x))) continue;
            bool chk = (p.c.check_mask & seat_bit(x))
                ? check_of(x)
                : newly_checked(x, touched, chg, leaps, seat_of(lp));
            if (chk) mask |= seat_bit(x);
        }
        n.c.check_mask = mask;
    }
    if (n.c.check_mask & u8(~seat_bit(mover))) scan_eliminations(n, mover, ep_candidate, to, true);
    finish(n, mover, ep_candidate, to, false);
}

void Board::unmake(Move m) {
    State& n = *st_;
    for (int i = n.n_elim - 1; i >= 0; --i)
        if (n.elim_square[i] != NoSquare) put(make_piece(n.elim_seat[i], King), n.elim_square[i]);
    const Square from = m.from(), to = m.to();
    if (m.kind() == MoveKind::Castling) {
        Seat                    a    = n.mover;
        const CastlingGeometry& g    = kCastling[a][to == kCastling[a][0].rook_from ? 0 : 1];
        Piece                   king = board_[g.king_to], rook = board_[g.rook_to];
        remove(g.king_to), remove(g.rook_to);
        put(king, from), put(rook, to);
    } else {
        if (m.kind() == MoveKind::Promotion) {
            Piece promoted = board_[to];
            remove(to), put(make_piece(seat_of(promoted), Pawn), to);
        }
        shift(to, from);
        if (n.captured)
            put(n.captured, m.kind() == MoveKind::EnPassant ? n.previous->c.ep_pawn : to);
    }
    st_ = n.previous;
}

// ---- non-move events --------------------------------------------------------------------------

void Board::resign(Seat who, State& n) {
    State& p = *st_;
    n.c      = p.c;
    n.key    = p.key;
    if (p.c.ep != NoSquare) n.key ^= Z.ep[p.c.ep];
    n.c.ep = n.c.ep_pawn = NoSquare;
    n.previous           = &p;
    n.captured           = NoPiece;
    n.mover              = 0xFF;
    n.n_elim             = 0;
    st_                  = &n;

    if (teams_) {
        eliminate(who, partner(who), n);
    } else {
        // The whole army (and every army it commands) leaves the board; the emptied armies are
        // recorded as commanded by the next player in the game, clockwise.
        u8 armies = n.c.armies_of[who];
        for (Seat a = 0; a < 4; ++a) {
            if (!(armies & seat_bit(a))) continue;
            for (Square s : squares(by_army_[a])) {
                if (type_of(board_[s]) == King) continue; // eliminate() removes it
                n.key ^= Z.psq[board_[s]][s];
                remove(s);
            }
        }
        Seat heir = who;
        for (int i = 1; i < 4; ++i)
            if (n.c.in_game & seat_bit(Seat((who + i) & 3))) {
                heir = Seat((who + i) & 3);
                break;
            }
        eliminate(who, heir, n);
    }
    n.c.check_mask    = full_check_mask();
    const Seat before = p.c.player;
    Square     ep = p.c.ep, ep_pawn = p.c.ep_pawn;
    if (n.c.check_mask) scan_eliminations(n, who, NoSquare, NoSquare, false);
    if (who == before)
        finish(n, who, NoSquare, NoSquare, false);
    else {
        finish(n, who, NoSquare, NoSquare, true);
        if (ep != NoSquare && n.c.player == before && in_game(before) && !decided()
            && legal_ep(before, ep, ep_pawn) != NoSquare) {
            n.c.ep = ep, n.c.ep_pawn = ep_pawn;
            n.key ^= Z.ep[ep];
        }
    }
}

bool Board::alliance_possible(u8 pair) const {
    const Carry& c = st_->c;
    if (teams_ || c.alliance || bit_count(c.in_game) != 3 || bit_count(pair) != 2
        || (pair & ~c.in_game))
        return false;
    u8  third     = c.in_game & u8(~pair);
    int absorbers = 0;
    for (Seat s = 0; s < 4; ++s) absorbers += absorber(s);
    return absorbers == 1 && absorber(Seat(std::countr_zero(unsigned(third))));
}

bool Board::ally(u8 pair, State& n) {
    if (!alliance_possible(pair)) return false;
    State& p = *st_;
    n.c      = p.c;
    n.key    = p.key ^ Z.alliance[pair];
    if (p.c.ep != NoSquare) n.key ^= Z.ep[p.c.ep];
    n.c.ep = n.c.ep_pawn = NoSquare;
    n.previous           = &p;
    n.captured           = NoPiece;
    n.mover              = 0xFF;
    n.n_elim             = 0;
    n.c.alliance         = pair;
    st_                  = &n;
    relations(n.c);
    n.c.check_mask    = full_check_mask();
    const Seat before = p.c.player;
    for (Seat x = 0; x < 4; ++x)
        if (n.c.check_mask & seat_bit(x)) {
            Context c = context(x, false);
            if (x == before && p.c.ep != NoSquare) {
                c.ep      = legal_ep(x, p.c.ep, p.c.ep_pawn);
                c.ep_pawn = p.c.ep_pawn;
            }
            if (!has_legal_move(*this, c)) {
                st_ = &p;
                return false;
            }
        }
    finish(n, before, NoSquare, NoSquare, true);
    if (p.c.ep != NoSquare && n.c.player == before
        && legal_ep(before, p.c.ep, p.c.ep_pawn) != NoSquare) {
        n.c.ep = p.c.ep, n.c.ep_pawn = p.c.ep_pawn;
        n.key ^= Z.ep[p.c.ep];
    }
    return true;
}

// ---- set-up and validation --------------------------------------------------------------------

u64 Board::compute_key(const State& st) const {
    u64 k = 0;
    for (Square s = 0; s < Squares; ++s)
        if (board_[s]) k ^= Z.psq[board_[s]][s];
    k ^= Z.seat[st.c.player];
    for (int i = 0; i < 8; ++i)
        if (st.c.castling & (1u << i)) k ^= Z.castling[i];
    if (st.c.ep != NoSquare) k ^= Z.ep[st.c.ep];
    for (Seat a = 0; a < 4; ++a) k ^= Z.control[a][st.c.control[a]];
    return k ^ Z.alliance[st.c.alliance];
}

std::optional<PositionError> Board::set_checked(const Setup<Cross14>& s, State& st) {
    using Code = PositionError::Code;
    std::fill(std::begin(board_), std::end(board_), NoPiece);
    std::fill(std::begin(kings_), std::end(kings_), NoSquare);
    std::fill(std::begin(by_type_), std::end(by_type_), BB{});
    std::fill(std::begin(by_army_), std::end(by_army_), BB{});
    occ_ = BB{};
    for (auto& row : lines_) std::fill(std::begin(row), std::end(row), u64(0));
    st        = State{};
    st_       = &st;
    auto name = [](Square x) { return square_name<Cross14>(x); };
    auto seat = [](Seat x) { return std::string(kSeatNames[x & 3]); };

    for (Square x = 0; x < Squares; ++x) {
        Piece p = s.board[x];
        if (!p) continue;
        if (!on_board(x) || type_of(p) < Pawn || type_of(p) > King || seat_of(p) > 3)
            return PositionError{ Code::PieceNotInVariant, x,
                "the piece on " + (on_board(x) ? name(x) : "a removed corner")
                    + " is not a Four Kingdoms piece" };
        put(p, x);
    }
    Carry& c = st.c;
    if (s.player > 3)
        return PositionError{ Code::PlayerNotInGame, NoSquare, "no such player to move" };
    c.player   = s.player;
    c.castling = s.castling;
    c.rule50   = s.halfmove;
    c.fullmove = s.fullmove;
    c.control  = s.control;
    c.alliance = s.alliance;
    c.in_game  = 0;
    for (Seat a = 0; a < 4; ++a) {
        int kings = popcount(by_army_[a] & by_type_[King]);
        if (kings > 1)
            return PositionError{ Code::KingCount, king_square(a),
                seat(a) + "'s army has " + std::to_string(kings) + " kings" };
        if (kings) c.in_game |= seat_bit(a);
        int pieces = popcount(by_army_[a]), pawns = popcount(by_army_[a] & by_type_[Pawn]);
        if (pieces > 16 || pawns > 8)
            return PositionError{ Code::TooManyPieces, NoSquare,
                seat(a) + "'s army has " + std::to_string(pieces) + " pieces and "
                    + std::to_string(pawns)
                    + " pawns; an army never has more than 16 pieces or 8 pawns" };
        BB back = by_army_[a] & by_type_[Pawn];
        for (Square x : squares(back))
            if (on_back_line(a, x))
                return PositionError{ Code::PawnOnBackRank, x,
                    "a pawn of " + seat(a) + " stands on " + name(x) + ", on its own back line" };
    }
    if (!(c.in_game & seat_bit(c.player)))
        return PositionError{ Code::PlayerNotInGame, NoSquare,
            "the player to move, " + seat(c.player) + ", has no king on the board" };
    for (Seat a = 0; a < 4; ++a) {
        Seat cmd = c.control[a];
        if (cmd > 3) return PositionError{ Code::Commander, NoSquare, "no such commander" };
        std::string why;
        if (c.in_game & seat_bit(a)) {
            if (cmd != a) why = seat(a) + " is in the game, so it commands its own army";
        } else if (teams_) {
            // A fallen team's armies (both kings gone, the game over) may name either of its
            // players: the partner who would take command is out too, and writers differ.
            bool fallen = !(c.in_game & seat_bit(partner(a)));
            if (fallen ? cmd != a && cmd != partner(a) : cmd != partner(a))
                why = fallen ? seat(a) + " and " + seat(partner(a))
                        + " are both out, so one of them commands its army"
                             : seat(a) + " is out, so its partner " + seat(partner(a))
                        + " commands its army";
        } else if (!(c.in_game & seat_bit(cmd)))
            why = seat(cmd) + " is out of the game and cannot command an army";
        if (!why.empty())
            return PositionError{ Code::Commander, NoSquare,
                "the army of " + seat(a) + " cannot be commanded by " + seat(cmd) + ": " + why };
    }
    relations(c);
    if (teams_) {
        if (c.alliance != 0x3)
            return PositionError{ Code::Alliance, NoSquare,
                "in fourkingdoms-teams the alliance is always East and South (es)" };
    } else if (c.alliance) {
        u8 pair    = c.alliance;
        c.alliance = 0;
        relations(c);
        bool ok    = alliance_possible(pair);
        c.alliance = pair;
        relations(c);
        if (!ok)
            return PositionError{ Code::Alliance, NoSquare,
                "an alliance needs exactly three players in the game, one of them "
                "an absorber, and the allies must be the other two" };
    }
    for (Seat a = 0; a < 4; ++a)
        for (int side = 0; side < 2; ++side) {
            if (!(c.castling & castling_bit(a, side))) continue;
            const CastlingGeometry& g = kCastling[a][side];
            if (board_[g.king_from] != make_piece(a, King))
                return PositionError{ Code::CastlingWithoutKing, g.king_from,
                    seat(a) + " may castle, but its king is not on " + name(g.king_from) };
            if (board_[g.rook_from] != make_piece(a, Rook))
                return PositionError{ Code::CastlingWithoutRook, g.rook_from,
                    seat(a) + " may castle, but its rook is not on " + name(g.rook_from) };
        }
    c.check_mask = full_check_mask();
    if (!valid_turn(*this, c.player))
        return PositionError{ Code::TurnOrder, NoSquare,
            seat(c.player)
                + " cannot be the player to move: check comes first, and no previous "
                  "move could have given it the turn" };
    if (s.ep != NoSquare) {
        Square e   = s.ep;
        auto   bad = [&](const std::string& why) {
            return PositionError{ Code::EnPassantSquare, e,
                "en passant square " + name(e) + ": " + why };
        };
        Seat a = 4;
        for (Seat x = 0; x < 4; ++x)
            if (on_board(e) && depth(x, e) == 2) a = x;
        if (a == 4) return bad("no double step passes it");
        Square start = sq(file_of(e) - kForward[a][0], rank_of(e) - kForward[a][1]);
        Square pawn  = sq(file_of(e) + kForward[a][0], rank_of(e) + kForward[a][1]);
        if (board_[e] || board_[start] || board_[pawn] != make_piece(a, Pawn))
            return bad("it needs an empty square, an empty start square behind it and a pawn of "
                + seat(a) + " in front of it");
        if (s.halfmove != 0)
            return bad("a double step was just played, so the half-move clock is 0");
        // The player to move is the one the double step passed the turn to (in a decided game:
        // the next player in the game, the mover itself if alone).
        Seat mover = c.control[a];
        if (!(c.in_game & seat_bit(mover)) || next_after(mover) != c.player
            || (mover == c.player && !decided()))
            return bad(seat(c.player) + " cannot be the player to move right after " + seat(mover)
                + "'s double step");
        // A square the double step explains but nobody can take on is dropped, as FEN readers
        // do: other writers record the passed square after every double step.
        if (!decided() && legal_ep(c.player, e, pawn) != NoSquare) {
            c.ep      = e;
            c.ep_pawn = pawn;
        }
    }
    for (Seat x = 0; x < 4; ++x) {
        if (!(c.check_mask & seat_bit(x))) continue;
        Context ctx = context(x, x == c.player);
        if (!has_legal_move(*this, ctx))
            return PositionError{ Code::Mated, king_square(x),
                seat(x)
                    + " is in check with no legal move: it would have been "
                      "checkmated" };
    }
    if (!decided())
        check_info(c.player, pieces_of(c.player), enemies_of(c.player), st.checkers, st.pinned);
    st.key = compute_key(st);
    return std::nullopt;
}

Setup<Cross14> Board::setup() const {
    Setup<Cross14> s;
    for (Square x = 0; x < Squares; ++x) s.board[x] = board_[x];
    s.player   = st_->c.player;
    s.castling = st_->c.castling;
    s.ep       = st_->c.ep;
    s.halfmove = st_->c.rule50;
    s.fullmove = st_->c.fullmove;
    s.control  = st_->c.control;
    s.alliance = st_->c.alliance;
    return s;
}

bool Board::consistent() const {
    BB  occ{}, types[7]{}, armies[4]{};
    u64 lines[4][27]{};
    for (Square s = 0; s < Squares; ++s) {
        Piece p = board_[s];
        if (!p) continue;
        if (!on_board(s)) return false;
        set(occ, s), set(types[type_of(p)], s), set(armies[seat_of(p)], s);
        for (int o = 0; o < 4; ++o)
            lines[o][T.sl[s].id[o]] |= u64(1) << (16 * seat_of(p) + T.sl[s].pos[o]);
    }
    if (!(occ == occ_)) return false;
    for (int t = 0; t < 7; ++t)
        if (!(types[t] == by_type_[t])) return false;
    for (int a = 0; a < 4; ++a)
        if (!(armies[a] == by_army_[a])) return false;
    for (int o = 0; o < 4; ++o)
        for (int i = 0; i < 27; ++i)
            if (lines[o][i] != lines_[o][i]) return false;
    if (compute_key(*st_) != st_->key) return false;
    if (full_check_mask() != st_->c.check_mask) return false;
    Carry c = st_->c;
    relations(c);
    for (int x = 0; x < 4; ++x)
        if (c.armies_of[x] != st_->c.armies_of[x] || c.enemies_of[x] != st_->c.enemies_of[x])
            return false;
    u8 g = 0;
    for (Seat a = 0; a < 4; ++a)
        if (any(by_army_[a] & by_type_[King])) g |= seat_bit(a);
    if (g != st_->c.in_game) return false;
    if (!decided()) {
        BB chk, pin;
        check_info(st_->c.player, pieces_of(st_->c.player), enemies_of(st_->c.player), chk, pin);
        if (!(chk == st_->checkers) || !(pin == st_->pinned)) return false;
        if (!valid_turn(*this, st_->c.player)) return false;
    }
    return true;
}

// ---- move generation --------------------------------------------------------------------------

namespace {

enum class Mode { Count, List, Any };

template <Mode M> struct Out {
    Move* list;
    u64   n = 0;
    void add(Square from, Square to, MoveKind k = MoveKind::Normal, PieceType promo = NoPieceType) {
        if constexpr (M == Mode::List) new (&list[n]) Move(from, to, k, promo);
        ++n;
    }
    // The moves of a pawn from `from` to each square of `to`; on a move that starts or ends on
    // the promotion line, five texts: not promoting, and q r b n.
    void pawn(Square from, BB to, const BB& promo_line, bool from_promo) {
        if constexpr (M == Mode::List) {
            for (Square t : squares(to)) {
                add(from, t);
                if (from_promo || test(promo_line, t))
                    for (PieceType p : { Queen, Rook, Bishop, Knight })
                        add(from, t, MoveKind::Promotion, p);
            }
        } else {
            n += from_promo ? 5 * popcount(to) : popcount(to) + 4 * popcount(to & promo_line);
        }
    }
};

// Square-index steps of each army's pawns: forward, and the two forward diagonals.
inline constexpr int kPush[4]       = { -1, 14, 1, -14 };
inline constexpr int kCapture[4][2] = { { 13, -15 }, { 13, 15 }, { 15, -13 }, { -13, -15 } };

// Pawns of army A inside their home, none pinned: pushes, double steps and forward captures by
// shifts. A home pawn never reaches a board edge sideways, so no shift wraps; a removed corner
// is never empty or enemy, so masks drop it.
template <Seat A, Mode M>
inline void home_pawns(Out<M>& out, BB pawns, BB empty, BB enemy, BB target) {
    constexpr int P = kPush[A], C1 = kCapture[A][0], C2 = kCapture[A][1];
    BB            push  = shift_by(pawns, P) & empty;
    BB            push2 = shift_by(push & T.third[A], P) & empty & target;
    push &= target;
    BB c1 = shift_by(pawns, C1) & enemy & target;
    BB c2 = shift_by(pawns, C2) & enemy & target;
    if constexpr (M == Mode::List) {
        for (Square t : squares(push)) out.add(Square(t - P), t);
        for (Square t : squares(push2)) out.add(Square(t - 2 * P), t);
        for (Square t : squares(c1)) out.add(Square(t - C1), t);
        for (Square t : squares(c2)) out.add(Square(t - C2), t);
    } else
        out.n += popcount(push) + popcount(push2) + popcount(c1) + popcount(c2);
}

} // namespace

struct Generator {
    template <Mode M> static u64 run(const Board& b, const Context& c, Move* list) {
        Out<M>       out{ list };
        const Square k     = c.king;
        const BB     enemy = c.enemy, empty = c.empty, own = c.own;
        const BB     pinned = c.pinned;
        const bool   check  = any(c.checkers);
        const bool   pins   = any(pinned);

        // King steps onto squares no enemy attacks (with the king gone from its square).
        {
            for (Square t : squares(T.king[k] & ~c.friendly))
                if (!b.attacked(t, c.enemy, k)) {
                    out.add(k, t);
                    if constexpr (M == Mode::Any) return 1;
                }
        }
        if (check && more_than_one(c.checkers)) return out.n;
        const BB target = check ? between(k, lsb(c.checkers)) | c.checkers : empty | enemy;

        // Knights (a pinned knight never moves).
        {
            for (Square s : squares(b.by_type_[Knight] & own & ~pinned)) {
                BB to = T.knight[s] & target;
                if constexpr (M == Mode::List) {
                    for (Square t : squares(to)) out.add(s, t);
                } else {
                    out.n += popcount(to);
                    if constexpr (M == Mode::Any)
                        if (out.n) return out.n;
                }
            }
        }
        // Sliders, along the lines of their orientations (a pinned one only along its pin).
        {
            const BB sliders = (b.by_type_[Bishop] | b.by_type_[Rook] | b.by_type_[Queen]) & own;
            for (Square s : squares(sliders)) {
                PieceType t  = type_of(b.board_[s]);
                int       lo = t == Bishop ? 2 : 0, hi = t == Rook ? 2 : 4;
                if (pins && test(c.pinned, s)) {
                    int o = orientation(k, s);
                    if (o < lo || o >= hi) continue;
                    lo = o, hi = o + 1;
                }
                const auto& L = T.sl[s];
                for (int o = lo; o < hi; ++o) {
                    int       id = L.id[o], p = L.pos[o];
                    u32       seg  = L.seg[o];
                    const u64 line = b.lines_[o][id];
                    u32       att  = T.ride[p][(occ16(line) & seg) >> 1 & 0xFFF] & seg;
                    if constexpr (M != Mode::List) {
                        if (!check) {
                            out.n += u64(std::popcount(att & ~occ16(line & c.friendly_lines)));
                            if constexpr (M == Mode::Any)
                                if (out.n) return out.n;
                            continue;
                        }
                    }
                    for (u32 bits = att; bits; bits &= bits - 1) {
                        Square to = T.lsq[o][id][low_pos(bits)];
                        if (test(target, to)) {
                            out.add(s, to);
                            if constexpr (M == Mode::Any) return 1;
                        }
                    }
                }
            }
        }
        // Pawns, per army (its own forward, home and promotion line): those inside their home
        // (and not pinned) all at once by shifts, as in chess; the others one by one from the
        // per-square tables.
        for (Seat a = 0; a < 4; ++a) {
            if (!(c.own_armies & seat_bit(a))) continue;
            const BB pawns  = b.by_type_[Pawn] & b.by_army_[a];
            const BB inside = pawns & T.home[a] & ~pinned;
            if (any(inside)) {
                switch (a) {
                case East:
                    home_pawns<East>(out, inside, empty, enemy, target);
                    break;
                case South:
                    home_pawns<South>(out, inside, empty, enemy, target);
                    break;
                case West:
                    home_pawns<West>(out, inside, empty, enemy, target);
                    break;
                default:
                    home_pawns<North>(out, inside, empty, enemy, target);
                    break;
                }
                if constexpr (M == Mode::Any)
                    if (out.n) return out.n;
            }
            for (Square s : squares(pawns & ~inside)) {
                BB     to = T.pawn_quiet[a][s] & empty;
                Square d  = T.pawn_double[a][s];
                if (d != NoSquare && any(to) && !b.board_[d]) to |= bit<BB>(d);
                to = (to | (T.pawn_cap[a][s] & enemy)) & target;
                if (pins && test(c.pinned, s)) {
                    int o = orientation(k, s);
                    to &= T.line_bb[o][T.sl[k].id[o]];
                }
                out.pawn(s, to, T.promo[a], test(T.promo[a], s));
                if constexpr (M == Mode::Any)
                    if (out.n) return out.n;
            }
        }
        // En passant: each capture tested against the board as it would be.
        if (c.ep != NoSquare) {
            BB e = c.enemy;
            toggle(e, c.ep_pawn);
            for (Seat a = 0; a < 4; ++a) {
                if (!(c.own_armies & seat_bit(a))) continue;
                BB caps = T.pawn_rev[a][c.ep] & b.by_type_[Pawn] & b.by_army_[a];
                for (Square s : squares(caps))
                    if (!b.attacked(k, e, s, c.ep_pawn, c.ep)) {
                        out.add(s, c.ep, MoveKind::EnPassant);
                        if constexpr (M == Mode::Any) return 1;
                    }
            }
        }
        // Castling: the path empty, the king not in check and not crossing or landing on an
        // attacked square.
        if (!check && (c.castling & castling_bits(c.us))) {
            for (int side = 0; side < 2; ++side) {
                if (!(c.castling & castling_bit(c.us, side))) continue;
                const CastlingGeometry& g = kCastling[c.us][side];
                if (any(T.castle_path[c.us][side] & b.occ_)) continue;
                if (b.attacked(T.castle_cross[c.us][side], c.enemy, k)
                    || b.attacked(g.king_to, c.enemy, k))
                    continue;
                out.add(k, g.rook_from, MoveKind::Castling);
                if constexpr (M == Mode::Any) return 1;
            }
        }
        return out.n;
    }
};

int generate_moves(const Board& b, const Context& c, Move* out) {
    if (c.king == NoSquare) return 0;
    return int(Generator::run<Mode::List>(b, c, out));
}

int generate_moves(const Board& b, Move* out) {
    if (b.decided()) return 0;
    return int(Generator::run<Mode::List>(b, b.context(), out));
}

u64 count_moves(const Board& b) {
    if (b.decided()) return 0;
    return Generator::run<Mode::Count>(b, b.context(), nullptr);
}

bool has_legal_move(const Board& b, const Context& c) {
    if (c.king == NoSquare) return false;
    return Generator::run<Mode::Any>(b, c, nullptr) > 0;
}

u64 run_perft(Board& b, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_moves(b);
    if (stop && stop->load(std::memory_order_relaxed)) return 0;
    alignas(Move) unsigned char raw[sizeof(Move) * FourKingdoms::MaxMoves];
    Move*                       list = reinterpret_cast<Move*>(raw);
    int                         n    = generate_moves(b, list);
    State                       st;
    u64                         total = 0;
    for (int i = 0; i < n; ++i) {
        b.make(list[i], st);
        total += depth == 2 ? count_moves(b) : run_perft(b, depth - 1, stop);
        b.unmake(list[i]);
    }
    return total;
}

} // namespace citadel::fk
