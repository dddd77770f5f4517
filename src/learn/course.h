// The course as data: lessons in teaching order, each a few learn steps (a board, a text, arrows,
// highlighted squares, a short line the board plays) and practice levels where the child moves.
// The data lives in data/learn (docs/learn.md describes the format): data/learn/course.json
// orders the lessons, data/learn/lessons/<id>.json holds one lesson, data/learn/text/<lang>.json
// every text by key. It is built into the binary (learn/embedded.h); Course::builtin() reads it
// once. Course::problems() lists everything wrong with a course (a missing text, a position the
// rules refuse, a level whose solution does not solve it); the tests require it to be empty.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "learn/embedded.h"
#include "learn/texts.h"

namespace citadel::learn {

using Arrow = std::array<std::string, 2>; // [from, to] square names

struct LearnStep {
    std::string              text; // a text key
    std::string              variant = "chess";
    std::string              fen;
    std::vector<Arrow>       arrows;
    std::vector<std::string> highlights;
    std::vector<std::string> moves; // UCI: the line the board plays to show the step
};

// An answer of a choice level.
struct Choice {
    std::string id, text; // text: a key
    bool        correct = false;
    std::string why; // a key: why this answer is right or wrong (may be empty with `explain`)
    bool        explain = false; // add the rules' verdict on the level's `ask` move
};

// Feedback written by hand for one move of a level (otherwise the judge makes it).
struct ScriptedFeedback {
    std::string              move; // UCI
    std::string              text; // a key
    std::vector<std::string> consequence; // wrong moves: the line that shows why
};

struct Level {
    std::string id, lesson;
    bool        choice  = false; // kind "choice"; else "move"
    std::string variant = "chess";
    std::string fen;
    std::string goal_id; // escape_check, mate_in_1, mate_in_2, castle, promote, ...
    std::string goal; // a key: what the child is asked to do
    int         par = 1; // the child's moves a perfect solution takes
    // Move levels: the intended line, the child's moves and the answers alternately; the answers
    // are played as written while the child follows it (the engine answers otherwise).
    std::vector<std::string> solution;
    // escape_check: the way asked for ("run", "block", "capture"), or any. promote: the piece
    // asked for ("queen", "knight", ...), or any that does not throw the win away.
    std::string way, piece;
    // Choice levels about one move (UCI, "e1g1": "can White castle on the king's side?"): the
    // right answer is the rules' verdict on it, "yes" where it is legal, "no" or the reason's id
    // ("castling_through_attack") where it is not; a choice with `explain` says that verdict.
    std::string                   ask;
    std::vector<Choice>           choices;
    std::vector<ScriptedFeedback> feedback;
    std::string                   solved_text, hint_text; // keys, optional
};

struct Lesson {
    std::string              id;
    std::vector<std::string> topics;
    std::vector<LearnStep>   learn;
    std::vector<std::string> levels; // level ids, in order
    std::string              practice; // the topic of generated practice that goes on from it
    // Text keys, derived from the id: <id>.title, <id>.summary, <id>.tip.
    std::string title() const { return id + ".title"; }
    std::string summary() const { return id + ".summary"; }
    std::string tip() const { return id + ".tip"; }
};

class Course {
  public:
    // The course built into the binary.
    static const Course& builtin();
    // A course from data files (paths as under data/learn); throws std::runtime_error naming
    // the file and field that is malformed.
    static Course parse(std::span<const EmbeddedFile> files);

    const std::vector<Lesson>& lessons() const { return lessons_; }
    const Lesson*              lesson(std::string_view id) const;
    const Level*               level(std::string_view id) const;
    const Texts&               texts() const { return texts_; }

    // Everything wrong with the course, a sentence each: texts missing in a language or left
    // untranslated, keys no lesson uses, positions the rules refuse, illegal lines, levels whose
    // solution does not solve them.
    std::vector<std::string> problems() const;

  private:
    std::vector<Lesson>                       lessons_;
    std::map<std::string, Level, std::less<>> levels_;
    Texts                                     texts_;
};

} // namespace citadel::learn
