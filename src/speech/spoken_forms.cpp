#include "speech/spoken_forms.h"

#include <algorithm>
#include <optional>
#include <string_view>

#include "speech/utf8.h"

namespace citadel::speech {

namespace {

using learn::Lang;

const learn::Texts& texts() { return learn::Texts::builtin(); }

// The Mandarin voice reads Latin letters as pinyin: the files as Chinese children name the
// English letters (e is yī, h is ài chǐ: ài qī would run into 七), the ranks as Chinese numerals.
constexpr std::string_view kZhFiles[]
    = { "ei1", "bi1", "xi1", "di1", "yi1", "ai4fu5", "ji1", "ai4chi3" };
constexpr std::string_view kZhRanks[] = { "一", "二", "三", "四", "五", "六", "七", "八" };

// Characters the Mandarin voice reads with the wrong one of their readings, respelled in pinyin:
// where `after` is set, only right after one of its characters.
struct Respelling {
    std::u32string_view written;
    std::string_view    said;
    std::u32string_view after;
};
constexpr Respelling kZhRespellings[] = {
    { U"车", "ju1", {} }, // the rook is jū in chess, not chē (a car)
    { U"重复", "chong2fu4", {} }, // repeated (the draw by repetition), not zhòng fù
    { U"不了", "bu4liao3", {} }, // cannot (赢不了), not bù le
    { U"行", "hang2", U"一二三四五六七八12345678" }, // a row (第八行, 最后一行), not xíng
};

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
bool is_square(std::string_view w) { return w.size() == 2 && is_file(w[0]) && is_rank(w[1]); }

// The characters a word of notation is made of.
bool in_word(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+'
        || c == '#' || c == '=' || c == '-';
}

std::string said_square(const Lang& lang, std::string_view square) {
    if (lang != Lang{ "zh" }) return std::string(square);
    // Spaces keep the pinyin apart from the characters around it.
    return " " + std::string(kZhFiles[square[0] - 'a']) + " "
        + std::string(kZhRanks[square[1] - '1']) + " ";
}

std::optional<std::string> piece_named(const Lang& lang, char letter) {
    const std::string_view names[] = { "king", "queen", "rook", "bishop", "knight" };
    const std::string_view letters = "KQRBN";
    const size_t           at      = letters.find(letter);
    if (at == std::string_view::npos) return std::nullopt;
    return texts()(lang, "piece." + std::string(names[at]));
}

// Nf3, Nbd7, R1e2, Qh4xe1, Kxg7: a piece's move.
std::optional<std::string> said_piece_move(const Lang& lang, std::string_view w) {
    if (w.size() < 3 || w.size() > 6 || !is_square(w.substr(w.size() - 2))) return std::nullopt;
    auto piece = piece_named(lang, w[0]);
    if (!piece) return std::nullopt;
    std::string_view from = w.substr(1, w.size() - 3); // disambiguation, then the capture
    size_t           i    = 0;
    if (i < from.size() && is_file(from[i])) ++i;
    if (i < from.size() && is_rank(from[i])) ++i;
    const bool takes = i < from.size() && from[i] == 'x';
    if (takes) ++i;
    if (i != from.size()) return std::nullopt;
    const learn::Params params
        = { { "piece", *piece }, { "to", said_square(lang, w.substr(w.size() - 2)) } };
    return texts()(lang, takes ? "say.move.take_on" : "say.move.go", params);
}

// exd5, e8=Q, dxe8=N, and a pawn's push with a check (e4+). A bare square is not a move.
std::optional<std::string> said_pawn_move(const Lang& lang, std::string_view w, bool checks) {
    const bool takes = w.size() >= 4 && is_file(w[0]) && w[1] == 'x';
    if (takes) w.remove_prefix(2);
    if (w.size() < 2 || !is_square(w.substr(0, 2))) return std::nullopt;
    const std::string to   = said_square(lang, w.substr(0, 2));
    std::string_view  rest = w.substr(2);
    if (rest.size() == 2 && rest[0] == '=') {
        auto promoted = piece_named(lang, rest[1]);
        if (!promoted || rest[1] == 'K') return std::nullopt;
        return texts()(lang, takes ? "say.move.promote_take" : "say.move.promote",
            { { "to", to }, { "promoted", *promoted } });
    }
    if (!rest.empty() || (!takes && !checks)) return std::nullopt;
    const learn::Params params = { { "piece", texts()(lang, "piece.pawn") }, { "to", to } };
    return texts()(lang, takes ? "say.move.take_on" : "say.move.go", params);
}

// The course's sentence for a word of notation, or nothing if `word` is not one.
std::optional<std::string> said_move(const Lang& lang, std::string_view word) {
    std::string_view check;
    if (word.ends_with('#'))
        check = "say.move.checkmate";
    else if (word.ends_with('+'))
        check = "say.move.check";
    if (!check.empty()) word.remove_suffix(1);
    std::optional<std::string> move;
    if (word == "O-O" || word == "0-0")
        move = texts()(lang, "say.move.castle_short");
    else if (word == "O-O-O" || word == "0-0-0")
        move = texts()(lang, "say.move.castle_long");
    else if (!(move = said_piece_move(lang, word)))
        move = said_pawn_move(lang, word, !check.empty());
    if (!move || check.empty()) return move;
    return texts()(lang, check, { { "move", *move } });
}

Span joined(const std::vector<SpokenChar>& chars, size_t begin, size_t end) {
    const Span first = chars[begin].from, last = chars[end - 1].from;
    return { first.start, last.end() - first.start };
}

// Appends `said` (UTF-8 made here, always valid), every character standing for `from`.
void say(std::vector<SpokenChar>& out, std::string_view said, Span from) {
    std::vector<char32_t> codes;
    decode_utf8(said, codes);
    for (char32_t c : codes) out.push_back({ c, from });
}

// A word of notation or parts of one between hyphens ("e2-e4"): each said as a move, a square,
// or as it is. Whether the word was a move.
bool say_word(const Lang& lang, const std::vector<SpokenChar>& chars, size_t begin, size_t end,
    std::vector<SpokenChar>& out) {
    std::string word;
    for (size_t i = begin; i < end; ++i) word += char(chars[i].code);
    if (auto move = said_move(lang, word)) {
        say(out, *move, joined(chars, begin, end));
        return true;
    }
    if (is_square(word)) {
        say(out, said_square(lang, word), joined(chars, begin, end));
        return false;
    }
    const size_t hyphen = word.find('-');
    if (hyphen == std::string::npos || word.size() == 1) {
        out.insert(out.end(), chars.begin() + long(begin), chars.begin() + long(end));
        return false;
    }
    if (hyphen > 0) say_word(lang, chars, begin, begin + hyphen, out);
    out.push_back(chars[begin + hyphen]);
    say_word(lang, chars, begin + hyphen + 1, end, out);
    return false;
}

// Moves one after another ("Nf3 Nc6") are said with a pause between them: the list's separator
// after the earlier one, which ends at out[after].
void pause_after(const Lang& lang, std::vector<SpokenChar>& out, size_t after) {
    std::vector<SpokenChar> pause;
    say(pause, texts()(lang, "list.separator"), out[after - 1].from);
    std::erase_if(pause, [](const SpokenChar& c) { return c.code == ' '; });
    out.insert(out.begin() + long(after), pause.begin(), pause.end());
}

// The respelling that applies at chars[i], if one does.
const Respelling* respelling_at(const Lang& lang, const std::vector<SpokenChar>& chars, size_t i) {
    if (lang != Lang{ "zh" }) return nullptr;
    for (const Respelling& r : kZhRespellings) {
        if (i + r.written.size() > chars.size()) continue;
        bool match = true;
        for (size_t k = 0; k < r.written.size() && match; ++k)
            match = chars[i + k].code == r.written[k];
        if (match && !r.after.empty())
            match = i > 0 && r.after.find(chars[i - 1].code) != std::u32string_view::npos;
        if (match) return &r;
    }
    return nullptr;
}

} // namespace

std::vector<SpokenChar> with_spoken_forms(const Lang& lang, const std::vector<SpokenChar>& chars) {
    std::vector<SpokenChar> out;
    out.reserve(chars.size() * 2);
    size_t after_move = 0; // where the last move said ends in `out`; 0: none yet
    for (size_t i = 0; i < chars.size();) {
        if (in_word(chars[i].code)) {
            size_t end = i;
            while (end < chars.size() && in_word(chars[end].code)) ++end;
            const size_t begin = out.size();
            if (say_word(lang, chars, i, end, out)) {
                const bool spaces_only = std::all_of(out.begin() + long(after_move),
                    out.begin() + long(begin), [](const SpokenChar& c) { return c.code == ' '; });
                if (after_move > 0 && spaces_only) pause_after(lang, out, after_move);
                after_move = out.size();
            }
            i = end;
        } else if (const Respelling* r = respelling_at(lang, chars, i)) {
            const size_t end = i + r->written.size();
            // Spaces keep the pinyin apart from the characters around it.
            say(out, " " + std::string(r->said) + " ", joined(chars, i, end));
            i = end;
        } else {
            out.push_back(chars[i++]);
        }
    }
    return out;
}

} // namespace citadel::speech
