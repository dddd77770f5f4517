// PGN for the two-player variants: games <-> text.
//
// PgnGame is the text model (tags, SAN moves with their comments and NAGs, the result); it knows
// no rules. parse_pgn / write_pgn convert text <-> PgnGame; to_pgn_game and replay_pgn, beside
// the game in game/game_pgn.h, convert Game<V> <-> PgnGame, the latter playing every move through
// parse_san so that a game is only accepted when every move is legal. Decisions (see also
// docs/notation.md):
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

#include "core/errors.h"
#include "core/types.h"
#include "notation/fen.h"
#include "notation/san.h"

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

} // namespace citadel
