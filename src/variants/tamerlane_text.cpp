// Tamerlane move text: UCI-style, SAN, and why a requested move is illegal.
#include "variants/tamerlane.h"

#include <vector>

#include "core/atoms.h"

namespace citadel {

using namespace tamerlane;
using P = Position<Tamerlane>;

namespace {

constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string sq(Square s) { return square_name<G>(s); }
// 'text' (appended piecewise: GCC 12 warns falsely on "'" + std::string, -Wrestrict).
std::string q(std::string_view text) {
    std::string out(1, '\'');
    out += text;
    out += '\'';
    return out;
}
std::string side_name(Seat s) { return s == White ? "White" : "Black"; }
std::string name_of(PieceType t) { return std::string(kind(t).name); }

// The piece a pawn becomes when it arrives on its last rank now (nothing for the pawn of pawns'
// first and second arrivals).
PieceType arrival_result(const P& pos, PieceType pawn) {
    if (pawn != PawnOfPawns) return promotion_of(pawn);
    return pos.arrivals(pos.side_to_move()) >= 2 ? AdventitiousKing : NoPieceType;
}

bool arrives(const P& pos, Move m) {
    const Piece pc = pos.piece_on(m.from());
    return m.kind() == MoveKind::Normal && is_pawn(type_of(pc)) && m.to() < Cells
        && G::rank_of(m.to()) == last_rank(seat_of(pc));
}

// "+" or "#" when the move leaves the opponent in check (one royal, attacked), "#" when that is
// mate. The move is made on a fresh position (Position is not copyable).
std::string check_suffix(const P& pos, Move m) {
    P                    after;
    StateInfo<Tamerlane> start, next;
    if (after.set(pos.setup(), start)) return "";
    after.make(m, next);
    if (!after.in_check()) return "";
    return count_legal<Tamerlane>(after) == 0 ? "#" : "+";
}

std::string disambiguation(const P& pos, Move m) {
    const PieceType t     = type_of(pos.piece_on(m.from()));
    bool            other = false, same_file = false, same_rank = false;
    for (Move x : legal_moves<Tamerlane>(pos)) {
        if (x.kind() != MoveKind::Normal || x.to() != m.to() || x.from() == m.from()
            || type_of(pos.piece_on(x.from())) != t)
            continue;
        other = true;
        // A royal in a citadel has no file or rank: name its square.
        same_file |= x.from() >= Cells || m.from() >= Cells
            || G::file_of(x.from()) == G::file_of(m.from());
        same_rank |= x.from() >= Cells || m.from() >= Cells
            || G::rank_of(x.from()) == G::rank_of(m.from());
    }
    if (!other) return "";
    const std::string name = sq(m.from());
    if (!same_file) return name.substr(0, 1);
    if (!same_rank) return name.substr(1);
    return name;
}

std::string san_body(const P& pos, Move m) {
    const Square    from = m.from(), to = m.to();
    const PieceType t = type_of(pos.piece_on(from));
    if (m.kind() == MoveKind::KingSwap) return "K<>" + sq(to);
    if (m.kind() == MoveKind::Relocation) return "PP@" + sq(to);
    const bool  capture = pos.piece_on(to) != NoPiece;
    std::string san;
    if (is_pawn(t)) {
        if (capture) san = sq(from).substr(0, 1) + "x";
        san += sq(to);
        if (arrives(pos, m))
            if (PieceType r = arrival_result(pos, t)) san += std::string("=") + piece_letter(r);
        return san;
    }
    san = std::string(1, piece_letter(t)) + disambiguation(pos, m);
    if (capture) san += 'x';
    return san + sq(to);
}

} // namespace

template <> std::string move_to_uci<Tamerlane>(Move m) { return sq(m.from()) + sq(m.to()); }

template <> std::string to_san<Tamerlane>(const P& pos, Move m) {
    return san_body(pos, m) + check_suffix(pos, m);
}

template <> Result<Move, SanError> parse_san<Tamerlane>(const P& pos, std::string_view text) {
    using Code = SanError::Code;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && std::string_view(" \t+#!?").find(text.back()) != std::string_view::npos)
        text.remove_suffix(1);
    if (text.empty()) return SanError{ Code::Empty, "empty move text" };
    const std::string quoted = q(text);
    const auto        legal  = legal_moves<Tamerlane>(pos);

    // The swap and the relocation: a marker and a square.
    struct Marked {
        std::string_view prefix;
        MoveKind         kind;
        const char*      what;
    };
    for (auto [prefix, k, what] : { Marked{ "K<>", MoveKind::KingSwap, "king swap" },
             Marked{ "PP@", MoveKind::Relocation, "relocation of the pawn of pawns" } }) {
        if (text.substr(0, 3) != prefix) continue;
        auto to = parse_square<G>(text.substr(3));
        if (!to) return SanError{ Code::Malformed, quoted + " does not end in a square" };
        for (Move m : legal)
            if (m.kind() == k && m.to() == *to) return m;
        return SanError{ Code::NoSuchMove, std::string("no legal ") + what + " to " + sq(*to) };
    }

    std::string_view body = text;
    // "=X": the piece a pawn becomes (optional, checked when given).
    PieceType promo = NoPieceType;
    if (size_t eq = body.rfind('='); eq != std::string_view::npos) {
        std::string_view letter = body.substr(eq + 1);
        if (letter.size() != 1 || !piece_from_letter(letter[0]))
            return SanError{ Code::Malformed,
                "'=' must be followed by the letter of the piece the pawn becomes" };
        promo = piece_from_letter(letter[0]);
        body  = body.substr(0, eq);
    }
    // The piece: a letter, or a pawn (nothing, "P", or "P" + its kind letter).
    PieceType piece = NoPieceType, pawn_kind = NoPieceType;
    bool      pawn = true;
    if (!body.empty() && is_upper(body[0])) {
        if (body[0] == 'P') {
            if (body.size() >= 2 && is_upper(body[1])) {
                pawn_kind = pawn_from_kind_letter(body[1]);
                if (!pawn_kind)
                    return SanError{ Code::Malformed,
                        q(body.substr(0, 2)) + " is not a pawn kind" };
                body.remove_prefix(2);
            } else {
                body.remove_prefix(1);
            }
        } else {
            piece = piece_from_letter(body[0]);
            if (!piece)
                return SanError{ Code::UnknownPiece,
                    q(body.substr(0, 1)) + " is not a tamerlane piece letter" };
            pawn = false;
            body.remove_prefix(1);
        }
    }
    // The target: a file letter and digits at the end.
    size_t digits = 0;
    while (digits < body.size() && is_digit(body[body.size() - 1 - digits])) ++digits;
    if (digits == 0 || digits == body.size())
        return SanError{ Code::Malformed, quoted + " does not end in a square" };
    auto to = parse_square<G>(body.substr(body.size() - 1 - digits));
    if (!to)
        return SanError{ Code::Malformed,
            q(body.substr(body.size() - 1 - digits)) + " is not a square of the tamerlane board" };
    body.remove_suffix(digits + 1);
    // The origin: [file][rank], then an optional 'x', ':' or '-'.
    bool capture = false;
    if (!body.empty() && (body.back() == 'x' || body.back() == ':' || body.back() == '-')) {
        capture = body.back() != '-';
        body.remove_suffix(1);
    }
    // A citadel origin is named whole: it has no file or rank of the rectangle.
    Square from_citadel = NoSquare;
    if (auto s = parse_square<G>(body); s && is_citadel(*s)) {
        from_citadel = *s;
        body         = {};
    }
    int from_file = -1, from_rank = -1;
    if (!body.empty() && is_lower(body[0]) && body[0] < 'a' + Files) {
        from_file = body[0] - 'a';
        body.remove_prefix(1);
    }
    if (!body.empty()) {
        int r = 0;
        for (char c : body) {
            if (!is_digit(c) || r > 100) return SanError{ Code::Malformed, quoted + " is not SAN" };
            r = r * 10 + (c - '0');
        }
        if (body[0] == '0' || r < 1 || r > Ranks)
            return SanError{ Code::Malformed, quoted + " is not SAN" };
        from_rank = r - 1;
    }
    if (promo && !pawn) return SanError{ Code::BadPromotion, "only pawns are promoted" };

    std::vector<Move> found;
    for (Move m : legal) {
        if (m.kind() != MoveKind::Normal || m.to() != *to) continue;
        const PieceType t = type_of(pos.piece_on(m.from()));
        if (pawn ? !is_pawn(t) || (pawn_kind && t != pawn_kind) : t != piece) continue;
        if (from_citadel != NoSquare && m.from() != from_citadel) continue;
        const bool in_citadel = m.from() >= Cells;
        const int  file       = in_citadel ? -2 : G::file_of(m.from()),
                  rank        = in_citadel ? -2 : G::rank_of(m.from());
        const int want_file   = from_file < 0 && pawn ? G::file_of(*to) : from_file;
        if ((want_file >= 0 && want_file != file) || (from_rank >= 0 && from_rank != rank))
            continue;
        found.push_back(m);
    }
    if (found.empty()) {
        if (legal.size() == 0)
            return SanError{ Code::NoSuchMove, "there is no legal move in this position" };
        return SanError{ Code::NoSuchMove, "no legal move matches " + quoted };
    }
    if (found.size() > 1) {
        std::string names;
        for (Move m : found) names += (names.empty() ? "" : ", ") + san_body(pos, m);
        return SanError{ Code::Ambiguous, quoted + " is ambiguous: it may be " + names };
    }
    const Move m = found.front();
    if (promo) {
        PieceType r
            = arrives(pos, m) ? arrival_result(pos, type_of(pos.piece_on(m.from()))) : NoPieceType;
        if (r != promo)
            return SanError{ Code::BadPromotion,
                r ? "the pawn becomes a " + name_of(r) + " (=" + piece_letter(r) + "), not a "
                        + name_of(promo)
                  : "this pawn move does not promote" };
    }
    if (capture && !pos.piece_on(m.to()))
        return SanError{ Code::NoSuchMove, quoted + " captures, but " + sq(m.to()) + " is empty" };
    return m;
}

// ---- why a move is illegal ------------------------------------------------------------------

namespace {

using R = IllegalReason;

class Analysis {
  public:
    Analysis(const P& pos, MoveRequest req)
        : pos_(pos)
        , req_(req)
        , us_(pos.side_to_move())
        , them_(Seat(us_ ^ 1)) { }

    Illegality run(const MoveList<Tamerlane::MaxMoves>& legal) {
        if (legal.size() == 0) return game_over();
        if (req_.from >= G::Squares) return about(R::NotOnBoard, req_.from);
        if (req_.to >= G::Squares) return about(R::NotOnBoard, req_.to);
        const Piece pc = pos_.piece_on(req_.from);
        if (!pc) return about(R::NoPiece, req_.from);
        if (seat_of(pc) != us_) return about(R::NotYourPiece, req_.from, pc);
        if (req_.from == req_.to) return about(R::NotThatPiecesMove, req_.from, pc);

        const PieceType t      = type_of(pc);
        const Piece     target = pos_.piece_on(req_.to);
        if (req_.from == pos_.waiting_pawn(us_)) return relocation(pc);
        if (is_citadel(req_.to)) return citadel(pc);
        if (target && seat_of(target) == us_) {
            if (t == King) return swap(target);
            return about(is_royal(t) ? R::OnlyKingSwaps : R::OwnPieceOnTarget, req_.to, target);
        }
        if (is_pawn(t)) {
            if (auto e = pawn(pc)) return *e;
        } else {
            AtomReach<G> reach = atom_reaching<G>(t, req_.from, req_.to, 1, Mode::Both);
            if (!reach.found) {
                const int df = G::file_of(req_.to) - G::file_of(req_.from);
                const int dr = G::rank_of(req_.to) - G::rank_of(req_.from);
                if (t == Picket && (df == 1 || df == -1) && (dr == 1 || dr == -1))
                    return about(R::PicketTooShort, req_.from, pc);
                return about(R::NotThatPiecesMove, req_.from, pc);
            }
            Square b = first_blocker<G>(reach.atom, req_.from, req_.to, 1, pos_.pieces());
            if (b != NoSquare) return about(R::PathBlocked, b, pos_.piece_on(b));
        }
        if (req_.to == pos_.waiting_pawn(them_))
            return about(R::WaitingPawnCannotBeTaken, req_.to, target);
        if (auto e = safety(Move(req_.from, req_.to), is_royal(t))) return *e;
        return about(R::Unexplained, NoSquare);
    }

  private:
    Illegality about(R r, Square s, Piece p = NoPiece) const {
        Illegality i;
        i.reason       = r;
        i.square       = s;
        i.piece        = p ? p : (s < G::Squares ? pos_.piece_on(s) : NoPiece);
        i.piece_square = s;
        return i;
    }

    Illegality game_over() const {
        if (pos_.citadel_draw()) {
            BB in = (pos_.royals(White) & bit<BB>(BlackCitadel))
                | (pos_.royals(Black) & bit<BB>(WhiteCitadel));
            return about(R::GameOverCitadel, lsb(in));
        }
        if (pos_.in_check()) return about(R::GameOverCheckmate, lsb(pos_.checkers()));
        return about(R::GameOverStalemate, lsb(pos_.royals(us_)));
    }

    // The waiting pawn of pawns moves only by relocation, to a square where it forks two enemy
    // pieces or attacks one that then cannot move.
    Illegality relocation(Piece pc) const {
        const Piece target = pos_.piece_on(req_.to);
        if (is_citadel(req_.to)) return about(R::WaitingPawnCannotMove, req_.from, pc);
        if (target && is_royal(type_of(target)))
            return about(R::RelocationOntoRoyal, req_.to, target);
        if (req_.to == pos_.waiting_pawn(them_))
            return about(R::RelocationOntoWaitingPawn, req_.to, target);
        if (!qualifies()) return about(R::RelocationNoTarget, req_.to, target ? target : NoPiece);
        if (auto e = safety(Move(req_.from, req_.to, MoveKind::Relocation), false)) return *e;
        return about(R::Unexplained, NoSquare);
    }
    bool qualifies() const {
        const auto& A       = kAttacks<G>;
        const BB    targets = pos_.pieces(them_) & ~pos_.pawns(them_) & bit_rect();
        const BB    hit     = A.pawn_attack[us_][req_.to] & targets;
        if (more_than_one(hit)) return true;
        if (!any(hit)) return false;
        const Square    e = lsb(hit);
        const PieceType t = type_of(pos_.piece_on(e));
        if (is_royal(t)) return false;
        const BB occ = (pos_.pieces() ^ bit<BB>(req_.from)) | bit<BB>(req_.to);
        return !any(
            pos_.moves_of(t, e, occ) & bit_rect() & ~(pos_.pieces(them_) & ~bit<BB>(req_.to)));
    }
    static BB bit_rect() {
        BB r{};
        r.w[0] = ~u64(0);
        r.w[1] = (u64(1) << (Cells - 64)) - 1;
        return r;
    }

    Illegality citadel(Piece pc) const {
        const PieceType t = type_of(pc);
        if (!is_royal(t)) return about(R::CitadelOnlyRoyals, req_.from, pc);
        const Square c = req_.to;
        int          f = G::file_of(req_.from), r = G::rank_of(req_.from);
        bool         adjacent = req_.from < Cells
            && (c == WhiteCitadel ? f == Files - 1 && r <= 2 : f == 0 && r >= Ranks - 3);
        if (!adjacent) return about(R::NotThatPiecesMove, req_.from, pc);
        if (c == own_citadel(us_) && t != AdventitiousKing)
            return about(R::CitadelOwnOnlyAdventitious, req_.from, pc);
        if (c == enemy_citadel(us_) && t != pos_.senior_royal(us_))
            return about(R::CitadelNotSenior, req_.from, pc);
        if (Piece o = pos_.piece_on(c)) return about(R::CitadelOccupied, c, o);
        if (auto e = safety(Move(req_.from, c), true)) return *e;
        return about(R::Unexplained, NoSquare);
    }

    Illegality swap(Piece partner) const {
        const Square    k = req_.from, p = req_.to;
        const PieceType pt = type_of(partner);
        if (!pos_.may_swap(us_)) return about(R::SwapUsed, p, partner);
        if (is_royal(pt)) return about(R::SwapWithRoyal, p, partner);
        if (p == pos_.waiting_pawn(us_)) return about(R::SwapWithWaitingPawn, p, partner);
        if (!pos_.in_check()) {
            // Other legal moves exist (else the swap would be legal or attacked).
            bool others = false;
            for (Move m : legal_moves<Tamerlane>(pos_)) others |= m.kind() != MoveKind::KingSwap;
            if (others) return about(R::SwapNotNow, p, partner);
        }
        // The king would stand attacked on its new square.
        P                    after;
        StateInfo<Tamerlane> s0, s1;
        if (!after.set(pos_.setup(), s0)) {
            after.make(Move(k, p, MoveKind::KingSwap), s1);
            const Square ks = after.king_square(us_);
            BB           a  = after.attackers(them_, ks, after.pieces());
            if (any(a)) return about(R::KingWouldBeAttacked, lsb(a));
        }
        return about(R::Unexplained, NoSquare);
    }

    std::optional<Illegality> pawn(Piece pc) const {
        const int   fwd    = forward(us_);
        const int   df     = G::file_of(req_.to) - G::file_of(req_.from);
        const int   dr     = (G::rank_of(req_.to) - G::rank_of(req_.from)) * fwd;
        const Piece target = pos_.piece_on(req_.to);
        if (dr == 1 && df == 0) {
            if (target) return about(R::PawnCannotCaptureForward, req_.to, target);
            return std::nullopt;
        }
        if (dr == 1 && (df == 1 || df == -1)) {
            if (!target) return about(R::PawnMovesDiagonallyOnlyToCapture, req_.to);
            return std::nullopt;
        }
        if (dr == 2 && df == 0) return about(R::NoDoubleStepInVariant, req_.from, pc);
        return about(R::NotThatPiecesMove, req_.from, pc);
    }

    // The move is otherwise possible: does it leave a lone royal attacked?
    std::optional<Illegality> safety(Move m, bool royal_moves) const {
        P                    after;
        StateInfo<Tamerlane> s0, s1;
        if (after.set(pos_.setup(), s0)) return std::nullopt;
        after.make(m, s1);
        const BB r = after.royals(us_);
        if (more_than_one(r)) return std::nullopt;
        const BB a = after.attackers(them_, lsb(r), after.pieces());
        if (!any(a)) return std::nullopt;
        if (royal_moves) return about(R::KingWouldBeAttacked, lsb(a));
        if (BB still = a & pos_.checkers(); any(still)) return about(R::StillInCheck, lsb(still));
        return about(R::PiecePinned, lsb(a));
    }

    const P&    pos_;
    MoveRequest req_;
    Seat        us_, them_;
};

std::string who(const P& pos, Piece p, Square s) {
    if (!p) return "the piece on " + sq(s);
    return (seat_of(p) == pos.side_to_move() ? "your " : "the ") + name_of(type_of(p)) + " on "
        + sq(s);
}
std::string capitalized(std::string s) {
    if (!s.empty() && is_lower(s[0])) s[0] = char(s[0] - 32);
    return s;
}

std::string how_it_moves(PieceType t) {
    if (is_pawn(t))
        return "a pawn moves one square straight ahead and captures one square diagonally forward";
    switch (u8(t)) {
    case King:
    case Prince:
    case AdventitiousKing:
        return "a " + name_of(t) + " moves one square in any direction";
    case General:
        return "a general moves one square diagonally";
    case Vizier:
        return "a vizier moves one square along a rank or file";
    case Knight:
        return "a knight jumps two squares in one direction and then one to the side";
    case Rook:
        return "a rook moves straight along its rank or file";
    case Picket:
        return "a picket slides diagonally, at least two squares";
    case Giraffe:
        return "a giraffe steps one square diagonally and then slides at least three more "
               "squares straight outward";
    case Elephant:
        return "an elephant leaps exactly two squares diagonally";
    case Camel:
        return "a camel leaps three squares in one direction and one to the side";
    case WarEngine:
        return "a war engine leaps exactly two squares along a rank or file";
    default:
        return "it cannot move that way";
    }
}

std::string message(const P& pos, const MoveRequest& req, const Illegality& why) {
    const Seat        us     = pos.side_to_move();
    const Piece       mover  = req.from < G::Squares ? pos.piece_on(req.from) : NoPiece;
    const std::string moving = mover ? who(pos, mover, req.from) : "the piece";
    const std::string to     = req.to < G::Squares ? sq(req.to) : "that square";
    switch (why.reason) {
    case R::GameOverCitadel:
        return "The game is over: " + who(pos, why.piece, why.square)
            + " has entered the enemy citadel, and the game is drawn.";
    case R::PromotionAutomatic:
        return "In tamerlane a pawn becomes its own piece automatically, so the move takes no "
               "promotion letter.";
    case R::PicketTooShort:
        return capitalized(moving) + " cannot stop on " + to
            + ": a picket moves at least two squares diagonally, and the first square is not a "
              "destination.";
    case R::SwapUsed:
        return "Your king cannot swap places with " + who(pos, why.piece, why.square)
            + ": the king may swap only once per game, and that right is gone.";
    case R::SwapNotNow:
        return "Your king may swap places with " + who(pos, why.piece, why.square)
            + " only when it is in check or you have no other legal move.";
    case R::SwapWithRoyal:
        return "Your king cannot swap places with " + who(pos, why.piece, why.square)
            + ": it never swaps with a royal piece.";
    case R::SwapWithWaitingPawn:
        return "Your king cannot swap places with your pawn of pawns on " + sq(why.square)
            + " while it waits on the last rank.";
    case R::OnlyKingSwaps:
        return capitalized(moving) + " cannot move onto your own " + name_of(type_of(why.piece))
            + " on " + sq(why.square) + ": only the king may swap places, once per game.";
    case R::CitadelOnlyRoyals:
        return capitalized(moving) + " cannot enter the citadel " + to
            + ": only a royal piece steps into a citadel.";
    case R::CitadelNotSenior:
        return capitalized(moving) + " cannot enter the enemy citadel " + to + ": only your "
            + name_of(pos.senior_royal(us)) + ", your senior royal, may.";
    case R::CitadelOwnOnlyAdventitious:
        return capitalized(moving) + " cannot enter your own citadel " + to
            + ": only an adventitious king may.";
    case R::CitadelOccupied:
        return "The citadel " + to + " is occupied by " + who(pos, why.piece, why.square) + ".";
    case R::WaitingPawnCannotMove:
        return "Your pawn of pawns waits on the last rank: it moves only by being lifted to a "
               "square where it forks two enemy pieces or attacks one that cannot move.";
    case R::WaitingPawnCannotBeTaken:
        return "The pawn of pawns on " + sq(why.square)
            + " waits on its last rank and cannot be captured.";
    case R::RelocationNoTarget:
        return "Your pawn of pawns may be lifted to " + to
            + " only if from there it attacks two enemy pieces (not pawns), or one that "
              "would then have no move.";
    case R::RelocationOntoRoyal:
        return "Your pawn of pawns cannot be lifted to " + to + ": "
            + who(pos, why.piece, why.square)
            + " stands there, and a royal piece's square is never a target.";
    case R::RelocationOntoWaitingPawn:
        return "Your pawn of pawns cannot be lifted onto the waiting enemy pawn of pawns on " + to
            + ".";
    case R::GameOverCheckmate:
        return "The game is over: your last royal piece is checkmated by "
            + who(pos, why.piece, why.square) + ".";
    case R::GameOverStalemate:
        return "The game is over: you have no legal move, and in tamerlane that loses.";
    case R::NotOnBoard:
        return "The move names a square that is not on the tamerlane board.";
    case R::NoPiece:
        return "There is no piece on " + sq(why.square) + " to move.";
    case R::NotYourPiece:
        return "The " + name_of(type_of(why.piece)) + " on " + sq(why.square) + " is "
            + side_name(seat_of(why.piece)) + "'s, and it is " + side_name(us) + "'s turn to move.";
    case R::NotThatPiecesMove:
        return capitalized(moving) + " cannot reach " + to + ": " + how_it_moves(type_of(mover))
            + ".";
    case R::PathBlocked:
        return capitalized(moving) + " cannot get to " + to + " because "
            + who(pos, why.piece, why.square) + " is in the way.";
    case R::OwnPieceOnTarget:
        return capitalized(moving) + " cannot move to " + to + " because your own "
            + name_of(type_of(why.piece)) + " stands there.";
    case R::PawnCannotCaptureForward:
        return capitalized(moving) + " cannot move to " + to + " because "
            + who(pos, why.piece, why.square)
            + " is in the way, and pawns capture only diagonally.";
    case R::PawnMovesDiagonallyOnlyToCapture:
        return capitalized(moving) + " may move diagonally to " + to
            + " only to capture a piece there, and " + to + " is empty.";
    case R::NoDoubleStepInVariant:
        return "In tamerlane a pawn always moves one square forward, even on its first move.";
    case R::PiecePinned:
        return capitalized(who(pos, why.piece, why.square)) + " would attack your royal piece if "
            + moving + " moved to " + to + ".";
    case R::StillInCheck:
        return "Your royal piece is in check from " + who(pos, why.piece, why.square)
            + ", and this move does not stop the check.";
    case R::KingWouldBeAttacked:
        return "Your " + (mover ? name_of(type_of(mover)) : std::string("king")) + " cannot go to "
            + to + " because " + who(pos, why.piece, why.square) + " attacks that square.";
    default:
        break;
    }
    return "This move is not legal in this position.";
}

} // namespace

template <> std::optional<Illegality> why_illegal<Tamerlane>(const P& pos, MoveRequest req) {
    const auto legal = legal_moves<Tamerlane>(pos);
    for (Move m : legal)
        if (request_of<Tamerlane>(m) == req) return std::nullopt;
    Illegality why;
    if (req.promotion) {
        // A letter never makes an impossible move possible: the reason without it comes first.
        MoveRequest plain = req;
        plain.promotion   = NoPieceType;
        bool legal_plain  = false;
        for (Move m : legal) legal_plain |= request_of<Tamerlane>(m) == plain;
        why = Analysis(pos, plain).run(legal);
        if (legal_plain || why.reason == R::Unexplained) {
            why        = Illegality{};
            why.reason = R::PromotionAutomatic;
            why.square = req.to;
        }
    } else {
        why = Analysis(pos, req).run(legal);
    }
    why.message = message(pos, req, why);
    return why;
}

} // namespace citadel
