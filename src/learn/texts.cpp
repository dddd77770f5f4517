#include "learn/texts.h"

#include "core/piece.h"

namespace citadel::learn {

const Lang Lang::En{ "en" };

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

void Texts::add(const Lang& lang, Catalogue texts) {
    auto& into = by_lang_[lang.id];
    for (auto& [key, text] : texts) into.insert_or_assign(key, std::move(text));
}

std::vector<Lang> Texts::languages() const {
    std::vector<Lang> out{ Lang::En };
    for (const auto& [id, texts] : by_lang_)
        if (id != Lang::En.id) out.push_back({ id });
    return out;
}

std::optional<Lang> Texts::language(std::string_view id) const {
    if (!by_lang_.contains(id)) return std::nullopt;
    return Lang{ std::string(id) };
}

const Texts::Catalogue& Texts::catalogue(const Lang& lang) const {
    static const Catalogue none;
    auto                   it = by_lang_.find(lang.id);
    return it == by_lang_.end() ? none : it->second;
}

bool Texts::has(const Lang& lang, std::string_view key) const {
    return catalogue(lang).contains(key);
}

std::string Texts::operator()(const Lang& lang, std::string_view key, const Params& params) const {
    for (const Lang* l : { &lang, &Lang::En }) {
        const auto& texts = catalogue(*l);
        if (auto it = texts.find(key); it != texts.end()) return fill(it->second, params);
    }
    return std::string(key);
}

std::string Texts::piece(const Lang& lang, PieceType type) const {
    std::string key = "piece." + std::string(kind(type).name);
    for (char& c : key)
        if (c == ' ') c = '_';
    // A piece the catalogue has no word for (Tamerlane's) keeps its English name.
    return has(Lang::En, key) ? (*this)(lang, key) : std::string(kind(type).name);
}

std::string Texts::list(const Lang& lang, const std::vector<std::string>& items) const {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += (*this)(lang, i + 1 == items.size() ? "list.last_separator" : "list.separator");
        out += items[i];
    }
    return out;
}

} // namespace citadel::learn
