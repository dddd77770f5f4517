// The course's words: one catalogue per language (data/learn/text/<lang>.json, flat "key":
// "text" pairs), looked up by key with `{name}` filled in. Lessons name their texts by key; the
// feedback the coach and the judge make (why a king cannot run to g7, why a move is mate) is
// built from the `say.*` sentences here with the pieces and squares of the position, so every
// language says the same thing from the same data. A test checks that every language has every
// key the English catalogue has, and nothing else.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.h"

namespace citadel::learn {

enum class Lang : u8 { En, Zh, Vi };
inline constexpr std::array kLangs = { Lang::En, Lang::Zh, Lang::Vi };

// "en", "zh" (简体中文), "vi" (Tiếng Việt).
std::string_view    lang_id(Lang lang);
std::optional<Lang> lang_named(std::string_view id);

// Values for a sentence's `{name}` places.
using Params = std::vector<std::pair<std::string_view, std::string>>;

class Texts {
  public:
    // Adds a catalogue's texts (a later text for a key replaces the earlier one).
    void add(Lang lang, std::map<std::string, std::string, std::less<>> texts);

    bool has(Lang lang, std::string_view key) const;
    // The text of `key` with its `{name}` places filled; the English text where `lang` lacks
    // the key, and the key itself where English does too (the catalogue test fails on both).
    std::string operator()(Lang lang, std::string_view key, const Params& params = {}) const;
    const std::map<std::string, std::string, std::less<>>& catalogue(Lang lang) const {
        return by_lang_[size_t(lang)];
    }

    // A piece's name in `lang` ("rook", "车", "Xe"), from its kind's name (core/piece.h).
    std::string piece(Lang lang, PieceType type) const;
    // "a, b and c" as `lang` writes a list.
    std::string list(Lang lang, const std::vector<std::string>& items) const;

  private:
    std::array<std::map<std::string, std::string, std::less<>>, kLangs.size()> by_lang_;
};

// `text` with each `{name}` replaced by its value; a place with no value is left as it is.
std::string fill(std::string_view text, const Params& params);

} // namespace citadel::learn
