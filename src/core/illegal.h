// "Why is this move illegal?" The core's answer is machine-readable (a reason, the square and
// piece it is about, the castling condition) plus one English sentence for a child's teacher.
//
// A move is asked for as a MoveRequest: the from- and to-squares and an optional promotion piece,
// as a user writes it (castling as the king's two-square move, e1g1). why_illegal() answers
// nothing exactly when the request names a legal move of legal_moves(pos); otherwise it gives the
// most instructive reason, checked in this order:
//
//   1. the game is already over (checkmate, stalemate, a won pawn race, no move left);
//   2. the squares: not on the board, no piece on the from-square, the opponent's piece;
//   3. the piece's movement: it cannot move that way at all (its atoms in core/piece.h, or the
//      pawn's rules, or castling in a variant without it), the first piece in its way, an own
//      piece on the target, the pawn's own rules (no forward capture, diagonal only to capture,
//      the double step), the castling conditions, en passant no longer available;
//   4. king safety: a pinned piece, a check not answered, a king stepping onto an attacked square;
//   5. the promotion letter: missing, not allowed in the variant, or given for a move that does
//      not promote. (A letter never makes an impossible move possible, so the reason that would
//      remain after fixing the letter is reported first.)
#pragma once

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/movegen.h"

namespace citadel {

// A move as asked for: form only, not yet checked against the rules.
struct MoveRequest {
    Square    from      = NoSquare;
    Square    to        = NoSquare;
    PieceType promotion = NoPieceType;

    friend bool operator==(const MoveRequest&, const MoveRequest&) = default;
};

// What `square`, `piece` and `piece_square` of an Illegality name, per reason:
enum class IllegalReason : u8 {
    // The game has ended; no move is legal.
    GameOverCheckmate, // square/piece: a piece giving the mate
    GameOverStalemate, // square/piece: the stalemated king (a loss for it in Tamerlane)
    GameOverRaceWon, // pawnrace: square/piece: the opponent's pawn on its last rank
    GameOverNoMoves, // pawnrace: the side to move has no pawn that can move (or no pawn)
    GameOverCitadel, // Tamerlane: square/piece: the royal in its enemy's citadel (a draw)
    GameOver, // Four Kingdoms: one player or team is left, or the game is drawn
    // Whose turn (Four Kingdoms): `player` is the one to move, `check_first` says whether it has
    // the move because it is in check.
    NotYourTurn,
    NotInGame, // the requester has no king on the board any more
    // The squares and the piece.
    NotOnBoard, // square: the request's square that is not on the board
    NoPiece, // square: the empty from-square
    NotYourPiece, // square/piece: the opponent's piece on the from-square
    // How the piece moves.
    NotThatPiecesMove, // square/piece: the moving piece; no move of its kind leads there
    PathBlocked, // square/piece: the first piece in the way
    OwnPieceOnTarget, // square/piece: the own piece on the to-square
    PawnCannotCaptureForward, // square/piece: the piece straight ahead on the to-square
    PawnMovesDiagonallyOnlyToCapture, // square: the empty to-square
    PawnDoubleStepOnlyFromStart, // square/piece: the pawn, not on its start rank
    NoDoubleStepInVariant, // square/piece: the pawn
    EnPassantExpired, // square/piece: the pawn that could have been taken en passant earlier
    AllyPieceOnTarget, // Four Kingdoms: square/piece: the ally's piece on the to-square
    PawnCannotReenterHome, // Four Kingdoms: square: the to-square, inside the pawn's home band
    // Tamerlane's pieces and rules (docs/rules/tamerlane.md).
    PicketTooShort, // square/piece: the picket (it moves at least two squares)
    WaitingPawnCannotMove, // square/piece: the waiting pawn of pawns (it only relocates)
    WaitingPawnCannotBeTaken, // square/piece: the enemy's waiting pawn of pawns on the to-square
    RelocationNoTarget, // square: the to-square (forks nothing, attacks no immobile piece)
    RelocationOntoRoyal, // square/piece: the royal on the to-square
    RelocationOntoWaitingPawn, // square/piece: the enemy's waiting pawn of pawns there
    SwapUsed, // square/piece: the partner; the king has swapped already
    SwapNotNow, // square/piece: the partner; only in check or with no other move
    SwapWithRoyal, // square/piece: the royal partner
    SwapWithWaitingPawn, // square/piece: the waiting pawn of pawns
    OnlyKingSwaps, // square/piece: the prince or adventitious king that tried
    CitadelOnlyRoyals, // square/piece: the non-royal piece
    CitadelNotSenior, // square/piece: the royal that is not the senior one
    CitadelOwnOnlyAdventitious, // square/piece: the King or Prince at its own citadel
    CitadelOccupied, // square/piece: the citadel and its occupant
    // Castling (the king's two-square move). `condition` numbers the rule that fails, in the
    // order of FIDE Laws 3.8.2 (and they are checked in that order):
    //   1  3.8.2.1(a) the king has already moved           square/piece: the king
    //   2  3.8.2.1(b) the rook has already moved           square: the rook's start square,
    //                 (or was captured)                    piece: what stands there now
    //   3  3.8.2.2(a) the king's square is attacked        square: the king's square
    //   4  3.8.2.2(a) the square the king crosses is attacked    square: that square
    //   5  3.8.2.2(a) the square the king lands on is attacked   square: that square
    //                 (3-5: piece/piece_square: an attacker, not on `square`)
    //   6  3.8.2.2(b) a piece stands between king and rook square/piece: the one nearest the king
    CastlingNotAllowedInVariant, // condition 0; square/piece: the king
    CastlingKingMoved, // condition 1
    CastlingRookMoved, // condition 2
    CastlingInCheck, // condition 3
    CastlingThroughAttack, // condition 4
    CastlingIntoCheck, // condition 5
    CastlingPathBlocked, // condition 6
    // King safety.
    PiecePinned, // square/piece: the pinning piece (for en passant: the piece the
    // capture would let through to the king)
    StillInCheck, // square/piece: a checking piece that still gives check
    KingWouldBeAttacked, // square/piece: a piece attacking the king's destination
    // The promotion letter.
    PromotionMissing, // square: the to-square on the last rank
    PromotionNotAllowed, // square: the to-square; piece: the requested piece (if any)
    PromotionNotOnLastRank, // square: the to-square
    PromotionAutomatic, // Tamerlane: square: the to-square; pawns promote by themselves
    // No rule found: never produced for the variants in this file (the property test checks).
    Unexplained,
};

// A stable lower-case identifier for each reason ("path_blocked"), for logs and the web app.
std::string_view reason_id(IllegalReason r);

struct Illegality {
    IllegalReason reason       = IllegalReason::Unexplained;
    Square        square       = NoSquare; // the square the reason is about (see the enum)
    Piece         piece        = NoPiece; // the piece the reason is about (blocker, pinner, ...)
    Square        piece_square = NoSquare; // where `piece` stands; differs from `square` only
                                    // for castling conditions 3-5 (the attacker)
    int         condition   = 0; // castling: the failing condition, 1-6 (see enum)
    Seat        player      = 0; // NotYourTurn: the player to move
    bool        check_first = false; // NotYourTurn: it moves because it is in check
    std::string message; // one English sentence, from illegality_message()
};

// The request a move is written as (as move_to_uci writes it): castling, stored as king takes
// rook, as the king's two-square move to the g- or c-file.
template <class V> MoveRequest request_of(Move m) {
    using G   = typename V::Geometry;
    Square to = m.to();
    if (m.kind() == MoveKind::Castling) to = castling_king_square<G>(m);
    return { m.from(), to, m.kind() == MoveKind::Promotion ? m.promotion() : NoPieceType };
}

// The legal move that the request asks for, if there is one.
template <class V> std::optional<Move> find_move(const Position<V>& pos, MoveRequest req) {
    for (Move m : legal_moves(pos))
        if (request_of<V>(m) == req) return m;
    return std::nullopt;
}

template <class V> std::optional<Illegality> why_illegal(const Position<V>& pos, MoveRequest req);

// The one sentence for an Illegality found in `pos` for `req` (why_illegal fills `message`).
template <class V>
std::string illegality_message(
    const Position<V>& pos, const MoveRequest& req, const Illegality& why);

// ---------------------------------------------------------------------------------------------

namespace illegal_detail {

template <class G> bool request_square_on_board(Square s) {
    if (s >= G::Squares) return false;
    if (s >= G::Files * G::Ranks) return true; // an extra square (a citadel)
    return G::on_board(G::file_of(s), G::rank_of(s));
}

constexpr int sign(int x) { return (x > 0) - (x < 0); }

// The castling right of `us` that a king move from -> to would use, or 0.
template <class V> u8 castling_right_for(Seat us, Square from, Square to) {
    if constexpr (!V::Castling)
        return 0;
    else {
        using P = Position<V>;
        for (u8 r :
            { u8(us == White ? WhiteShort : BlackShort), u8(us == White ? WhiteLong : BlackLong) })
            if (from == P::castling_king_from(r) && to == P::castling_king_to(r)) return r;
        return 0;
    }
}

template <class V> class IllegalAnalysis {
    using G  = typename V::Geometry;
    using BB = typename G::Bitboard;
    using R  = IllegalReason;
    using P  = Position<V>;

  public:
    IllegalAnalysis(const Position<V>& pos, MoveRequest req)
        : pos_(pos)
        , req_(req)
        , us_(pos.side_to_move())
        , them_(Seat(us_ ^ 1)) { }

    Illegality run(bool no_legal_moves) {
        if (no_legal_moves) return game_over();
        if (!request_square_on_board<G>(req_.from)) return about(R::NotOnBoard, req_.from, false);
        if (!request_square_on_board<G>(req_.to)) return about(R::NotOnBoard, req_.to, false);
        Piece pc = pos_.piece_on(req_.from);
        if (!pc) return about(R::NoPiece, req_.from);
        if (seat_of(pc) != us_) return about(R::NotYourPiece, req_.from);

        const PieceType t     = type_of(pc);
        Square          capsq = req_.to; // where a capture takes its piece (en passant differs)
        if (t == Pawn) {
            if (auto why = pawn_move(capsq)) return *why;
        } else if (t == King && castling_shaped()) {
            return castling();
        } else if (auto why = piece_move(t)) {
            return *why;
        }
        if constexpr (V::HasKing)
            if (auto why = king_safety(t, capsq)) return *why;
        return promotion(t);
    }

  private:
    // An Illegality about square s and the piece on it.
    Illegality about(R r, Square s, bool with_piece = true) const {
        Illegality i;
        i.reason = r;
        i.square = s;
        if (with_piece && s != NoSquare && (i.piece = pos_.piece_on(s))) i.piece_square = s;
        return i;
    }
    // An Illegality about `attacked`, naming the piece on `attacker`.
    Illegality attack(R r, Square attacked, Square attacker, int condition = 0) const {
        Illegality i;
        i.reason       = r;
        i.square       = attacked;
        i.piece        = pos_.piece_on(attacker);
        i.piece_square = attacker;
        i.condition    = condition;
        return i;
    }

    int df() const { return G::file_of(req_.to) - G::file_of(req_.from); }
    // Rank difference, counted forward for the side to move.
    int dr() const {
        int d = G::rank_of(req_.to) - G::rank_of(req_.from);
        return us_ == White ? d : -d;
    }

    Illegality game_over() const {
        if constexpr (V::HasKing) {
            if (pos_.in_check()) return about(R::GameOverCheckmate, lsb(pos_.checkers()));
            return about(R::GameOverStalemate, pos_.king_square(us_));
        } else {
            BB won = pos_.pawns_on_last_rank(them_);
            if (any(won)) return about(R::GameOverRaceWon, lsb(won));
            return about(R::GameOverNoMoves, NoSquare);
        }
    }

    // The first occupied square strictly between from and to along their line, or NoSquare.
    Square first_blocker(Square from, Square to) const {
        int f = G::file_of(from), r = G::rank_of(from);
        int sf = sign(G::file_of(to) - f), sr = sign(G::rank_of(to) - r);
        for (f += sf, r += sr; G::square(f, r) != to; f += sf, r += sr)
            if (pos_.piece_on(G::square(f, r))) return G::square(f, r);
        return NoSquare;
    }

    std::optional<Illegality> own_piece_on_target() const {
        Piece target = pos_.piece_on(req_.to);
        if (target && seat_of(target) == us_) return about(R::OwnPieceOnTarget, req_.to);
        return std::nullopt;
    }

    // Any piece but the pawn, and the king when not castling.
    std::optional<Illegality> piece_move(PieceType t) const {
        const auto& A = kAttacks<G>;
        if (!test(A.of(t, req_.from, BB{}, us_), req_.to))
            return about(R::NotThatPiecesMove, req_.from);
        if (!test(A.of(t, req_.from, pos_.pieces(), us_), req_.to))
            return about(R::PathBlocked, first_blocker(req_.from, req_.to));
        return own_piece_on_target();
    }

    std::optional<Illegality> pawn_move(Square& capsq) const {
        const int   adf = std::abs(df()), fwd = dr();
        const Piece target = pos_.piece_on(req_.to);
        if (fwd <= 0 || fwd > 2 || adf > 1 || (fwd == 2 && adf))
            return about(R::NotThatPiecesMove, req_.from);
        if (fwd == 2) {
            if (!V::DoubleStep) return about(R::NoDoubleStepInVariant, req_.from);
            if (G::rank_of(req_.from) != (us_ == White ? 1 : G::Ranks - 2))
                return about(R::PawnDoubleStepOnlyFromStart, req_.from);
            Square mid = Square(req_.from + P::forward(us_));
            if (pos_.piece_on(mid)) return about(R::PathBlocked, mid);
        }
        if (auto why = own_piece_on_target()) return why;
        if (adf == 0) {
            if (target) return about(R::PawnCannotCaptureForward, req_.to);
            return std::nullopt;
        }
        if (target) return std::nullopt; // a capture
        // A diagonal step to an empty square: en passant, or nothing.
        Square victim  = Square(req_.to - P::forward(us_));
        bool   ep_like = V::DoubleStep && pos_.piece_on(victim) == make_piece(them_, Pawn)
            && G::rank_of(req_.from) == (us_ == White ? G::Ranks - 4 : 3);
        if (!ep_like) return about(R::PawnMovesDiagonallyOnlyToCapture, req_.to, false);
        capsq = victim;
        // Had the double step just been made, this safe capture would be legal: so it was not.
        // An unsafe one is left to king safety, which is then the reason either way.
        if (pos_.ep_square() != req_.to && pos_.ep_capture_legal(req_.from, req_.to))
            return about(R::EnPassantExpired, victim);
        return std::nullopt;
    }

    // A king move of two files along its first rank: what castling is written as.
    bool castling_shaped() const {
        int home = us_ == White ? 0 : G::Ranks - 1;
        if (req_.from >= G::Files * G::Ranks || req_.to >= G::Files * G::Ranks) return false;
        if (G::rank_of(req_.from) != home || G::rank_of(req_.to) != home || std::abs(df()) != 2)
            return false;
        return !V::Castling || castling_right_for<V>(us_, req_.from, req_.to);
    }

    Illegality castling() const {
        if constexpr (!V::Castling)
            return about(R::CastlingNotAllowedInVariant, req_.from);
        else {
            const u8     r    = castling_right_for<V>(us_, req_.from, req_.to);
            const u8     mine = us_ == White ? WhiteShort | WhiteLong : BlackShort | BlackLong;
            const Square k = req_.from, rk = P::castling_rook_from(r);
            const Square kto = P::castling_king_to(r), rto = P::castling_rook_to(r);
            auto         cond = [&](R reason, Square s, int n) {
                Illegality i = about(reason, s);
                i.condition  = n;
                return i;
            };
            if (!(pos_.castling_rights() & r))
                return lost_right_by_king(r, mine, rk) ? cond(R::CastlingKingMoved, k, 1)
                                                       : cond(R::CastlingRookMoved, rk, 2);
            if (pos_.in_check()) return attack(R::CastlingInCheck, k, lsb(pos_.checkers()), 3);
            const BB occ = pos_.pieces() ^ bit<BB>(k);
            for (Square s = k; s != kto;) {
                s      = Square(s + sign(G::file_of(kto) - G::file_of(k)));
                BB att = pos_.attackers(them_, s, occ);
                if (any(att))
                    return s == kto ? attack(R::CastlingIntoCheck, s, lsb(att), 5)
                                    : attack(R::CastlingThroughAttack, s, lsb(att), 4);
            }
            Square b = first_blocker(k, rk);
            for (Square s : { kto, rto }) // outside the king-rook span on other back lines
                if (b == NoSquare && s != k && s != rk && pos_.piece_on(s)) b = s;
            if (b != NoSquare) return cond(R::CastlingPathBlocked, b, 6);
            return promotion(King);
        }
    }

    // Whether right r was lost by a king move rather than a rook's (1 or 2 of FIDE 3.8.2.1).
    // The state chain tells when the history is known: a king move takes every right the side
    // still had at once, a rook move or capture only its own. Otherwise (a FEN without the
    // right) the board decides: a rook gone from its square, or the other right kept, point to
    // the rook.
    bool lost_right_by_king(u8 r, u8 mine, Square rk) const {
        for (const StateInfo<V>* st = pos_.state(); st->previous; st = st->previous) {
            u8 before = st->previous->castling & mine, lost = before & ~st->castling;
            if (!(lost & r)) continue;
            if (lost != r) return true; // both at once: the king moved
            if (before != r) return false; // the other right survived: the rook moved
            break; // the only right left: undecided
        }
        if (pos_.piece_on(rk) != make_piece(us_, Rook)) return false;
        return !(pos_.castling_rights() & mine);
    }

    std::optional<Illegality> king_safety(PieceType t, Square capsq) const {
        const Square ksq = t == King ? req_.to : pos_.king_square(us_);
        BB           occ = (pos_.pieces() ^ bit<BB>(req_.from)) | bit<BB>(req_.to);
        if (capsq != req_.to) occ ^= bit<BB>(capsq);
        const BB att = pos_.attackers(them_, ksq, occ) & ~bit<BB>(capsq);
        if (!any(att)) return std::nullopt;
        if (t == King) return about(R::KingWouldBeAttacked, lsb(att));
        if (BB still = att & pos_.checkers(); any(still)) return about(R::StillInCheck, lsb(still));
        return about(R::PiecePinned, lsb(att));
    }

    Illegality promotion(PieceType t) const {
        const PieceType promo = req_.promotion;
        if (t == Pawn && G::rank_of(req_.to) == P::last_rank(us_)) {
            if constexpr (V::Promotions == 0) {
                if (promo) return promoted(R::PromotionNotAllowed);
            } else {
                if (!promo) return about(R::PromotionMissing, req_.to, false);
                bool allowed = false;
                for (int i = 0; i < V::Promotions; ++i) allowed |= V::PromotionOrder[i] == promo;
                if (!allowed) return promoted(R::PromotionNotAllowed);
            }
        } else if (promo) {
            return about(R::PromotionNotOnLastRank, req_.to, false);
        }
        return about(R::Unexplained, NoSquare);
    }
    Illegality promoted(R r) const {
        Illegality i = about(r, req_.to, false);
        if (req_.promotion < kPieceKinds.size()) i.piece = make_piece(us_, req_.promotion);
        return i;
    }

    const Position<V>& pos_;
    MoveRequest        req_;
    Seat               us_, them_;
};

// Text helpers for the messages.
std::string ordinal(int n); // 1 -> "1st", 2 -> "2nd", ...
// kind(t).name, or "piece" for a type outside the catalogue.
inline std::string_view piece_type_name(PieceType t) {
    return t > NoPieceType && t < kPieceKinds.size() ? kind(t).name : std::string_view("piece");
}
std::string capitalized(std::string s);

} // namespace illegal_detail

template <class V> std::optional<Illegality> why_illegal(const Position<V>& pos, MoveRequest req) {
    const auto legal = legal_moves(pos);
    for (Move m : legal)
        if (request_of<V>(m) == req) return std::nullopt;
    Illegality why = illegal_detail::IllegalAnalysis<V>(pos, req).run(legal.size() == 0);
    why.message    = illegality_message(pos, req, why);
    return why;
}

template <class V>
std::string illegality_message(
    const Position<V>& pos, const MoveRequest& req, const Illegality& why) {
    using G = typename V::Geometry;
    using R = IllegalReason;
    using illegal_detail::capitalized;
    using illegal_detail::piece_type_name;
    const Seat us = pos.side_to_move();

    auto sq   = [](Square s) { return square_name<G>(s); };
    auto name = [](Piece p) { return std::string(piece_type_name(type_of(p))); };
    // "your knight on c6" or "the bishop on b5".
    auto who = [&](Piece p, Square s) {
        return (seat_of(p) == us ? "your " : "the ") + name(p) + " on " + sq(s);
    };
    auto       side     = [](Seat s) { return std::string(s == White ? "White" : "Black"); };
    const bool on_board = illegal_detail::request_square_on_board<G>(req.from)
        && illegal_detail::request_square_on_board<G>(req.to);
    const Piece       mover  = on_board ? pos.piece_on(req.from) : NoPiece;
    const std::string moving = mover ? who(mover, req.from) : "the piece";
    const std::string wing
        = on_board && G::file_of(req.to) > G::file_of(req.from) ? "kingside" : "queenside";
    auto promotion_names = [](bool letters) {
        std::string out;
        for (int i = 0; i < V::Promotions; ++i) {
            PieceType t = V::PromotionOrder[i];
            if (i) out += i + 1 == V::Promotions ? " or " : ", ";
            out += letters ? std::string(1, char(kind(t).letter + 32))
                           : "a " + std::string(kind(t).name);
        }
        return out;
    };

    switch (why.reason) {
    case R::GameOverCheckmate:
        return "The game is over: your king is checkmated by " + who(why.piece, why.square) + ".";
    case R::GameOverStalemate:
        return "The game is over: it is stalemate, because you have no legal move and your "
               "king is not in check.";
    case R::GameOverRaceWon:
        return "The game is over: " + who(why.piece, why.square)
            + " has reached the last rank and won the race.";
    case R::GameOverNoMoves:
        return any(pos.pieces(us))
            ? "The game is over: none of your pawns can move, so you have lost."
            : "The game is over: you have no pawns left, so you have lost.";
    case R::NotOnBoard:
        return "The move names a square that is not on this board.";
    case R::NoPiece:
        return "There is no piece on " + sq(why.square) + " to move.";
    case R::NotYourPiece:
        return "The " + name(why.piece) + " on " + sq(why.square) + " is "
            + side(seat_of(why.piece)) + "'s, and it is " + side(us) + "'s turn to move.";
    case R::NotThatPiecesMove: {
        std::string head = capitalized(moving) + " cannot ";
        if (req.from == req.to) return capitalized(moving) + " must move to another square.";
        switch (type_of(mover)) {
        case Pawn: {
            int d = G::rank_of(req.to) - G::rank_of(req.from);
            if (us == Black) d = -d;
            if (d < 0) return head + "move backwards to " + sq(req.to) + ".";
            if (d == 0) return head + "move sideways to " + sq(req.to) + ".";
            return head + "reach " + sq(req.to) + ": a pawn moves one square straight ahead"
                + (V::DoubleStep ? " (two from its starting square)" : "")
                + " and captures one square diagonally forward.";
        }
        case Knight:
            return head + "reach " + sq(req.to)
                + ": a knight jumps two squares in one direction and then one to the side.";
        case Bishop:
            return head + "reach " + sq(req.to) + ": a bishop moves only diagonally.";
        case Rook:
            return head + "reach " + sq(req.to)
                + ": a rook moves only straight along its rank or file.";
        case Queen:
            return head + "reach " + sq(req.to)
                + ": a queen moves along a rank, a file or a diagonal.";
        case King:
            return head + "reach " + sq(req.to) + ": a king moves one square in any direction"
                + (V::Castling ? ", or two along its first rank when it castles." : ".");
        default:
            return head + "move to " + sq(req.to) + ".";
        }
    }
    case R::PathBlocked:
        return capitalized(moving) + " cannot get to " + sq(req.to) + " because "
            + who(why.piece, why.square) + " is in the way.";
    case R::OwnPieceOnTarget:
        return capitalized(moving) + " cannot move to " + sq(req.to) + " because your own "
            + name(why.piece) + " stands there.";
    case R::PawnCannotCaptureForward:
        return capitalized(moving) + " cannot move to " + sq(req.to) + " because "
            + who(why.piece, why.square) + " is in the way, and pawns capture only diagonally.";
    case R::PawnMovesDiagonallyOnlyToCapture:
        return capitalized(moving) + " may move diagonally to " + sq(req.to)
            + " only to capture a piece there, and " + sq(req.to) + " is empty.";
    case R::PawnDoubleStepOnlyFromStart:
        return capitalized(moving) + " may move two squares only from its starting square on the "
            + illegal_detail::ordinal(us == White ? 2 : G::Ranks - 1) + " rank.";
    case R::NoDoubleStepInVariant:
        return "In " + std::string(V::Name)
            + " a pawn always moves one square forward, even on its first move.";
    case R::EnPassantExpired:
        return capitalized(moving) + " can no longer take " + who(why.piece, why.square)
            + " en passant, because that is allowed only on the move right after its "
              "two-square step.";
    case R::CastlingNotAllowedInVariant:
        return "There is no castling in " + std::string(V::Name) + ".";
    case R::CastlingKingMoved:
        return "You cannot castle any more because your king has already moved.";
    case R::CastlingRookMoved:
        if (why.piece == make_piece(us, Rook))
            return "You cannot castle " + wing + " any more because your rook on " + sq(why.square)
                + " has already moved.";
        return "You cannot castle " + wing + " any more because your rook has left "
            + sq(why.square) + ".";
    case R::CastlingInCheck:
        return "You cannot castle while your king is in check from "
            + who(why.piece, why.piece_square) + ".";
    case R::CastlingThroughAttack:
        return "You cannot castle " + wing + " because your king would cross " + sq(why.square)
            + ", which " + who(why.piece, why.piece_square) + " attacks.";
    case R::CastlingIntoCheck:
        return "You cannot castle " + wing + " because your king would land on " + sq(why.square)
            + ", which " + who(why.piece, why.piece_square) + " attacks.";
    case R::CastlingPathBlocked:
        return "You cannot castle " + wing + " because " + who(why.piece, why.square)
            + " stands between your king and your rook.";
    case R::PiecePinned:
        if (any(pos.blockers() & bit<typename G::Bitboard>(req.from)))
            return capitalized(who(why.piece, why.square)) + " pins " + moving
                + " to your king, so moving it to " + sq(req.to) + " would expose your king.";
        return "Taking en passant would remove two pawns from the line between "
            + who(why.piece, why.square) + " and your king and expose your king to it.";
    case R::StillInCheck:
        if (more_than_one(pos.checkers())) {
            auto   checkers = pos.checkers();
            Square a = pop_lsb(checkers), b = pop_lsb(checkers);
            return "Your king is in double check from " + who(pos.piece_on(a), a) + " and "
                + who(pos.piece_on(b), b) + ", so only a king move can help.";
        }
        return "Your king is in check from " + who(why.piece, why.square)
            + ", and this move does not stop the check.";
    case R::KingWouldBeAttacked:
        if (Piece target = pos.piece_on(req.to); target && seat_of(target) != us)
            return "Your king cannot take " + who(target, req.to) + " because "
                + who(why.piece, why.square) + " protects it.";
        return "Your king cannot go to " + sq(req.to) + " because " + who(why.piece, why.square)
            + " attacks that square.";
    case R::PromotionMissing:
        return "Your pawn reaches the last rank on " + sq(req.to)
            + ", so you must choose the piece it becomes (" + promotion_names(true) + ").";
    case R::PromotionNotAllowed:
        if constexpr (V::Promotions == 0)
            return "In " + std::string(V::Name)
                + " a pawn that reaches the last rank wins the game, so it does not become "
                  "another piece.";
        else
            return "In " + std::string(V::Name) + " a pawn can become only "
                + promotion_names(false) + ", not a " + std::string(piece_type_name(req.promotion))
                + ".";
    case R::PromotionNotOnLastRank:
        if (type_of(mover) == Pawn)
            return "Your pawn does not reach the last rank on " + sq(req.to)
                + ", so it cannot be promoted.";
        return "Only a pawn that reaches the last rank is promoted, so the move of " + moving
            + " takes no promotion letter.";
    default:
        break; // Unexplained, and the reasons of other variants' own rules
    }
    return "This move is not legal in this position.";
}

} // namespace citadel
