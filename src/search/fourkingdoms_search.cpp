// The Four Kingdoms searches: one alpha-beta for the two-sided games (alliance mode's teams and
// free-for-all's paranoid reduction, which differ only in who is on the maximizing side and what
// a position is worth) and max^n with shallow pruning for free-for-all.
#include "search/fourkingdoms_search.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <thread>

#include "eval/fourkingdoms.h"
#include "search/skill.h"
#include "search/time.h"

namespace citadel::search {

std::string_view fk_algorithm_name(FkAlgorithm a) {
    return a == FkAlgorithm::MaxN ? "maxn" : a == FkAlgorithm::Brs ? "brs" : "paranoid";
}

std::optional<FkAlgorithm> fk_algorithm_named(std::string_view name) {
    if (name == "paranoid") return FkAlgorithm::Paranoid;
    if (name == "maxn") return FkAlgorithm::MaxN;
    if (name == "brs") return FkAlgorithm::Brs;
    return std::nullopt;
}

bool fk_quiescence_capture(const fk::Board& b, Move m, Seat root, bool opponent) {
    if (m.kind() == MoveKind::EnPassant) return true;
    const Piece victim = b.piece_on(m.to()), attacker = b.piece_on(m.from());
    if (type_of(victim) == King || type_of(attacker) == King) return true;
    // One opponent taking another's man: paranoid's opponents play against the root player.
    if (opponent && b.commander(seat_of(victim)) != root) return false;
    // A man taking a cheaper one that an enemy of the mover defends likely loses the difference.
    using eval::fourkingdoms::kMaterial;
    if (kMaterial[type_of(victim)] >= kMaterial[type_of(attacker)]) return true;
    return popcount(b.attackers(m.to(), b.state()->c.enemies_of[b.side_to_move()])) == 0;
}

namespace {

using Values = std::array<int, 4>; // free-for-all: each seat's expected points (FkPoint = 1)

constexpr int kKingAlive = 2000; // alliance mode: a king on the board (its seat keeps its turns)
// An elimination made in the tree counts for its maker Weights::elimination_tempo for each ply
// before kSoonerPlies that it comes: one now beats the same elimination a round later, as a
// shorter mate does in chess (in the tree the victim's escape may lie beyond the horizon; in the
// game it is there).
constexpr int kSoonerPlies  = 8;
constexpr int kMaxSum       = 4 * FkPoint; // free-for-all: the points of a game, at most
constexpr int kQDepth       = 6;
constexpr int kDrawContempt = FkPoint / 4; // free-for-all: a draw is counted 3/4 point
constexpr int kBareKing     = 300; // free-for-all: the least strength a player counts
constexpr int kQDepthMaxN   = 3; // max^n's quiescence has no window to cut it short
// A salt per perspective, so that paranoid entries of different roots never meet (alliance
// mode has one perspective) and max^n's move-only entries stay apart.
constexpr u64 kSalt[6]     = { 0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
        0xD6E8FEB86659FD93ull, 0x27D4EB2F165667C5ull, 0x94D049BB133111EBull };
constexpr u64 kBrsSalt     = 0x5851F42D4C957F2Dull; // BRS entries: other depths than paranoid's
constexpr u64 kJudgeSalt   = 0x2545F4914F6CDD1Dull; // decisions' searches (their own table)
constexpr int kJudgeDepth  = 3; // plies of an alliance judgement: a round of three players
constexpr u64 kJudgeNodes  = 30000; // per judgement search after its first depth
constexpr int kAllianceTie = FkPoint / 200; // gains this small are no difference (0.005 point)

bool is_capture(const fk::Board& b, Move m) {
    return m.kind() == MoveKind::EnPassant
        || (m.kind() != MoveKind::Castling && b.piece_on(m.to()));
}

int value_to_tt(int v, int ply) { return v >= MateInMax ? v + ply : v <= -MateInMax ? v - ply : v; }
int value_from_tt(int v, int ply) {
    return v >= MateInMax ? v - ply : v <= -MateInMax ? v + ply : v;
}

} // namespace

template <class V>
requires FourKingdomsVariant<V>
struct FourKingdomsEngine<V>::Searcher {
    using Clock = std::chrono::steady_clock;
    struct Elim {
        Seat seat;
        bool resigned;
        Seat by  = 0; // in the tree: who made the move, at which ply
        int  ply = 0;
    };
    struct RootMove {
        Move              move;
        int               score = -Infinite; // the mover's view (alliance mode: its team's)
        Values            values{}; // max^n
        std::vector<Move> pv;
    };

    std::unique_ptr<Position<V>> pos;
    std::deque<StateInfo<V>>     played; // the game's states
    std::vector<StateInfo<V>>    tree = std::vector<StateInfo<V>>(MaxPly + 8);
    std::vector<u64>             keys; // the game's keys, then the tree's path
    std::vector<Elim>            elims; // in order: the game's, then the tree's
    size_t                       game_elims = 0;
    std::vector<int>             history    = std::vector<int>(size_t(fk::Squares) * fk::Squares);
    Move                         killers[MaxPly + 8][2]{};

    const eval::fourkingdoms::Weights* weights   = &eval::fourkingdoms::kWeights;
    TranspositionTable*                tt        = nullptr;
    const std::atomic<bool>*           halt      = nullptr;
    bool                               stopped   = false;
    FkAlgorithm                        algorithm = FkAlgorithm::Paranoid;
    Seat                               root      = 0;
    u8                                 side      = 0; // seats on the maximizing side
    u64                                salt      = 0;
    u64                                nodes = 0, max_nodes = 0;
    int                                hard_ms = 0, seldepth = 0;
    Clock::time_point                  start;

    // ---- set-up ----
    bool load(const FourKingdomsGame<V>& game) {
        pos = std::make_unique<Position<V>>();
        played.clear();
        keys.clear();
        elims.clear();
        if (pos->set(game.start(), played.emplace_back())) return false;
        keys.push_back(pos->key());
        for (const FkEntry& e : game.history()) {
            if (e.action == FkAction::Move)
                pos->make(e.move, played.emplace_back());
            else if (e.action == FkAction::Resign)
                pos->resign(e.player, played.emplace_back());
            else if (e.action == FkAction::Alliance) {
                if (!pos->ally(
                        u8(fk::seat_bit(e.player) | fk::seat_bit(e.other)), played.emplace_back()))
                    played.pop_back();
            } else
                continue;
            keys.push_back(pos->key());
        }
        for (const FkElimination& x : game.eliminations()) elims.push_back({ x.seat, x.resigned });
        game_elims = elims.size();
        return true;
    }

    void play(Move m, int ply) {
        const Seat mover = pos->side_to_move();
        pos->make(m, tree[size_t(ply)]);
        keys.push_back(pos->key());
        const auto& st = tree[size_t(ply)];
        for (int i = 0; i < st.n_elim; ++i) elims.push_back({ st.elim_seat[i], false, mover, ply });
    }
    // What the tree's eliminations so far count for their makers still in the game.
    template <class F> void for_each_sooner(F&& add) const {
        for (size_t i = game_elims; i < elims.size(); ++i)
            if (pos->in_game(elims[i].by))
                add(elims[i].by,
                    weights->elimination_tempo * std::max(0, kSoonerPlies - elims[i].ply));
    }
    // The most a leaf's values sum to (max^n's shallow pruning): the points, and three
    // eliminations' tempo.
    int max_sum() const {
        return kMaxSum + 3 * kSoonerPlies * std::max(0, weights->elimination_tempo);
    }
    void take_back(Move m, int ply) {
        elims.resize(elims.size() - tree[size_t(ply)].n_elim);
        keys.pop_back();
        pos->unmake(m);
    }

    bool out_of_time() {
        if (stopped) return true;
        if ((nodes & 1023) == 0) {
            int ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start)
                             .count());
            if (halt->load() || (hard_ms && ms >= hard_ms)) stopped = true;
        }
        if (max_nodes && nodes >= max_nodes) stopped = true;
        return stopped;
    }

    // A draw by the rules the tree can see: 60 rounds, or a position standing before (one
    // repetition in the tree stands for the threefold one).
    bool drawn(int ply) const {
        if (ply == 0) return false;
        const int r50 = pos->rule50();
        if (r50 >= V::MoveRuleRounds * std::popcount(unsigned(pos->players()))) return true;
        const u64 k = keys.back();
        for (int i = int(keys.size()) - 3, back = 2; i >= 0 && back <= r50; --i, ++back)
            if (keys[size_t(i)] == k) return true;
        return false;
    }

    // ---- values ----
    // Free-for-all: each seat's expected points. `draw`: the game is drawn here.
    Values utilities(bool draw = false) const {
        Values     u{};
        const bool over = pos->decided() || draw;
        for (size_t i = 0; i < elims.size(); ++i) {
            int pts          = i < 2 ? (elims[i].resigned ? -1 : 1) : 0;
            u[elims[i].seat] = pts * FkPoint - (!over && i >= game_elims ? FkPoint / 2 : 0);
        }
        const u8 alive = pos->players();
        if (pos->decided()) {
            u[std::countr_zero(unsigned(alive))] = 2 * FkPoint;
            return u;
        }
        if (draw) { // a draw scores 1, but the search counts it less: it plays for a win
            for (Seat s = 0; s < 4; ++s)
                if (alive & fk::seat_bit(s)) u[s] = FkPoint - kDrawContempt;
            return u;
        }
        // Each player left wins (2 points) with a chance growing with the square of its
        // strength, else takes one of the places still open (their mean points): the values
        // of the players left sum to the points left, and no one counts on more than 2.
        auto      str  = eval::fourkingdoms::strengths(*pos, *weights);
        double    sum  = 0;
        const int left = std::popcount(unsigned(alive));
        for (Seat s = 0; s < 4; ++s)
            if (alive & fk::seat_bit(s)) {
                double x = std::max(str[s], kBareKing);
                sum += x * x;
            }
        int places = 0; // points of the elimination places still open
        for (size_t i = elims.size(); i < elims.size() + size_t(left - 1); ++i) places += i < 2;
        const double mean_place = left > 1 ? double(places) * FkPoint / (left - 1) : 0;
        for (Seat s = 0; s < 4; ++s)
            if (alive & fk::seat_bit(s)) {
                double x = std::max(str[s], kBareKing), win = x * x / sum;
                u[s] = int(win * 2 * FkPoint + (1 - win) * mean_place);
            }
        for_each_sooner([&](Seat by, int bonus) { u[by] += bonus; });
        return u;
    }
    // Max^n needs values of at least 0 (shallow pruning's bound).
    Values maxn_utilities(bool draw = false) const {
        Values u = utilities(draw);
        for (int& x : u) x = std::max(x, 0);
        return u;
    }

    // The two-sided value from the maximizing side's view.
    int static_value() const {
        if constexpr (V::Teams) {
            auto str = eval::fourkingdoms::strengths(*pos, *weights);
            int  v   = 0;
            for (Seat s = 0; s < 4; ++s) {
                int w = str[s] + (pos->in_game(s) ? kKingAlive : 0);
                v += (side & fk::seat_bit(s)) ? w : -w;
            }
            for_each_sooner(
                [&](Seat by, int bonus) { v += (side & fk::seat_bit(by)) ? bonus : -bonus; });
            return v;
        } else
            return utilities()[root];
    }
    int decided_value(int ply) const {
        if constexpr (V::Teams)
            return (pos->players() & side) ? MateValue - ply : -(MateValue - ply);
        else {
            int v = utilities()[root];
            return v == 2 * FkPoint ? v - ply : v;
        }
    }
    int draw_value() const {
        if constexpr (V::Teams)
            return 0;
        else
            return utilities(true)[root];
    }
    bool maximizing() const { return side & fk::seat_bit(pos->side_to_move()); }

    // ---- move ordering ----
    int order_key(Move m, Move tt_move, int ply) const {
        if (m == tt_move) return 1 << 30;
        if (is_capture(*pos, m)) {
            Piece victim
                = m.kind() == MoveKind::EnPassant ? make_piece(0, Pawn) : pos->piece_on(m.to());
            return (1 << 28) + 16 * eval::fourkingdoms::kMaterial[type_of(victim)]
                - eval::fourkingdoms::kMaterial[type_of(pos->piece_on(m.from()))] / 10
                + (type_of(victim) == King ? 1 << 26 : 0);
        }
        if (m.kind() == MoveKind::Promotion) return (1 << 27) + (m.promotion() == Queen);
        if (m == killers[ply][0]) return (1 << 26) + 1;
        if (m == killers[ply][1]) return 1 << 26;
        return history[size_t(m.from()) * fk::Squares + m.to()];
    }
    // Best first, ties in generation order: an insertion sort on the stack (lists are short, and
    // a heap-allocated copy in every node cost more than the sorting).
    template <class List> void sort_moves(List& list, Move tt_move, int ply) const {
        int key[V::MaxMoves];
        for (int i = 0; i < list.count; ++i) {
            const Move m = list.moves[i];
            const int  k = order_key(m, tt_move, ply);
            int        j = i;
            for (; j > 0 && key[j - 1] < k; --j)
                key[j] = key[j - 1], list.moves[j] = list.moves[j - 1];
            key[j] = k, list.moves[j] = m;
        }
    }
    // Drops the moves `keep` rejects, the rest in their order: the quiescence searches order only
    // what they will search.
    template <class List, class Keep> static void keep_only(List& list, Keep keep) {
        int n = 0;
        for (int i = 0; i < list.count; ++i)
            if (keep(list.moves[i])) list.moves[n++] = list.moves[i];
        list.count = n;
    }
    void reward(Move m, int depth, int ply) {
        if (is_capture(*pos, m)) return;
        if (killers[ply][0] != m) killers[ply][1] = killers[ply][0], killers[ply][0] = m;
        int& h = history[size_t(m.from()) * fk::Squares + m.to()];
        h      = std::min(h + depth * depth, 1 << 24);
    }

    // ---- the two-sided search (alliance mode, paranoid) ----
    int quiesce(int ply, int alpha, int beta, int qdepth) {
        ++nodes;
        if (out_of_time()) return 0;
        seldepth = std::max(seldepth, ply);
        if (pos->decided()) return decided_value(ply);
        if (drawn(ply)) return draw_value();
        const bool max   = maximizing();
        const bool check = pos->in_check(pos->side_to_move());
        int        best  = max ? -Infinite : Infinite;
        if (!check || qdepth >= kQDepth || ply >= MaxPly) {
            best = static_value();
            if (qdepth >= kQDepth || ply >= MaxPly) return best;
            if (max ? best >= beta : best <= alpha) return best;
            if (max)
                alpha = std::max(alpha, best);
            else
                beta = std::min(beta, best);
        }
        auto list = legal_moves(*pos);
        if (list.count == 0) return draw_value();
        if (!check) // captures and queen promotions only
            keep_only(list, [&](Move m) {
                if (!is_capture(*pos, m))
                    return m.kind() == MoveKind::Promotion && m.promotion() == Queen;
                return V::Teams || fk_quiescence_capture(*pos, m, root, !maximizing());
            });
        sort_moves(list, Move{}, ply);
        for (Move m : list) {
            play(m, ply);
            int v = quiesce(ply + 1, alpha, beta, qdepth + 1);
            take_back(m, ply);
            if (stopped) return 0;
            if (max ? v > best : v < best) best = v;
            if (max)
                alpha = std::max(alpha, v);
            else
                beta = std::min(beta, v);
            if (alpha >= beta) break;
        }
        return best;
    }

    int alphabeta(int depth, int ply, int alpha, int beta) {
        if (depth <= 0 || ply >= MaxPly) return quiesce(ply, alpha, beta, 0);
        ++nodes;
        if (out_of_time()) return 0;
        seldepth = std::max(seldepth, ply);
        if (pos->decided()) return decided_value(ply);
        if (drawn(ply)) return draw_value();
        const u64               key = pos->key() ^ salt;
        TranspositionTable::Hit hit;
        Move                    tt_move;
        if (tt->probe(key, hit)) {
            tt_move = hit.move;
            int v   = value_from_tt(hit.value, ply);
            if (hit.depth >= depth
                && (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && v >= beta)
                    || (hit.bound == Bound::Upper && v <= alpha)))
                return v;
        }
        auto list = legal_moves(*pos);
        if (list.count == 0) return draw_value();
        sort_moves(list, tt_move, ply);
        const bool max    = maximizing();
        const int  alpha0 = alpha, beta0 = beta;
        int        best = max ? -Infinite : Infinite;
        Move       best_move;
        for (int i = 0; i < list.count; ++i) {
            Move m     = list.moves[i];
            bool quiet = !is_capture(*pos, m) && m.kind() != MoveKind::Promotion;
            bool check = pos->in_check(pos->side_to_move());
            play(m, ply);
            int r
                = depth >= 3 && i >= 3 && quiet && !check && !pos->check_mask() ? 1 + (i >= 12) : 0;
            int v = alphabeta(depth - 1 - r, ply + 1, alpha, beta);
            if (r && (max ? v > alpha : v < beta)) v = alphabeta(depth - 1, ply + 1, alpha, beta);
            take_back(m, ply);
            if (stopped) return 0;
            if (max ? v > best : v < best) best = v, best_move = m;
            if (max)
                alpha = std::max(alpha, v);
            else
                beta = std::min(beta, v);
            if (alpha >= beta) {
                reward(m, depth, ply);
                break;
            }
        }
        Bound bound = best >= beta0 ? Bound::Lower : best <= alpha0 ? Bound::Upper : Bound::Exact;
        tt->store(key, best_move, value_to_tt(best, ply), depth, bound);
        return best;
    }

    // ---- best-reply search (BRS+) ----
    // The root player's moves alternate with reply layers: from the root player's move until
    // its turn comes back the opponents move in the real turn order (the core's make() settles
    // it: check first, eliminated seats skipped), and exactly one of them plays a searched
    // reply, the one that hurts the root player most; the others play their default move (the
    // first in move ordering) instead of passing. Every line is therefore a legal game and a
    // full round costs two plies of depth, not four. Two-sided alpha-beta: the root player
    // maximizes, a reply layer minimizes.
    // A table hit that settles the node (its value in v); tt_move is set either way.
    bool probe(u64 key, int depth, int ply, int alpha, int beta, Move& tt_move, int& v) const {
        TranspositionTable::Hit hit;
        if (!tt->probe(key, hit)) return false;
        tt_move = hit.move;
        v       = value_from_tt(hit.value, ply);
        return hit.depth >= depth
            && (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && v >= beta)
                || (hit.bound == Bound::Upper && v <= alpha));
    }

    Move default_move(int ply) const {
        auto list = legal_moves(*pos);
        Move best;
        int  best_key = 0;
        for (Move m : list) {
            int k = order_key(m, Move{}, ply);
            if (best.is_none() || k > best_key) best = m, best_key = k;
        }
        return best;
    }

    // Late quiet moves searched a ply or two less (as in alphabeta), after the move is played.
    int brs_reduction(int depth, int i, bool quiet_no_check) const {
        return depth >= 3 && i >= 3 && quiet_no_check && !pos->check_mask() ? 1 + (i >= 12) : 0;
    }

    // After a move of the root player (or at the root): its next turn, or a reply layer.
    int brs_layer(int depth, int ply, int alpha, int beta) {
        if (pos->decided() || pos->side_to_move() == root || !pos->in_game(root))
            return brs(depth, ply, alpha, beta);
        return brs_replies(depth, ply, alpha, beta, false);
    }

    // The root player to move (or the game decided, or the root player out).
    int brs(int depth, int ply, int alpha, int beta) {
        if (pos->decided()) return decided_value(ply);
        if (!pos->in_game(root)) return static_value(); // its place is settled
        if (depth <= 0 || ply >= MaxPly) return quiesce(ply, alpha, beta, 0);
        ++nodes;
        if (out_of_time()) return 0;
        seldepth = std::max(seldepth, ply);
        if (drawn(ply)) return draw_value();
        const u64 key = pos->key() ^ salt;
        Move      tt_move;
        if (int v; probe(key, depth, ply, alpha, beta, tt_move, v)) return v;
        auto list = legal_moves(*pos);
        if (list.count == 0) return draw_value();
        sort_moves(list, tt_move, ply);
        const int  alpha0 = alpha;
        int        best   = -Infinite;
        Move       best_move;
        const bool check = pos->in_check(root);
        for (int i = 0; i < list.count; ++i) {
            Move m     = list.moves[i];
            bool quiet = !is_capture(*pos, m) && m.kind() != MoveKind::Promotion;
            play(m, ply);
            int r = brs_reduction(depth, i, quiet && !check);
            int v = brs_layer(depth - 1 - r, ply + 1, alpha, beta);
            if (r && v > alpha) v = brs_layer(depth - 1, ply + 1, alpha, beta);
            take_back(m, ply);
            if (stopped) return 0;
            if (v > best) best = v, best_move = m;
            alpha = std::max(alpha, v);
            if (alpha >= beta) {
                reward(m, depth, ply);
                break;
            }
        }
        Bound bound = best >= beta ? Bound::Lower : best <= alpha0 ? Bound::Upper : Bound::Exact;
        tt->store(key, best_move, value_to_tt(best, ply), depth, bound);
        return best;
    }

    // An opponent to move inside a reply layer. `replied`: the layer's one searched reply has
    // been played, so this opponent plays its default move. Otherwise this opponent replies
    // (each of its moves) or plays its default and leaves the reply to a later opponent of the
    // layer; a layer that ends without a reply is no line (+Infinite: the minimum ignores it).
    int brs_replies(int depth, int ply, int alpha, int beta, bool replied) {
        if (pos->decided() || !pos->in_game(root) || pos->side_to_move() == root)
            return replied || pos->decided() || !pos->in_game(root) ? brs(depth, ply, alpha, beta)
                                                                    : Infinite;
        if (ply >= MaxPly) return static_value();
        ++nodes;
        if (out_of_time()) return 0;
        seldepth = std::max(seldepth, ply);
        if (drawn(ply)) return draw_value();
        if (replied) {
            Move d = default_move(ply);
            if (d.is_none()) return draw_value();
            play(d, ply);
            int v = brs_replies(depth, ply + 1, alpha, beta, true);
            take_back(d, ply);
            return v;
        }
        const u64 key = pos->key() ^ salt;
        Move      tt_move;
        if (int v; probe(key, depth, ply, alpha, beta, tt_move, v)) return v;
        auto list = legal_moves(*pos);
        if (list.count == 0) return draw_value();
        const Move fallback = default_move(ply);
        sort_moves(list, tt_move, ply);
        const int  beta0 = beta;
        int        best  = Infinite;
        Move       best_move;
        const bool check = pos->in_check(pos->side_to_move());
        for (int i = 0; i <= list.count && alpha < beta; ++i) {
            const bool pass  = i == list.count; // the default, the reply left to a later opponent
            Move       m     = pass ? fallback : list.moves[i];
            bool       quiet = !is_capture(*pos, m) && m.kind() != MoveKind::Promotion;
            play(m, ply);
            int v;
            if (pass)
                v = brs_replies(depth, ply + 1, alpha, beta, false);
            else {
                int r = brs_reduction(depth, i, quiet && !check);
                v     = brs_replies(depth - 1 - r, ply + 1, alpha, beta, true);
                if (r && v < beta) v = brs_replies(depth - 1, ply + 1, alpha, beta, true);
            }
            take_back(m, ply);
            if (stopped) return 0;
            if (v < best) best = v, best_move = m;
            beta = std::min(beta, v);
            if (alpha >= beta && !pass) reward(m, depth, ply);
        }
        Bound bound = best <= alpha ? Bound::Upper : best >= beta0 ? Bound::Lower : Bound::Exact;
        tt->store(key, best_move, value_to_tt(best, ply), depth, bound);
        return best;
    }

    // ---- max^n with shallow pruning ----
    Values quiesce_maxn(int ply, int qdepth) {
        ++nodes;
        if (out_of_time()) return {};
        seldepth = std::max(seldepth, ply);
        if (pos->decided()) return maxn_utilities();
        if (drawn(ply)) return maxn_utilities(true);
        const Seat p     = pos->side_to_move();
        const bool check = pos->in_check(p);
        Values     best  = maxn_utilities();
        if (qdepth >= kQDepthMaxN || ply >= MaxPly) return best;
        auto list = legal_moves(*pos);
        if (list.count == 0) return maxn_utilities(true);
        if (!check) keep_only(list, [&](Move m) { return is_capture(*pos, m); });
        sort_moves(list, Move{}, ply);
        bool any = false;
        for (Move m : list) {
            play(m, ply);
            Values v = quiesce_maxn(ply + 1, qdepth + 1);
            take_back(m, ply);
            if (stopped) return {};
            if (!any && check)
                best = v; // in check: no standing pat
            else if (v[p] > best[p])
                best = v;
            any = true;
        }
        return best;
    }

    // parent: the seat that moved into this node; parent_best: its best value so far there
    // (-Infinite: none yet, or no pruning wanted).
    Values maxn(int depth, int ply, Seat parent, int parent_best) {
        if (depth <= 0 || ply >= MaxPly) return quiesce_maxn(ply, 0);
        ++nodes;
        if (out_of_time()) return {};
        seldepth = std::max(seldepth, ply);
        if (pos->decided()) return maxn_utilities();
        if (drawn(ply)) return maxn_utilities(true);
        const u64               key = pos->key() ^ kSalt[4];
        TranspositionTable::Hit hit;
        Move                    tt_move;
        if (tt->probe(key, hit)) tt_move = hit.move;
        auto list = legal_moves(*pos);
        if (list.count == 0) return maxn_utilities(true);
        sort_moves(list, tt_move, ply);
        const Seat p = pos->side_to_move();
        Values     best{};
        Move       best_move;
        for (int i = 0; i < list.count; ++i) {
            Move m = list.moves[i];
            play(m, ply);
            Values v = maxn(depth - 1, ply + 1, p, best_move.is_none() ? -Infinite : best[p]);
            take_back(m, ply);
            if (stopped) return {};
            if (best_move.is_none() || v[p] > best[p]) best = v, best_move = m;
            // Shallow pruning: the parent gets at most max_sum() - best[p] here, no more than it
            // has elsewhere.
            if (parent != p && parent_best != -Infinite && best[p] >= max_sum() - parent_best) {
                reward(m, depth, ply);
                break;
            }
        }
        tt->store(key, best_move, 0, depth, Bound::None);
        return best;
    }

    // The principal variation after `first` from the table.
    std::vector<Move> pv_from(Move first) {
        std::vector<Move> pv{ first };
        int               ply = 0;
        play(first, ply++);
        for (; ply < 12 && !pos->decided(); ++ply) {
            TranspositionTable::Hit hit;
            u64 key = pos->key() ^ (algorithm == FkAlgorithm::MaxN && !V::Teams ? kSalt[4] : salt);
            if (!tt->probe(key, hit) || hit.move.is_none() || !legal_moves(*pos).contains(hit.move))
                break;
            pv.push_back(hit.move);
            play(hit.move, ply);
        }
        while (ply-- > 0) take_back(pv[size_t(ply)], ply);
        return pv;
    }

    // A decision's judgement: the paranoid value for `who` of the loaded position, searched
    // `depth` plies deep from whoever is to move (its opponents minimize it); 0 when stopped.
    int judge(Seat who, int depth) {
        algorithm = FkAlgorithm::Paranoid;
        root      = who;
        side      = fk::seat_bit(who);
        salt      = kSalt[who] ^ kJudgeSalt;
        stopped   = false;
        seldepth  = 0;
        return alphabeta(depth, 0, -Infinite, Infinite);
    }

    // One iteration over the root moves; `lines`: how many need exact scores. Returns how many
    // root moves it finished, in order (all of them unless it was stopped).
    size_t iterate(std::vector<RootMove>& roots, int depth, int lines) {
        const bool       maxn_search = !V::Teams && algorithm == FkAlgorithm::MaxN;
        const bool       max         = maximizing();
        const int        sign        = max ? 1 : -1;
        std::vector<int> exact; // mover-view scores of the moves searched so far, best first
        for (size_t i = 0; i < roots.size(); ++i) {
            RootMove& rm    = roots[i];
            int       bound = int(exact.size()) >= lines ? exact[size_t(lines) - 1] : -Infinite;
            play(rm.move, 0);
            int score;
            if (maxn_search) {
                rm.values = maxn(depth - 1, 1, root, lines > 1 ? -Infinite : bound);
                score     = rm.values[root];
            } else if (!V::Teams && algorithm == FkAlgorithm::Brs) {
                score = brs_layer(depth - 1, 1, bound, Infinite); // the root player maximizes
            } else {
                int v = max
                    ? alphabeta(depth - 1, 1, bound, Infinite)
                    : alphabeta(depth - 1, 1, -Infinite, bound == -Infinite ? Infinite : -bound);
                score = sign * v;
            }
            take_back(rm.move, 0);
            if (stopped) return i;
            rm.score = score;
            exact.insert(
                std::upper_bound(exact.begin(), exact.end(), score, std::greater<int>()), score);
        }
        std::stable_sort(
            roots.begin(), roots.end(), [](auto& a, auto& b) { return a.score > b.score; });
        if (!maxn_search) {
            int v = sign * roots[0].score;
            tt->store(pos->key() ^ salt, roots[0].move, value_to_tt(v, 0), depth, Bound::Exact);
        } else
            tt->store(pos->key() ^ kSalt[4], roots[0].move, 0, depth, Bound::None);
        for (int i = 0; i < std::min<int>(lines, int(roots.size())); ++i)
            roots[size_t(i)].pv = pv_from(roots[size_t(i)].move);
        return roots.size();
    }

    // An iteration stopped after its first `done` root moves: how many of its lines to play
    // from (roots reordered so that they come first), 0 to keep the last finished iteration's.
    // The first iteration's finished moves are weighed, the rest not at all: the best of them
    // beats the move ordering's first move unweighed (what a node limit that ends depth 1
    // early used to play). Deeper, with one line, a move that beat the last best at the new
    // depth (its score is exact: the window was above the best so far) replaces it.
    int adopt_partial(std::vector<RootMove>& roots, size_t done, int depth, int lines) {
        if (done == 0) return 0;
        const auto first = roots.begin(), end = roots.begin() + std::ptrdiff_t(done);
        const auto by_score = [](auto& a, auto& b) { return a.score > b.score; };
        if (depth == 1) {
            std::stable_sort(first, end, by_score);
            const int n = std::min(lines, int(done));
            for (int i = 0; i < n; ++i) roots[size_t(i)].pv = pv_from(roots[size_t(i)].move);
            return n;
        }
        if (lines != 1) return 0;
        const auto best = std::min_element(first, end, by_score); // the first of the best
        if (best == first) return 0;
        std::rotate(first, best, best + 1);
        roots[0].pv = pv_from(roots[0].move);
        return 1;
    }
};

template <class V>
requires FourKingdomsVariant<V> FourKingdomsEngine<V>::FourKingdomsEngine(
    const Options& options, FkAlgorithm algorithm)
    : options_(options)
    , algorithm_(algorithm)
    , tt_(options.hash_mb)
    , searcher_(std::make_unique<Searcher>()) { }

template <class V>
requires FourKingdomsVariant<V> FourKingdomsEngine<V>::~FourKingdomsEngine() = default;

template <class V>
requires FourKingdomsVariant<V>
void FourKingdomsEngine<V>::set_options(const Options& options) {
    if (options.hash_mb != options_.hash_mb) tt_.resize(options.hash_mb);
    options_         = options;
    options_.multipv = std::clamp(options.multipv, 1, 64);
}

template <class V>
requires FourKingdomsVariant<V>
void FourKingdomsEngine<V>::new_game() {
    tt_.clear();
    searcher_ = std::make_unique<Searcher>();
}

template <class V>
requires FourKingdomsVariant<V> Result FourKingdomsEngine<V>::search(
    const FourKingdomsGame<V>& game, const Limits& limits,
    const std::function<void(const Info&)>& on_info) {
    stop_      = false;
    pondering_ = limits.ponder;
    searching_ = true;
    struct Done {
        std::atomic<bool>& flag;
        ~Done() { flag = false; }
    } done{ searching_ };

    Result    result;
    Searcher& s = *searcher_;
    if (game.outcome().over || !s.load(game)) return result;
    auto moves = legal_moves(*s.pos);
    if (moves.count == 0) return result;

    const int strength      = effective_strength(options_);
    s.tt                    = &tt_;
    s.weights               = &weights_;
    s.halt                  = &stop_;
    s.stopped               = false;
    s.algorithm             = algorithm_;
    s.root                  = s.pos->side_to_move();
    s.side                  = V::Teams ? fk::team_of(0) : fk::seat_bit(s.root);
    s.salt                  = V::Teams                    ? kSalt[5]
                         : algorithm_ == FkAlgorithm::Brs ? kSalt[s.root] ^ kBrsSalt
                                                          : kSalt[s.root];
    s.nodes                 = 0;
    s.start                 = Searcher::Clock::now();
    const TimeBudget budget = budget_for(limits, s.root, options_.move_overhead_ms);
    s.hard_ms               = limits.infinite || limits.ponder ? 0 : budget.hard_ms;
    s.max_nodes             = limits.nodes;
    // A weak level's node budget takes effect at the end of its first iteration (whose nodes
    // count towards it): even level 0 weighs every move at depth 1, never just the first one
    // the move ordering offers (400 nodes do not finish depth 1 on this board).
    const u64 skill_budget = limits.infinite ? 0 : skill_nodes(strength, FourKingdomsNodeGrowth);
    int       max_depth    = MaxPly - 8;
    if (limits.depth > 0) max_depth = std::min(max_depth, limits.depth);
    if (int d = skill_depth(strength)) max_depth = std::min(max_depth, d);
    const int lines = std::max(options_.multipv, skill_candidates(strength));
    tt_.new_search();

    std::vector<typename Searcher::RootMove> roots;
    s.sort_moves(moves, Move{}, 0);
    for (Move m : moves) roots.push_back({ m, -Infinite, {}, { m } });

    auto line_of = [&](const typename Searcher::RootMove& rm, int depth) {
        Score sc = V::Teams ? to_score(rm.score) : Score{ false, rm.score - FkPoint };
        return Line{ sc, depth, std::max(depth, s.seldepth), rm.pv };
    };
    auto elapsed = [&] {
        return int(
            std::chrono::duration_cast<std::chrono::milliseconds>(Searcher::Clock::now() - s.start)
                .count());
    };
    for (int depth = 1; depth <= max_depth; ++depth) {
        s.seldepth = 0;
        if (const size_t finished = s.iterate(roots, depth, lines); finished < roots.size()) {
            if (const int n = s.adopt_partial(roots, finished, depth, lines)) {
                result.lines.clear();
                for (int i = 0; i < n; ++i)
                    result.lines.push_back(line_of(roots[size_t(i)], depth));
            }
            break;
        }
        if (skill_budget)
            s.max_nodes = s.max_nodes ? std::min(s.max_nodes, skill_budget) : skill_budget;
        result.lines.clear();
        for (int i = 0; i < std::min<int>(lines, int(roots.size())); ++i)
            result.lines.push_back(line_of(roots[size_t(i)], depth));
        if (on_info) {
            Info info;
            info.nodes    = s.nodes;
            info.time_ms  = elapsed();
            info.nps      = info.nodes * 1000 / u64(std::max(1, info.time_ms));
            info.hashfull = tt_.hashfull();
            for (int i = 0; i < std::min<int>(options_.multipv, int(result.lines.size())); ++i) {
                info.multipv = i + 1;
                info.line    = result.lines[size_t(i)];
                on_info(info);
            }
        }
        if (roots.size() == 1 && !limits.infinite && !limits.ponder && !limits.depth) break;
        if (budget.soft_ms && !limits.infinite && elapsed() * 2 >= budget.soft_ms) break;
        if (s.stopped || stop_) break;
    }
    while ((limits.infinite || pondering_) && !stop_)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    if (result.lines.empty()) result.lines.push_back(line_of(roots[0], 0));
    size_t pick = 0;
    if (strength < FullStrength)
        pick = pick_weak_line(result.lines, strength, mix64(options_.seed ^ s.pos->key()));
    const Line& chosen = result.lines[pick];
    result.best        = chosen.pv.empty() ? roots[0].move : chosen.pv[0];
    if (chosen.pv.size() > 1) result.ponder = chosen.pv[1];
    if (int(result.lines.size()) > options_.multipv) result.lines.resize(size_t(options_.multipv));
    result.nodes = s.nodes;
    return result;
}

// ---- decisions ----

namespace {
template <class V>
int team_balance(const Position<V>& pos, Seat who, const eval::fourkingdoms::Weights& weights) {
    auto str = eval::fourkingdoms::strengths(pos, weights);
    int  v   = 0;
    for (Seat s = 0; s < 4; ++s) {
        int w = str[s] + (pos.in_game(s) ? kKingAlive : 0);
        v += (fk::team_of(who) & fk::seat_bit(s)) ? w : -w;
    }
    return v;
}
} // namespace

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsEngine<V>::should_accept_draw(const FourKingdomsGame<V>& game, Seat who) const {
    if (who > 3 || !game.in_game(who) || game.outcome().over) return false;
    if constexpr (V::Teams)
        return team_balance(game.position(), who, weights_) <= 50;
    else {
        Searcher s;
        s.weights = &weights_;
        if (!s.load(game)) return false;
        return s.utilities()[who] <= FkPoint;
    }
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsEngine<V>::should_accept_draw(
    const FourKingdomsGame<V>& game, Seat who, const Result& searched) const {
    if (who > 3 || !game.in_game(who) || game.outcome().over) return false;
    if (game.to_move() != who || searched.lines.empty()) return should_accept_draw(game, who);
    const Score& sc = searched.lines[0].score; // the mover's view
    if (sc.mate) return sc.value < 0;
    return sc.value <= (V::Teams ? 50 : 0); // free-for-all: expected points - 1
}

template <class V>
requires FourKingdomsVariant<V> std::optional<int> FourKingdomsEngine<V>::alliance_gain(
    const FourKingdomsGame<V>& game, Seat by, Seat with)
const {
    if constexpr (V::Teams)
        return std::nullopt;
    else {
        if (by > 3 || with > 3 || by == with || game.outcome().over) return std::nullopt;
        const u8 pair = u8(fk::seat_bit(by) | fk::seat_bit(with));
        if (!game.alliance_allowed(pair)) return std::nullopt;

        TranspositionTable table(1);
        std::atomic<bool>  halt{ false };
        Searcher           alone, allied;
        for (Searcher* s : { &alone, &allied }) {
            s->weights = &weights_;
            s->tt      = &table;
            s->halt    = &halt;
            s->start   = Searcher::Clock::now();
            s->hard_ms = 0;
            if (!s->load(game)) return std::nullopt;
        }
        if (!allied.pos->ally(pair, allied.played.emplace_back())) return std::nullopt;
        allied.keys.push_back(allied.pos->key());
        // Iterative deepening, both searches at each depth; the deepest depth both finished
        // decides (depth 1 always finishes: the node cap starts after it).
        int gain = 0;
        for (int depth = 1; depth <= kJudgeDepth; ++depth) {
            int  v[2];
            bool finished = true;
            int  i        = 0;
            for (Searcher* s : { &alone, &allied }) {
                s->nodes     = 0;
                s->max_nodes = depth == 1 ? 0 : kJudgeNodes;
                v[i++]       = s->judge(by, depth);
                finished &= !s->stopped;
            }
            if (!finished) break;
            gain = v[1] - v[0];
        }
        return gain;
    }
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsEngine<V>::should_propose_alliance(
    const FourKingdomsGame<V>& game, Seat by, Seat with) const {
    auto gain = alliance_gain(game, by, with);
    if (!gain) return false;
    if (std::abs(*gain) > kAllianceTie) return *gain > 0;
    // The search sees no difference (nobody's pieces meet yet): ally against an absorber
    // stronger than each of the two, the case an alliance helps in the long run.
    const Seat third = Seat(std::countr_zero(
        unsigned(game.position().players() & ~(fk::seat_bit(by) | fk::seat_bit(with)))));
    auto       str   = eval::fourkingdoms::strengths(game.position(), weights_);
    return str[third] > str[by] && str[third] > str[with];
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsEngine<V>::should_accept_alliance(const FourKingdomsGame<V>& game, Seat by) const {
    auto p = game.proposal();
    return p && p->second == by && should_propose_alliance(game, by, p->first);
}

template <class V>
requires FourKingdomsVariant<V>
bool FourKingdomsEngine<V>::should_resign(
    const FourKingdomsGame<V>& game, Seat who, int min_level) const {
    if (effective_skill(options_) < min_level) return false;
    if (who > 3 || !game.in_game(who) || game.outcome().over) return false;
    const auto& pos = game.position();
    if constexpr (V::Teams)
        return team_balance(pos, who, weights_) <= -1500 - kKingAlive;
    else {
        // Resigning as the first or second out scores -1, being mated 1: only the last two
        // players' loser gains nothing by playing on.
        if (std::popcount(unsigned(pos.players())) != 2) return false;
        auto str   = eval::fourkingdoms::strengths(pos, weights_);
        Seat other = Seat(std::countr_zero(unsigned(pos.players() & ~fk::seat_bit(who))));
        return str[other] > 5 * std::max(str[who], 1);
    }
}

template class FourKingdomsEngine<FourKingdoms>;
template class FourKingdomsEngine<FourKingdomsTeams>;

} // namespace citadel::search
