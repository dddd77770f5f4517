#include "learn/texts.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/piece.h"
#include "learn/embedded.h"

namespace citadel::learn {

const Lang Lang::En{ "en" };

std::pair<Lang, Texts::Catalogue> Texts::read_catalogue(
    std::string_view path, std::string_view text) {
    auto fail = [&](std::string_view field, std::string_view what) {
        throw std::runtime_error(
            std::string(path) + ": " + std::string(field) + ": " + std::string(what));
    };
    if (!path.starts_with("text/") || !path.ends_with(".json"))
        fail("(file)", "not text/<language>.json");
    const std::string id(path.substr(5, path.size() - 5 - 5));
    if (id.empty() || id.size() > 16
        || id.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") != std::string::npos)
        fail("(file)", "a catalogue is named by its language: text/vi.json, text/pt-br.json");
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) fail("(file)", "not valid JSON");
    if (!j.is_object()) fail("(top)", "a catalogue is one object of \"key\": \"text\"");
    Catalogue out;
    for (const auto& [key, value] : j.items()) {
        if (!value.is_string()) fail(key, "not a string");
        out.emplace(key, value.get<std::string>());
    }
    return { Lang{ id }, std::move(out) };
}

const Texts& Texts::builtin() {
    static const Texts texts = [] {
        Texts t;
        for (const EmbeddedFile& f : embedded_files())
            if (f.path.starts_with("text/")) {
                auto [lang, catalogue] = read_catalogue(f.path, f.text);
                t.add(lang, std::move(catalogue));
            }
        return t;
    }();
    return texts;
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
