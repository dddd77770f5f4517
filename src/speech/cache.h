// The speech already made, on disk: one file per text in one folder, named by a hash of its key
// (the voice, the text and what the voice reads, so a new voice or a new spoken form is a new
// key), holding the key, the word timings and the MP3. It survives a restart, and holds at most
// max_bytes: the least recently used recordings go first (the last use is the file's modification
// time, so the order survives a restart too). A file whose key is not the one asked for (a hash
// collision) or that does not parse is a miss. Thread-safe: any thread looks up; a file is written
// under a temporary name and renamed, so a reader sees it whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "speech/recording.h"

namespace citadel::speech {

class SpeechCache {
  public:
    // Opens (or makes) the folder and forgets what is over the bound; throws SpeechError if the
    // folder cannot be made.
    SpeechCache(std::filesystem::path dir, uint64_t max_bytes);

    std::optional<Recording> find(const std::string& key);
    // Keeps a recording (one larger than the whole bound is not kept). A disk that refuses is
    // not an error: the recording was answered, it is only not kept.
    void keep(const std::string& key, const Recording& recording);

    uint64_t bytes() const;
    size_t   size() const;

  private:
    struct Entry {
        uint64_t bytes = 0, used = 0;
    };
    std::filesystem::path path_of(const std::string& name) const;
    void                  use(const std::string& name, Entry& entry); // under mutex_
    void                  evict(); // under mutex_

    std::filesystem::path                      dir_;
    uint64_t                                   max_bytes_;
    mutable std::mutex                         mutex_;
    std::unordered_map<std::string, Entry>     entries_; // by file name
    std::set<std::pair<uint64_t, std::string>> by_use_; // (used, name), oldest first
    uint64_t                                   total_ = 0, clock_ = 0;
};

} // namespace citadel::speech
