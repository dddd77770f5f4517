// Tamerlane: the "Illegal positions" clauses of docs/rules/tamerlane.md, and the game's end.
#include "variants/tamerlane.h"

namespace citadel::tamerlane {

namespace {

std::string side_name(Seat s) { return s == White ? "White" : "Black"; }

std::string piece_at(const Setup<TamerlaneBoard>& s, Square sq) {
    const Piece p = s.board[sq];
    return side_name(seat_of(p)) + "'s " + std::string(kind(type_of(p)).name) + " on "
        + square_name<G>(sq);
}

} // namespace

std::optional<PositionError> validate(const Setup<TamerlaneBoard>& s) {
    using C = PositionError::Code;
    if (s.to_move > Black)
        return PositionError{ C::CounterOutOfRange, NoSquare,
            "the side to move is not White or Black" };
    if (s.halfmove < 0)
        return PositionError{ C::CounterOutOfRange, NoSquare, "the half-move clock is negative" };
    if (s.fullmove < 1)
        return PositionError{ C::CounterOutOfRange, NoSquare, "the full-move number is below 1" };
    if (s.swaps & ~(WhiteSwap | BlackSwap))
        return PositionError{ C::CounterOutOfRange, NoSquare,
            "the swap rights name a third player" };
    for (Seat c : { White, Black })
        if (s.arrivals[c] > 3)
            return PositionError{ C::CounterOutOfRange, NoSquare,
                side_name(c) + "'s pawn of pawns cannot have reached its last rank "
                    + std::to_string(s.arrivals[c]) + " times (at most 3)" };

    int    royals[2] = { 0, 0 }, kings[2] = { 0, 0 }, pps[2] = { 0, 0 }, princes[2] = { 0, 0 };
    Square second_king[2] = { NoSquare, NoSquare }, second_pp[2] = { NoSquare, NoSquare };
    for (Square sq = 0; sq < TamerlaneBoard::Squares; ++sq) {
        const Piece p = s.board[sq];
        if (!p) continue;
        const PieceType t = type_of(p);
        if (seat_of(p) > Black || !(kPieces & piece_set(t)))
            return PositionError{ C::PieceNotInVariant, sq,
                "the piece on " + square_name<G>(sq) + " is not part of tamerlane" };
        const Seat c = seat_of(p);
        royals[c] += is_royal(t);
        princes[c] += t == Prince;
        if (t == King && ++kings[c] == 2) second_king[c] = sq;
        if (t == PawnOfPawns && ++pps[c] == 2) second_pp[c] = sq;
    }
    // A side with no royal or two kings.
    for (Seat c : { White, Black }) {
        if (royals[c] == 0)
            return PositionError{ C::NoRoyal, NoSquare,
                side_name(c) + " has no royal piece (king, prince or adventitious king)" };
        if (kings[c] > 1)
            return PositionError{ C::KingCount, second_king[c],
                side_name(c) + " has two kings (the second on " + square_name<G>(second_king[c])
                    + ")" };
    }
    // Citadels: only royals; a King or Prince never in its own; only the senior royal in the
    // enemy's.
    for (Square cit : { WhiteCitadel, BlackCitadel }) {
        const Piece p = s.board[cit];
        if (!p) continue;
        const Seat        owner = cit == WhiteCitadel ? White : Black;
        const Seat        c     = seat_of(p);
        const PieceType   t     = type_of(p);
        const std::string where = square_name<G>(cit) + " (" + side_name(owner) + "'s citadel)";
        if (!is_royal(t))
            return PositionError{ C::NonRoyalInCitadel, cit,
                piece_at(s, cit) + ": only a royal piece may stand in a citadel" };
        if (c == owner && t != AdventitiousKing)
            return PositionError{ C::RoyalInOwnCitadel, cit,
                piece_at(s, cit) + ": a " + std::string(kind(t).name)
                    + " may not stand in its own citadel; only an adventitious king may" };
        const PieceType senior = kings[c] ? King : princes[c] ? Prince : AdventitiousKing;
        if (c != owner && t != senior)
            return PositionError{ C::NotSeniorInCitadel, cit,
                piece_at(s, cit) + ": only " + side_name(c) + "'s senior royal (its "
                    + std::string(kind(senior).name) + ") may stand in " + where };
    }
    // A swap right without a king.
    for (Seat c : { White, Black })
        if ((s.swaps & swap_bit(c)) && !kings[c])
            return PositionError{ C::SwapWithoutKing, NoSquare,
                side_name(c) + " has a swap right ('" + (c == White ? "K" : "k")
                    + "') but no king" };
    // More than one pawn of pawns per side.
    for (Seat c : { White, Black })
        if (pps[c] > 1)
            return PositionError{ C::TwoPawnsOfPawns, second_pp[c],
                side_name(c) + " has more than one pawn of pawns (another on "
                    + square_name<G>(second_pp[c]) + ")" };
    // Pawns on their last rank: only the waiting pawn of pawns, after exactly one arrival.
    for (Square sq = 0; sq < Cells; ++sq) {
        const Piece p = s.board[sq];
        if (!p || !is_pawn(type_of(p))) continue;
        const Seat c = seat_of(p);
        if (G::rank_of(sq) != last_rank(c)) continue;
        if (type_of(p) != PawnOfPawns)
            return PositionError{ C::PawnOnBackRank, sq,
                piece_at(s, sq) + " stands unpromoted on its last rank" };
        if (s.arrivals[c] != 1)
            return PositionError{ C::WaitingPawnArrivals, sq,
                piece_at(s, sq) + " waits on its last rank, so its arrival count must be 1, not "
                    + std::to_string(s.arrivals[c]) };
    }
    // A pawn of pawns that arrived three times has become an adventitious king.
    for (Seat c : { White, Black })
        if (pps[c] && s.arrivals[c] == 3)
            return PositionError{ C::PawnOfPawnsAfterThird, NoSquare,
                side_name(c)
                    + "'s pawn of pawns has arrived 3 times, so it is an "
                      "adventitious king and cannot be on the board" };
    return std::nullopt;
}

} // namespace citadel::tamerlane

namespace citadel {

Outcome outcome_by_rules(const Position<Tamerlane>& pos, int repetitions, bool fifty_move_rule) {
    using K         = Outcome::Kind;
    const Seat them = Seat(pos.side_to_move() ^ 1);
    if (pos.citadel_draw()) return { K::Draw, White, Termination::CitadelDraw };
    if (count_legal<Tamerlane>(pos) == 0)
        return { K::Win, them, pos.in_check() ? Termination::Checkmate : Termination::Stalemate };
    if (repetitions >= Tamerlane::AutoRepetition)
        return { K::Draw, White, Termination::ThreefoldRepetition };
    if (fifty_move_rule && pos.rule50() >= 100)
        return { K::Draw, White, Termination::FiftyMoveRule };
    return {};
}

} // namespace citadel
