// Game<V> <-> PgnGame (notation/pgn.h has the text model and its decisions): to_pgn_game and
// write_pgn write a game, replay_pgn plays a PgnGame's moves into one (every move through
// parse_san, so a game is only accepted when every move is legal), and write_record is the
// game contract's record (game/turn.h).
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "game/game.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "variants/registry.h"

namespace citadel {

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

// The game contract's record: the PGN of the game, with its Event tag.
template <class V> std::string write_record(const Game<V>& game, std::string_view event) {
    PgnTags tags;
    tags.event = std::string(event);
    return write_pgn(game, tags);
}

} // namespace citadel
