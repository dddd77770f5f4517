#include "game/fourkingdoms_game.h"

#include <cstdio>

namespace citadel {

namespace {
std::string seat(Seat s) { return s < 4 ? std::string(fk::kSeatNames[s]) : "?"; }
} // namespace

std::string_view termination_name(FkTermination t) {
    switch (t) {
    case FkTermination::None:
        return "none";
    case FkTermination::LastPlayer:
        return "last player in the game";
    case FkTermination::LastTeam:
        return "last team in the game";
    case FkTermination::Stalemate:
        return "stalemate";
    case FkTermination::ThreefoldRepetition:
        return "threefold repetition";
    case FkTermination::PerpetualCheck:
        return "perpetual check";
    case FkTermination::SixtyRoundRule:
        return "the 60-round rule";
    case FkTermination::DeadPosition:
        return "dead position";
    case FkTermination::Agreement:
        return "agreement";
    }
    return "none";
}

std::string_view termination_id(FkTermination t) {
    switch (t) {
    case FkTermination::None:
        return "ongoing";
    case FkTermination::LastPlayer:
        return "last_player";
    case FkTermination::LastTeam:
        return "last_team";
    case FkTermination::Stalemate:
        return "stalemate";
    case FkTermination::ThreefoldRepetition:
        return "threefold_repetition";
    case FkTermination::PerpetualCheck:
        return "perpetual_check";
    case FkTermination::SixtyRoundRule:
        return "sixty_round_rule";
    case FkTermination::DeadPosition:
        return "dead_position";
    case FkTermination::Agreement:
        return "agreement";
    }
    return "ongoing";
}

TurnEvent turn_event(const FkEvent& e) {
    EventKind k = EventKind::GameOver;
    switch (e.kind) {
    case FkEventKind::Check:
        k = EventKind::Check;
        break;
    case FkEventKind::Checkmate:
        k = EventKind::Checkmate;
        break;
    case FkEventKind::KingCaptured:
        k = EventKind::KingCaptured;
        break;
    case FkEventKind::Command:
        k = EventKind::Command;
        break;
    case FkEventKind::AllianceProposed:
        k = EventKind::AllianceProposed;
        break;
    case FkEventKind::AllianceFormed:
        k = EventKind::AllianceFormed;
        break;
    case FkEventKind::AllianceDissolved:
        k = EventKind::AllianceDissolved;
        break;
    case FkEventKind::Resignation:
        k = EventKind::Resignation;
        break;
    case FkEventKind::DrawOffered:
        k = EventKind::DrawOffered;
        break;
    case FkEventKind::DrawAccepted:
        k = EventKind::DrawAccepted;
        break;
    case FkEventKind::GameOver:
        k = EventKind::GameOver;
        break;
    }
    return { k, e.player < 4 ? e.player : NoSeat, e.other < 4 ? e.other : NoSeat,
        e.army < 4 ? e.army : NoSeat, describe(e) };
}

std::string_view refusal_text(FkRefusal r) {
    switch (r) {
    case FkRefusal::GameOver:
        return "the game is over";
    case FkRefusal::NotInGame:
        return "that player is not in the game";
    case FkRefusal::NotAllowed:
        return "an alliance needs three players left, one of them having absorbed an army, "
               "and is made by the other two (never in alliance mode)";
    case FkRefusal::NoProposal:
        return "no alliance has been proposed to that player";
    case FkRefusal::AlreadyOffered:
        return "that player's draw offer stands already";
    case FkRefusal::WouldLeaveMated:
        return "the alliance would leave a player checkmated";
    case FkRefusal::IllegalMove:
        return "the move is not legal";
    }
    return "refused";
}

std::string describe(const FkEvent& e) {
    switch (e.kind) {
    case FkEventKind::Check:
        return seat(e.player) + " is in check";
    case FkEventKind::Checkmate:
        return seat(e.player) + " is checkmated" + (e.other < 4 ? " by " + seat(e.other) : "");
    case FkEventKind::KingCaptured:
        return seat(e.other) + " captures " + seat(e.player) + "'s king";
    case FkEventKind::Command:
        return seat(e.other) + " takes command of " + seat(e.army) + "'s army";
    case FkEventKind::AllianceProposed:
        return seat(e.player) + " proposes an alliance to " + seat(e.other);
    case FkEventKind::AllianceFormed:
        return seat(e.player) + " and " + seat(e.other) + " form an alliance";
    case FkEventKind::AllianceDissolved:
        return "the alliance of " + seat(e.player) + " and " + seat(e.other) + " ends";
    case FkEventKind::Resignation:
        return seat(e.player) + " resigns";
    case FkEventKind::DrawOffered:
        return seat(e.player) + " offers a draw";
    case FkEventKind::DrawAccepted:
        return seat(e.player) + " accepts the draw";
    case FkEventKind::GameOver:
        return "the game is over";
    }
    return "";
}

std::string FkOutcome::describe() const {
    if (!over) return "The game is in progress.";
    if (draw) return "Draw by " + std::string(termination_name(reason)) + ".";
    std::string who;
    for (Seat x = 0; x < 4; ++x)
        if (winners & fk::seat_bit(x)) who += (who.empty() ? "" : " and ") + seat(x);
    return who + (std::popcount(unsigned(winners)) > 1 ? " win" : " wins") + " ("
        + std::string(termination_name(reason)) + ").";
}

namespace fk {

namespace {
std::string number(double v) {
    if (v == 0.5) return "1/2";
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", int(v));
    return buf;
}
} // namespace

std::string record_result(const FkOutcome& o, const std::array<double, 4>& scores, bool teams) {
    if (!o.over) return "*";
    if (teams) return "es:" + number(scores[0]) + " wn:" + number(scores[2]);
    std::string out;
    for (Seat x = 0; x < 4; ++x) {
        if (x) out += ' ';
        out += kSeatLetters[x];
        out += ':';
        out += number(scores[x]);
    }
    return out;
}

std::string record_action(const FkEntry& e) {
    switch (e.action) {
    case FkAction::Resign:
        return seat(e.player) + " resigns";
    case FkAction::Alliance:
        return seat(e.other) + " and " + seat(e.player) + " form an alliance";
    case FkAction::AllianceProposal:
    case FkAction::DrawOffer:
        return describe(e.events.front());
    case FkAction::Move:
        break;
    }
    return "";
}

std::optional<Seat> seat_named(std::string_view name) {
    for (Seat x = 0; x < 4; ++x)
        if (name == kSeatNames[x]) return x;
    return std::nullopt;
}

std::optional<ParseError> check_result(
    std::string_view tag, const FkOutcome& o, const std::array<double, 4>& scores, bool teams) {
    const std::string actual = record_result(o, scores, teams),
                      quoted = "\"" + std::string(tag) + "\"";
    if (tag == actual) return std::nullopt;
    // Every way a game ends (resignation and agreement too) is replayed from the record, so a
    // game the record does not end has no result yet.
    if (!o.over)
        return ParseError{ "record",
            "the Result tag " + quoted
                + " says the game ended, but its moves and actions do not end it "
                  "(the result would be \"*\")" };
    return ParseError{ "record",
        "the Result tag " + quoted + " does not match the game's result \"" + actual + "\" ("
            + o.describe() + ")" };
}

std::string braced(std::string_view comment) {
    std::string out(1, '{');
    out.append(comment.data(), comment.size());
    out += '}';
    return out;
}

std::string move_token(Seat player, std::string_view san) {
    std::string out(1, kSeatLetters[player & 3]);
    out += ':';
    out.append(san.data(), san.size());
    return out;
}

std::string wrap(const std::vector<std::string>& tokens, size_t width) {
    std::string out, line;
    for (const std::string& t : tokens) {
        if (!line.empty() && line.size() + 1 + t.size() > width) {
            out += line + "\n";
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += t;
    }
    return out + line;
}

std::string tag_line(std::string_view name, std::string_view value) {
    std::string out(1, '[');
    out.append(name.data(), name.size());
    out += " \"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"]\n";
}

Result<size_t, ParseError> read_tags(
    std::string_view text, std::vector<std::pair<std::string, std::string>>& tags) {
    size_t i = 0;
    while (true) {
        while (i < text.size()
            && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
            ++i;
        if (i >= text.size() || text[i] != '[') return i;
        size_t j = i + 1;
        while (j < text.size() && text[j] != ' ' && text[j] != '"' && text[j] != ']') ++j;
        std::string name(text.substr(i + 1, j - i - 1));
        while (j < text.size() && text[j] == ' ') ++j;
        if (name.empty() || j >= text.size() || text[j] != '"')
            return ParseError{ "record",
                "tag at offset " + std::to_string(i) + " is not [Name \"value\"]" };
        std::string value;
        for (++j; j < text.size() && text[j] != '"'; ++j) {
            if (text[j] == '\\' && j + 1 < text.size()) ++j;
            value += text[j];
        }
        if (j >= text.size())
            return ParseError{ "record", "tag " + name + " has no closing quote" };
        ++j;
        while (j < text.size() && text[j] == ' ') ++j;
        if (j >= text.size() || text[j] != ']')
            return ParseError{ "record", "tag " + name + " has no closing ']'" };
        tags.emplace_back(std::move(name), std::move(value));
        i = j + 1;
    }
}

} // namespace fk

template class FourKingdomsGame<FourKingdoms>;
template class FourKingdomsGame<FourKingdomsTeams>;

} // namespace citadel
