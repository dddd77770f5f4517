// Game<V> member definitions (templates; included by game.h).
#pragma once

namespace citadel {

template <class V> std::optional<PositionError> Game<V>::reset(const Setup<G>& setup) {
    {
        Position<V>  trial;
        StateInfo<V> st;
        if (auto err = trial.set(setup, st)) return err;
    }
    states_.clear();
    moves_.clear();
    pos_.set(setup, states_.emplace_back());
    start_    = setup;
    declared_ = {};
    offers_   = 0;
    offers_before_.clear();
    events_.clear();
    last_move_.reset();
    return std::nullopt;
}

template <class V> std::optional<SetupError> Game<V>::load_fen(std::string_view fen) {
    auto setup = parse_fen<V>(fen);
    if (!setup) return setup.error();
    if (auto err = reset(*setup)) return *err;
    return std::nullopt;
}

template <class V> MoveList<V::MaxMoves> Game<V>::legal_moves() const {
    if (outcome().over()) return {};
    return citadel::legal_moves(pos_);
}

template <class V> bool Game<V>::play(Move m) {
    if (!legal_moves().contains(m)) return false;
    const Seat mover = pos_.side_to_move();
    pos_.make(m, states_.emplace_back());
    moves_.push_back(m);
    offers_before_.push_back(offers_);
    offers_ &= u8(1u << mover); // a move declines the opponent's offer; the mover's stands
    events_.clear();
    last_move_.reset();
    return true;
}

template <class V> bool Game<V>::undo() {
    if (moves_.empty()) return false;
    pos_.unmake(moves_.back());
    moves_.pop_back();
    states_.pop_back();
    if (declared_.over() && declared_at_ > moves_.size()) declared_ = {};
    offers_ = offers_before_.back();
    offers_before_.pop_back();
    events_.clear();
    last_move_.reset();
    return true;
}

template <class V> int Game<V>::repetitions() const {
    // Positions before the last capture or pawn move cannot recur; the key covers placement,
    // side to move, castling rights and a legal en passant capture.
    int                 count = 1;
    const StateInfo<V>* st    = pos_.state();
    int                 back  = std::min(st->rule50, int(moves_.size()));
    for (const StateInfo<V>* s = st->previous; s && back > 0; s = s->previous, --back)
        count += s->key == st->key;
    return count;
}

template <class V> std::vector<DrawClaim> Game<V>::claimable_draws() const {
    if (outcome().over()) return {};
    return claims_now();
}

template <class V> std::vector<DrawClaim> Game<V>::claims_now() const {
    std::vector<DrawClaim> out;
    if constexpr (!V::OwnGameEnd) { // (every draw of such a variant is automatic)
        if (repetitions() >= V::ClaimRepetition) out.push_back(DrawClaim::ThreefoldRepetition);
        if (pos_.rule50() >= 2 * V::ClaimMoveRule) out.push_back(DrawClaim::FiftyMoveRule);
    }
    return out;
}

template <class V> bool Game<V>::claim_draw(DrawClaim claim) {
    auto claims = claimable_draws();
    if (std::find(claims.begin(), claims.end(), claim) == claims.end()) return false;
    declared_    = { Outcome::Kind::Draw, White,
        claim == DrawClaim::ThreefoldRepetition ? Termination::ThreefoldRepetition
                                                   : Termination::FiftyMoveRule };
    declared_at_ = moves_.size();
    return true;
}

template <class V> std::vector<DrawClaim> Game<V>::claimable_draws_with(Move m) const {
    if (!legal_moves().contains(m)) return {};
    return claims_after(m);
}

template <class V> std::vector<DrawClaim> Game<V>::claims_after(Move m) const {
    std::vector<DrawClaim> out;
    if constexpr (!V::OwnGameEnd) {
        // The position after m, on a copy: its key is compared with the game's earlier ones.
        Position<V>  after;
        StateInfo<V> now, next;
        after.set(pos_.setup(), now);
        after.make(m, next);
        int count = 1;
        int back  = std::min(after.rule50(), int(moves_.size()) + 1);
        for (const StateInfo<V>* s = pos_.state(); s && back > 0; s = s->previous, --back)
            count += s->key == after.key();
        if (count >= V::ClaimRepetition) out.push_back(DrawClaim::ThreefoldRepetition);
        if (after.rule50() >= 2 * V::ClaimMoveRule) out.push_back(DrawClaim::FiftyMoveRule);
    }
    return out;
}

template <class V> ClaimResult Game<V>::claim_draw(DrawClaim claim, Move m) {
    auto claims = claimable_draws_with(m);
    bool holds  = std::find(claims.begin(), claims.end(), claim) != claims.end();
    if (V::OwnGameEnd || !play(m)) return ClaimResult::Refused;
    if (!holds) return ClaimResult::MoveStands;
    if (Outcome by_rules = by_rule(); by_rules.over())
        return by_rules.kind == Outcome::Kind::Draw ? ClaimResult::Drawn : ClaimResult::MoveStands;
    declared_    = { Outcome::Kind::Draw, White,
        claim == DrawClaim::ThreefoldRepetition ? Termination::ThreefoldRepetition
                                                   : Termination::FiftyMoveRule };
    declared_at_ = moves_.size();
    return ClaimResult::Drawn;
}

template <class V> void Game<V>::agree_draw() {
    if (outcome().over()) return;
    declared_    = { Outcome::Kind::Draw, White, Termination::Agreement };
    declared_at_ = moves_.size();
}

template <class V> void Game<V>::resign(Seat loser) {
    if (loser >= V::Seats || outcome().over()) return;
    declared_    = { Outcome::Kind::Win, Seat(loser ^ 1), Termination::Resignation };
    declared_at_ = moves_.size();
}

template <class V> void Game<V>::flag(Seat loser) {
    if (loser >= V::Seats || outcome().over()) return;
    declared_    = can_mate(loser ^ 1)
           ? Outcome{ Outcome::Kind::Win, Seat(loser ^ 1), Termination::TimeForfeit }
           : Outcome{ Outcome::Kind::Draw, White, Termination::TimeoutVsInsufficientMaterial };
    declared_at_ = moves_.size();
}

template <class V> bool Game<V>::dead_position() const {
    if constexpr (!V::HasKing || V::OwnGameEnd)
        return false;
    else
        return dead_by_material(pos_);
}

template <class V> bool Game<V>::can_mate(Seat s) const {
    // Tamerlane knows no insufficient material: even a bare king wins by stalemating.
    if constexpr (!V::HasKing || V::OwnGameEnd)
        return true;
    else
        return pos_.pieces(s) != pos_.pieces(s, King) && !dead_position();
}

template <class V> Outcome Game<V>::by_rule() const {
    if constexpr (V::OwnGameEnd) {
        return outcome_by_rules(pos_, repetitions(), fifty_move_rule_);
    } else {
        using K       = Outcome::Kind;
        const Seat us = pos_.side_to_move();
        if constexpr (V::LastRankWins)
            if (const Outcome race = race_outcome(pos_); race.over()) return race;
        // Mate and stalemate before the automatic draws: a checkmate on the move that completes the
        // 75 moves ends the game as checkmate (FIDE 9.6.2).
        if (count_legal(pos_) == 0) {
            if (!V::HasKing) return { K::Win, Seat(us ^ 1), Termination::Stalemate };
            if (pos_.in_check()) return { K::Win, Seat(us ^ 1), Termination::Checkmate };
            return { K::Draw, White, Termination::Stalemate };
        }
        if (pos_.rule50() >= 2 * V::AutoMoveRule)
            return { K::Draw, White, Termination::SeventyFiveMoveRule };
        if (repetitions() >= V::AutoRepetition)
            return { K::Draw, White, Termination::FivefoldRepetition };
        if (dead_position()) return { K::Draw, White, Termination::DeadPosition };
        return {};
    }
}

template <class V> Outcome Game<V>::outcome() const {
    return declared_.over() ? declared_ : by_rule();
}

// ---- the game contract ----

template <class V> std::optional<MoveRefusal> Game<V>::try_move(std::string_view text) {
    auto req = parse_move_request<G>(text);
    if (!req) return malformed_move(req.error().message);
    const Seat                us = pos_.side_to_move();
    auto                      m  = find_move(pos_, *req);
    std::optional<PlayedMove> played;
    if (m) played = PlayedMove{ move_to_uci<V>(*m), to_san(pos_, *m), us };
    if (!m || !play(*m)) return explain_refusal<V>(pos_, *req, why_illegal(pos_, *req), us);
    last_move_ = std::move(played);
    if (pos_.in_check()) events_.push_back({ EventKind::Check, pos_.side_to_move() });
    return std::nullopt;
}

template <class V> std::optional<std::string> Game<V>::act(Action action, Seat who, Seat with) {
    (void)with;
    if (who >= V::Seats) return "there is no such seat";
    if (outcome().over()) return "the game is over";
    const u8 own = u8(1u << who), theirs = u8(1u << (who ^ 1));
    auto     done = [&](EventKind k) -> std::optional<std::string> {
        events_.assign(1, { k, who });
        last_move_.reset();
        return std::nullopt;
    };
    switch (action) {
    case Action::Resign:
        resign(who);
        return done(EventKind::Resignation);
    case Action::OfferDraw:
        if (offers_ & own) return "your draw offer stands already";
        if (offers_ & theirs) return act(Action::AcceptDraw, who);
        offers_ |= own;
        return done(EventKind::DrawOffered);
    case Action::AcceptDraw:
        if (!(offers_ & theirs)) return "no draw offer of the opponent stands";
        agree_draw();
        offers_ = 0;
        return done(EventKind::DrawAccepted);
    case Action::DeclineDraw:
        if (!(offers_ & theirs)) return "no draw offer of the opponent stands";
        offers_ &= u8(~theirs);
        return done(EventKind::DrawDeclined);
    case Action::ClaimDraw: {
        // (Whose claim it is, the caller knows: the player to move, or the player whose move
        // brought the position about, FIDE 9.2.1.)
        auto claims = claims_now();
        if (claims.empty()) {
            if constexpr (V::OwnGameEnd)
                return "every draw of " + std::string(V::Name)
                    + " is automatic; none can be claimed";
            return "no draw can be claimed now: the position has stood "
                + std::to_string(repetitions()) + " time(s) and " + std::to_string(pos_.rule50())
                + " half-moves were played without a capture or pawn move";
        }
        claim_draw(claims.front());
        return done(EventKind::DrawClaimed);
    }
    case Action::ProposeAlliance:
    case Action::AcceptAlliance:
        return "alliances exist only in Four Kingdoms";
    case Action::Flag:
        flag(who);
        return done(EventKind::Flag);
    }
    return "unknown action";
}

template <class V> Turn Game<V>::turn() const {
    Turn t;
    t.seats         = 2;
    t.ply           = int(moves_.size());
    t.fen           = fen();
    t.to_move       = pos_.side_to_move();
    t.in_check      = pos_.in_check();
    t.draw_offers   = offers_;
    t.move          = last_move_;
    t.events        = events_;
    const Outcome o = outcome(); // the one legal-move count of this turn
    t.status        = termination_id(o.reason);
    t.result        = o.score();
    t.text          = o.describe();
    if (o.over()) return t;
    const auto legal = citadel::legal_moves(pos_);
    for (Move m : legal) t.legal_moves.push_back(move_to_uci<V>(m));
    std::sort(t.legal_moves.begin(), t.legal_moves.end());
    t.claims = claims_now();
    // Only a position that has stood before, or a 50-move count about to be reached, can give
    // a claim with a move: a repetition needs at least eight reversible half-moves.
    if constexpr (!V::OwnGameEnd) {
        const int next = pos_.rule50() + 1;
        if (next >= 8 || next >= 2 * V::ClaimMoveRule)
            for (Move m : legal)
                if (auto claims = claims_after(m); !claims.empty())
                    t.claim_moves.push_back({ move_to_uci<V>(m), std::move(claims) });
        std::sort(t.claim_moves.begin(), t.claim_moves.end(),
            [](const ClaimMove& a, const ClaimMove& b) { return a.move < b.move; });
    }
    return t;
}

} // namespace citadel
