#include "server/learn_api.h"

#include <charconv>
#include <cstring>

#include "learn/judge.h"
#include "learn/practice.h"
#include "server/game_service.h"
#include "server/routes.h"
#include "server/secrets.h"

namespace citadel::server {

namespace {

using learn::Course;
using learn::Lang;

const Course& course() { return Course::builtin(); }

// A request's language: `lang` of the query or body; English when absent.
std::optional<Lang> lang_of(std::string_view given, bool present) {
    if (!present) return Lang::En;
    return course().texts().language(given);
}
// The languages named in the error: those the course has catalogues for.
Reply bad_lang() {
    std::string names;
    for (const Lang& l : course().texts().languages()) names += (names.empty() ? "" : ", ") + l.id;
    return error_reply("bad_request", "lang: one of " + names);
}

std::optional<Lang> query_lang(std::string_view query) {
    return lang_of(query_value(query, "lang"), has_query_value(query, "lang"));
}

// A GET's query: its escapes well formed and its language known, or the error.
std::optional<Reply> bad_query(std::string_view query) {
    if (!query_well_formed(query))
        return error_reply("bad_request", "the query has a malformed %-escape");
    if (!query_lang(query)) return bad_lang();
    return std::nullopt;
}

// A body's field of type string (`required`: missing is an error), or the error.
std::variant<std::string, Reply> body_string(
    const json& body, const char* key, bool required = true) {
    auto it = body.find(key);
    if (it == body.end()) {
        if (required) return error_reply("bad_request", std::string(key) + ": missing");
        return std::string();
    }
    if (!it->is_string()) return error_reply("bad_request", std::string(key) + ": not a string");
    return it->get<std::string>();
}

std::optional<Lang> body_lang(const json& body, std::optional<Reply>& error) {
    auto it = body.find("lang");
    if (it != body.end() && !it->is_string()) {
        error = bad_lang();
        return std::nullopt;
    }
    auto lang = lang_of(it == body.end() ? "" : it->get<std::string>(), it != body.end());
    if (!lang) error = bad_lang();
    return lang;
}

json arrows_json(const std::vector<learn::Arrow>& arrows) {
    json out = json::array();
    for (const auto& a : arrows) out.push_back({ a[0], a[1] });
    return out;
}

json level_json(const learn::Level& l, const Lang& lang) {
    const auto& t       = course().texts();
    json        choices = json::array();
    for (const auto& c : l.choices)
        choices.push_back({ { "id", c.id }, { "text", t(lang, c.text) } });
    // The child plays the side to move: the FEN's second field.
    const size_t space = l.fen.find(' ');
    const bool   black = space != std::string::npos && l.fen.compare(space + 1, 1, "b") == 0;
    return { { "id", l.id }, { "lesson", l.lesson }, { "kind", l.choice ? "choice" : "move" },
        { "variant", l.variant }, { "fen", l.fen }, { "side", black ? "black" : "white" },
        { "goal", t(lang, l.goal) }, { "goal_id", l.goal_id }, { "par", l.par },
        { "choices", choices }, { "check", learn::checks_along(l.variant, l.fen, {}).at(0) } };
}

// A level of the course or of generated practice (made again from its id).
std::optional<learn::Level> find_level(const std::string& id) {
    if (const learn::Level* l = course().level(id)) return *l;
    return learn::practice_level(course(), id);
}

Reply unknown(std::string_view what, const std::string& id) {
    return error_reply("not_found", "no " + std::string(what) + " has the id '" + id + "'");
}

// The request's error answer, or the value.
template <class T> bool failed(const std::variant<T, learn::RequestError>& v, Reply& out) {
    if (auto* err = std::get_if<learn::RequestError>(&v)) {
        out = error_reply("bad_request", *err);
        return true;
    }
    return false;
}

} // namespace

Reply learn_course(std::string_view query) {
    if (auto bad = bad_query(query)) return *bad;
    const Lang  lang    = *query_lang(query);
    const auto& t       = course().texts();
    json        lessons = json::array();
    for (const learn::Lesson& l : course().lessons())
        lessons.push_back(
            { { "id", l.id }, { "title", t(lang, l.title()) }, { "summary", t(lang, l.summary()) },
                { "topics", l.topics }, { "learn_steps", l.learn.size() }, { "levels", l.levels },
                { "practice", l.practice.empty() ? json(nullptr) : json(l.practice) } });
    return { 200, { { "lessons", lessons } } };
}

Reply learn_lesson(const std::string& id, std::string_view query) {
    if (auto bad = bad_query(query)) return *bad;
    const Lang           lang = *query_lang(query);
    const learn::Lesson* l    = course().lesson(id);
    if (!l) return unknown("lesson", id);
    const auto& t     = course().texts();
    json        steps = json::array(), levels = json::array();
    for (const learn::LearnStep& s : l->learn)
        steps.push_back({ { "text", t(lang, s.text) }, { "variant", s.variant }, { "fen", s.fen },
            { "arrows", arrows_json(s.arrows) }, { "highlights", s.highlights },
            { "moves", s.moves }, { "checks", learn::checks_along(s.variant, s.fen, s.moves) } });
    for (const std::string& level : l->levels)
        levels.push_back(level_json(*course().level(level), lang));
    return { 200,
        { { "id", l->id }, { "title", t(lang, l->title()) }, { "summary", t(lang, l->summary()) },
            { "tip", t(lang, l->tip()) }, { "topics", l->topics }, { "learn", steps },
            { "levels", levels },
            { "practice", l->practice.empty() ? json(nullptr) : json(l->practice) } } };
}

Reply learn_level(const std::string& id, std::string_view query) {
    if (auto bad = bad_query(query)) return *bad;
    const Lang lang = *query_lang(query);
    auto       l    = find_level(id);
    if (!l) return unknown("level", id);
    return { 200, level_json(*l, lang) };
}

// The lesson to go back to after a mistake in `level`: its own, or for a practice level the
// lesson its topic goes on from.
std::string lesson_of(const learn::Level& level, std::string_view practice_topic) {
    if (practice_topic.empty()) return level.lesson;
    for (const learn::Lesson& l : course().lessons())
        if (l.practice == practice_topic) return l.id;
    return level.lesson;
}

Reply learn_move(const std::string& id, const json& body, const RecordResult& record) {
    auto level = find_level(id);
    if (!level) return unknown("level", id);
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> error;
    auto                 lang = body_lang(body, error);
    if (error) return *error;
    learn::Attempt a;
    auto           line = body.find("line");
    if (line != body.end()) {
        if (!line->is_array()) return error_reply("bad_request", "line: not a list of moves");
        for (const json& m : *line) {
            if (!m.is_string()) return error_reply("bad_request", "line: not a list of moves");
            a.line.push_back(m.get<std::string>());
        }
    }
    for (auto [key, into] : { std::pair{ "move", &a.move }, std::pair{ "choice", &a.choice } }) {
        auto v = body_string(body, key, false);
        if (auto* r = std::get_if<Reply>(&v)) return *r;
        *into = std::get<std::string>(v);
    }
    for (auto [key, into] :
        { std::pair{ "mistakes", &a.mistakes }, std::pair{ "hints", &a.hints } }) {
        auto it = body.find(key);
        if (it == body.end()) continue;
        if (!it->is_number_integer() || *it < 0 || *it > 1000)
            return error_reply("bad_request", std::string(key) + ": a count from 0 to 1000");
        *into = it->get<int>();
    }
    auto  verdict = learn::judge(course(), *level, a, *lang);
    Reply out;
    if (failed(verdict, out)) return out;
    const learn::Verdict& v = std::get<learn::Verdict>(verdict);
    json answer = { { "verdict", learn::verdict_id(v.kind) }, { "message", v.feedback.message },
        { "arrows", arrows_json(v.feedback.arrows) }, { "highlights", v.feedback.highlights } };
    if (!v.san.empty()) answer["san"] = v.san;
    if (v.kind != learn::VerdictKind::Illegal && !a.move.empty()) {
        // The kings in check after the move and each move the board plays after it.
        std::vector<std::string> shown = a.line;
        shown.push_back(a.move);
        if (v.reply) shown.push_back(*v.reply);
        shown.insert(shown.end(), v.consequence.begin(), v.consequence.end());
        auto checks = learn::checks_along(level->variant, level->fen, shown);
        checks.erase(checks.begin(),
            checks.begin() + std::ptrdiff_t(std::min(checks.size(), a.line.size() + 1)));
        answer["checks"] = checks;
    }
    switch (v.kind) {
    case learn::VerdictKind::Illegal:
        answer["reason"] = v.reason;
        break;
    case learn::VerdictKind::Wrong:
        answer["consequence"] = v.consequence;
        break;
    case learn::VerdictKind::Good:
        answer["reply"] = v.reply ? json(*v.reply) : json(nullptr);
        break;
    case learn::VerdictKind::Solved:
        answer["stars"] = v.stars;
        break;
    }
    if (record && v.kind != learn::VerdictKind::Good) {
        LearnResult r;
        r.level   = level->id;
        r.verdict = learn::verdict_id(v.kind);
        r.stars   = v.stars;
        if (v.kind == learn::VerdictKind::Illegal) r.reason = v.reason;
        if (v.kind == learn::VerdictKind::Wrong) r.goal = level->goal_id;
        r.practice_topic = learn::practice_topic(level->id).value_or("");
        r.lesson         = lesson_of(*level, r.practice_topic);
        if (!r.practice_topic.empty()) r.position = learn::position_key(*level);
        if (auto refused = record(r)) return *refused;
        answer["recorded"] = true;
    }
    return { 200, answer };
}

Reply learn_hint(const std::string& id, std::string_view query) {
    auto level = find_level(id);
    if (!level) return unknown("level", id);
    if (auto bad = bad_query(query)) return *bad;
    const Lang        lang = *query_lang(query);
    const std::string step = query_value(query, "step");
    if (step != "1" && step != "2")
        return error_reply("bad_request", "step: 1 (the piece) or 2 (the move)");
    std::vector<std::string> line;
    const std::string        text = query_value(query, "line");
    for (size_t i = 0; i < text.size();) {
        size_t j = text.find(',', i);
        if (j == std::string::npos) j = text.size();
        line.push_back(text.substr(i, j - i));
        i = j + 1;
    }
    auto  h = learn::hint(course(), *level, line, step == "1" ? 1 : 2, lang);
    Reply out;
    if (failed(h, out)) return out;
    const learn::Hint& hint   = std::get<learn::Hint>(h);
    json               answer = { { "message", hint.message } };
    if (!hint.square.empty()) answer["square"] = hint.square;
    if (!hint.move.empty()) answer["move"] = hint.move;
    if (!hint.choice.empty()) answer["choice"] = hint.choice;
    return { 200, answer };
}

Reply learn_practice(std::string_view query, const ChildPractice* child) {
    if (auto bad = bad_query(query)) return *bad;
    const Lang lang   = *query_lang(query);
    auto       number = [&](std::string_view key, u64 fallback) -> std::optional<u64> {
        if (!has_query_value(query, key)) return fallback;
        const std::string text = query_value(query, key);
        u64               v    = 0;
        auto [end, ec]         = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size() || text.empty())
            return std::nullopt;
        return v;
    };
    const auto count = number("count", 5), seed = number("seed", 0), stage = number("stage", 1);
    if (!count || *count > 20 || *count < 1) return error_reply("bad_request", "count: 1 to 20");
    if (!seed) return error_reply("bad_request", "seed: a whole number");
    if (!stage || *stage > 2) return error_reply("bad_request", "stage: 0, 1 or 2");
    const std::string topic = query_value(query, "topic");
    Reply             out;
    json              levels = json::array();
    if (!child || has_query_value(query, "seed")) {
        auto made = learn::practice(course(), topic, int(*count), *seed, int(*stage));
        if (failed(made, out)) return out;
        for (const learn::Level& l : std::get<std::vector<learn::Level>>(made))
            levels.push_back(level_json(l, lang));
        return { 200, { { "levels", levels } } };
    }
    // A child's new round: at the child's stage in the topic, of a few seeds drawn the first whose
    // positions are all new to it.
    std::vector<u64> seeds(8);
    const auto       bytes = random_bytes(sizeof(u64) * seeds.size());
    std::memcpy(seeds.data(), bytes.data(), bytes.size());
    auto      solved = child->solved.find(topic);
    const int at     = learn::practice_stage(solved == child->solved.end() ? 0 : solved->second);
    auto      made   = learn::fresh_practice(course(), topic, int(*count), at, seeds, child->met);
    if (failed(made, out)) return out;
    const learn::FreshRound& round = std::get<learn::FreshRound>(made);
    for (const learn::Level& l : round.levels) levels.push_back(level_json(l, lang));
    return { 200,
        { { "levels", levels }, { "seed", std::to_string(round.seed) }, { "stage", at } } };
}

Reply explain(const json& body) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> error;
    auto                 lang = body_lang(body, error);
    if (error) return *error;
    std::string fields[3];
    const char* names[3] = { "variant", "fen", "move" };
    for (int i = 0; i < 3; ++i) {
        auto v = body_string(body, names[i]);
        if (auto* r = std::get_if<Reply>(&v)) return *r;
        fields[i] = std::get<std::string>(v);
    }
    auto  e = learn::explain_move(course().texts(), fields[0], fields[1], fields[2], *lang);
    Reply out;
    if (failed(e, out)) return out;
    const learn::Explained& x = std::get<learn::Explained>(e);
    if (x.legal) return { 200, { { "legal", true }, { "san", x.san } } };
    return { 200,
        { { "legal", false }, { "reason", x.reason }, { "message", x.message },
            { "arrows", arrows_json(x.arrows) } } };
}

Reply escape(const json& body) {
    if (!body.is_object()) return error_reply("bad_request", "the body must be a JSON object");
    std::optional<Reply> error;
    auto                 lang = body_lang(body, error);
    if (error) return *error;
    auto variant = body_string(body, "variant");
    if (auto* r = std::get_if<Reply>(&variant)) return *r;
    auto fen = body_string(body, "fen");
    if (auto* r = std::get_if<Reply>(&fen)) return *r;
    auto h = learn::escape_help(
        course().texts(), std::get<std::string>(variant), std::get<std::string>(fen), *lang);
    Reply out;
    if (failed(h, out)) return out;
    const learn::EscapeHelp& x = std::get<learn::EscapeHelp>(h);
    return { 200,
        { { "in_check", x.in_check }, { "checkers", x.checkers }, { "run", x.run },
            { "block", x.block }, { "capture", x.capture }, { "message", x.message } } };
}

} // namespace citadel::server
