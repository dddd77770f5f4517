#include "notation/tfen.h"

#include "core/geometry.h"

namespace citadel {

using namespace tamerlane;

namespace {

constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr char upper(char c) { return is_lower(c) ? char(c - 32) : c; }

std::string quoted(std::string_view t) {
    std::string out(1, '\''); // (not "'" + ...: GCC 12 warns falsely, -Wrestrict)
    out += t;
    out += '\'';
    return out;
}

// The token at the start of text, for error messages: a pawn's two letters, else one character.
std::string_view token_text(std::string_view text) {
    return text.substr(0, text.size() >= 2 && upper(text[0]) == 'P' ? 2 : 1);
}

} // namespace

namespace tamerlane {

std::string piece_token(Piece p) {
    const PieceType t     = type_of(p);
    const bool      black = seat_of(p) == Black;
    std::string     out
        = is_pawn(t) ? std::string{ 'P', pawn_kind_letter(t) } : std::string(1, piece_letter(t));
    if (black)
        for (char& c : out) c = char(c + 32);
    return out;
}

Piece read_piece_token(std::string_view text, size_t& length) {
    length = 0;
    if (text.empty() || !(is_upper(text[0]) || is_lower(text[0]))) return NoPiece;
    const bool white = is_upper(text[0]);
    const Seat seat  = white ? White : Black;
    if (upper(text[0]) == 'P') {
        if (text.size() < 2 || is_upper(text[1]) != white
            || !(is_upper(text[1]) || is_lower(text[1])))
            return NoPiece;
        PieceType t = pawn_from_kind_letter(upper(text[1]));
        if (!t) return NoPiece;
        length = 2;
        return make_piece(seat, t);
    }
    PieceType t = piece_from_letter(upper(text[0]));
    if (!t) return NoPiece;
    length = 1;
    return make_piece(seat, t);
}

} // namespace tamerlane

namespace {

// Explains why no piece token could be read at the start of text (a letter there).
std::string bad_token(std::string_view text) {
    const char c = text[0];
    if (upper(c) == 'P') {
        if (text.size() < 2 || !(is_upper(text[1]) || is_lower(text[1])))
            return "a pawn is written P (or p) followed by the letter of its kind (K G V Z T N R E "
                   "C D P)";
        if (is_upper(text[1]) != is_upper(c))
            return "the pawn " + quoted(text.substr(0, 2))
                + " mixes cases; write both letters upper case (White) or lower case (Black)";
        return quoted(text.substr(1, 1)) + " is not a pawn kind (K G V Z T N R E C D P) in "
            + quoted(text.substr(0, 2));
    }
    return "unknown piece letter " + quoted(text.substr(0, 1))
        + " (K H A G V Z T N R E C D, pawns P + kind)";
}

} // namespace

template <> Result<Setup<TamerlaneBoard>, ParseError> parse_fen<Tamerlane>(std::string_view text) {
    Setup<TamerlaneBoard> s;
    auto                  fields = detail::split_fields(text);
    if (fields.size() != 7)
        return ParseError{ "tfen",
            "expected 7 space-separated fields (board, side, citadels, swaps, "
            "pawn-of-pawns, halfmove, fullmove), found "
                + std::to_string(fields.size()) };

    // Board: ranks 10 to 1, '/' between them, each exactly 11 files.
    int              rank = Ranks - 1, file = 0;
    std::string_view board = fields[0];
    for (size_t i = 0; i < board.size();) {
        const char        c     = board[i];
        const std::string where = "rank " + std::to_string(rank + 1);
        if (c == '/') {
            if (file != Files)
                return ParseError{ "board",
                    where + " has " + std::to_string(file) + " squares, expected 11" };
            if (--rank < 0) return ParseError{ "board", "more than 10 ranks" };
            file = 0;
            ++i;
        } else if (is_digit(c)) {
            size_t j = i;
            while (j < board.size() && is_digit(board[j])) ++j;
            std::string_view run = board.substr(i, j - i);
            int              n   = detail::parse_count(run);
            if (c == '0' || n < 1 || n > Files)
                return ParseError{ "board",
                    where + ": bad empty-square count " + quoted(run)
                        + " (a number 1-11 without leading zeros)" };
            file += n;
            if (file > Files) return ParseError{ "board", where + " has more than 11 squares" };
            i = j;
        } else {
            size_t length = 0;
            Piece  p      = read_piece_token(board.substr(i), length);
            if (!p) {
                if (!is_upper(c) && !is_lower(c))
                    return ParseError{ "board",
                        where + ": unexpected character " + quoted(board.substr(i, 1)) };
                return ParseError{ "board", where + ": " + bad_token(board.substr(i)) };
            }
            if (file >= Files)
                return ParseError{ "board",
                    where + " has more than 11 squares (at " + quoted(token_text(board.substr(i)))
                        + ")" };
            s.board[G::square(file++, rank)] = p;
            i += length;
        }
    }
    if (rank != 0)
        return ParseError{ "board", "expected 10 ranks, found " + std::to_string(Ranks - rank) };
    if (file != Files)
        return ParseError{ "board",
            "rank 1 has " + std::to_string(file) + " squares, expected 11" };

    if (fields[1] != "w" && fields[1] != "b")
        return ParseError{ "side", "side to move must be 'w' or 'b', not " + quoted(fields[1]) };
    s.to_move = fields[1] == "w" ? White : Black;

    // Citadels: White's (l2) then Black's (z9) occupant, '-' for none.
    {
        std::string_view f     = fields[2];
        size_t           slash = f.find('/');
        if (slash == std::string_view::npos || f.find('/', slash + 1) != std::string_view::npos)
            return ParseError{ "citadels",
                "expected the occupants of l2 and z9 as <l2>/<z9>, each "
                "'-' or a piece, like -/- or A/-, not "
                    + quoted(f) };
        std::string_view parts[2] = { f.substr(0, slash), f.substr(slash + 1) };
        for (int i = 0; i < 2; ++i) {
            const std::string name = i == 0 ? "l2 (White's citadel)" : "z9 (Black's citadel)";
            if (parts[i] == "-") continue;
            size_t length = 0;
            Piece  p      = read_piece_token(parts[i], length);
            if (!p || length != parts[i].size())
                return ParseError{ "citadels",
                    "the occupant of " + name + " must be '-' or one piece, not "
                        + quoted(parts[i]) };
            s.board[i == 0 ? WhiteCitadel : BlackCitadel] = p;
        }
    }

    // Swap rights.
    if (fields[3] == "Kk")
        s.swaps = WhiteSwap | BlackSwap;
    else if (fields[3] == "K")
        s.swaps = WhiteSwap;
    else if (fields[3] == "k")
        s.swaps = BlackSwap;
    else if (fields[3] != "-")
        return ParseError{ "swaps",
            "swap rights must be 'Kk', 'K', 'k' or '-', not " + quoted(fields[3]) };

    // Pawn-of-pawns arrivals: White's/Black's, each 0-3.
    {
        std::string_view f = fields[4];
        if (f.size() != 3 || f[1] != '/' || f[0] < '0' || f[0] > '3' || f[2] < '0' || f[2] > '3')
            return ParseError{ "pawn-of-pawns",
                "expected how often White's and Black's pawn of pawns "
                "reached the last rank, each 0-3, like 0/0 or 1/0, not "
                    + quoted(f) };
        s.arrivals[White] = u8(f[0] - '0');
        s.arrivals[Black] = u8(f[2] - '0');
    }

    s.halfmove = detail::parse_count(fields[5]);
    if (s.halfmove < 0 || (fields[5].size() > 1 && fields[5][0] == '0'))
        return ParseError{ "halfmove clock",
            quoted(fields[5]) + " is not a number (0 or more, no leading zeros)" };
    s.fullmove = detail::parse_count(fields[6]);
    if (s.fullmove < 1 || fields[6][0] == '0')
        return ParseError{ "fullmove number", quoted(fields[6]) + " is not a positive number" };
    return s;
}

template <> std::string write_fen<Tamerlane>(const Setup<TamerlaneBoard>& s) {
    std::string out;
    for (int rank = Ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < Files; ++file) {
            Piece p = s.board[G::square(file, rank)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty), empty = 0;
            out += piece_token(p);
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += s.to_move == White ? " w " : " b ";
    for (Square c : { WhiteCitadel, BlackCitadel }) {
        out += s.board[c] ? piece_token(s.board[c]) : "-";
        if (c == WhiteCitadel) out += '/';
    }
    out += ' ';
    if (!s.swaps) out += '-';
    if (s.swaps & WhiteSwap) out += 'K';
    if (s.swaps & BlackSwap) out += 'k';
    out += ' ' + std::to_string(s.arrivals[White]) + '/' + std::to_string(s.arrivals[Black]);
    out += ' ' + std::to_string(s.halfmove) + ' ' + std::to_string(s.fullmove);
    return out;
}

} // namespace citadel
