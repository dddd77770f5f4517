// Families and their children (docs/learn.md, "Families and children"): a family is held by a
// secret key, of which the server keeps only the SHA-256; a child has a name, an avatar and the
// record of its Learn results. Everything is kept in memory and written through to the storage
// before a change is answered, so a server killed at any moment loses nothing it acknowledged.
//
// The learn routes (learn_api.cpp) ask here whether a request's child is the key's, record the
// verdicts they give that child, and read the practice positions the child has tried.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "server/rate_limit.h"
#include "server/reply.h"
#include "server/storage.h"

namespace citadel::server {

// The avatars a child may have; the browser draws each.
inline constexpr std::array<std::string_view, 12> kAvatars       = { "fox", "owl", "cat", "bear",
          "rabbit", "turtle", "lion", "panda", "penguin", "frog", "unicorn", "dragon" };
inline constexpr size_t                           kMaxChildren   = 40; // a class
inline constexpr size_t                           kMaxNameLength = 24; // characters, once trimmed

// One Learn result as it is recorded: the verdict on a move of a level.
struct LearnResult {
    std::string level; // the level's id
    std::string verdict; // "solved", "illegal" or "wrong"
    int         stars = 0; // solved
    // A mistake: the core's reason id (illegal) or the level's goal id (wrong).
    std::string reason, goal;
    std::string lesson; // the lesson to go back to
    std::string practice_topic; // a practice level's topic; empty for the course's levels
    uint64_t    position = 0; // a practice level's position (learn::position_key)
};

// What a child has done in Learn.
struct Progress {
    struct Mistake {
        std::string kind; // "reason" or "goal"
        std::string id, lesson;
        int         count = 0;
    };
    struct Recent {
        std::string level, verdict;
        int         stars = 0;
        int64_t     ms    = 0;
    };
    static constexpr size_t kRecentPractice = 200, kRecent = 50, kTried = 500;

    std::map<std::string, int> levels; // the best stars per course level solved
    std::map<std::string, int> practice; // practice levels solved per topic
    std::deque<std::string>    practice_recent; // the last practice levels solved, newest last
    std::vector<Mistake>       mistakes;
    std::deque<Recent>         recent; // newest first
    std::deque<uint64_t>       tried; // practice positions with a result, newest last
    int64_t                    last_ms = 0;

    void add(const LearnResult& r, int64_t ms);
    // Merges what a browser kept: the best stars and the larger counts win.
    void merge(const Progress& other);
};

// What practice for a child is made from: the positions it has a result for, and the practice
// levels it has solved per topic.
struct ChildPractice {
    std::set<uint64_t>         met;
    std::map<std::string, int> solved;
};

class FamilyService {
  public:
    explicit FamilyService(Storage& storage);

    // Reads every family from the storage; answers how many. Throws StorageError.
    size_t load();

    // The routes of docs/learn.md. `key` is the Authorization header's bearer key ("" if none).
    Reply create(std::string_view client);
    Reply family(std::string_view key);
    Reply add_child(std::string_view key, const json& body);
    Reply update_child(std::string_view key, const std::string& child, const json& body);
    Reply delete_child(std::string_view key, const std::string& child);
    Reply merge_progress(std::string_view key, const std::string& child, const json& body);

    // For the learn routes: the refusal if `child` is not a child of the key's family.
    std::optional<Reply> refuse_child(std::string_view key, const std::string& child);
    // Records a result to the child (refuse_child first); a StorageError is answered as such.
    std::optional<Reply> record(
        std::string_view key, const std::string& child, const LearnResult& result);
    // What the child's practice is made from (nothing for a child not the key's).
    ChildPractice practice_of(std::string_view key, const std::string& child);

  private:
    struct Child {
        std::string id, name, avatar;
        int64_t     created_ms = 0;
        Progress    progress;
        bool        read_aloud = true;
    };
    struct Family {
        std::string        id;
        int64_t            created_ms = 0;
        std::vector<Child> children;
    };

    Family* find(std::string_view key); // under mutex_
    Child*  find(Family& family, const std::string& child);
    void    save(const Family& family, const Child& child); // under mutex_; throws StorageError
    Reply   child_reply(const Child& child, int status = 200) const;
    // Changes a child of the key's family: `change` edits a copy or answers a refusal; the copy
    // is stored, then kept. Answers the child, or unknown_family, unknown_child, storage_failed.
    Reply change_child(std::string_view key, const std::string& id,
        const std::function<std::optional<Reply>(Child&)>& change);

    Storage&                      storage_;
    std::mutex                    mutex_;
    std::map<std::string, Family> families_; // by the key's hash
    AddressRateLimit creations_{ 10.0 / 3600, 10.0 }; // ten families an hour from one address
};

// The progress as the API and the storage write it (the storage keeps `tried` too).
json progress_json(const Progress& progress, bool stored = false);
// A progress read back, trusting nothing: entries of the wrong shape are left out.
Progress progress_from_json(const json& j);

// The bearer key of an Authorization header ("Bearer <key>"), or "".
std::string_view bearer_key(std::string_view authorization);

} // namespace citadel::server
