// PositionError::Code: every code is produced by some position a reader can be given, so the
// list holds no code that nothing raises (such as a "finished" code, removed: a finished game's
// position is set up like any other, docs/rules/fourkingdoms.md and docs/notation.md).
#include "fourkingdoms_support.h"

#include <map>

#include "notation/fen.h"
#include "notation/tfen.h"
#include "variants/orthodox.h"
#include "variants/tamerlane.h"

using namespace citadel;
using namespace fktest;
using Code = PositionError::Code;

namespace {

template <class V> std::optional<Code> code_of(const Setup<typename V::Geometry>& s) {
    Position<V>  pos;
    StateInfo<V> st;
    auto         err = pos.set(s, st);
    return err ? std::optional<Code>(err->code) : std::nullopt;
}

template <class V> std::optional<Code> code_of(std::string_view text) {
    auto s = parse_fen<V>(text);
    EXPECT_TRUE(s.ok()) << text << ": " << (s ? "" : s.error().message);
    return s ? code_of<V>(*s) : std::nullopt;
}

} // namespace

TEST(PositionError, EveryCodeIsProducedBySomePosition) {
    const std::string t_kings                          = "11/11/11/11/11/11/11/11/11/K8k1";
    auto              bad_clock                        = *parse_fen<Tamerlane>(Tamerlane::StartFen);
    bad_clock.halfmove                                 = -1;
    const std::map<Code, std::optional<Code>> produced = {
        { Code::KingCount, code_of<Chess>("4k3/8/8/8/8/8/8/8 w - - 0 1") },
        { Code::PieceNotInVariant, code_of<Silverman>("k1n1/4/4/K3 w - - 0 1") },
        { Code::PawnOnBackRank, code_of<Chess>("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") },
        { Code::OppositeCheck, code_of<Chess>("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1") },
        { Code::CastlingWithoutKing, code_of<Chess>("r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1") },
        { Code::CastlingWithoutRook, code_of<Chess>("r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1") },
        { Code::EnPassantSquare, code_of<Chess>("4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1") },
        { Code::NoRoyal, code_of<Tamerlane>("11/11/11/11/11/11/11/11/11/K10 w -/- - 0/0 0 1") },
        { Code::NonRoyalInCitadel, code_of<Tamerlane>(t_kings + " w R/- - 0/0 0 1") },
        { Code::RoyalInOwnCitadel,
            code_of<Tamerlane>("11/11/11/11/11/11/11/11/11/A9k w K/- - 0/0 0 1") },
        { Code::NotSeniorInCitadel, code_of<Tamerlane>(t_kings + " w -/A - 0/0 0 1") },
        { Code::SwapWithoutKing,
            code_of<Tamerlane>("11/11/11/11/11/11/11/11/11/A9k w -/- K 0/0 0 1") },
        { Code::TwoPawnsOfPawns,
            code_of<Tamerlane>("11/11/11/11/PP1PP8/11/11/11/11/K9k w -/- - 0/0 0 1") },
        { Code::WaitingPawnArrivals,
            code_of<Tamerlane>("2PP8/11/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1") },
        { Code::PawnOfPawnsAfterThird,
            code_of<Tamerlane>("11/11/11/11/2PP8/11/11/11/11/K9k w -/- - 3/0 0 1") },
        { Code::CounterOutOfRange, code_of<Tamerlane>(bad_clock) },
        { Code::TooManyPieces,
            code_of<FourKingdoms>(k4({ KINGS, { "d4", "eP" }, { "e4", "eP" }, { "f4", "eP" },
                { "g4", "eP" }, { "h4", "eP" }, { "i4", "eP" }, { "j4", "eP" }, { "k4", "eP" },
                { "d5", "eP" } })) },
        { Code::PlayerNotInGame,
            code_of<FourKingdoms>(
                k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" } }, "n - - 0 1 eswe -")) },
        { Code::Commander, code_of<FourKingdoms>(k4({ KINGS }, "e - - 0 1 sswn -")) },
        { Code::Alliance, code_of<FourKingdoms>(k4({ KINGS }, "e - - 0 1 eswn sw")) },
        { Code::Mated,
            code_of<FourKingdoms>(
                k4({ KINGS, { "e14", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } },
                    "n - - 0 1 eswn -")) },
        { Code::TurnOrder,
            code_of<FourKingdoms>(k4({ KINGS, { "g9", "eR" } }, "s - - 0 1 eswn -")) },
    };
    // Every code from the first to the last is listed, and its position produces it.
    for (int c = 0; c <= int(Code::TurnOrder); ++c) {
        auto at = produced.find(Code(c));
        ASSERT_NE(at, produced.end()) << "no position produces " << code_id(Code(c));
        EXPECT_EQ(at->second, Code(c)) << code_id(Code(c));
    }
    EXPECT_EQ(produced.size(), size_t(Code::TurnOrder) + 1);
}
