// The UCI loop: commands, options, the search thread (docs/engine.md lists what is understood).
#include "uci/uci.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <new>
#include <random>
#include <sstream>
#include <thread>

#include "core/movegen.h"
#include "eval/nnue.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "search/engine.h"
#include "search/fourkingdoms_search.h"
#include "variants/registry.h"

namespace citadel::uci {
namespace {

// Whole lines to the output, one thread at a time.
class Out {
  public:
    explicit Out(std::ostream& os)
        : os_(os) { }
    void line(const std::string& text) {
        std::lock_guard lock(mutex_);
        os_ << text << '\n' << std::flush;
    }
    void info(const std::string& text) { line("info string " + text); }

  private:
    std::ostream& os_;
    std::mutex    mutex_;
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::optional<long long> to_int(const std::string& s) {
    long long v    = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// What a variant must offer the loop: a position, perft, and (two-player) a search.
class Player {
  public:
    virtual ~Player() = default;
    // Sets start + moves; on error returns what is wrong and keeps the previous position.
    virtual std::optional<std::string> set_position(
        const std::string& fen, const std::vector<std::string>& moves)
        = 0;
    virtual bool has_position() const = 0;
    // Blocking: prints the divide and returns the total's line (printed as go's bestmove is);
    // once `stop` is set, what was counted and a note instead of the total.
    virtual std::string perft(int depth, Out& out, const std::atomic<bool>& stop) = 0;
    // Blocking: prints the infos and returns the bestmove line (the loop prints it once the
    // search is marked finished, so a command sent on seeing it is never refused as too early).
    virtual std::string go(const search::Limits& limits, Out& out) = 0;
    virtual void        set_options(const search::Options&) { }
    virtual void        new_game() { }
    virtual void        stop() { }
    virtual void        ponderhit() { }
    virtual bool        searching() const { return false; }
    // An option only some variants have (Four Kingdoms: "fk search"); false: not this one's.
    virtual bool set_variant_option(const std::string&, const std::string&) { return false; }
};

// The search a variant is played with: the two-player Engine or the Four Kingdoms engine.
template <class V> struct EngineFor { using type = search::Engine<V>; };
template <class V>
requires FourKingdomsVariant<V>
struct EngineFor<V> {
    using type = search::FourKingdomsEngine<V>;
};

template <class V> class PlayerOf : public Player {
  public:
    using G                          = typename V::Geometry;
    static constexpr bool Searchable = V::Seats == 2;

    explicit PlayerOf(const search::Options& o)
        : engine_(std::make_unique<typename EngineFor<V>::type>(o)) { }

    std::optional<std::string> set_position(
        const std::string& fen, const std::vector<std::string>& moves) override {
        auto setup = parse_fen<V>(fen.empty() ? std::string(V::StartFen) : fen);
        if (!setup) return "invalid FEN (" + setup.error().field + "): " + setup.error().message;
        Position<V>              pos;
        std::deque<StateInfo<V>> states;
        if (auto err = pos.set(*setup, states.emplace_back()))
            return "illegal position: " + err->message;
        std::vector<Move> played;
        for (size_t i = 0; i < moves.size(); ++i) {
            std::string where = " '" + moves[i] + "' at index " + std::to_string(i + 1) + ": ";
            auto        req   = parse_move_request<G>(moves[i]);
            if (!req) return "malformed move" + where + req.error().message;
            auto m = find_move(pos, *req);
            if (!m) {
                auto why = why_illegal(pos, *req);
                return "illegal move" + where
                    + (why ? why->message : std::string("not a legal move in this position"));
            }
            pos.make(*m, states.emplace_back());
            played.push_back(*m);
        }
        start_        = *setup;
        moves_        = std::move(played);
        has_position_ = true;
        return std::nullopt;
    }

    bool has_position() const override { return has_position_; }

    std::string perft(int depth, Out& out, const std::atomic<bool>& stop) override {
        Position<V>              pos;
        std::deque<StateInfo<V>> states;
        pos.set(start_, states.emplace_back());
        for (Move m : moves_) pos.make(m, states.emplace_back());
        std::vector<std::pair<std::string, Move>> sorted;
        for (Move m : legal_moves(pos)) sorted.emplace_back(move_to_uci<V>(m), m);
        std::sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) { return a.first < b.first; });
        u64 total = 0;
        if (depth == 0)
            total = 1;
        else {
            StateInfo<V> st;
            size_t       done = 0;
            for (auto& [text, m] : sorted) {
                pos.make(m, st);
                u64 n = citadel::perft(pos, depth - 1, &stop);
                pos.unmake(m);
                if (stop) break;
                out.line(text + ": " + std::to_string(n));
                total += n;
                ++done;
            }
            out.line("");
            if (stop)
                return "info string perft stopped after " + std::to_string(done) + " of "
                    + std::to_string(sorted.size()) + " moves; no total";
        }
        return "Nodes searched: " + std::to_string(total);
    }

    std::string go(const search::Limits& limits, Out& out) override {
        { // a block only so that the two-player lines below merge unchanged
            auto on_info = [&](const search::Info& i) {
                std::string s = "info depth " + std::to_string(i.line.depth) + " seldepth "
                    + std::to_string(i.line.seldepth) + " multipv " + std::to_string(i.multipv)
                    + " score " + (i.line.score.mate ? "mate " : "cp ")
                    + std::to_string(i.line.score.value) + " nodes " + std::to_string(i.nodes)
                    + " nps " + std::to_string(i.nps) + " hashfull " + std::to_string(i.hashfull)
                    + " time " + std::to_string(i.time_ms) + " pv";
                for (Move m : i.line.pv) s += " " + move_to_uci<V>(m);
                out.line(s);
            };
            search::Result r;
            if constexpr (Searchable)
                r = engine_->search(start_, moves_, limits, on_info);
            else { // Four Kingdoms: the game (repetitions, eliminations) from start + moves
                FourKingdomsGame<V> game;
                game.reset(start_);
                for (Move m : moves_) game.play(m);
                r = engine_->search(game, limits, on_info);
            }
            std::string s
                = "bestmove " + (r.best.is_none() ? std::string("0000") : move_to_uci<V>(r.best));
            if (!r.ponder.is_none()) s += " ponder " + move_to_uci<V>(r.ponder);
            return s;
        }
    }

    void set_options(const search::Options& o) override { engine_->set_options(o); }
    void new_game() override { engine_->new_game(); }
    void stop() override { engine_->stop(); }
    void ponderhit() override { engine_->ponderhit(); }
    bool searching() const override { return engine_->searching(); }
    bool set_variant_option(const std::string& key, const std::string& value) override {
        if constexpr (Searchable)
            return false;
        else {
            if (key != "fk search") return false;
            auto a = search::fk_algorithm_named(value);
            if (a) engine_->set_algorithm(*a);
            return bool(a);
        }
    }

  private:
    std::unique_ptr<typename EngineFor<V>::type> engine_;
    Setup<G>                                     start_{};
    std::vector<Move>                            moves_;
    bool                                         has_position_ = false;
};

std::unique_ptr<Player> make_player(const std::string& variant, const search::Options& o) {
    std::unique_ptr<Player> p;
    with_variant(variant, [&]<class V>(VariantTag<V>) { p = std::make_unique<PlayerOf<V>>(o); });
    return p;
}

class Session {
  public:
    explicit Session(std::ostream& os)
        : out_(os)
        , player_(make_player(variant_, options_)) { }
    ~Session() { halt(); }

    // Handles one line; false on quit.
    bool handle(const std::string& line) {
        std::istringstream       in(line);
        std::vector<std::string> words;
        for (std::string w; in >> w;) words.push_back(w);
        if (words.empty()) return true;
        const std::string& cmd = words[0];
        if (cmd == "quit") return halt(), false;
        if (cmd == "uci")
            identify();
        else if (cmd == "isready")
            out_.line("readyok");
        else if (cmd == "debug" || cmd == "register") {
        } else if (cmd == "stop")
            halt();
        else if (cmd == "ponderhit")
            ponderhit();
        else if (cmd == "setoption")
            guarded("setoption", [&] { setoption(words); });
        else if (cmd == "ucinewgame")
            guarded("ucinewgame", [&] {
                // A weak level plays each game differently (a child's second game against it
                // must not be the first again): its choices follow a number new every game.
                options_.seed = search::mix64(options_.seed ^ session_seed_);
                player_->set_options(options_);
                player_->new_game();
            });
        else if (cmd == "position")
            guarded("position", [&] { position(words); });
        else if (cmd == "go")
            guarded("go", [&] { go(words); });
        else
            out_.info("unknown command '" + cmd + "'");
        return true;
    }

  private:
    bool busy() {
        if (thread_.joinable() && done_) thread_.join();
        return thread_.joinable();
    }
    // Commands that change what a search reads wait for no search: they are refused during one.
    template <class F> void guarded(const char* what, F&& f) {
        if (busy())
            out_.info(std::string(what) + " ignored: a " + (perfting_ ? "perft" : "search")
                + " is running (send stop first)");
        else
            f();
    }

    // Waits until the running search (if any) has begun, so that its flags see what we send.
    void wait_started() {
        while (!done_ && !player_->searching())
            std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    void halt() {
        if (!thread_.joinable()) return;
        if (perfting_)
            perft_stop_ = true;
        else {
            wait_started();
            player_->stop();
        }
        thread_.join();
        perfting_ = false;
    }
    void ponderhit() {
        if (!busy() || perfting_) return;
        wait_started();
        player_->ponderhit();
    }

    void identify() {
        out_.line("id name Citadel 0.1");
        out_.line("id author the Citadel authors");
        std::string vars = "option name UCI_Variant type combo default chess";
        for (auto name :
            { "chess", "silverman", "pawnrace", "tamerlane", "fourkingdoms", "fourkingdoms-teams" })
            vars += std::string(" var ") + name;
        out_.line(vars);
        out_.line("option name Hash type spin default 16 min 1 max 4096");
        out_.line("option name Threads type spin default 1 min 1 max 64");
        out_.line("option name MultiPV type spin default 1 min 1 max 64");
        out_.line("option name Skill Level type spin default 20 min 0 max 20");
        out_.line("option name UCI_LimitStrength type check default false");
        out_.line("option name UCI_Elo type spin default 1500 min " + std::to_string(search::MinElo)
            + " max " + std::to_string(search::MaxElo));
        out_.line("option name Move Overhead type spin default 10 min 0 max 5000");
        out_.line("option name Ponder type check default false");
        out_.line("option name EvalFile type string default <embedded>");
        out_.line("option name Use NNUE type check default true");
        using search::FkAlgorithm, search::fk_algorithm_name;
        std::string fk = "option name FK Search type combo default "
            + std::string(fk_algorithm_name(FkAlgorithm::Paranoid));
        for (FkAlgorithm a : { FkAlgorithm::Paranoid, FkAlgorithm::MaxN, FkAlgorithm::Brs })
            fk += " var " + std::string(fk_algorithm_name(a));
        out_.line(fk);
        out_.line("uciok");
    }

    void setoption(const std::vector<std::string>& w) {
        // setoption name <name words> [value <value words>]
        if (w.size() < 3 || w[1] != "name") return out_.info("setoption needs 'name <option>'");
        std::string name, value;
        bool        has_value = false;
        for (size_t i = 2; i < w.size(); ++i) {
            if (w[i] == "value" && !has_value) {
                has_value = true;
                continue;
            }
            std::string& into = has_value ? value : name;
            into += (into.empty() ? "" : " ") + w[i];
        }
        const std::string key  = lower(name);
        auto              spin = [&](int lo, int hi, auto apply) {
            auto v = to_int(value);
            if (!has_value || !v || *v < lo || *v > hi)
                return out_.info("option " + name + " takes a whole number from "
                                 + std::to_string(lo) + " to " + std::to_string(hi) + ", not '" + value + "'");
            search::Options before = options_;
            apply(int(*v));
            try {
                player_->set_options(options_);
            } catch (const std::bad_alloc&) { // a Hash larger than the machine can give
                options_ = before;
                out_.info("not enough memory for option " + name + " " + value);
            }
        };
        auto check = [&](auto apply) {
            if (value != "true" && value != "false")
                return out_.info("option " + name + " takes true or false, not '" + value + "'");
            apply(value == "true");
            player_->set_options(options_);
        };
        if (key == "uci_variant") {
            auto p = make_player(value, options_);
            if (!p)
                return out_.info(
                    "unknown variant '" + value + "' (known: " + std::string(kVariantNames) + ")");
            player_  = std::move(p);
            variant_ = value;
            player_->set_variant_option("fk search", fk_search_);
            out_.info("variant " + value);
        } else if (key == "hash")
            spin(1, 4096, [&](int v) { options_.hash_mb = size_t(v); });
        else if (key == "threads")
            spin(1, 64, [&](int v) { options_.threads = v; });
        else if (key == "multipv")
            spin(1, 64, [&](int v) { options_.multipv = v; });
        else if (key == "skill level")
            spin(0, 20, [&](int v) { options_.skill = v; });
        else if (key == "uci_elo")
            spin(search::MinElo, search::MaxElo, [&](int v) { options_.elo = v; });
        else if (key == "move overhead")
            spin(0, 5000, [&](int v) { options_.move_overhead_ms = v; });
        else if (key == "uci_limitstrength")
            check([&](bool b) { options_.limit_strength = b; });
        else if (key == "ponder")
            check([](bool) {});
        else if (key == "use nnue")
            check([&](bool b) { options_.network = b ? chess_net() : nullptr; });
        else if (key == "evalfile")
            load_net(value);
        else if (key == "fk search") {
            fk_search_ = value;
            if (!player_->set_variant_option(key, value) && search::fk_algorithm_named(value))
                return; // kept for the Four Kingdoms variants
            if (!search::fk_algorithm_named(value))
                out_.info("option FK Search takes one of " + std::string(search::kFkAlgorithmNames)
                    + ", not '" + value + "'");
        } else
            out_.info("unknown option '" + name + "'");
    }

    // The chess net Use NNUE switches on: EvalFile's, the built-in one until it is set.
    std::shared_ptr<const eval::nnue::Network> chess_net() {
        if (!net_) {
            const auto& built_in = eval::nnue::embedded();
            if (built_in)
                net_ = *built_in;
            else
                out_.info("the built-in net is unusable: " + built_in.error());
        }
        return net_;
    }
    // EvalFile: a net from a file, or "<embedded>"; a refused file leaves the previous net.
    void load_net(const std::string& value) {
        auto loaded = value == "<embedded>" ? eval::nnue::embedded() : eval::nnue::load_file(value);
        if (!loaded)
            return out_.info(
                "EvalFile " + value + ": " + loaded.error() + "; keeping " + net_name_);
        net_      = *loaded;
        net_name_ = value;
        std::ostringstream hash;
        hash << std::hex << net_->hash;
        out_.info("EvalFile " + value + ": hidden " + std::to_string(net_->hidden) + ", hash "
            + hash.str());
        if (options_.network) {
            options_.network = net_;
            player_->set_options(options_);
        }
    }

    void position(const std::vector<std::string>& w) {
        size_t      i = 1;
        std::string fen;
        if (i < w.size() && w[i] == "startpos")
            ++i;
        else if (i < w.size() && w[i] == "fen") {
            for (++i; i < w.size() && w[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + w[i];
            if (fen.empty()) return out_.info("position fen needs a position");
        } else
            return out_.info("position needs 'startpos' or 'fen <position>'");
        std::vector<std::string> moves;
        if (i < w.size()) {
            if (w[i] != "moves") return out_.info("position: unexpected '" + w[i] + "'");
            moves.assign(w.begin() + long(i) + 1, w.end());
        }
        if (auto err = player_->set_position(fen, moves)) out_.info(*err);
    }

    void go(const std::vector<std::string>& w) {
        if (!player_->has_position())
            return out_.info(
                "go before position: send 'position startpos' (variant " + variant_ + ") first");
        search::Limits limits;
        bool           four = variant_.rfind("fourkingdoms", 0) == 0;
        for (size_t i = 1; i < w.size(); ++i) {
            const std::string& k = w[i];
            if (k == "infinite")
                limits.infinite = true;
            else if (k == "ponder")
                limits.ponder = true;
            else {
                int* field = nullptr;
                int  perft = -1;
                if (k == "depth")
                    field = &limits.depth;
                else if (k == "movetime")
                    field = &limits.movetime_ms;
                else if (k == "movestogo")
                    field = &limits.movestogo;
                else if (k == "perft")
                    field = &perft;
                else if (k == "wtime")
                    field = &limits.time_ms[four ? 2 : 0];
                else if (k == "btime" && !four)
                    field = &limits.time_ms[1];
                else if (k == "winc")
                    field = &limits.inc_ms[four ? 2 : 0];
                else if (k == "binc" && !four)
                    field = &limits.inc_ms[1];
                else if (four && k.size() == 5 && std::string("esn").find(k[0]) != std::string::npos
                    && (k.substr(1) == "time" || k.substr(1) == "tinc"))
                    field
                        = &(k.substr(1) == "time" ? limits.time_ms : limits.inc_ms)[k[0] == 'e' ? 0
                                : k[0] == 's'                                                   ? 1
                                              : 3];
                else if (four && k.size() == 4 && k.substr(1) == "inc"
                    && std::string("esn").find(k[0]) != std::string::npos)
                    field = &limits.inc_ms[k[0] == 'e' ? 0 : k[0] == 's' ? 1 : 3];
                else if (k != "nodes")
                    return out_.info("go: unknown parameter '" + k + "'");
                if (i + 1 >= w.size()) return out_.info("go: '" + k + "' needs a number");
                auto v = to_int(w[++i]);
                if (!v) return out_.info("go: '" + k + "' needs a number, not '" + w[i] + "'");
                if (k == "nodes") {
                    if (*v < 0) return out_.info("go: nodes must not be negative");
                    limits.nodes = u64(*v);
                    continue;
                }
                long long n = std::clamp<long long>(*v, 0, 1LL << 30);
                if (k.find("time") != std::string::npos && *v <= 0) n = 1; // flag falling
                if ((k == "depth" || k == "perft") && (*v < 0 || *v > 64))
                    return out_.info("go: '" + k + "' takes 0 to 64, not " + w[i]);
                *field = int(n);
                if (k == "perft") return start_perft(perft);
            }
        }
        perfting_ = false;
        done_     = false;
        thread_   = std::thread([this, limits] {
            std::string bestmove = player_->go(limits, out_);
            done_                = true;
            out_.line(bestmove);
        });
    }

    // Perft runs on the search thread too, so that isready, stop and quit are answered.
    void start_perft(int depth) {
        perft_stop_ = false;
        perfting_   = true;
        done_       = false;
        thread_     = std::thread([this, depth] {
            std::string last = player_->perft(depth, out_, perft_stop_);
            done_            = true;
            out_.line(last);
        });
    }

    Out                     out_;
    std::string             variant_ = "chess";
    std::string             fk_search_{ search::fk_algorithm_name(search::FkAlgorithm::Paranoid) };
    search::Options         options_;
    const u64               session_seed_ = std::random_device{}();
    std::unique_ptr<Player> player_;
    std::thread             thread_;
    std::atomic<bool>       done_{ true };
    std::atomic<bool>       perft_stop_{ false };
    bool                    perfting_ = false; // the running thread counts, it does not search

    std::shared_ptr<const eval::nnue::Network> net_; // EvalFile's; the built-in one at first use
    std::string                                net_name_ = "<embedded>";
};

} // namespace

int run(std::istream& in, std::ostream& out) {
    Session session(out);
    for (std::string line; std::getline(in, line);)
        if (!session.handle(line)) return 0;
    return 0;
}

} // namespace citadel::uci
