// A fresh folder for one test, under the system's temporary folder, removed with all it holds
// when the test ends: tests that run at once (ctest -j) never share one.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>

namespace citadel {

struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& prefix = "citadel-") {
        std::string pattern
            = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
        path = mkdtemp(pattern.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    TempDir(const TempDir&)            = delete;
    TempDir& operator=(const TempDir&) = delete;
};

} // namespace citadel
