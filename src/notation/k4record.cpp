#include "notation/k4record.h"

namespace citadel::fk {

namespace {

std::string sqn(Square s) { return square_name<Cross14>(s); }

std::string strip(std::string_view t) {
    std::string s(t);
    while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
    if (s == "0-0") s = "O-O";
    if (s == "0-0-0") s = "O-O-O";
    return s;
}

} // namespace

std::string san(Board& b, Move m, const Move* list, int n) {
    std::string  s;
    const Square from = m.from(), to = m.to();
    const Piece  pc = b.piece_on(from);
    if (m.kind() == MoveKind::Castling) {
        s = to == kCastling[seat_of(pc)][0].rook_from ? "O-O" : "O-O-O";
    } else {
        const PieceType t       = type_of(pc);
        const bool      capture = b.piece_on(to) || m.kind() == MoveKind::EnPassant;
        if (t == Pawn) {
            s = sqn(from) + (capture ? "x" : "-") + sqn(to);
        } else {
            s           = kind(t).letter;
            bool others = false, same_file = false, same_rank = false;
            for (int i = 0; i < n; ++i) {
                Move o = list[i];
                if (o.to() != to || o.from() == from || o.kind() == MoveKind::Castling) continue;
                if (type_of(b.piece_on(o.from())) != t) continue;
                others = true;
                same_file |= file_of(o.from()) == file_of(from);
                same_rank |= rank_of(o.from()) == rank_of(from);
            }
            if (others) {
                if (!same_file)
                    s += char('a' + file_of(from));
                else if (!same_rank)
                    s += std::to_string(rank_of(from) + 1);
                else
                    s += sqn(from);
            }
            if (capture) s += 'x';
            s += sqn(to);
        }
        if (m.kind() == MoveKind::Promotion) {
            s += '=';
            s += kind(m.promotion()).letter;
        }
    }
    State st;
    b.make(m, st);
    const bool mate = st.n_elim > 0, check = b.check_mask() != 0;
    b.unmake(m);
    if (mate)
        s += '#';
    else if (check)
        s += '+';
    return s;
}

std::optional<Move> parse_san(Board& b, std::string_view text) {
    alignas(Move) unsigned char raw[sizeof(Move) * FourKingdoms::MaxMoves];
    Move*                       list   = reinterpret_cast<Move*>(raw);
    int                         n      = generate_moves(b, list);
    const std::string           wanted = strip(text);
    if (wanted.empty()) return std::nullopt;
    for (int i = 0; i < n; ++i)
        if (strip(san(b, list[i], list, n)) == wanted) return list[i];
    return std::nullopt;
}

} // namespace citadel::fk
