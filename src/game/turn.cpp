#include "game/turn.h"

namespace citadel {

namespace {
constexpr std::string_view kTwoSeats[2]  = { "white", "black" };
constexpr std::string_view kFourSeats[4] = { "east", "south", "west", "north" };

constexpr std::string_view kActionIds[] = { "resign", "offer_draw", "accept_draw", "decline_draw",
    "claim_draw", "propose_alliance", "accept_alliance", "flag" };

constexpr std::string_view kEventIds[] = { "check", "checkmate", "king_captured", "command",
    "alliance_proposed", "alliance_formed", "alliance_dissolved", "resignation", "draw_offered",
    "draw_accepted", "draw_declined", "draw_claimed", "flag", "game_over" };
static_assert(std::size(kEventIds) == size_t(EventKind::GameOver) + 1);
static_assert(std::size(kActionIds) == size_t(Action::Flag) + 1);
} // namespace

std::string_view seat_name(Seat s, int seats) {
    return seats == 4 ? kFourSeats[s & 3] : kTwoSeats[s & 1];
}

Seat seat_named(std::string_view name, int seats) {
    for (int s = 0; s < seats; ++s)
        if (seat_name(Seat(s), seats) == name) return Seat(s);
    return NoSeat;
}

std::string_view claim_id(DrawClaim c) {
    return c == DrawClaim::ThreefoldRepetition ? "threefold_repetition" : "fifty_move_rule";
}

std::string_view action_id(Action a) { return kActionIds[size_t(a)]; }

std::optional<Action> action_named(std::string_view id) {
    for (size_t a = 0; a < size_t(Action::Flag); ++a)
        if (kActionIds[a] == id) return Action(a);
    return std::nullopt;
}

std::string_view event_id(EventKind k) { return kEventIds[size_t(k)]; }

} // namespace citadel
