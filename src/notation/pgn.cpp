#include "notation/pgn.h"

#include <algorithm>
#include <array>
#include <set>

#include "variants/orthodox.h"

namespace citadel {

namespace {

using Code = PgnError::Code;

constexpr std::array<std::string_view, 4> kResults = { "1-0", "0-1", "1/2-1/2", "*" };
constexpr std::array<std::string_view, 7> kRosterNames
    = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
constexpr std::array<std::string_view, 5> kDerivedNames
    = { "Variant", "SetUp", "FEN", "FiftyMoveRule", "Termination" };
// Move suffixes that stand for NAGs $1..$6.
constexpr std::array<std::string_view, 6> kSuffixNags = { "!", "?", "!!", "??", "!?", "?!" };
constexpr size_t                          kLineWidth  = 80;

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_symbol_char(char c) {
    return !is_space(c) && std::string_view("{}();[]\"$<>").find(c) == std::string_view::npos;
}
bool is_tag_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    });
}
bool is_result(std::string_view s) {
    return std::find(kResults.begin(), kResults.end(), s) != kResults.end();
}
template <size_t N>
bool contains(const std::array<std::string_view, N>& names, std::string_view s) {
    return std::find(names.begin(), names.end(), s) != names.end();
}

std::string join(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts) out.append(p);
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

void append_comment(std::string& to, std::string_view text) {
    for (size_t i = 0; i < text.size();) {
        while (i < text.size() && is_space(text[i])) ++i;
        size_t j = i;
        while (j < text.size() && !is_space(text[j])) ++j;
        if (j > i && !to.empty()) to += ' ';
        to.append(text.substr(i, j - i));
        i = j;
    }
}

// Where move numbering starts: the FEN tag's side to move and full-move number; nothing when the
// FEN tag cannot be read (replaying reports that).
struct Numbering {
    int  fullmove    = 1;
    bool black_first = false;

    int  number_of(size_t index) const { return fullmove + int((index + black_first) / 2); }
    bool white_moves(size_t index) const { return (index + black_first) % 2 == 0; }
};

std::optional<Numbering> numbering_of(const PgnGame& game) {
    const std::string* fen = game.tag("FEN");
    if (!fen) return Numbering{};
    auto fields = detail::split_fields(*fen);
    if (fields.size() < 2 || (fields[1] != "w" && fields[1] != "b")) return std::nullopt;
    Numbering n{ 1, fields[1] == "b" };
    if (fields.size() >= 6) n.fullmove = detail::parse_count(fields.back()); // TFEN has 7 fields
    if (n.fullmove < 1) return std::nullopt;
    return n;
}

// ---- reading ----

class Reader {
  public:
    explicit Reader(std::string_view text)
        : text_(text) { }

    bool at_end() {
        skip_blank();
        return pos_ >= text_.size();
    }

    Result<PgnGame, PgnError> game() {
        PgnGame game;
        if (auto err = tags(game)) return *err;
        if (auto err = movetext(game)) return *err;
        if (auto err = settle_result(game)) return *err;
        return game;
    }

    PgnError error(Code code, std::string message, size_t at) const {
        PgnError e{ code, std::move(message) };
        e.line = line_of(at);
        return e;
    }
    PgnError error(Code code, std::string message) const {
        return error(code, std::move(message), pos_);
    }

  private:
    int line_of(size_t at) const {
        return 1 + int(std::count(text_.begin(), text_.begin() + std::min(at, text_.size()), '\n'));
    }
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    bool line_start() const { return pos_ == 0 || text_[pos_ - 1] == '\n'; }
    void skip_line() {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    }
    // Whitespace and '%' escape lines.
    void skip_blank() {
        while (pos_ < text_.size()) {
            if (text_[pos_] == '%' && line_start())
                skip_line();
            else if (is_space(text_[pos_]))
                ++pos_;
            else
                break;
        }
    }

    // ---- tag pairs ----

    std::optional<PgnError> tags(PgnGame& game) {
        std::set<std::string> seen;
        while (!at_end() && peek() == '[') {
            auto tag = tag_pair();
            if (!tag) return tag.error();
            if (!seen.insert(tag->name).second)
                return error(Code::BadTag, "tag '" + tag->name + "' appears twice");
            if (tag->name == "Result" && !is_result(tag->value))
                return error(
                    Code::BadTag, "Result tag '" + tag->value + "' is not 1-0, 0-1, 1/2-1/2 or *");
            game.tags.push_back(std::move(*tag));
        }
        return std::nullopt;
    }

    void skip_inline_space() {
        while (pos_ < text_.size() && text_[pos_] != '\n' && is_space(text_[pos_])) ++pos_;
    }

    Result<PgnTag, PgnError> tag_pair() {
        size_t open = pos_++;
        skip_inline_space();
        size_t start = pos_;
        while (pos_ < text_.size() && is_symbol_char(text_[pos_]) && text_[pos_] != '\n') ++pos_;
        PgnTag tag{ std::string(text_.substr(start, pos_ - start)), "" };
        if (!is_tag_name(tag.name))
            return error(
                Code::BadTag, "'" + tag.name + "' is not a tag name (letters, digits, '_')");
        skip_inline_space();
        if (peek() != '"')
            return tag_end_error(open, "a quoted value after tag name '" + tag.name + "'");
        if (auto err = quoted(tag.value, open)) return *err;
        skip_inline_space();
        if (peek() != ']')
            return tag_end_error(open, "']' after the value of tag '" + tag.name + "'");
        ++pos_;
        return tag;
    }

    PgnError tag_end_error(size_t open, const std::string& expected) const {
        if (pos_ >= text_.size() || peek() == '\n')
            return error(
                Code::UnterminatedTag, "the tag opened here is not closed on its line", open);
        return error(
            Code::BadTag, "expected " + expected + ", found '" + std::string(1, peek()) + "'");
    }

    // A string with \" and \\ escapes, ending on the same line.
    std::optional<PgnError> quoted(std::string& out, size_t open) {
        for (++pos_; pos_ < text_.size() && text_[pos_] != '\n'; ++pos_) {
            char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                return std::nullopt;
            }
            if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] != '\n') c = text_[++pos_];
            out += c;
        }
        return error(
            Code::UnterminatedTag, "the tag value opened here is not closed on its line", open);
    }

    // ---- movetext ----

    struct Movetext {
        int    depth          = 0; // variation nesting; moves inside are skipped
        size_t outer_open     = 0; // where the outermost open variation began
        size_t pending_number = 0; // where a move number waiting for its move stands (+1)
        bool   ended          = false; // a result token was read
        std::optional<std::string> result;
    };

    std::optional<PgnError> movetext(PgnGame& game) {
        Movetext mt;
        while (!mt.ended && !at_end()) {
            char c = peek();
            if (c == '[') {
                if (mt.depth) break;
                if (game.moves.empty() && game.intro.empty())
                    return error(Code::UnexpectedText, "tag pair after text that is not a tag");
                break; // the next game of a file begins (this one had no result token)
            }
            std::optional<PgnError> err;
            if (c == '{')
                err = brace_comment(game, mt);
            else if (c == ';')
                err = line_comment(game, mt);
            else if (c == '(')
                err = open_variation(mt);
            else if (c == ')')
                err = close_variation(mt);
            else if (c == '$')
                err = nag(game, mt);
            else if (is_symbol_char(c))
                err = symbol(game, mt);
            else
                err = error(
                    Code::UnexpectedText, "unexpected '" + std::string(1, c) + "' in the moves");
            if (err) return err;
        }
        if (mt.depth)
            return error(Code::UnterminatedVariation, "the variation opened here is not closed",
                mt.outer_open);
        if (mt.pending_number)
            return error(Code::BadMoveNumber, "a move number without a move after it",
                mt.pending_number - 1);
        if (mt.result) game.result = *mt.result;
        result_token_ = mt.result.has_value();
        return std::nullopt;
    }

    // Where a comment goes: after the last move, or before the first.
    static std::string& comment_slot(PgnGame& game) {
        return game.moves.empty() ? game.intro : game.moves.back().note.comment;
    }

    std::optional<PgnError> brace_comment(PgnGame& game, Movetext& mt) {
        size_t open = pos_, close = text_.find('}', pos_);
        if (close == std::string_view::npos)
            return error(Code::UnterminatedComment, "the comment opened here has no '}'", open);
        if (!mt.depth) append_comment(comment_slot(game), text_.substr(open + 1, close - open - 1));
        pos_ = close + 1;
        return std::nullopt;
    }

    std::optional<PgnError> line_comment(PgnGame& game, Movetext& mt) {
        size_t open = pos_;
        skip_line();
        if (!mt.depth) append_comment(comment_slot(game), text_.substr(open + 1, pos_ - open - 1));
        return std::nullopt;
    }

    std::optional<PgnError> open_variation(Movetext& mt) {
        if (!mt.depth++) mt.outer_open = pos_;
        ++pos_;
        return std::nullopt;
    }

    std::optional<PgnError> close_variation(Movetext& mt) {
        if (!mt.depth) return error(Code::UnexpectedText, "')' closes no variation");
        --mt.depth;
        ++pos_;
        return std::nullopt;
    }

    std::optional<PgnError> nag(PgnGame& game, Movetext& mt) {
        size_t at = pos_++, start = pos_;
        while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
        int value = detail::parse_count(text_.substr(start, pos_ - start));
        if (value < 0 || value > 255)
            return error(Code::BadNag, "'$' must be followed by a number from 0 to 255", at);
        if (mt.depth) return std::nullopt;
        if (game.moves.empty()) return error(Code::BadNag, "a NAG before the first move", at);
        game.moves.back().note.nags.push_back(value);
        return std::nullopt;
    }

    std::optional<PgnError> symbol(PgnGame& game, Movetext& mt) {
        size_t start = pos_;
        // Inside a symbol, "<>" belongs to it: Tamerlane's king swap is written K<>e2
        // (docs/notation.md); '<' and '>' are reserved only as tokens of their own.
        while (pos_ < text_.size()) {
            if (text_.substr(pos_, 2) == "<>")
                pos_ += 2;
            else if (is_symbol_char(text_[pos_]))
                ++pos_;
            else
                break;
        }
        std::string_view s = text_.substr(start, pos_ - start);
        if (mt.depth) return std::nullopt;
        if (is_result(s)) {
            mt.result = std::string(s);
            mt.ended  = true;
            if (mt.pending_number)
                return error(Code::BadMoveNumber, "a move number without a move after it",
                    mt.pending_number - 1);
            return std::nullopt;
        }
        if (auto nag = suffix_nag(s); nag && !game.moves.empty()) {
            game.moves.back().note.nags.push_back(*nag);
            return std::nullopt;
        }
        if (auto err = move_number(game, mt, s, start)) return err;
        if (!s.empty()) add_move(game, mt, s);
        return std::nullopt;
    }

    static std::optional<int> suffix_nag(std::string_view s) {
        for (size_t i = 0; i < kSuffixNags.size(); ++i)
            if (s == kSuffixNags[i]) return int(i + 1);
        return std::nullopt;
    }

    // Reads a leading "12." / "12..." / "12" off s and checks it against the next move's number.
    std::optional<PgnError> move_number(
        const PgnGame& game, Movetext& mt, std::string_view& s, size_t at) {
        size_t digits = 0;
        while (digits < s.size() && is_digit(s[digits])) ++digits;
        size_t dots = digits;
        while (dots < s.size() && s[dots] == '.') ++dots;
        if (digits == 0 && dots == s.size()) { // "..." alone, as in "1. ... e5"
            s = {};
            return std::nullopt;
        }
        if (digits == 0 || (dots == digits && digits < s.size()))
            return std::nullopt; // "0-0", "e4"
        if (mt.pending_number)
            return error(Code::BadMoveNumber, "a move number without a move after it",
                mt.pending_number - 1);
        int number = detail::parse_count(s.substr(0, digits));
        if (auto n = numbering_of(game); n && number != n->number_of(game.moves.size()))
            return error(Code::BadMoveNumber,
                "move number " + std::string(s.substr(0, digits)) + " where "
                    + std::to_string(n->number_of(game.moves.size())) + " was expected",
                at);
        mt.pending_number = at + 1;
        s.remove_prefix(dots);
        return std::nullopt;
    }

    static void add_move(PgnGame& game, Movetext& mt, std::string_view s) {
        PgnMove move;
        // Trailing "!"/"?" marks become NAGs, so that they are written back the same way.
        size_t marks = s.size();
        while (marks > 0 && (s[marks - 1] == '!' || s[marks - 1] == '?')) --marks;
        auto nag = suffix_nag(s.substr(marks));
        if (nag && marks > 0) {
            move.note.nags.push_back(*nag);
            s = s.substr(0, marks);
        }
        move.san = std::string(s);
        game.moves.push_back(std::move(move));
        mt.pending_number = 0;
    }

    std::optional<PgnError> settle_result(PgnGame& game) {
        const std::string* tag = game.tag("Result");
        if (!tag) return std::nullopt;
        if (!result_token_)
            game.result = *tag;
        else if (*tag != game.result)
            return error(Code::ResultMismatch,
                "the moves end in " + game.result + " but the Result tag says " + *tag);
        return std::nullopt;
    }

    std::string_view text_;
    size_t           pos_          = 0;
    bool             result_token_ = false;
};

// ---- writing ----

std::string escape_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    return out;
}

// Greedy filling of lines of at most kLineWidth columns.
class LineWrapper {
  public:
    void add(const std::string& token) {
        if (!line_.empty() && line_.size() + 1 + token.size() > kLineWidth) flush();
        if (!line_.empty()) line_ += ' ';
        line_ += token;
    }
    std::string finish() {
        flush();
        return out_;
    }

  private:
    void flush() {
        if (!line_.empty()) out_ += line_ + "\n";
        line_.clear();
    }
    std::string out_, line_;
};

// Adds "{word ... word}" word by word, so that long comments wrap.
void add_comment(LineWrapper& w, std::string_view comment) {
    std::string normalized;
    append_comment(normalized, comment);
    if (normalized.empty()) return;
    std::replace(normalized.begin(), normalized.end(), '}', ')');
    std::string word;
    bool        first = true;
    for (size_t i = 0; i <= normalized.size(); ++i) {
        if (i < normalized.size() && normalized[i] != ' ') {
            word += normalized[i];
            continue;
        }
        bool last = i == normalized.size();
        w.add((first ? "{" : "") + word + (last ? "}" : ""));
        first = false;
        word.clear();
    }
}

bool has_comment(std::string_view comment) {
    return std::any_of(comment.begin(), comment.end(), [](char c) { return !is_space(c); });
}

void add_moves(LineWrapper& w, const PgnGame& game) {
    Numbering n   = numbering_of(game).value_or(Numbering{});
    bool      gap = true; // a comment came since the last number: Black's move needs "N..."
    add_comment(w, game.intro);
    for (size_t i = 0; i < game.moves.size(); ++i) {
        const PgnMove& m      = game.moves[i];
        std::string    number = std::to_string(n.number_of(i));
        if (n.white_moves(i))
            w.add(join({ number, ". ", m.san }));
        else
            w.add(gap ? join({ number, "... ", m.san }) : m.san);
        for (int nag : m.note.nags) // join, not "$" + ...: a GCC 12 -Wrestrict false positive
            if (nag >= 0 && nag <= 255) w.add(join({ "$", std::to_string(nag) }));
        add_comment(w, m.note.comment);
        gap = has_comment(m.note.comment);
    }
}

} // namespace

// ---- PgnGame ----

const std::string* PgnGame::tag(std::string_view name) const {
    for (const PgnTag& t : tags)
        if (t.name == name) return &t.value;
    return nullptr;
}

std::string PgnGame::variant() const {
    const std::string* v = tag("Variant");
    if (!v) return std::string(Chess::Name);
    std::string name = lower(*v);
    return name == "standard" ? std::string(Chess::Name) : name;
}

Result<PgnGame, PgnError> parse_pgn(std::string_view text) {
    Reader reader(text);
    if (reader.at_end()) return PgnError{ Code::NoGame, "the text holds no game" };
    auto game = reader.game();
    if (!game) return game;
    if (!reader.at_end())
        return reader.error(Code::UnexpectedText,
            "text after the end of the game (a second game needs parse_pgn_file)");
    return game;
}

Result<std::vector<PgnGame>, PgnError> parse_pgn_file(std::string_view text) {
    Reader               reader(text);
    std::vector<PgnGame> games;
    while (!reader.at_end()) {
        auto game = reader.game();
        if (!game) {
            PgnError err = game.error();
            err.game     = int(games.size()) + 1;
            return err;
        }
        games.push_back(std::move(*game));
    }
    return games;
}

std::string write_pgn(const PgnGame& game) {
    std::string out;
    for (const PgnTag& t : game.tags)
        if (is_tag_name(t.name)) out += "[" + t.name + " \"" + escape_tag_value(t.value) + "\"]\n";
    if (!out.empty()) out += "\n";
    LineWrapper w;
    add_moves(w, game);
    w.add(game.result);
    return out + w.finish();
}

PgnTags tags_of(const PgnGame& game) {
    PgnTags      tags;
    std::string* roster[]
        = { &tags.event, &tags.site, &tags.date, &tags.round, &tags.white, &tags.black };
    for (const PgnTag& t : game.tags) {
        auto at = std::find(kRosterNames.begin(), kRosterNames.end(), t.name);
        if (at != kRosterNames.end() && at - kRosterNames.begin() < 6)
            *roster[at - kRosterNames.begin()] = t.value;
        else if (at == kRosterNames.end() && !contains(kDerivedNames, t.name))
            tags.extra.push_back(t);
    }
    return tags;
}

PgnNotes notes_of(const PgnGame& game) {
    PgnNotes notes{ game.intro, {} };
    for (const PgnMove& m : game.moves) notes.moves.push_back(m.note);
    return notes;
}

namespace detail {

PgnError result_mismatch(const std::string& result, const std::string& why) {
    return PgnError{ PgnError::Code::ResultMismatch, "the result " + result + " is wrong: " + why };
}

DeclaredResult declared_result(const PgnGame& game) {
    using K                = DeclaredResult::Kind;
    const std::string* tag = game.tag("Termination");
    std::string        why = tag ? lower(*tag) : "";
    auto says = [&](std::string_view word) { return why.find(word) != std::string::npos; };
    if (game.result == "1-0" || game.result == "0-1") {
        Seat loser = game.result == "1-0" ? Black : White;
        return { says("time") ? K::Flag : K::Resign, loser };
    }
    if (game.result != "1/2-1/2") return {};
    if (says("time")) return { K::FlagDraw };
    if (says("repetition")) return { K::ClaimRepetition };
    if (says("50-move") || says("fifty")) return { K::ClaimFiftyMoves };
    return { K::AgreeDraw };
}

void add_generated_tags(PgnGame& out, const PgnTags& tags, const std::string& score) {
    const std::string* values[]
        = { &tags.event, &tags.site, &tags.date, &tags.round, &tags.white, &tags.black };
    for (size_t i = 0; i < 6; ++i) out.tags.push_back({ std::string(kRosterNames[i]), *values[i] });
    out.tags.push_back({ "Result", score });
}

void add_extra_tags(PgnGame& out, const PgnTags& tags) {
    std::set<std::string> seen;
    for (const PgnTag& t : tags.extra)
        if (is_tag_name(t.name) && !contains(kRosterNames, t.name)
            && !contains(kDerivedNames, t.name) && seen.insert(t.name).second)
            out.tags.push_back(t);
}

} // namespace detail

} // namespace citadel
