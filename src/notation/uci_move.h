// Move text in the UCI style of docs/notation.md: <from><to>[<promotion>], castling as the king's
// two-square move. Text becomes a move only by matching the legal moves of the position.
#pragma once

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.h"
#include "core/illegal.h"
#include "core/movegen.h"

namespace citadel {

template <class V> std::string move_to_uci(Move m) {
    using G   = typename V::Geometry;
    Square to = m.to();
    if (m.kind() == MoveKind::Castling) // stored as king takes rook
        to = castling_king_square<G>(m);
    std::string text = square_name<G>(m.from()) + square_name<G>(to);
    if (m.kind() == MoveKind::Promotion) text += char(kind(m.promotion()).letter + 32);
    return text;
}

// The legal move whose text is `text`, if any.
template <class V>
std::optional<Move> find_uci_move(const Position<V>& pos, std::string_view text) {
    for (Move m : legal_moves(pos))
        if (move_to_uci<V>(m) == text) return m;
    return std::nullopt;
}

// Reads move text as a MoveRequest: its form only (two squares of the board, a promotion letter
// naming a piece that can be promoted to in some variant), not whether the move is legal, which
// is why_illegal()'s job. The error's message says what is wrong with the text.
template <class G> Result<MoveRequest, ParseError> parse_move_request(std::string_view text) {
    constexpr size_t MaxLength = 32;
    auto             quoted    = [](std::string_view t) {
        std::string q(1, '\''); // appended piecewise: GCC 12 misreports "'" + std::string
        q.append(t);
        q += '\'';
        return q;
    };
    if (text.empty()) return ParseError{ "move", "the move is empty" };
    for (size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        if (c > 0x20 && c < 0x7f) continue;
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", unsigned(c));
        return ParseError{ "move",
            "character " + std::to_string(i + 1) + " (" + hex + ") is "
                + (c >= 0x80 ? "not ASCII" : "a space or control character")
                + "; a move is written like e2e4 or e7e8q" };
    }
    if (text.size() > MaxLength)
        return ParseError{ "move",
            "the move is " + std::to_string(text.size())
                + " characters long; a move is written like e2e4 or e7e8q" };

    size_t at = 0;
    // The square starting at `at`: a file letter and a rank number.
    auto square = [&](std::string_view which) -> Result<Square, ParseError> {
        std::string field(which);
        if (at == text.size())
            return ParseError{ field, "the " + field + "-square is missing after " + quoted(text) };
        char c = text[at];
        if (c >= 'A' && c <= 'Z')
            return ParseError{ field,
                "squares are written in lower case (" + std::string(1, char(c + 32)) + ", not " + c
                    + ")" };
        if (c < 'a' || c > 'z')
            return ParseError{ field,
                "expected the file letter of the " + field + "-square, found "
                    + quoted(text.substr(at, 1)) };
        size_t start = at++;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
        std::string_view name = text.substr(start, at - start);
        if (name.size() == 1)
            return ParseError{ field,
                "the " + field + "-square " + quoted(name) + " has no rank number" };
        if (auto s = parse_square<G>(name)) return *s;
        if (c - 'a' >= G::Files)
            return ParseError{ field,
                quoted(name) + " is not a square: the files run from a to "
                    + std::string(1, char('a' + G::Files - 1)) };
        int rank = 0; // at most 30 digits: stop counting past the board
        for (char d : name.substr(1)) rank = std::min(rank * 10 + (d - '0'), 1000);
        if (name[1] == '0' || rank > G::Ranks)
            return ParseError{ field,
                quoted(name) + " is not a square: the ranks run from 1 to "
                    + std::to_string(G::Ranks) };
        return ParseError{ field, quoted(name) + " is not a square of this board" };
    };

    auto from = square("from");
    if (!from) return from.error();
    auto to = square("to");
    if (!to) return to.error();
    MoveRequest      req{ *from, *to };
    std::string_view rest = text.substr(at);

    // The promotion letters of docs/notation.md (q r b n); which of them a variant allows, and
    // whether it promotes at all, is a rule, told by why_illegal().
    constexpr PieceSet promotable = piece_set(Queen, Rook, Bishop, Knight);
    const std::string  letters    = "q, r, b or n";
    if (rest.size() > 1)
        return ParseError{ "move",
            "unexpected " + quoted(rest) + " after " + quoted(text.substr(0, at)) };
    if (rest.size() == 1) {
        char c = rest[0];
        if (c >= 'A' && c <= 'Z')
            return ParseError{ "promotion",
                "promotion letters are lower case (" + std::string(1, char(c + 32)) + ", not " + c
                    + ")" };
        PieceType t = c >= 'a' && c <= 'z' ? piece_type_from_letter(c, promotable) : NoPieceType;
        if (!t)
            return ParseError{ "promotion",
                quoted(rest) + " is not a piece a pawn can become (" + letters + ")" };
        req.promotion = t;
    }
    if (req.from == req.to)
        return ParseError{ "move", "the move starts and ends on " + square_name<G>(req.from) };
    return req;
}

} // namespace citadel
