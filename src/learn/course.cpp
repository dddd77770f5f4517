#include "learn/course.h"

#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "learn/judge.h"
#include "learn/practice.h"

namespace citadel::learn {

using nlohmann::json;

namespace {

// Reads the data files' fields, naming the file and field in every error.
struct Reader {
    std::string where; // "lessons/check.json"

    [[noreturn]] void fail(const std::string& field, const std::string& what) const {
        throw std::runtime_error(where + ": " + field + ": " + what);
    }
    std::string str(
        const json& o, const char* key, std::string fallback = {}, bool required = false) const {
        auto it = o.find(key);
        if (it == o.end()) {
            if (required) fail(key, "missing");
            return fallback;
        }
        if (!it->is_string()) fail(key, "not a string");
        return it->get<std::string>();
    }
    std::vector<std::string> strings(const json& o, const char* key) const {
        std::vector<std::string> out;
        auto                     it = o.find(key);
        if (it == o.end()) return out;
        if (!it->is_array()) fail(key, "not a list");
        for (const json& s : *it) {
            if (!s.is_string()) fail(key, "not a list of strings");
            out.push_back(s.get<std::string>());
        }
        return out;
    }
    std::vector<Arrow> arrows(const json& o) const {
        std::vector<Arrow> out;
        auto               it = o.find("arrows");
        if (it == o.end()) return out;
        if (!it->is_array()) fail("arrows", "not a list");
        for (const json& a : *it) {
            if (!a.is_array() || a.size() != 2 || !a[0].is_string() || !a[1].is_string())
                fail("arrows", "each arrow is [from, to]");
            out.push_back({ a[0].get<std::string>(), a[1].get<std::string>() });
        }
        return out;
    }
    const json& list(const json& o, const char* key) const {
        static const json empty = json::array();
        auto              it    = o.find(key);
        if (it == o.end()) return empty;
        if (!it->is_array()) fail(key, "not a list");
        return *it;
    }
};

LearnStep read_step(const Reader& r, const json& j) {
    if (!j.is_object()) r.fail("learn", "each step is an object");
    LearnStep s;
    s.text       = r.str(j, "text", {}, true);
    s.variant    = r.str(j, "variant", "chess");
    s.fen        = r.str(j, "fen", {}, true);
    s.arrows     = r.arrows(j);
    s.highlights = r.strings(j, "highlights");
    s.moves      = r.strings(j, "moves");
    return s;
}

Level read_level(const Reader& r, const json& j, const std::string& lesson) {
    if (!j.is_object()) r.fail("levels", "each level is an object");
    Level l;
    l.id                   = r.str(j, "id", {}, true);
    l.lesson               = lesson;
    const std::string kind = r.str(j, "kind", "move");
    if (kind != "move" && kind != "choice") r.fail(l.id + ".kind", "is move or choice");
    l.choice      = kind == "choice";
    l.variant     = r.str(j, "variant", "chess");
    l.fen         = r.str(j, "fen", {}, true);
    l.goal_id     = r.str(j, "goal_id", "answer", !l.choice);
    l.goal        = r.str(j, "goal", {}, true);
    l.solution    = r.strings(j, "solution");
    l.way         = r.str(j, "way");
    l.piece       = r.str(j, "piece");
    l.solved_text = r.str(j, "solved");
    l.hint_text   = r.str(j, "hint");
    l.ask         = r.str(j, "ask");
    l.par         = int(l.solution.size() + 1) / 2;
    if (auto it = j.find("par"); it != j.end()) {
        if (!it->is_number_integer() || *it < 1 || *it > 50) r.fail(l.id + ".par", "1 to 50");
        l.par = it->get<int>();
    }
    if (l.choice) l.par = 1;
    for (const json& c : r.list(j, "choices")) {
        if (!c.is_object()) r.fail(l.id + ".choices", "each choice is an object");
        Choice choice;
        choice.id   = r.str(c, "id", {}, true);
        choice.text = r.str(c, "text", {}, true);
        for (auto [field, value] :
            { std::pair{ "correct", &choice.correct }, std::pair{ "explain", &choice.explain } })
            if (auto it = c.find(field); it != c.end()) {
                if (!it->is_boolean()) r.fail(l.id + ".choices." + field, "true or false");
                *value = it->get<bool>();
            }
        choice.why = r.str(c, "why", {}, !choice.explain);
        if (choice.explain && l.ask.empty())
            r.fail(l.id + ".choices.explain", "needs the level's ask (the move asked about)");
        l.choices.push_back(std::move(choice));
    }
    for (const json& f : r.list(j, "feedback")) {
        if (!f.is_object()) r.fail(l.id + ".feedback", "each entry is an object");
        l.feedback.push_back({ r.str(f, "move", {}, true), r.str(f, "text", {}, true),
            r.strings(f, "consequence") });
    }
    return l;
}

} // namespace

const Course& Course::builtin() {
    static const Course course = parse(embedded_files());
    return course;
}

Course Course::parse(std::span<const EmbeddedFile> files) {
    Course                                   c;
    std::map<std::string, json, std::less<>> lessons;
    std::vector<std::string>                 order;
    for (const EmbeddedFile& f : files) {
        if (f.path.starts_with("text/")) {
            auto [lang, catalogue] = Texts::read_catalogue(f.path, f.text);
            c.texts_.add(lang, std::move(catalogue));
            continue;
        }
        Reader r{ std::string(f.path) };
        json   j = json::parse(f.text, nullptr, false);
        if (j.is_discarded()) r.fail("(file)", "not valid JSON");
        if (f.path == "course.json") {
            if (!j.is_object()) r.fail("(top)", "an object");
            order = r.strings(j, "lessons");
        } else if (f.path.starts_with("lessons/") && f.path.ends_with(".json")) {
            std::string id(f.path.substr(8, f.path.size() - 8 - 5));
            lessons.emplace(id, std::move(j));
        } else {
            r.fail("(file)", "not part of the course (course.json, lessons/, text/)");
        }
    }
    std::set<std::string> seen;
    for (const std::string& id : order) {
        Reader r{ "course.json" };
        auto   it = lessons.find(id);
        if (it == lessons.end()) r.fail("lessons", "no file lessons/" + id + ".json");
        if (!seen.insert(id).second) r.fail("lessons", id + " is listed twice");
        r.where       = "lessons/" + id + ".json";
        const json& j = it->second;
        if (!j.is_object()) r.fail("(top)", "a lesson is an object");
        Lesson lesson;
        lesson.id       = id;
        lesson.topics   = r.strings(j, "topics");
        lesson.practice = r.str(j, "practice");
        for (const json& s : r.list(j, "learn")) lesson.learn.push_back(read_step(r, s));
        for (const json& l : r.list(j, "levels")) {
            Level level = read_level(r, l, id);
            lesson.levels.push_back(level.id);
            if (!c.levels_.emplace(level.id, std::move(level)).second)
                r.fail("levels", "the level id " + lesson.levels.back() + " is used twice");
        }
        c.lessons_.push_back(std::move(lesson));
    }
    for (const auto& [id, j] : lessons)
        if (!seen.contains(id))
            throw std::runtime_error("lessons/" + id + ".json: not listed in course.json");
    return c;
}

const Lesson* Course::lesson(std::string_view id) const {
    for (const Lesson& l : lessons_)
        if (l.id == id) return &l;
    return nullptr;
}

const Level* Course::level(std::string_view id) const {
    auto it = levels_.find(id);
    return it == levels_.end() ? nullptr : &it->second;
}

std::vector<std::string> Course::problems() const {
    std::vector<std::string> out;
    // Every key a lesson names, and the keys the judge and coach build sentences from.
    std::set<std::string, std::less<>> used;
    auto                               use = [&](const std::string& key) {
        if (!key.empty()) used.insert(key);
    };
    for (const Lesson& lesson : lessons_) {
        use(lesson.title());
        use(lesson.summary());
        use(lesson.tip());
        const auto topics = practice_topics();
        if (!lesson.practice.empty() && std::ranges::find(topics, lesson.practice) == topics.end())
            out.push_back(lesson.id + ": no practice is made for the topic " + lesson.practice);
        for (const LearnStep& s : lesson.learn) {
            use(s.text);
            if (auto err = check_line(s.variant, s.fen, s.moves))
                out.push_back(lesson.id + ": a learn step: " + *err);
        }
        for (const std::string& id : lesson.levels) {
            const Level& l = levels_.find(id)->second;
            use(l.goal);
            use(l.solved_text);
            use(l.hint_text);
            for (const Choice& c : l.choices) use(c.text), use(c.why);
            for (const ScriptedFeedback& f : l.feedback) use(f.text);
            for (const std::string& p : check_level(*this, l)) out.push_back(id + ": " + p);
        }
    }
    const auto& en = texts_.catalogue(Lang::En);
    for (const std::string& key : used)
        if (!en.contains(key)) out.push_back("text/en.json: no text for " + key);
    for (const auto& [key, text] : en)
        if (!key.starts_with("say.") && !key.starts_with("piece.") && !key.starts_with("list.")
            && !key.starts_with("reason.") && !key.starts_with("common.")
            && !key.starts_with("practice.") && !used.contains(key))
            out.push_back("text/en.json: " + key + " is used by no lesson");
    if (en.empty()) out.push_back("text/en.json: missing (English is the reference)");
    for (const Lang& lang : texts_.languages()) {
        if (lang == Lang::En) continue;
        const auto&       texts = texts_.catalogue(lang);
        const std::string file  = "text/" + lang.id + ".json";
        for (const auto& [key, text] : en) {
            auto it = texts.find(key);
            if (it == texts.end())
                out.push_back(file + ": no text for " + key);
            else if (it->second == text && text.size() > 12)
                out.push_back(file + ": " + key + " is the English text, not translated");
        }
        for (const auto& [key, text] : texts)
            if (!en.contains(key)) out.push_back(file + ": " + key + " is not in English");
    }
    return out;
}

} // namespace citadel::learn
