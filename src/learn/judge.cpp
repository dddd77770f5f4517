#include "learn/judge.h"

#include <algorithm>

#include "game/game.h"
#include "learn/coach.h"
#include "learn/look.h"
#include "variants/registry.h"

namespace citadel::learn {

namespace {

// A move is punished when the engine's answer leaves the child this much worse than the best
// move would (two pawns: a piece lost, never a pawn's worth of style).
constexpr int kPunished = 200;
// The longest line a level can have (its moves and the answers).
constexpr size_t kMaxLine = 200;

// The variants the course's levels are played in.
template <class F> bool with_course_variant(std::string_view name, F&& f) {
    bool found = false;
    with_variant(name, [&]<class V>(VariantTag<V> tag) {
        if constexpr (std::is_same_v<V,
                          Chess> || std::is_same_v<V, Silverman> || std::is_same_v<V, PawnRace>) {
            found = true;
            f(tag);
        }
    });
    return found;
}

template <class V> class LevelPlay {
    using G = typename V::Geometry;

  public:
    LevelPlay(const Course& course, const Level& level, const Lang& lang)
        : texts_(course.texts())
        , level_(level)
        , coach_(course.texts(), lang)
        , lang_(lang) { }

    // Sets up the level and plays `line`, which must be a path it could have taken: legal
    // moves, the child's and the answers alternately, the game not over before the last.
    std::optional<RequestError> replay(const std::vector<std::string>& line) {
        if (auto err = game_.load_fen(level_.fen)) return "the level's position: " + describe(*err);
        child_ = game_.position().side_to_move();
        if (line.size() > kMaxLine) return "line: too long for a level";
        for (size_t i = 0; i < line.size(); ++i) {
            auto m = find_uci_move(game_.position(), line[i]);
            if (!m || !game_.play(*m))
                return "line: move " + std::to_string(i + 1) + " ('" + line[i]
                    + "') is not legal there; the line must be the level's own moves";
        }
        if (line.size() % 2 != 0)
            return "line: it ends with the child's own move; send the answer the server gave too";
        if (!level_.choice && game_.outcome().over()) return "line: the level is over after it";
        line_ = line;
        return std::nullopt;
    }

    std::variant<Verdict, RequestError> judge(const Attempt& a) {
        if (level_.choice) return judge_choice(a);
        if (a.move.empty()) return "move: missing (this level is answered with a move)";
        auto req = parse_move_request<G>(a.move);
        if (!req) return "move: " + req.error().message;
        const Position<V>& pos = game_.position();
        auto               m   = find_move(pos, *req);
        if (!m) return illegal(*req);

        Verdict v;
        v.san           = to_san(pos, *m);
        const bool need = level_.goal_id == "escape_check" || level_.goal_id == "promote"
            || level_.goal_id == "avoid_stalemate" || level_.goal_id == "give_check";
        const Look        before = need ? look(game_, child_) : Look{};
        const int         moved  = type_of(pos.piece_on(m->from()));
        std::string       phrase = coach_.move(pos, *m);
        const std::string way    = way_of(pos, *m);
        game_.play(*m);
        const int child_moves = int(line_.size() / 2) + 1;

        const ScriptedFeedback* scripted = nullptr;
        for (const ScriptedFeedback& f : level_.feedback)
            if (f.move == a.move) scripted = &f;
        if (scripted && !scripted->consequence.empty()) {
            v.kind             = VerdictKind::Wrong;
            v.feedback.message = say(scripted->text);
            v.consequence      = scripted->consequence;
            return v;
        }

        const Position<V>& after = game_.position();
        const Outcome      end   = game_.outcome();
        const bool         mated
            = end.over() && end.reason == Termination::Checkmate && end.winner == child_;
        const bool stalemated
            = end.reason == Termination::Stalemate && !std::is_same_v<V, PawnRace>;
        const std::string& goal = level_.goal_id;

        auto wrong = [&](Feedback fb, std::vector<std::string> consequence = {}) {
            v.kind        = VerdictKind::Wrong;
            v.feedback    = std::move(fb);
            v.consequence = std::move(consequence);
        };
        auto solved = [&](Feedback fb) {
            v.kind  = VerdictKind::Solved;
            v.stars = stars_for(level_.par, child_moves, a.mistakes, a.hints);
            if (!level_.solved_text.empty())
                fb.message = say(level_.solved_text) + say("list.sentence_gap") + fb.message;
            v.feedback = std::move(fb);
        };
        auto good = [&](Feedback fb) {
            v.kind     = VerdictKind::Good;
            v.feedback = std::move(fb);
            v.reply    = reply();
        };
        auto stalemate_wrong = [&] { wrong(coach_.stalemate(after)); };
        // The engine's punishing line after the move, if it leaves the child worse by a piece.
        auto punished = [&]() -> bool {
            Look then = look(game_, child_);
            return then.value <= before.value - kPunished && punish(then, v);
        };

        if (goal == "escape_check") {
            if (!level_.way.empty() && way != level_.way)
                wrong({ say("say.wrong.other_way",
                    { { "way", say("say.way." + level_.way) }, { "move", phrase } }) });
            else if (!punished())
                solved({ say("say.solved.escape." + way, { { "move", phrase } }) });
        } else if (goal == "mate_in_1" || goal == "mate_in_2" || goal == "checkmate") {
            if (mated) {
                Feedback fb = coach_.mate(after);
                solved(std::move(fb));
            } else if (stalemated) {
                stalemate_wrong();
            } else if (child_moves >= level_.par) {
                if (after.in_check()) {
                    Look                     then = look(game_, child_);
                    std::vector<std::string> line;
                    if (!then.pv.empty()) line.push_back(move_to_uci<V>(then.pv[0]));
                    wrong(coach_.not_mate(after), line);
                } else {
                    wrong({ say("say.wrong.no_check") });
                }
            } else {
                Look then = look(game_, child_);
                int  n    = mate_in(then.value);
                if (n > 0 && n <= level_.par - child_moves)
                    good({ say("say.good.mate_coming") });
                else {
                    std::vector<std::string> line;
                    if (!then.pv.empty()) line.push_back(move_to_uci<V>(then.pv[0]));
                    wrong({ say("say.wrong.no_mate_in_time",
                              { { "moves", std::to_string(level_.par) } }) },
                        line);
                }
            }
        } else if (goal == "give_check") {
            if (!after.in_check())
                wrong({ say("say.wrong.no_check_given") });
            else if (mated)
                solved(coach_.mate(after));
            else if (!punished()) {
                Feedback fb;
                for (auto bb = after.checkers(); any(bb);) {
                    const Square c = pop_lsb(bb);
                    fb.arrows.push_back({ coach_.square(c),
                        coach_.square(after.king_square(after.side_to_move())) });
                    fb.message
                        = say("say.solved.check", { { "piece", coach_.piece(after.piece_on(c)) } });
                }
                solved(std::move(fb));
            }
        } else if (goal == "castle") {
            if (way == "castle" && (level_.way.empty() || level_.way == castle_side(*m)))
                solved({ say("say.solved.castle", { { "move", phrase } }) });
            else
                wrong({ say("say.wrong.not_castling") });
        } else if (goal == "promote") {
            if (m->kind() != MoveKind::Promotion)
                wrong({ say("say.wrong.not_promotion") });
            else if (stalemated)
                stalemate_wrong();
            else if (!level_.piece.empty() && kind(m->promotion()).name != level_.piece)
                wrong({ say("say.wrong.other_piece",
                    { { "piece", texts_.piece(lang_, m->promotion()) } }) });
            else if (mated)
                solved(coach_.mate(after));
            else if (!punished())
                solved({ say(
                    "say.solved.promote", { { "piece", texts_.piece(lang_, m->promotion()) } }) });
        } else if (goal == "capture_en_passant") {
            if (m->kind() == MoveKind::EnPassant)
                solved({ say("say.solved.en_passant", { { "move", phrase } }) });
            else
                wrong({ say("say.wrong.not_en_passant") });
        } else if (goal == "avoid_stalemate") {
            if (stalemated)
                stalemate_wrong();
            else if (!level_.piece.empty() && kind(PieceType(moved)).name != level_.piece)
                wrong({ say("say.wrong.move_piece",
                    { { "piece", texts_.piece(lang_, kind_named(level_.piece)) } }) });
            else if (mated)
                solved(coach_.mate(after));
            else if (!punished())
                solved({ say("say.solved.no_stalemate", { { "move", phrase } }) });
        } else if (goal == "win_pawn_race") {
            if (end.over()) {
                if (end.kind == Outcome::Kind::Win && end.winner == child_)
                    solved({ say("say.solved.race") });
                else
                    wrong({ say("say.wrong.race_lost") });
            } else {
                Look then = look(game_, child_);
                if (mate_in(then.value) > 0)
                    good({ say("say.good.race") });
                else if (!punish(then, v, "say.wrong.race_lost"))
                    wrong({ say("say.wrong.race_slow") });
            }
        } else {
            return "the level's goal '" + goal + "' is not one the course knows";
        }
        if (scripted) v.feedback.message = say(scripted->text);
        return v;
    }

    std::variant<Hint, RequestError> hint(int step) {
        Hint h;
        if (level_.choice) {
            const Choice* right = nullptr;
            for (const Choice& c : level_.choices)
                if (c.correct) right = &c;
            if (step == 1 || !right) {
                h.message = say(level_.hint_text.empty() ? "say.hint.choice" : level_.hint_text);
            } else {
                h.choice  = right->id;
                h.message = say("say.hint.answer", { { "answer", say(right->text) } });
            }
            return h;
        }
        const Position<V>& pos = game_.position();
        const Move         m   = suggestion();
        if (m.is_none()) return "line: there is no move to hint at";
        if (step == 1) {
            h.square = coach_.square(m.from());
            h.message
                = (level_.hint_text.empty() ? "" : say(level_.hint_text) + say("list.sentence_gap"))
                + say("say.hint.piece",
                    { { "piece", coach_.piece(pos.piece_on(m.from())) }, { "square", h.square } });
        } else {
            h.move    = move_to_uci<V>(m);
            h.message = say("say.hint.move", { { "move", coach_.move(pos, m) } });
        }
        return h;
    }

    // The solution's next move for the child if the line has followed it, else the engine's.
    Move suggestion() {
        const size_t i = line_.size();
        if (follows_solution(line_) && i < level_.solution.size())
            if (auto m = find_uci_move(game_.position(), level_.solution[i])) return *m;
        const std::string& goal = level_.goal_id;
        for (Move m : legal_moves(game_.position()))
            if ((goal == "castle" && m.kind() == MoveKind::Castling)
                || (goal == "capture_en_passant" && m.kind() == MoveKind::EnPassant))
                return m;
        Look best = look(game_, child_);
        return best.pv.empty() ? Move() : best.pv[0];
    }

  private:
    std::string say(std::string_view key, const Params& p = {}) const { return coach_.say(key, p); }

    static PieceType kind_named(std::string_view name) {
        for (PieceType t : { Pawn, Knight, Bishop, Rook, Queen, King })
            if (kind(t).name == name) return t;
        return NoPieceType;
    }

    bool follows_solution(const std::vector<std::string>& line) const {
        return line.size() <= level_.solution.size()
            && std::equal(line.begin(), line.end(), level_.solution.begin());
    }

    // run, block, capture (a move out of check), castle, or move.
    std::string way_of(const Position<V>& pos, Move m) const {
        if (m.kind() == MoveKind::Castling) return "castle";
        if (pos.in_check()) {
            const EscapeSplit s = coach_.split(pos);
            if (std::ranges::find(s.capture, m) != s.capture.end()) return "capture";
            if (std::ranges::find(s.run, m) != s.run.end()) return "run";
            return "block";
        }
        return "move";
    }
    static std::string castle_side(Move m) { return is_short_castling<G>(m) ? "short" : "long"; }

    // The opponent's answer to the child's move just played: the solution's while the child
    // follows it, else the engine's; none where the level is over.
    std::optional<std::string> reply() {
        if (game_.outcome().over()) return std::nullopt;
        std::vector<std::string> played = line_;
        played.push_back(move_to_uci<V>(game_.moves().back()));
        if (follows_solution(played) && played.size() < level_.solution.size())
            return level_.solution[played.size()];
        Look l = look(game_, child_);
        if (l.pv.empty()) return std::nullopt;
        return move_to_uci<V>(l.pv[0]);
    }

    // Whether the engine's line `then` (the opponent to move) punishes the move: within three
    // moves the opponent mates or takes one of the child's pieces (a pawn is not worth a lesson's
    // "wrong"). If so, `v` becomes that wrong verdict: the line up to the punishing move, its
    // arrows and what it does. With `otherwise` ("the other pawn wins the race") any line is
    // punishment, shown whole.
    bool punish(const Look& then, Verdict& v, std::string_view otherwise = {}) {
        std::vector<std::string> line;
        std::vector<Arrow>       arrows;
        std::string              first, message;
        size_t                   played = 0;
        for (size_t i = 0; i < std::min<size_t>(then.pv.size(), 3) && message.empty(); ++i) {
            const Position<V>& pos    = game_.position();
            const Move         m      = then.pv[i];
            const bool         theirs = pos.side_to_move() != child_;
            const Piece        taken
                = m.kind() == MoveKind::EnPassant ? make_piece(child_, Pawn) : pos.piece_on(m.to());
            const std::string words = coach_.move(pos, m);
            if (i == 0) first = words;
            line.push_back(move_to_uci<V>(m));
            arrows.push_back({ coach_.square(m.from()), coach_.square(request_of<V>(m).to) });
            if (!game_.play(m)) break;
            ++played;
            const Outcome o = game_.outcome();
            if (theirs && o.kind == Outcome::Kind::Win && o.winner != child_)
                message = say("say.wrong.mated", { { "move", words } });
            else if (theirs && taken && seat_of(taken) == child_ && type_of(taken) != Pawn)
                message = say(
                    "say.wrong.loses", { { "move", words }, { "piece", coach_.piece(taken) } });
        }
        while (played-- > 0) game_.undo();
        if (message.empty()) {
            if (otherwise.empty() || line.empty()) return false;
            message = say(otherwise, { { "move", first } });
        }
        v.kind             = VerdictKind::Wrong;
        v.consequence      = std::move(line);
        v.feedback.arrows  = std::move(arrows);
        v.feedback.message = std::move(message);
        return true;
    }

    Verdict illegal(const MoveRequest& req) const {
        const Position<V>& pos = game_.position();
        auto               why = why_illegal(pos, req);
        MoveRefusal        r   = explain_refusal<V>(pos, req, why, child_);
        Verdict            v;
        v.kind             = VerdictKind::Illegal;
        v.reason           = std::string(r.reason);
        v.feedback.message = why ? coach_.illegal(pos, req, *why) : say("reason.unexplained");
        v.feedback.arrows  = std::move(r.arrows);
        return v;
    }

    std::variant<Verdict, RequestError> judge_choice(const Attempt& a) const {
        if (a.choice.empty()) return "choice: missing (this level is answered with a choice)";
        for (const Choice& c : level_.choices) {
            if (c.id != a.choice) continue;
            Verdict v;
            v.kind = c.correct ? VerdictKind::Solved : VerdictKind::Wrong;
            if (!c.why.empty()) v.feedback.message = say(c.why);
            if (c.explain) {
                Feedback rules = verdict_on_ask();
                if (!v.feedback.message.empty()) v.feedback.message += say("list.sentence_gap");
                v.feedback.message += rules.message;
                v.feedback.arrows = std::move(rules.arrows);
            }
            if (c.correct) {
                v.stars = stars_for(1, 1, a.mistakes, a.hints);
                if (!level_.solved_text.empty())
                    v.feedback.message += say("list.sentence_gap") + say(level_.solved_text);
            }
            return v;
        }
        return "choice: this level has no answer '" + a.choice + "'";
    }

    // What the rules say of the level's `ask` move: why it is refused (the sentence and arrows
    // of an illegal move), or that it is allowed.
    Feedback verdict_on_ask() const {
        const Position<V>& pos = game_.position();
        auto               req = parse_move_request<G>(level_.ask);
        if (!req) return { say("reason.unexplained") };
        if (auto m = find_move(pos, *req)) {
            if (m->kind() == MoveKind::Castling) return { say("say.allowed.castle") };
            if (m->kind() == MoveKind::EnPassant) return { say("say.allowed.en_passant") };
            return { say("say.allowed.move", { { "move", coach_.move(pos, *m) } }) };
        }
        auto        why = why_illegal(pos, *req);
        MoveRefusal r   = explain_refusal<V>(pos, *req, why, child_);
        return { why ? coach_.illegal(pos, *req, *why) : say("reason.unexplained"),
            std::move(r.arrows) };
    }

    const Texts&             texts_;
    const Level&             level_;
    Coach<V>                 coach_;
    Lang                     lang_;
    Game<V>                  game_;
    Seat                     child_ = White;
    std::vector<std::string> line_;
};

// Runs f(LevelPlay<V>&) for the level's variant after replaying `line`.
template <class R, class F>
std::variant<R, RequestError> with_level(const Course& course, const Level& level, const Lang& lang,
    const std::vector<std::string>& line, F&& f) {
    std::optional<std::variant<R, RequestError>> out;
    bool found = with_course_variant(level.variant, [&]<class V>(VariantTag<V>) {
        LevelPlay<V> play(course, level, lang);
        if (auto err = play.replay(line))
            out = *err;
        else
            out = f(play);
    });
    if (!found) return "the level's variant '" + level.variant + "' has no lessons";
    return std::move(*out);
}

} // namespace

std::string_view verdict_id(VerdictKind k) {
    switch (k) {
    case VerdictKind::Illegal:
        return "illegal";
    case VerdictKind::Wrong:
        return "wrong";
    case VerdictKind::Good:
        return "good";
    case VerdictKind::Solved:
        return "solved";
    }
    return "wrong";
}

int stars_for(int par, int moves, int mistakes, int hints) {
    const int slips = std::max(0, mistakes) + std::max(0, hints) + std::max(0, moves - par);
    return slips == 0 ? 3 : slips <= 2 ? 2 : 1;
}

std::variant<Verdict, RequestError> judge(
    const Course& course, const Level& level, const Attempt& attempt, const Lang& lang) {
    return with_level<Verdict>(
        course, level, lang, attempt.line, [&](auto& play) { return play.judge(attempt); });
}

std::variant<Hint, RequestError> hint(const Course& course, const Level& level,
    const std::vector<std::string>& line, int step, const Lang& lang) {
    if (step != 1 && step != 2) return "step: 1 (the piece) or 2 (the move)";
    return with_level<Hint>(course, level, lang, line, [&](auto& play) { return play.hint(step); });
}

std::vector<std::vector<std::string>> checks_along(
    std::string_view variant, std::string_view fen, const std::vector<std::string>& moves) {
    std::vector<std::vector<std::string>> out;
    with_course_variant(variant, [&]<class V>(VariantTag<V>) {
        Game<V> game;
        if (game.load_fen(fen)) return;
        auto mark = [&] {
            const Position<V>&       pos = game.position();
            std::vector<std::string> kings;
            if (pos.in_check())
                kings.push_back(
                    square_name<typename V::Geometry>(pos.king_square(pos.side_to_move())));
            out.push_back(std::move(kings));
        };
        mark();
        for (const std::string& text : moves) {
            auto m = find_uci_move(game.position(), text);
            if (!m || !game.play(*m)) return;
            mark();
        }
    });
    return out;
}

std::optional<std::string> check_line(
    std::string_view variant, std::string_view fen, const std::vector<std::string>& moves) {
    std::optional<std::string> out;
    const bool                 known = with_course_variant(variant, [&]<class V>(VariantTag<V>) {
        Game<V> game;
        if (auto err = game.load_fen(fen)) {
            out = "the position: " + describe(*err);
            return;
        }
        for (const std::string& text : moves) {
            auto m = find_uci_move(game.position(), text);
            if (!m || !game.play(*m)) {
                out = "the move " + text + " is not legal there";
                return;
            }
        }
    });
    if (!known) return "the variant '" + std::string(variant) + "' has no lessons";
    return out;
}

std::optional<std::string> rules_answer(const Level& level) {
    std::optional<std::string> out;
    with_course_variant(level.variant, [&]<class V>(VariantTag<V>) {
        Game<V> game;
        auto    req = parse_move_request<typename V::Geometry>(level.ask);
        if (game.load_fen(level.fen) || !req) return;
        auto why = why_illegal(game.position(), *req);
        out      = why ? std::string(reason_id(why->reason)) : "yes";
    });
    return out;
}

std::vector<std::string> check_level(const Course& course, const Level& level) {
    std::vector<std::string> out;
    if (auto err = check_line(level.variant, level.fen, {})) return { *err };
    if (level.choice) {
        int right = 0;
        for (const Choice& c : level.choices) right += c.correct;
        if (level.choices.size() < 2) out.push_back("a choice level needs two answers or more");
        if (right != 1) out.push_back("a choice level needs exactly one right answer");
        if (!level.ask.empty()) {
            const auto rules = rules_answer(level);
            const auto c     = std::ranges::find_if(
                    level.choices, [](const Choice& each) { return each.correct; });
            if (!rules)
                out.push_back("its ask '" + level.ask + "' is not a move");
            else if (c != level.choices.end() && c->id != *rules
                && !(c->id == "no" && *rules != "yes"))
                out.push_back("its right answer is '" + c->id + "', but the rules say '" + *rules
                    + "' of " + level.ask);
        }
        return out;
    }
    if (level.solution.empty()) return { "a move level needs its solution" };
    if (auto err = check_line(level.variant, level.fen, level.solution))
        return { "the solution: " + *err };
    // Each of the child's moves along the solution must be judged good, the last solved, and
    // each answer must be the one the judge gives.
    std::vector<std::string> line;
    for (size_t i = 0; i < level.solution.size(); i += 2) {
        Attempt a;
        a.line = line;
        a.move = level.solution[i];
        auto v = judge(course, level, a, Lang::En);
        if (auto* err = std::get_if<RequestError>(&v)) {
            out.push_back("the solution's move " + a.move + ": " + *err);
            break;
        }
        const Verdict&    verdict = std::get<Verdict>(v);
        const bool        last    = i + 1 >= level.solution.size();
        const VerdictKind want    = last ? VerdictKind::Solved : VerdictKind::Good;
        if (verdict.kind != want) {
            out.push_back("the solution's move " + a.move + " is judged "
                + std::string(verdict_id(verdict.kind)) + " (" + verdict.feedback.message + ")");
            break;
        }
        line.push_back(level.solution[i]);
        if (!last) line.push_back(level.solution[i + 1]);
    }
    if (int(level.solution.size() + 1) / 2 > level.par)
        out.push_back("the solution takes more moves than its par");
    return out;
}

} // namespace citadel::learn
