// Tamerlane moves as text (docs/notation.md): UCI-style move text, SAN, and why a move is illegal.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <string>

#include "tamerlane_support.h"

using namespace citadel;
using namespace citadel::tamerlane;
using namespace citadel::tamerlane_test;

namespace {

// Board with SAN: the move's SAN, a SAN text read back as move text, a SAN error's code.
struct Pos : Board {
    using Board::Board;
    std::string san(const std::string& uci) const { return to_san(pos, move(uci)); }
    // The SAN text's move as UCI text, or the error's code.
    std::string parse(const std::string& san) const {
        auto r = parse_san(pos, san);
        if (!r) return "error " + std::to_string(int(r.error().code)) + ": " + r.error().message;
        return move_to_uci<Tamerlane>(*r);
    }
    SanError::Code error(const std::string& san) const {
        auto r = parse_san(pos, san);
        EXPECT_FALSE(r.ok()) << san << " was read as " << (r ? move_to_uci<Tamerlane>(*r) : "");
        return r ? SanError::Code::Empty : r.error().code;
    }
};

} // namespace

// ---- UCI-style move text --------------------------------------------------------------------

TEST(TamerlaneMoveText, EveryKindIsFromAndTo) {
    // The swap f2e2 (king onto its partner), the relocation a10e5, the citadel entry k1l2.
    Pos swap(
        tfen({ { "f2", "K" }, { "e2", "G" }, { "f8", "r" }, { "k10", "k" } }, "w -/- K 0/0 0 1"));
    EXPECT_EQ(swap.move("f2e2").kind(), MoveKind::KingSwap);
    Pos reloc(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "d6", "r" }, { "f6", "n" } },
        "w -/- - 1/0 0 1"));
    EXPECT_EQ(reloc.move("a10e5").kind(), MoveKind::Relocation);
    Pos cit(tfen({ { "k1", "k" }, { "a5", "K" } }, "b -/- - 0/0 0 1"));
    EXPECT_EQ(cit.move("k1l2").to(), WhiteCitadel);
    Pos z9(tfen({ { "a10", "K" }, { "k5", "k" } }));
    EXPECT_EQ(z9.move("a10z9").to(), BlackCitadel);
    // A second arrival is written as the arriving step.
    Pos second(tfen({ { "c9", "PP" }, { "k1", "K" }, { "k10", "k" } }, "w -/- - 1/0 0 1"));
    EXPECT_EQ(move_to_uci<Tamerlane>(second.move("c9c10")), "c9c10");
    // Promotion takes no suffix: "c9c10r" is no move.
    Pos promo(tfen({ { "c9", "PR" }, { "k1", "K" }, { "k10", "k" } }));
    EXPECT_FALSE(find_uci_move(promo.pos, "c9c10r").has_value());
    EXPECT_TRUE(find_uci_move(promo.pos, "c9c10").has_value());
}

TEST(TamerlaneMoveText, RequestsParseCitadelSquares) {
    auto req = parse_move_request<TamerlaneBoard>("k1l2");
    ASSERT_TRUE(req.ok());
    EXPECT_EQ(req->to, WhiteCitadel);
    req = parse_move_request<TamerlaneBoard>("z9a10");
    ASSERT_TRUE(req.ok());
    EXPECT_EQ(req->from, BlackCitadel);
    EXPECT_FALSE(parse_move_request<TamerlaneBoard>("k1l3").ok());
    EXPECT_FALSE(parse_move_request<TamerlaneBoard>("a1a11").ok());
}

// ---- SAN ------------------------------------------------------------------------------------

TEST(TamerlaneSan, PieceLettersAndPawns) {
    Pos start{ std::string(Tamerlane::StartFen) };
    EXPECT_EQ(start.san("b2c4"), "Nc4");
    EXPECT_EQ(start.san("c1b4"), "Cb4");
    EXPECT_EQ(start.san("e2d1"), "Gd1");
    EXPECT_EQ(start.san("f2f1"), "Kf1");
    EXPECT_EQ(start.san("f3f4"), "f4");
    // Captures, pawn captures.
    Pos c(tfen({ { "e5", "N" }, { "d7", "pr" }, { "e4", "PR" }, { "d5", "n" }, { "k1", "K" },
        { "k10", "k" } }));
    EXPECT_EQ(c.san("e5d7"), "Nxd7");
    EXPECT_EQ(c.san("e4d5"), "exd5");
    // Every letter.
    Pos all(tfen({ { "a1", "Z" }, { "c3", "T" }, { "f5", "E" }, { "h5", "D" }, { "j7", "V" },
        { "g7", "G" }, { "b7", "H" }, { "e8", "A" }, { "k1", "K" }, { "k10", "k" } }));
    EXPECT_EQ(all.san("a1b6"), "Zb6");
    EXPECT_EQ(all.san("c3e5"), "Te5");
    EXPECT_EQ(all.san("f5d7"), "Ed7");
    EXPECT_EQ(all.san("h5h3"), "Dh3");
    EXPECT_EQ(all.san("j7j8"), "Vj8");
    EXPECT_EQ(all.san("g7h8"), "Gh8");
    EXPECT_EQ(all.san("b7b8"), "Hb8");
    EXPECT_EQ(all.san("e8e9"), "Ae9");
}

TEST(TamerlaneSan, Disambiguation) {
    Pos p(tfen({ { "a5", "R" }, { "k5", "R" }, { "a2", "R" }, { "a8", "N" }, { "f1", "K" },
        { "h10", "k" } }));
    EXPECT_EQ(p.san("a5f5"), "Raf5");
    EXPECT_EQ(p.san("k5f5"), "Rkf5");
    Pos q(tfen({ { "a2", "R" }, { "a8", "R" }, { "f1", "K" }, { "k10", "k" } }));
    EXPECT_EQ(q.san("a2a5"), "R2a5");
    EXPECT_EQ(q.san("a8a5"), "R8a5");
    EXPECT_EQ(q.parse("R2a5"), "a2a5");
    EXPECT_EQ(q.error("Ra5"), SanError::Code::Ambiguous);
}

TEST(TamerlaneSan, PromotionsArrivalsSwapsRelocationsCitadels) {
    Pos promo(
        tfen({ { "c9", "PR" }, { "b9", "PK" }, { "d10", "n" }, { "k1", "K" }, { "j8", "k" } }));
    EXPECT_EQ(promo.san("c9c10"), "c10=R");
    EXPECT_EQ(promo.san("c9d10"), "cxd10=R");
    EXPECT_EQ(promo.san("b9b10"), "b10=H");
    EXPECT_EQ(promo.parse("c10=R"), "c9c10");
    EXPECT_EQ(promo.parse("c10"), "c9c10"); // the letter may be left out: it is automatic
    EXPECT_EQ(promo.error("c10=N"), SanError::Code::BadPromotion);
    // The pawn of pawns: first and second arrivals are plain steps, the third makes an A.
    for (auto [count, san] : { std::pair{ "0/0", "c10" }, { "1/0", "c10" }, { "2/0", "c10=A" } }) {
        Pos pp(tfen({ { "c9", "PP" }, { "k1", "K" }, { "k10", "k" } },
            std::string("w -/- - ") + count + " 0 1"));
        EXPECT_EQ(pp.san("c9c10"), san) << count;
    }
    // The swap.
    Pos swap(
        tfen({ { "e1", "K" }, { "e8", "r" }, { "a1", "N" }, { "k10", "k" } }, "w -/- K 0/0 0 1"));
    EXPECT_EQ(swap.san("e1a1"), "K<>a1");
    EXPECT_EQ(swap.parse("K<>a1"), "e1a1");
    EXPECT_EQ(swap.error("K<>a2"), SanError::Code::NoSuchMove);
    EXPECT_EQ(swap.error("K<>z5"), SanError::Code::Malformed);
    // The relocation.
    Pos reloc(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "d6", "r" }, { "f6", "n" } },
        "w -/- - 1/0 0 1"));
    EXPECT_EQ(reloc.san("a10e5"), "PP@e5");
    EXPECT_EQ(reloc.parse("PP@e5"), "a10e5");
    EXPECT_EQ(reloc.error("PP@e6"), SanError::Code::NoSuchMove);
    // Citadel entries.
    Pos z9(tfen({ { "a9", "K" }, { "k5", "k" } }));
    EXPECT_EQ(z9.san("a9z9"), "Kz9");
    EXPECT_EQ(z9.parse("Kz9"), "a9z9");
    Pos l2(tfen({ { "k2", "k" }, { "a5", "K" } }, "b -/- - 0/0 0 1"));
    EXPECT_EQ(l2.san("k2l2"), "Kl2");
    Pos own(tfen({ { "k2", "A" }, { "a5", "K" }, { "a10", "k" } }));
    EXPECT_EQ(own.san("k2l2"), "Al2");
    // Out of the citadel again: the origin is the citadel square when it matters only.
    Pos out(tfen({ { "a5", "K" }, { "a10", "k" } }, "w A/- - 0/0 0 1"));
    EXPECT_EQ(out.san("l2k2"), "Ak2");
    EXPECT_EQ(out.parse("Ak2"), "l2k2");
    // ... and when another piece of its kind reaches the same square (found by fuzzing).
    Pos two(tfen({ { "k1", "A" }, { "a5", "K" }, { "a10", "k" } }, "w A/- - 0/0 0 1"));
    EXPECT_EQ(two.san("l2k2"), "Al2k2");
    EXPECT_EQ(two.parse("Al2k2"), "l2k2");
    EXPECT_EQ(two.parse("Al2-k2"), "l2k2");
    EXPECT_EQ(two.san("k1k2"), "Ak1k2");
    EXPECT_EQ(two.parse("Ak1k2"), "k1k2");
    EXPECT_EQ(two.error("Ak2"), SanError::Code::Ambiguous);
    EXPECT_EQ(two.error("Az9k2"), SanError::Code::NoSuchMove);
}

TEST(TamerlaneSan, CheckAndMate) {
    Pos check(tfen({ { "a5", "R" }, { "e10", "k" }, { "k1", "K" } }));
    EXPECT_EQ(check.san("a5e5"), "Re5+");
    Pos mate(tfen({ { "b2", "R" }, { "h1", "R" }, { "a10", "k" }, { "k5", "K" } }));
    EXPECT_EQ(mate.san("h1a1"), "Ra1#");
    // With two royals there is no check.
    Pos two(tfen({ { "a5", "R" }, { "e10", "k" }, { "a10", "h" }, { "k1", "K" } }));
    EXPECT_EQ(two.san("a5e5"), "Re5");
}

TEST(TamerlaneSan, ReadingIsLenientAboutSpellingStrictAboutMeaning) {
    Pos start{ std::string(Tamerlane::StartFen) };
    EXPECT_EQ(start.parse("Nc4"), "b2c4");
    EXPECT_EQ(start.parse("Nb2c4"), "b2c4");
    EXPECT_EQ(start.parse("N-c4"), "b2c4");
    EXPECT_EQ(start.parse("Nc4+!?"), "b2c4");
    EXPECT_EQ(start.parse(" f4 "), "f3f4");
    EXPECT_EQ(start.parse("Pf4"), "f3f4");
    EXPECT_EQ(start.parse("PKf4"), "f3f4"); // the pawn of kings
    EXPECT_EQ(start.error("PRf4"), SanError::Code::NoSuchMove);
    EXPECT_EQ(start.error(""), SanError::Code::Empty);
    EXPECT_EQ(start.error("+"), SanError::Code::Empty);
    EXPECT_EQ(start.error("Bc4"), SanError::Code::UnknownPiece);
    EXPECT_EQ(start.error("Qd4"), SanError::Code::UnknownPiece);
    EXPECT_EQ(start.error("Nc5"), SanError::Code::NoSuchMove);
    EXPECT_EQ(start.error("Nxc4"), SanError::Code::NoSuchMove); // nothing to capture
    EXPECT_EQ(start.error("N"), SanError::Code::Malformed);
    EXPECT_EQ(start.error("Nm4"), SanError::Code::Malformed);
    EXPECT_EQ(start.error("Nc11"), SanError::Code::Malformed);
    // Every legal move's SAN reads back as that move, in a busy position.
    Pos busy{ "4d5e/rntzvkgzt1r/1pn1pzpvpkd1pcpdpp/pr1pt4pe2n/11/1PP2PG6/5PK1PZ3/RPDPCN2PV1PTPNPR/"
              "2TZGKVZ2R/E1C1D1DNC1E w -/- Kk 0/0 0 16" };
    int n = 0;
    for (Move m : legal_moves(busy.pos)) {
        auto back = parse_san(busy.pos, to_san(busy.pos, m));
        ASSERT_TRUE(back.ok()) << to_san(busy.pos, m) << ": " << back.error().message;
        EXPECT_EQ(*back, m) << to_san(busy.pos, m);
        ++n;
    }
    EXPECT_GT(n, 30);
}

// ---- why a move is illegal ------------------------------------------------------------------

TEST(TamerlaneIllegal, LegalMovesHaveNoReason) {
    Pos start{ std::string(Tamerlane::StartFen) };
    EXPECT_FALSE(start.why("f3f4").has_value());
    EXPECT_FALSE(why_illegal(start.pos, *parse_move_request<TamerlaneBoard>("b2c4")).has_value());
}

TEST(TamerlaneIllegal, GiraffeAndPicketPaths) {
    Pos  z(tfen({ { "a1", "Z" }, { "b2", "pr" }, { "k1", "K" }, { "a10", "k" } }));
    auto w = z.why("a1b5");
    ASSERT_TRUE(w);
    EXPECT_EQ(w->reason, IllegalReason::PathBlocked);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "b2"); // the leg
    EXPECT_NE(w->message.find("b2"), std::string::npos) << w->message;
    Pos zp(tfen({ { "a1", "Z" }, { "b4", "N" }, { "k1", "K" }, { "a10", "k" } }));
    w = zp.why("a1b7");
    EXPECT_EQ(w->reason, IllegalReason::PathBlocked);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "b4"); // on the ride
    EXPECT_EQ(zp.why("a1b4")->reason, IllegalReason::OwnPieceOnTarget);
    w = zp.why("a1b3");
    EXPECT_EQ(w->reason, IllegalReason::NotThatPiecesMove); // (1,2): not a giraffe move
    EXPECT_NE(w->message.find("giraffe"), std::string::npos) << w->message;

    Pos t(tfen({ { "e5", "T" }, { "f6", "n" }, { "k1", "K" }, { "a10", "k" } }));
    w = t.why("e5g7");
    EXPECT_EQ(w->reason, IllegalReason::PathBlocked);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "f6"); // the first square
    w = t.why("e5f6");
    EXPECT_EQ(w->reason, IllegalReason::PicketTooShort);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "e5"); // the picket
}

TEST(TamerlaneIllegal, TheSwap) {
    // In check, with the right: legal. Without the right: used.
    const std::map<std::string, std::string> check = { { "e1", "K" }, { "e8", "r" }, { "a1", "N" },
        { "h4", "n" }, { "g2", "V" }, { "k10", "k" } };
    EXPECT_FALSE(Pos(tfen(check, "w -/- K 0/0 0 1")).why("e1a1").has_value());
    EXPECT_EQ(Pos(tfen(check, "w -/- - 0/0 0 1")).why("e1a1")->reason, IllegalReason::SwapUsed);
    // Onto an attacked square (the knight h4 covers g2).
    auto w = Pos(tfen(check, "w -/- K 0/0 0 1")).why("e1g2");
    EXPECT_EQ(w->reason, IllegalReason::KingWouldBeAttacked);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "h4");
    // Not in check and other moves exist.
    auto quiet = check;
    quiet.erase("e8");
    quiet["d8"] = "r";
    w           = Pos(tfen(quiet, "w -/- K 0/0 0 1")).why("e1a1");
    EXPECT_EQ(w->reason, IllegalReason::SwapNotNow);
    EXPECT_NE(w->message.find("only when"), std::string::npos) << w->message;
    // With a royal; with the waiting pawn of pawns; a prince never swaps.
    auto royal  = check;
    royal["c3"] = "A";
    EXPECT_EQ(
        Pos(tfen(royal, "w -/- K 0/0 0 1")).why("e1c3")->reason, IllegalReason::SwapWithRoyal);
    auto pp   = check;
    pp["c10"] = "PP";
    EXPECT_EQ(
        Pos(tfen(pp, "w -/- K 1/0 0 1")).why("e1c10")->reason, IllegalReason::SwapWithWaitingPawn);
    Pos prince(
        tfen({ { "e1", "K" }, { "c3", "H" }, { "c4", "N" }, { "k10", "k" } }, "w -/- K 0/0 0 1"));
    EXPECT_EQ(prince.why("c3c4")->reason, IllegalReason::OnlyKingSwaps);
}

TEST(TamerlaneIllegal, Citadels) {
    Pos knight(tfen({ { "j1", "N" }, { "a5", "K" }, { "a10", "k" } }));
    EXPECT_EQ(knight.why("j1l2")->reason, IllegalReason::CitadelOnlyRoyals);
    Pos far(tfen({ { "k5", "K" }, { "a10", "k" } }));
    EXPECT_EQ(far.why("k5l2")->reason, IllegalReason::NotThatPiecesMove);
    Pos own(tfen({ { "k2", "K" }, { "a10", "k" } }));
    EXPECT_EQ(own.why("k2l2")->reason, IllegalReason::CitadelOwnOnlyAdventitious);
    Pos  junior(tfen({ { "a9", "A" }, { "k5", "K" }, { "k10", "k" } }));
    auto w = junior.why("a9z9");
    EXPECT_EQ(w->reason, IllegalReason::CitadelNotSenior);
    EXPECT_NE(w->message.find("senior"), std::string::npos) << w->message;
    Pos occupied(tfen({ { "k3", "k" }, { "a5", "K" } }, "b A/- - 0/0 0 1"));
    EXPECT_EQ(occupied.why("k3l2")->reason, IllegalReason::CitadelOccupied);
    // The game is over once a royal stands in the enemy citadel.
    Pos over(tfen({ { "a5", "K" } }, "w k/- - 0/0 0 1"));
    w = over.why("a5a6");
    EXPECT_EQ(w->reason, IllegalReason::GameOverCitadel);
    EXPECT_NE(w->message.find("drawn"), std::string::npos) << w->message;
}

TEST(TamerlaneIllegal, ThePawnOfPawns) {
    const std::map<std::string, std::string> p = { { "a10", "PP" }, { "k1", "K" }, { "k10", "k" },
        { "d6", "r" }, { "f6", "n" }, { "i5", "PR" } };
    Pos                                      g(tfen(p, "w -/- - 1/0 0 1"));
    EXPECT_FALSE(g.why("a10e5").has_value());
    EXPECT_EQ(g.why("a10c5")->reason,
        IllegalReason::RelocationNoTarget); // attacks the rook only; it can move
    EXPECT_EQ(g.why("a10a9")->reason, IllegalReason::RelocationNoTarget);
    EXPECT_EQ(g.why("a10k10")->reason, IllegalReason::RelocationOntoRoyal);
    // Black may not take it.
    Pos b(
        tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "a5", "r" } }, "b -/- - 1/0 0 1"));
    EXPECT_EQ(b.why("a5a10")->reason, IllegalReason::WaitingPawnCannotBeTaken);
    // Onto the enemy's waiting pawn.
    Pos both(tfen({ { "a10", "PP" }, { "k1", "K" }, { "k10", "k" }, { "c1", "pp" }, { "b2", "r" },
                      { "d2", "n" } },
        "w -/- - 1/1 0 1"));
    EXPECT_EQ(both.why("a10c1")->reason, IllegalReason::RelocationOntoWaitingPawn);
}

TEST(TamerlaneIllegal, SharedReasons) {
    Pos g(tfen({ { "e1", "K" }, { "e8", "r" }, { "c2", "N" }, { "e3", "PR" }, { "d4", "n" },
        { "g5", "PN" }, { "g6", "n" }, { "k10", "k" }, { "a1", "R" }, { "a3", "N" } }));
    EXPECT_EQ(g.why("b5b6")->reason, IllegalReason::NoPiece);
    EXPECT_EQ(g.why("e8e7")->reason, IllegalReason::NotYourPiece);
    EXPECT_EQ(g.why("g5g6")->reason, IllegalReason::PawnCannotCaptureForward);
    EXPECT_EQ(g.why("g5h6")->reason, IllegalReason::PawnMovesDiagonallyOnlyToCapture);
    EXPECT_EQ(g.why("e3e5")->reason, IllegalReason::NoDoubleStepInVariant);
    EXPECT_EQ(g.why("a1a3")->reason, IllegalReason::OwnPieceOnTarget);
    EXPECT_EQ(g.why("a1a5")->reason, IllegalReason::PathBlocked);
    EXPECT_EQ(g.why("c2a1")->reason, IllegalReason::OwnPieceOnTarget);
    // The king is in check from the rook e8 (e3 blocks it? no: the pawn stands on e3).
    Pos  c(tfen({ { "e1", "K" }, { "e8", "r" }, { "c2", "N" }, { "k10", "k" } }));
    auto w = c.why("c2a3");
    EXPECT_EQ(w->reason, IllegalReason::StillInCheck);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "e8");
    EXPECT_EQ(c.why("e1e2")->reason, IllegalReason::KingWouldBeAttacked);
    // Pinned by a giraffe on its bent path.
    Pos z(tfen({ { "e1", "K" }, { "d6", "z" }, { "e3", "V" }, { "k10", "k" } }));
    w = z.why("e3d3");
    EXPECT_EQ(w->reason, IllegalReason::PiecePinned);
    EXPECT_EQ(square_name<TamerlaneBoard>(w->square), "d6");
    // A promotion letter: never needed.
    Pos promo(tfen({ { "c9", "PR" }, { "k1", "K" }, { "k10", "k" } }));
    w = promo.why("c9c10r");
    EXPECT_EQ(w->reason, IllegalReason::PromotionAutomatic);
    EXPECT_NE(w->message.find("automatically"), std::string::npos) << w->message;
    // ... and a letter does not hide the real reason.
    EXPECT_EQ(promo.why("c9c8r")->reason, IllegalReason::NotThatPiecesMove);
}

TEST(TamerlaneIllegal, GameOver) {
    Pos  mate(tfen({ { "a1", "K" }, { "a10", "r" }, { "b10", "r" }, { "k5", "k" } }));
    auto w = mate.why("a1b1");
    EXPECT_EQ(w->reason, IllegalReason::GameOverCheckmate);
    Pos stale(
        tfen({ { "a1", "K" }, { "a2", "PR" }, { "a3", "pr" }, { "b10", "r" }, { "k5", "k" } }));
    w = stale.why("a1b1");
    EXPECT_EQ(w->reason, IllegalReason::GameOverStalemate);
    EXPECT_NE(w->message.find("loses"), std::string::npos) << w->message;
}

TEST(TamerlaneIllegal, EveryIllegalRequestGetsAReason) {
    // Every from/to pair in a busy position: legal exactly when generated, and never unexplained.
    Pos busy{ "4d5e/rntzvkgzt1r/1pn1pzpvpkd1pcpdpp/pr1pt4pe2n/11/1PP2PG6/5PK1PZ3/RPDPCN2PV1PTPNPR/"
              "2TZGKVZ2R/E1C1D1DNC1E w -/- Kk 0/0 0 16" };
    int illegal = 0;
    for (Square from = 0; from < TamerlaneBoard::Squares; ++from)
        for (Square to = 0; to < TamerlaneBoard::Squares; ++to) {
            if (from == to) continue;
            MoveRequest req{ from, to };
            auto        e     = why_illegal(busy.pos, req);
            bool        legal = find_move(busy.pos, req).has_value();
            EXPECT_EQ(!e.has_value(), legal);
            if (e) {
                ++illegal;
                EXPECT_NE(e->reason, IllegalReason::Unexplained)
                    << square_name<TamerlaneBoard>(from) << square_name<TamerlaneBoard>(to);
                EXPECT_FALSE(e->message.empty());
            }
        }
    EXPECT_GT(illegal, 10000);
}
