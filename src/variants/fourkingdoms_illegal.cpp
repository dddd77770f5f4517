#include "variants/fourkingdoms_illegal.h"

#include <cstdlib>

namespace citadel::fk {

std::string_view reason_id(Reason r) {
    switch (r) {
        case Reason::GameOver: return "game_over";
        case Reason::NotYourTurn: return "not_your_turn";
        case Reason::NotInGame: return "not_in_game";
        case Reason::NotOnBoard: return "not_on_board";
        case Reason::NoPiece: return "no_piece";
        case Reason::NotYourPiece: return "not_your_piece";
        case Reason::NotThatPiecesMove: return "not_that_pieces_move";
        case Reason::PathBlocked: return "path_blocked";
        case Reason::OwnPieceOnTarget: return "own_piece_on_target";
        case Reason::AllyPieceOnTarget: return "ally_piece_on_target";
        case Reason::PawnCannotReenterHome: return "pawn_cannot_reenter_home";
        case Reason::PawnCannotCaptureStraight: return "pawn_cannot_capture_straight";
        case Reason::PawnMovesDiagonallyOnlyToCapture: return "pawn_moves_diagonally_only_to_capture";
        case Reason::PawnDoubleStepOnlyFromStart: return "pawn_double_step_only_from_start";
        case Reason::EnPassantExpired: return "en_passant_expired";
        case Reason::CastlingKingMoved: return "castling_king_moved";
        case Reason::CastlingRookMoved: return "castling_rook_moved";
        case Reason::CastlingInCheck: return "castling_in_check";
        case Reason::CastlingThroughAttack: return "castling_through_attack";
        case Reason::CastlingIntoCheck: return "castling_into_check";
        case Reason::CastlingPathBlocked: return "castling_path_blocked";
        case Reason::PiecePinned: return "piece_pinned";
        case Reason::StillInCheck: return "still_in_check";
        case Reason::KingWouldBeAttacked: return "king_would_be_attacked";
        case Reason::PromotionNotAllowed: return "promotion_not_allowed";
        case Reason::PromotionNotOnLine: return "promotion_not_on_line";
        case Reason::Unexplained: return "unexplained";
    }
    return "unexplained";
}

namespace {

std::string name(Square s) { return square_name<Cross14>(s); }
std::string seat_name(Seat s) { return std::string(kSeatNames[s & 3]); }
std::string piece_text(Piece p) {
    return seat_name(seat_of(p)) + "'s " + std::string(kind(type_of(p)).name);
}
int sgn(int x) { return (x > 0) - (x < 0); }

MoveRequest request(Move m) {
    return {m.from(), m.kind() == MoveKind::Castling ? castling_king_to(m) : m.to(),
            m.kind() == MoveKind::Promotion ? m.promotion() : NoPieceType};
}

// The first occupied square strictly between a and b on their line (which must exist).
Square first_between(const Board& b, Square a, Square c) {
    int f = file_of(a), r = rank_of(a), df = sgn(file_of(c) - f), dr = sgn(rank_of(c) - r);
    for (f += df, r += dr; sq(f, r) != c; f += df, r += dr)
        if (b.piece_on(sq(f, r))) return sq(f, r);
    return NoSquare;
}
// Whether a removed corner cell lies strictly between a and c on their line.
bool hole_between(Square a, Square c) {
    int f = file_of(a), r = rank_of(a), df = sgn(file_of(c) - f), dr = sgn(rank_of(c) - r);
    for (f += df, r += dr; sq(f, r) != c; f += df, r += dr)
        if (!Cross14::on_board(f, r)) return true;
    return false;
}

}  // namespace

std::optional<Illegal> why_illegal(const Board& b, MoveRequest req, Seat requester) {
    const Seat P = b.side_to_move();
    Illegal    w;
    w.to_move     = P;
    w.check_first = !b.decided() && b.in_check(P);
    const std::string turn =
        "It is " + seat_name(P) + "'s turn" +
        (w.check_first ? ", because " + seat_name(P) + " is in check and a player in check moves first."
                       : " (play goes clockwise).");

    alignas(Move) unsigned char raw[sizeof(Move) * FourKingdoms::MaxMoves];
    Move* list  = reinterpret_cast<Move*>(raw);
    int   n     = generate_moves(b, list);
    bool  legal = false, same_squares = false;
    for (int i = 0; i < n; ++i) {
        MoveRequest r = request(list[i]);
        legal |= r == req;
        same_squares |= r.from == req.from && r.to == req.to;
    }
    if (legal && (requester == 0xFF || requester == P)) return std::nullopt;

    auto out = [&](Reason r, Square s, std::string message, Piece p = NoPiece, Square ps = NoSquare) {
        w.reason       = r;
        w.square       = s;
        w.piece        = p ? p : (s != NoSquare && s < Squares ? b.piece_on(s) : NoPiece);
        w.piece_square = p ? ps : (w.piece ? s : NoSquare);
        w.message      = std::move(message);
        return std::optional<Illegal>(w);
    };

    if (b.decided() || n == 0) {
        if (b.decided()) {
            std::string left;
            for (Seat s = 0; s < 4; ++s)
                if (b.in_game(s)) left += (left.empty() ? "" : " and ") + seat_name(s);
            return out(Reason::GameOver, NoSquare, "The game is over: " + left + " won.");
        }
        return out(Reason::GameOver, b.king_square(P),
                   "The game is over: " + seat_name(P) +
                       " has no legal move and is not in check, which is stalemate (a draw).");
    }
    if (requester != 0xFF && requester != P) {
        if (requester > 3 || !b.in_game(requester))
            return out(Reason::NotInGame, NoSquare,
                       seat_name(requester) + " is out of the game and has no moves.");
        return out(Reason::NotYourTurn, NoSquare, "It is not " + seat_name(requester) + "'s turn. " + turn);
    }
    if (!on_board(req.from)) return out(Reason::NotOnBoard, req.from, "The move starts on a square that is not on the board.");
    if (!on_board(req.to)) return out(Reason::NotOnBoard, req.to, "The move ends on a square that is not on the board (the corners are cut off).");
    const Piece pc = b.piece_on(req.from);
    if (!pc) return out(Reason::NoPiece, req.from, "There is no piece on " + name(req.from) + " to move.");
    const Seat army = seat_of(pc);
    const u8   mine = b.state()->c.armies_of[P];
    if (!(mine & seat_bit(army))) {
        Seat cmd = b.commander(army);
        return out(Reason::NotYourPiece, req.from,
                   "The " + std::string(kind(type_of(pc)).name) + " on " + name(req.from) +
                       " belongs to " + seat_name(army) + "'s army, commanded by " + seat_name(cmd) +
                       ". " + turn);
    }
    if (same_squares) {  // only the promotion letter is wrong
        if (req.promotion != Queen && req.promotion != Rook && req.promotion != Bishop &&
            req.promotion != Knight && req.promotion != NoPieceType)
            return out(Reason::PromotionNotAllowed, req.to,
                       "A pawn can become a queen, a rook, a bishop or a knight (q, r, b, n), or "
                       "stay a pawn (no letter).");
        return out(Reason::PromotionNotOnLine, req.to,
                   "Only a pawn move that starts or ends on the opposite player's back line can "
                   "promote, so this move takes no promotion letter.");
    }

    const PieceType t   = type_of(pc);
    const Piece     tgt = b.piece_on(req.to);
    const int       df = file_of(req.to) - file_of(req.from), dr = rank_of(req.to) - rank_of(req.from);
    const u8        enemy_armies = b.state()->c.enemies_of[P];
    const bool      enemy_target = tgt && (enemy_armies & seat_bit(seat_of(tgt)));
    const std::string moving = "Your " + std::string(kind(t).name) + " on " + name(req.from);

    auto target_check = [&]() -> std::optional<Illegal> {
        if (tgt && (mine & seat_bit(seat_of(tgt))))
            return out(Reason::OwnPieceOnTarget, req.to,
                       moving + " cannot move to " + name(req.to) + ": your own " +
                           std::string(kind(type_of(tgt)).name) + " stands there.");
        if (tgt && !enemy_target)
            return out(Reason::AllyPieceOnTarget, req.to,
                       moving + " cannot capture " + piece_text(tgt) + " on " + name(req.to) +
                           ": allies never capture each other.");
        return std::nullopt;
    };

    if (t == Pawn) {
        const int  fx = kForward[army][0], fy = kForward[army][1];
        const bool inside = in_home(army, req.from);
        const bool straight = (df == fx && dr == fy);
        const bool dbl = (df == 2 * fx && dr == 2 * fy);
        const bool diag_fwd = std::abs(df) == 1 && std::abs(dr) == 1 && (df * fx + dr * fy) == 1;
        const bool orth = std::abs(df) + std::abs(dr) == 1;
        const bool diag = std::abs(df) == 1 && std::abs(dr) == 1;
        std::string rule = inside ? ": inside its home a pawn moves one square forward (two from its start line) and captures one square diagonally forward."
                                  : ": outside its home a pawn steps one square in any straight direction and captures one square diagonally in any direction.";
        if (inside ? !(straight || dbl || diag_fwd) : !(orth || diag))
            return out(Reason::NotThatPiecesMove, req.from, moving + " cannot reach " + name(req.to) + rule);
        if (!inside && in_home(army, req.to))
            return out(Reason::PawnCannotReenterHome, req.to,
                       moving + " has left its home and may never go back into it (" +
                           name(req.to) + " is in " + seat_name(army) + "'s home).");
        if (dbl) {
            if (!on_start_line(army, req.from))
                return out(Reason::PawnDoubleStepOnlyFromStart, req.from,
                           moving + " may move two squares only from its start line.");
            Square mid = sq(file_of(req.from) + fx, rank_of(req.from) + fy);
            if (b.piece_on(mid)) return out(Reason::PathBlocked, mid, moving + " cannot jump over " + piece_text(b.piece_on(mid)) + " on " + name(mid) + ".");
        }
        if ((straight || dbl || (!inside && orth)) && tgt)
            return out(Reason::PawnCannotCaptureStraight, req.to,
                       moving + " cannot move to " + name(req.to) + ": " + piece_text(tgt) +
                           " stands there, and pawns capture only diagonally.");
        if (diag || diag_fwd) {
            if (auto why = target_check()) return why;
            if (!tgt) {
                if (req.to == b.ep_square())
                    ;  // en passant, judged below
                else
                    return out(Reason::PawnMovesDiagonallyOnlyToCapture, req.to,
                               moving + " may move diagonally to " + name(req.to) +
                                   " only to capture a piece there, and it is empty.");
            }
        }
    } else if (t == King && std::abs(df) + std::abs(dr) == 2 && (df == 0 || dr == 0) &&
               army == P && (req.from == kCastling[P][0].king_from)) {
        int side = req.to == kCastling[P][0].king_to ? 0 : req.to == kCastling[P][1].king_to ? 1 : -1;
        if (side < 0)
            return out(Reason::NotThatPiecesMove, req.from, "Your king cannot reach " + name(req.to) + ".");
        const CastlingGeometry& g = kCastling[P][side];
        const std::string wing = side == 0 ? "short (O-O)" : "long (O-O-O)";
        u8 rights = b.castling_rights();
        if (!(rights & castling_bit(P, side))) {
            if (!(rights & castling_bits(P)) && b.piece_on(g.rook_from) == make_piece(P, Rook))
                return out(Reason::CastlingKingMoved, req.from, "You cannot castle any more because your king has already moved.");
            return out(Reason::CastlingRookMoved, g.rook_from, "You cannot castle " + wing + " any more because your rook has left " + name(g.rook_from) + ".");
        }
        if (b.in_check(P)) {
            Square c = lsb(b.checkers());
            return out(Reason::CastlingInCheck, req.from, "You cannot castle while your king is in check from " + piece_text(b.piece_on(c)) + " on " + name(c) + ".", b.piece_on(c), c);
        }
        Square blocker = first_between(b, g.king_from, g.rook_from);
        if (blocker != NoSquare)
            return out(Reason::CastlingPathBlocked, blocker, "You cannot castle " + wing + " because " + piece_text(b.piece_on(blocker)) + " on " + name(blocker) + " stands between your king and your rook.");
        Square cross = sq(file_of(g.king_from) + sgn(df), rank_of(g.king_from) + sgn(dr));
        for (Square s : {cross, g.king_to}) {
            BB att = b.attackers(s, enemy_armies);
            if (any(att)) {
                Square a = lsb(att);
                return out(s == cross ? Reason::CastlingThroughAttack : Reason::CastlingIntoCheck, s,
                           "You cannot castle " + wing + " because your king would " +
                               (s == cross ? "cross " : "land on ") + name(s) + ", which " +
                               piece_text(b.piece_on(a)) + " on " + name(a) + " attacks.",
                           b.piece_on(a), a);
            }
        }
    } else {
        bool shape = false;
        int  adf = std::abs(df), adr = std::abs(dr);
        switch (t) {
            case Knight: shape = (adf == 1 && adr == 2) || (adf == 2 && adr == 1); break;
            case King: shape = adf <= 1 && adr <= 1; break;
            case Rook: shape = df == 0 || dr == 0; break;
            case Bishop: shape = adf == adr; break;
            default: shape = df == 0 || dr == 0 || adf == adr; break;
        }
        if (!shape || ((t == Rook || t == Bishop || t == Queen) && hole_between(req.from, req.to)))
            return out(Reason::NotThatPiecesMove, req.from,
                       moving + " cannot reach " + name(req.to) +
                           (shape ? ": lines stop at the removed corners." : "."));
        if (t == Rook || t == Bishop || t == Queen)
            if (Square s = first_between(b, req.from, req.to); s != NoSquare)
                return out(Reason::PathBlocked, s, moving + " cannot get to " + name(req.to) + " because " + piece_text(b.piece_on(s)) + " on " + name(s) + " is in the way.");
    }
    if (auto why = target_check()) return why;

    // The move has the right shape: it exposes the king.
    const Square k = b.king_square(P);
    if (t == King) {
        BB att = b.attackers(req.to, enemy_armies);
        Square a = any(att) ? lsb(att) : NoSquare;
        return out(Reason::KingWouldBeAttacked, a,
                   "Your king cannot go to " + name(req.to) +
                       (a != NoSquare ? " because " + piece_text(b.piece_on(a)) + " on " + name(a) + " attacks that square." : ": it would be in check there."));
    }
    if (b.in_check(P)) {
        Square c = lsb(b.checkers());
        return out(Reason::StillInCheck, c,
                   "Your king is in check from " + piece_text(b.piece_on(c)) + " on " + name(c) +
                       ", and this move does not stop the check.");
    }
    // A pinned piece (or an en passant capture opening a line): find the slider behind it.
    int df2 = sgn(file_of(req.from) - file_of(k)), dr2 = sgn(rank_of(req.from) - rank_of(k));
    for (int f = file_of(req.from) + df2, r = rank_of(req.from) + dr2; Cross14::on_board(f, r); f += df2, r += dr2)
        if (Piece p = b.piece_on(sq(f, r))) {
            if (enemy_armies & seat_bit(seat_of(p)))
                return out(Reason::PiecePinned, sq(f, r),
                           piece_text(p) + " on " + name(sq(f, r)) + " pins " + moving +
                               " to your king, so this move would expose your king.");
            break;
        }
    if (req.to == b.ep_square() && t == Pawn)
        return out(Reason::PiecePinned, NoSquare,
                   "Taking en passant here would open a line to your king.");
    return out(Reason::Unexplained, NoSquare, "This move is not legal in this position.");
}

}  // namespace citadel::fk
