// Four Kingdoms move generation and make/unmake against the slow reference of
// fourkingdoms_support.h, node by node: perft trees from set positions and long random games in
// both modes (checks, mates, absorption, partner command, promotions, en passant, castling).
#include "fourkingdoms_support.h"

using namespace citadel;
using namespace fktest;

namespace {

template <class V> void compare_tree(Position<V>& pos, int depth, const std::string& path) {
    auto fast = fast_moves(pos);
    auto slow = slow_moves(pos);
    ASSERT_EQ(fast, slow) << "at " << write_fen<V>(pos.setup()) << " after" << path;
    ASSERT_EQ(count_legal(pos), fast.size()) << path;
    if (depth == 0) return;
    for (Move m : legal_moves(pos)) {
        std::string p = path;
        p.append(1, ' ').append(move_to_uci<V>(m));
        expect_make_agrees(pos, m, p);
        if (::testing::Test::HasFailure()) return;
        StateInfo<V> st;
        pos.make(m, st);
        compare_tree(pos, depth - 1, p);
        pos.unmake(m);
        if (::testing::Test::HasFailure()) return;
    }
}

struct Coverage {
    int plies = 0, checks = 0, eliminations = 0, promotions = 0, en_passant = 0, castling = 0,
        decided = 0, king_captures = 0, alliances = 0;
};

template <class V> Coverage random_games(unsigned seed, int games, int plies) {
    std::mt19937 rng(seed);
    Coverage     cov;
    for (int g = 0; g < games; ++g) {
        Position<V>              pos;
        std::deque<StateInfo<V>> states;
        EXPECT_FALSE(pos.set(*parse_fen<V>(V::StartFen), states.emplace_back()));
        std::string path;
        for (int ply = 0; ply < plies; ++ply) {
            auto list = legal_moves(pos);
            auto slow = slow_moves(pos);
            EXPECT_EQ(fast_moves(pos), slow) << write_fen<V>(pos.setup()) << " after" << path;
            if (::testing::Test::HasFailure()) return cov;
            if (list.size() == 0) {
                cov.decided += pos.decided();
                break;
            }
            // Biased towards captures, promotions and checks, so that games reach mates,
            // absorption, alliances' ends and bare kings.
            std::vector<Move> captures, promotions, checks, mates, pawns;
            for (Move c : list) {
                if (type_of(pos.piece_on(c.from())) == Pawn) pawns.push_back(c);
                if (pos.piece_on(c.to()) || c.kind() == MoveKind::EnPassant) captures.push_back(c);
                if (c.kind() == MoveKind::Promotion) promotions.push_back(c);
                StateInfo<V> st;
                pos.make(c, st);
                if (pos.state()->n_elim)
                    mates.push_back(c);
                else if (pos.check_mask())
                    checks.push_back(c);
                pos.unmake(c);
            }
            Move m = list.moves[rng() % list.size()];
            if (!mates.empty() && rng() % 8)
                m = mates[rng() % mates.size()];
            else if (!checks.empty() && rng() % 2)
                m = checks[rng() % checks.size()];
            else if (!promotions.empty() && rng() % 2)
                m = promotions[rng() % promotions.size()];
            else if (!captures.empty() && rng() % 3 == 0)
                m = captures[rng() % captures.size()];
            else if (!pawns.empty() && rng() % 3 == 0)
                m = pawns[rng() % pawns.size()];
            path.append(1, ' ').append(move_to_uci<V>(m));
            expect_make_agrees(pos, m, path);
            if (::testing::Test::HasFailure()) return cov;
            pos.make(m, states.emplace_back());
            ++cov.plies;
            cov.checks += pos.check_mask() != 0;
            cov.eliminations += pos.state()->n_elim;
            cov.promotions += m.kind() == MoveKind::Promotion;
            cov.en_passant += m.kind() == MoveKind::EnPassant;
            cov.castling += m.kind() == MoveKind::Castling;
            cov.king_captures += pos.state()->captured && type_of(pos.state()->captured) == King;
            // Free-for-all: the two players left beside an absorber ally now and then.
            if constexpr (!V::Teams)
                for (u8 pair : { 3, 5, 6, 9, 10, 12 })
                    if (pos.alliance_possible(u8(pair)) && rng() % 2) {
                        if (pos.ally(u8(pair), states.emplace_back()))
                            ++cov.alliances;
                        else
                            states.pop_back();
                        EXPECT_TRUE(pos.consistent()) << path;
                        break;
                    }
            // Round trip of the position text at every ply.
            auto text = write_fen<V>(pos.setup());
            auto back = parse_fen<V>(text);
            EXPECT_TRUE(back.ok()) << text;
            if (!back.ok()) return cov;
            EXPECT_EQ(back->board, pos.setup().board);
            Position<V>  again;
            StateInfo<V> st;
            auto         err = again.set(*back, st);
            EXPECT_FALSE(err) << text << ": " << (err ? err->message : "") << " after" << path;
            if (err) return cov;
            EXPECT_EQ(again.key(), pos.key()) << text;
            EXPECT_EQ(write_fen<V>(again.setup()), text);
        }
    }
    return cov;
}

template <class V> void report(const Coverage& c) {
    std::printf("%s: %d plies, %d with a check, %d eliminations (%d king captures), %d promotions, "
                "%d en passant, %d castlings, %d decided games, %d alliances\n",
        std::string(V::Name).c_str(), c.plies, c.checks, c.eliminations, c.king_captures,
        c.promotions, c.en_passant, c.castling, c.decided, c.alliances);
}

} // namespace

TEST(FourKingdomsMovegen, StartTreeMatchesReference) {
    Position<FourKingdoms>  pos;
    StateInfo<FourKingdoms> st;
    ASSERT_FALSE(pos.set(*parse_fen<FourKingdoms>(FourKingdoms::StartFen), st));
    compare_tree(pos, 2, "");
}

TEST(FourKingdomsMovegen, RandomGamesMatchReferenceFreeForAll) {
    auto cov = random_games<FourKingdoms>(1, 40, 600);
    report<FourKingdoms>(cov);
    EXPECT_GT(cov.eliminations, 0);
}

TEST(FourKingdomsMovegen, RandomGamesMatchReferenceTeams) {
    auto cov = random_games<FourKingdomsTeams>(2, 40, 600);
    report<FourKingdomsTeams>(cov);
    EXPECT_GT(cov.eliminations, 0);
}
