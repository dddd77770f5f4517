#include "learn/practice.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <mutex>

#include "core/movegen.h"
#include "learn/look.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

namespace citadel::learn {

namespace {

using G  = Board8x8;
using BB = G::Bitboard;

// SplitMix64: a small, fast, well-mixed generator; the same seed gives the same levels.
struct Rng {
    u64 state;
    u64 next() {
        u64 z = (state += 0x9E3779B97F4A7C15ull);
        z     = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z     = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int  below(int n) { return int(next() % u64(n)); }
    int  between(int lo, int hi) { return lo + below(hi - lo + 1); } // inclusive
    bool chance(int percent) { return below(100) < percent; }
};

// A position being drawn: pieces put on empty squares only.
struct Drawing {
    Setup<G> setup;

    bool put(Seat s, PieceType t, int file, int rank) {
        if (file < 0 || file > 7 || rank < 0 || rank > 7) return false;
        Piece& at = setup.board[G::square(file, rank)];
        if (at) return false;
        at = make_piece(s, t);
        return true;
    }
    // Somewhere in the files and ranks given; false when the square drawn is taken.
    bool put_in(Rng& rng, Seat s, PieceType t, int f0, int f1, int r0, int r1) {
        return put(s, t, rng.between(f0, f1), rng.between(r0, r1));
    }
};

// The defending black king by an edge, as the games of beginners end: on the back rank mostly,
// sometimes on a side file; with a few of its pawns in front of it now and then.
void defending_king(Rng& rng, Drawing& d, bool pawns) {
    int f = rng.between(0, 7), r = 7;
    if (rng.chance(25)) {
        r = rng.between(3, 7);
        f = rng.chance(50) ? 0 : 7;
    }
    d.put(Black, King, f, r);
    if (!pawns || r != 7) return;
    for (int df = -1; df <= 1; ++df)
        if (rng.chance(55)) d.put(Black, Pawn, f + df, rng.chance(85) ? 6 : 5);
}

// A playable position from the drawing, or nothing where the rules refuse it.
std::optional<std::string> playable(const Drawing& d) {
    Position<Chess>  pos;
    StateInfo<Chess> si;
    if (pos.set(d.setup, si)) return std::nullopt;
    if (legal_moves(pos).size() == 0) return std::nullopt;
    return write_fen<Chess>(d.setup);
}

// The drawing loaded into `g` where the rules allow it and the side to move is not in check (the
// levels that are not about escaping it), with its FEN; nothing otherwise.
std::optional<std::string> quiet(const Drawing& d, Game<Chess>& g) {
    auto fen = playable(d);
    if (!fen || g.load_fen(*fen) || g.position().in_check()) return std::nullopt;
    return fen;
}

bool ends_in(Game<Chess>& g, Move m, Termination how) {
    g.play(m);
    const Outcome o = g.outcome();
    g.undo();
    return o.reason == how;
}

std::string uci(Move m) { return move_to_uci<Chess>(m); }

// A level of `kind` at `fen`, asking what "practice.<kind>.goal" says.
Level level_at(const std::string& id, std::string_view kind, const std::string& fen) {
    Level l;
    l.id      = id;
    l.lesson  = "practice";
    l.fen     = fen;
    l.goal_id = std::string(kind);
    l.goal    = "practice." + std::string(kind) + ".goal";
    return l;
}

// The level if the judge finds nothing wrong with it: a move level's solution is accepted move
// by move, a choice level's right answer is the rules' answer.
std::optional<Level> sound(const Course& course, Level l) {
    if (!l.choice) l.par = int(l.solution.size() + 1) / 2;
    if (!check_level(course, l).empty()) return std::nullopt;
    return l;
}

// The answers of a question about the level's `ask` move: each says what the rules say of it,
// the right one (the rules' answer) says "Right!" first.
Choice asked(std::string id, std::string text, bool correct) {
    return { std::move(id), std::move(text), correct, correct ? "practice.choice.right" : "",
        true };
}

// A maker of one kind of level: one attempt from the generator's next numbers, or nothing.
// `looks` bounds the engine searches a level may take (the cheap tests of the rules come first).
using Maker = std::optional<Level> (*)(
    const Course&, const std::string& id, std::string_view kind, Rng&, int& looks);

std::optional<Level> checkmate_in(
    const Course& course, const std::string& id, std::string_view kind, Rng& rng, int& looks) {
    const int moves = kind == "mate_in_1" ? 1 : 2;
    Drawing   d;
    defending_king(rng, d, moves == 1);
    d.put_in(rng, White, King, 0, 7, 0, 5);
    static const std::vector<std::vector<PieceType>> armies = { { Queen }, { Rook }, { Rook, Rook },
        { Queen, Bishop }, { Rook, Bishop }, { Queen, Knight }, { Rook, Knight } };
    for (PieceType t : armies[size_t(rng.below(int(armies.size())))])
        if (!d.put_in(rng, White, t, 0, 7, 0, 7)) return std::nullopt;
    Game<Chess> g;
    auto        fen = quiet(d, g);
    if (!fen) return std::nullopt;
    std::vector<Move> mates;
    for (Move m : g.legal_moves())
        if (ends_in(g, m, Termination::Checkmate)) mates.push_back(m);
    Level l = level_at(id, kind, *fen);
    if (moves == 1) {
        if (mates.empty() || mates.size() > 2) return std::nullopt;
        l.solution = { uci(mates[0]) };
        return sound(course, l);
    }
    if (!mates.empty() || looks-- <= 0) return std::nullopt;
    const Look best = look(g, White);
    if (mate_in(best.value) != 2 || best.pv.size() < 3) return std::nullopt;
    for (size_t i = 0; i < 3; ++i) l.solution.push_back(uci(best.pv[i]));
    return sound(course, l);
}

// Out of check by the way asked for ("run", "block", "capture").
std::optional<Level> escape(
    const Course& course, const std::string& id, std::string_view way, Rng& rng, int&) {
    Drawing d;
    d.put_in(rng, White, King, 1, 6, 0, 2);
    d.put_in(rng, Black, King, 0, 7, 5, 7);
    // The checker, then the defenders that might block or capture it.
    static const std::array<PieceType, 4> checkers = { Rook, Bishop, Queen, Knight };
    const PieceType                       checker
        = way == "block" ? checkers[size_t(rng.below(3))] : checkers[size_t(rng.below(4))];
    if (!d.put_in(rng, Black, checker, 0, 7, 1, 7)) return std::nullopt;
    static const std::array<PieceType, 4> defenders = { Rook, Bishop, Knight, Queen };
    for (int n = rng.between(1, 2); n > 0; --n)
        d.put_in(rng, White, defenders[size_t(rng.below(4))], 0, 7, 0, 4);
    for (int n = rng.between(0, 3); n > 0; --n) d.put_in(rng, White, Pawn, 0, 7, 1, 2);
    for (int n = rng.between(0, 2); n > 0; --n) d.put_in(rng, Black, Pawn, 0, 7, 4, 6);
    d.setup.to_move = White;
    auto fen        = playable(d);
    if (!fen) return std::nullopt;
    Game<Chess> g;
    g.load_fen(*fen);
    const Position<Chess>& pos = g.position();
    if (!pos.in_check() || popcount(pos.checkers()) != 1) return std::nullopt;
    // The way asked for, tried move by move: the first the judge accepts is the solution.
    const Square king = pos.king_square(White), from = lsb(pos.checkers());
    for (Move m : g.legal_moves()) {
        const std::string_view its = m.to() == from ? "capture"
            : m.from() == king                      ? "run"
                                                    : "block";
        if (its != way) continue;
        Level l    = level_at(id, way, *fen);
        l.goal_id  = "escape_check";
        l.way      = std::string(way);
        l.solution = { uci(m) };
        return sound(course, l); // the first of its way was punished: draw another position
    }
    return std::nullopt;
}

// White's king and both rooks at home with their castling rights, pawns in front of them mostly,
// the black king, and a black piece or two that may watch the king's way; now and then a white
// piece not yet developed between the king and a rook.
std::optional<std::string> castling_position(Rng& rng) {
    Drawing d;
    d.put(White, King, 4, 0);
    d.put(White, Rook, 7, 0);
    d.put(White, Rook, 0, 0);
    d.setup.castling = u8(WhiteShort | WhiteLong);
    for (int f = 0; f < 8; ++f)
        if (rng.chance(70)) d.put(White, Pawn, f, 1);
    d.put_in(rng, Black, King, 0, 7, 6, 7);
    static const std::array<PieceType, 4> attackers = { Bishop, Rook, Knight, Queen };
    for (int n = rng.between(1, 2); n > 0; --n)
        d.put_in(rng, Black, attackers[size_t(rng.below(rng.chance(80) ? 3 : 4))], 0, 7, 2, 6);
    if (rng.chance(30)) d.put_in(rng, White, rng.chance(50) ? Knight : Bishop, 1, 6, 0, 0);
    return playable(d);
}

// The king's castling move to a side, as the child writes it.
std::string castling_request(bool short_side) { return short_side ? "e1g1" : "e1c1"; }

// Castle now: one side allowed, the other refused though its rook never moved.
std::optional<Level> castle(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    auto fen = castling_position(rng);
    if (!fen) return std::nullopt;
    Game<Chess> g;
    g.load_fen(*fen);
    std::vector<Move> castlings;
    for (Move m : g.legal_moves())
        if (m.kind() == MoveKind::Castling) castlings.push_back(m);
    if (castlings.size() != 1) return std::nullopt;
    Level l    = level_at(id, "castle", *fen);
    l.solution = { uci(castlings[0]) };
    return sound(course, l);
}

// "Can White castle on this side now?": yes as often as no; where no, for a reason the board
// shows (the king and rooks have never moved, as the question says).
std::optional<Level> can_castle(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    const bool short_side = rng.chance(50), yes = rng.chance(50);
    auto       fen = castling_position(rng);
    if (!fen) return std::nullopt;
    Level l = level_at(id, "can_castle", *fen);
    l.ask   = castling_request(short_side);
    if ((rules_answer(l) == "yes") != yes) return std::nullopt;
    l.choice    = true;
    l.goal      = std::string("practice.can_castle.") + (short_side ? "short" : "long") + ".goal";
    l.hint_text = "practice.castling.hint";
    l.choices
        = { asked("yes", "practice.choice.yes", yes), asked("no", "practice.choice.no", !yes) };
    return sound(course, l);
}

// "Why may White not castle on this side?": exactly one of the conditions the board shows fails
// (a piece between, the king in check, a square it crosses or lands on watched), found here from
// the squares and checked against the rules' own reason.
std::optional<Level> castle_condition(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    const bool short_side = rng.chance(50);
    auto       fen        = castling_position(rng);
    if (!fen) return std::nullopt;
    Game<Chess> g;
    g.load_fen(*fen);
    const Position<Chess>& pos = g.position();
    auto attacked = [&](int file) { return pos.attacked(Black, G::square(file, 0), pos.pieces()); };
    bool between  = false;
    for (int f = short_side ? 5 : 1; f <= (short_side ? 6 : 3); ++f)
        between = between || pos.piece_on(G::square(f, 0));
    const std::array<std::pair<std::string_view, bool>, 4> conditions = {
        std::pair{ "castling_path_blocked", between },
        std::pair{ "castling_in_check", pos.in_check() },
        std::pair{ "castling_through_attack", attacked(short_side ? 5 : 3) },
        std::pair{ "castling_into_check", attacked(short_side ? 6 : 2) },
    };
    int failing = 0;
    for (auto [reason, fails] : conditions) failing += fails;
    if (failing != 1) return std::nullopt;
    Level l  = level_at(id, "castle_condition", *fen);
    l.ask    = castling_request(short_side);
    l.choice = true;
    l.goal = std::string("practice.castle_condition.") + (short_side ? "short" : "long") + ".goal";
    l.hint_text = "practice.castling.hint";
    for (auto [reason, fails] : conditions) {
        const std::string key = "practice.castle_condition." + std::string(reason);
        l.choices.push_back(fails ? asked(std::string(reason), key, true)
                                  : Choice{ std::string(reason), key, false, key + ".not" });
    }
    return sound(course, l);
}

// A white pawn on the fifth rank with a black pawn beside it, both kings and a few pawns; `ep`:
// the black pawn's double step was the last move. The capture's request, with the position.
std::optional<std::pair<std::string, std::string>> en_passant_position(Rng& rng, bool ep) {
    Drawing   d;
    const int f = rng.between(0, 7), side = rng.chance(50) ? -1 : 1;
    if (f + side < 0 || f + side > 7) return std::nullopt;
    d.put(White, Pawn, f, 4);
    d.put(Black, Pawn, f + side, 4);
    if (ep) d.setup.ep = G::square(f + side, 5);
    d.put_in(rng, White, King, 0, 7, 0, 2);
    d.put_in(rng, Black, King, 0, 7, 6, 7);
    for (int n = rng.between(1, 3); n > 0; --n) d.put_in(rng, White, Pawn, 0, 7, 1, 3);
    for (int n = rng.between(1, 3); n > 0; --n) d.put_in(rng, Black, Pawn, 0, 7, 4, 6);
    // The black pawn's path from its start must have been free for the double step.
    if (d.setup.board[G::square(f + side, 5)] || d.setup.board[G::square(f + side, 6)])
        return std::nullopt;
    auto fen = playable(d);
    if (!fen) return std::nullopt;
    return std::pair{ *fen,
        square_name<G>(G::square(f, 4)) + square_name<G>(G::square(f + side, 5)) };
}

// Take it now.
std::optional<Level> en_passant(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    auto made = en_passant_position(rng, true);
    if (!made) return std::nullopt;
    Level l    = level_at(id, "en_passant", made->first);
    l.goal_id  = "capture_en_passant";
    l.solution = { made->second };
    return sound(course, l);
}

// "Can you take it en passant now?": the double step was the last move (yes), or it was made a
// few moves ago (no: the chance is gone).
std::optional<Level> en_passant_or_gone(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    const bool now  = rng.chance(50);
    auto       made = en_passant_position(rng, now);
    if (!made) return std::nullopt;
    Level l     = level_at(id, "en_passant_or_gone", made->first);
    l.ask       = made->second;
    l.choice    = true;
    l.goal      = std::string("practice.en_passant_or_gone.") + (now ? "now" : "later") + ".goal";
    l.hint_text = "practice.en_passant_or_gone.hint";
    l.choices
        = { asked("yes", "practice.choice.yes", now), asked("no", "practice.choice.no", !now) };
    if (!now)
        l.choices[1] = { "no", "practice.choice.no", true, "practice.en_passant_or_gone.gone" };
    return sound(course, l);
}

// A pawn about to promote, not in check: the first promotion (queen first) the judge accepts.
std::optional<Level> promote(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    Drawing d;
    d.put(White, Pawn, rng.between(0, 7), 6);
    d.put_in(rng, White, King, 0, 7, 0, 5);
    d.put_in(rng, Black, King, 0, 7, 2, 7);
    for (int n = rng.between(0, 2); n > 0; --n)
        d.put_in(rng, Black, rng.chance(50) ? Pawn : Knight, 0, 7, 1, 5);
    Game<Chess> g;
    auto        fen = quiet(d, g);
    if (!fen) return std::nullopt;
    for (char piece : { 'q', 'r', 'n', 'b' })
        for (Move m : g.legal_moves())
            if (m.kind() == MoveKind::Promotion && uci(m).back() == piece) {
                Level l    = level_at(id, "promote", *fen);
                l.solution = { uci(m) };
                if (auto ok = sound(course, l)) return ok;
            }
    return std::nullopt;
}

// The knight that gives check: it forks the black king and queen (or rook) from the promotion
// square, and the engine finds it better than a queen by far.
std::optional<Level> promote_knight(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int& looks) {
    Drawing   d;
    const int f = rng.between(0, 7);
    d.put(White, Pawn, f, 6);
    std::vector<std::pair<int, int>> jumps; // a knight's squares from the promotion square
    for (auto [df, dr] : { std::pair{ 1, -2 }, { -1, -2 }, { 2, -1 }, { -2, -1 } })
        if (f + df >= 0 && f + df <= 7) jumps.emplace_back(f + df, 7 + dr);
    if (jumps.size() < 2) return std::nullopt;
    const size_t king = size_t(rng.below(int(jumps.size())));
    const size_t prey = (king + 1 + size_t(rng.below(int(jumps.size()) - 1))) % jumps.size();
    d.put(Black, King, jumps[king].first, jumps[king].second);
    d.put(Black, rng.chance(75) ? Queen : Rook, jumps[prey].first, jumps[prey].second);
    d.put_in(rng, White, King, 0, 7, 0, 3);
    for (int n = rng.between(0, 2); n > 0; --n) d.put_in(rng, Black, Pawn, 0, 7, 2, 5);
    Game<Chess> g;
    auto        fen = quiet(d, g);
    if (!fen) return std::nullopt;
    std::optional<Move> knight, queen;
    for (Move m : g.legal_moves())
        if (m.kind() == MoveKind::Promotion) (m.promotion() == Knight ? knight : queen) = m;
    if (!knight || !queen || (looks -= 2) < 0) return std::nullopt;
    auto value_after = [&](Move m) {
        g.play(m);
        const int v = look(g, White).value;
        g.undo();
        return v;
    };
    g.play(*knight);
    const bool check = g.position().in_check();
    g.undo();
    if (!check || value_after(*knight) < value_after(*queen) + 300) return std::nullopt;
    Level l       = level_at(id, "promote_knight", *fen);
    l.goal_id     = "promote";
    l.piece       = "knight";
    l.solution    = { uci(*knight) };
    l.solved_text = "practice.promote_knight.solved";
    return sound(course, l);
}

// The queen that would stalemate: the black king boxed in by its edge and the white king (and
// now and then a white piece, or its own pawn blocked), so that a new queen takes its last
// squares; another piece keeps the win.
std::optional<Level> promote_stalemate(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int&) {
    Drawing   d;
    const int f = rng.between(0, 7), kf = rng.between(std::max(0, f - 3), std::min(7, f + 3)),
              kr = rng.between(5, 7);
    d.put(White, Pawn, f, 6);
    d.put(Black, King, kf, kr);
    d.put_in(rng, White, King, kf - 2, kf + 2, kr - 3, kr);
    if (rng.chance(60)) d.put_in(rng, White, rng.chance(50) ? Bishop : Knight, 0, 7, 0, 5);
    for (int n = rng.between(0, 2); n > 0; --n) {
        const int pf = rng.between(0, 7), pr = rng.between(1, 4);
        if (d.put(White, Pawn, pf, pr) && !d.put(Black, Pawn, pf, pr + 1)) return std::nullopt;
    }
    Game<Chess> g;
    auto        fen = quiet(d, g);
    if (!fen) return std::nullopt;
    std::vector<Move> others;
    bool              trap = false;
    for (Move m : g.legal_moves()) {
        if (m.kind() != MoveKind::Promotion) continue;
        if (m.promotion() == Queen)
            trap = ends_in(g, m, Termination::Stalemate);
        else
            others.push_back(m);
    }
    if (!trap) return std::nullopt;
    for (PieceType piece : { Rook, Bishop, Knight })
        for (Move m : others)
            if (m.promotion() == piece) {
                Level l       = level_at(id, "promote_stalemate", *fen);
                l.goal_id     = "promote";
                l.solution    = { uci(m) };
                l.solved_text = "practice.promote_stalemate.solved";
                if (auto ok = sound(course, l)) return ok;
            }
    return std::nullopt;
}

// Move the queen without stalemating; the trap (a queen move that stalemates) must be there.
std::optional<Level> avoid_stalemate(
    const Course& course, const std::string& id, std::string_view, Rng& rng, int& looks) {
    Drawing d;
    defending_king(rng, d, false);
    d.put_in(rng, White, King, 0, 7, 3, 7);
    d.put_in(rng, White, Queen, 0, 7, 0, 7);
    Game<Chess> g;
    auto        fen = quiet(d, g);
    if (!fen) return std::nullopt;
    bool trap = false;
    for (Move m : g.legal_moves())
        trap = trap
            || (type_of(g.position().piece_on(m.from())) == Queen
                && ends_in(g, m, Termination::Stalemate));
    if (!trap || looks-- <= 0) return std::nullopt;
    const Look best = look(g, White);
    if (best.pv.empty() || type_of(g.position().piece_on(best.pv[0].from())) != Queen)
        return std::nullopt;
    Level l    = level_at(id, "avoid_stalemate", *fen);
    l.piece    = "queen";
    l.solution = { uci(best.pv[0]) };
    return sound(course, l);
}

struct Kind {
    std::string_view name;
    Maker            make;
};

struct Topic {
    std::string_view  name;
    std::vector<Kind> kinds;
};

const std::vector<Topic>& topics() {
    static const std::vector<Topic> all = {
        { "checkmate", { { "mate_in_1", checkmate_in }, { "mate_in_2", checkmate_in } } },
        { "escape_check", { { "run", escape }, { "block", escape }, { "capture", escape } } },
        { "castling",
            { { "can_castle", can_castle }, { "castle", castle },
                { "castle_condition", castle_condition } } },
        { "promotion",
            { { "promote", promote }, { "promote_knight", promote_knight },
                { "promote_stalemate", promote_stalemate } } },
        { "en_passant",
            { { "en_passant", en_passant }, { "en_passant_or_gone", en_passant_or_gone } } },
        { "stalemate", { { "avoid_stalemate", avoid_stalemate } } },
    };
    return all;
}

const Kind* kind_named(std::string_view name) {
    for (const Topic& t : topics())
        for (const Kind& k : t.kinds)
            if (k.name == name) return &k;
    return nullptr;
}

// The id's parts: "practice-<kind>-<seed>-<n>".
struct Id {
    const Kind* kind = nullptr;
    u64         seed = 0;
    int         n    = 0;
};

std::optional<Id> parse_id(std::string_view id) {
    constexpr std::string_view prefix = "practice-";
    if (!id.starts_with(prefix)) return std::nullopt;
    id.remove_prefix(prefix.size());
    const size_t last = id.rfind('-');
    if (last == std::string_view::npos) return std::nullopt;
    const size_t middle = id.rfind('-', last - 1);
    if (middle == std::string_view::npos || middle == 0) return std::nullopt;
    Id out{ kind_named(id.substr(0, middle)) };
    if (!out.kind) return std::nullopt;
    auto number = [](std::string_view s, auto& v) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc() && end == s.data() + s.size() && !s.empty();
    };
    if (!number(id.substr(middle + 1, last - middle - 1), out.seed)) return std::nullopt;
    if (!number(id.substr(last + 1), out.n) || out.n < 0 || out.n > 1000) return std::nullopt;
    return out;
}

// Makes the level of an id: attempts drawn from a generator seeded by (seed, n, kind), the
// first that passes is the level. Bounded: a kind that is rare in some seed gives nothing
// rather than searching for long.
std::optional<Level> make(const Course& course, const std::string& id, const Id& parts) {
    u64 mix = parts.seed * 0x100000001B3ull + u64(parts.n);
    for (char c : parts.kind->name) mix = (mix ^ u64(c)) * 0x100000001B3ull;
    Rng rng{ mix };
    int looks = 80;
    for (int tries = 0; tries < 20000; ++tries)
        if (auto l = parts.kind->make(course, id, parts.kind->name, rng, looks)) return l;
    return std::nullopt;
}

} // namespace

std::vector<std::string_view> practice_topics() {
    std::vector<std::string_view> out;
    for (const Topic& t : topics()) out.push_back(t.name);
    return out;
}

std::vector<std::string_view> practice_kinds() {
    std::vector<std::string_view> out;
    for (const Topic& t : topics())
        for (const Kind& k : t.kinds) out.push_back(k.name);
    return out;
}

std::optional<Level> practice_level(const Course& course, std::string_view id) {
    auto parts = parse_id(id);
    if (!parts) return std::nullopt;
    // Made levels are kept, so the moves of a level do not make it again each time.
    static std::mutex                                lock;
    static std::map<std::string, Level, std::less<>> made;
    {
        std::lock_guard guard(lock);
        if (auto it = made.find(id); it != made.end()) return it->second;
    }
    auto level = make(course, std::string(id), *parts);
    if (!level) return std::nullopt;
    std::lock_guard guard(lock);
    if (made.size() >= 4096) made.clear();
    made.emplace(std::string(id), *level);
    return level;
}

std::optional<std::string_view> practice_topic(std::string_view id) {
    auto parts = parse_id(id);
    if (!parts) return std::nullopt;
    for (const Topic& t : topics())
        for (const Kind& k : t.kinds)
            if (&k == parts->kind) return t.name;
    return std::nullopt;
}

u64 position_key(const Level& level) {
    // The FEN without its two move counters: the same position reached after other moves.
    std::string_view fen = level.fen;
    for (int fields = 0, i = 0; i < int(fen.size()); ++i)
        if (fen[size_t(i)] == ' ' && ++fields == 4) fen = fen.substr(0, size_t(i));
    u64 h = 0xCBF29CE484222325ull; // FNV-1a
    for (std::string_view part : { std::string_view(level.variant), std::string_view("/"), fen })
        for (char c : part) h = (h ^ u64(u8(c))) * 0x100000001B3ull;
    return h;
}

int practice_stage(int solved) { return solved < 5 ? 0 : solved < 15 ? 1 : 2; }

std::variant<std::vector<Level>, RequestError> practice(
    const Course& course, std::string_view topic, int count, u64 seed, int stage) {
    const Topic* t = nullptr;
    for (const Topic& candidate : topics())
        if (candidate.name == topic) t = &candidate;
    if (!t) {
        std::string names;
        for (std::string_view n : practice_topics())
            names += (names.empty() ? "" : ", ") + std::string(n);
        return "topic: one of " + names;
    }
    if (count < 1 || count > 20) return "count: 1 to 20";
    if (stage < 0 || stage > 2) return "stage: 0, 1 or 2";
    // The kinds the stage deals, in turn: the first alone, all, or all but the first.
    const size_t       first = stage == 2 && t->kinds.size() > 1 ? 1 : 0;
    const size_t       kinds = stage == 0 ? 1 : t->kinds.size() - first;
    std::vector<Level> out;
    std::set<u64>      positions; // a round never shows a position twice
    for (int i = 0; int(out.size()) < count && i < count * 2; ++i) {
        const std::string_view kind = t->kinds[first + size_t(i) % kinds].name;
        const std::string id = "practice-" + std::string(kind) + "-" + std::to_string(seed) + "-"
            + std::to_string(i);
        if (auto l = practice_level(course, id); l && positions.insert(position_key(*l)).second)
            out.push_back(std::move(*l));
    }
    return out;
}

std::variant<FreshRound, RequestError> fresh_practice(const Course& course, std::string_view topic,
    int count, int stage, const std::vector<u64>& seeds, const std::set<u64>& met) {
    std::variant<FreshRound, RequestError> out = RequestError("no seed to draw from");
    for (u64 seed : seeds) {
        auto made = practice(course, topic, count, seed, stage);
        if (auto* error = std::get_if<RequestError>(&made)) return *error;
        auto&      levels = std::get<std::vector<Level>>(made);
        const bool fresh  = std::none_of(levels.begin(), levels.end(),
             [&](const Level& l) { return met.contains(position_key(l)); });
        out               = FreshRound{ seed, std::move(levels) };
        if (fresh) break;
    }
    return out;
}

} // namespace citadel::learn
