// What the API answers: an HTTP status and a JSON body, and the error shape of server.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace citadel::server {

using nlohmann::json;

// An HTTP status and JSON body (an error is {"type": "error", "code", "message", ...}).
struct Reply {
    int  status = 200;
    json body;
};

// The error reply of server.md for `code` (its HTTP status follows from the code).
Reply error_reply(std::string_view code, std::string message, json extra = json::object());

} // namespace citadel::server
