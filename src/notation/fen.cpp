#include "notation/fen.h"

namespace citadel::detail {

int parse_count(std::string_view text) {
    if (text.empty() || text.size() > 9) return -1;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> out;
    size_t                        i = 0;
    while (i < text.size()) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        size_t j = text.find(' ', i);
        if (j == std::string_view::npos) j = text.size();
        out.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

}  // namespace citadel::detail
