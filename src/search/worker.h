// Worker<V>: one thread's search (search/engine.cpp runs one per Thread). Everything a newcomer
// looks for is here, in this order:
//   iterative deepening + aspiration windows + MultiPV ..... iterate()
//   principal-variation alpha-beta (root) .................. search_root()
//   PVS, TT cut-offs, mate-distance pruning, the table's value refining the static eval,
//   reverse futility, null move (zugzwang-guarded), razoring, internal iterative reduction,
//   check extension, late-move reductions (quiet moves, losing captures) and pruning,
//   futility ............................................... search()
//   quiescence search ...................................... qsearch()
//   draws in the tree (repetition against the game history, move rule, dead position) and the
//   variants' own ends (Tamerlane stalemate wins, citadel draw; pawn race) ..... rule_score(),
//   no_move_score()
//   move ordering (hash move, MVV-LVA captures, killers, counter-moves, SEE, history and
//   continuation history) .................................. score_moves(), see()
//   the static evaluation: the chess net's accumulators, one per ply, updated by play()
//   (docs/nnue.md), or the variant's hand-written evaluation ..... static_eval()
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>

#include "core/game_end.h"
#include "core/movegen.h"
#include "eval/evaluate.h"
#include "eval/nnue.h"
#include "search/engine.h"
#include "search/huge_array.h"
#include "search/see.h"

namespace citadel::search {

template <class V> class Worker {
    using G                           = typename V::Geometry;
    using BB                          = typename G::Bitboard;
    static constexpr int  N           = G::Squares;
    static constexpr bool IsTamerlane = std::is_same_v<V, Tamerlane>;
    static constexpr bool IsRace      = V::LastRankWins;
    static constexpr bool IsChess     = std::is_same_v<V, Chess>; // the one with a net
    // Where having no move is only mate or stalemate (chess, Silverman), a node may be cut
    // before its moves are generated; the pawn race and Tamerlane, where it loses, not.
    static constexpr bool CutBeforeMoves = V::HasKing && !IsTamerlane;

  public:
    struct RootMove {
        Move              move;
        int               score = -Infinite, previous = -Infinite, seldepth = 0;
        u64               nodes = 0; // searched under it, all iterations of this search
        std::vector<Move> pv;
    };

    Worker(SearchShared& shared, int id)
        : shared_(shared)
        , id_(id) {
        history_.assign(2 * N * N, 0);
        counter_.assign(PieceLimit * N, Move{});
        if constexpr (HasContinuation)
            continuation_ = HugeArray<std::int16_t>(size_t(PieceSquares) * PieceSquares);
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                reduction_[d][m] = int(0.5 + std::log(double(d)) * std::log(double(m)) / 2.2);
    }

    void clear_history() {
        std::fill(history_.begin(), history_.end(), 0);
        std::fill(counter_.begin(), counter_.end(), Move{});
        std::fill(continuation_.begin(), continuation_.end(), 0);
    }

    // Sets the root: start + moves. False when the set-up is refused.
    bool set_root(const Setup<G>& start, std::span<const Move> moves) {
        history_states_.clear();
        if (pos_.set(start, history_states_.emplace_back())) return false;
        for (Move m : moves) pos_.make(m, history_states_.emplace_back());
        if constexpr (IsChess) {
            network_ = shared_.network;
            if (network_) {
                accumulators_.resize(MaxPly + 2);
                eval::nnue::refresh(*network_, pos_, accumulators_[0]);
            }
        }
        find_root_repeats();
        nodes_.store(0, std::memory_order_relaxed);
        last_best_         = Move{}; // the iterations of the last search say nothing here
        stable_iterations_ = 0;
        for (Stack& ss : stack_) ss = Stack{}; // killers belong to one search
        root_moves_.clear();
        if (variant_end(0).has_value()) return true; // over by the variant's rule: no moves
        for (Move m : legal_moves(pos_)) {
            RootMove rm;
            rm.move = m;
            root_moves_.push_back(std::move(rm));
        }
        return true;
    }

    const Position<V>&           position() const { return pos_; }
    const std::vector<RootMove>& root_moves() const { return root_moves_; }
    u64                          nodes() const { return nodes_.load(std::memory_order_relaxed); }

    // Iterative deepening until a limit or stop. The main worker (id 0) reports through
    // on_iteration after each finished depth.
    void iterate(const std::function<void(int depth)>& on_iteration) {
        if (root_moves_.empty()) return;
        const int lines = std::min<int>(shared_.multipv, int(root_moves_.size()));
        for (int depth = 1 + (id_ & 1); depth <= shared_.max_depth; ++depth) {
            for (auto& rm : root_moves_) rm.previous = rm.score;
            for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
                seldepth_ = 0;
                int prev  = root_moves_[pv_index_].previous;
                int delta = 30, alpha = -Infinite, beta = Infinite;
                if (depth >= 4 && std::abs(prev) < MateInMax)
                    alpha = std::max(prev - delta, -Infinite),
                    beta  = std::min(prev + delta, Infinite);
                while (true) { // aspiration: widen on a fail low or high
                    int v = search_root(alpha, beta, depth);
                    sort_root(pv_index_);
                    if (stopped()) break;
                    if (v <= alpha)
                        beta = (alpha + beta) / 2, alpha = std::max(v - delta, -Infinite);
                    else if (v >= beta)
                        beta = std::min(v + delta, Infinite);
                    else
                        break;
                    delta += delta;
                }
                sort_root(0, pv_index_ + 1);
                if (stopped()) break;
            }
            if (stopped()) break;
            const RootMove& best = root_moves_[0];
            stable_iterations_ = depth > 1 && best.move == last_best_ ? stable_iterations_ + 1 : 0;
            score_drop_
                = depth > 1 && std::abs(best.score) < MateInMax && std::abs(last_score_) < MateInMax
                ? last_score_ - best.score
                : 0;
            last_best_  = best.move;
            last_score_ = best.score;
            if (id_ == 0 && on_iteration) on_iteration(depth);
            if (id_ == 0 && done_after(depth)) break;
        }
    }

  private:
    // ---- limits -------------------------------------------------------------------------------

    bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

    void count_node() {
        u64 n = nodes_.load(std::memory_order_relaxed) + 1;
        nodes_.store(n, std::memory_order_relaxed);
        if (id_ != 0) return;
        if (shared_.max_nodes && n >= shared_.max_nodes) shared_.stop = true;
        if ((n & 1023) == 0 && !shared_.pondering.load(std::memory_order_relaxed)
            && shared_.budget.hard_ms && shared_.elapsed_ms() >= shared_.budget.hard_ms)
            shared_.stop = true;
    }

    // Whether the main worker should not start another iteration: when half the soft limit is
    // spent, the next would likely need the rest. In chess the half is scaled by how settled the
    // best move is (soft_scale in search/time.h; measured in chess only).
    bool done_after(int depth) const {
        if (shared_.pondering.load() || shared_.limits.infinite) return false;
        if (!shared_.budget.soft_ms) return false;
        if (root_moves_.size() == 1 && depth >= 4) return true;
        double scale = 1;
        if constexpr (IsChess)
            if (depth >= 6) {
                u64 all = 0;
                for (const RootMove& rm : root_moves_) all += rm.nodes;
                scale = soft_scale(double(root_moves_[0].nodes) / double(std::max<u64>(all, 1)),
                    stable_iterations_, score_drop_);
            }
        return shared_.elapsed_ms() >= shared_.budget.soft_ms / 2 * scale;
    }

    // ---- the rules in the tree ----------------------------------------------------------------

    static int mated_in(int ply) { return -MateValue + ply; }
    static int mate_in(int ply) { return MateValue - ply; }

    // The score of a position the variant's rules end without a look at the moves: the pawn
    // race won or lost, Tamerlane's citadel draw.
    std::optional<int> variant_end(int ply) const {
        if constexpr (IsRace) {
            const Outcome race = race_outcome(pos_);
            if (race.over())
                return race.winner == pos_.side_to_move() ? mate_in(ply) : mated_in(ply);
        }
        if constexpr (IsTamerlane)
            if (pos_.citadel_draw()) return 0;
        return std::nullopt;
    }

    // variant_end, or a draw the tree must score as one: repetition, the move rule, a dead
    // position (at the root these never stop the engine from giving a move).
    std::optional<int> rule_score(int ply) const {
        if (auto v = variant_end(ply)) return v;
        if constexpr (!IsTamerlane) {
            if (pos_.rule50() >= 100 && !pos_.in_check()) return 0;
            if constexpr (V::HasKing)
                if (dead_by_lone_minor(pos_)) return 0;
        }
        if (ply > 0 && repeated(ply)) return 0;
        return std::nullopt;
    }

    // The score when the side to move has no legal move: mated or stalemated in chess and
    // Silverman (stalemate a draw); lost in the pawn race and in Tamerlane, whose stalemate is a
    // win for the stalemating side.
    int no_move_score(int ply) const {
        if constexpr (!IsTamerlane && V::HasKing)
            if (!pos_.in_check()) return 0;
        return mated_in(ply);
    }

    // A repetition: once inside the tree, or twice counting the game's history up to the root
    // (the third occurrence: chess's claim, Tamerlane's automatic draw). The tree's own line is
    // walked; the game's positions are known from root_twice_, however long ago they stood
    // (Tamerlane, without a move rule, repeats hundreds of plies apart).
    bool repeated(int ply) const {
        const auto* st   = pos_.state();
        const int   back = std::min(st->rule50, stack_[ply].plies_from_null);
        const auto* s    = st->previous;
        for (int i = 1; i < ply && i <= back; ++i, s = s->previous)
            if (i >= 4 && !(i & 1) && s->key == st->key) return true;
        if (back < ply) return false; // an irreversible or null move in the line: none reaches
        return std::find(root_twice_.begin(), root_twice_.end(), st->key) != root_twice_.end();
    }

    // root_twice_: the positions standing at least twice in the game up to the root, since its
    // last irreversible move (usually none, so a node's look-up is free).
    void find_root_repeats() {
        std::vector<u64> keys;
        const auto*      s = pos_.state();
        for (int i = 0; s && i <= pos_.state()->rule50; ++i, s = s->previous)
            keys.push_back(s->key);
        std::sort(keys.begin(), keys.end());
        root_twice_.clear();
        for (size_t i = 1; i < keys.size(); ++i)
            if (keys[i] == keys[i - 1]) root_twice_.push_back(keys[i]);
        root_twice_.erase(std::unique(root_twice_.begin(), root_twice_.end()), root_twice_.end());
    }

    bool has_pieces(Seat s) const { // something beyond royals and pawns: null move is safe
        if constexpr (IsTamerlane)
            return any(pos_.pieces(s) & ~pos_.pawns(s) & ~pos_.royals(s));
        else
            return any(pos_.pieces(s) & ~pos_.pieces(Pawn) & ~pos_.pieces(King));
    }

    // ---- move ordering ------------------------------------------------------------------------

    static constexpr int order_value(PieceType t) { return search::order_value(t); }

    bool is_capture(Move m) const {
        if (m.kind() == MoveKind::EnPassant) return true;
        if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::KingSwap) return false;
        Piece p = pos_.piece_on(m.to());
        return p != NoPiece && seat_of(p) != pos_.side_to_move();
    }
    int see(Move m) const { return static_exchange(pos_, m); }
    // A capture that loses material in the exchange (a promotion never counts as one).
    bool loses_exchange(Move m) const {
        return m.kind() != MoveKind::Promotion && is_capture(m) && see(m) < 0;
    }

    // Captures and the moves that change the material balance at once: queen promotions, a
    // pawn reaching the last rank in the pawn race.
    bool is_noisy(Move m) const {
        if (is_capture(m)) return true;
        if constexpr (IsRace)
            return G::rank_of(m.to()) == Position<V>::last_rank(pos_.side_to_move());
        else
            return m.kind() == MoveKind::Promotion && m.promotion() == Queen;
    }
    int  victim_value(Move m) const { return search::victim_value(pos_, m); }
    int& history(Move m) { return history_[(pos_.side_to_move() * N + m.from()) * N + m.to()]; }

    // Continuation history: how a quiet move fared after the move one ply back (the opponent's
    // last) and two plies back (our own previous), by the piece and square of both. Tamerlane
    // goes without: its 27 piece kinds on 112 squares would need some 70 MB a thread.
    static constexpr bool HasContinuation = !IsTamerlane;
    static constexpr int  PieceSquares    = 16 * N; // [seat][piece type < 8][square]
    static int piece_square(Piece p, Square s) { return ((seat_of(p) << 3) | type_of(p)) * N + s; }
    std::int16_t* continuation(int ply, int back, Move m) {
        if constexpr (!HasContinuation)
            return nullptr;
        else {
            if (ply < back || stack_[ply - back].move.is_none()) return nullptr;
            const Stack& before = stack_[ply - back];
            return &continuation_[size_t(piece_square(before.moved, before.move.to()))
                    * PieceSquares
                + piece_square(pos_.piece_on(m.from()), m.to())];
        }
    }
    // A quiet move's standing: its ordering score, and what late-move reductions read.
    int quiet_score(Move m, int ply) {
        int v = history(m);
        for (int back : { 1, 2 })
            if (const std::int16_t* c = continuation(ply, back, m)) v += *c;
        return v;
    }
    // History statistics move towards each bonus and saturate at +-HistoryLimit (a large value
    // moves less), so old lessons fade.
    static constexpr int           HistoryLimit = 16384;
    template <class T> static void update_stat(T& h, int bonus) {
        h = T(h + bonus - h * std::abs(bonus) / HistoryLimit);
    }

    // The ordering's bands, highest first: the table move, winning and equal captures, the
    // quiet hints (killers, counter-move), losing captures, then quiet moves by quiet_score.
    static constexpr int TableMoveBand = 1 << 30, CaptureBand = 1 << 28, QuietHintBand = 1 << 27,
                         LosingCaptureBand = 1 << 26;

    // noisy_only (the quiescence search outside check): quiet moves other than the table move
    // are never searched, so they get the lowest score without a look at their statistics.
    template <int Cap>
    void score_moves(
        const MoveList<Cap>& list, int* scores, Move tt_move, int ply, bool noisy_only = false) {
        const Stack& ss      = stack_[ply];
        Move         counter = ply > 0 && !stack_[ply - 1].move.is_none()
                    ? counter_[stack_[ply - 1].moved * N + stack_[ply - 1].move.to()]
                    : Move{};
        for (int i = 0; i < list.size(); ++i) {
            Move m = list.moves[i];
            if (m == tt_move)
                scores[i] = TableMoveBand;
            else if (is_noisy(m) && loses_exchange(m))
                scores[i] = LosingCaptureBand + victim_value(m);
            else if (is_noisy(m))
                scores[i] = CaptureBand + victim_value(m) * 16
                    - order_value(type_of(pos_.piece_on(m.from()))) / 16
                    + (m.kind() == MoveKind::Promotion ? 8000 : 0);
            else if (noisy_only)
                scores[i] = -Infinite;
            else if (m == ss.killers[0])
                scores[i] = QuietHintBand + 2;
            else if (m == ss.killers[1])
                scores[i] = QuietHintBand + 1;
            else if (m == counter)
                scores[i] = QuietHintBand;
            else
                scores[i] = quiet_score(m, ply);
        }
    }
    // Moves the best remaining move to index i (selection: most nodes cut after a few moves).
    template <int Cap> static void pick(MoveList<Cap>& list, int* scores, int i) {
        int best = i;
        for (int j = i + 1; j < list.size(); ++j)
            if (scores[j] > scores[best]) best = j;
        std::swap(list.moves[i], list.moves[best]);
        std::swap(scores[i], scores[best]);
    }

    void reward_quiet(Move m, int ply, int depth, const Move* tried, int n_tried) {
        Stack& ss = stack_[ply];
        if (ss.killers[0] != m) ss.killers[1] = ss.killers[0], ss.killers[0] = m;
        const int bonus  = std::min(depth * depth * 8, 4000);
        auto      reward = [&](Move q, int b) {
            update_stat(history(q), b);
            for (int back : { 1, 2 })
                if (std::int16_t* c = continuation(ply, back, q)) update_stat(*c, b);
        };
        reward(m, bonus);
        for (int i = 0; i < n_tried; ++i)
            if (tried[i] != m) reward(tried[i], -bonus);
        if (ply > 0 && !stack_[ply - 1].move.is_none())
            counter_[stack_[ply - 1].moved * N + stack_[ply - 1].move.to()] = m;
    }

    // ---- make / unmake with the stack ---------------------------------------------------------

    // The net's accumulator of ply + 1 is written from ply's before the move is made (the delta
    // reads the board as it was); unmaking needs nothing: ply's is unchanged.
    void play(Move m, int ply) {
        stack_[ply].move  = m;
        stack_[ply].moved = pos_.piece_on(m.from());
        if constexpr (IsChess)
            if (network_) update_accumulator(m, ply);
        pos_.make(m, states_[ply]);
        shared_.tt->prefetch(pos_.key());
        stack_[ply + 1].plies_from_null = stack_[ply].plies_from_null + 1;
    }

    // Out of line, so that play() costs the hand-written evaluation no more than a test.
    [[gnu::noinline]] void update_accumulator(Move m, int ply) {
        eval::nnue::update(
            *network_, accumulators_[ply], eval::nnue::delta_of(pos_, m), accumulators_[ply + 1]);
    }

    static int value_to_tt(int v, int ply) {
        return v >= MateInMax ? v + ply : v <= -MateInMax ? v - ply : v;
    }
    static int value_from_tt(int v, int ply) {
        return v >= MateInMax ? v - ply : v <= -MateInMax ? v + ply : v;
    }
    // The stored value when its bound settles the window [alpha, beta] (a cut-off), else none.
    static std::optional<int> tt_cutoff(
        const TranspositionTable::Hit& hit, int ply, int alpha, int beta) {
        int v = value_from_tt(hit.value, ply);
        if (hit.bound == Bound::Exact || (hit.bound == Bound::Lower && v >= beta)
            || (hit.bound == Bound::Upper && v <= alpha))
            return v;
        return std::nullopt;
    }

    // The position's score at ply from the side to move's view: the chess net where one is set,
    // else the variant's hand-written evaluation.
    int static_eval(int ply) const {
        if constexpr (IsChess)
            if (network_)
                return eval::nnue::evaluate(
                    *network_, accumulators_[ply], pos_.side_to_move(), popcount(pos_.pieces()));
        return eval::evaluate(pos_);
    }

    // The static evaluation, or the table's value where its bound says the position is better
    // (lower bound) or worse (upper bound) than that: what the pruning below compares.
    int refined_eval(bool tt_hit, const TranspositionTable::Hit& hit, int ply) const {
        const int e = static_eval(ply);
        if (!tt_hit || std::abs(hit.value) >= MateInMax) return e;
        const int v = value_from_tt(hit.value, ply);
        return hit.bound == Bound::Exact || (hit.bound == Bound::Lower && v > e)
                || (hit.bound == Bound::Upper && v < e)
            ? v
            : e;
    }

    void update_pv(int ply, Move m) {
        pv_[ply][ply] = m;
        for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
    }

    // ---- the search ---------------------------------------------------------------------------

    void sort_root(int from, int to = -1) {
        auto end = to < 0 ? root_moves_.end() : root_moves_.begin() + to;
        std::stable_sort(root_moves_.begin() + from, end,
            [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }

    int search_root(int alpha, int beta, int depth) {
        stack_[0].plies_from_null = MaxPly + 1; // no null move in the line: the game counts
        stack_[0].killers[0] = stack_[0].killers[1] = Move{};
        stack_[0].move                              = Move{};
        int best = -Infinite, count = 0;
        for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
            RootMove& rm = root_moves_[i];
            ++count;
            pv_length_[1]    = 1;
            const u64 before = nodes();
            play(rm.move, 0);
            count_node();
            int ext = pos_.in_check() ? 1 : 0, v;
            if (count == 1)
                v = -search<true>(-beta, -alpha, depth - 1 + ext, 1, false);
            else {
                v = -search<false>(-alpha - 1, -alpha, depth - 1 + ext, 1, true);
                if (v > alpha && v < beta)
                    v = -search<true>(-beta, -alpha, depth - 1 + ext, 1, false);
            }
            pos_.unmake(rm.move);
            rm.nodes += nodes() - before;
            if (stopped()) return best;
            if (count == 1 || v > alpha) {
                rm.score    = v;
                rm.seldepth = seldepth_;
                rm.pv.assign(1, rm.move);
                for (int j = 1; j < pv_length_[1]; ++j) rm.pv.push_back(pv_[1][j]);
            } else
                rm.score = -Infinite;
            if (v > best) best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
        return best;
    }

    template <bool PvNode> int search(int alpha, int beta, int depth, int ply, bool cut_node) {
        if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply);
        pv_length_[ply] = ply;
        if (stopped()) return 0;
        if (auto r = rule_score(ply)) return *r;
        if (ply >= MaxPly - 4) return static_eval(ply);
        seldepth_ = std::max(seldepth_, ply);
        // Mate-distance pruning: no line from here beats a mate found nearer the root.
        alpha = std::max(alpha, mated_in(ply));
        beta  = std::min(beta, mate_in(ply + 1));
        if (alpha >= beta) return alpha;

        TranspositionTable::Hit hit;
        const bool              tt_hit  = shared_.tt->probe(pos_.key(), hit);
        const Move              tt_move = tt_hit ? hit.move : Move{};
        if (tt_hit && !PvNode && hit.depth >= depth)
            if (auto v = tt_cutoff(hit, ply, alpha, beta)) return *v;

        // Where CutBeforeMoves, the moves are generated after the pruning below, which often
        // ends the node first; a stalemate is then missed only for a side above beta.
        MoveList<V::MaxMoves> moves = CutBeforeMoves ? MoveList<V::MaxMoves>{} : legal_moves(pos_);
        if (!CutBeforeMoves && moves.size() == 0) return no_move_score(ply);

        const bool in_check        = pos_.in_check();
        const int  eval            = in_check ? -Infinite : refined_eval(tt_hit, hit, ply);
        stack_[ply + 1].killers[0] = stack_[ply + 1].killers[1] = Move{};

        if (!PvNode && !in_check && std::abs(beta) < MateInMax) {
            // Reverse futility: far above beta with little depth left.
            if (depth <= 6 && eval - 90 * depth >= beta) return eval;
            // Null move: give the opponent a free move; if still >= beta, cut. Never where
            // zugzwang is the rule (the pawn race; a side with only royals and pawns).
            if constexpr (V::HasKing) {
                if (depth >= 3 && eval >= beta && !stack_[ply - 1].move.is_none()
                    && has_pieces(pos_.side_to_move())) {
                    int r            = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
                    stack_[ply].move = Move{};
                    if constexpr (IsChess)
                        if (network_) // the same pieces: the same accumulator
                            eval::nnue::copy(*network_, accumulators_[ply], accumulators_[ply + 1]);
                    pos_.make_null(states_[ply]);
                    stack_[ply + 1].plies_from_null = 0;
                    int v = -search<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                    pos_.unmake_null();
                    if (stopped()) return 0;
                    if (v >= beta) return v >= MateInMax ? beta : v;
                }
            }
            // Razoring: far below alpha with little depth left, only captures can save the
            // node; if the quiescence search agrees, it fails low.
            if (depth <= 3 && eval + 250 * depth <= alpha) {
                int v = qsearch<false>(alpha, alpha + 1, ply);
                if (stopped()) return 0;
                if (v <= alpha) return v;
            }
        }

        if constexpr (CutBeforeMoves) {
            MoveSink<V> sink{ moves };
            generate_legal(pos_, sink);
            if (moves.size() == 0) return no_move_score(ply);
        }

        // Internal iterative reduction: a node without a table move was never searched, or
        // not usefully; a shallower look costs less and leaves a move for the next iteration.
        if (depth >= 4 && tt_move.is_none()) --depth;

        int scores[V::MaxMoves];
        score_moves(moves, scores, tt_move, ply);
        Move      quiets[64];
        int       n_quiets = 0, count = 0, best = -Infinite;
        Move      best_move;
        const int old_alpha = alpha;
        for (int i = 0; i < moves.size(); ++i) {
            pick(moves, scores, i);
            Move m      = moves.moves[i];
            bool quiet  = !is_noisy(m);
            bool killer = m == stack_[ply].killers[0] || m == stack_[ply].killers[1];
            ++count;
            // A late move may be reduced: a quiet one by its standing, read before it is made.
            const bool late     = depth >= 3 && count > 1 + 2 * PvNode;
            const int  standing = late && quiet ? quiet_score(m, ply) : 0;
            play(m, ply);
            count_node();
            bool gives_check = pos_.in_check();
            // Late-move and futility pruning: quiet moves deep in the list, or hopeless ones.
            if (!PvNode && !in_check && quiet && !gives_check && best > -MateInMax) {
                if ((depth <= 4 && count > 3 + depth * depth)
                    || (depth <= 3 && eval + 100 + 120 * depth <= alpha)) {
                    pos_.unmake(m);
                    continue;
                }
            }
            int ext       = gives_check && ply < MaxPly / 2 ? 1 : 0; // check extension
            int new_depth = depth - 1 + ext, v;
            if (count == 1)
                v = -search<PvNode>(-beta, -alpha, new_depth, ply + 1, false);
            else {
                int  r              = 0; // late-move reduction: quiet moves and losing captures
                bool losing_capture = !quiet && scores[i] < QuietHintBand;
                if (late && (quiet || losing_capture)) {
                    r = reduction_[std::min(depth, 63)][std::min(count, 63)];
                    r += cut_node - PvNode - killer - standing / 10000; // well-tried: less
                    r = std::clamp(r, 0, new_depth - 1);
                }
                v = -search<false>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if (v > alpha && r > 0)
                    v = -search<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                if (PvNode && v > alpha && v < beta)
                    v = -search<true>(-beta, -alpha, new_depth, ply + 1, false);
            }
            pos_.unmake(m);
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    best_move = m;
                    if (PvNode) update_pv(ply, m);
                    if (v >= beta) {
                        if (quiet) reward_quiet(m, ply, depth, quiets, n_quiets);
                        break;
                    }
                    alpha = v;
                }
            }
            if (quiet && n_quiets < 64) quiets[n_quiets++] = m;
        }
        if (best == -Infinite) best = alpha; // every move pruned (only in non-PV nodes)
        Bound bound = best >= beta       ? Bound::Lower
            : PvNode && best > old_alpha ? Bound::Exact
                                         : Bound::Upper;
        shared_.tt->store(pos_.key(), best_move, value_to_tt(best, ply), depth, bound);
        return best;
    }

    template <bool PvNode> int qsearch(int alpha, int beta, int ply) {
        pv_length_[ply] = ply;
        if (stopped()) return 0;
        if (auto r = rule_score(ply)) return *r;
        if (ply >= MaxPly - 4) return static_eval(ply);
        seldepth_ = std::max(seldepth_, ply);

        TranspositionTable::Hit hit;
        const bool              tt_hit = shared_.tt->probe(pos_.key(), hit);
        if (tt_hit && !PvNode)
            if (auto v = tt_cutoff(hit, ply, alpha, beta)) return *v;
        // Stand pat: the side to move need not capture. Where CutBeforeMoves, a score at or
        // above beta returns before the moves are generated: a stalemate is then missed, but
        // only for a side that stands well anyway.
        const bool in_check  = pos_.in_check();
        const int  stand_pat = in_check ? -Infinite : static_eval(ply);
        if (CutBeforeMoves && stand_pat >= beta) return stand_pat;
        MoveList<V::MaxMoves> moves = legal_moves(pos_);
        if (moves.size() == 0) return no_move_score(ply);

        int       best      = stand_pat;
        const int old_alpha = alpha;
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
        int        scores[V::MaxMoves];
        const Move tt_move = tt_hit ? hit.move : Move{};
        score_moves(moves, scores, tt_move, ply, !in_check);
        Move best_move;
        for (int i = 0; i < moves.size(); ++i) {
            pick(moves, scores, i);
            Move m = moves.moves[i];
            // Outside check only captures and queen promotions, and not a capture that loses
            // material in the exchange: it cannot raise the stand-pat score. The ordering puts
            // such moves last (losing captures, then quiet ones), so the first ends the loop.
            if (!in_check) {
                if (m != tt_move && scores[i] < QuietHintBand) break;
                if (m == tt_move && (!is_noisy(m) || loses_exchange(m))) continue;
            }
            play(m, ply);
            count_node();
            int v = -qsearch<PvNode>(-beta, -alpha, ply + 1);
            pos_.unmake(m);
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                if (v > alpha) {
                    best_move = m;
                    if (PvNode) update_pv(ply, m);
                    if (v >= beta) break;
                    alpha = v;
                }
            }
        }
        Bound bound = best >= beta       ? Bound::Lower
            : PvNode && best > old_alpha ? Bound::Exact
                                         : Bound::Upper;
        shared_.tt->store(pos_.key(), best_move, value_to_tt(best, ply), 0, bound);
        return best;
    }

    struct Stack {
        Move  move;
        Piece moved           = NoPiece;
        Move  killers[2]      = {};
        int   plies_from_null = 0;
    };

    SearchShared&            shared_;
    const int                id_;
    Position<V>              pos_;
    std::deque<StateInfo<V>> history_states_; // the game from its start to the root
    std::vector<u64>         root_twice_; // see find_root_repeats()
    StateInfo<V>             states_[MaxPly + 1];
    Stack                    stack_[MaxPly + 2];
    Move                     pv_[MaxPly + 1][MaxPly + 1];
    int                      pv_length_[MaxPly + 2] = {};
    std::vector<int>         history_; // [seat][from][to]
    std::vector<Move>        counter_; // [moved piece][to]: the reply that refuted it
    HugeArray<std::int16_t>  continuation_; // [piece_square one or two plies back][this move's]
    int                      reduction_[64][64] = {};
    std::vector<RootMove>    root_moves_;
    std::atomic<u64>         nodes_{ 0 };
    int                      seldepth_ = 0, pv_index_ = 0;
    // The main worker's view of the iterations so far, for done_after(): the last best move and
    // score, how many iterations in a row it stood, how far its score fell in the last.
    Move last_best_;
    int  last_score_ = 0, stable_iterations_ = 0, score_drop_ = 0;
    // Chess with a net: the net (SearchShared::network at set_root) and the accumulator of each
    // ply's position; otherwise none and empty.
    const eval::nnue::Network*           network_ = nullptr;
    std::vector<eval::nnue::Accumulator> accumulators_;
};

} // namespace citadel::search
