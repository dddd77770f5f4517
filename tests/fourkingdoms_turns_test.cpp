// Four Kingdoms turn order and eliminations (docs/rules/fourkingdoms.md), hand-checked: check comes
// first with one and two players in check, mates with absorption (free-for-all) and partner
// command (alliance mode), a mate given by a third player's piece, alliances formed and both
// ways they end, king capture right after an alliance ends, resignation in both modes.
#include "fourkingdoms_support.h"

#include "fourkingdoms_game_support.h"
#include "game/fourkingdoms_game.h"
#include "game_support.h"

using namespace citadel;
using namespace fktest;

using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {
Square at(std::string_view s) { return *parse_square<Cross14>(s); }
bool   has_event(const std::vector<FkEvent>& ev, FkEvent e) {
      return std::find(ev.begin(), ev.end(), e) != ev.end();
}
} // namespace

TEST(FourKingdomsTurns, ClockwiseWithoutChecks) {
    FourKingdomsGame<FFA> g;
    for (auto [m, next] : { std::pair{ "m4k4", fk::South }, { "e2e4", fk::West },
             { "b4d4", fk::North }, { "e13e11", fk::East } }) {
        ASSERT_TRUE(g.play_uci(m)) << m;
        EXPECT_EQ(g.to_move(), next) << m;
    }
    EXPECT_EQ(g.position().fullmove(), 2); // play came back to East
}

TEST(FourKingdomsTurns, CheckComesFirstOnePlayerInCheck) {
    // East's queen f6-g6 checks North down the g-file: North moves next, South and West are
    // skipped, and after North play goes on clockwise from North: East.
    FourKingdomsGame<FFA> g;
    load(g, k4({ KINGS, { "f6", "eQ" } }));
    ASSERT_TRUE(g.play_uci("f6g6"));
    EXPECT_EQ(g.to_move(), fk::North);
    EXPECT_TRUE(g.to_move_by_check());
    EXPECT_EQ(g.turn_text(), "North to move (in check: check comes first)");
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::Check, fk::North }));
    ASSERT_TRUE(g.play_uci("g14h14"));
    EXPECT_EQ(g.to_move(), fk::East);
    EXPECT_EQ(g.position().fullmove(), 2);
}

namespace {
// East's queen f7-g8 checks West along rank 8 and North along the g-file: West (first in check
// clockwise from East) moves, then North, then East again; South is skipped.
template <class V> void two_players_in_check(std::string_view rest) {
    FourKingdomsGame<V> g;
    load(g, k4({ KINGS, { "f7", "eQ" } }, rest));
    ASSERT_TRUE(g.play_uci("f7g8"));
    EXPECT_EQ(g.position().check_mask(), fk::seat_bit(fk::West) | fk::seat_bit(fk::North));
    EXPECT_EQ(g.to_move(), fk::West);
    ASSERT_TRUE(g.play_uci("a8a9"));
    EXPECT_EQ(g.to_move(), fk::North);
    ASSERT_TRUE(g.play_uci("g14h14"));
    EXPECT_EQ(g.to_move(), fk::East);
}
} // namespace

TEST(FourKingdomsTurns, CheckComesFirstTwoPlayersInCheck) {
    two_players_in_check<FFA>("e - - 0 1 eswn -");
    two_players_in_check<Teams>("e - - 0 1 eswn es");
}

TEST(FourKingdomsTurns, CheckComesFirstInTeamsSkipsThePartner) {
    // Teams: East's queen checks West only; South (East's partner) is not checked by it and is
    // skipped, West moves; then play goes on clockwise from West: North.
    FourKingdomsGame<Teams> g;
    load(g, k4({ KINGS, { "e7", "eQ" } }, "e - - 0 1 eswn es"));
    ASSERT_TRUE(g.play_uci("e7e8"));
    EXPECT_EQ(g.position().check_mask(), fk::seat_bit(fk::West));
    EXPECT_EQ(g.to_move(), fk::West);
    ASSERT_TRUE(g.play_uci("a8a9"));
    EXPECT_EQ(g.to_move(), fk::North);
}

TEST(FourKingdomsTurns, AllianceRefusals) {
    // Four players in the game, or alliance mode: no alliance.
    FourKingdomsGame<FFA> four;
    EXPECT_EQ(four.propose_alliance(fk::South, fk::West), FkRefusal::NotAllowed);
    FourKingdomsGame<Teams> teams;
    EXPECT_EQ(teams.propose_alliance(fk::South, fk::West), FkRefusal::NotAllowed);
    // Three players left by a resignation: nobody has absorbed an army (the resigner's empty
    // army has a commander only for the record), so no alliance.
    FourKingdomsGame<FFA> resigned;
    ASSERT_FALSE(resigned.resign(fk::West));
    EXPECT_EQ(resigned.propose_alliance(fk::South, fk::North), FkRefusal::NotAllowed);
    EXPECT_EQ(resigned.propose_alliance(fk::East, fk::South), FkRefusal::NotAllowed);
    // Three players, East the absorber: not with oneself, not with the absorber, not by a
    // player out of the game, and acceptance only of a proposal made to that player.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d13", "nP" } },
            "s - - 0 1 eswe -"));
    EXPECT_EQ(g.propose_alliance(fk::South, fk::South), FkRefusal::NotAllowed);
    EXPECT_EQ(g.propose_alliance(fk::East, fk::West), FkRefusal::NotAllowed);
    EXPECT_EQ(g.propose_alliance(fk::North, fk::West), FkRefusal::NotInGame);
    ASSERT_FALSE(g.propose_alliance(fk::South, fk::West));
    EXPECT_EQ(g.accept_alliance(fk::South), FkRefusal::NoProposal);
    ASSERT_FALSE(g.accept_alliance(fk::West));
    EXPECT_EQ(g.propose_alliance(fk::South, fk::West), FkRefusal::NotAllowed); // no second one
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::AllianceFormed, fk::South, fk::West }));
    // Undo takes the alliance back.
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.alliance(), 0);
}

TEST(FourKingdomsTurns, AProposalIsAStepThatStandsUntilAccepted) {
    // Three players, East the absorber: South proposes to West; moves are played; West accepts.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "d13", "nP" } },
            "s - - 0 1 eswe -"));
    ASSERT_FALSE(g.propose_alliance(fk::South, fk::West));
    EXPECT_EQ(g.history().back().action, FkAction::AllianceProposal);
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::AllianceProposed, fk::South, fk::West }));
    EXPECT_EQ(g.proposal(), (std::pair{ fk::South, fk::West }));
    EXPECT_EQ(g.alliance(), 0); // a proposal alone changes nothing
    // Undo takes the proposal back, and nothing else.
    const std::string before = g.fen();
    ASSERT_TRUE(g.undo());
    EXPECT_FALSE(g.proposal().has_value());
    EXPECT_EQ(g.fen(), before);
    EXPECT_EQ(g.accept_alliance(fk::West), FkRefusal::NoProposal);
    // Proposed again, it stands across moves (there is no cancelling) until West accepts.
    ASSERT_FALSE(g.propose_alliance(fk::South, fk::West));
    ASSERT_TRUE(g.play_uci("h1h2"));
    ASSERT_TRUE(g.play_uci("a8a9"));
    EXPECT_EQ(g.proposal(), (std::pair{ fk::South, fk::West }));
    ASSERT_FALSE(g.accept_alliance(fk::West));
    EXPECT_FALSE(g.proposal().has_value());
    EXPECT_EQ(g.alliance(), fk::seat_bit(fk::South) | fk::seat_bit(fk::West));
    // Undoing the acceptance leaves the proposal standing again.
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.alliance(), 0);
    EXPECT_EQ(g.proposal(), (std::pair{ fk::South, fk::West }));
}

TEST(FourKingdomsTurns, MateAndAbsorptionInFreeForAll) {
    // East's rook e10-e14 mates North (pawns f13 g13 h13 box the king in); North's king leaves,
    // East absorbs North's army; South moves next.
    FourKingdomsGame<FFA> g;
    load(g, k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } }));
    ASSERT_TRUE(g.play_uci("e10e14"));
    EXPECT_EQ(g.history().back().san, "Re14#");
    EXPECT_FALSE(g.in_game(fk::North));
    EXPECT_EQ(g.position().piece_on(at("g14")), NoPiece);
    EXPECT_EQ(g.commander(fk::North), fk::East);
    EXPECT_EQ(g.to_move(), fk::South);
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::Checkmate, fk::North, fk::East }));
    EXPECT_TRUE(
        has_event(g.last_events(), { FkEventKind::Command, fk::North, fk::East, fk::North }));
    EXPECT_NE(g.fen().find(" s - - 1 1 eswe -"), std::string::npos) << g.fen();
    // East now moves North's pawns, southwards.
    ASSERT_TRUE(g.play_uci("h1g1") && g.play_uci("a8a9"));
    EXPECT_EQ(g.to_move(), fk::East);
    auto f13 = game_test::legal_targets(g, at("f13"));
    EXPECT_EQ(f13, (std::vector<Square>{ at("f12"), at("f11") }));
}

TEST(FourKingdomsTurns, MateByAThirdPlayersPieceGoesToTheMover) {
    // East's knight on e14 blocks West's rook d14 from North's king; moving it away (e14-f12)
    // mates North with West's rook. The mover, East, absorbs North, not West.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ KINGS, { "d14", "wR" }, { "e14", "eN" }, { "f13", "nP" }, { "g13", "nP" },
            { "h13", "nP" } }));
    ASSERT_TRUE(g.play_uci("e14f12"));
    EXPECT_FALSE(g.in_game(fk::North));
    EXPECT_EQ(g.commander(fk::North), fk::East);
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::Checkmate, fk::North, fk::East }));
}

TEST(FourKingdomsTurns, MateAndPartnerCommandInTeams) {
    // The same mate in alliance mode: West, North's partner, takes command of North's army,
    // and North's seat is skipped from then on.
    FourKingdomsGame<Teams> g;
    load(g,
        k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" } },
            "e - - 0 1 eswn es"));
    ASSERT_TRUE(g.play_uci("e10e14"));
    EXPECT_EQ(g.commander(fk::North), fk::West);
    EXPECT_TRUE(
        has_event(g.last_events(), { FkEventKind::Command, fk::North, fk::West, fk::North }));
    EXPECT_NE(g.fen().find(" esww es"), std::string::npos) << g.fen();
    ASSERT_TRUE(g.play_uci("h1g1"));
    EXPECT_EQ(g.to_move(), fk::West);
    auto w = game_test::legal_targets(g, at("g13")); // West moves North's pawn, southwards
    EXPECT_EQ(w, (std::vector<Square>{ at("g12"), at("g11") }));
    ASSERT_TRUE(g.play_uci("g13g11"));
    EXPECT_EQ(g.to_move(), fk::East); // North's seat is skipped
    EXPECT_FALSE(g.outcome().over);
}

TEST(FourKingdomsTurns, AllianceFormationAndItsEndWhenTheAbsorberIsMated) {
    // East has absorbed North; South and West ally (both must agree); then South mates East:
    // South absorbs East's armies, the alliance ends, South and West play on.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "m6", "eP" }, { "m7", "eP" },
               { "m8", "eP" }, { "k9", "sR" }, { "d13", "nP" } },
            "s - - 0 1 eswe -"));
    EXPECT_EQ(g.propose_alliance(fk::South, fk::East), FkRefusal::NotAllowed); // East absorbed
    EXPECT_EQ(g.accept_alliance(fk::West), FkRefusal::NoProposal);
    ASSERT_FALSE(g.propose_alliance(fk::South, fk::West));
    ASSERT_FALSE(g.accept_alliance(fk::West));
    EXPECT_EQ(g.alliance(), fk::seat_bit(fk::South) | fk::seat_bit(fk::West));
    EXPECT_NE(g.fen().find(" eswe sw"), std::string::npos) << g.fen();
    EXPECT_EQ(g.to_move(), fk::South);
    ASSERT_TRUE(g.play_uci("k9n9")); // mate along the n-file
    EXPECT_FALSE(g.in_game(fk::East));
    EXPECT_EQ(g.commander(fk::East), fk::South);
    EXPECT_EQ(g.commander(fk::North), fk::South);
    EXPECT_EQ(g.alliance(), 0);
    EXPECT_TRUE(
        has_event(g.last_events(), { FkEventKind::AllianceDissolved, fk::South, fk::West }));
    EXPECT_EQ(g.to_move(), fk::West);
    EXPECT_NE(g.fen().find(" ssws -"), std::string::npos) << g.fen();
}

TEST(FourKingdomsTurns, AllianceEndsWhenTheAbsorberMatesAnAlly) {
    // East (absorber) mates South (allied with West): East absorbs South; the alliance ends.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "g2", "sP" }, { "h2", "sP" },
               { "i2", "sP" }, { "d5", "eR" } },
            "e - - 0 1 eswe sw"));
    ASSERT_TRUE(g.play_uci("d5d1"));
    EXPECT_FALSE(g.in_game(fk::South));
    EXPECT_EQ(g.commander(fk::South), fk::East);
    EXPECT_EQ(g.alliance(), 0);
    EXPECT_EQ(g.to_move(), fk::West);
}

TEST(FourKingdomsTurns, AlliesCannotCaptureOrCheckEachOther) {
    // South and West allied against East: West's rook on d8 does not check South's king on d1
    // down the d-file and cannot take South's knight on f8.
    std::string fen
        = k4({ { "n7", "eK" }, { "d1", "sK" }, { "a8", "wK" }, { "d8", "wR" }, { "f8", "sN" } },
            "w - - 0 1 eswe sw");
    Game<FFA> g(fen);
    EXPECT_EQ(g.pos.check_mask(), 0);
    auto r = moves_from(g.pos, "d8");
    EXPECT_EQ(std::find(r.begin(), r.end(), "d8f8"), r.end());
    EXPECT_NE(std::find(r.begin(), r.end(), "d8d2"), r.end());
    // Without the alliance the same rook checks South's king.
    Game<FFA> enemies(fen.substr(0, fen.size() - 2) + "-");
    EXPECT_EQ(enemies.pos.check_mask(), fk::seat_bit(fk::South));
}

TEST(FourKingdomsTurns, KingCaptureRightAfterAnAllianceEnds) {
    // South and West allied; their kings stand side by side (South d5, West c6). South mates
    // East (the absorber): the alliance ends and West, now South's enemy, is in check from
    // South's king and may capture it (its own king is then safe), which wins the game.
    FourKingdomsGame<FFA> g;
    load(g,
        k4({ { "n7", "eK" }, { "d5", "sK" }, { "c6", "wK" }, { "m6", "eP" }, { "m7", "eP" },
               { "m8", "eP" }, { "k9", "sR" } },
            "s - - 0 1 eswe sw"));
    ASSERT_TRUE(g.play_uci("k9n9"));
    EXPECT_EQ(g.alliance(), 0);
    EXPECT_EQ(g.to_move(), fk::West);
    EXPECT_TRUE(g.position().in_check(fk::West));
    EXPECT_TRUE(g.position().in_check(fk::South));
    ASSERT_TRUE(g.play_uci("c6d5"));
    EXPECT_TRUE(has_event(g.last_events(), { FkEventKind::KingCaptured, fk::South, fk::West }));
    EXPECT_TRUE(g.outcome().over);
    EXPECT_EQ(g.outcome().winners, fk::seat_bit(fk::West));
    EXPECT_EQ(g.commander(fk::South), fk::West);
}

TEST(FourKingdomsTurns, ResignationInFreeForAllRemovesTheArmy) {
    FourKingdomsGame<FFA> g;
    ASSERT_TRUE(g.play_uci("m4k4"));
    ASSERT_FALSE(g.resign(fk::West));
    EXPECT_FALSE(g.in_game(fk::West));
    EXPECT_EQ(g.position().army(fk::West), fk::BB{});
    EXPECT_EQ(g.to_move(), fk::South); // South keeps its turn
    ASSERT_TRUE(g.play_uci("e2e4"));
    EXPECT_EQ(g.to_move(), fk::North); // West's seat is gone
    EXPECT_EQ(g.resign(fk::West), FkRefusal::NotInGame);
}

TEST(FourKingdomsTurns, ResignationInTeamsRemovesOnlyTheKing) {
    FourKingdomsGame<Teams> g;
    ASSERT_FALSE(g.resign(fk::East)); // East resigns on its own turn: South moves
    EXPECT_EQ(g.to_move(), fk::South);
    EXPECT_EQ(g.position().piece_on(at("n7")), NoPiece);
    EXPECT_EQ(popcount(g.position().army(fk::East)), 15);
    EXPECT_EQ(g.commander(fk::East), fk::South);
    ASSERT_TRUE(g.play_uci("e2e4") && g.play_uci("b4d4") && g.play_uci("e13e11"));
    EXPECT_EQ(g.to_move(), fk::South); // East's seat is skipped; South moves East's pawns too
    EXPECT_TRUE(g.play_uci("m4k4"));
}
