// The course's data files (data/learn: the lessons and one text catalogue per language), built
// into the binary by cmake/embed_files.cmake, so a server needs no data folder beside it.
#pragma once

#include <span>
#include <string_view>

namespace citadel::learn {

struct EmbeddedFile {
    std::string_view path; // relative to data/learn: "lessons/check.json", "text/vi.json"
    std::string_view text;
};

std::span<const EmbeddedFile> embedded_files();

} // namespace citadel::learn
