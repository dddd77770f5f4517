#include "notation/k4fen.h"

#include <vector>

namespace citadel::fk {

namespace {

constexpr std::string_view kTypeLetters = " PNBRQK";

int seat_from_letter(char c) {
    auto at = kSeatLetters.find(c);
    return at == std::string_view::npos ? -1 : int(at);
}

std::string quoted(std::string_view t) {
    std::string out;
    out.reserve(t.size() + 2);
    out += '\'';
    out.append(t.data(), t.size());
    out += '\'';
    return out;
}

// A canonical decimal number (no sign, no leading zero, at most 9 digits), or -1.
int canonical_number(std::string_view t) {
    if (t.empty() || t.size() > 9 || (t.size() > 1 && t[0] == '0')) return -1;
    int n = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

} // namespace

Result<Setup<Cross14>, ParseError> parse_k4fen(std::string_view text) {
    Setup<Cross14> s;
    // Fields: exactly eight, separated by single spaces.
    std::vector<std::string_view> f;
    for (size_t i = 0;;) {
        size_t j = text.find(' ', i);
        f.push_back(text.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
        if (j == std::string_view::npos) break;
        i = j + 1;
    }
    for (size_t i = 0; i < f.size(); ++i)
        if (f[i].empty())
            return ParseError{ "k4fen",
                "fields are separated by single spaces, with none before "
                "the first or after the last" };
    if (f.size() != 8)
        return ParseError{ "k4fen",
            "expected 8 fields (board, player, castling, en passant, "
            "halfmove, fullmove, control, alliance), found "
                + std::to_string(f.size()) };
    for (char ch : text)
        if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x7f)
            return ParseError{ "k4fen", "the text holds a character that is not printable ASCII" };

    // Board: ranks 14 .. 1, each of 14 cells, '/' between them.
    std::string_view board = f[0];
    int              rank = Cross14::Ranks - 1, file = 0;
    size_t           i     = 0;
    auto             where = [&] { return "rank " + std::to_string(rank + 1); };
    while (true) {
        if (i == board.size() || board[i] == '/') {
            if (file != Cross14::Files)
                return ParseError{ "board",
                    where() + " has " + std::to_string(file)
                        + " cells, expected 14 (files a to n)" };
            if (i == board.size()) break;
            if (rank == 0) return ParseError{ "board", "more than 14 ranks" };
            --rank, file = 0, ++i;
            continue;
        }
        char c = board[i];
        if (file >= Cross14::Files)
            return ParseError{ "board", where() + " has more than 14 cells" };
        if (c == 'x') {
            if (Cross14::on_board(file, rank))
                return ParseError{ "board",
                    where() + ": 'x' marks a removed corner, but "
                        + square_name<Cross14>(sq(file, rank)) + " is on the board" };
            ++file, ++i;
        } else if (c >= '0' && c <= '9') {
            size_t j = i;
            while (j < board.size() && board[j] >= '0' && board[j] <= '9') ++j;
            int n = canonical_number(board.substr(i, j - i));
            if (n < 1)
                return ParseError{ "board",
                    where() + ": bad empty-cell count " + quoted(board.substr(i, j - i)) };
            for (int k = 0; k < n; ++k, ++file) {
                if (file >= Cross14::Files)
                    return ParseError{ "board", where() + " has more than 14 cells" };
                if (!Cross14::on_board(file, rank))
                    return ParseError{ "board",
                        where() + ": the count " + quoted(board.substr(i, j - i))
                            + " covers a removed corner, written 'x'" };
            }
            i = j;
        } else {
            int seat = seat_from_letter(c);
            if (seat < 0 || i + 1 >= board.size())
                return ParseError{ "board",
                    where() + ": unexpected " + quoted(board.substr(i, 1))
                        + "; a piece is a player letter (e s w n) and a "
                          "piece letter (K Q R B N P)" };
            auto t = kTypeLetters.find(board[i + 1]);
            if (t == std::string_view::npos || t == 0)
                return ParseError{ "board",
                    where() + ": unknown piece " + quoted(board.substr(i, 2)) };
            if (!Cross14::on_board(file, rank))
                return ParseError{ "board", where() + ": a piece stands on a removed corner" };
            s.board[sq(file, rank)] = make_piece(Seat(seat), PieceType(t));
            ++file, i += 2;
        }
    }
    if (rank != 0)
        return ParseError{ "board", "expected 14 ranks, found " + std::to_string(14 - rank) };

    if (f[1].size() != 1 || seat_from_letter(f[1][0]) < 0)
        return ParseError{ "player", "the player to move is e, s, w or n, not " + quoted(f[1]) };
    s.player = Seat(seat_from_letter(f[1][0]));

    if (f[2] != "-") {
        int  last = -1; // the last right's index 2*seat+side; rights come in increasing order
        auto bad  = [&] {
            return ParseError{ "castling",
                "castling rights are '-' or, in the order e s w n, a "
                 "player letter followed by K and/or Q (eKQsKQwKQnKQ), "
                 "not "
                    + quoted(f[2]) };
        };
        for (size_t j = 0; j < f[2].size();) {
            int seat = seat_from_letter(f[2][j++]);
            if (seat < 0 || 2 * seat <= last || j == f[2].size()
                || (f[2][j] != 'K' && f[2][j] != 'Q'))
                return bad(); // each player once, in seat order
            for (; j < f[2].size() && (f[2][j] == 'K' || f[2][j] == 'Q'); ++j) {
                int index = 2 * seat + (f[2][j] == 'Q');
                if (index <= last) return bad();
                last = index;
                s.castling |= u8(1u << index);
            }
        }
    }

    if (f[3] != "-") {
        auto ep = parse_square<Cross14>(f[3]);
        if (!ep) return ParseError{ "en passant", quoted(f[3]) + " is not a square of the board" };
        s.ep = *ep;
    }

    s.halfmove = canonical_number(f[4]);
    if (s.halfmove < 0)
        return ParseError{ "halfmove clock", quoted(f[4]) + " is not a number (no leading zeros)" };
    s.fullmove = canonical_number(f[5]);
    if (s.fullmove < 1)
        return ParseError{ "fullmove number",
            quoted(f[5]) + " is not a positive number (no leading zeros)" };

    if (f[6].size() != 4)
        return ParseError{ "control",
            "four player letters (East's, South's, West's and North's "
            "commander), not "
                + quoted(f[6]) };
    for (int a = 0; a < 4; ++a) {
        int seat = seat_from_letter(f[6][a]);
        if (seat < 0)
            return ParseError{ "control", quoted(f[6].substr(a, 1)) + " is not a player letter" };
        s.control[a] = Seat(seat);
    }

    if (f[7] != "-") {
        int a = f[7].size() == 2 ? seat_from_letter(f[7][0]) : -1;
        int b = f[7].size() == 2 ? seat_from_letter(f[7][1]) : -1;
        if (a < 0 || b < 0 || a >= b)
            return ParseError{ "alliance",
                "the alliance is '-' or two different player letters in "
                "the order e s w n, not "
                    + quoted(f[7]) };
        s.alliance = u8(seat_bit(Seat(a)) | seat_bit(Seat(b)));
    }
    return s;
}

std::string write_k4fen(const Setup<Cross14>& s) {
    std::string out;
    for (int rank = Cross14::Ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < Cross14::Files; ++file) {
            bool  on = Cross14::on_board(file, rank);
            Piece p  = on ? s.board[sq(file, rank)] : NoPiece;
            if (on && !p) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty), empty = 0;
            if (!on)
                out += 'x';
            else {
                out += kSeatLetters[seat_of(p) & 3];
                out += kTypeLetters[type_of(p) < kTypeLetters.size() ? type_of(p) : 0];
            }
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += ' ';
    out += kSeatLetters[s.player & 3];
    out += ' ';
    if (!(s.castling & 0xFF)) out += '-';
    for (int seat = 0; seat < 4; ++seat) {
        if (!(s.castling & (3u << (2 * seat)))) continue;
        out += kSeatLetters[seat];
        if (s.castling & (1u << (2 * seat))) out += 'K';
        if (s.castling & (2u << (2 * seat))) out += 'Q';
    }
    out += ' ' + square_name<Cross14>(s.ep);
    out += ' ' + std::to_string(s.halfmove) + ' ' + std::to_string(s.fullmove) + ' ';
    for (Seat c : s.control) out += kSeatLetters[c & 3];
    out += ' ';
    if (!s.alliance) out += '-';
    for (int i = 0; i < 4; ++i)
        if (s.alliance & (1u << i)) out += kSeatLetters[i];
    return out;
}

} // namespace citadel::fk
