// Standard Algebraic Notation for the orthodox family: move <-> text.
//
// Writing follows the PGN standard: piece letter (none for pawns), the fewest disambiguation
// characters among pieces whose *legal* moves reach the target (file, else rank, else both), 'x'
// for captures (pawn captures name their file; en passant is a capture), "=Q" for promotions,
// "O-O"/"O-O-O", and "+"/"#" for check and mate. The pawn race has no check, and its winning move
// (a pawn reaching the last rank) carries no suffix either: the result says who won.
//
// Reading is lenient about spelling but strict about meaning: it accepts trailing "+#!?",
// "0-0", a missing or extra '-' / ':' / 'x'... (see parse_san), yet text becomes a move only by
// matching exactly one legal move, and every refusal is a SanError naming what is wrong.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"

namespace citadel {

struct SanError {
    enum class Code : u8 {
        Empty, // nothing but whitespace or annotation marks
        Malformed, // not SAN at all ("e9", "Nf", "Q=e8")
        UnknownPiece, // a piece letter the variant has no piece for ("Bb2" in silverman)
        NoSuchMove, // well-formed, but no legal move matches
        Ambiguous, // several legal moves match; the message names them
        MissingPromotion, // a pawn reaches the promotion rank without naming the piece
        BadPromotion, // a promotion piece where there is no promotion, or a forbidden one
    };
    Code        code;
    std::string message;
};

namespace detail {

// What a SAN text asks for, before it is matched against the legal moves.
struct SanPattern {
    enum class Castle : u8 { None, Short, Long };
    Castle    castle    = Castle::None;
    PieceType piece     = Pawn;
    int       from_file = -1; // -1: not given
    int       from_rank = -1;
    Square    to        = NoSquare;
    bool      capture   = false; // 'x' or ':' was written
    PieceType promotion = NoPieceType;
};

// The text without surrounding whitespace and trailing "+#!?" (and "e.p.").
std::string_view strip_san_annotations(std::string_view text);
// "O-O" / "0-0" / "o-o" and the long forms; Castle::None for anything else.
SanPattern::Castle castling_of(std::string_view text);
// A rank number without leading zeros ("1".."99"), or -1.
int parse_rank(std::string_view text);
// "knight" style names for messages.
std::string    piece_name(PieceType t);
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

template <class V> bool promotes_to(PieceType t) {
    for (int i = 0; i < V::Promotions; ++i)
        if (V::PromotionOrder[i] == t) return true;
    return false;
}

template <class V> std::string promotion_choices() {
    std::string out;
    for (int i = 0; i < V::Promotions; ++i)
        out += std::string(out.empty() ? "" : ", ") + "=" + kind(V::PromotionOrder[i]).letter;
    return out;
}

template <class V> bool is_capture(const Position<V>& pos, Move m) {
    return m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castling && pos.piece_on(m.to()) != NoPiece);
}

// File, rank, both or nothing: what tells m's piece apart from others of its type that may
// legally move to the same square. Pinned pieces have no such legal move, so they never count.
template <class V> std::string disambiguation(const Position<V>& pos, Move m) {
    using G         = typename V::Geometry;
    PieceType t     = type_of(pos.piece_on(m.from()));
    bool      other = false, same_file = false, same_rank = false;
    for (Move x : legal_moves(pos)) {
        if (x.to() != m.to() || x.from() == m.from() || x.kind() == MoveKind::Castling
            || type_of(pos.piece_on(x.from())) != t)
            continue;
        other = true;
        same_file |= G::file_of(x.from()) == G::file_of(m.from());
        same_rank |= G::rank_of(x.from()) == G::rank_of(m.from());
    }
    std::string name = square_name<G>(m.from());
    if (!other) return "";
    if (!same_file) return name.substr(0, 1);
    if (!same_rank) return name.substr(1);
    return name;
}

// "+" or "#" if m gives check or mate. Position is not copyable, so the move is made on a fresh
// position set up from pos.
template <class V> std::string check_suffix(const Position<V>& pos, Move m) {
    if constexpr (!V::HasKing)
        return "";
    else {
        Position<V>  after;
        StateInfo<V> start, next;
        if (after.set(pos.setup(), start)) return ""; // cannot happen for a legal position
        after.make(m, next);
        if (!after.in_check()) return "";
        return count_legal(after) == 0 ? "#" : "+";
    }
}

template <class V> std::string san_without_suffix(const Position<V>& pos, Move m) {
    using G = typename V::Geometry;
    if (m.kind() == MoveKind::Castling) return is_short_castling<G>(m) ? "O-O" : "O-O-O";
    PieceType   t       = type_of(pos.piece_on(m.from()));
    bool        capture = is_capture(pos, m);
    std::string san;
    if (t == Pawn) {
        if (capture) san = square_name<G>(m.from()).substr(0, 1);
    } else {
        san = std::string(1, kind(t).letter) + disambiguation(pos, m);
    }
    if (capture) san += 'x';
    san += square_name<G>(m.to());
    if (m.kind() == MoveKind::Promotion) san += std::string("=") + kind(m.promotion()).letter;
    return san;
}

// ---- reading ----

// The variant's piece of an upper-case letter; a letter of some other variant's piece is an
// UnknownPiece, any other letter Malformed.
template <class V> Result<PieceType, SanError> piece_of(char letter) {
    if (PieceType t = piece_type_from_letter(letter, V::Pieces)) return t;
    PieceType other = piece_type_from_letter(letter, ~PieceSet(0));
    if (!other)
        return SanError{ SanError::Code::Malformed,
            "'" + std::string(1, letter) + "' is not a piece letter" };
    return SanError{ SanError::Code::UnknownPiece,
        std::string(V::Name) + " has no " + piece_name(other) + "s" };
}

// Reads the promotion suffix ("=Q", "Q", "=q", "q" after the square) off the end of body.
template <class V> std::optional<SanError> read_promotion(std::string_view& body, SanPattern& p) {
    using Code = SanError::Code;
    if (body.empty()) return std::nullopt;
    char last = body.back();
    if (last == '=') return SanError{ Code::Malformed, "'=' must be followed by a piece letter" };
    if (!is_lower(last) && !is_upper(last)) return std::nullopt;
    bool eq = body.size() >= 2 && body[body.size() - 2] == '=';
    if (!eq && !(body.size() >= 2 && is_digit(body[body.size() - 2]))) return std::nullopt;
    body.remove_suffix(eq ? 2 : 1);
    // A letter of another variant's piece is still a promotion, to be refused by the variant.
    p.promotion = piece_type_from_letter(last, V::Pieces);
    if (!p.promotion) p.promotion = piece_type_from_letter(last, ~PieceSet(0));
    if (!p.promotion)
        return SanError{ Code::Malformed, "'" + std::string(1, last) + "' is not a piece letter" };
    return std::nullopt;
}

// Reads the destination square (a letter and the digits after it) off the end of body.
template <class V> std::optional<SanError> read_target(std::string_view& body, SanPattern& p) {
    using G       = typename V::Geometry;
    size_t digits = 0;
    while (digits < body.size() && is_digit(body[body.size() - 1 - digits])) ++digits;
    if (digits == 0 || digits == body.size())
        return SanError{ SanError::Code::Malformed,
            "'" + std::string(body) + "' does not end in a square" };
    std::string_view tail   = body.substr(body.size() - 1 - digits);
    auto             square = parse_square<G>(tail);
    if (!square)
        return SanError{ SanError::Code::Malformed,
            "'" + std::string(tail) + "' is not a square of the " + std::to_string(G::Files) + "x"
                + std::to_string(G::Ranks) + " board" };
    p.to = *square;
    body.remove_suffix(tail.size());
    return std::nullopt;
}

// Reads what remains before the target: [file][rank] then an optional 'x', ':' or '-'.
template <class V> std::optional<SanError> read_origin(std::string_view body, SanPattern& p) {
    using G = typename V::Geometry;
    if (!body.empty() && (body.back() == 'x' || body.back() == ':' || body.back() == '-')) {
        p.capture = body.back() != '-';
        body.remove_suffix(1);
    }
    std::string_view rest = body;
    if (!rest.empty() && rest[0] >= 'a' && rest[0] < 'a' + G::Files) {
        p.from_file = rest[0] - 'a';
        rest.remove_prefix(1);
    }
    if (!rest.empty()) {
        int rank = parse_rank(rest);
        if (rank < 1 || rank > G::Ranks)
            return SanError{ SanError::Code::Malformed,
                "'" + std::string(body) + "' is not a file, rank or square to move from" };
        p.from_rank = rank - 1;
    }
    return std::nullopt;
}

template <class V> Result<SanPattern, SanError> read_san(std::string_view text) {
    using Code = SanError::Code;
    SanPattern p;
    if (text.empty()) return SanError{ Code::Empty, "empty move text" };
    if ((p.castle = castling_of(text)) != SanPattern::Castle::None) return p;
    std::string_view body = text;
    if (is_upper(body[0])) {
        auto piece = piece_of<V>(body[0]);
        if (!piece) return piece.error();
        p.piece = *piece;
        body.remove_prefix(1);
    }
    if (auto err = read_promotion<V>(body, p)) return *err;
    if (auto err = read_target<V>(body, p)) return *err;
    if (auto err = read_origin<V>(body, p)) return *err;
    if (p.promotion) {
        if (p.piece != Pawn)
            return SanError{ Code::BadPromotion,
                "only pawns promote, not the " + piece_name(p.piece) };
        if (!promotes_to<V>(p.promotion))
            return SanError{ Code::BadPromotion,
                V::Promotions == 0
                    ? "pawns do not promote in " + std::string(V::Name)
                    : "a pawn cannot promote to a " + piece_name(p.promotion) + " in "
                        + std::string(V::Name) + " (only " + promotion_choices<V>() + ")" };
    }
    return p;
}

template <class V> bool matches(const Position<V>& pos, const SanPattern& p, Move m) {
    using G = typename V::Geometry;
    if (m.kind() == MoveKind::Castling)
        return p.castle != SanPattern::Castle::None
            && is_short_castling<G>(m) == (p.castle == SanPattern::Castle::Short);
    if (p.castle != SanPattern::Castle::None) return false;
    if (type_of(pos.piece_on(m.from())) != p.piece || m.to() != p.to) return false;
    int file = G::file_of(m.from()), rank = G::rank_of(m.from());
    // A pawn named without its file moves straight ahead: captures must name the file.
    int want_file = p.from_file < 0 && p.piece == Pawn ? G::file_of(p.to) : p.from_file;
    return (want_file < 0 || want_file == file) && (p.from_rank < 0 || p.from_rank == rank);
}

template <class V> std::string describe_pattern(const SanPattern& p) {
    using G = typename V::Geometry;
    if (p.castle != SanPattern::Castle::None)
        return p.castle == SanPattern::Castle::Short ? "short castling (O-O)"
                                                     : "long castling (O-O-O)";
    std::string from;
    if (p.from_file >= 0) from += char('a' + p.from_file);
    if (p.from_rank >= 0) from += std::to_string(p.from_rank + 1);
    return piece_name(p.piece) + (from.empty() ? "" : " on " + from) + " move to "
        + square_name<G>(p.to);
}

template <class V> SanError no_match(const Position<V>& pos, const SanPattern& p) {
    using Code = SanError::Code;
    if (legal_moves(pos).size() == 0)
        return { Code::NoSuchMove, "there is no legal move in this position" };
    if (p.castle != SanPattern::Castle::None && !V::Castling)
        return { Code::NoSuchMove, "there is no castling in " + std::string(V::Name) };
    std::string why = "no legal " + describe_pattern<V>(p);
    if (pos.in_check())
        why += std::string(" (") + (pos.side_to_move() == White ? "White" : "Black")
            + " is in check)";
    return { Code::NoSuchMove, why };
}

// Narrows the moves matching square and piece by the promotion asked for (or not asked for).
template <class V>
Result<std::vector<Move>, SanError> by_promotion(const SanPattern& p, std::vector<Move> found) {
    using Code     = SanError::Code;
    using G        = typename V::Geometry;
    bool promoting = !found.empty() && found[0].kind() == MoveKind::Promotion;
    if (!p.promotion && promoting)
        return SanError{ Code::MissingPromotion,
            "a pawn reaching " + square_name<G>(p.to) + " must promote: add "
                + promotion_choices<V>() };
    if (p.promotion && !found.empty() && !promoting)
        return SanError{ Code::BadPromotion,
            "the " + describe_pattern<V>(p) + " is not a promotion" };
    std::erase_if(found, [&](Move m) { return p.promotion && m.promotion() != p.promotion; });
    return found;
}

template <class V>
SanError ambiguity(const Position<V>& pos, std::string_view text, const std::vector<Move>& found) {
    std::string names;
    for (Move m : found) names += (names.empty() ? "" : ", ") + san_without_suffix(pos, m);
    return { SanError::Code::Ambiguous,
        "'" + std::string(text) + "' is ambiguous: it may be " + names };
}

} // namespace detail

// The SAN of m, which must be legal in pos.
template <class V> std::string to_san(const Position<V>& pos, Move m) {
    return detail::san_without_suffix(pos, m) + detail::check_suffix(pos, m);
}

// The one legal move of pos that `text` names. Accepted besides strict SAN: surrounding
// whitespace, trailing check/mate/annotation marks ("+", "#", "!", "?", "e.p.") which are not
// verified, "0-0"/"0-0-0", a missing 'x', ':' for 'x', '-' between origin and target ("e2-e4",
// "Ng1-f3"), full origin squares, a 'P' for pawns, promotions with or without '=' and with a
// lower-case letter ("e8=Q", "e8Q", "e8q").
template <class V> Result<Move, SanError> parse_san(const Position<V>& pos, std::string_view text) {
    using Code                = SanError::Code;
    std::string_view stripped = detail::strip_san_annotations(text);
    auto             pattern  = detail::read_san<V>(stripped);
    if (!pattern) return pattern.error();
    const detail::SanPattern& p = *pattern;

    std::vector<Move> found;
    for (Move m : legal_moves(pos))
        if (detail::matches(pos, p, m)) found.push_back(m);
    auto narrowed = detail::by_promotion<V>(p, std::move(found));
    if (!narrowed) return narrowed.error();
    if (narrowed->empty()) return detail::no_match(pos, p);
    if (narrowed->size() > 1) return detail::ambiguity(pos, stripped, *narrowed);
    Move m = narrowed->front();
    if (p.capture && !detail::is_capture(pos, m))
        return SanError{ Code::NoSuchMove,
            "'" + std::string(stripped) + "' captures, but there is nothing to capture on "
                + square_name<typename V::Geometry>(m.to()) };
    return m;
}

} // namespace citadel
