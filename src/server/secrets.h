// The server's secrets: seat tokens and family keys are made from the kernel's random bytes, handed
// to their holder once, and kept by every store only as their SHA-256; a presented secret is
// hashed and compared in constant time. A rematch's seat token is derived from the player's token
// in the game before, so asking again (even after a restart) gives the same one, and whoever has
// only the stores' hashes cannot make it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace citadel::server {

// `n` bytes from the kernel's random source (getrandom).
std::vector<unsigned char> random_bytes(size_t n);
// Bytes as lower-case hex, two digits each.
std::string hex_of(const unsigned char* bytes, size_t n);
// `n` random bytes (random_bytes) as lower-case hex.
std::string random_hex(size_t bytes);

// SHA-256 of the text, in lowercase hex: what the stores keep of a token or a key.
std::string sha256_hex(std::string_view text);
// Whether two secrets (or their hashes) are equal, in a time that does not depend on where they
// differ.
bool same_secret(std::string_view a, std::string_view b);

// The token of a player's seat in the rematch `rematch_id`, made from their seat token in the game
// before (32 hex digits, like a token made at random).
std::string rematch_token(std::string_view token, std::string_view rematch_id);

} // namespace citadel::server
