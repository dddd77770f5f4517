// Tamerlane perft and a second, slow move generator to check the fast one against.
//
// The slow generator reads the rules straight off docs/rules/tamerlane.md and the piece atoms (the
// core's walker, core/atoms.h), not the fast generator's tables, pins or check masks: every
// pseudo-legal move is made on a fresh position and kept if the mover's lone royal (if it has
// exactly one) is not attacked, an attack being any enemy piece whose atoms reach the royal's
// square. Relocations, swaps and citadel entries are enumerated square by square from their
// definitions. Both generators must agree on every position of seeded random games (biased
// towards captures, pawn advances and the rare moves) and on every node of small perft trees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/atoms.h"
#include "perft_support.h"
#include "variants/tamerlane.h"

using namespace citadel;
using namespace citadel::tamerlane;
using perfttest::kSanitized;
using perfttest::load_perft;
using perfttest::PerftCase;

namespace {

using P  = Position<Tamerlane>;
using BB = TamerlaneBoard::Bitboard;
using Gm = TamerlaneBoard;

// ---- the slow generator ---------------------------------------------------------------------

// The squares a piece of type t and seat `seat` (forward +1 for White, -1 for Black) attacks, or
// may move to, given the occupancy: a destination counts when its path is empty. `mode_filter`
// selects capture squares (CaptureOnly: where it could take a piece), quiet squares (MoveOnly)
// or both (Both). The destination itself may be occupied; the caller masks own pieces.
template <class G>
typename G::Bitboard atom_targets(
    PieceType t, Square from, int forward, typename G::Bitboard occ, Mode mode_filter) {
    using Bits = typename G::Bitboard;
    Bits out{};
    for (const Atom& a : kind(t).atoms) {
        if (mode_filter == Mode::CaptureOnly && a.mode == Mode::MoveOnly) continue;
        if (mode_filter == Mode::MoveOnly && a.mode == Mode::CaptureOnly) continue;
        bool blocked = false;
        walk_atom<G>(
            a, from, kind(t).forward_relative ? forward : 1, [&](Square s, Bits path, Mode) {
                if (blocked) return;
                if (any(path & occ)) {
                    blocked = true;
                    return;
                }
                out |= bit<Bits>(s);
            });
    }
    return out;
}

bool on_rect(Square s) { return s < Cells; }

// Where the piece on s (of seat c) could capture, by its atoms, on the board `occ`.
BB capture_squares(const Setup<Gm>& b, Square s, const BB& occ) {
    const Piece     p = b.board[s];
    const PieceType t = type_of(p);
    if (!on_rect(s)) { // a royal in a citadel: its three neighbours
        BB out{};
        for (Square n = 0; n < Cells; ++n) {
            int  f = Gm::file_of(n), r = Gm::rank_of(n);
            bool next = s == WhiteCitadel ? f == Files - 1 && r <= 2 : f == 0 && r >= Ranks - 3;
            if (next) out |= bit<BB>(n);
        }
        return out;
    }
    if (is_pawn(t))
        return atom_targets<Gm>(PawnOfRooks, s, forward(seat_of(p)), occ, Mode::CaptureOnly);
    return atom_targets<Gm>(t, s, 1, occ, Mode::Both);
}

BB occupancy(const Setup<Gm>& b) {
    BB o{};
    for (Square s = 0; s < Gm::Squares; ++s)
        if (b.board[s]) o |= bit<BB>(s);
    return o;
}

bool attacked_by(const Setup<Gm>& b, Seat by, Square target) {
    if (!on_rect(target)) return false;
    const BB occ = occupancy(b);
    for (Square s = 0; s < Gm::Squares; ++s)
        if (b.board[s] && seat_of(b.board[s]) == by && test(capture_squares(b, s, occ), target))
            return true;
    return false;
}

std::vector<Square> royals_of(const Setup<Gm>& b, Seat c) {
    std::vector<Square> out;
    for (Square s = 0; s < Gm::Squares; ++s)
        if (b.board[s] && seat_of(b.board[s]) == c && is_royal(type_of(b.board[s])))
            out.push_back(s);
    return out;
}

bool waiting(const Setup<Gm>& b, Square s) {
    const Piece p = b.board[s];
    return p && type_of(p) == PawnOfPawns && on_rect(s) && Gm::rank_of(s) == last_rank(seat_of(p));
}

// The side to move is in check: exactly one royal, attacked.
bool in_check(const Setup<Gm>& b) {
    auto r = royals_of(b, b.to_move);
    return r.size() == 1 && attacked_by(b, Seat(b.to_move ^ 1), r[0]);
}

Setup<Gm> after(const Setup<Gm>& b, Move m) {
    P                    pos;
    StateInfo<Tamerlane> s0, s1;
    EXPECT_FALSE(pos.set(b, s0).has_value());
    pos.make(m, s1);
    return pos.setup();
}

// Whether the mover's lone royal (if it has exactly one) is safe after m.
bool safe_after(const Setup<Gm>& b, Move m) {
    Setup<Gm> a = after(b, m);
    auto      r = royals_of(a, b.to_move);
    return r.size() != 1 || !attacked_by(a, a.to_move, r[0]);
}

std::set<std::string> slow_moves(const Setup<Gm>& b) {
    std::set<std::string> out;
    const Seat            us = b.to_move, them = Seat(us ^ 1);
    // A royal in the enemy citadel ends the game.
    for (Seat c : { White, Black })
        if (b.board[enemy_citadel(c)] && seat_of(b.board[enemy_citadel(c)]) == c) return out;
    const BB occ      = occupancy(b);
    bool     has_king = false, has_prince = false;
    for (Square s = 0; s < Gm::Squares; ++s)
        if (b.board[s] && seat_of(b.board[s]) == us) {
            has_king |= type_of(b.board[s]) == King;
            has_prince |= type_of(b.board[s]) == Prince;
        }
    const PieceType   senior = has_king ? King : has_prince ? Prince : AdventitiousKing;
    std::vector<Move> cands;
    auto              target_ok = [&](Square to) { // not own, not the enemy's waiting pawn of pawns
        const Piece q = b.board[to];
        return !(q && seat_of(q) == us) && !waiting(b, to);
    };
    for (Square s = 0; s < Gm::Squares; ++s) {
        const Piece p = b.board[s];
        if (!p || seat_of(p) != us) continue;
        const PieceType t = type_of(p);
        if (waiting(b, s)) {
            // Relocation: any square where the pawn forks two enemy non-pawns (royals count)
            // or attacks one that then has no pseudo-legal move.
            for (Square to = 0; to < Cells; ++to) {
                const Piece q = b.board[to];
                if (to == s || (q && is_royal(type_of(q))) || waiting(b, to)) continue;
                Setup<Gm> l              = b;
                l.board[s]               = NoPiece;
                l.board[to]              = p;
                const BB            locc = occupancy(l);
                std::vector<Square> hits;
                for (Square x = 0; x < Cells; ++x)
                    if (test(
                            atom_targets<Gm>(PawnOfRooks, to, forward(us), BB{}, Mode::CaptureOnly),
                            x)
                        && l.board[x] && seat_of(l.board[x]) == them
                        && !is_pawn(type_of(l.board[x])))
                        hits.push_back(x);
                bool ok = hits.size() >= 2;
                if (hits.size() == 1) {
                    const Square x = hits[0];
                    BB           moves{};
                    if (is_royal(type_of(l.board[x])))
                        moves = capture_squares(l, x, locc);
                    else
                        moves = atom_targets<Gm>(type_of(l.board[x]), x, 1, locc, Mode::Both);
                    bool mobile = false;
                    for (Square y = 0; y < Cells; ++y)
                        if (test(moves, y) && !(l.board[y] && seat_of(l.board[y]) == them))
                            mobile = true;
                    ok = !mobile;
                }
                if (ok) cands.push_back(Move(s, to, MoveKind::Relocation));
            }
            continue;
        }
        if (is_pawn(t)) {
            const int f = Gm::file_of(s), r = Gm::rank_of(s) + forward(us);
            if (r < 0 || r >= Ranks) continue;
            if (!b.board[Gm::square(f, r)]) cands.push_back(Move(s, Gm::square(f, r)));
            for (int df : { -1, 1 })
                if (f + df >= 0 && f + df < Files) {
                    Square to = Gm::square(f + df, r);
                    if (b.board[to] && seat_of(b.board[to]) == them && target_ok(to))
                        cands.push_back(Move(s, to));
                }
            continue;
        }
        BB dests
            = is_royal(t) ? capture_squares(b, s, occ) : atom_targets<Gm>(t, s, 1, occ, Mode::Both);
        for (Square to = 0; to < Cells; ++to)
            if (test(dests, to) && target_ok(to)) cands.push_back(Move(s, to));
        if (is_royal(t) && on_rect(s)) {
            // Citadel entries by king steps from the three neighbours, when empty.
            const int f = Gm::file_of(s), r = Gm::rank_of(s);
            if (f == Files - 1 && r <= 2 && !b.board[WhiteCitadel]
                && (us == White ? t == AdventitiousKing : t == senior))
                cands.push_back(Move(s, WhiteCitadel));
            if (f == 0 && r >= Ranks - 3 && !b.board[BlackCitadel]
                && (us == Black ? t == AdventitiousKing : t == senior))
                cands.push_back(Move(s, BlackCitadel));
        }
    }
    std::vector<Move> legal;
    for (Move m : cands)
        if (safe_after(b, m)) legal.push_back(m);
    // The swap: in check or with no other legal move; never onto an attacked square.
    const bool right = b.swaps & swap_bit(us);
    if (right && (in_check(b) || legal.empty())) {
        Square k = NoSquare;
        for (Square s = 0; s < Gm::Squares; ++s)
            if (b.board[s] == make_piece(us, King)) k = s;
        for (Square s = 0; s < Cells; ++s) {
            const Piece q = b.board[s];
            if (!q || seat_of(q) != us || is_royal(type_of(q)) || waiting(b, s)) continue;
            Move      m = Move(k, s, MoveKind::KingSwap);
            Setup<Gm> a = after(b, m);
            if (!attacked_by(a, them, s)) legal.push_back(m);
        }
    }
    for (Move m : legal) out.insert(move_to_uci<Tamerlane>(m));
    return out;
}

std::set<std::string> fast_moves(const P& pos) {
    std::set<std::string> out;
    auto                  list = legal_moves(pos);
    for (Move m : list) out.insert(move_to_uci<Tamerlane>(m));
    EXPECT_EQ(out.size(), size_t(list.size())) << "duplicate moves";
    EXPECT_EQ(count_legal(pos), u64(list.size()));
    return out;
}

std::string diff(const std::set<std::string>& fast, const std::set<std::string>& slow) {
    std::string d;
    for (auto& m : fast)
        if (!slow.count(m)) d += " +" + m;
    for (auto& m : slow)
        if (!fast.count(m)) d += " -" + m;
    return d;
}

// How often the compared positions offered each rare rule.
struct Coverage {
    int relocation = 0, swap = 0, citadel = 0, arrival2 = 0, arrival3 = 0, promotion = 0,
        prince = 0, two_royals = 0, check = 0, no_moves = 0;
};
Coverage coverage;

void count_coverage(const P& pos) {
    const Seat us = pos.side_to_move();
    for (Move m : legal_moves(pos)) {
        const PieceType t = type_of(pos.piece_on(m.from()));
        coverage.relocation += m.kind() == MoveKind::Relocation;
        coverage.swap += m.kind() == MoveKind::KingSwap;
        coverage.citadel += m.to() >= Cells;
        if (is_pawn(t) && m.to() < Cells && Gm::rank_of(m.to()) == last_rank(us)) {
            coverage.promotion += t != PawnOfPawns;
            coverage.prince += t == PawnOfKings;
            coverage.arrival2 += t == PawnOfPawns && pos.arrivals(us) == 1;
            coverage.arrival3 += t == PawnOfPawns && pos.arrivals(us) == 2;
        }
    }
    coverage.two_royals += pos.royal_count(us) >= 2;
    coverage.check += pos.in_check();
    coverage.no_moves += legal_moves(pos).size() == 0;
}

// A random game from `start`, comparing both generators at every ply. Moves are picked with a
// bias towards captures, pawn moves and the rare kinds so that promotions, arrivals,
// relocations, swaps and citadels occur.
int random_game(const std::string& start, std::mt19937& rng, int plies) {
    auto setup = parse_fen<Tamerlane>(start);
    EXPECT_TRUE(setup.ok());
    P                                pos;
    std::deque<StateInfo<Tamerlane>> states;
    EXPECT_FALSE(pos.set(*setup, states.emplace_back()).has_value());
    int compared = 0;
    for (int ply = 0; ply < plies; ++ply) {
        const auto fast = fast_moves(pos);
        const auto slow = slow_moves(pos.setup());
        ++compared;
        count_coverage(pos);
        EXPECT_EQ(fast, slow) << write_fen<Tamerlane>(pos.setup()) << ":" << diff(fast, slow);
        if (fast != slow || fast.empty()) break;
        auto              list = legal_moves(pos);
        std::vector<Move> weighted;
        for (Move m : list) {
            const Piece p = pos.piece_on(m.from());
            int         w = 1;
            if (m.kind() != MoveKind::Normal || m.to() >= Cells)
                w = 40;
            else if (pos.piece_on(m.to()))
                w = 6;
            else if (is_pawn(type_of(p)))
                w = 5;
            for (int i = 0; i < w; ++i) weighted.push_back(m);
        }
        Move m = weighted[std::uniform_int_distribution<size_t>(0, weighted.size() - 1)(rng)];
        pos.make(m, states.emplace_back());
    }
    return compared;
}

// ---- the perft file -------------------------------------------------------------------------

// The file is read with the strict reader: a malformed count fails the test.
std::vector<PerftCase> load() { return load_perft("perft_tamerlane.epd"); }

u64 slow_perft(const Setup<Gm>& b, int depth) {
    if (depth == 0) return 1;
    u64                  n = 0;
    P                    pos;
    StateInfo<Tamerlane> st;
    EXPECT_FALSE(pos.set(b, st).has_value());
    for (Move m : legal_moves(pos)) {
        if (depth == 1) {
            ++n;
            continue;
        }
        n += slow_perft(after(b, m), depth - 1);
    }
    return n;
}

// Every node of the tree: both generators agree.
void compare_tree(P& pos, int depth, int& nodes) {
    const auto fast = fast_moves(pos);
    const auto slow = slow_moves(pos.setup());
    ++nodes;
    ASSERT_EQ(fast, slow) << write_fen<Tamerlane>(pos.setup()) << ":" << diff(fast, slow);
    if (depth <= 1) return;
    StateInfo<Tamerlane> st;
    for (Move m : legal_moves(pos)) {
        pos.make(m, st);
        compare_tree(pos, depth - 1, nodes);
        pos.unmake(m);
    }
}

} // namespace

TEST(TamerlanePerft, StartPosition) {
    auto s = parse_fen<Tamerlane>(Tamerlane::StartFen);
    ASSERT_TRUE(s.ok());
    P                    pos;
    StateInfo<Tamerlane> st;
    ASSERT_FALSE(pos.set(*s, st).has_value());
    EXPECT_EQ(perft(pos, 0), 1u);
    EXPECT_EQ(perft(pos, 1), 24u);
    EXPECT_EQ(perft(pos, 2), 576u);
}

TEST(TamerlanePerft, FileCountsWithBulkCountingAndWithEveryLeafMade) {
    const u64 budget = kSanitized ? 3'000'000 : 50'000'000;
    for (const PerftCase& c : load()) {
        SCOPED_TRACE("perft_tamerlane.epd:" + std::to_string(c.line) + ": " + c.fen);
        auto s = parse_fen<Tamerlane>(c.fen);
        ASSERT_TRUE(s.ok()) << s.error().message;
        P                    pos;
        StateInfo<Tamerlane> st;
        auto                 err = pos.set(*s, st);
        ASSERT_FALSE(err.has_value()) << err->message;
        for (auto [depth, expected] : c.counts) {
            if (expected > budget) break;
            EXPECT_EQ(perft(pos, depth), expected) << "depth " << depth;
            if (expected < budget / 50) {
                EXPECT_EQ(slow_perft(*s, depth), expected) << "made, depth " << depth;
            }
        }
        EXPECT_EQ(write_fen<Tamerlane>(pos.setup()), c.fen);
    }
}

TEST(TamerlanePerft, FastAndSlowGeneratorsAgreeOnSmallTrees) {
    int nodes = 0;
    for (const PerftCase& c : load()) {
        SCOPED_TRACE(c.fen);
        auto                 s = parse_fen<Tamerlane>(c.fen);
        P                    pos;
        StateInfo<Tamerlane> st;
        ASSERT_FALSE(pos.set(*s, st).has_value());
        compare_tree(pos, kSanitized ? 2 : 3, nodes);
    }
    EXPECT_GT(nodes, kSanitized ? 80 : 1000);
}

TEST(TamerlanePerft, FastAndSlowGeneratorsAgreeOnRandomGames) {
    std::mt19937 rng(20240607);
    const int    games    = kSanitized ? 6 : 60;
    int          compared = 0;
    for (int g = 0; g < games; ++g)
        compared += random_game(std::string(Tamerlane::StartFen), rng, 300);
    // Games from positions where the rare rules are close.
    const char* starts[] = {
        "k10/2PK1PP6/11/3r1n5/11/11/11/4K6/pp10/11 w -/- Kk 1/1 0 1",
        "10k/1PP4PR4/11/11/2r8/11/11/11/2pp5pr2/K10 w -/- Kk 1/1 0 1",
        "11/11/11/11/11/11/11/11/10k/K10 w -/- Kk 0/0 0 1",
        "11/PPPDPCPEPGPKPVPZPTPNPR/11/5k5/11/11/5K5/11/prpnptpzpvpkpgpepcpdpp/11 w -/- Kk 0/0 0 1",
    };
    for (const char* start : starts)
        for (int g = 0; g < games / 3; ++g) compared += random_game(start, rng, 200);
    EXPECT_GT(compared, kSanitized ? 200 : 2000);
    const Coverage& c = coverage;
    std::printf("compared %d positions; moves offered: relocation %d, swap %d, citadel %d, "
                "promotion %d, prince %d, second arrival %d, third arrival %d; positions with two+ "
                "royals %d, in check %d, without moves %d\n",
        compared, c.relocation, c.swap, c.citadel, c.promotion, c.prince, c.arrival2, c.arrival3,
        c.two_royals, c.check, c.no_moves);
    EXPECT_GT(c.relocation, 0);
    EXPECT_GT(c.swap, 0);
    EXPECT_GT(c.citadel, 0);
    EXPECT_GT(c.promotion, 0);
    EXPECT_GT(c.prince, 0);
    EXPECT_GT(c.arrival2, 0);
    EXPECT_GT(c.arrival3, 0);
    EXPECT_GT(c.two_royals, 0);
    EXPECT_GT(c.check, 0);
}
