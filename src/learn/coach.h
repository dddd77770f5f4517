// The coach's eye on a position of a two-player orthodox variant (chess, silverman, pawnrace):
// moves said in words, the legal moves split into run, block and capture, and why a king cannot
// escape (each square it cannot run to and what watches it), in the child's language. Internal
// to the learn layer: judge.cpp builds its verdicts and help from it.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/illegal.h"
#include "core/movegen.h"
#include "core/piece.h"
#include "game/explain.h"
#include "learn/judge.h"
#include "notation/uci_move.h"

namespace citadel::learn {

// The legal moves of a player in check, split as the three questions ask.
struct EscapeSplit {
    std::vector<Square> checkers;
    std::vector<Move>   run, block, capture;
};

template <class V> class Coach {
    using G = typename V::Geometry;
    using P = Position<V>;

  public:
    Coach(const Texts& texts, const Lang& lang)
        : t_(texts)
        , lang_(lang) { }

    std::string say(std::string_view key, const Params& params = {}) const {
        return t_(lang_, key, params);
    }
    std::string square(Square s) const { return square_name<G>(s); }
    std::string piece(Piece p) const { return t_.piece(lang_, type_of(p)); }

    // "king to f8", "rook takes the knight on a8", "castling on the king's side", ...
    std::string move(const P& pos, Move m) const {
        const Piece mover = pos.piece_on(m.from()), taken = pos.piece_on(m.to());
        switch (m.kind()) {
        case MoveKind::Castling:
            return say(is_short_castling<G>(m) ? "say.move.castle_short" : "say.move.castle_long");
        case MoveKind::EnPassant:
            return say("say.move.en_passant", { { "to", square(m.to()) } });
        case MoveKind::Promotion:
            return say(taken ? "say.move.promote_take" : "say.move.promote",
                { { "to", square(m.to()) }, { "promoted", t_.piece(lang_, m.promotion()) } });
        default:
            if (taken)
                return say("say.move.take",
                    { { "piece", piece(mover) }, { "captured", piece(taken) },
                        { "to", square(m.to()) } });
            return say("say.move.go", { { "piece", piece(mover) }, { "to", square(m.to()) } });
        }
    }
    // A few moves in words, as a list ("king to f8, king to d7 and ..."): at most four.
    std::string moves(const P& pos, const std::vector<Move>& ms) const {
        std::vector<std::string> words;
        for (size_t i = 0; i < ms.size() && i < 4; ++i) words.push_back(move(pos, ms[i]));
        if (ms.size() > 4) words.push_back(say("list.more"));
        return t_.list(lang_, words);
    }

    // The sentence for a refused move: the lesson's own words for the reasons a child meets
    // (naming the piece and the square), the reason's general sentence otherwise.
    std::string illegal(const P& pos, const MoveRequest& req, const Illegality& why) const {
        const std::string id(reason_id(why.reason));
        const Params      params = {
                 { "piece", why.piece ? piece(why.piece) : std::string() },
                 { "square", why.square < G::Squares ? square(why.square) : std::string() },
                 { "from", why.piece_square < G::Squares ? square(why.piece_square) : std::string() },
                 { "to", req.to < G::Squares ? square(req.to) : std::string() },
                 { "moving",
                req.from < G::Squares && pos.piece_on(req.from) ? piece(pos.piece_on(req.from))
                                                                     : std::string() },
        };
        const std::string own = "say.illegal." + id;
        return t_.has(Lang::En, own) ? say(own, params) : say("reason." + id);
    }

    EscapeSplit split(const P& pos) const {
        EscapeSplit out;
        if (!pos.in_check()) return out;
        for (auto bb = pos.checkers(); any(bb);) out.checkers.push_back(pop_lsb(bb));
        const Square king = pos.king_square(pos.side_to_move());
        for (Move m : legal_moves(pos)) {
            Square taken = m.to();
            if (m.kind() == MoveKind::EnPassant)
                taken = G::square(G::file_of(m.to()), G::rank_of(m.from()));
            if (std::ranges::find(out.checkers, taken) != out.checkers.end()
                && m.kind() != MoveKind::Castling)
                out.capture.push_back(m);
            else if (m.from() == king)
                out.run.push_back(m);
            else
                out.block.push_back(m);
        }
        return out;
    }

    // Why nothing can block the check of `checker` (the player to move is in check), or empty
    // where something could.
    std::string no_block_reason(const P& pos, Square checker, std::string_view prefix) const {
        const Piece  c    = pos.piece_on(checker);
        const Square king = pos.king_square(pos.side_to_move());
        const Params p    = { { "piece", piece(c) }, { "square", square(checker) } };
        if (type_of(c) == Knight || type_of(c) == Pawn)
            return say(std::string(prefix) + "no_block_leaper", p);
        if (distance(checker, king) == 1) return say(std::string(prefix) + "no_block_adjacent", p);
        return say(std::string(prefix) + "no_block", p);
    }

    // "Can you run? Yes: ... Can you block? No: a knight's check cannot be blocked. ..." for the
    // player to move, and the squares the board marks.
    std::string escape_message(const P& pos, const EscapeSplit& s) const {
        if (s.checkers.empty()) return say("say.escape.not_in_check");
        std::string out;
        auto        add = [&](const std::string& sentence) {
            if (!out.empty()) out += say("list.sentence_gap");
            out += sentence;
        };
        add(s.run.empty() ? say("say.escape.run_no")
                          : say("say.escape.run_yes", { { "moves", moves(pos, s.run) } }));
        if (s.checkers.size() > 1) {
            add(say("say.escape.double"));
        } else {
            add(!s.block.empty() ? say("say.escape.block_yes", { { "moves", moves(pos, s.block) } })
                                 : no_block_reason(pos, s.checkers[0], "say.escape."));
            add(s.capture.empty()
                    ? say("say.escape.capture_no",
                        { { "piece", piece(pos.piece_on(s.checkers[0])) },
                            { "square", square(s.checkers[0]) } })
                    : say("say.escape.capture_yes", { { "moves", moves(pos, s.capture) } }));
        }
        if (s.run.empty() && s.block.empty() && s.capture.empty()) add(say("say.escape.checkmate"));
        return out;
    }

    // Why the king of the player to move cannot step to each square around it, with an arrow
    // from each watching piece.
    Feedback king_squares(const P& pos) const {
        using BB = typename G::Bitboard;
        Feedback     out;
        const Seat   us   = pos.side_to_move();
        const Square king = pos.king_square(us);
        out.highlights.push_back(square(king));
        // Grouped as a child would say it: "the rook on a8 watches f8 and h8; its own pieces
        // stand on f7, g7 and h7". Asked of the board itself, not of why_illegal(): in a finished
        // game (the mate being explained) that answers "the game is over" for every move.
        std::vector<std::pair<Square, std::vector<std::string>>> watched; // by attacker
        std::vector<std::string>                                 own;
        for (int dr = 1; dr >= -1; --dr)
            for (int df = -1; df <= 1; ++df) {
                const int f = G::file_of(king) + df, r = G::rank_of(king) + dr;
                if ((df == 0 && dr == 0) || !G::on_board(f, r)) continue;
                const Square to = G::square(f, r);
                const Piece  on = pos.piece_on(to);
                const BB     by = pos.attackers(Seat(us ^ 1), to, pos.pieces() ^ bit<BB>(king));
                if (on && seat_of(on) == us) {
                    own.push_back(square(to));
                } else if (any(by)) {
                    const Square from = lsb(by);
                    auto         it   = std::ranges::find_if(
                                  watched, [&](const auto& w) { return w.first == from; });
                    if (it == watched.end()) it = watched.insert(watched.end(), { from, {} });
                    it->second.push_back(square(to));
                    out.arrows.push_back({ square(from), square(to) });
                } else {
                    continue;
                }
                out.highlights.push_back(square(to));
            }
        std::vector<std::string> reasons;
        for (const auto& [from, squares] : watched)
            reasons.push_back(say("say.why.watched",
                { { "piece", piece(pos.piece_on(from)) }, { "from", square(from) },
                    { "squares", t_.list(lang_, squares) } }));
        if (!own.empty())
            reasons.push_back(say("say.why.own_pieces", { { "squares", t_.list(lang_, own) } }));
        out.message = t_.list(lang_, reasons);
        return out;
    }

    // Why the player to move is checkmated: what gives check, the squares the king cannot run
    // to and what watches each, why nothing blocks, why nothing captures.
    Feedback mate(const P& pos) const {
        const EscapeSplit s   = split(pos);
        Feedback          out = king_squares(pos);
        const std::string run = out.message;
        for (Square c : s.checkers)
            out.arrows.push_back({ square(c), square(pos.king_square(pos.side_to_move())) });
        if (s.checkers.size() > 1) {
            out.message = say("say.mate.double") + say("list.sentence_gap")
                + say("say.mate.no_run", { { "reasons", run } });
            return out;
        }
        const Square c = s.checkers.at(0);
        const Params p = { { "piece", piece(pos.piece_on(c)) }, { "square", square(c) } };
        out.message    = say("say.mate.intro", p) + say("list.sentence_gap")
            + say("say.mate.no_run", { { "reasons", run } }) + say("list.sentence_gap")
            + no_block_reason(pos, c, "say.mate.") + say("list.sentence_gap")
            + say("say.mate.no_capture", p);
        return out;
    }

    // A check that is not mate: the ways out the player to move still has.
    Feedback not_mate(const P& pos) const {
        const EscapeSplit s = split(pos);
        Feedback          out;
        out.message = say("say.not_mate.intro");
        auto add    = [&](const char* key, const std::vector<Move>& ms) {
            if (ms.empty()) return;
            out.message += say("list.sentence_gap") + say(key, { { "moves", moves(pos, ms) } });
            for (Move m : ms)
                out.arrows.push_back({ square(m.from()), square(request_of<V>(m).to) });
        };
        add("say.not_mate.run", s.run);
        add("say.not_mate.block", s.block);
        add("say.not_mate.capture", s.capture);
        if (out.arrows.size() > 6) out.arrows.resize(6);
        return out;
    }

    // A stalemate: the player to move is not in check and has no legal move.
    Feedback stalemate(const P& pos) const {
        Feedback out = king_squares(pos);
        out.message  = say("say.stalemate", { { "reasons", out.message } });
        return out;
    }

  private:
    static int distance(Square a, Square b) {
        return std::max(
            std::abs(G::file_of(a) - G::file_of(b)), std::abs(G::rank_of(a) - G::rank_of(b)));
    }

    const Texts& t_;
    Lang         lang_;
};

} // namespace citadel::learn
