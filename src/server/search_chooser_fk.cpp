#include "notation/uci_move.h"
#include "search/fourkingdoms_search.h"
#include "server/search_chooser.h"

namespace citadel::server {

namespace {

template <class V>
std::string choose_with(const EngineRequest& request, const std::atomic<bool>& stop) {
    FourKingdomsGame<V> game; // from the position now: resignations and alliances shape it too
    if (game.load_fen(request.fen) || game.legal_moves().size() == 0) return "";

    search::FourKingdomsEngine<V> engine(engine_seat_options(request));
    search::Limits                limits = engine_seat_limits(request);
    auto                          result = engine.search(game, limits, [&](const search::Info&) {
        if (stop) engine.stop(); // the pool's stop (server shutdown), seen between iterations
    });
    return result.best.is_none() ? "" : move_to_uci<V>(result.best);
}

template <class V>
PositionAnalysis analyse_with(const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
    PositionAnalysis    out; // Failed until it is done
    FourKingdomsGame<V> game; // the position as it stood (resignations and alliances shape it)
    if (game.load_fen(request.fen)) return out;
    out.to_move = game.to_move();
    if (game.outcome().over || game.legal_moves().size() == 0) {
        out.status = PositionAnalysis::Status::Done;
        out.end    = true;
        if (V::Teams && game.outcome().over) { // East+South against West+North
            auto s      = game.scores();
            out.outcome = s[0] > s[2] ? 1 : s[0] < s[2] ? -1 : 0;
        }
        return out;
    }
    return analyse_in_play<search::FourKingdomsEngine<V>>(
        game, nodes, interrupt, std::move(out),
        [&](Move m) -> std::optional<std::string> {
            if (game.outcome().over || !game.play(m)) return std::nullopt;
            return game.history().back().san;
        },
        [](Move m) { return move_to_uci<V>(m); });
}

// The seat's answer to `question` (the search library's judgements, fourkingdoms_search.h).
template <class V>
EngineAnswer decide_with(
    const EngineRequest& request, const EngineQuestion& question, const std::atomic<bool>& stop) {
    EngineAnswer        answer;
    FourKingdomsGame<V> game; // the position now; offers and proposals are not part of it
    const Seat          seat = Seat(request.seat);
    if (game.load_fen(request.fen) || game.outcome().over || !game.in_game(seat)) return answer;
    search::FourKingdomsEngine<V> engine(decision_options(request));
    switch (question.kind) {
    case EngineQuestion::Kind::AcceptDraw:
        if (game.to_move() != seat) { // the static judgement: no search from another's view
            answer.yes = engine.should_accept_draw(game, seat);
            break;
        }
        {
            auto result = engine.search(game, decision_limits(), [&](const search::Info&) {
                if (stop) engine.stop();
            });
            answer.yes  = !stop && engine.should_accept_draw(game, seat, result);
        }
        break;
    case EngineQuestion::Kind::AcceptAlliance: // the proposal made again on the rebuilt game
        if (question.proposer < 0 || question.proposer > 3
            || game.propose_alliance(Seat(question.proposer), seat))
            break;
        answer.yes = engine.should_accept_alliance(game, seat);
        break;
    case EngineQuestion::Kind::ProposeAlliance:
        for (int partner : question.partners)
            if (partner >= 0 && partner < 4 && !stop
                && engine.should_propose_alliance(game, seat, Seat(partner))) {
                answer = { true, partner };
                break;
            }
        break;
    }
    return answer;
}

} // namespace

EngineAnswer decide_four_kingdoms(
    const EngineRequest& request, const EngineQuestion& question, const std::atomic<bool>& stop) {
    return request.variant == FourKingdomsTeams::Name
        ? decide_with<FourKingdomsTeams>(request, question, stop)
        : decide_with<FourKingdoms>(request, question, stop);
}

PositionAnalysis analyse_four_kingdoms(
    const EngineRequest& request, uint64_t nodes, Interrupt& interrupt) {
    return request.variant == FourKingdomsTeams::Name
        ? analyse_with<FourKingdomsTeams>(request, nodes, interrupt)
        : analyse_with<FourKingdoms>(request, nodes, interrupt);
}

std::string choose_four_kingdoms(const EngineRequest& request, const std::atomic<bool>& stop) {
    return request.variant == FourKingdomsTeams::Name
        ? choose_with<FourKingdomsTeams>(request, stop)
        : choose_with<FourKingdoms>(request, stop);
}

} // namespace citadel::server
