// PGN for the two-player variants: games <-> text.
//
// PgnGame is the text model (tags, SAN moves with their comments and NAGs, the result); it knows
// no rules. parse_pgn / write_pgn convert text <-> PgnGame; to_pgn_game and replay_pgn convert
// Game<V> <-> PgnGame, the latter playing every move through parse_san so that a game is only
// accepted when every move is legal. Decisions (see also docs/notation.md):
// - Tags are written in the order: Seven Tag Roster (unknowns "?", Date "????.??.??"), Variant
//   (omitted for chess), SetUp "1" + FEN (only when the start is not the variant's start),
//   FiftyMoveRule "on" (Tamerlane with its optional 50-move rule on; absent: off), Termination
//   (Outcome::describe(), only when the game is over), then the caller's extra tags.
// - A decisive result that the rules did not reach is replayed as a resignation, a drawn one as
//   an agreement, unless the Termination tag mentions time (a flag), repetition or the 50-move
//   rule (a claim). A result that contradicts the rules (1-0 on a stalemate) is an error.
// - Reading: a game ends at its result token (or, in a file, where the next tag section starts,
//   or at the end); without a token the Result tag gives the result, and a token that disagrees
//   with the tag is an error. Move numbers are optional but, when written, must be right.
//   Variations are skipped; '%' lines are ignored; "Standard" is read as chess.
// - Comments are whitespace-normalized; '}' inside a comment is written as ')'. Trailing "!",
//   "?", "!!", "??", "!?", "?!" on a move are read as NAGs $1..$6.
// - Movetext lines are at most 80 columns (a longer single token stands alone on its line);
//   Black's move is numbered "N..." first after a FEN start and after a comment.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "game/game.h"
#include "notation/san.h"
#include "variants/registry.h"

namespace citadel {

struct PgnTag {
    std::string name, value;
    friend bool operator==(const PgnTag&, const PgnTag&) = default;
};

// What goes with a move (or, as the game's intro, before the first move): NAGs and a comment.
struct PgnNote {
    std::vector<int> nags; // 0..255 (others are not written); $1 is "!", $2 "?" ...
    std::string      comment;
    bool             empty() const { return nags.empty() && comment.empty(); }
    friend bool      operator==(const PgnNote&, const PgnNote&) = default;
};

struct PgnMove {
    std::string san; // as written, without trailing "!"/"?" marks (those became NAGs)
    PgnNote     note;
    friend bool operator==(const PgnMove&, const PgnMove&) = default;
};

struct PgnGame {
    std::vector<PgnTag>  tags; // in the order read or to be written
    std::string          intro; // a comment before the first move
    std::vector<PgnMove> moves;
    std::string          result = "*"; // "1-0", "0-1", "1/2-1/2" or "*"

    // The value of the first tag called `name`, or nullptr.
    const std::string* tag(std::string_view name) const;
    // The variant's name: the Variant tag in lower case, "standard" read as "chess"; "chess" if
    // there is no Variant tag.
    std::string variant() const;
    friend bool operator==(const PgnGame&, const PgnGame&) = default;
};

struct PgnError {
    enum class Code : u8 {
        NoGame, // the text holds no game
        UnterminatedComment, // '{' without '}'
        UnterminatedTag, // '[' or '"' not closed on its line
        UnterminatedVariation, // '(' without ')'
        BadTag, // a tag that is not [Name "value"], a duplicate, a bad Result
        BadMoveNumber, // a move number that is not the number of the move it precedes
        BadNag, // '$' without a number 0..255, or before the first move
        UnexpectedText, // a character PGN does not allow here; text after the game
        ResultMismatch, // result token vs. Result tag, or a result the rules contradict
        BadStart, // an unreadable or illegal FEN tag, SetUp "1" without FEN
        UnknownVariant, // a Variant tag naming no variant
        UnsupportedVariant, // a variant whose games PGN does not carry (yet)
        WrongVariant, // replaying a game of one variant into a Game of another
        IllegalMove, // a move that is not SAN for a legal move, or after the end
    };
    Code                    code;
    std::string             message; // names what is wrong and where
    int                     line = 0; // 1-based line of the text, 0 when not about the text
    int                     game = 0; // 1-based game of a multi-game file, 0 for a single game
    int                     ply  = 0; // IllegalMove: 1-based ply from the start position
    std::string             move{}; // IllegalMove: the move text
    std::optional<SanError> san{}; // IllegalMove: why the move text was refused
};

// The tags a caller chooses; the rest (Result, Variant, SetUp, FEN, Termination) come from the
// game.
struct PgnTags {
    std::string event = "?", site = "?", date = "????.??.??", round = "?", white = "?", black = "?";
    std::vector<PgnTag>
        extra; // written last; names that are generated or not PGN symbols are skipped
};

// NAGs and comments to write with a game's moves: moves[i] goes with ply i (may be shorter).
struct PgnNotes {
    std::string          intro;
    std::vector<PgnNote> moves;
};

// ---- text <-> PgnGame (pgn.cpp) ----

// Exactly one game (a trailing blank line or '%' line is fine, a second game is an error).
Result<PgnGame, PgnError> parse_pgn(std::string_view text);
// Every game of a file, in order; an empty file has none.
Result<std::vector<PgnGame>, PgnError> parse_pgn_file(std::string_view text);
std::string                            write_pgn(const PgnGame& game);

// The roster tags and the extra tags of a game read from text, for writing it again.
PgnTags  tags_of(const PgnGame& game);
PgnNotes notes_of(const PgnGame& game);

namespace detail {
PgnError result_mismatch(const std::string& result, const std::string& why);
// Replays the result a PGN claims where the rules did not end the game (see the header).
struct DeclaredResult {
    enum class Kind : u8 {
        None,
        Resign,
        Flag,
        AgreeDraw,
        ClaimRepetition,
        ClaimFiftyMoves,
        FlagDraw
    };
    Kind kind  = Kind::None;
    Seat loser = White; // Resign, Flag
};
DeclaredResult declared_result(const PgnGame& game);
void           add_generated_tags(PgnGame& out, const PgnTags& tags, const std::string& score);
void           add_extra_tags(PgnGame& out, const PgnTags& tags);
} // namespace detail

// ---- Game<V> <-> PgnGame ----

template <class V>
PgnGame to_pgn_game(const Game<V>& game, const PgnTags& tags = {}, const PgnNotes& notes = {}) {
    PgnGame out;
    Outcome outcome = game.outcome();
    detail::add_generated_tags(out, tags, outcome.score());
    if (V::Name != Chess::Name) out.tags.push_back({ "Variant", std::string(V::Name) });
    if (!(game.start() == *parse_fen<V>(V::StartFen))) {
        out.tags.push_back({ "SetUp", "1" });
        out.tags.push_back({ "FEN", write_fen<V>(game.start()) });
    }
    if constexpr (V::OwnGameEnd)
        if (game.fifty_move_rule()) out.tags.push_back({ "FiftyMoveRule", "on" });
    if (outcome.over()) out.tags.push_back({ "Termination", outcome.describe() });
    detail::add_extra_tags(out, tags);

    Position<V>              pos;
    std::deque<StateInfo<V>> states;
    pos.set(game.start(), states.emplace_back());
    out.intro = notes.intro;
    for (size_t i = 0; i < game.moves().size(); ++i) {
        Move m = game.moves()[i];
        out.moves.push_back(
            { to_san(pos, m), i < notes.moves.size() ? notes.moves[i] : PgnNote{} });
        pos.make(m, states.emplace_back());
    }
    out.result = outcome.score();
    return out;
}

template <class V>
std::string write_pgn(const Game<V>& game, const PgnTags& tags = {}, const PgnNotes& notes = {}) {
    return write_pgn(to_pgn_game(game, tags, notes));
}

namespace detail {

template <class V> std::optional<PgnError> replay_start(const PgnGame& pgn, Game<V>& game) {
    using Code               = PgnError::Code;
    const std::string* fen   = pgn.tag("FEN");
    const std::string* setup = pgn.tag("SetUp");
    if (!fen && setup && *setup == "1")
        return PgnError{ Code::BadStart, "SetUp \"1\" without a FEN tag" };
    if (auto err = game.load_fen(fen ? *fen : std::string(V::StartFen)))
        return PgnError{ Code::BadStart, "FEN tag: " + describe(*err) };
    // Tamerlane's optional 50-move rule: FiftyMoveRule "on" or "off" (absent: off).
    const std::string* fifty = pgn.tag("FiftyMoveRule");
    if constexpr (V::OwnGameEnd) {
        if (fifty && *fifty != "on" && *fifty != "off")
            return PgnError{ Code::BadTag,
                "FiftyMoveRule tag: \"" + *fifty + "\" is neither \"on\" nor \"off\"" };
        game.set_fifty_move_rule(fifty && *fifty == "on");
    } else if (fifty) {
        return PgnError{ Code::BadTag,
            "FiftyMoveRule tag: " + std::string(V::Name)
                + " has no optional 50-move rule (the tag is for tamerlane games)" };
    }
    return std::nullopt;
}

template <class V>
PgnError illegal_move(const Game<V>& game, size_t index, const std::string& san, std::string reason,
    std::optional<SanError> cause) {
    const auto& start  = game.start();
    int         ply    = int(index) + (start.to_move == Black);
    std::string number = std::to_string(start.fullmove + ply / 2) + (ply % 2 ? "..." : ".");
    PgnError    err{ PgnError::Code::IllegalMove,
        "move " + number + " '" + san + "' (ply " + std::to_string(index + 1) + "): " + reason };
    err.ply  = int(index) + 1;
    err.move = san;
    err.san  = std::move(cause);
    return err;
}

template <class V> std::optional<PgnError> replay_moves(const PgnGame& pgn, Game<V>& game) {
    for (size_t i = 0; i < pgn.moves.size(); ++i) {
        const std::string& san = pgn.moves[i].san;
        if (Outcome o = game.outcome(); o.over())
            return illegal_move(
                game, i, san, "the game is already over: " + o.describe(), std::nullopt);
        auto m = parse_san(game.position(), san);
        if (!m) return illegal_move(game, i, san, m.error().message, m.error());
        game.play(*m);
    }
    return std::nullopt;
}

// Makes the game's outcome the one the PGN states.
template <class V> std::optional<PgnError> replay_result(const PgnGame& pgn, Game<V>& game) {
    using K         = DeclaredResult::Kind;
    Outcome by_rule = game.outcome();
    if (pgn.result == "*") return std::nullopt;
    if (by_rule.over()) {
        if (by_rule.score() == pgn.result) return std::nullopt;
        return result_mismatch(pgn.result, "the final position is decided: " + by_rule.describe());
    }
    DeclaredResult d = declared_result(pgn);
    switch (d.kind) {
    case K::Resign:
        game.resign(d.loser);
        break;
    case K::Flag:
        game.flag(d.loser);
        break;
    case K::AgreeDraw:
        game.agree_draw();
        break;
    case K::ClaimRepetition:
        game.claim_draw(DrawClaim::ThreefoldRepetition);
        break;
    case K::ClaimFiftyMoves:
        game.claim_draw(DrawClaim::FiftyMoveRule);
        break;
    case K::FlagDraw:
        game.flag(game.can_mate(Black) ? Black : White);
        break; // whose opponent cannot mate
    case K::None:
        break;
    }
    if (game.outcome().score() != pgn.result)
        return result_mismatch(pgn.result,
            "the Termination tag's reason does not hold here: " + game.outcome().describe());
    return std::nullopt;
}

} // namespace detail

// Replays a game of variant V into `game`: its start (FEN tag), every move, then its result.
template <class V> std::optional<PgnError> replay_pgn(const PgnGame& pgn, Game<V>& game) {
    if (std::string name = pgn.variant(); name != V::Name)
        return PgnError{ PgnError::Code::WrongVariant,
            "the game is " + name + ", not " + std::string(V::Name) };
    if (auto err = detail::replay_start(pgn, game)) return err;
    if (auto err = detail::replay_moves(pgn, game)) return err;
    return detail::replay_result(pgn, game);
}

// The variants whose games PGN carries: the two-player ones. (Four Kingdoms has its own game
// record, notation/k4record.h.)
template <class V>
concept PgnVariant = V::Seats == 2;

// Replays a game into a Game of the variant its Variant tag names and calls on_game(Game<V>&).
template <class F> std::optional<PgnError> with_replayed_pgn(const PgnGame& pgn, F&& on_game) {
    std::optional<PgnError> error;
    bool                    known = with_variant(pgn.variant(), [&]<class V>(VariantTag<V>) {
        if constexpr (PgnVariant<V>) {
            Game<V> game;
            error = replay_pgn(pgn, game);
            if (!error) on_game(game);
        } else {
            error = PgnError{ PgnError::Code::UnsupportedVariant,
                "PGN games of " + std::string(V::Name) + " cannot be replayed yet" };
        }
    });
    if (!known)
        return PgnError{ PgnError::Code::UnknownVariant,
            "unknown variant '" + *pgn.tag("Variant") + "' (known: " + std::string(kVariantNames)
                + ")" };
    return error;
}

} // namespace citadel
