#include "match/match.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "game/game_pgn.h"
#include "match/adjudicator.h"
#include "match/players.h"

namespace citadel::match {

namespace {

std::string seat_name(Seat s) { return s == White ? "White" : "Black"; }

std::string seconds_text(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    return text;
}

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm     tm{};
    gmtime_r(&now, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &tm);
    return text;
}

// A move's PGN comment in the usual form: score in pawns from the mover's side / depth, time.
std::string move_comment(const Reply& r, double seconds) {
    std::string text;
    if (r.score) {
        char s[32];
        if (std::abs(*r.score) >= 29000)
            std::snprintf(
                s, sizeof s, "%sM%d", *r.score > 0 ? "+" : "-", 30000 - std::abs(*r.score));
        else
            std::snprintf(s, sizeof s, "%+.2f", *r.score / 100.0);
        text = s;
        if (r.depth) text += "/" + std::to_string(r.depth);
        text += " ";
    }
    return text + seconds_text(seconds) + "s";
}

// Sets up a game from an opening; the error names what is wrong with it.
template <class V> bool set_up(Game<V>& game, const Opening& op, std::string& error) {
    if (!op.fen.empty()) {
        if (auto e = game.load_fen(op.fen)) {
            error = describe(*e);
            return false;
        }
    } else {
        game.reset(*parse_fen<V>(V::StartFen));
    }
    for (const auto& text : op.moves) {
        auto m = find_uci_move(game.position(), text);
        if (!m || !game.play(*m)) {
            error = "the move '" + text + "' is not legal here";
            return false;
        }
    }
    if (game.outcome().over()) {
        error = "the game is already over: " + game.outcome().describe();
        return false;
    }
    return true;
}

// Why the text an engine answered is not a legal move, in the referee's words.
template <class V> std::string why_not_legal(const Game<V>& game, const std::string& text) {
    if (text.empty()) return "an empty bestmove";
    auto req = parse_move_request<typename V::Geometry>(text);
    if (!req) return req.error().message;
    if (auto why = why_illegal(game.position(), *req)) return why->message;
    return "not a legal move here";
}

// The game's positions after the book worth a static evaluation, one a line as `<FEN> | <label>`
// (citadel_tune's data, docs/eval.md): not in check and the move played from them not a capture.
// The label is White's expected score: the game's result (1.0, 0.5, 0.0), or with `by_score` the
// logistic 1/(1+10^(-cp/400)) of the score the engine to move reported for that move (White's
// view; mates clamped to +-2000 cp; a move without a score is skipped). None from a game the
// rules did not end.
template <class V>
std::string quiet_positions(const Game<V>& game, size_t book_plies, const Outcome& o,
    const std::vector<std::optional<int>>& scores, bool by_score) {
    if (!o.over()) return {};
    const char* result = o.kind == Outcome::Kind::Draw ? "0.5" : o.winner == White ? "1.0" : "0.0";
    Position<V> pos;
    std::deque<StateInfo<V>> states;
    std::string              text;
    if (pos.set(game.start(), states.emplace_back())) return {};
    const auto& moves = game.moves();
    for (size_t i = 0; i < moves.size(); ++i) {
        const Move m       = moves[i];
        const bool capture = pos.piece_on(m.to()) != NoPiece || m.kind() == MoveKind::EnPassant;
        if (i >= book_plies && !pos.in_check() && !capture) {
            if (!by_score)
                text += write_fen<V>(pos.setup()) + " | " + result + "\n";
            else if (i < scores.size() && scores[i]) {
                int cp = std::clamp(*scores[i], -2000, 2000);
                if (pos.side_to_move() == Black) cp = -cp;
                char label[16];
                std::snprintf(label, sizeof label, "%.4f", 1 / (1 + std::pow(10.0, -cp / 400.0)));
                text += write_fen<V>(pos.setup()) + " | " + label + "\n";
            }
        }
        pos.make(m, states.emplace_back());
    }
    return text;
}

struct GameRecord {
    int         index = 0, opening = -1;
    bool        first_white  = true; // engine 0 had White
    int         first_halves = 0; // engine 0's points, in half points (0, 1, 2)
    std::string score, describe, referee, pgn, positions;
    int         plies = 0;
};

template <class V> class MatchRunner {
  public:
    MatchRunner(const MatchConfig& c, std::ostream& out, std::ostream& err)
        : c_(c)
        , out_(out)
        , err_(err) { }

    int run() {
        if (!check_openings()) return 2;
        if (!check_players()) return 2;
        warn_if_openings_repeat();
        if (!c_.positions_path.empty()) {
            positions_.open(c_.positions_path, std::ios::trunc);
            if (!positions_) {
                err_ << "error: cannot write the positions file '" << c_.positions_path << "'\n";
                return 2;
            }
        }
        if (!c_.pgn_path.empty()) {
            pgn_.open(c_.pgn_path, std::ios::trunc);
            if (!pgn_) {
                err_ << "error: cannot write the PGN file '" << c_.pgn_path << "'\n";
                return 2;
            }
        }
        records_.resize(size_t(c_.games));
        std::vector<std::thread> workers;
        int                      threads = std::max(1, std::min(c_.concurrency, c_.games));
        for (int t = 0; t < threads; ++t) workers.emplace_back([this] { work(); });
        for (auto& w : workers) w.join();
        report();
        return 0;
    }

  private:
    // Each opening gives two games; past that the file starts again, and at a fixed limit
    // without a clock the engines play the same games again, which only look like more data.
    void warn_if_openings_repeat() {
        const long long distinct = 2 * (long long)c_.openings.size();
        if (c_.openings.empty() || c_.games <= distinct) return;
        err_ << "warning: " << c_.games << " games from " << c_.openings.size()
             << " openings: games after the first " << distinct << " play them again";
        if (!c_.tc.on()) err_ << ", and at a fixed --nodes or --depth repeat those games exactly";
        err_ << " (a longer file, or --first-opening for another part of one)\n";
    }

    bool check_openings() {
        for (const auto& op : c_.openings) {
            Game<V>     game;
            std::string error;
            if (!set_up(game, op, error)) {
                err_ << "error: opening on line " << op.line << ": " << error << "\n";
                return false;
            }
        }
        return true;
    }

    // Each engine must start and answer before the match begins.
    bool check_players() {
        for (const auto& spec : c_.engines) {
            std::string error;
            auto        p = make_player<V>(spec, error);
            if (!p || !p->new_game(c_.seed, error)) {
                err_ << "error: " << error << "\n";
                return false;
            }
        }
        return true;
    }

    void work() {
        std::array<std::unique_ptr<Player<V>>, 2> players;
        for (int e = 0; e < 2; ++e) {
            std::string error;
            players[size_t(e)] = make_player<V>(c_.engines[size_t(e)], error);
        }
        for (;;) {
            if (stop_) return;
            int index = next_++;
            if (index >= c_.games) return;
            GameRecord record = play(players, index);
            finish(std::move(record));
        }
    }

    GameRecord play(std::array<std::unique_ptr<Player<V>>, 2>& players, int index) {
        GameRecord rec;
        rec.index       = index;
        rec.first_white = index % 2 == 0;
        std::array<Player<V>*, 2> seat
            = { players[rec.first_white ? 0 : 1].get(), players[rec.first_white ? 1 : 0].get() };
        std::array<const EngineSpec*, 2> spec
            = { &c_.engines[rec.first_white ? 0 : 1], &c_.engines[rec.first_white ? 1 : 0] };
        Game<V>  game;
        PgnNotes notes;
        if (!c_.openings.empty()) {
            rec.opening = (index / 2) % int(c_.openings.size());
            std::string error; // checked before the match
            set_up(game, c_.openings[size_t(rec.opening)], error);
            notes.moves.assign(game.moves().size(), PgnNote{ {}, "book" });
        }
        std::string referee;
        for (Seat s : { White, Black }) {
            std::string error;
            if (!seat[s]->new_game(c_.seed + unsigned(index) * 2 + s, error)) {
                referee = seat_name(s) + " (" + spec[s]->name + ") failed to start: " + error;
                game.resign(s);
                break;
            }
        }

        const size_t                    book_plies = game.moves().size();
        std::vector<std::optional<int>> scores(book_plies); // the mover's score per ply
        std::array<long long, 2>        clock = { c_.tc.base_ms, c_.tc.base_ms };
        Adjudicator                     adjudicator(c_.adjudication);
        for (size_t i = 0; i < game.moves().size(); ++i) adjudicator.record(std::nullopt); // book
        while (!game.outcome().over()) {
            // The runner claims, on the engine's behalf, every draw the rules let it claim.
            if (auto claims = game.claimable_draws(); !claims.empty()) {
                game.claim_draw(claims.front());
                break;
            }
            Seat     us = game.position().side_to_move();
            GoLimits limits;
            limits.nodes = c_.nodes, limits.depth = c_.depth, limits.clock = c_.tc.on();
            limits.wtime = clock[White], limits.btime = clock[Black];
            limits.winc = limits.binc = c_.tc.inc_ms;
            auto     started          = SteadyClock::now();
            Deadline deadline         = started
                + std::chrono::milliseconds(
                    c_.tc.on() ? clock[us] + c_.time_margin_ms : c_.move_timeout_ms);
            Reply  reply   = seat[us]->think(game, limits, deadline);
            double seconds = std::chrono::duration<double>(SteadyClock::now() - started).count();

            if (reply.status == Reply::Status::Timeout) {
                referee = seat_name(us) + " (" + spec[us]->name + ") ran out of time";
                game.flag(us);
                break;
            }
            if (reply.status == Reply::Status::Crashed) {
                referee
                    = seat_name(us) + " (" + spec[us]->name + ") crashed (" + reply.detail + ")";
                game.resign(us);
                break;
            }
            if (c_.tc.on()) {
                clock[us] -= (long long)(seconds * 1000);
                if (clock[us] < -c_.time_margin_ms) {
                    referee = seat_name(us) + " (" + spec[us]->name + ") ran out of time";
                    game.flag(us);
                    break;
                }
                clock[us] += c_.tc.inc_ms;
            }
            auto move = find_uci_move(game.position(), reply.move);
            if (!move) {
                referee = seat_name(us) + " (" + spec[us]->name + ") played the illegal move '"
                    + reply.move + "': " + why_not_legal(game, reply.move);
                game.resign(us);
                break;
            }
            game.play(*move);
            notes.moves.resize(game.moves().size());
            notes.moves.back().comment = move_comment(reply, seconds);
            adjudicator.record(reply.score);
            scores.resize(game.moves().size() - 1);
            scores.push_back(reply.score);

            int  move_number    = int(game.moves().size()) / 2 + 1;
            bool loser_is_white = false;
            if (game.outcome().over()) break;
            if (auto v = adjudicator.verdict(move_number, us == White, loser_is_white)) {
                referee = *v;
                if (v->starts_with("draw"))
                    game.agree_draw();
                else
                    game.resign(loser_is_white ? White : Black);
                break;
            }
        }

        Outcome o        = game.outcome();
        rec.score        = o.score();
        rec.describe     = o.describe();
        rec.referee      = referee;
        rec.plies        = int(game.moves().size());
        int white_halves = o.kind == Outcome::Kind::Draw ? 1 : o.winner == White ? 2 : 0;
        rec.first_halves = rec.first_white ? white_halves : 2 - white_halves;

        PgnTags tags;
        tags.event = "citadel_match";
        tags.site  = "?";
        tags.date  = today();
        tags.round = std::to_string(index + 1);
        tags.white = spec[White]->name;
        tags.black = spec[Black]->name;
        if (c_.tc.on()) tags.extra.push_back({ "TimeControl", c_.tc.pgn() });
        if (rec.opening >= 0)
            tags.extra.push_back(
                { "Opening", "line " + std::to_string(c_.openings[size_t(rec.opening)].line) });
        if (!referee.empty()) {
            tags.extra.push_back({ "Referee", referee });
            if (notes.moves.empty())
                notes.intro = referee;
            else {
                auto& last = notes.moves.back().comment;
                last += (last.empty() ? "" : "; ") + referee;
            }
        }
        rec.pgn = write_pgn(game, tags, notes);
        if (positions_.is_open())
            rec.positions = quiet_positions(game, book_plies, o, scores, c_.label_by_score);
        return rec;
    }

    void finish(GameRecord rec) {
        std::lock_guard lock(mutex_);
        int             i = rec.index;
        if (rec.first_halves == 2)
            ++wdl_.wins;
        else if (rec.first_halves == 1)
            ++wdl_.draws;
        else
            ++wdl_.losses;
        if (pgn_) pgn_ << rec.pgn << "\n" << std::flush;
        if (positions_) positions_ << rec.positions << std::flush;
        const auto& w = c_.engines[rec.first_white ? 0 : 1].name;
        const auto& b = c_.engines[rec.first_white ? 1 : 0].name;
        out_ << "Game " << i + 1 << " of " << c_.games << " (" << w << " vs " << b;
        if (rec.opening >= 0) out_ << ", opening line " << c_.openings[size_t(rec.opening)].line;
        out_ << "): " << rec.score << " " << rec.describe;
        if (!rec.referee.empty()) out_ << " (" << rec.referee << ")";
        out_ << " " << rec.plies << " plies. Score of " << c_.engines[0].name
             << " (W-D-L): " << wdl_.wins << "-" << wdl_.draws << "-" << wdl_.losses << "\n"
             << std::flush;
        records_[size_t(i)] = std::move(rec);
        // A pair is complete when both of its games are: the SPRT runs on pairs.
        int pair = i / 2;
        if (2 * pair + 1 < c_.games && records_[size_t(2 * pair)]
            && records_[size_t(2 * pair + 1)]) {
            ++pent_.pairs[size_t(records_[size_t(2 * pair)]->first_halves
                + records_[size_t(2 * pair + 1)]->first_halves)];
            if (c_.sprt) {
                // The test's state after every pair, so that a long run can be judged (or given
                // up) while it plays.
                const double v = llr(pent_, *c_.sprt);
                char         line[128];
                std::snprintf(line, sizeof line,
                    "SPRT after %d pairs: LLR %.2f (bounds %.2f, %.2f)", pent_.count(), v,
                    c_.sprt->lower_bound(), c_.sprt->upper_bound());
                out_ << line << "\n" << std::flush;
                const SprtDecision d = decide(v, *c_.sprt);
                if (d != SprtDecision::Continue && !decided_) {
                    decided_ = SprtVerdict{ d, pent_.count(), v };
                    stop_    = true;
                }
            }
        }
    }

    void report() {
        const auto& a = c_.engines[0].name;
        const auto& b = c_.engines[1].name;
        EloEstimate e = estimate(wdl_);
        char        line[256];
        std::snprintf(line, sizeof line, "%.3f", wdl_.score());
        out_ << "\nResult of " << a << " vs " << b << " (" << c_.variant << "): W-D-L " << wdl_.wins
             << "-" << wdl_.draws << "-" << wdl_.losses << " in " << wdl_.games()
             << " games, score " << line << "\n";
        out_ << "Elo difference: " << format_elo(e.elo) << " +- "
             << (std::isinf(e.margin) || std::isnan(e.margin) ? std::string("inf")
                                                              : format_elo(e.margin).substr(1))
             << " (95%, per game)\n";
        if (pent_.count() > 0) {
            EloEstimate p = estimate(pent_);
            out_ << "Pentanomial over " << pent_.count() << " pairs [" << pent_.pairs[0];
            for (size_t k = 1; k < 5; ++k) out_ << ", " << pent_.pairs[k];
            out_ << "]: Elo " << format_elo(p.elo) << " +- "
                 << (std::isinf(p.margin) || std::isnan(p.margin) ? std::string("inf")
                                                                  : format_elo(p.margin).substr(1))
                 << " (95%, per pair)\n";
        }
        if (c_.sprt) {
            // The verdict is the one that stopped the match: the games still playing then are
            // counted above but may carry the LLR back inside the bounds.
            const double      now = llr(pent_, *c_.sprt);
            const SprtVerdict v
                = decided_.value_or(SprtVerdict{ decide(now, *c_.sprt), pent_.count(), now });
            std::snprintf(line, sizeof line,
                "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (bounds %.2f, %.2f): %s",
                c_.sprt->elo0, c_.sprt->elo1, c_.sprt->alpha, c_.sprt->beta, v.llr,
                c_.sprt->lower_bound(), c_.sprt->upper_bound(),
                v.decision == SprtDecision::AcceptH1       ? "H1 accepted"
                    : v.decision == SprtDecision::AcceptH0 ? "H0 accepted"
                                                           : "no decision yet");
            out_ << line;
            if (decided_) {
                out_ << " after " << v.pairs << " pairs";
                if (pent_.count() > v.pairs) {
                    std::snprintf(line, sizeof line, " (LLR %.2f with the %d pair(s) after it)",
                        now, pent_.count() - v.pairs);
                    out_ << line;
                }
            }
            out_ << "\n";
        }
    }

    const MatchConfig&                     c_;
    std::ostream&                          out_;
    std::ostream&                          err_;
    std::ofstream                          pgn_, positions_;
    std::mutex                             mutex_;
    std::atomic<int>                       next_{ 0 };
    std::atomic<bool>                      stop_{ false };
    std::vector<std::optional<GameRecord>> records_;
    Wdl                                    wdl_;
    Pentanomial                            pent_;
    struct SprtVerdict {
        SprtDecision decision;
        int          pairs;
        double       llr;
    };
    std::optional<SprtVerdict> decided_; // the first decision: the one that stopped the match
};

// Random openings for one variant (see make_openings).
template <class V> class OpeningMaker {
  public:
    OpeningMaker(const MatchConfig& c, std::ostream& out, std::ostream& err)
        : c_(c)
        , out_(out)
        , err_(err) { }

    int run(int count, int plies, int max_score) {
        std::unique_ptr<UciEngine> engine;
        std::string                error;
        if (!c_.engines[0].argv.empty() && !c_.engines[0].builtin()) {
            engine = std::make_unique<UciEngine>(c_.engines[0]);
            if (!engine->new_game(std::string(V::Name), error)) {
                err_ << "error: " << error << "\n";
                return 2;
            }
        }
        std::mt19937_64       rng(c_.seed);
        std::set<std::string> seen;
        int                   made = 0;
        for (int attempt = 0; made < count && attempt < count * 200; ++attempt) {
            Game<V>                  game;
            std::vector<std::string> line;
            for (int p = 0; p < plies && !game.outcome().over(); ++p) {
                auto                               moves = game.legal_moves();
                std::uniform_int_distribution<int> pick(0, moves.size() - 1);
                Move                               m = moves.moves[pick(rng)];
                line.push_back(move_to_uci<V>(m));
                game.play(m);
            }
            if (game.outcome().over() || !game.claimable_draws().empty()) continue;
            std::string text;
            for (const auto& m : line) text += (text.empty() ? "" : " ") + m;
            if (seen.count(text)) continue;
            std::optional<int> score;
            if (engine) {
                GoLimits limits;
                limits.depth = c_.depth, limits.nodes = c_.nodes;
                if (!limits.depth && !limits.nodes) limits.depth = 10;
                Reply r = engine->go(position_command(game), limits,
                    SteadyClock::now() + std::chrono::milliseconds(c_.move_timeout_ms));
                if (r.status != Reply::Status::Move || !engine->running()) {
                    err_ << "error: " << c_.engines[0].name << " gave no evaluation\n";
                    return 2;
                }
                score = r.score;
                if (!score || std::abs(*score) > max_score) continue;
            } else if (material_balance(game.position(), White) != 0) {
                continue;
            }
            seen.insert(text);
            out_ << text;
            if (score)
                out_ << "  # " << (*score > 0 ? "+" : "") << *score << " cp for the side to move";
            out_ << "\n";
            ++made;
        }
        if (made < count) err_ << "warning: only " << made << " openings found\n";
        return 0;
    }

  private:
    const MatchConfig& c_;
    std::ostream&      out_;
    std::ostream&      err_;
};

template <class F> int with_two_player_variant(const MatchConfig& c, std::ostream& err, F&& f) {
    int  rc    = 2;
    bool known = with_variant(c.variant, [&]<class V>(VariantTag<V> tag) {
        if constexpr (V::Seats == 2)
            rc = f(tag);
        else
            err << "error: " << V::Name << " is a four-player variant; matches are two-player\n";
    });
    if (!known)
        err << "error: unknown variant '" << c.variant
            << "' (chess, silverman, pawnrace, tamerlane)\n";
    return rc;
}

} // namespace

std::string TimeControl::pgn() const {
    std::ostringstream o;
    o << base_ms / 1000.0 << "+" << inc_ms / 1000.0;
    return o.str();
}

std::optional<TimeControl> parse_time_control(const std::string& text, std::string& error) {
    auto seconds = [&](const std::string& part) -> std::optional<long long> {
        try {
            size_t used = 0;
            double x    = std::stod(part, &used);
            if (used == part.size() && x >= 0 && x <= 1e9) return (long long)(x * 1000);
        } catch (const std::exception&) { }
        error = "--tc takes a number, not '" + part + "'";
        return std::nullopt;
    };
    const size_t plus = text.find('+');
    const auto   base = seconds(text.substr(0, plus));
    if (!base) return std::nullopt;
    TimeControl tc;
    tc.base_ms = *base;
    if (plus != std::string::npos) {
        const auto inc = seconds(text.substr(plus + 1));
        if (!inc) return std::nullopt;
        tc.inc_ms = *inc;
    }
    if (!tc.on()) {
        error = "--tc: the clock must give some time (10+0.1)";
        return std::nullopt;
    }
    return tc;
}

bool read_openings(const std::string& path, std::vector<Opening>& out, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read the openings file '" + path + "'";
        return false;
    }
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        if (auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
        while (!text.empty() && std::isspace((unsigned char)text.back())) text.pop_back();
        size_t start = text.find_first_not_of(" \t");
        if (start == std::string::npos) continue;
        text = text.substr(start);
        Opening op;
        op.line = number;
        if (text.find('/') != std::string::npos) {
            op.fen = text;
        } else {
            std::istringstream words(text);
            for (std::string w; words >> w;) op.moves.push_back(w);
        }
        out.push_back(std::move(op));
    }
    if (out.empty()) {
        error = path + ": no openings in the file";
        return false;
    }
    return true;
}

int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err) {
    return with_two_player_variant(config, err,
        [&]<class V>(VariantTag<V>) { return MatchRunner<V>(config, out, err).run(); });
}

int make_openings(const MatchConfig& config, int count, int plies, int max_score, std::ostream& out,
    std::ostream& err) {
    return with_two_player_variant(config, err, [&]<class V>(VariantTag<V>) {
        return OpeningMaker<V>(config, out, err).run(count, plies, max_score);
    });
}

} // namespace citadel::match
