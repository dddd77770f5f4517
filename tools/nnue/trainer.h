// The NNUE trainer's core (docs/nnue_training.md): datagen files read into memory, the float net
// 768 -> N x 2 -> 1 (the side to move's accumulator first), its loss against a blend of
// the search's score and the game's result, one Adam step on a mini-batch (optionally on the net
// rounded as the file holds it), checkpoints of the float net, and the export to the quantised net
// file (eval/nnue.h), whose evaluation by the engine's own code the float output can be compared
// with. The activation (CReLU or SCReLU) and the number of output buckets are the net's. The
// gradient of a batch is summed over a fixed number of shards in a fixed order, so training is
// deterministic for a seed whatever the thread count. tools/nnue/main.cpp is the command line
// (citadel_nnue_train); tests/nnue_train_test.cpp checks the gradient, the determinism, the export
// and the loading of bad files.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "datagen/record.h"
#include "eval/nnue.h"

namespace citadel::nnue {

using i16 = std::int16_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

using eval::nnue::Inputs; // colour relative to the perspective x 6 types x 64 squares
inline constexpr int MaxActive = 32; // pieces on the board, the rows one perspective adds

// The quantised net file is the engine's (eval/nnue.h: its format, quantisation and evaluation).
using eval::nnue::Activation;
using eval::nnue::bucket_of;
using eval::nnue::MaxBuckets;
using eval::nnue::QA;
using eval::nnue::QB;
using eval::nnue::Scale;
// Every parameter stays within this, so that a quantised accumulator, the bias plus 32 rows of at
// most 1.98 * QA = 505, stays inside int16, and an output weight, at most 1.98 * QB = 127, inside
// the +-128 that SCReLU's int16 products allow.
inline constexpr float WeightLimit = 1.98f;

// A position as the datagen file stores it (datagen/record.h); checked when it is loaded.
using Record = std::array<u8, datagen::RecordBytes>;

struct DataFile {
    std::string     path;
    datagen::Header header;
};

// The positions of one or more data files, in file order.
struct Data {
    std::vector<DataFile> files;
    std::vector<Record>   records;
};

// Appends the positions of the datagen file at `path` to data; on a file that is missing, not a
// datagen file of this version, shorter than its header says or holding a record that means
// nothing, returns the error (naming the file) and leaves data as it was.
std::optional<std::string> load(const std::string& path, Data& data);

// The active features of both perspectives: `us` the side to move's, `them` the other's. Feature
// of a piece of colour c, type t (pawn 0 .. king 5) on square s seen from perspective p:
// (c == p ? 0 : 384) + t * 64 + (p == White ? s : s ^ 56).
struct Features {
    int                        count = 0;
    std::array<u16, MaxActive> us{}, them{};
};
Features features(const Record& r);

// A training index names a record, and with Mirrored its position reflected left to right (file
// a <-> h), the same game when neither side may castle: every such position is a second example.
inline constexpr u32 Mirrored   = 1u << 31;
inline constexpr u32 MaxRecords = Mirrored - 1; // the indices' room beside the flag
bool                 may_castle(const Record& r);
Features features(const Record& r, u32 index); // features(r), reflected when index has Mirrored

// The training labels, from the side to move's view: the score in centipawns and the result
// (1 won, 0.5 drawn, 0 lost).
double score_stm(const Record& r);
double result_stm(const Record& r);

// The conversion between the Texel tuner's K (expected = 1 / (1 + 10^(-k cp / 400)), eval/tune.h)
// and the trainer's, in centipawns (expected = sigmoid(cp / K)): K = 400 / (k ln 10).
double k_from_texel(double texel_k);

// The K (centipawns) for which sigmoid(score / K) best predicts the results of `records` (the
// Texel fit of eval/tune.h on the search's scores; at most `sample` positions, evenly spread).
double fit_k(std::span<const Record> records, size_t sample = 1'000'000);

// The float net: all parameters in one array: the feature weights and biases in the order of the
// quantised file, then every bucket's output weights, then every bucket's output bias.
struct Net {
    int                hidden     = 0;
    int                buckets    = 1;
    Activation         activation = Activation::CReLU;
    std::vector<float> params;

    // Small uniform weights, zero biases.
    static Net random(int hidden, u64 seed, int buckets = 1, Activation a = Activation::CReLU);
    size_t     feature_weights() const { return 0; } // [Inputs][hidden]
    size_t     feature_bias() const { return size_t(Inputs) * hidden; } // [hidden]
    size_t     output_weights(int bucket = 0) const { // [buckets][2 * hidden]
        return feature_bias() + hidden + size_t(bucket) * 2 * hidden;
    }
    size_t        output_bias(int bucket = 0) const { return output_weights(buckets) + bucket; }
    static size_t size(int hidden, int buckets = 1) {
        return (Inputs + 1) * size_t(hidden) + size_t(buckets) * (2 * size_t(hidden) + 1);
    }
};

// The net's output in net units (centipawns / Scale), from the side to move's view.
float output(const Net& net, const Features& f);
// The same in double precision (the gradient check's reference).
double output_exact(const Net& net, const Features& f);

// What the loss is: target = lambda * sigmoid(score / k) + (1 - lambda) * result, loss =
// (sigmoid(output * Scale / k) - target)^2, both from the side to move's view.
struct Loss {
    double lambda = 0.9;
    double k      = 400; // centipawns
};
double target(const Record& r, const Loss& loss);

struct Schedule {
    double lr = 0.001, lr_final = 0.00001; // cosine decay from lr to lr_final over total_steps
    u64    total_steps = 1;
};

// Gradients of a batch are summed in this many shards, each a fixed slice of the batch, then added
// in shard order: the same floating-point sums for every thread count (at most this many).
inline constexpr int GradientShards = 16;

// Adam (beta1 0.9, beta2 0.999) on a net, with its moments and step count; computes gradients and
// losses on `threads` threads.
class Trainer {
  public:
    Trainer(Net net, const Loss& loss, const Schedule& schedule, int threads);

    // The mean loss of the batch, and its gradient into gradient().
    double compute_gradient(std::span<const Record> records, std::span<const u32> batch);
    // compute_gradient, then one Adam step at the schedule's rate; returns the batch's mean loss.
    double step(std::span<const Record> records, std::span<const u32> batch);
    // The mean loss of the positions (no training).
    double loss(std::span<const Record> records, std::span<const u32> indices) const;

    const Net&                net() const { return net_; }
    const std::vector<float>& gradient() const { return gradient_; }
    u64                       steps() const { return steps_; }
    double                    learning_rate() const; // at the next step
    const Loss&               loss_settings() const { return loss_; }

    // Quantisation-aware training: while on, gradients and losses are those of on_grid(net()),
    // the net the exported file holds, and Adam applies them to the float net (straight
    // through). snap_to_grid() then makes the float net that net, so that the exported file
    // computes what the float net does, to the truncation of the last division.
    void set_quantised(bool on);
    void snap_to_grid();
    void set_schedule(const Schedule& s) { schedule_ = s; }

    // The float net, the Adam state and the epochs done, in the trainer's own format; load
    // returns the error or nothing and replaces this trainer's net and state.
    bool                       save(const std::string& path, int epochs_done) const;
    std::optional<std::string> load(const std::string& path, int& epochs_done);

  private:
    void parallel(int tasks, const std::function<void(int)>& task) const;

    Net                         net_;
    Net                         grid_; // on_grid(net_) while quantised_
    bool                        quantised_ = false;
    Loss                        loss_;
    Schedule                    schedule_;
    int                         threads_;
    u64                         steps_ = 0;
    std::vector<float>          adam_m_, adam_v_, gradient_;
    std::vector<float>          shards_; // GradientShards gradients, one after another
    mutable std::vector<double> shard_loss_; // each shard's loss sum
};

// The net with every parameter rounded to the quantised file's grid: rows and feature biases to
// multiples of 1/QA, output weights of 1/QB, output biases of 1/(QA QB).
Net on_grid(const Net& net);

// The order of an epoch's positions: a permutation of indices drawn from (seed, epoch) alone.
std::vector<u32> shuffled(std::span<const u32> indices, u64 seed, int epoch);

// The quantised net for `net`: every parameter rounded to the file's grid (on_grid), as the
// engine holds it; eval::nnue::serialize() writes its file.
std::unique_ptr<eval::nnue::Network> quantise(const Net& net);

// The engine's evaluation of the record's position with `net` (centipawns, side to move's view).
int engine_eval(const eval::nnue::Network& net, const Record& r);

} // namespace citadel::nnue
