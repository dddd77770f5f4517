#include "server/family_service.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <iostream>
#include <variant>

#include "server/game_service.h"
#include "server/secrets.h"
#include "speech/utf8.h"

namespace citadel::server {

namespace {

// 32 random bytes in base64url (43 characters, no padding): a family's key.
std::string random_key() {
    std::vector<unsigned char> bytes = random_bytes(32);
    bytes.push_back(0); // pads the final group
    static constexpr char digits[]
        = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string out;
    for (size_t i = 0; i < 33; i += 3) {
        const unsigned v = unsigned(bytes[i]) << 16 | unsigned(bytes[i + 1]) << 8 | bytes[i + 2];
        for (int shift = 18; shift >= 0; shift -= 6) out += digits[(v >> shift) & 63];
    }
    out.resize(43);
    return out;
}

Reply storage_failed(const StorageError& e) {
    std::cerr << "citadel serve: " << e.message << "\n";
    return error_reply("storage_failed", "the family could not be stored");
}

Reply unknown_family() { return error_reply("unknown_family", "no family has this key"); }

Reply unknown_child(const std::string& id) {
    return error_reply("unknown_child", "this family has no child with the id '" + id + "'");
}

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == 0xA0 || c == 0x3000; }

// Characters a name may not hold: controls, and the invisible ones that change how the text
// around them is shown (bidirectional overrides, zero-width joiners and marks).
bool is_hidden(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x200B && c <= 0x200F)
        || (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF
        || (c >= 0xFFF9 && c <= 0xFFFB);
}

// A child's name from the body: trimmed, 1-24 characters, nothing hidden; or why not.
std::variant<std::string, Reply> name_of(const json& v) {
    if (!v.is_string()) return error_reply("bad_request", "name: not a string");
    std::vector<char32_t> codes;
    if (speech::decode_utf8(v.get_ref<const std::string&>(), codes))
        return error_reply("bad_request", "name: not UTF-8");
    auto first = std::find_if_not(codes.begin(), codes.end(), is_space);
    auto last  = std::find_if_not(codes.rbegin(), codes.rend(), is_space).base();
    if (first >= last) return error_reply("bad_request", "name: empty");
    if (size_t(last - first) > kMaxNameLength)
        return error_reply(
            "bad_request", "name: at most " + std::to_string(kMaxNameLength) + " characters");
    std::string out;
    for (auto it = first; it != last; ++it) {
        if (is_hidden(*it)) return error_reply("bad_request", "name: holds a control character");
        speech::append_utf8(out, *it);
    }
    return out;
}

std::variant<std::string, Reply> avatar_of(const json& v) {
    if (v.is_string()
        && std::find(kAvatars.begin(), kAvatars.end(), v.get_ref<const std::string&>())
            != kAvatars.end())
        return v.get<std::string>();
    std::string names;
    for (std::string_view a : kAvatars) names += (names.empty() ? "" : ", ") + std::string(a);
    return error_reply("bad_request", "avatar: one of " + names);
}

// A number as 16 hex digits, the most significant first.
std::string hex64(uint64_t v) {
    unsigned char bytes[8];
    for (int i = 7; i >= 0; --i, v >>= 8) bytes[i] = static_cast<unsigned char>(v);
    return hex_of(bytes, 8);
}

template <class T> void cap_front(std::deque<T>& d, size_t n) {
    while (d.size() > n) d.pop_front();
}

bool is_stars(const json& v) { return v.is_number_integer() && v >= 1 && v <= 3; }

} // namespace

// ---- progress ---------------------------------------------------------------------------------

void Progress::add(const LearnResult& r, int64_t ms) {
    if (r.verdict == "solved") {
        // A course level keeps its best stars; a practice level (never the same twice, so
        // `levels` would grow without end) is counted for its topic, once.
        if (r.practice_topic.empty()) {
            int& best = levels[r.level];
            best      = std::max(best, r.stars);
        } else if (std::find(practice_recent.begin(), practice_recent.end(), r.level)
            == practice_recent.end()) {
            ++practice[r.practice_topic];
            practice_recent.push_back(r.level);
            cap_front(practice_recent, kRecentPractice);
        }
    } else if (!r.reason.empty() || !r.goal.empty()) {
        const std::string  kind = r.reason.empty() ? "goal" : "reason";
        const std::string& id   = r.reason.empty() ? r.goal : r.reason;
        auto               it   = std::find_if(mistakes.begin(), mistakes.end(),
                            [&](const Mistake& m) { return m.kind == kind && m.id == id && m.lesson == r.lesson; });
        if (it != mistakes.end())
            ++it->count;
        else
            mistakes.push_back({ kind, id, r.lesson, 1 });
    }
    if (r.position && std::find(tried.begin(), tried.end(), r.position) == tried.end()) {
        tried.push_back(r.position);
        cap_front(tried, kTried);
    }
    recent.push_front({ r.level, r.verdict, r.stars, ms });
    if (recent.size() > kRecent) recent.pop_back();
    last_ms = std::max(last_ms, ms);
}

void Progress::merge(const Progress& other) {
    for (const auto& [level, stars] : other.levels) levels[level] = std::max(levels[level], stars);
    for (const auto& [topic, n] : other.practice) practice[topic] = std::max(practice[topic], n);
    for (const std::string& id : other.practice_recent)
        if (std::find(practice_recent.begin(), practice_recent.end(), id) == practice_recent.end())
            practice_recent.push_back(id);
    cap_front(practice_recent, kRecentPractice);
}

json progress_json(const Progress& p, bool stored) {
    json                                  mistakes = json::array();
    std::vector<const Progress::Mistake*> order;
    for (const auto& m : p.mistakes) order.push_back(&m);
    std::stable_sort(order.begin(), order.end(),
        [](const Progress::Mistake* a, const Progress::Mistake* b) { return a->count > b->count; });
    for (const Progress::Mistake* m : order)
        mistakes.push_back({ { m->kind, m->id }, { "lesson", m->lesson }, { "count", m->count } });
    json recent = json::array();
    for (const auto& r : p.recent) {
        json entry = { { "level", r.level }, { "verdict", r.verdict }, { "ms", r.ms } };
        if (r.verdict == "solved") entry["stars"] = r.stars;
        recent.push_back(entry);
    }
    json out = { { "levels", p.levels }, { "practice", p.practice },
        { "practice_recent", p.practice_recent }, { "mistakes", mistakes }, { "recent", recent },
        { "last_ms", p.last_ms } };
    if (stored) {
        json tried = json::array();
        for (uint64_t t : p.tried) tried.push_back(hex64(t));
        out["tried"] = tried;
    }
    return out;
}

Progress progress_from_json(const json& j) {
    Progress p;
    if (!j.is_object()) return p;
    auto field = [&](const char* key) -> const json& {
        static const json none;
        auto              it = j.find(key);
        return it == j.end() ? none : *it;
    };
    if (const json& levels = field("levels"); levels.is_object())
        for (const auto& [id, n] : levels.items())
            if (is_stars(n)) p.levels[id] = n.get<int>();
    if (const json& practice = field("practice"); practice.is_object())
        for (const auto& [topic, n] : practice.items())
            if (n.is_number_integer() && n > 0 && n < (1 << 30)) p.practice[topic] = n.get<int>();
    if (const json& recent = field("practice_recent"); recent.is_array())
        for (const json& id : recent)
            if (id.is_string()) p.practice_recent.push_back(id.get<std::string>());
    cap_front(p.practice_recent, Progress::kRecentPractice);
    if (const json& mistakes = field("mistakes"); mistakes.is_array())
        for (const json& m : mistakes) {
            if (!m.is_object() || !m.contains("count") || !m["count"].is_number_integer()
                || !m.contains("lesson") || !m["lesson"].is_string())
                continue;
            for (const char* kind : { "reason", "goal" })
                if (m.contains(kind) && m[kind].is_string())
                    p.mistakes.push_back({ kind, m[kind].get<std::string>(),
                        m["lesson"].get<std::string>(), m["count"].get<int>() });
        }
    if (const json& recent = field("recent"); recent.is_array())
        for (const json& r : recent) {
            if (!r.is_object() || !r.contains("level") || !r["level"].is_string()
                || !r.contains("verdict") || !r["verdict"].is_string() || !r.contains("ms")
                || !r["ms"].is_number_integer())
                continue;
            p.recent.push_back({ r["level"].get<std::string>(), r["verdict"].get<std::string>(),
                r.contains("stars") && is_stars(r["stars"]) ? r["stars"].get<int>() : 0,
                r["ms"].get<int64_t>() });
        }
    while (p.recent.size() > Progress::kRecent) p.recent.pop_back();
    if (const json& tried = field("tried"); tried.is_array())
        for (const json& t : tried)
            if (t.is_string() && t.get_ref<const std::string&>().size() == 16) {
                const std::string& text = t.get_ref<const std::string&>();
                uint64_t           v    = 0;
                auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, 16);
                if (ec == std::errc() && end == text.data() + text.size()) p.tried.push_back(v);
            }
    cap_front(p.tried, Progress::kTried);
    if (const json& last = field("last_ms"); last.is_number_integer())
        p.last_ms = last.get<int64_t>();
    return p;
}

// ---- keys -------------------------------------------------------------------------------------

std::string_view bearer_key(std::string_view authorization) {
    constexpr std::string_view scheme = "Bearer ";
    if (authorization.size() <= scheme.size()) return {};
    for (size_t i = 0; i < scheme.size(); ++i) // the scheme's name is case-insensitive
        if (std::tolower(static_cast<unsigned char>(authorization[i]))
            != std::tolower(static_cast<unsigned char>(scheme[i])))
            return {};
    return authorization.substr(scheme.size());
}

// ---- the service ------------------------------------------------------------------------------

FamilyService::FamilyService(Storage& storage)
    : storage_(storage) { }

size_t FamilyService::load() {
    std::lock_guard lock(mutex_);
    families_.clear();
    for (StoredFamily& f : storage_.load_families()) {
        Family family{ f.id, f.created_ms, {} };
        for (StoredChild& c : f.children) {
            json progress = json::parse(c.progress, nullptr, false);
            family.children.push_back({ std::move(c.id), std::move(c.name), std::move(c.avatar),
                c.created_ms, progress_from_json(progress), c.read_aloud });
        }
        families_.emplace(std::move(f.key_hash), std::move(family));
    }
    return families_.size();
}

FamilyService::Family* FamilyService::find(std::string_view key) {
    if (key.empty() || key.size() > 256) return nullptr;
    auto it = families_.find(sha256_hex(key));
    return it == families_.end() ? nullptr : &it->second;
}

FamilyService::Child* FamilyService::find(Family& family, const std::string& child) {
    for (Child& c : family.children)
        if (c.id == child) return &c;
    return nullptr;
}

void FamilyService::save(const Family& family, const Child& c) {
    storage_.save_child(family.id,
        { c.id, c.name, c.avatar, c.created_ms, progress_json(c.progress, true).dump(),
            c.read_aloud });
}

Reply FamilyService::child_reply(const Child& c, int status) const {
    return { status,
        { { "id", c.id }, { "name", c.name }, { "avatar", c.avatar },
            { "created_ms", c.created_ms }, { "read_aloud", c.read_aloud },
            { "progress", progress_json(c.progress) } } };
}

Reply FamilyService::create(std::string_view client) {
    std::lock_guard lock(mutex_);
    if (!creations_.allow(client))
        return error_reply(
            "rate_limited", "too many families made from this address; wait a while");
    const std::string key = random_key();
    StoredFamily      f{ random_hex(8), sha256_hex(key), unix_ms(), {} };
    try {
        storage_.create_family(f);
    } catch (const StorageError& e) {
        return storage_failed(e);
    }
    families_.emplace(f.key_hash, Family{ f.id, f.created_ms, {} });
    return { 201, { { "key", key }, { "children", json::array() } } };
}

Reply FamilyService::family(std::string_view key) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    if (!f) return unknown_family();
    json children = json::array();
    for (const Child& c : f->children) children.push_back(child_reply(c).body);
    return { 200, { { "children", children } } };
}

Reply FamilyService::add_child(std::string_view key, const json& body) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    if (!f) return unknown_family();
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    if (!body.contains("name")) return error_reply("bad_request", "name: missing");
    if (!body.contains("avatar")) return error_reply("bad_request", "avatar: missing");
    auto name = name_of(body["name"]);
    if (auto* r = std::get_if<Reply>(&name)) return *r;
    auto avatar = avatar_of(body["avatar"]);
    if (auto* r = std::get_if<Reply>(&avatar)) return *r;
    if (f->children.size() >= kMaxChildren)
        return error_reply(
            "action_refused", "a family has at most " + std::to_string(kMaxChildren) + " children");
    Child c{ random_hex(6), std::get<std::string>(name), std::get<std::string>(avatar), unix_ms(),
        {}, true };
    try {
        save(*f, c);
    } catch (const StorageError& e) {
        return storage_failed(e);
    }
    f->children.push_back(std::move(c));
    return child_reply(f->children.back(), 201);
}

Reply FamilyService::change_child(std::string_view key, const std::string& id,
    const std::function<std::optional<Reply>(Child&)>& change) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    if (!f) return unknown_family();
    Child* c = find(*f, id);
    if (!c) return unknown_child(id);
    Child changed = *c;
    if (auto refused = change(changed)) return *refused;
    try {
        save(*f, changed);
    } catch (const StorageError& e) {
        return storage_failed(e);
    }
    *c = std::move(changed);
    return child_reply(*c);
}

Reply FamilyService::update_child(std::string_view key, const std::string& id, const json& body) {
    return change_child(key, id, [&](Child& c) -> std::optional<Reply> {
        if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
        if (body.contains("name")) {
            auto name = name_of(body["name"]);
            if (auto* r = std::get_if<Reply>(&name)) return *r;
            c.name = std::get<std::string>(name);
        }
        if (body.contains("avatar")) {
            auto avatar = avatar_of(body["avatar"]);
            if (auto* r = std::get_if<Reply>(&avatar)) return *r;
            c.avatar = std::get<std::string>(avatar);
        }
        if (body.contains("read_aloud")) {
            if (!body["read_aloud"].is_boolean())
                return error_reply("bad_request", "read_aloud: true or false");
            c.read_aloud = body["read_aloud"].get<bool>();
        }
        return std::nullopt;
    });
}

Reply FamilyService::merge_progress(std::string_view key, const std::string& id, const json& body) {
    return change_child(key, id, [&](Child& c) -> std::optional<Reply> {
        if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
        for (const char* field : { "levels", "practice" })
            if (body.contains(field) && !body[field].is_object())
                return error_reply("bad_request", std::string(field) + ": not an object");
        if (body.contains("practice_recent") && !body["practice_recent"].is_array())
            return error_reply("bad_request", "practice_recent: not a list");
        // Only what a browser keeps is merged; the record of results is the server's own.
        c.progress.merge(progress_from_json({ { "levels", body.value("levels", json::object()) },
            { "practice", body.value("practice", json::object()) },
            { "practice_recent", body.value("practice_recent", json::array()) } }));
        return std::nullopt;
    });
}

Reply FamilyService::delete_child(std::string_view key, const std::string& id) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    if (!f) return unknown_family();
    if (!find(*f, id)) return unknown_child(id);
    try {
        storage_.delete_child(id);
    } catch (const StorageError& e) {
        return storage_failed(e);
    }
    std::erase_if(f->children, [&](const Child& c) { return c.id == id; });
    return { 200, { { "deleted", id } } };
}

std::optional<Reply> FamilyService::refuse_child(std::string_view key, const std::string& child) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    if (!f || !find(*f, child)) return unknown_family();
    return std::nullopt;
}

std::optional<Reply> FamilyService::record(
    std::string_view key, const std::string& child, const LearnResult& result) {
    Reply r = change_child(key, child, [&](Child& c) -> std::optional<Reply> {
        c.progress.add(result, unix_ms());
        return std::nullopt;
    });
    if (r.status != 200) return r;
    return std::nullopt;
}

ChildPractice FamilyService::practice_of(std::string_view key, const std::string& child) {
    std::lock_guard lock(mutex_);
    Family*         f = find(key);
    Child*          c = f ? find(*f, child) : nullptr;
    if (!c) return {};
    return { { c->progress.tried.begin(), c->progress.tried.end() }, c->progress.practice };
}

} // namespace citadel::server
