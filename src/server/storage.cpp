#include "server/storage.h"

#include <nlohmann/json.hpp>

#include "server/secrets.h"

namespace citadel::server {

using nlohmann::json;

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
