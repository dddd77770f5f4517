// Test support for Four Kingdoms: a slow, obviously-correct move generator and turn logic
// written from docs/rules/fourkingdoms.md directly on a mailbox (no tables, no bitboards, no
// incremental state), used to check the fast one node by node; plus small helpers.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "variants/fourkingdoms.h"

namespace fktest {

using namespace citadel;
using Board = std::array<Piece, 196>;

inline bool   onb(int f, int r) { return Cross14::on_board(f, r); }
inline Square S(int f, int r) { return Square(r * 14 + f); }
inline int    F(Square s) { return s % 14; }
inline int    R(Square s) { return s / 14; }

// How far (f, r) is from army a's own edge, along its forward (0 = its back line).
inline int  dep(Seat a, int f, int r) { return a == 0 ? 13 - f : a == 1 ? r : a == 2 ? f : 13 - r; }
inline bool home(Seat a, int f, int r) { return dep(a, f, r) <= 2; }
constexpr int FW[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };

struct Relations {
    u8 own = 0, enemy = 0; // army bit sets
};

// The squares a piece on s attacks (captures onto), walking the board.
inline std::vector<Square> attacks_of(const Board& b, Square s) {
    std::vector<Square> out;
    Piece               p = b[s];
    int                 f = F(s), r = R(s);
    auto                leap = [&](int df, int dr) {
        if (onb(f + df, r + dr)) out.push_back(S(f + df, r + dr));
    };
    auto ride = [&](int df, int dr) {
        for (int x = f + df, y = r + dr; onb(x, y); x += df, y += dr) {
            out.push_back(S(x, y));
            if (b[S(x, y)]) break;
        }
    };
    switch (type_of(p)) {
    case King:
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) leap(df, dr);
        break;
    case Knight:
        for (auto [df, dr] : { std::pair{ 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 }, { 1, -2 },
                 { 2, -1 }, { -1, -2 }, { -2, -1 } })
            leap(df, dr);
        break;
    case Bishop:
    case Rook:
    case Queen:
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                if (!df && !dr) continue;
                bool diag = df && dr;
                if ((diag && type_of(p) != Rook) || (!diag && type_of(p) != Bishop)) ride(df, dr);
            }
        break;
    case Pawn: {
        Seat a = seat_of(p);
        if (home(a, f, r)) {
            int fx = FW[a][0], fy = FW[a][1];
            for (int side : { 1, -1 }) leap(fx + side * fy, fy + side * fx);
        } else {
            for (int df : { 1, -1 })
                for (int dr : { 1, -1 })
                    if (onb(f + df, r + dr) && !home(a, f + df, r + dr))
                        out.push_back(S(f + df, r + dr));
        }
        break;
    }
    default:
        break;
    }
    return out;
}

inline bool attacked_by(const Board& b, Square t, u8 enemy_armies) {
    for (Square s = 0; s < 196; ++s)
        if (b[s] && (enemy_armies >> seat_of(b[s]) & 1)) {
            auto a = attacks_of(b, s);
            if (std::find(a.begin(), a.end(), t) != a.end()) return true;
        }
    return false;
}

inline Square king_of(const Board& b, Seat a) {
    for (Square s = 0; s < 196; ++s)
        if (b[s] == make_piece(a, King)) return s;
    return NoSquare;
}

// Relations of `player` from control and alliance (teams: partners are friends).
inline Relations relations(
    const std::array<Seat, 4>& control, u8 alliance, bool teams, Seat player) {
    u8 friends = u8(1 << player);
    if (teams)
        friends |= u8(1 << (player ^ 1));
    else if (alliance & (1 << player))
        friends |= alliance;
    Relations r;
    for (int a = 0; a < 4; ++a) {
        if (control[a] == player) r.own |= u8(1 << a);
        if (!(friends >> control[a] & 1)) r.enemy |= u8(1 << a);
    }
    return r;
}

// The legal moves of `player` as UCI text, from the rules' text alone.
inline std::set<std::string> slow_moves(
    const Board& b, Seat player, const Relations& rel, u8 castling, Square ep, Square ep_pawn) {
    std::set<std::string> out;
    Square                k = king_of(b, player);
    if (k == NoSquare) return out;
    auto name       = [](Square s) { return square_name<Cross14>(s); };
    auto own        = [&](Square s) { return b[s] && (rel.own >> seat_of(b[s]) & 1); };
    auto enemy      = [&](Square s) { return b[s] && (rel.enemy >> seat_of(b[s]) & 1); };
    auto friendly   = [&](Square s) { return b[s] && !enemy(s); };
    auto safe_after = [&](Square from, Square to, Square also_remove = NoSquare) {
        Board c = b;
        if (also_remove != NoSquare) c[also_remove] = NoPiece;
        c[to]     = c[from];
        c[from]   = NoPiece;
        Square kk = king_of(c, player);
        return !attacked_by(c, kk, rel.enemy);
    };
    auto add = [&](Square from, Square to, bool promo, std::string suffix = "") {
        out.insert(name(from) + name(to) + suffix);
        if (promo)
            for (const char* p : { "q", "r", "b", "n" }) out.insert(name(from) + name(to) + p);
    };
    for (Square s = 0; s < 196; ++s) {
        if (!own(s)) continue;
        Piece p = b[s];
        int   f = F(s), r = R(s);
        if (type_of(p) == Pawn) {
            Seat a = seat_of(p);
            auto promo
                = [&](Square to) { return dep(a, f, r) == 13 || dep(a, F(to), R(to)) == 13; };
            std::vector<Square> quiet;
            if (home(a, f, r)) {
                int x = f + FW[a][0], y = r + FW[a][1];
                if (onb(x, y) && !b[S(x, y)]) {
                    quiet.push_back(S(x, y));
                    int x2 = x + FW[a][0], y2 = y + FW[a][1];
                    if (dep(a, f, r) == 1 && onb(x2, y2) && !b[S(x2, y2)])
                        quiet.push_back(S(x2, y2));
                }
            } else {
                for (auto [df, dr] : { std::pair{ 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } })
                    if (onb(f + df, r + dr) && !home(a, f + df, r + dr) && !b[S(f + df, r + dr)])
                        quiet.push_back(S(f + df, r + dr));
            }
            for (Square to : quiet)
                if (safe_after(s, to)) add(s, to, promo(to));
            for (Square to : attacks_of(b, s)) {
                if (enemy(to) && safe_after(s, to)) add(s, to, promo(to));
                if (to == ep && ep_pawn != NoSquare && !b[to] && enemy(ep_pawn)
                    && safe_after(s, to, ep_pawn))
                    add(s, to, false);
            }
            continue;
        }
        for (Square to : attacks_of(b, s))
            if (!friendly(to) && safe_after(s, to)) add(s, to, false);
    }
    // Castling.
    for (int side = 0; side < 2; ++side) {
        if (!(castling >> (2 * player + side) & 1)) continue;
        const auto& g = fk::kCastling[player][side];
        if (b[g.king_from] != make_piece(player, King)
            || b[g.rook_from] != make_piece(player, Rook))
            continue;
        int  df = (F(g.rook_from) > F(g.king_from)) - (F(g.rook_from) < F(g.king_from));
        int  dr = (R(g.rook_from) > R(g.king_from)) - (R(g.rook_from) < R(g.king_from));
        bool ok = true;
        for (Square x = S(F(g.king_from) + df, R(g.king_from) + dr); x != g.rook_from;
             x        = S(F(x) + df, R(x) + dr))
            ok &= !b[x];
        if (!ok || attacked_by(b, g.king_from, rel.enemy)) continue;
        Board c        = b;
        c[g.king_from] = NoPiece;
        Square cross   = S(F(g.king_from) + df, R(g.king_from) + dr);
        if (attacked_by(c, cross, rel.enemy) || attacked_by(c, g.king_to, rel.enemy)) continue;
        out.insert(name(g.king_from) + name(g.king_to));
    }
    return out;
}

// What docs/rules/fourkingdoms.md says the state after a move is, computed slowly from the mailbox.
struct After {
    Board               board{};
    std::array<Seat, 4> control{};
    u8                  alliance = 0, castling = 0, in_game = 0, check_mask = 0;
    Seat                player = 0;
    Square              ep     = NoSquare;
    std::vector<Seat>   eliminated;
};

inline u8 kings_on(const Board& b) {
    u8 g = 0;
    for (int a = 0; a < 4; ++a)
        if (king_of(b, Seat(a)) != NoSquare) g |= u8(1 << a);
    return g;
}

template <class V> After slow_after(const Position<V>& pos, Move m) {
    const auto& c = pos.state()->c;
    After       x;
    for (Square s = 0; s < 196; ++s) x.board[s] = pos.piece_on(s);
    x.control        = c.control;
    x.alliance       = c.alliance;
    x.castling       = c.castling;
    const Seat mover = c.player;
    Board&     b     = x.board;
    Square     from = m.from(), to = m.to();
    Piece      pc = b[from], captured = NoPiece;
    Square     ep_cand = NoSquare;
    auto       touch   = [&](Square s) {
        for (int a = 0; a < 4; ++a)
            for (int side = 0; side < 2; ++side) {
                const auto& g = fk::kCastling[a][side];
                if (s == g.king_from) x.castling &= u8(~(3 << (2 * a)));
                if (s == g.rook_from) x.castling &= u8(~(1 << (2 * a + side)));
            }
    };
    touch(from), touch(to);
    if (m.kind() == MoveKind::Castling) {
        int         side = to == fk::kCastling[mover][0].rook_from ? 0 : 1;
        const auto& g    = fk::kCastling[mover][side];
        Piece       rook = b[to];
        b[from] = b[to] = NoPiece;
        b[g.king_to] = pc, b[g.rook_to] = rook;
    } else {
        Square capsq = m.kind() == MoveKind::EnPassant ? c.ep_pawn : to;
        captured     = b[capsq];
        b[capsq]     = NoPiece;
        b[to]   = m.kind() == MoveKind::Promotion ? make_piece(seat_of(pc), m.promotion()) : pc;
        b[from] = NoPiece;
        if (type_of(pc) == Pawn && std::abs(F(to) - F(from)) + std::abs(R(to) - R(from)) == 2
            && (F(to) == F(from) || R(to) == R(from)))
            ep_cand = S((F(to) + F(from)) / 2, (R(to) + R(from)) / 2);
    }
    auto eliminate = [&](Seat v) {
        if (Square k = king_of(b, v); k != NoSquare) b[k] = NoPiece;
        x.castling &= u8(~(3 << (2 * v)));
        // Every army v commanded goes to its partner (teams; also when the partner is out, the
        // team then fallen) or to the mover (free-for-all).
        for (int a = 0; a < 4; ++a)
            if (x.control[a] == v) x.control[a] = V::Teams ? Seat(v ^ 1) : mover;
        if (!V::Teams) x.alliance = 0;
        x.eliminated.push_back(v);
    };
    if (captured && type_of(captured) == King) eliminate(seat_of(captured));
    auto in_check = [&](Seat s) {
        Square k = king_of(b, s);
        return k != NoSquare
            && attacked_by(b, k, relations(x.control, x.alliance, V::Teams, s).enemy);
    };
    auto checks = [&] {
        u8 mask = 0;
        for (int s = 0; s < 4; ++s)
            if (in_check(Seat(s))) mask |= u8(1 << s);
        return mask;
    };
    auto first_in_check = [&](u8 mask) {
        for (int i = 1; i < 4; ++i)
            if (mask >> ((mover + i) & 3) & 1) return Seat((mover + i) & 3);
        return Seat(0xFF);
    };
    auto decided = [&] {
        u8 g = kings_on(b);
        return V::Teams ? (!(g & 3) || !(g & 12)) : std::popcount(unsigned(g)) <= 1;
    };
    for (bool again = true; again;) {
        again = false;
        for (int i = 1; i < 4; ++i) {
            Seat v = Seat((mover + i) & 3);
            if (!in_check(v)) continue;
            bool next = first_in_check(checks()) == v;
            auto rel  = relations(x.control, x.alliance, V::Teams, v);
            if (slow_moves(b, v, rel, x.castling, next ? ep_cand : NoSquare, to).empty()) {
                eliminate(v);
                again = true;
            }
        }
    }
    x.in_game    = kings_on(b);
    x.check_mask = checks();
    if (decided()) {
        x.player = mover;
        for (int i = 1; i < 4; ++i)
            if (x.in_game >> ((mover + i) & 3) & 1) {
                x.player = Seat((mover + i) & 3);
                break;
            }
        return x;
    }
    Seat f = first_in_check(x.check_mask);
    if (f == 0xFF)
        for (int i = 1; i < 4 && f == 0xFF; ++i)
            if (x.in_game >> ((mover + i) & 3) & 1) f = Seat((mover + i) & 3);
    x.player = f;
    if (ep_cand != NoSquare) {
        auto rel = relations(x.control, x.alliance, V::Teams, f);
        if (slow_moves(b, f, rel, x.castling, ep_cand, to)
            != slow_moves(b, f, rel, x.castling, NoSquare, NoSquare))
            x.ep = ep_cand;
    }
    return x;
}

// Checks that make() agrees with slow_after() and unmake() restores the position.
template <class V> void expect_make_agrees(Position<V>& pos, Move m, const std::string& where) {
    After        want = slow_after(pos, m);
    u64          key  = pos.key();
    StateInfo<V> st;
    pos.make(m, st);
    const auto& c        = pos.state()->c;
    bool        board_ok = true;
    for (Square s = 0; s < 196; ++s) board_ok &= pos.piece_on(s) == want.board[s];
    EXPECT_TRUE(board_ok) << where;
    EXPECT_EQ(c.player, want.player) << where;
    EXPECT_EQ(c.in_game, want.in_game) << where;
    EXPECT_EQ(c.check_mask, want.check_mask) << where;
    EXPECT_EQ(c.control, want.control) << where;
    EXPECT_EQ(c.alliance, want.alliance) << where;
    EXPECT_EQ(c.castling, want.castling) << where;
    EXPECT_EQ(c.ep, want.ep) << where;
    EXPECT_TRUE(pos.consistent()) << where;
    pos.unmake(m);
    EXPECT_EQ(pos.key(), key) << where;
    EXPECT_TRUE(pos.consistent()) << where;
}

template <class V> std::set<std::string> fast_moves(const Position<V>& pos) {
    std::set<std::string> out;
    for (Move m : legal_moves(pos)) out.insert(move_to_uci<V>(m));
    return out;
}

template <class V> std::set<std::string> slow_moves(const Position<V>& pos) {
    Board b;
    for (Square s = 0; s < 196; ++s) b[s] = pos.piece_on(s);
    const auto& c = pos.state()->c;
    if (pos.decided()) return {};
    Relations rel = relations(c.control, c.alliance, V::Teams, c.player);
    return slow_moves(b, c.player, rel, c.castling, c.ep, c.ep_pawn);
}

// A position from K4FEN, kept with its states.
template <class V> struct Game {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;
    explicit Game(std::string_view fen = V::StartFen) {
        auto s = parse_fen<V>(fen);
        if (!s) throw std::runtime_error("bad k4fen: " + s.error().message);
        if (auto e = pos.set(*s, states.emplace_back()))
            throw std::runtime_error("illegal: " + e->message);
    }
    bool play(std::string_view uci) {
        auto m = find_uci_move(pos, uci);
        if (!m) return false;
        pos.make(*m, states.emplace_back());
        return true;
    }
    std::string              fen() const { return write_fen<V>(pos.setup()); }
    std::vector<std::string> moves() const {
        auto s = fast_moves(pos);
        return { s.begin(), s.end() };
    }
};

// A K4FEN from pieces ("eK@n7" style pairs: square, piece) and the fields after the board
// (default: East to move, no castling, no en passant, clocks 0 1, control eswn, no alliance).
inline std::string k4(std::initializer_list<std::pair<std::string_view, std::string_view>> pieces,
    std::string_view rest = "e - - 0 1 eswn -") {
    Setup<Cross14> s;
    for (auto [square, piece] : pieces) {
        auto at = parse_square<Cross14>(square);
        if (!at) throw std::runtime_error("bad square " + std::string(square));
        Seat      seat = Seat(fk::kSeatLetters.find(piece[0]));
        PieceType t
            = piece_type_from_letter(piece[1], piece_set(Pawn, Knight, Bishop, Rook, Queen, King));
        s.board[*at] = make_piece(seat, t);
    }
    std::string text = fk::write_k4fen(s);
    return text.substr(0, text.find(' ')) + " " + std::string(rest);
}

// The four kings on their start squares.
#define KINGS                                                                                      \
    { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g14", "nK" }

// The legal moves (UCI) from one square.
template <class V>
std::vector<std::string> moves_from(const Position<V>& pos, std::string_view from) {
    std::vector<std::string> out;
    for (auto& m : fast_moves(pos))
        if (m.rfind(from, 0) == 0
            && (m.size() == from.size() + 2 || m.size() == from.size() + 3
                || m.size() == from.size() + 4)
            && !std::isdigit(static_cast<unsigned char>(m[from.size()])))
            out.push_back(m);
    return out;
}
using Moves = std::vector<std::string>;

// An error message if the K4FEN is rejected by reader or rules, else "".
template <class V> std::string rejection(std::string_view fen) {
    auto s = parse_fen<V>(fen);
    if (!s) return "parse: " + s.error().field + ": " + s.error().message;
    Position<V>  pos;
    StateInfo<V> st;
    if (auto e = pos.set(*s, st)) return "rules: " + e->message;
    return "";
}

// The "Illegal positions" clause the K4FEN breaks, if any (nothing also for unreadable text).
template <class V> std::optional<PositionError::Code> rule_broken(std::string_view fen) {
    auto s = parse_fen<V>(fen);
    if (!s) return std::nullopt;
    Position<V>  pos;
    StateInfo<V> st;
    if (auto e = pos.set(*s, st)) return e->code;
    return std::nullopt;
}

} // namespace fktest
