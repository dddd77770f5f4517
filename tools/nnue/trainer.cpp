#include "trainer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <thread>

#include "eval/tune.h"

namespace citadel::nnue {

static_assert(std::endian::native == std::endian::little,
    "the checkpoint stores floats as the machine holds them");

namespace {

u64 splitmix64(u64& state) {
    u64 z = (state += 0x9E3779B97F4A7C15ull);
    z     = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z     = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Uniform in [-1, 1).
float uniform(u64& state) { return float(double(splitmix64(state) >> 11) * 0x1p-52 - 1.0); }

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

template <class T> void put(std::vector<u8>& out, T value) {
    for (size_t i = 0; i < sizeof(T); ++i) out.push_back(u8(u64(value) >> (8 * i)));
}
template <class T> T get(const u8* at) { return datagen::detail::get<T>(at); }

i16 round16(float x, int q) { return i16(std::lround(double(x) * q)); }

} // namespace

std::optional<std::string> load(const std::string& path, Data& data) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read " + path;
    std::error_code ec;
    const u64       size = std::filesystem::file_size(path, ec);
    if (ec || size < u64(datagen::HeaderBytes))
        return path + " is not a datagen file (shorter than its 56-byte header)";
    std::array<u8, datagen::HeaderBytes> head{};
    in.read(reinterpret_cast<char*>(head.data()), head.size());
    const auto header = datagen::read_header(head.data());
    if (!in || !header)
        return path
            + " is not a datagen file of format version 1 with 32-byte records (magic "
              "CITDATA, docs/datagen.md)";
    const u64 room = (size - datagen::HeaderBytes) / datagen::RecordBytes;
    if (header->positions > room)
        return path + ": the header counts " + std::to_string(header->positions)
            + " positions but the file holds only " + std::to_string(room);
    const size_t first = data.records.size();
    data.records.resize(first + header->positions);
    in.read(reinterpret_cast<char*>(data.records.data() + first),
        std::streamsize(header->positions * datagen::RecordBytes));
    if (!in) {
        data.records.resize(first);
        return "cannot read the positions of " + path;
    }
    for (u64 i = 0; i < header->positions; ++i)
        if (!datagen::unpack_record(data.records[first + i].data())) {
            data.records.resize(first);
            return path + ": position " + std::to_string(i)
                + " is not a valid record (a piece, result or flag that means nothing)";
        }
    data.files.push_back({ path, *header });
    return std::nullopt;
}

Features features(const Record& r) { return features(r, 0); }

bool may_castle(const Record& r) { return (r[27] >> 1) & 15; }

Features features(const Record& r, u32 index) {
    const int  flip = index & Mirrored ? 7 : 0; // sq ^ 7 reflects the file
    Features   f;
    const u64  occupancy = get<u64>(&r[0]);
    const bool black     = r[27] & 1;
    int        k         = 0;
    for (u64 bits = occupancy; bits && k < MaxActive; bits &= bits - 1, ++k) {
        const int sq     = std::countr_zero(bits) ^ flip;
        const int code   = (r[8 + k / 2] >> (k % 2 * 4)) & 15;
        const int colour = code >> 3, type = code & 7;
        const int white = (colour == 0 ? 0 : 384) + type * 64 + sq;
        const int blk   = (colour == 1 ? 0 : 384) + type * 64 + (sq ^ 56);
        f.us[k]         = u16(black ? blk : white);
        f.them[k]       = u16(black ? white : blk);
    }
    f.count = k;
    return f;
}

double score_stm(const Record& r) {
    const double white = i16(get<u16>(&r[24]));
    return r[27] & 1 ? -white : white;
}

double result_stm(const Record& r) {
    const double white = r[26] / 2.0;
    return r[27] & 1 ? 1.0 - white : white;
}

double k_from_texel(double texel_k) { return 400.0 / (texel_k * std::numbers::ln10); }

double fit_k(std::span<const Record> records, size_t sample) {
    const size_t stride
        = std::max<size_t>(1, (records.size() + sample - 1) / std::max<size_t>(sample, 1));
    const size_t n     = (records.size() + stride - 1) / stride;
    const double texel = eval::tune::fit_k(
        n, [&](size_t i) { return score_stm(records[i * stride]); },
        [&](size_t i) { return result_stm(records[i * stride]); });
    return k_from_texel(texel);
}

Net Net::random(int hidden, u64 seed, int buckets, Activation a) {
    Net net;
    net.hidden     = hidden;
    net.buckets    = buckets;
    net.activation = a;
    net.params.assign(size(hidden, buckets), 0.0f);
    u64 state = seed ^ 0x6E6E75655F696E69ull; // a stream apart from the shuffles'
    // About 30 rows add up in an accumulator: rows of +-1/sqrt(768) start it well inside CReLU's
    // linear part; the output starts near zero.
    const float row = 1.0f / std::sqrt(float(Inputs)), out = 1.0f / std::sqrt(2.0f * hidden);
    for (size_t i = net.feature_weights(); i < net.feature_bias(); ++i)
        net.params[i] = row * uniform(state);
    for (size_t i = net.output_weights(0); i < net.output_bias(0); ++i)
        net.params[i] = out * uniform(state);
    return net;
}

namespace {

// The accumulators of both perspectives before the activation.
template <class T> void accumulate(const Net& net, const Features& f, T* us, T* them) {
    const int    n    = net.hidden;
    const float* bias = &net.params[net.feature_bias()];
    const float* rows = &net.params[net.feature_weights()];
    for (int i = 0; i < n; ++i) us[i] = them[i] = bias[i];
    for (int k = 0; k < f.count; ++k) {
        const float* u = rows + size_t(f.us[k]) * n;
        const float* t = rows + size_t(f.them[k]) * n;
        for (int i = 0; i < n; ++i) us[i] += u[i];
        for (int i = 0; i < n; ++i) them[i] += t[i];
    }
}

// The activation and its derivative.
template <class T> T activate(Activation a, T x) {
    const T c = std::clamp<T>(x, 0, 1);
    return a == Activation::SCReLU ? c * c : c;
}
template <class T> T activation_slope(Activation a, T x) {
    if (!(x > 0 && x < 1)) return 0;
    return a == Activation::SCReLU ? 2 * x : 1;
}

template <class T> T output_from(const Net& net, const T* us, const T* them, int bucket) {
    const int    n      = net.hidden;
    const float* w      = &net.params[net.output_weights(bucket)];
    T            sum_us = 0, sum_them = 0;
    for (int i = 0; i < n; ++i) sum_us += activate(net.activation, us[i]) * w[i];
    for (int i = 0; i < n; ++i) sum_them += activate(net.activation, them[i]) * w[n + i];
    return sum_us + sum_them + net.params[net.output_bias(bucket)];
}

template <class T> T output_as(const Net& net, const Features& f) {
    std::vector<T> us(net.hidden), them(net.hidden);
    accumulate(net, f, us.data(), them.data());
    return output_from(net, us.data(), them.data(), bucket_of(net.buckets, f.count));
}

// The net's prediction for training index `index` (the sigmoid of its output at `slope`), its
// error against the record's target, and the features it was made from; the accumulators are
// left in us and them.
struct Prediction {
    Features features;
    int      bucket;
    double   p, error;
};
Prediction predict(const Net& net, std::span<const Record> records, u32 index, const Loss& loss,
    double slope, float* us, float* them) {
    const Record&  r = records[index & ~Mirrored];
    const Features f = features(r, index);
    accumulate(net, f, us, them);
    const int    bucket = bucket_of(net.buckets, f.count);
    const double p      = sigmoid(output_from(net, us, them, bucket) * slope);
    return { f, bucket, p, p - target(r, loss) };
}

} // namespace

float  output(const Net& net, const Features& f) { return output_as<float>(net, f); }
double output_exact(const Net& net, const Features& f) { return output_as<double>(net, f); }

double target(const Record& r, const Loss& loss) {
    return loss.lambda * sigmoid(score_stm(r) / loss.k) + (1 - loss.lambda) * result_stm(r);
}

Trainer::Trainer(Net net, const Loss& loss, const Schedule& schedule, int threads)
    : net_(std::move(net))
    , loss_(loss)
    , schedule_(schedule)
    , threads_(std::clamp(threads, 1, GradientShards))
    , adam_m_(net_.params.size(), 0.0f)
    , adam_v_(net_.params.size(), 0.0f)
    , gradient_(net_.params.size(), 0.0f)
    , shards_(GradientShards * net_.params.size(), 0.0f)
    , shard_loss_(GradientShards, 0.0) { }

void Trainer::parallel(int tasks, const std::function<void(int)>& task) const {
    const int threads = std::min(threads_, tasks);
    auto      work    = [&](int t) {
        for (int i = t; i < tasks; i += threads) task(i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& t : pool) t.join();
}

double Trainer::compute_gradient(std::span<const Record> records, std::span<const u32> batch) {
    const size_t P     = net_.params.size();
    const int    n     = net_.hidden;
    const double slope = Scale / loss_.k;
    const float  scale = float(1.0 / std::max<size_t>(batch.size(), 1));
    const Net&   used  = quantised_ ? grid_ : net_;
    parallel(GradientShards, [&](int s) {
        float* g = &shards_[s * P];
        std::fill(g, g + P, 0.0f);
        std::vector<float> us(n), them(n), d_us(n), d_them(n);
        const Activation   act    = used.activation;
        float*             g_rows = g + net_.feature_weights();
        float*             g_fb   = g + net_.feature_bias();
        double             sum    = 0;
        const size_t       begin  = batch.size() * s / GradientShards;
        const size_t       end    = batch.size() * (s + 1) / GradientShards;
        for (size_t b = begin; b < end; ++b) {
            const auto [f, bucket, p, e]
                = predict(used, records, batch[b], loss_, slope, us.data(), them.data());
            sum += e * e;
            // d loss / d output, averaged over the batch.
            const float  d    = float(2 * e * p * (1 - p) * slope) * scale;
            const float* ow   = &used.params[used.output_weights(bucket)];
            float*       g_ow = g + net_.output_weights(bucket);
            g[net_.output_bias(bucket)] += d;
            for (int i = 0; i < n; ++i) {
                g_ow[i] += d * activate(act, us[i]);
                g_ow[n + i] += d * activate(act, them[i]);
                d_us[i]   = d * ow[i] * activation_slope(act, us[i]);
                d_them[i] = d * ow[n + i] * activation_slope(act, them[i]);
                g_fb[i] += d_us[i] + d_them[i];
            }
            for (int k = 0; k < f.count; ++k) {
                float* u = g_rows + size_t(f.us[k]) * n;
                float* t = g_rows + size_t(f.them[k]) * n;
                for (int i = 0; i < n; ++i) u[i] += d_us[i];
                for (int i = 0; i < n; ++i) t[i] += d_them[i];
            }
        }
        shard_loss_[s] = sum;
    });
    // The shards' sum, in shard order, split by parameter range over the threads.
    const int ranges = threads_ * 4;
    parallel(ranges, [&](int part) {
        const size_t begin = P * part / ranges, end = P * (part + 1) / ranges;
        for (size_t j = begin; j < end; ++j) {
            float sum = 0;
            for (int s = 0; s < GradientShards; ++s) sum += shards_[s * P + j];
            gradient_[j] = sum;
        }
    });
    double total = 0;
    for (double x : shard_loss_) total += x;
    return total / double(std::max<size_t>(batch.size(), 1));
}

double Trainer::learning_rate() const {
    const double progress
        = std::min(1.0, double(steps_) / double(std::max<u64>(schedule_.total_steps, 1)));
    return schedule_.lr_final
        + (schedule_.lr - schedule_.lr_final) * 0.5 * (1 + std::cos(std::numbers::pi * progress));
}

double Trainer::step(std::span<const Record> records, std::span<const u32> batch) {
    const double loss = compute_gradient(records, batch);
    const double lr   = learning_rate();
    ++steps_;
    constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    // Bias corrections folded into the rate and epsilon.
    const float  rate   = float(lr * std::sqrt(1 - std::pow(beta2, double(steps_)))
        / (1 - std::pow(beta1, double(steps_))));
    const float  eps    = float(epsilon * std::sqrt(1 - std::pow(beta2, double(steps_))));
    const size_t P      = net_.params.size();
    const int    ranges = threads_ * 4;
    parallel(ranges, [&](int part) {
        const size_t begin = P * part / ranges, end = P * (part + 1) / ranges;
        float *      w = net_.params.data(), *m = adam_m_.data(), *v = adam_v_.data();
        const float* g = gradient_.data();
        for (size_t j = begin; j < end; ++j) {
            m[j] = float(beta1) * m[j] + float(1 - beta1) * g[j];
            v[j] = float(beta2) * v[j] + float(1 - beta2) * g[j] * g[j];
            w[j] = std::clamp(
                w[j] - rate * m[j] / (std::sqrt(v[j]) + eps), -WeightLimit, WeightLimit);
        }
    });
    if (quantised_) grid_ = on_grid(net_);
    return loss;
}

double Trainer::loss(std::span<const Record> records, std::span<const u32> indices) const {
    const double slope = Scale / loss_.k;
    const Net&   used  = quantised_ ? grid_ : net_;
    parallel(GradientShards, [&](int s) {
        std::vector<float> us(net_.hidden), them(net_.hidden);
        double             sum   = 0;
        const size_t       begin = indices.size() * s / GradientShards;
        const size_t       end   = indices.size() * (s + 1) / GradientShards;
        for (size_t b = begin; b < end; ++b) {
            const double e
                = predict(used, records, indices[b], loss_, slope, us.data(), them.data()).error;
            sum += e * e;
        }
        shard_loss_[s] = sum;
    });
    double total = 0;
    for (double x : shard_loss_) total += x;
    return total / double(std::max<size_t>(indices.size(), 1));
}

Net on_grid(const Net& net) {
    Net          grid = net;
    const size_t rows = net.output_weights(0), outputs = net.output_bias(0);
    for (size_t i = 0; i < rows; ++i) grid.params[i] = float(round16(net.params[i], QA)) / QA;
    for (size_t i = rows; i < outputs; ++i) grid.params[i] = float(round16(net.params[i], QB)) / QB;
    for (size_t i = outputs; i < net.params.size(); ++i)
        grid.params[i] = float(std::lround(double(net.params[i]) * QA * QB)) / (QA * QB);
    return grid;
}

void Trainer::set_quantised(bool on) {
    quantised_ = on;
    if (on) grid_ = on_grid(net_);
}

void Trainer::snap_to_grid() {
    net_ = on_grid(net_);
    if (quantised_) grid_ = net_;
}

namespace {
constexpr char CheckpointMagic[8] = { 'C', 'I', 'T', 'N', 'N', 'C', 'K', '\0' };
constexpr u32  CheckpointVersion  = 2;
} // namespace

// Checkpoint: magic, u32 version, u32 hidden, u32 buckets, u32 activation, u32 epochs done, u64
// steps, f64 lambda, f64 k, then the parameters, Adam's first and second moments (float32 each).
bool Trainer::save(const std::string& path, int epochs_done) const {
    std::vector<u8> out(CheckpointMagic, CheckpointMagic + 8);
    put(out, CheckpointVersion);
    put(out, u32(net_.hidden));
    put(out, u32(net_.buckets));
    put(out, u32(net_.activation));
    put(out, u32(epochs_done));
    put(out, steps_);
    put(out, std::bit_cast<u64>(loss_.lambda));
    put(out, std::bit_cast<u64>(loss_.k));
    for (const auto* v : { &net_.params, &adam_m_, &adam_v_ }) {
        const auto* bytes = reinterpret_cast<const u8*>(v->data());
        out.insert(out.end(), bytes, bytes + v->size() * sizeof(float));
    }
    // Written beside and renamed over: a checkpoint is never half a file.
    const std::string part = path + ".part";
    {
        std::ofstream f(part, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
        if (!f) return false;
    }
    std::error_code ec;
    std::filesystem::rename(part, path, ec);
    return !ec;
}

std::optional<std::string> Trainer::load(const std::string& path, int& epochs_done) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read " + path;
    std::vector<u8>  bytes{ std::istreambuf_iterator<char>(in), {} };
    constexpr size_t head = 8 + 4 * 5 + 8 * 3;
    if (bytes.size() < head || std::memcmp(bytes.data(), CheckpointMagic, 8)
        || get<u32>(&bytes[8]) != CheckpointVersion)
        return path + " is not a trainer checkpoint of version 2";
    const u32 hidden = get<u32>(&bytes[12]), buckets = get<u32>(&bytes[16]),
              activation = get<u32>(&bytes[20]);
    if (hidden == 0 || hidden > 4096) return path + ": hidden size " + std::to_string(hidden);
    if (buckets < 1 || buckets > u32(MaxBuckets))
        return path + ": output buckets " + std::to_string(buckets);
    if (activation > u32(Activation::SCReLU))
        return path + ": activation " + std::to_string(activation);
    const size_t P = Net::size(int(hidden), int(buckets));
    if (bytes.size() != head + 3 * P * sizeof(float))
        return path + ": the size does not match hidden size " + std::to_string(hidden) + " and "
            + std::to_string(buckets) + " output buckets";
    *this = Trainer(Net{ int(hidden), int(buckets), Activation(activation), std::vector<float>(P) },
        loss_, schedule_, threads_);
    epochs_done  = int(get<u32>(&bytes[24]));
    steps_       = get<u64>(&bytes[28]);
    loss_.lambda = std::bit_cast<double>(get<u64>(&bytes[36]));
    loss_.k      = std::bit_cast<double>(get<u64>(&bytes[44]));
    size_t at    = head;
    for (auto* v : { &net_.params, &adam_m_, &adam_v_ }) {
        v->resize(P);
        std::memcpy(v->data(), &bytes[at], P * sizeof(float));
        at += P * sizeof(float);
    }
    return std::nullopt;
}

std::vector<u32> shuffled(std::span<const u32> indices, u64 seed, int epoch) {
    std::vector<u32> order(indices.begin(), indices.end());
    u64              state = seed * 0x9E3779B97F4A7C15ull + u64(epoch);
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[splitmix64(state) % i]);
    return order;
}

std::unique_ptr<eval::nnue::Network> quantise(const Net& net) {
    auto q         = std::make_unique<eval::nnue::Network>();
    q->hidden      = net.hidden;
    q->buckets     = net.buckets;
    q->activation  = net.activation;
    const float* p = net.params.data();
    for (int f = 0; f < Inputs; ++f)
        for (int i = 0; i < net.hidden; ++i)
            q->feature_weights[f][i]
                = round16(p[net.feature_weights() + size_t(f) * net.hidden + i], QA);
    for (int i = 0; i < net.hidden; ++i)
        q->feature_bias[i] = round16(p[net.feature_bias() + i], QA);
    for (int b = 0; b < net.buckets; ++b) {
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < net.hidden; ++i)
                q->output_weights[b][side][i]
                    = round16(p[net.output_weights(b) + size_t(side) * net.hidden + i], QB);
        q->output_bias[b] = i32(std::lround(double(p[net.output_bias(b)]) * QA * QB));
    }
    return q;
}

int engine_eval(const eval::nnue::Network& net, const Record& r) {
    const auto                   tp = datagen::unpack_record(r.data());
    Position<Chess>              pos;
    std::deque<StateInfo<Chess>> states;
    if (!tp || pos.set(tp->setup, states.emplace_back())) return 0; // load() refused such records
    return eval::nnue::evaluate(net, pos);
}

} // namespace citadel::nnue
