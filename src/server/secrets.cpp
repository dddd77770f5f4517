#include "server/secrets.h"

#include <nettle/sha2.h>
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>

namespace citadel::server {

std::vector<unsigned char> random_bytes(size_t n) {
    std::vector<unsigned char> buf(n);
    for (size_t got = 0; got < n;) {
        ssize_t r = getrandom(buf.data() + got, n - got, 0);
        if (r > 0)
            got += size_t(r);
        else if (errno != EINTR)
            throw std::runtime_error("getrandom failed");
    }
    return buf;
}

std::string hex_of(const unsigned char* bytes, size_t n) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string           out;
    for (size_t i = 0; i < n; ++i) out += digits[bytes[i] >> 4], out += digits[bytes[i] & 15];
    return out;
}

std::string random_hex(size_t bytes) {
    const auto buf = random_bytes(bytes);
    return hex_of(buf.data(), buf.size());
}

std::string sha256_hex(std::string_view text) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, text.size(), reinterpret_cast<const uint8_t*>(text.data()));
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, sizeof digest, digest);
    return hex_of(digest, sizeof digest);
}

bool same_secret(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

std::string rematch_token(std::string_view token, std::string_view rematch_id) {
    std::string text = "citadel rematch seat\n";
    text.append(rematch_id).append("\n").append(token);
    return sha256_hex(text).substr(0, 32);
}

} // namespace citadel::server
