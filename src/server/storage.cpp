#include "server/storage.h"

#include <nlohmann/json.hpp>

#include "server/secrets.h"

namespace citadel::server {

using nlohmann::json;

bool holds(const StoredSeat& seat, const std::string& token_hash) {
    return !seat.engine && !seat.token_hash.empty() && same_secret(seat.token_hash, token_hash);
}

int seat_held(const std::vector<StoredSeat>& seats, const std::string& token) {
    if (token.empty()) return -1;
    const std::string hash  = sha256_hex(token);
    int               found = -1; // every seat compared: no early answer
    for (size_t i = 0; i < seats.size(); ++i)
        if (holds(seats[i], hash)) found = int(i);
    return found;
}

std::string seats_text(const std::vector<StoredSeat>& seats) {
    json out = json::array();
    for (const auto& s : seats) {
        out.push_back(s.engine ? json{ { "player", "engine" }, { "level", s.level } }
                               : json{ { "player", "human" }, { "token_hash", s.token_hash } });
        if (s.take_back) out.back()["take_back"] = true;
    }
    return out.dump();
}

std::vector<StoredSeat> seats_of_text(const std::string& text) {
    std::vector<StoredSeat> out;
    for (const auto& s : json::parse(text)) {
        StoredSeat seat;
        seat.engine = s.at("player") == "engine";
        if (seat.engine)
            seat.level = s.at("level").get<int>();
        else if (s.contains("token")) // an SQLite file written before tokens were hashed
            seat.token_hash = sha256_hex(s.at("token").get<std::string>());
        else
            seat.token_hash = s.at("token_hash").get<std::string>();
        seat.take_back = s.value("take_back", false);
        out.push_back(seat);
    }
    return out;
}

} // namespace citadel::server
