// The Four Kingdoms game record (its format: notation/k4record.h), beside the game it records:
// write_k4record writes a FourKingdomsGame, read_k4record replays a record into one, and
// write_record is the game contract's record (game/turn.h).
#pragma once

#include <string>
#include <string_view>

#include "game/fourkingdoms_game.h"

namespace citadel {

template <class V>
requires FourKingdomsVariant<V> std::string write_k4record(
    const FourKingdomsGame<V>& game, const K4Tags& tags = {}) {
    std::string out;
    out += fk::tag_line("Event", tags.event) + fk::tag_line("Site", tags.site)
        + fk::tag_line("Date", tags.date) + fk::tag_line("Round", tags.round)
        + fk::tag_line("Variant", V::Name);
    for (Seat x = 0; x < 4; ++x) out += fk::tag_line(fk::kSeatNames[x], tags.players[x]);
    out += fk::tag_line("Result", fk::record_result(game.outcome(), game.scores(), V::Teams));
    std::string start = write_fen<V>(game.start());
    if (start != V::StartFen) out += fk::tag_line("SetUp", "1") + fk::tag_line("FEN", start);
    out += '\n';
    std::vector<std::string> tokens;
    int                      number = -1;
    for (const FkEntry& e : game.history()) {
        if (e.action == FkAction::Move) {
            if (e.fullmove != number) tokens.push_back(std::to_string(number = e.fullmove) + ".");
            tokens.push_back(fk::move_token(e.player, e.san));
        } else
            tokens.push_back(fk::braced(fk::record_action(e)));
        for (const FkEvent& ev : e.events)
            if (ev.kind == FkEventKind::Checkmate || ev.kind == FkEventKind::KingCaptured
                || ev.kind == FkEventKind::Command || ev.kind == FkEventKind::AllianceDissolved)
                tokens.push_back(fk::braced(describe(ev)));
    }
    if (game.outcome().over) tokens.push_back(fk::braced(game.outcome().describe()));
    out += fk::wrap(tokens);
    out += '\n';
    return out;
}

namespace fk {

// Replays the action a comment of the movetext states ("West resigns", "South proposes an
// alliance to West", "South and West form an alliance", "East offers a draw", "South accepts the
// draw"); other comments are for people.
template <class V>
requires FourKingdomsVariant<V> std::optional<ParseError> replay_comment(
    std::string_view comment, FourKingdomsGame<V>& game) {
    auto refused = [&](std::string_view why) {
        return ParseError{ "record", "{" + std::string(comment) + "}: " + std::string(why) };
    };
    constexpr std::string_view resigns = " resigns", forms = " form an alliance",
                               offers = " offers a draw", accepts = " accepts the draw",
                               proposes = " proposes an alliance to ";
    if (comment.ends_with(resigns)) {
        if (auto x = seat_named(comment.substr(0, comment.size() - resigns.size())))
            if (auto no = game.resign(*x)) return refused(refusal_text(*no));
    } else if (comment.ends_with(forms)) {
        std::string_view pair = comment.substr(0, comment.size() - forms.size());
        size_t           and_ = pair.find(" and ");
        auto a = and_ == std::string_view::npos ? std::nullopt : seat_named(pair.substr(0, and_));
        auto b = and_ == std::string_view::npos ? std::nullopt : seat_named(pair.substr(and_ + 5));
        if (a && b) {
            // Accepts the standing proposal, or (a record without one) proposes and accepts.
            std::optional<FkRefusal> no;
            if (game.proposal() != std::pair{ *a, *b }) no = game.propose_alliance(*a, *b);
            if (!no) no = game.accept_alliance(*b);
            if (no) return refused(refusal_text(*no));
        }
    } else if (size_t p = comment.find(proposes); p != std::string_view::npos) {
        auto a = seat_named(comment.substr(0, p)),
             b = seat_named(comment.substr(p + proposes.size()));
        if (a && b)
            if (auto no = game.propose_alliance(*a, *b)) return refused(refusal_text(*no));
    } else if (comment.ends_with(offers) || comment.ends_with(accepts)) {
        const bool accepting = comment.ends_with(accepts);
        if (auto x = seat_named(
                comment.substr(0, comment.size() - (accepting ? accepts : offers).size()))) {
            if (accepting && !game.draw_offers()) return refused("no draw offer stands to accept");
            if (auto no = game.offer_draw(*x)) return refused(refusal_text(*no));
        }
    }
    return std::nullopt;
}

} // namespace fk

template <class V>
requires FourKingdomsVariant<V> std::optional<ParseError> read_k4record(
    std::string_view text, FourKingdomsGame<V>& game, K4Tags* tags = nullptr) {
    std::vector<std::pair<std::string, std::string>> pairs;
    auto                                             at = fk::read_tags(text, pairs);
    if (!at) return at.error();
    std::string                fen(V::StartFen);
    std::optional<std::string> result;
    K4Tags                     t;
    for (auto& [name, value] : pairs) {
        if (name == "Variant" && value != V::Name)
            return ParseError{ "record",
                "the record is a game of " + value + ", not " + std::string(V::Name) };
        if (name == "FEN") fen = value;
        if (name == "Result") result = value;
        if (name == "Event") t.event = value;
        if (name == "Site") t.site = value;
        if (name == "Date") t.date = value;
        if (name == "Round") t.round = value;
        for (Seat x = 0; x < 4; ++x)
            if (name == fk::kSeatNames[x]) t.players[x] = value;
    }
    if (auto err = game.load_fen(fen)) return ParseError{ "record", "FEN tag: " + describe(*err) };
    std::string_view rest  = text.substr(*at);
    int              index = 0;
    for (size_t i = 0; i < rest.size();) {
        char c = rest[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            ++i;
            continue;
        }
        if (c == ';') {
            while (i < rest.size() && rest[i] != '\n') ++i;
            continue;
        }
        if (c == '{') {
            size_t end = rest.find('}', i);
            if (end == std::string_view::npos)
                return ParseError{ "record", "a comment is not closed" };
            if (auto err = fk::replay_comment(rest.substr(i + 1, end - i - 1), game)) return err;
            i = end + 1;
            continue;
        }
        size_t           end = rest.find_first_of(" \n\r\t{;", i);
        std::string_view token
            = rest.substr(i, end == std::string_view::npos ? rest.size() - i : end - i);
        i += token.size();
        if (token == "*") continue;
        if (!token.empty() && token.back() == '.'
            && token.find_first_not_of("0123456789.") == std::string_view::npos)
            continue;
        ++index;
        auto where = "move " + std::to_string(index) + " '" + std::string(token) + "': ";
        if (token.size() < 3 || token[1] != ':'
            || fk::kSeatLetters.find(token[0]) == std::string_view::npos)
            return ParseError{ "record",
                where + "a move is a player letter, ':' and the move in SAN (e:m4-k4)" };
        if (fk::kSeatLetters[game.to_move()] != token[0])
            return ParseError{ "record",
                where + "it is " + std::string(fk::kSeatNames[game.to_move()]) + "'s turn" };
        if (!game.play_san(token.substr(2)))
            return ParseError{ "record", where + "not a legal move here" };
    }
    if (result)
        if (auto err = fk::check_result(*result, game.outcome(), game.scores(), V::Teams))
            return err;
    if (tags) *tags = t;
    return std::nullopt;
}

// The game contract's record: the Four Kingdoms record of the game, with its Event tag.
template <class V>
requires FourKingdomsVariant<V> std::string write_record(
    const FourKingdomsGame<V>& game, std::string_view event) {
    K4Tags tags;
    tags.event = std::string(event);
    return write_k4record(game, tags);
}

} // namespace citadel
