#include "learn/texts.h"

#include "core/piece.h"

namespace citadel::learn {

std::string_view lang_id(Lang lang) {
    switch (lang) {
    case Lang::En:
        return "en";
    case Lang::Zh:
        return "zh";
    case Lang::Vi:
        return "vi";
    }
    return "en";
}

std::optional<Lang> lang_named(std::string_view id) {
    for (Lang l : kLangs)
        if (lang_id(l) == id) return l;
    return std::nullopt;
}

std::string fill(std::string_view text, const Params& params) {
    std::string out;
    out.reserve(text.size() + 16);
    for (size_t i = 0; i < text.size();) {
        size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
        if (close != std::string_view::npos) {
            std::string_view name  = text.substr(i + 1, close - i - 1);
            bool             found = false;
            for (const auto& [key, value] : params)
                if (key == name) {
                    out += value;
                    found = true;
                    break;
                }
            if (found) {
                i = close + 1;
                continue;
            }
        }
        out += text[i++];
    }
    return out;
}

void Texts::add(Lang lang, std::map<std::string, std::string, std::less<>> texts) {
    auto& into = by_lang_[size_t(lang)];
    for (auto& [key, text] : texts) into.insert_or_assign(key, std::move(text));
}

bool Texts::has(Lang lang, std::string_view key) const {
    return by_lang_[size_t(lang)].contains(key);
}

std::string Texts::operator()(Lang lang, std::string_view key, const Params& params) const {
    for (Lang l : { lang, Lang::En }) {
        const auto& texts = by_lang_[size_t(l)];
        if (auto it = texts.find(key); it != texts.end()) return fill(it->second, params);
    }
    return std::string(key);
}

std::string Texts::piece(Lang lang, PieceType type) const {
    std::string key = "piece." + std::string(kind(type).name);
    for (char& c : key)
        if (c == ' ') c = '_';
    // A piece the catalogue has no word for (Tamerlane's) keeps its English name.
    return has(Lang::En, key) ? (*this)(lang, key) : std::string(kind(type).name);
}

std::string Texts::list(Lang lang, const std::vector<std::string>& items) const {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += (*this)(lang, i + 1 == items.size() ? "list.last_separator" : "list.separator");
        out += items[i];
    }
    return out;
}

} // namespace citadel::learn
