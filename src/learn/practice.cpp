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

struct Topic {
    std::string_view              name;
    std::vector<std::string_view> kinds;
};

const std::vector<Topic>& topics() {
    static const std::vector<Topic> all = {
        { "checkmate", { "mate_in_1", "mate_in_2" } },
        { "escape_check", { "run", "block", "capture" } },
        { "castling", { "castle" } },
        { "promotion", { "promote" } },
        { "en_passant", { "en_passant" } },
        { "stalemate", { "avoid_stalemate" } },
    };
    return all;
}

// The level's goal_id for a kind of practice.
std::string_view goal_of(std::string_view kind) {
    if (kind == "run" || kind == "block" || kind == "capture") return "escape_check";
    if (kind == "en_passant") return "capture_en_passant";
    return kind;
}

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

struct Made {
    std::string              fen;
    std::vector<std::string> solution;
};

// A playable position from the drawing, or nothing where the rules refuse it.
std::optional<std::string> playable(const Drawing& d) {
    Position<Chess>  pos;
    StateInfo<Chess> si;
    if (pos.set(d.setup, si)) return std::nullopt;
    if (legal_moves(pos).size() == 0) return std::nullopt;
    return write_fen<Chess>(d.setup);
}

bool is_mate(Game<Chess>& g, Move m) {
    g.play(m);
    const Outcome o = g.outcome();
    g.undo();
    return o.reason == Termination::Checkmate;
}

// The level made from `fen` and `solution`, if the judge accepts the solution move by move.
std::optional<Level> checked(const Course& course, const std::string& id, std::string_view kind,
    const std::string& fen, std::vector<std::string> solution) {
    Level l;
    l.id       = id;
    l.lesson   = "practice";
    l.fen      = fen;
    l.goal_id  = std::string(goal_of(kind));
    l.goal     = "practice." + std::string(kind) + ".goal";
    l.solution = std::move(solution);
    l.par      = int(l.solution.size() + 1) / 2;
    if (kind == "run" || kind == "block" || kind == "capture") l.way = std::string(kind);
    if (kind == "avoid_stalemate") l.piece = "queen";
    if (!check_level(course, l).empty()) return std::nullopt;
    return l;
}

// One attempt at a level of `kind` from the generator's next numbers. `looks` bounds the engine
// searches a level may take (the cheap tests of the rules come first).
std::optional<Level> attempt(
    const Course& course, const std::string& id, std::string_view kind, Rng& rng, int& looks) {
    Drawing d;
    if (kind == "mate_in_1" || kind == "mate_in_2") {
        defending_king(rng, d, kind == "mate_in_1");
        d.put_in(rng, White, King, 0, 7, 0, 5);
        static const std::vector<std::vector<PieceType>> armies
            = { { Queen }, { Rook }, { Rook, Rook }, { Queen, Bishop }, { Rook, Bishop },
                  { Queen, Knight }, { Rook, Knight } };
        for (PieceType t : armies[size_t(rng.below(int(armies.size())))])
            if (!d.put_in(rng, White, t, 0, 7, 0, 7)) return std::nullopt;
        auto fen = playable(d);
        if (!fen) return std::nullopt;
        Game<Chess> g;
        g.load_fen(*fen);
        if (g.position().in_check()) return std::nullopt;
        std::vector<Move> mates;
        for (Move m : g.legal_moves())
            if (is_mate(g, m)) mates.push_back(m);
        if (kind == "mate_in_1") {
            if (mates.empty() || mates.size() > 2) return std::nullopt;
            return checked(course, id, kind, *fen, { move_to_uci<Chess>(mates[0]) });
        }
        if (!mates.empty() || looks-- <= 0) return std::nullopt;
        const Look best = look(g, White);
        if (mate_in(best.value) != 2 || best.pv.size() < 3) return std::nullopt;
        std::vector<std::string> line;
        for (size_t i = 0; i < 3; ++i) line.push_back(move_to_uci<Chess>(best.pv[i]));
        return checked(course, id, kind, *fen, line);
    }
    if (kind == "run" || kind == "block" || kind == "capture") {
        d.put_in(rng, White, King, 1, 6, 0, 2);
        d.put_in(rng, Black, King, 0, 7, 5, 7);
        // The checker, then the defenders that might block or capture it.
        static const std::array<PieceType, 4> checkers = { Rook, Bishop, Queen, Knight };
        const PieceType                       checker
            = kind == "block" ? checkers[size_t(rng.below(3))] : checkers[size_t(rng.below(4))];
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
            const std::string way = m.to() == from ? "capture" : m.from() == king ? "run" : "block";
            if (way != kind) continue;
            if (auto l = checked(course, id, kind, *fen, { move_to_uci<Chess>(m) })) return l;
            return std::nullopt; // the first of its way was punished: draw another position
        }
        return std::nullopt;
    }
    if (kind == "castle") {
        d.put(White, King, 4, 0);
        const bool short_side = rng.chance(70), long_side = !short_side || rng.chance(50);
        if (short_side) d.put(White, Rook, 7, 0);
        if (long_side) d.put(White, Rook, 0, 0);
        d.setup.castling = u8((short_side ? WhiteShort : 0) | (long_side ? WhiteLong : 0));
        for (int f = 0; f < 8; ++f)
            if (rng.chance(70)) d.put(White, Pawn, f, 1);
        d.put_in(rng, Black, King, 0, 7, 6, 7);
        static const std::array<PieceType, 3> attackers = { Bishop, Rook, Knight };
        for (int n = rng.between(1, 2); n > 0; --n)
            d.put_in(rng, Black, attackers[size_t(rng.below(3))], 0, 7, 2, 6);
        if (rng.chance(30)) d.put_in(rng, White, rng.chance(50) ? Knight : Bishop, 1, 6, 0, 0);
        auto fen = playable(d);
        if (!fen) return std::nullopt;
        Game<Chess> g;
        g.load_fen(*fen);
        std::vector<Move> castlings;
        for (Move m : g.legal_moves())
            if (m.kind() == MoveKind::Castling) castlings.push_back(m);
        // One side allowed, the other refused though its rook never moved: which one is it?
        if (castlings.size() != 1 || !(short_side && long_side)) return std::nullopt;
        return checked(course, id, kind, *fen, { move_to_uci<Chess>(castlings[0]) });
    }
    if (kind == "promote") {
        const int f = rng.between(0, 7);
        d.put(White, Pawn, f, 6);
        d.put_in(rng, White, King, 0, 7, 0, 5);
        d.put_in(rng, Black, King, 0, 7, 2, 7);
        for (int n = rng.between(0, 2); n > 0; --n)
            d.put_in(rng, Black, rng.chance(50) ? Pawn : Knight, 0, 7, 1, 5);
        auto fen = playable(d);
        if (!fen) return std::nullopt;
        Game<Chess> g;
        g.load_fen(*fen);
        if (g.position().in_check()) return std::nullopt;
        for (char piece : { 'q', 'r', 'n', 'b' })
            for (Move m : g.legal_moves())
                if (m.kind() == MoveKind::Promotion && move_to_uci<Chess>(m).back() == piece)
                    if (auto l = checked(course, id, kind, *fen, { move_to_uci<Chess>(m) }))
                        return l;
        return std::nullopt;
    }
    if (kind == "en_passant") {
        const int f = rng.between(0, 7), side = rng.chance(50) ? -1 : 1;
        if (f + side < 0 || f + side > 7) return std::nullopt;
        d.put(White, Pawn, f, 4);
        d.put(Black, Pawn, f + side, 4);
        d.setup.ep = G::square(f + side, 5);
        d.put_in(rng, White, King, 0, 7, 0, 2);
        d.put_in(rng, Black, King, 0, 7, 6, 7);
        for (int n = rng.between(1, 3); n > 0; --n) d.put_in(rng, White, Pawn, 0, 7, 1, 3);
        for (int n = rng.between(1, 3); n > 0; --n) d.put_in(rng, Black, Pawn, 0, 7, 4, 6);
        // The black pawn's path from its start must have been free for the double step.
        if (d.setup.board[G::square(f + side, 5)] || d.setup.board[G::square(f + side, 6)])
            return std::nullopt;
        auto fen = playable(d);
        if (!fen) return std::nullopt;
        Game<Chess> g;
        g.load_fen(*fen);
        for (Move m : g.legal_moves())
            if (m.kind() == MoveKind::EnPassant)
                return checked(course, id, kind, *fen, { move_to_uci<Chess>(m) });
        return std::nullopt;
    }
    if (kind == "avoid_stalemate") {
        defending_king(rng, d, false);
        d.put_in(rng, White, King, 0, 7, 3, 7);
        d.put_in(rng, White, Queen, 0, 7, 0, 7);
        auto fen = playable(d);
        if (!fen) return std::nullopt;
        Game<Chess> g;
        g.load_fen(*fen);
        if (g.position().in_check()) return std::nullopt;
        // The trap must be there: a queen move that stalemates.
        bool trap = false;
        for (Move m : g.legal_moves()) {
            if (type_of(g.position().piece_on(m.from())) != Queen) continue;
            g.play(m);
            trap = trap || g.outcome().reason == Termination::Stalemate;
            g.undo();
        }
        if (!trap || looks-- <= 0) return std::nullopt;
        const Look best = look(g, White);
        if (best.pv.empty() || type_of(g.position().piece_on(best.pv[0].from())) != Queen)
            return std::nullopt;
        return checked(course, id, kind, *fen, { move_to_uci<Chess>(best.pv[0]) });
    }
    return std::nullopt;
}

// The id's parts: "practice-<kind>-<seed>-<n>".
struct Id {
    std::string_view kind;
    u64              seed = 0;
    int              n    = 0;
};

std::optional<Id> parse_id(std::string_view id) {
    constexpr std::string_view prefix = "practice-";
    if (!id.starts_with(prefix)) return std::nullopt;
    id.remove_prefix(prefix.size());
    const size_t last = id.rfind('-');
    if (last == std::string_view::npos) return std::nullopt;
    const size_t middle = id.rfind('-', last - 1);
    if (middle == std::string_view::npos || middle == 0) return std::nullopt;
    Id   out{ id.substr(0, middle) };
    auto number = [](std::string_view s, auto& v) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc() && end == s.data() + s.size() && !s.empty();
    };
    if (!number(id.substr(middle + 1, last - middle - 1), out.seed)) return std::nullopt;
    if (!number(id.substr(last + 1), out.n) || out.n < 0 || out.n > 1000) return std::nullopt;
    for (const Topic& t : topics())
        for (std::string_view k : t.kinds)
            if (k == out.kind) return out;
    return std::nullopt;
}

// Makes the level of an id: attempts drawn from a generator seeded by (seed, n, kind), the
// first that passes is the level. Bounded: a kind that is rare in some seed gives nothing
// rather than searching for long.
std::optional<Level> make(const Course& course, const std::string& id, const Id& parts) {
    u64 mix = parts.seed * 0x100000001B3ull + u64(parts.n);
    for (char c : parts.kind) mix = (mix ^ u64(c)) * 0x100000001B3ull;
    Rng rng{ mix };
    int looks = 80;
    for (int tries = 0; tries < 20000; ++tries)
        if (auto l = attempt(course, id, parts.kind, rng, looks)) return l;
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
    for (const Topic& t : topics()) out.insert(out.end(), t.kinds.begin(), t.kinds.end());
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
        for (std::string_view k : t.kinds)
            if (k == parts->kind) return t.name;
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
    for (int i = 0; int(out.size()) < count && i < count * 2; ++i) {
        const std::string_view kind = t->kinds[first + size_t(i) % kinds];
        const std::string id = "practice-" + std::string(kind) + "-" + std::to_string(seed) + "-"
            + std::to_string(i);
        if (auto l = practice_level(course, id)) out.push_back(std::move(*l));
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
