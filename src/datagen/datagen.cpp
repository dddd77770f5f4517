#include "datagen/datagen.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "eval/nnue.h"
#include "game/game.h"
#include "search/skill.h"

namespace citadel::datagen {
namespace {

// The game's random numbers: splitmix64 over a counter, the same on every platform (the standard
// distributions are not).
class Random {
  public:
    Random(u64 seed, u64 index)
        : counter_(search::mix64(search::mix64(seed) ^ index)) { }
    u64 below(u64 n) { return search::mix64(counter_++) % n; }

  private:
    u64 counter_;
};

// Plays random plies from the start until the verification search finds the position within
// the opening score, and returns that search (the game's first).
search::Result open_game(
    search::Engine<Chess>& engine, Game<Chess>& game, const Settings& settings, Random& random) {
    search::Limits limits;
    limits.nodes = settings.nodes;
    while (true) {
        game.reset(*parse_fen<Chess>(Chess::StartFen));
        for (u32 ply = 0; ply < settings.random_plies && !game.outcome().over(); ++ply) {
            const auto moves = game.legal_moves();
            game.play(moves.moves[random.below(u64(moves.size()))]);
        }
        if (game.outcome().over() || !game.claimable_draws().empty()) continue;
        search::Result result = engine.search(game, limits);
        const auto&    score  = result.lines.front().score;
        if (!score.mate && std::abs(score.value) <= int(settings.max_opening_score)) return result;
    }
}

// The result by the rules, a draw claim counting as made (the player to move would claim it).
std::optional<GameResult> result_by_rules(const Game<Chess>& game) {
    const Outcome o = game.outcome();
    if (o.kind == Outcome::Kind::Win)
        return o.winner == White ? GameResult::WhiteWins : GameResult::BlackWins;
    if (o.kind == Outcome::Kind::Draw || !game.claimable_draws().empty()) return GameResult::Draw;
    return std::nullopt;
}

// The result by adjudication (datagen.h) after the score of ply `ply`.
std::optional<GameResult> adjudicate(const std::vector<int>& white_scores, size_t ply) {
    auto last_all = [&](int plies, auto test) {
        return white_scores.size() >= size_t(plies)
            && std::all_of(white_scores.end() - plies, white_scores.end(), test);
    };
    if (last_all(WinPlies, [](int s) { return s >= WinScore; })) return GameResult::WhiteWins;
    if (last_all(WinPlies, [](int s) { return s <= -WinScore; })) return GameResult::BlackWins;
    if (ply >= DrawFromPly && last_all(DrawPlies, [](int s) { return std::abs(s) <= DrawScore; }))
        return GameResult::Draw;
    return std::nullopt;
}

// A score from White's view in centipawns, a mate as the mate value itself.
int white_score(const search::Score& score, Seat to_move) {
    const int mover
        = score.mate ? (score.value > 0 ? search::MateValue : -search::MateValue) : score.value;
    return to_move == White ? mover : -mover;
}

std::string describe(const Settings& s) {
    char net[48] = "";
    if (s.evaluator) std::snprintf(net, sizeof net, " a net (FNV-1a ending %08x)", s.evaluator);
    return "--seed " + std::to_string(s.seed) + " --nodes " + std::to_string(s.nodes)
        + " --random-plies " + std::to_string(s.random_plies) + " --max-opening-score "
        + std::to_string(s.max_opening_score) + (s.evaluator ? std::string(net) : " by hand");
}

// Settings::evaluator for games played by `net` (null: by hand).
u32 evaluator_of(const eval::nnue::Network* net) {
    return net ? std::max<u32>(1, u32(net->hash)) : 0;
}

// The header of the file at `path`, a new one if the file is missing or empty; a continued file
// is cut back to its complete games.
Header open_file(const std::string& path, const Settings& settings) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto      size = fs::file_size(path, ec);
    if (ec || size == 0) {
        const Header  header{ settings };
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        const auto    bytes = write_header(header);
        out.write(reinterpret_cast<const char*>(bytes.data()), HeaderBytes);
        if (!out) throw std::runtime_error("cannot write the data file " + path);
        return header;
    }
    std::array<u8, HeaderBytes> bytes{};
    std::ifstream               in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(bytes.data()), HeaderBytes);
    const auto header = in ? read_header(bytes.data()) : std::nullopt;
    if (!header)
        throw std::runtime_error(
            path + " is not a datagen file of format version " + std::to_string(FormatVersion));
    if (!(header->settings == settings))
        throw std::runtime_error(path + " was made with " + describe(header->settings) + ", not "
            + describe(settings) + "; name another file to start afresh");
    const u64 complete = HeaderBytes + header->positions * RecordBytes;
    if (size < complete)
        throw std::runtime_error(path + " holds " + std::to_string(size) + " bytes, fewer than the "
            + std::to_string(complete) + " its header counts");
    fs::resize_file(path, complete); // drops a game cut off
    return *header;
}

// Appends a game's records, then counts them in the header: a file cut off between the two
// still reads as its complete games.
void append_game(std::fstream& file, const std::string& path, Header& header,
    const std::vector<TrainingPosition>& game) {
    file.seekp(0, std::ios::end);
    for (const auto& tp : game) {
        const auto bytes = pack_record(tp);
        file.write(reinterpret_cast<const char*>(bytes.data()), RecordBytes);
    }
    header.games += 1;
    header.positions += game.size();
    const auto bytes = write_header(header);
    file.seekp(0);
    file.write(reinterpret_cast<const char*>(bytes.data()), HeaderBytes);
    file.flush();
    if (!file) throw std::runtime_error("cannot write the data file " + path);
}

} // namespace

bool worth_training(const Position<Chess>& pos, Move best, const search::Line& line) {
    // Castling is the king moving onto its own rook: not a capture.
    const bool capture = best.kind() == MoveKind::EnPassant
        || (best.kind() != MoveKind::Castling && pos.piece_on(best.to()) != NoPiece);
    return !pos.in_check() && !capture && best.kind() != MoveKind::Promotion && !line.score.mate
        && line.depth > 0;
}

std::vector<TrainingPosition> play_game(
    search::Engine<Chess>& engine, const Settings& settings, u64 index) {
    Random random(settings.seed, index);
    engine.new_game();
    Game<Chess>    game;
    search::Result searched = open_game(engine, game, settings, random);
    search::Limits limits;
    limits.nodes = settings.nodes;
    std::vector<TrainingPosition> kept;
    std::vector<int>              white_scores; // one per ply searched
    std::optional<GameResult>     result;
    while (true) {
        const Position<Chess>& pos  = game.position();
        const search::Line&    line = searched.lines.front();
        white_scores.push_back(white_score(line.score, pos.side_to_move()));
        if (worth_training(pos, searched.best, line))
            kept.push_back({ pos.setup(), std::int16_t(white_scores.back()), GameResult::Draw });
        if ((result = adjudicate(white_scores, game.moves().size()))) break;
        game.play(searched.best);
        if ((result = result_by_rules(game))) break;
        searched = engine.search(game, limits);
    }
    for (auto& tp : kept) tp.result = *result;
    return kept;
}

Progress run(const RunConfig& config, const std::function<void(const Progress&)>& on_progress) {
    Settings settings     = config.settings;
    settings.evaluator    = evaluator_of(config.net.get());
    using Clock           = std::chrono::steady_clock;
    Header       header   = open_file(config.path, settings);
    const Header at_start = header;
    const auto   started  = Clock::now();
    auto         done     = [&] {
        return config.games ? header.games >= config.games : header.positions >= config.positions;
    };
    auto progress = [&] {
        const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
        Progress     p;
        p.games                 = header.games;
        p.positions             = header.positions;
        const u64 new_games     = header.games - at_start.games;
        const u64 new_positions = header.positions - at_start.positions;
        p.positions_per_second  = seconds > 0 ? double(new_positions) / seconds : 0;
        if (done())
            p.eta_seconds = 0;
        else if (config.games && new_games)
            p.eta_seconds = double(config.games - header.games) * seconds / double(new_games);
        else if (!config.games && new_positions)
            p.eta_seconds = double(config.positions - header.positions) / p.positions_per_second;
        return p;
    };
    auto finish = [&] {
        const Progress last = progress();
        on_progress(last);
        return last;
    };
    if (done()) return finish();
    std::fstream file(config.path, std::ios::binary | std::ios::in | std::ios::out);
    if (!file) throw std::runtime_error("cannot open the data file " + config.path);

    // Games are played in any order and written in index order.
    std::mutex                                   mutex;
    std::condition_variable                      played;
    std::map<u64, std::vector<TrainingPosition>> finished;
    std::atomic<u64>                             next_index{ header.games };
    std::atomic<bool>                            stop{ false };
    auto                                         play = [&] {
        // The header names what plays (Settings::evaluator): a net's games are another data set.
        search::Engine<Chess> engine(search::Options{ .network = config.net });
        while (!stop) {
            const u64 index = next_index++;
            if (config.games && index >= config.games) return;
            auto game = play_game(engine, settings, index);
            {
                std::lock_guard lock(mutex);
                finished.emplace(index, std::move(game));
            }
            played.notify_one();
        }
    };
    struct Players { // stopped and joined however run() returns
        std::atomic<bool>&       stop;
        std::vector<std::thread> threads;
        ~Players() {
            stop = true;
            for (auto& t : threads) t.join();
        }
    } players{ stop, {} };
    for (int i = 0; i < std::max(1, config.threads); ++i) players.threads.emplace_back(play);

    auto next_report = started + std::chrono::seconds(1);
    while (!done()) {
        std::optional<std::vector<TrainingPosition>> game;
        {
            std::unique_lock lock(mutex);
            if (played.wait_until(
                    lock, next_report, [&] { return finished.contains(header.games); }))
                game = std::move(finished.extract(header.games).mapped());
        }
        if (game) append_game(file, config.path, header, *game);
        if (Clock::now() >= next_report) {
            on_progress(progress());
            next_report = Clock::now() + std::chrono::seconds(1);
        }
    }
    return finish();
}

} // namespace citadel::datagen
