// The Four Kingdoms engine (search/fourkingdoms_search.h): eliminations found and avoided in both
// modes and every free-for-all algorithm, judged by playing the answers on the game itself;
// legal moves over many random positions and levels; stop from another thread; the decisions.
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "fourkingdoms_game_support.h"
#include "fourkingdoms_support.h"
#include "game/fourkingdoms_game.h"
#include "search/fourkingdoms_search.h"
#include "search/skill.h"

using namespace citadel;
using namespace fktest;
using search::FkAlgorithm;
using search::FourKingdomsEngine;
using FFA   = FourKingdoms;
using Teams = FourKingdomsTeams;

namespace {

template <class V> Move best(const FourKingdomsGame<V>& g, FkAlgorithm a, int depth) {
    FourKingdomsEngine<V> e({}, a);
    search::Limits        l;
    l.depth = depth;
    return e.search(g, l).best;
}

// North's back rank behind f13 g13 h13; East's rook on e10 mates it with e10e14.
template <class V> std::string back_rank(char to_move) {
    std::string mode = V::Teams ? " es" : " -";
    return k4({ KINGS, { "e10", "eR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" },
                  { "d2", "sP" }, { "b5", "wP" } },
        std::string(1, to_move) + " - - 0 1 eswn" + mode);
}

// Whether some move of the player to move eliminates `who` at once.
template <class V> bool can_eliminate_now(FourKingdomsGame<V>& g, Seat who) {
    for (Move m : g.legal_moves()) {
        g.play(m);
        bool out = !g.in_game(who);
        g.undo();
        if (out) return true;
    }
    return false;
}

const FkAlgorithm kAll[] = { FkAlgorithm::Paranoid, FkAlgorithm::MaxN, FkAlgorithm::Brs };

} // namespace

TEST(FourKingdomsSearch, FindsAnEliminationInOneFreeForAll) {
    FourKingdomsGame<FFA> g;
    load(g, back_rank<FFA>('e'));
    for (FkAlgorithm a : kAll) {
        Move m = best(g, a, 3);
        ASSERT_TRUE(g.play(m)) << search::fk_algorithm_name(a);
        EXPECT_FALSE(g.in_game(fk::North))
            << search::fk_algorithm_name(a) << " played " << move_to_uci<FFA>(m);
        g.undo();
    }
}

TEST(FourKingdomsSearch, FindsAnEliminationInOneTeams) {
    FourKingdomsGame<Teams> g;
    load(g, back_rank<Teams>('e'));
    Move m = best(g, FkAlgorithm::Paranoid, 3);
    ASSERT_TRUE(g.play(m));
    EXPECT_FALSE(g.in_game(fk::North)) << move_to_uci<Teams>(m);
}

TEST(FourKingdomsSearch, AvoidsBeingEliminatedInOne) {
    // North to move, East (next) threatens e10e14 mate: North must make room or cover.
    FourKingdomsGame<FFA> g;
    load(g, back_rank<FFA>('n'));
    {
        FourKingdomsGame<FFA> probe; // the threat is real: a pass would lose the king
        load(probe, back_rank<FFA>('e'));
        ASSERT_TRUE(can_eliminate_now(probe, fk::North));
    }
    for (FkAlgorithm a : kAll) {
        Move m = best(g, a, 3);
        ASSERT_TRUE(g.play(m));
        EXPECT_FALSE(can_eliminate_now(g, fk::North))
            << search::fk_algorithm_name(a) << " played " << move_to_uci<FFA>(m);
        g.undo();
    }
    FourKingdomsGame<Teams> t;
    load(t, back_rank<Teams>('n'));
    Move m = best(t, FkAlgorithm::Paranoid, 3);
    ASSERT_TRUE(t.play(m));
    EXPECT_FALSE(can_eliminate_now(t, fk::North)) << move_to_uci<Teams>(m);
}

template <class V> void random_positions_give_legal_moves(u64 seed) {
    std::mt19937_64 rng(seed);
    int             searched = 0;
    for (int game = 0; game < 4; ++game) {
        FourKingdomsGame<V> g;
        for (int ply = 0; ply < 120 && !g.outcome().over; ++ply) {
            auto moves = g.legal_moves();
            if (ply % 12 == 5) {
                search::Options o;
                o.skill   = int(rng() % 21);
                o.seed    = rng();
                o.hash_mb = 1;
                FourKingdomsEngine<V> e(o, FkAlgorithm(rng() % 3));
                search::Limits        l;
                l.nodes = 1500;
                Move m  = e.search(g, l).best;
                EXPECT_TRUE(moves.contains(m)) << g.fen() << " skill " << o.skill;
                ++searched;
            }
            ASSERT_TRUE(g.play(moves.moves[rng() % u64(moves.count)]));
        }
        if (g.outcome().over) {
            FourKingdomsEngine<V> e;
            EXPECT_TRUE(e.search(g, {}).best.is_none()); // nothing to play in a finished game
        }
    }
    EXPECT_GT(searched, 20);
}

TEST(FourKingdomsSearch, NeverAnIllegalMoveFreeForAll) {
    random_positions_give_legal_moves<FFA>(1);
}
TEST(FourKingdomsSearch, NeverAnIllegalMoveTeams) { random_positions_give_legal_moves<Teams>(2); }

// Also run under ThreadSanitizer (scripts/test, stage tsan: FourKingdomsSearchThreads.*).
template <class V> void stops_from_another_thread(FkAlgorithm a) {
    FourKingdomsGame<V> g;
    ASSERT_TRUE(g.play_uci("m7k7"));
    FourKingdomsEngine<V> e({}, a);
    search::Limits        l;
    l.infinite = true;
    search::Result r;
    int            infos = 0;
    std::thread    t([&] { r = e.search(g, l, [&](const search::Info&) { ++infos; }); });
    while (!e.searching()) std::this_thread::yield();
    e.stop();
    t.join();
    EXPECT_FALSE(e.searching());
    EXPECT_TRUE(g.legal_moves().contains(r.best)) << search::fk_algorithm_name(a);
    EXPECT_GE(infos, 0); // written on the search thread, read after join
}

TEST(FourKingdomsSearchThreads, StopsFromAnotherThread) {
    for (FkAlgorithm a : kAll) stops_from_another_thread<FFA>(a);
    stops_from_another_thread<Teams>(FkAlgorithm::Paranoid);
}

// One engine per thread, each searching its own game: nothing is shared between engines.
TEST(FourKingdomsSearchThreads, EnginesOnSeveralThreads) {
    std::vector<std::thread> threads;
    Move                     got[3];
    for (int i = 0; i < 3; ++i)
        threads.emplace_back([&got, i] {
            FourKingdomsGame<FFA>   g;
            FourKingdomsEngine<FFA> e({}, kAll[i]);
            search::Limits          l;
            l.nodes = 800;
            got[i]  = e.search(g, l).best;
        });
    for (auto& t : threads) t.join();
    FourKingdomsGame<FFA> start;
    for (Move m : got) EXPECT_TRUE(start.legal_moves().contains(m));
}

// BRS+: the threat comes from South, who moves after East: the reply layer must let East play
// its default move and South reply, not only the next opponent.
TEST(FourKingdomsSearch, BrsSeesTheThreatOfALaterOpponent) {
    const std::string     fen = k4({ KINGS, { "e10", "sR" }, { "f13", "nP" }, { "g13", "nP" },
                                       { "h13", "nP" }, { "d2", "sP" }, { "b5", "wP" } },
            "n - - 0 1 eswn -");
    FourKingdomsGame<FFA> g;
    load(g, fen);
    {
        FourKingdomsGame<FFA> probe; // South's rook really mates from e10 when it is its turn
        load(probe,
            k4({ KINGS, { "e10", "sR" }, { "f13", "nP" }, { "g13", "nP" }, { "h13", "nP" },
                   { "d2", "sP" }, { "b5", "wP" } },
                "s - - 0 1 eswn -"));
        ASSERT_TRUE(can_eliminate_now(probe, fk::North));
    }
    for (FkAlgorithm a : kAll) {
        Move m = best(g, a, a == FkAlgorithm::Brs ? 2 : 3); // BRS: one reply layer suffices
        ASSERT_TRUE(g.play(m));
        ASSERT_TRUE(g.play_uci("n7n8")); // East steps aside: South to move
        EXPECT_FALSE(can_eliminate_now(g, fk::North))
            << search::fk_algorithm_name(a) << " played " << move_to_uci<FFA>(m);
        g.undo();
        g.undo();
    }
}

TEST(FourKingdomsSearch, ReportsEachIterationAndItsScoreForTheMover) {
    FourKingdomsGame<Teams> g;
    load(g, back_rank<Teams>('e'));
    FourKingdomsEngine<Teams> e;
    search::Limits            l;
    l.depth    = 3;
    int  infos = 0;
    auto r     = e.search(g, l, [&](const search::Info& i) {
        ++infos;
        EXPECT_EQ(i.line.depth, infos);
    });
    EXPECT_EQ(infos, 3);
    ASSERT_FALSE(r.lines.empty());
    EXPECT_GT(r.lines[0].score.value, 1000); // East's team is a king up after the mate
}

TEST(FourKingdomsSearch, SameSeedSameMove) {
    FourKingdomsGame<FFA> g;
    ASSERT_TRUE(g.play_uci("m7k7"));
    search::Options o;
    o.skill = 3;
    o.seed  = 42;
    search::Limits l;
    Move           a = FourKingdomsEngine<FFA>(o).search(g, l).best;
    Move           b = FourKingdomsEngine<FFA>(o).search(g, l).best;
    EXPECT_EQ(a, b);
}

TEST(FourKingdomsSearch, AlgorithmNames) {
    EXPECT_EQ(search::fk_algorithm_named("paranoid"), FkAlgorithm::Paranoid);
    EXPECT_EQ(search::fk_algorithm_named("maxn"), FkAlgorithm::MaxN);
    EXPECT_EQ(search::fk_algorithm_named("brs"), FkAlgorithm::Brs);
    for (FkAlgorithm a : kAll)
        EXPECT_EQ(search::fk_algorithm_named(search::fk_algorithm_name(a)), a);
    EXPECT_FALSE(search::fk_algorithm_named("BRS"));
    EXPECT_FALSE(search::fk_algorithm_named(""));
}

// ---- decisions ----

TEST(FourKingdomsDecisions, Draws) {
    FourKingdomsGame<Teams>   even;
    FourKingdomsEngine<Teams> e;
    EXPECT_TRUE(e.should_accept_draw(even, fk::East)); // the start: nobody is ahead
    FourKingdomsGame<Teams> g;
    load(g,
        k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } },
            "e - - 0 1 eswn es"));
    EXPECT_TRUE(e.should_accept_draw(g, fk::East));
    EXPECT_FALSE(e.should_accept_draw(g, fk::West));
    EXPECT_FALSE(e.should_accept_draw(g, 7)); // no such seat
    // Free-for-all: a draw gives 1 point; the one ahead expects more, the others less.
    FourKingdomsGame<FFA>   f;
    FourKingdomsEngine<FFA> fe;
    load(f, k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } }));
    EXPECT_TRUE(fe.should_accept_draw(f, fk::East));
    EXPECT_FALSE(fe.should_accept_draw(f, fk::West));
}

TEST(FourKingdomsDecisions, DrawsJudgedBySearch) {
    // Teams: East to move, facing West's three queens, accepts; West, to move with them,
    // declines; a result that is not about the mover falls back to the static judgement.
    const auto fen = [](char to_move) {
        return k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } },
            std::string(1, to_move) + " - - 0 1 eswn es");
    };
    FourKingdomsEngine<Teams> e;
    search::Limits            l;
    l.depth = 2;
    FourKingdomsGame<Teams> east;
    load(east, fen('e'));
    auto r = e.search(east, l);
    EXPECT_TRUE(e.should_accept_draw(east, fk::East, r));
    EXPECT_FALSE(e.should_accept_draw(east, fk::West, r)); // West is not to move: static, no
    FourKingdomsGame<Teams> west;
    load(west, fen('w'));
    EXPECT_FALSE(e.should_accept_draw(west, fk::West, e.search(west, l)));
    EXPECT_EQ(e.should_accept_draw(west, fk::West, search::Result{}),
        e.should_accept_draw(west, fk::West));
    // Free-for-all: the mover expecting less than one point takes the draw.
    FourKingdomsGame<FFA>   f;
    FourKingdomsEngine<FFA> fe;
    load(f, k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" } }));
    EXPECT_TRUE(fe.should_accept_draw(f, fk::East, fe.search(f, l)));
    search::Result ahead;
    ahead.lines.push_back({ search::Score{ false, 300 }, 2, 2, {} });
    EXPECT_FALSE(fe.should_accept_draw(f, fk::East, ahead));
}

TEST(FourKingdomsDecisions, Resignation) {
    FourKingdomsGame<Teams> g;
    load(g,
        k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" },
               { "b10", "wR" } },
            "e - - 0 1 eswn es"));
    FourKingdomsEngine<Teams> e;
    EXPECT_TRUE(e.should_resign(g, fk::East, 0));
    EXPECT_FALSE(e.should_resign(g, fk::West, 0)); // the winning side plays on
    EXPECT_FALSE(e.should_resign(g, fk::East, 21)); // resigning not allowed at this level
    search::Options weak;
    weak.skill = 5;
    EXPECT_FALSE(FourKingdomsEngine<Teams>(weak).should_resign(g, fk::East, 10));
    // Free-for-all with four players: resigning (-1) is worse than being mated (1).
    FourKingdomsGame<FFA> f;
    load(f,
        k4({ KINGS, { "b4", "wQ" }, { "b5", "wQ" }, { "b6", "wQ" }, { "b9", "wR" },
            { "b10", "wR" } }));
    EXPECT_FALSE(FourKingdomsEngine<FFA>().should_resign(f, fk::East, 0));
}

TEST(FourKingdomsDecisions, Alliances) {
    // East mates North and absorbs its army: South and West may ally against the absorber.
    FourKingdomsGame<FFA> g;
    load(g, back_rank<FFA>('e'));
    FourKingdomsEngine<FFA> e;
    EXPECT_FALSE(e.should_propose_alliance(g, fk::South, fk::West)); // four players: no
    ASSERT_TRUE(g.play_uci("e10e14"));
    ASSERT_FALSE(g.in_game(fk::North));
    EXPECT_TRUE(e.should_propose_alliance(g, fk::South, fk::West));
    EXPECT_FALSE(e.should_propose_alliance(g, fk::South, fk::East)); // not with the absorber
    EXPECT_FALSE(e.should_propose_alliance(g, fk::South, fk::South));
    EXPECT_FALSE(e.should_accept_alliance(g, fk::West)); // nothing proposed
    ASSERT_FALSE(g.propose_alliance(fk::South, fk::West));
    EXPECT_TRUE(e.should_accept_alliance(g, fk::West));
    EXPECT_FALSE(e.should_accept_alliance(g, fk::East));
    EXPECT_FALSE(
        FourKingdomsEngine<Teams>().should_propose_alliance(FourKingdomsGame<Teams>(), 0, 2));
}

TEST(FourKingdomsDecisions, AlliancesJudgedBySearch) {
    // East has absorbed North; South and West face each other's queens (d4, d6). With South to
    // move, allying would forbid South taking West's free queen: South declines. With West to
    // move, allying saves South's queen: South accepts. The strengths (what a static judgement
    // reads) are the same in both; only the search tells them apart.
    const auto fen = [](char to_move) {
        return k4({ { "n7", "eK" }, { "h1", "sK" }, { "a8", "wK" }, { "f13", "nP" },
                      { "g13", "nP" }, { "h13", "nP" }, { "d4", "sQ" }, { "d6", "wQ" } },
            std::string(1, to_move) + " - - 0 1 eswe -");
    };
    FourKingdomsEngine<FFA> e;
    FourKingdomsGame<FFA>   south;
    load(south, fen('s'));
    EXPECT_FALSE(e.should_propose_alliance(south, fk::South, fk::West));
    EXPECT_TRUE(e.should_propose_alliance(south, fk::West, fk::South)); // West's queen is saved
    FourKingdomsGame<FFA> west;
    load(west, fen('w'));
    EXPECT_TRUE(e.should_propose_alliance(west, fk::South, fk::West));
    EXPECT_FALSE(e.should_propose_alliance(west, fk::West, fk::South));
    ASSERT_FALSE(west.propose_alliance(fk::West, fk::South));
    EXPECT_TRUE(e.should_accept_alliance(west, fk::South));
    ASSERT_FALSE(south.propose_alliance(fk::West, fk::South));
    EXPECT_FALSE(e.should_accept_alliance(south, fk::South));
    EXPECT_FALSE(e.should_propose_alliance(west, fk::South, fk::East)); // not with the absorber
    EXPECT_FALSE(e.should_propose_alliance(west, fk::North, fk::South)); // North is out
}

// ---- skill ----

// A middlegame: `plies` random legal moves from the start (fixed seed).
template <class V> void play_random(FourKingdomsGame<V>& g, int plies, u64 seed) {
    std::mt19937_64 rng(seed);
    for (int i = 0; i < plies && !g.outcome().over; ++i) {
        auto list = g.legal_moves();
        ASSERT_TRUE(g.play(list.moves[rng() % u64(list.count)]));
    }
}

// A level's search after `plies` random moves (seeded): depth 1 finished, and at level 0 the
// node budget did bite.
template <class V> void expect_first_iteration_finished(int skill, int plies, int seed) {
    search::Options o;
    o.skill = skill;
    FourKingdomsEngine<V> engine(o);
    FourKingdomsGame<V>   g;
    play_random(g, plies, seed);
    auto r = engine.search(g, {});
    ASSERT_FALSE(r.lines.empty());
    EXPECT_GE(r.lines[0].depth, 1) << "skill " << skill;
    if (skill == 0) {
        EXPECT_GT(r.nodes, search::skill_nodes(0, search::FourKingdomsNodeGrowth));
    }
}

TEST(FourKingdomsSkill, WeakLevelsFinishTheirFirstIteration) {
    // Level 0's node budget (400) ends inside depth 1 in a middlegame on this board; it must
    // apply only after the first iteration, or level 0 would play the move ordering's first
    // move unweighed (a line of depth 0).
    for (int skill : { 0, 3 }) {
        expect_first_iteration_finished<FFA>(skill, 80, 5);
        expect_first_iteration_finished<Teams>(skill, 80, 9);
    }
}

TEST(FourKingdomsSkill, ALevelStopsAtItsFourKingdomsNodeBudget) {
    // Level 10 stops at its own budget (12,800 nodes), well below the two-player one (72,400),
    // once its first iteration is done.
    search::Options o;
    o.skill          = 10;
    const u64 budget = search::skill_nodes(1000, search::FourKingdomsNodeGrowth);
    for (u64 seed : { 5, 9 }) {
        FourKingdomsEngine<FFA> engine(o);
        FourKingdomsGame<FFA>   g;
        play_random(g, 40, seed);
        const auto r = engine.search(g, {});
        ASSERT_FALSE(r.lines.empty());
        EXPECT_GE(r.nodes, budget) << seed;
        EXPECT_LE(r.nodes, budget + 1) << seed;
    }
}

namespace {
// East's queen on i9 can take North's pawn on i12, which North's h13 pawn defends: the move
// ordering's first move (the only capture) loses the queen; East's rook on j4 has quiet moves.
std::string queen_for_a_pawn() {
    return k4({ KINGS, { "i9", "eQ" }, { "j4", "eR" }, { "i12", "nP" }, { "h13", "nP" },
                  { "d2", "sP" }, { "b5", "wP" } },
        "e - - 0 1 eswn -");
}
} // namespace

TEST(FourKingdomsSearch, ANodeLimitInsideDepthOnePlaysTheBestMoveWeighedSoFar) {
    // Stopped inside its first iteration, the search used to play the move ordering's first
    // move unweighed (here the queen lost for a pawn); it must play the best of the moves it
    // finished instead, reported as a line of depth 1.
    FourKingdomsGame<FFA> g;
    load(g, queen_for_a_pawn());
    const Move     grab = *find_uci_move(g.position(), "i9i12");
    search::Limits one;
    one.depth = 1;
    FourKingdomsEngine<FFA> whole;
    const search::Result    all = whole.search(g, one);
    ASSERT_NE(all.best, grab);
    for (u64 cut : { all.nodes - 1, all.nodes * 3 / 4, all.nodes / 2 }) {
        FourKingdomsEngine<FFA> e;
        search::Limits          l;
        l.nodes                = cut;
        const search::Result r = e.search(g, l);
        ASSERT_FALSE(r.lines.empty()) << cut;
        EXPECT_EQ(r.lines[0].depth, 1) << cut;
        EXPECT_NE(r.best, grab) << "nodes " << cut << " of " << all.nodes;
    }
}

TEST(FourKingdomsSearch, QuiescenceCapturesFreeForAll) {
    // The search is East's. East to move: its queen taking the pawn h13 defends is left out,
    // taking the undefended knight is searched.
    using search::fk_quiescence_capture;
    FourKingdomsGame<FFA> east;
    load(east,
        k4({ KINGS, { "i9", "eQ" }, { "i12", "nP" }, { "h13", "nP" }, { "f9", "nN" },
               { "d2", "sP" }, { "b5", "wP" } },
            "e - - 0 1 eswn -"));
    auto move = [](const auto& game, std::string_view uci) {
        auto m = find_uci_move(game.position(), uci);
        EXPECT_TRUE(m) << uci;
        return m ? *m : Move{};
    };
    EXPECT_FALSE(fk_quiescence_capture(east.position(), move(east, "i9i12"), fk::East, false));
    EXPECT_TRUE(fk_quiescence_capture(east.position(), move(east, "i9f9"), fk::East, false));
    // South to move, an opponent of East: its bishop taking West's knight is left out (one
    // opponent against another); taking East's rook or East's undefended pawn is searched.
    FourKingdomsGame<FFA> south;
    load(south,
        k4({ KINGS, { "e4", "sB" }, { "g6", "wN" }, { "d5", "eR" }, { "f3", "eP" },
               { "i12", "nP" } },
            "s - - 0 1 eswn -"));
    EXPECT_FALSE(fk_quiescence_capture(south.position(), move(south, "e4g6"), fk::East, true));
    EXPECT_TRUE(fk_quiescence_capture(south.position(), move(south, "e4d5"), fk::East, true));
    EXPECT_TRUE(fk_quiescence_capture(south.position(), move(south, "e4f3"), fk::East, true));
    // The same capture of West's knight searched for West's own search (root West).
    EXPECT_TRUE(fk_quiescence_capture(south.position(), move(south, "e4g6"), fk::West, true));
}

TEST(FourKingdomsSearch, ANodeLimitInsideDepthTwoPlaysAMoveThatBeatTheLastBest) {
    // Positions whose best move at depth 2 is not depth 1's: stopped in the last root move of
    // depth 2, the search plays the better move it found at depth 2 (before, depth 1's).
    for (int seed : { 3, 8, 9 }) {
        FourKingdomsGame<FFA> g;
        play_random(g, 20, u64(seed));
        search::Limits one, two;
        one.depth = 1;
        two.depth = 2;
        FourKingdomsEngine<FFA> first, second, cut;
        const search::Result    r1 = first.search(g, one), r2 = second.search(g, two);
        ASSERT_NE(r1.best, r2.best) << "seed " << seed; // the case this test is about
        search::Limits l;
        l.nodes                = r2.nodes - 1;
        const search::Result r = cut.search(g, l);
        ASSERT_FALSE(r.lines.empty());
        EXPECT_EQ(r.best, r2.best) << "seed " << seed;
        EXPECT_EQ(r.lines[0].depth, 2) << "seed " << seed;
    }
}

// An elimination now scores above the same elimination later (as a shorter mate does in chess):
// from random play, positions where the player to move can put someone out at once; the engine
// at depth 4 takes one, or has a reason not to, and seldom plans the same one for its next turn
// (j2m5 ..., b5b7: a real opponent escapes in between). Returns (taken, planned for later).
template <class V>
std::pair<int, int> eliminations_taken_and_postponed(
    u64 seed, int wanted, const eval::fourkingdoms::Weights& weights) {
    std::mt19937_64 rng(seed);
    int             found = 0, taken = 0, later = 0;
    std::string     postponed;
    while (found < wanted) {
        FourKingdomsGame<V> g;
        for (int ply = 0; ply < 400 && !g.outcome().over; ++ply) {
            const Seat me  = g.to_move();
            u8         now = 0; // the seats `me` can put out at once
            for (Seat s = 0; s < 4; ++s)
                if (s != me && g.in_game(s) && can_eliminate_now(g, s)) now |= fk::seat_bit(s);
            if (now) {
                ++found;
                FourKingdomsEngine<V> e({}, FkAlgorithm::Paranoid);
                e.set_weights(weights);
                search::Limits l;
                l.depth   = 4;
                auto r    = e.search(g, l);
                auto line = r.lines.at(0).pv;
                // Play the line; eliminations of a seat in `now` by `me` after its first move.
                const std::string fen = g.fen();
                size_t            i   = 0;
                for (; i < line.size() && !g.outcome().over; ++i) {
                    const Seat mover  = g.to_move();
                    u8         before = 0;
                    for (Seat s = 0; s < 4; ++s) before |= g.in_game(s) ? fk::seat_bit(s) : 0;
                    if (!g.play(line[i]))
                        return ADD_FAILURE() << "an illegal line", std::pair{ 0, 0 };
                    for (Seat s = 0; s < 4; ++s)
                        if ((before & fk::seat_bit(s)) && !g.in_game(s)) {
                            if (i == 0)
                                ++taken;
                            else if (mover == me && (now & fk::seat_bit(s))) {
                                ++later;
                                postponed += " " + fen + ": " + move_to_uci<V>(line[0]) + " ... "
                                    + move_to_uci<V>(line[i]) + "\n";
                            }
                        }
                }
                while (i-- > 0) g.undo();
                break; // one position a game: they stay varied
            }
            auto moves = g.legal_moves();
            if (!g.play(moves.moves[rng() % u64(moves.count)])) return { 0, 0 };
        }
    }
    std::printf("%s, elimination_tempo %d: of %d positions, an elimination taken in %d, planned "
                "for the next turn in %d\n%s",
        V::Name.data(), weights.elimination_tempo, found, taken, later, postponed.c_str());
    return { taken, later };
}

// The tempo's effect over the first 50 positions (docs/fourkingdoms_engine.md has 200): without
// it 38 taken and 8 postponed (elimination_tempo=0), with it 47 and 2 (those: the reply to the
// elimination now lies within the horizon, the reply to the later one beyond it).
TEST(FourKingdomsSearch, TakesAnEliminationNowFreeForAll) {
    auto [taken, later]
        = eliminations_taken_and_postponed<FFA>(7, 50, eval::fourkingdoms::kWeights);
    EXPECT_GE(taken, 45);
    EXPECT_LE(later, 3);
}
