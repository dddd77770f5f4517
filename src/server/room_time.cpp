// A room's clock: the timer that fires when the running seat's time is up, and the flag fall
// itself (also checked on demand, before any request is answered).
#include "server/room.h"

namespace citadel::server {

void Room::check_flag(Steady::time_point now) {
    while (!lost_ && clock_.on && clock_.running >= 0 && !game_->turn().over()
        && clock_.left_now(clock_.running, now) <= 0) {
        const int seat = clock_.running;
        clock_.settle(now);
        clock_.left[size_t(seat)] = 0;
        game_->act(Action::Flag, Seat(seat), NoSeat);
        // Not stored (the database failing): the game stands as stored, and the flag is tried
        // again at the next check rather than at once, over and over, under the game's lock.
        if (commit_action(Action::Flag, seat, NoSeat, now).status != 200) return;
    }
}

void Room::arm_timer() {
    if (!clock_.on || clock_.running < 0 || game_->turn().over()) {
        timer_.cancel();
        return;
    }
    const int64_t left = std::max<int64_t>(0, clock_.left_now(clock_.running, Steady::now()));
    timer_.expires_after(std::chrono::milliseconds(left + 1));
    timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
        if (ec) return;
        if (auto room = weak.lock()) room->on_timer();
    });
}

void Room::on_timer() {
    std::lock_guard lock(mutex_);
    check_flag(Steady::now());
    arm_timer();
}

} // namespace citadel::server
