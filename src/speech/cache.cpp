#include "speech/cache.h"

#include <charconv>
#include <fstream>
#include <sstream>

#include "speech/synthesiser.h"

namespace citadel::speech {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic  = "citadel-speech 1";
constexpr std::string_view kSuffix = ".speech";

// FNV-1a, 64 bits, as 16 hex digits: a file name, not a proof (the file holds its key).
std::string file_name(const std::string& key) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : key) h = (h ^ c) * 0x100000001b3ULL;
    static constexpr char digits[] = "0123456789abcdef";
    std::string           name(16, '0');
    for (int i = 15; i >= 0; --i, h >>= 4) name[size_t(i)] = digits[h & 15];
    return name + std::string(kSuffix);
}

uint64_t ticks(fs::file_time_type t) { return uint64_t(t.time_since_epoch().count()); }

// The file's text: a line "citadel-speech 1 <key bytes> <mp3 bytes> <duration ms> <words>", a
// line of "<start> <length> <at ms>" per word, then the key and the MP3.
std::string encoded(const std::string& key, const Recording& r) {
    std::ostringstream out;
    out << kMagic << ' ' << key.size() << ' ' << r.mp3.size() << ' ' << r.duration_ms << ' '
        << r.words.size() << '\n';
    for (const WordTiming& w : r.words) out << w.start << ' ' << w.length << ' ' << w.at_ms << '\n';
    out << key << r.mp3;
    return std::move(out).str();
}

// Reads the numbers of the file's text lines in order.
class Reader {
  public:
    explicit Reader(std::string_view text)
        : text_(text) { }
    template <class T> bool number(T& out) {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n')) ++at_;
        auto [end, ec] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), out);
        at_            = size_t(end - text_.data());
        return ec == std::errc();
    }
    bool word(std::string_view w) {
        if (text_.substr(at_, w.size()) != w) return false;
        at_ += w.size();
        return true;
    }
    // The rest, after the newline that ends the numbers.
    std::optional<std::string_view> rest() {
        if (at_ >= text_.size() || text_[at_] != '\n') return std::nullopt;
        return text_.substr(at_ + 1);
    }

  private:
    std::string_view text_;
    size_t           at_ = 0;
};

std::optional<Recording> decoded(std::string_view text, const std::string& key) {
    Reader    in(text);
    Recording r;
    size_t    key_size = 0, mp3_size = 0, words = 0;
    if (!in.word(kMagic) || !in.number(key_size) || !in.number(mp3_size)
        || !in.number(r.duration_ms) || !in.number(words) || words > text.size())
        return std::nullopt;
    r.words.resize(words);
    for (WordTiming& w : r.words)
        if (!in.number(w.start) || !in.number(w.length) || !in.number(w.at_ms)) return std::nullopt;
    auto rest = in.rest();
    if (!rest || rest->size() != key_size + mp3_size || rest->substr(0, key_size) != key)
        return std::nullopt;
    r.mp3 = std::string(rest->substr(key_size));
    return r;
}

std::optional<std::string> read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return std::move(text).str();
}

} // namespace

SpeechCache::SpeechCache(fs::path dir, uint64_t max_bytes)
    : dir_(std::move(dir))
    , max_bytes_(max_bytes) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (!fs::is_directory(dir_, ec))
        throw SpeechError("the speech cache folder " + dir_.string() + " cannot be made");
    for (const auto& file : fs::directory_iterator(dir_, ec)) {
        const std::string name = file.path().filename().string();
        if (name.ends_with(".tmp")) { // a write cut short
            fs::remove(file.path(), ec);
            continue;
        }
        if (!name.ends_with(kSuffix) || !file.is_regular_file(ec)) continue;
        const Entry entry{ file.file_size(ec), ticks(file.last_write_time(ec)) };
        if (ec) continue;
        entries_[name] = entry;
        by_use_.insert({ entry.used, name });
        total_ += entry.bytes;
        clock_ = std::max(clock_, entry.used);
    }
    std::lock_guard lock(mutex_);
    evict();
}

fs::path SpeechCache::path_of(const std::string& name) const { return dir_ / name; }

std::optional<Recording> SpeechCache::find(const std::string& key) {
    const std::string name = file_name(key);
    {
        std::lock_guard lock(mutex_);
        if (!entries_.contains(name)) return std::nullopt;
    }
    auto text      = read_file(path_of(name));
    auto recording = text ? decoded(*text, key) : std::nullopt;
    if (!recording) return std::nullopt; // evicted meanwhile, or another key's
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(name); it != entries_.end()) use(name, it->second);
    return recording;
}

void SpeechCache::keep(const std::string& key, const Recording& recording) {
    const std::string name = file_name(key), text = encoded(key, recording);
    if (text.size() > max_bytes_) return;
    const fs::path  final = path_of(name), temporary = path_of(name + ".tmp");
    std::error_code ec;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(text.data(), std::streamsize(text.size()));
        if (!out) {
            fs::remove(temporary, ec);
            return;
        }
    }
    fs::rename(temporary, final, ec);
    if (ec) {
        fs::remove(temporary, ec);
        return;
    }
    std::lock_guard lock(mutex_);
    auto [it, added] = entries_.try_emplace(name);
    if (!added) {
        by_use_.erase({ it->second.used, name });
        total_ -= it->second.bytes;
    }
    it->second = { text.size(), 0 };
    total_ += text.size();
    by_use_.insert({ 0, name });
    use(name, it->second);
    evict();
}

void SpeechCache::use(const std::string& name, Entry& entry) {
    by_use_.erase({ entry.used, name });
    const auto now = fs::file_time_type::clock::now();
    entry.used = clock_ = std::max(clock_ + 1, ticks(now));
    by_use_.insert({ entry.used, name });
    std::error_code ec;
    fs::last_write_time(path_of(name), now, ec); // the order survives a restart
}

void SpeechCache::evict() {
    while (total_ > max_bytes_ && !by_use_.empty()) {
        const std::string name = by_use_.begin()->second;
        by_use_.erase(by_use_.begin());
        total_ -= entries_[name].bytes;
        entries_.erase(name);
        std::error_code ec;
        fs::remove(path_of(name), ec);
    }
}

uint64_t SpeechCache::bytes() const {
    std::lock_guard lock(mutex_);
    return total_;
}

size_t SpeechCache::size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

} // namespace citadel::speech
