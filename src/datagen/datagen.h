// Self-play training data for the chess evaluation (docs/datagen.md). play_game() plays game
// `index` of a run from a random opening to its end at a fixed node count a move and returns the
// positions worth training on; run() plays games on several threads and appends them to a file
// (datagen/record.h) in index order, so that the file depends only on the settings, never on the
// thread count, and a stopped run continues where its file ends.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "datagen/record.h"
#include "search/engine.h"

namespace citadel::datagen {

// Adjudication, from the scores of the search (White's view, one per ply): a win when the last
// WinPlies scores all stand at WinScore or beyond for the same side; a draw from ply DrawFromPly on
// when the last DrawPlies scores all lie within +-DrawScore.
inline constexpr int WinScore = 2000, WinPlies = 6;
inline constexpr int DrawFromPly = 80, DrawScore = 10, DrawPlies = 16;

// Whether a searched position trains the evaluation: not in check, its best move quiet (not a
// capture, not a promotion), its score neither a mate nor a guess made before the first
// iteration finished.
bool worth_training(const Position<Chess>& pos, Move best, const search::Line& line);

// Game `index` of the run: seeded by (settings.seed, index) alone; the engine is cleared first.
std::vector<TrainingPosition> play_game(
    search::Engine<Chess>& engine, const Settings& settings, u64 index);

struct Progress {
    u64    games = 0, positions = 0; // in the file
    double positions_per_second = 0; // in this run
    double eta_seconds          = -1; // -1: not known yet
};

// What run() writes to: the file, its settings, and when to stop (the file's totals, counting
// what it held before: with games > 0 once it has that many games, else once it has at least
// `positions` positions, ending with the game that reaches them), and what plays the games: the
// hand-written evaluation, or `net` (run() sets settings.evaluator from it).
struct RunConfig {
    std::string                                path;
    Settings                                   settings;
    u64                                        games = 0, positions = 0;
    int                                        threads = 1;
    std::shared_ptr<const eval::nnue::Network> net; // null: the hand-written evaluation
};

// Creates the file, or continues it: a file with a header of other settings is refused, and
// records past the header's complete games (a game cut off) are dropped. on_progress is called
// at most once a second and once at the end, on the caller's thread. Throws std::runtime_error
// naming the file and what is wrong with it.
Progress run(const RunConfig& config, const std::function<void(const Progress&)>& on_progress);

} // namespace citadel::datagen
