#include "variants/fourkingdoms_illegal.h"

#include <cstdlib>

namespace citadel::fk {

namespace {

using R = IllegalReason;

std::string name(Square s) { return square_name<Cross14>(s); }
std::string seat_name(Seat s) { return std::string(kSeatNames[s & 3]); }
std::string piece_text(Piece p) {
    return seat_name(seat_of(p)) + "'s " + std::string(kind(type_of(p)).name);
}
std::string piece_at(const Board& b, Square s) {
    return piece_text(b.piece_on(s)) + " on " + name(s);
}
int sgn(int x) { return (x > 0) - (x < 0); }

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

// One request judged in one position, reason by reason in the order the header gives.
class Analysis {
  public:
    Analysis(const Board& b, MoveRequest req)
        : b_(b)
        , req_(req)
        , us_(b.side_to_move()) { }

    std::optional<Illegality> run(Seat requester) const {
        alignas(Move) unsigned char raw[sizeof(Move) * FourKingdoms::MaxMoves];
        Move*                       list  = reinterpret_cast<Move*>(raw);
        const int                   n     = generate_moves(b_, list);
        bool                        legal = false, same_squares = false;
        for (int i = 0; i < n; ++i) {
            MoveRequest r = request_of<FourKingdoms>(list[i]);
            legal |= r == req_;
            same_squares |= r.from == req_.from && r.to == req_.to;
        }
        if (legal && (requester == AnyRequester || requester == us_)) return std::nullopt;
        if (b_.decided() || n == 0) return game_over();
        if (requester != AnyRequester && requester != us_) return not_requesters_turn(requester);
        if (auto why = squares_and_piece()) return why;
        if (same_squares) return promotion_letter();
        if (auto why = movement()) return why;
        if (auto why = target()) return why;
        return king_safety();
    }

  private:
    std::optional<Illegality> out(
        R reason, Square s, std::string message, Piece p = NoPiece, Square ps = NoSquare) const {
        Illegality w;
        w.reason       = reason;
        w.square       = s;
        w.piece        = p ? p : (s != NoSquare && s < Squares ? b_.piece_on(s) : NoPiece);
        w.piece_square = p ? ps : (w.piece ? s : NoSquare);
        w.message      = std::move(message);
        return w;
    }
    Piece       mover() const { return b_.piece_on(req_.from); }
    std::string moving() const {
        return "Your " + std::string(kind(type_of(mover())).name) + " on " + name(req_.from);
    }
    bool mine(Piece p) const { return p && (b_.state()->c.armies_of[us_] & seat_bit(seat_of(p))); }
    bool enemy(Piece p) const {
        return p && (b_.state()->c.enemies_of[us_] & seat_bit(seat_of(p)));
    }

    std::optional<Illegality> game_over() const {
        if (!b_.decided())
            return out(R::GameOverStalemate, b_.king_square(us_),
                "The game is over: " + seat_name(us_)
                    + " has no legal move and is not in check, which is stalemate (a draw).");
        std::string left;
        for (Seat s = 0; s < 4; ++s)
            if (b_.in_game(s)) left += (left.empty() ? "" : " and ") + seat_name(s);
        return out(R::GameOver, NoSquare, "The game is over: " + left + " won.");
    }

    std::optional<Illegality> not_requesters_turn(Seat requester) const {
        if (requester > 3 || !b_.in_game(requester))
            return out(R::NotInGame, NoSquare,
                seat_name(requester) + " is out of the game and has no moves.");
        auto w = out(
            R::NotYourTurn, NoSquare, "It is not " + seat_name(requester) + "'s turn. " + turn());
        w->player      = us_;
        w->check_first = b_.in_check(us_);
        return w;
    }
    // "It is North's turn, because North is in check and a player in check moves first."
    std::string turn() const {
        return "It is " + seat_name(us_) + "'s turn"
            + (b_.in_check(us_) ? ", because " + seat_name(us_)
                        + " is in check and a player in check moves first."
                                : " (play goes clockwise).");
    }

    std::optional<Illegality> squares_and_piece() const {
        if (!on_board(req_.from))
            return out(
                R::NotOnBoard, req_.from, "The move starts on a square that is not on the board.");
        if (!on_board(req_.to))
            return out(R::NotOnBoard, req_.to,
                "The move ends on a square that is not on the board (the corners are cut off).");
        const Piece pc = mover();
        if (!pc)
            return out(
                R::NoPiece, req_.from, "There is no piece on " + name(req_.from) + " to move.");
        if (mine(pc)) return std::nullopt;
        const Seat army = seat_of(pc);
        return out(R::NotYourPiece, req_.from,
            "The " + std::string(kind(type_of(pc)).name) + " on " + name(req_.from) + " belongs to "
                + seat_name(army) + "'s army, commanded by " + seat_name(b_.commander(army)) + ". "
                + turn());
    }

    // The squares are a legal move's; only the letter is wrong.
    std::optional<Illegality> promotion_letter() const {
        const PieceType p = req_.promotion;
        if (p != Queen && p != Rook && p != Bishop && p != Knight && p != NoPieceType)
            return out(R::PromotionNotAllowed, req_.to,
                "A pawn can become a queen, a rook, a bishop or a knight (q, r, b, n), or "
                "stay a pawn (no letter).");
        return out(R::PromotionNotOnLastRank, req_.to,
            "Only a pawn move that starts or ends on the opposite player's back line can "
            "promote, so this move takes no promotion letter.");
    }

    std::optional<Illegality> movement() const {
        const PieceType t  = type_of(mover());
        const int       df = file_of(req_.to) - file_of(req_.from),
                  dr       = rank_of(req_.to) - rank_of(req_.from);
        if (t == Pawn) return pawn(df, dr);
        if (t == King && std::abs(df) + std::abs(dr) == 2 && (df == 0 || dr == 0)
            && seat_of(mover()) == us_ && req_.from == kCastling[us_][0].king_from)
            return castling(df, dr);
        return piece_path(t, df, dr);
    }

    std::optional<Illegality> pawn(int df, int dr) const {
        const Seat army = seat_of(mover());
        const int  fx = kForward[army][0], fy = kForward[army][1];
        const bool inside   = in_home(army, req_.from);
        const bool straight = df == fx && dr == fy, dbl = df == 2 * fx && dr == 2 * fy;
        const bool diag     = std::abs(df) == 1 && std::abs(dr) == 1;
        const bool diag_fwd = diag && df * fx + dr * fy == 1;
        const bool orth     = std::abs(df) + std::abs(dr) == 1;
        if (inside ? !(straight || dbl || diag_fwd) : !(orth || diag))
            return out(R::NotThatPiecesMove, req_.from,
                moving() + " cannot reach " + name(req_.to)
                    + (inside ? ": inside its home a pawn moves one square forward (two from its "
                                "start line) and captures one square diagonally forward."
                              : ": outside its home a pawn steps one square in any straight "
                                "direction and captures one square diagonally in any direction."));
        if (!inside && in_home(army, req_.to))
            return out(R::PawnCannotReenterHome, req_.to,
                moving() + " has left its home and may never go back into it (" + name(req_.to)
                    + " is in " + seat_name(army) + "'s home).");
        const Piece tgt = b_.piece_on(req_.to);
        if (dbl) {
            if (!on_start_line(army, req_.from))
                return out(R::PawnDoubleStepOnlyFromStart, req_.from,
                    moving() + " may move two squares only from its start line.");
            Square mid = sq(file_of(req_.from) + fx, rank_of(req_.from) + fy);
            if (b_.piece_on(mid))
                return out(
                    R::PathBlocked, mid, moving() + " cannot jump over " + piece_at(b_, mid) + ".");
        }
        if (!diag && tgt)
            return out(R::PawnCannotCaptureForward, req_.to,
                moving() + " cannot move to " + name(req_.to) + ": " + piece_text(tgt)
                    + " stands there, and pawns capture only diagonally.");
        if (!diag || tgt || req_.to == b_.ep_square()) return std::nullopt; // en passant: safety
        if (Square victim = expired_en_passant(); victim != NoSquare)
            return out(R::EnPassantExpired, victim,
                moving() + " can no longer take " + piece_at(b_, victim)
                    + " en passant: that is allowed only on the move right after its "
                      "two-square step.");
        return out(R::PawnMovesDiagonallyOnlyToCapture, req_.to,
            moving() + " may move diagonally to " + name(req_.to)
                + " only to capture a piece there, and it is empty.");
    }

    // The enemy pawn this diagonal step to an empty square would take en passant had that
    // pawn's double step (passing the to-square) been the very last move, and the capture would
    // then leave the king safe (an unsafe one is left to king safety); else NoSquare.
    Square expired_en_passant() const {
        for (Seat a = 0; a < 4; ++a) {
            if (depth(a, req_.to) != 2) continue;
            const Square start
                = sq(file_of(req_.to) - kForward[a][0], rank_of(req_.to) - kForward[a][1]);
            const Square victim
                = sq(file_of(req_.to) + kForward[a][0], rank_of(req_.to) + kForward[a][1]);
            if (b_.piece_on(victim) != make_piece(a, Pawn) || !enemy(b_.piece_on(victim))
                || b_.piece_on(start))
                continue;
            const BB enemies = b_.enemies_of(us_) ^ bit<BB>(victim);
            if (!b_.attacked(b_.king_square(us_), enemies, req_.from, victim, req_.to))
                return victim;
        }
        return NoSquare;
    }

    std::optional<Illegality> castling(int df, int dr) const {
        const int side = req_.to == kCastling[us_][0].king_to ? 0
            : req_.to == kCastling[us_][1].king_to            ? 1
                                                              : -1;
        if (side < 0)
            return out(
                R::NotThatPiecesMove, req_.from, "Your king cannot reach " + name(req_.to) + ".");
        const CastlingGeometry& g         = kCastling[us_][side];
        const std::string       wing      = side == 0 ? "short (O-O)" : "long (O-O-O)";
        auto                    condition = [](std::optional<Illegality> w, int n) {
            w->condition = n;
            return w;
        };
        const u8 rights = b_.castling_rights();
        if (!(rights & castling_bit(us_, side))) {
            if (!(rights & castling_bits(us_)) && b_.piece_on(g.rook_from) == make_piece(us_, Rook))
                return condition(
                    out(R::CastlingKingMoved, req_.from,
                        "You cannot castle any more because your king has already moved."),
                    1);
            return condition(
                out(R::CastlingRookMoved, g.rook_from,
                    "You cannot castle " + wing + " any more because your rook has left "
                        + name(g.rook_from) + "."),
                2);
        }
        if (b_.in_check(us_)) {
            Square c = lsb(b_.checkers());
            return condition(
                out(R::CastlingInCheck, req_.from,
                    "You cannot castle while your king is in check from " + piece_at(b_, c) + ".",
                    b_.piece_on(c), c),
                3);
        }
        const Square cross = sq(file_of(g.king_from) + sgn(df), rank_of(g.king_from) + sgn(dr));
        for (Square s : { cross, g.king_to }) {
            BB att = b_.attackers(s, b_.state()->c.enemies_of[us_]);
            if (!any(att)) continue;
            const Square a = lsb(att);
            return condition(out(s == cross ? R::CastlingThroughAttack : R::CastlingIntoCheck, s,
                                 "You cannot castle " + wing + " because your king would "
                                     + (s == cross ? "cross " : "land on ") + name(s) + ", which "
                                     + piece_at(b_, a) + " attacks.",
                                 b_.piece_on(a), a),
                s == cross ? 4 : 5);
        }
        if (Square blocker = first_between(b_, g.king_from, g.rook_from); blocker != NoSquare)
            return condition(out(R::CastlingPathBlocked, blocker,
                                 "You cannot castle " + wing + " because " + piece_at(b_, blocker)
                                     + " stands between your king and your rook."),
                6);
        return std::nullopt;
    }

    std::optional<Illegality> piece_path(PieceType t, int df, int dr) const {
        const int  adf = std::abs(df), adr = std::abs(dr);
        const bool slider = t == Rook || t == Bishop || t == Queen;
        bool       shape  = false;
        switch (t) {
        case Knight:
            shape = (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
            break;
        case King:
            shape = adf <= 1 && adr <= 1;
            break;
        case Rook:
            shape = df == 0 || dr == 0;
            break;
        case Bishop:
            shape = adf == adr;
            break;
        default:
            shape = df == 0 || dr == 0 || adf == adr;
            break;
        }
        if (!shape || (slider && hole_between(req_.from, req_.to)))
            return out(R::NotThatPiecesMove, req_.from,
                moving() + " cannot reach " + name(req_.to)
                    + (shape ? ": lines stop at the removed corners." : "."));
        if (slider)
            if (Square s = first_between(b_, req_.from, req_.to); s != NoSquare)
                return out(R::PathBlocked, s,
                    moving() + " cannot get to " + name(req_.to) + " because " + piece_at(b_, s)
                        + " is in the way.");
        return std::nullopt;
    }

    std::optional<Illegality> target() const {
        const Piece tgt = b_.piece_on(req_.to);
        if (mine(tgt))
            return out(R::OwnPieceOnTarget, req_.to,
                moving() + " cannot move to " + name(req_.to) + ": your own "
                    + std::string(kind(type_of(tgt)).name) + " stands there.");
        if (tgt && !enemy(tgt))
            return out(R::AllyPieceOnTarget, req_.to,
                moving() + " cannot capture " + piece_at(b_, req_.to)
                    + ": allies never capture each other.");
        return std::nullopt;
    }

    // The move has the right shape: it exposes the king.
    std::optional<Illegality> king_safety() const {
        const u8 enemies = b_.state()->c.enemies_of[us_];
        if (type_of(mover()) == King) {
            BB     att = b_.attackers(req_.to, enemies);
            Square a   = any(att) ? lsb(att) : NoSquare;
            return out(R::KingWouldBeAttacked, a,
                "Your king cannot go to " + name(req_.to)
                    + (a != NoSquare ? " because " + piece_at(b_, a) + " attacks that square."
                                     : ": it would be in check there."));
        }
        if (b_.in_check(us_)) {
            Square c = lsb(b_.checkers());
            return out(R::StillInCheck, c,
                "Your king is in check from " + piece_at(b_, c)
                    + ", and this move does not stop the check.");
        }
        // A pinned piece (or an en passant capture opening a line): find the slider behind it.
        const Square k  = b_.king_square(us_);
        const int    df = sgn(file_of(req_.from) - file_of(k)),
                  dr    = sgn(rank_of(req_.from) - rank_of(k));
        for (int f = file_of(req_.from) + df, r = rank_of(req_.from) + dr; Cross14::on_board(f, r);
             f += df, r += dr)
            if (Piece p = b_.piece_on(sq(f, r))) {
                if (enemies & seat_bit(seat_of(p)))
                    return out(R::PiecePinned, sq(f, r),
                        piece_at(b_, sq(f, r)) + " pins " + moving()
                            + " to your king, so this move would expose your king.");
                break;
            }
        if (req_.to == b_.ep_square() && type_of(mover()) == Pawn)
            return out(
                R::PiecePinned, NoSquare, "Taking en passant here would open a line to your king.");
        return out(R::Unexplained, NoSquare, "This move is not legal in this position.");
    }

    const Board&      b_;
    const MoveRequest req_;
    const Seat        us_;
};

} // namespace

std::optional<Illegality> why_illegal(const Board& b, MoveRequest req, Seat requester) {
    return Analysis(b, req).run(requester);
}

} // namespace citadel::fk
