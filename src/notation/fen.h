// FEN for the orthodox family: text <-> Setup. The reader checks the text's form and names the
// field that is wrong; the rules (one king each, castling rooks, ...) are Position::set()'s job.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/piece.h"
#include "core/setup.h"

namespace citadel {

namespace detail {
// A non-negative decimal number of at most 9 digits, or -1.
int                           parse_count(std::string_view text);
std::vector<std::string_view> split_fields(std::string_view text);
// A board character `at` (inside `text`) that is not one of FEN's piece letters: names it, the
// square it would stand on (`place`), its character position, and whose letter it is if another
// variant's.
ParseError bad_fen_letter(std::string_view text, const char* at, const std::string& place);
} // namespace detail

template <class V>
Result<Setup<typename V::Geometry>, ParseError> parse_fen(std::string_view text) {
    using G = typename V::Geometry;
    Setup<G> s;
    auto     fields = detail::split_fields(text);
    // Without its two move counters (as EPD and many programs write a position) it starts them
    // afresh: no half-moves since a capture or pawn move, move 1.
    if (fields.size() == 4) fields.insert(fields.end(), { "0", "1" });
    if (fields.size() != 6)
        return ParseError{ "fen",
            "expected 6 space-separated fields (or 4, without the move counters), found "
                + std::to_string(fields.size()) };

    // Board: ranks from the last to the first, '/' between them.
    int              rank = G::Ranks - 1, file = 0;
    std::string_view board = fields[0];
    for (size_t i = 0; i < board.size(); ++i) {
        char        c     = board[i];
        std::string where = "rank " + std::to_string(rank + 1);
        if (c == '/') {
            if (file != G::Files)
                return ParseError{ "board",
                    where + " has " + std::to_string(file) + " squares, expected "
                        + std::to_string(G::Files) };
            if (--rank < 0)
                return ParseError{ "board", "more than " + std::to_string(G::Ranks) + " ranks" };
            file = 0;
        } else if (c >= '0' && c <= '9') {
            size_t j = i;
            while (j < board.size() && board[j] >= '0' && board[j] <= '9') ++j;
            int n = detail::parse_count(board.substr(i, j - i));
            if (n < 1 || board[i] == '0')
                return ParseError{ "board",
                    where + ": bad empty-square count '" + std::string(board.substr(i, j - i))
                        + "'" };
            file += n;
            i = j - 1;
            if (file > G::Files)
                return ParseError{ "board",
                    where + " has more than " + std::to_string(G::Files) + " squares" };
        } else {
            // FEN's six letters; a piece of them the variant lacks is Position::set's to refuse
            // (PieceNotInVariant, with its square), other variants' letters are not FEN.
            PieceType t
                = piece_type_from_letter(c, piece_set(Pawn, Knight, Bishop, Rook, Queen, King));
            if (!t) {
                std::string place = file < G::Files ? square_name<G>(G::square(file, rank)) : where;
                return detail::bad_fen_letter(text, board.data() + i, place);
            }
            if (file >= G::Files)
                return ParseError{ "board",
                    where + " has more than " + std::to_string(G::Files) + " squares" };
            s.board[G::square(file++, rank)] = make_piece(c >= 'a' ? Black : White, t);
        }
    }
    if (rank != 0 || file != G::Files)
        return ParseError{ "board",
            rank != 0 ? "expected " + std::to_string(G::Ranks) + " ranks"
                      : "rank 1 has " + std::to_string(file) + " squares, expected "
                    + std::to_string(G::Files) };

    if (fields[1] != "w" && fields[1] != "b")
        return ParseError{ "side",
            "side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'" };
    s.to_move = fields[1] == "w" ? White : Black;

    if (fields[2] != "-") {
        // A right the variant cannot hold would be dropped by Position::set without a word.
        if (!V::Castling)
            return ParseError{ "castling",
                std::string(V::Name) + " has no castling; the field must be '-', not '"
                    + std::string(fields[2]) + "'" };
        constexpr std::string_view order = "KQkq";
        size_t                     next  = 0;
        for (char c : fields[2]) {
            size_t at = order.find(c, next);
            if (at == std::string_view::npos)
                return ParseError{ "castling",
                    "castling rights must be '-' or a subset of 'KQkq' in that order, not '"
                        + std::string(fields[2]) + "'" };
            s.castling |= u8(1 << at);
            next = at + 1;
        }
    }

    if (fields[3] != "-") {
        auto ep = parse_square<G>(fields[3]);
        if (!ep)
            return ParseError{ "en passant", "'" + std::string(fields[3]) + "' is not a square" };
        s.ep = *ep;
    }

    s.halfmove = detail::parse_count(fields[4]);
    if (s.halfmove < 0)
        return ParseError{ "halfmove clock", "'" + std::string(fields[4]) + "' is not a number" };
    s.fullmove = detail::parse_count(fields[5]);
    if (s.fullmove < 1)
        return ParseError{ "fullmove number",
            "'" + std::string(fields[5]) + "' is not a positive number" };
    return s;
}

template <class V> std::string write_fen(const Setup<typename V::Geometry>& s) {
    using G = typename V::Geometry;
    std::string out;
    for (int rank = G::Ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < G::Files; ++file) {
            Piece p = s.board[G::square(file, rank)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty), empty = 0;
            char c = kind(type_of(p)).letter;
            out += seat_of(p) == White ? c : char(c + 32);
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += s.to_move == White ? " w " : " b ";
    if (!s.castling) out += '-';
    for (int i = 0; i < 4; ++i)
        if (s.castling & (1 << i)) out += "KQkq"[i];
    out += ' ' + square_name<G>(s.ep);
    out += ' ' + std::to_string(s.halfmove) + ' ' + std::to_string(s.fullmove);
    return out;
}

} // namespace citadel
