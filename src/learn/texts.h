// The course's words: one catalogue per language (data/learn/text/<lang>.json, flat "key":
// "text" pairs), looked up by key with `{name}` filled in. The languages are the catalogues: a
// translator adds one by adding its file, English is the reference. Lessons name their texts by
// key; the feedback the coach and the judge make (why a king cannot run to g7, why a move is mate)
// is built from the `say.*` sentences here with the pieces and squares of the position, so every
// language says the same thing from the same data. A test checks that every language has every
// key the English catalogue has, and nothing else.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/types.h"

namespace citadel::learn {

// A language, by the name of its catalogue: "en", "zh" (简体中文), "vi" (Tiếng Việt), ...
struct Lang {
    std::string       id;
    static const Lang En; // the reference: every other catalogue has exactly its keys
    friend bool       operator==(const Lang&, const Lang&) = default;
};

// Values for a sentence's `{name}` places.
using Params = std::vector<std::pair<std::string_view, std::string>>;

class Texts {
  public:
    using Catalogue = std::map<std::string, std::string, std::less<>>;

    // The catalogues built into the binary (data/learn/text/*.json), read once; the course
    // (course.h) carries the same. Speech reads them here, needing nothing of the lessons.
    static const Texts& builtin();
    // A catalogue file ("text/vi.json": one object of "key": "text"): its language, named by the
    // file, and its texts. Throws std::runtime_error naming the file and the key on a bad one.
    static std::pair<Lang, Catalogue> read_catalogue(std::string_view path, std::string_view json);

    // Adds a catalogue's texts (a later text for a key replaces the earlier one).
    void add(const Lang& lang, Catalogue texts);

    // The languages that have a catalogue, English first; the one named `id`, if it has one.
    std::vector<Lang>   languages() const;
    std::optional<Lang> language(std::string_view id) const;

    bool has(const Lang& lang, std::string_view key) const;
    // The text of `key` with its `{name}` places filled; the English text where `lang` lacks
    // the key, and the key itself where English does too (the catalogue test fails on both).
    std::string operator()(const Lang& lang, std::string_view key, const Params& params = {}) const;
    // The catalogue of `lang` (empty for a language without one).
    const Catalogue& catalogue(const Lang& lang) const;

    // A piece's name in `lang` ("rook", "车", "Xe"), from its kind's name (core/piece.h).
    std::string piece(const Lang& lang, PieceType type) const;
    // "a, b and c" as `lang` writes a list.
    std::string list(const Lang& lang, const std::vector<std::string>& items) const;

  private:
    std::map<std::string, Catalogue, std::less<>> by_lang_;
};

// `text` with each `{name}` replaced by its value; a place with no value is left as it is.
std::string fill(std::string_view text, const Params& params);

} // namespace citadel::learn
