// The one adapter from a game of the contract (game/turn.h) to LiveGame, for each variant; made
// by live_game_two.cpp (Game<V>) and live_game_fk.cpp (FourKingdomsGame<V>), two translation
// units only because the two families' headers are best compiled apart.
#pragma once

#include "core/errors.h"
#include "server/live_game.h"

namespace citadel::server::detail {

template <class V, class GameT> class LiveGameOf final : public LiveGame {
  public:
    // Loads `fen` (empty: the variant's start); the error names what is wrong with it.
    std::optional<NoGame> load(std::string_view fen) {
        if (!fen.empty())
            if (auto err = game_.load_fen(fen)) {
                auto* unreadable = std::get_if<ParseError>(&*err);
                return NoGame{ "fen: " + citadel::describe(*err), std::string(setup_error_id(*err)),
                    unreadable ? unreadable->field : "" };
            }
        turn_ = game_.turn();
        return std::nullopt;
    }

    std::string_view variant() const override { return V::Name; }
    std::string      start_fen() const override { return write_fen<V>(game_.start()); }
    const Turn&      turn() const override { return turn_; }
    const std::vector<std::string>& moves_uci() const override { return uci_; }
    const std::vector<std::string>& moves_san() const override { return san_; }

    std::optional<MoveRefusal> play(std::string_view text) override {
        if (auto no = game_.try_move(text)) return no;
        turn_ = game_.turn();
        uci_.push_back(turn_.move->uci);
        san_.push_back(turn_.move->san);
        return std::nullopt;
    }

    void undo_move() override {
        if (uci_.empty() || !game_.undo()) return;
        uci_.pop_back();
        san_.pop_back();
        turn_ = game_.turn();
    }

    std::optional<std::string> act(Action action, Seat who, Seat with) override {
        auto why = game_.act(action, who, with);
        if (!why) turn_ = game_.turn();
        return why;
    }

    std::string record() const override { return write_record(game_, "Citadel game"); }

  private:
    GameT                    game_;
    Turn                     turn_;
    std::vector<std::string> uci_, san_;
};

template <class V, class GameT>
std::variant<std::unique_ptr<LiveGame>, NoGame> make_of(std::string_view fen) {
    auto game = std::make_unique<LiveGameOf<V, GameT>>();
    if (auto err = game->load(fen)) return *err;
    return std::unique_ptr<LiveGame>(std::move(game));
}

using MadeGame = std::variant<std::unique_ptr<LiveGame>, NoGame>;
// The game of `variant` for each family; nothing if the family has no such variant.
std::optional<MadeGame> make_two_player(std::string_view variant, std::string_view fen);
std::optional<MadeGame> make_four_player(std::string_view variant, std::string_view fen);

} // namespace citadel::server::detail
