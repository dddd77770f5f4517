// The course's answers (the "Levels" and "Help for any position" parts of docs/learn.md): the
// verdict on a child's move or answer in a level, hints, and the explanation and escape help for
// any position. Stateless: each call replays the level's line from its position. The opponent's
// answers are the level's scripted line where the child follows it, else the engine's at a
// fixed node budget (deterministic: the same line always gets the same answer).
//
// How a move is judged, in order:
//   illegal  the rules core refuses it: its reason, the arrows, a sentence naming the piece and
//            square (the rook on a8 watches g8);
//   wrong    legal, but it misses the goal or is punished: it stalemates, it is not the mate or
//            the castling asked for, or the engine's answer wins a piece or mates (a drop of two
//            pawns or more against the best move); the consequence is the engine's punishing
//            line, and the sentence says what it does;
//   good     on the way (a mate in 2's first move, a pawn race move that keeps the win): the
//            reply is the opponent's answer;
//   solved   the goal is reached: why it works, from the position (a mate: each square the king
//            cannot run to and what watches it, why nothing blocks or captures), and the stars.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "learn/course.h"

namespace citadel::learn {

// A sentence and what the board shows with it.
struct Feedback {
    std::string              message;
    std::vector<Arrow>       arrows     = {};
    std::vector<std::string> highlights = {};
};

enum class VerdictKind : u8 { Illegal, Wrong, Good, Solved };
std::string_view verdict_id(VerdictKind k); // "illegal", "wrong", "good", "solved"

struct Verdict {
    VerdictKind                kind = VerdictKind::Wrong;
    Feedback                   feedback;
    std::string                reason; // illegal: the core's reason id
    std::string                san; // the child's move, where it was legal
    std::vector<std::string>   consequence; // wrong: the line that shows why (UCI)
    std::optional<std::string> reply; // good: the opponent's answer (none: the child moves again)
    int                        stars = 0; // solved: 1-3
};

// What the child did: the line played so far (the child's moves and the answers, in order),
// then a move (move levels) or an answer (choice levels), and the mistakes made and hints
// taken in this level so far (for the stars).
struct Attempt {
    std::vector<std::string> line;
    std::string              move, choice;
    int                      mistakes = 0, hints = 0;
};

// The stars for solving a level in `moves` of the child's moves against its par: 3 without a
// mistake or a hint and within par, 2 with up to two of them (or up to two moves over par), 1
// otherwise.
int stars_for(int par, int moves, int mistakes, int hints);

// An error in the request itself (a line the server could not have given, a move that is not
// move text, an unknown answer): the sentence names it. The caller answers bad_request.
using RequestError = std::string;

std::variant<Verdict, RequestError> judge(
    const Course& course, const Level& level, const Attempt& attempt, const Lang& lang);

// Step 1: the piece to move (square) or, in a choice level, a nudge; step 2: the move, or the
// answer.
struct Hint {
    std::string square, move, choice;
    std::string message;
};
std::variant<Hint, RequestError> hint(const Course& course, const Level& level,
    const std::vector<std::string>& line, int step, const Lang& lang);

// POST /api/explain: whether `move` is legal in `fen` of `variant` (any variant), its SAN if so,
// the reason, sentence and arrows if not.
struct Explained {
    bool               legal = false;
    std::string        san, reason, message;
    std::vector<Arrow> arrows;
};
std::variant<Explained, RequestError> explain_move(const Texts& texts, std::string_view variant,
    std::string_view fen, std::string_view move, const Lang& lang);

// POST /api/escape: for the player to move in `fen` (chess, silverman), the checking pieces and
// the legal moves split into capture (removes a checker, by the king too, en passant too), run
// (every other king move) and block (the rest), with "can you run, block, capture?" answered.
struct EscapeHelp {
    bool                     in_check = false;
    std::vector<std::string> checkers, run, block, capture;
    std::string              message;
};
std::variant<EscapeHelp, RequestError> escape_help(
    const Texts& texts, std::string_view variant, std::string_view fen, const Lang& lang);

// The squares of the kings in check along a line: for the position `fen` and after each of
// `moves`, the king of the side to move if it stands in check (none otherwise), so that a board
// marks check without knowing the rules. Moves that are not legal end the list early.
std::vector<std::vector<std::string>> checks_along(
    std::string_view variant, std::string_view fen, const std::vector<std::string>& moves);

// For Course::problems(): what is wrong with a position and a line played from it (the rules
// refuse the position, a move is illegal), or nothing.
std::optional<std::string> check_line(
    std::string_view variant, std::string_view fen, const std::vector<std::string>& moves);
// The rules' answer to a choice level's `ask`: "yes" where the move is legal, else the reason's id
// ("castling_in_check"); nothing where the position or the move cannot be read.
std::optional<std::string> rules_answer(const Level& level);
// What is wrong with a level: its position, its solution (each of the child's moves must be
// judged good and the last solved), its choices (exactly one right, the rules' answer where it
// asks about a move), its scripted feedback.
std::vector<std::string> check_level(const Course& course, const Level& level);

} // namespace citadel::learn
