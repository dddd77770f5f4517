// The NNUE trainer (tools/nnue/trainer.h, docs/nnue_training.md): its gradient agrees with finite
// differences for every parameter group, its weights do not depend on the thread count, a small
// self-play data set's held-out loss falls, the quantised export parses back and agrees with the
// float net, checkpoints round-trip, and bad data files are refused with a message.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

#include "datagen/datagen.h"
#include "notation/fen.h"
#include "temp_dir.h"
#include "trainer.h"

namespace citadel::nnue {
namespace {

Record record(const std::string& fen, std::int16_t white_score, datagen::GameResult result) {
    datagen::TrainingPosition tp;
    tp.setup  = *parse_fen<Chess>(fen);
    tp.score  = white_score;
    tp.result = result;
    return datagen::pack_record(tp);
}

// A few positions of both sides to move, scores and results of every kind.
std::vector<Record> hand_records() {
    using R = datagen::GameResult;
    return {
        record("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 30, R::Draw),
        record(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 40, R::WhiteWins),
        record("8/5k2/8/3K4/8/8/2P5/8 w - - 0 50", 350, R::WhiteWins),
        record("8/5k2/8/3K4/8/8/2q5/8 b - - 0 50", -900, R::BlackWins),
        record("r3k2r/ppp2ppp/2n5/3qp3/8/2N5/PPP2PPP/R2QK2R w KQkq - 0 12", -120, R::Draw),
        record("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", 480, R::WhiteWins),
    };
}

std::vector<u32> all(size_t n) {
    std::vector<u32> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = u32(i);
    return v;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// The mean loss in double precision: the finite differences' reference.
double exact_loss(const Net& net, const std::vector<Record>& records, const Loss& loss) {
    double sum = 0;
    for (const auto& r : records) {
        double e = sigmoid(output_exact(net, features(r)) * Scale / loss.k) - target(r, loss);
        sum += e * e;
    }
    return sum / double(records.size());
}

TEST(NnueTrainer, FeaturesFollowTheFormula) {
    // White to move: the white king on e1 (4) is "ours" from White's view and "theirs" from
    // Black's, seen from rank 8 (4 ^ 56 = 60).
    auto f = features(record("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, datagen::GameResult::Draw));
    ASSERT_EQ(f.count, 2);
    EXPECT_EQ(f.us[0], 5 * 64 + 4); // white king e1, White's view
    EXPECT_EQ(f.them[0], 384 + 5 * 64 + 60); // the same king, Black's view
    EXPECT_EQ(f.us[1], 384 + 5 * 64 + 60); // black king e8 (60), White's view
    EXPECT_EQ(f.them[1], 5 * 64 + 4); // black king, Black's view: e8 ^ 56 = e1
    // Black to move: "us" is Black's view, and the labels turn to Black's side.
    auto r = record("4k3/8/8/8/8/8/8/4K3 b - - 0 1", 100, datagen::GameResult::WhiteWins);
    EXPECT_EQ(features(r).us[0], 384 + 5 * 64 + 60);
    EXPECT_EQ(score_stm(r), -100);
    EXPECT_EQ(result_stm(r), 0);
}

// The features as a set (their order follows the squares, which a reflection reorders).
std::multiset<std::pair<u16, u16>> feature_set(const Features& f) {
    std::multiset<std::pair<u16, u16>> set;
    for (int k = 0; k < f.count; ++k) set.insert({ f.us[k], f.them[k] });
    return set;
}

TEST(NnueTrainer, AMirroredIndexSeesThePositionReflected) {
    using R                                           = datagen::GameResult;
    const std::pair<const char*, const char*> pairs[] = {
        { "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", "1k6/ppp5/8/8/8/8/PPP5/1K2R3 b - - 0 30" },
        { "8/5k2/8/3K4/8/8/2q5/8 b - - 0 50", "8/2k5/8/4K3/8/8/5q2/8 b - - 0 50" },
        { "r4rk1/1b3ppp/p7/1pP5/8/8/PP3PPP/R4RK1 w - b6 0 20",
            "1kr4r/ppp3b1/7p/5Pp1/8/8/PPP3PP/1KR4R w - g6 0 20" },
    };
    for (const auto& [fen, reflected] : pairs) {
        const Record r = record(fen, 55, R::WhiteWins), m = record(reflected, 55, R::WhiteWins);
        EXPECT_FALSE(may_castle(r)) << fen;
        EXPECT_EQ(feature_set(features(r, 7 | Mirrored)), feature_set(features(m))) << fen;
        EXPECT_EQ(feature_set(features(r, 7)), feature_set(features(r))) << fen;
        EXPECT_NE(feature_set(features(r, Mirrored)), feature_set(features(r))) << fen;
    }
    EXPECT_TRUE(may_castle(hand_records()[0]));
    EXPECT_FALSE(may_castle(record("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, R::Draw)));
    EXPECT_TRUE(may_castle(record("4k2r/8/8/8/8/8/8/4K3 w k - 0 1", 0, R::Draw)));
}

// Training with mirrored indices reads the records the flag names, and their losses are the
// reflected positions' own.
TEST(NnueTrainer, AMirroredIndexHasTheReflectedPositionsLoss) {
    using R = datagen::GameResult;
    const std::vector<Record> records{ record("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", 480,
                                           R::WhiteWins),
        record("8/5k2/8/3K4/8/8/2q5/8 b - - 0 50", -900, R::BlackWins) };
    const std::vector<Record> reflected{ record("1k6/ppp5/8/8/8/8/PPP5/1K2R3 b - - 0 30", 480,
                                             R::WhiteWins),
        record("8/2k5/8/4K3/8/8/5q2/8 b - - 0 50", -900, R::BlackWins) };
    const Loss                loss{ 0.75, 250 };
    const Trainer             trainer(Net::random(16, 3), loss, Schedule{}, 1);
    const std::vector<u32>    mirrored{ 0 | Mirrored, 1 | Mirrored };
    EXPECT_NEAR(trainer.loss(records, mirrored), trainer.loss(reflected, all(2)), 1e-9);
    EXPECT_GT(std::abs(trainer.loss(records, mirrored) - trainer.loss(records, all(2))), 1e-9);
}

TEST(NnueTrainer, TheTargetWeighsTheScoreNineTenthsByDefault) {
    // Games chose lambda 0.9 (docs/nnue_training.md, "The loss"); both labels are turned to the
    // side to move's view: Black to move in a position White scores +480 and won.
    using R = datagen::GameResult;
    Loss loss;
    loss.k = 250;
    EXPECT_DOUBLE_EQ(loss.lambda, 0.9);
    const Record lost = record("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", 480, R::WhiteWins);
    EXPECT_NEAR(target(lost, loss), 0.9 / (1 + std::exp(480.0 / 250)) + 0.1 * 0, 1e-12);
    const Record drawn = record("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30", 100, R::Draw);
    EXPECT_NEAR(target(drawn, loss), 0.9 / (1 + std::exp(-100.0 / 250)) + 0.1 * 0.5, 1e-12);
}

// The trainer's gradient against central differences of the loss in double precision.
void expect_gradient_is_the_slope(
    const Trainer& trainer, const std::vector<Record>& records, const Loss& loss) {
    Net         net = trainer.net();
    const auto& g   = trainer.gradient();
    // Every group: feature rows, feature bias, output weights, output biases.
    const size_t groups[] = { net.feature_weights(), net.feature_bias(), net.output_weights(0),
        net.output_bias(0), net.params.size() };
    for (int group = 0; group < 4; ++group) {
        double largest = 0;
        int    checked = 0;
        for (size_t j = groups[group]; j < groups[group + 1]; ++j) {
            const float w  = net.params[j];
            const float up = w + 1e-3f, down = w - 1e-3f;
            net.params[j]      = up;
            const double plus  = exact_loss(net, records, loss);
            net.params[j]      = down;
            const double minus = exact_loss(net, records, loss);
            net.params[j]      = w;
            const double fd    = (plus - minus) / (double(up) - double(down));
            EXPECT_NEAR(g[j], fd, 2e-5 + 2e-3 * std::abs(fd))
                << "group " << group << " index " << j;
            largest = std::max(largest, std::abs(fd));
            ++checked;
        }
        EXPECT_GT(largest, 1e-4) << "group " << group << ": no gradient to check";
        EXPECT_GT(checked, 0);
    }
}

TEST(NnueTrainer, GradientMatchesFiniteDifferences) {
    const auto records = hand_records();
    const Loss loss{ 0.5, 100 };
    // CReLU with one output; SCReLU with two, the hand's positions in both (3 to 32 pieces).
    for (auto [buckets, activation] :
        { std::pair{ 1, Activation::CReLU }, { 2, Activation::SCReLU } }) {
        SCOPED_TRACE(buckets);
        Trainer    trainer(Net::random(8, 3, buckets, activation), loss, Schedule{}, 1);
        const auto batch = all(records.size());
        trainer.compute_gradient(records, batch);
        expect_gradient_is_the_slope(trainer, records, loss);
    }
}

TEST(NnueTrainer, WeightsDoNotDependOnTheThreadCount) {
    std::vector<Record> records;
    for (int copy = 0; copy < 20; ++copy)
        for (const auto& r : hand_records()) records.push_back(r);
    const auto order = shuffled(all(records.size()), 5, 0);
    auto       train = [&](int threads) {
        Trainer t(Net::random(16, 9), Loss{ 0.75, 200 }, Schedule{ 0.01, 0.001, 6 }, threads);
        for (size_t b = 0; b + 20 <= order.size(); b += 20)
            t.step(records, std::span<const u32>(order).subspan(b, 20));
        return t.net().params;
    };
    const auto one = train(1);
    EXPECT_NE(one, Net::random(16, 9).params);
    EXPECT_EQ(train(2), one);
    EXPECT_EQ(train(3), one);
}

// A small self-play data set, made once for the tests that train (tiny searches: fast under the
// sanitizers).
const Data& self_play() {
    static const Data data = [] {
        TempDir            dir("citadel-nnue-train-");
        datagen::RunConfig c;
        c.path                       = (dir.path / "games.bin").string();
        c.settings.seed              = 11;
        c.settings.nodes             = 200;
        c.settings.random_plies      = 8;
        c.settings.max_opening_score = 400;
        c.games                      = 40;
        c.threads                    = 2;
        datagen::run(c, [](const datagen::Progress&) {});
        Data d;
        if (auto err = load(c.path, d)) ADD_FAILURE() << *err;
        return d;
    }();
    return data;
}

// A net trained on self_play() for three epochs, with its held-out losses before and after each:
// CReLU with one output, or (squared) SCReLU with eight.
struct Trained {
    Net                 net;
    std::vector<double> held_out;
    std::vector<u32>    held;
};
Trained train_on_self_play(int buckets, Activation activation) {
    const auto&      data      = self_play();
    const size_t     n         = data.records.size();
    const size_t     held      = n / 10;
    std::vector<u32> train_idx = all(n - held), held_idx;
    for (size_t i = n - held; i < n; ++i) held_idx.push_back(u32(i));
    const int epochs = 3, batch = 128;
    const u64 steps = (train_idx.size() + batch - 1) / batch * epochs;
    Loss      loss{ 0.75, fit_k(std::span<const Record>(data.records).first(n - held)) };
    Trainer   trainer(
          Net::random(32, 1, buckets, activation), loss, Schedule{ 0.002, 0.0002, steps }, 2);
    Trained out;
    out.held = held_idx;
    out.held_out.push_back(trainer.loss(data.records, held_idx));
    for (int e = 0; e < epochs; ++e) {
        const auto order = shuffled(train_idx, 1, e);
        for (size_t b = 0; b < order.size(); b += batch)
            trainer.step(data.records,
                std::span<const u32>(order).subspan(b, std::min<size_t>(batch, order.size() - b)));
        out.held_out.push_back(trainer.loss(data.records, held_idx));
    }
    out.net = trainer.net();
    return out;
}
const Trained& trained() {
    static const Trained t = train_on_self_play(1, Activation::CReLU);
    return t;
}
const Trained& trained_squared() {
    static const Trained t = train_on_self_play(8, Activation::SCReLU);
    return t;
}

TEST(NnueTrainer, HeldOutLossFallsOnSelfPlay) {
    ASSERT_GT(self_play().records.size(), 1000u);
    for (const Trained* t : { &trained(), &trained_squared() }) {
        const auto& losses = t->held_out;
        ASSERT_EQ(losses.size(), 4u);
        EXPECT_LT(losses[1], losses[0]);
        EXPECT_LT(losses[3], losses[1]);
    }
}

TEST(NnueTrainer, TheEngineReadsTheExportAndAgreesWithTheFloatNet) {
    for (const Trained* t : { &trained(), &trained_squared() }) {
        const Net& net = t->net;
        SCOPED_TRACE(net.buckets);
        const auto bytes  = eval::nnue::serialize(*quantise(net));
        auto       loaded = eval::nnue::parse(bytes);
        ASSERT_TRUE(loaded) << loaded.error();
        const eval::nnue::Network& q = **loaded;
        ASSERT_EQ(bytes.size(),
            eval::nnue::HeaderBytes + 2 * (768 * 32 + 32) + net.buckets * (2 * 64 + 4) + 8u);
        EXPECT_EQ(q.hidden, 32);
        EXPECT_EQ(q.buckets, net.buckets);
        EXPECT_EQ(q.activation, net.activation);
        EXPECT_EQ(q.feature_weights[5][7], std::lround(net.params[5 * 32 + 7] * QA));
        const int last = net.buckets - 1;
        EXPECT_EQ(q.output_weights[last][1][8],
            std::lround(net.params[net.output_weights(last) + 40] * QB));
        EXPECT_EQ(
            q.output_bias[last], std::lround(double(net.params[net.output_bias(last)]) * QA * QB));

        // Quantisation error: each output weight is off by up to 1/(2 QB), each accumulator by up
        // to 32/(2 QA); over 2N active units that is a few centipawns. The integer side is the
        // engine's own evaluation of the position, accumulators and all.
        const auto& data = self_play();
        double      sum = 0, worst = 0;
        for (const auto& r : data.records) {
            const double diff = std::abs(output(net, features(r)) * Scale - engine_eval(q, r));
            sum += diff, worst = std::max(worst, diff);
        }
        EXPECT_LT(sum / double(data.records.size()), 3.0);
        EXPECT_LT(worst, 15.0);
    }
}

TEST(NnueTrainer, QuantisedTrainingEndsOnTheExportedNet) {
    // While quantised, the gradient is that of the net on the file's grid (straight through).
    const auto records = hand_records();
    const Net  net     = Net::random(8, 4);
    Trainer    on(net, Loss{ 0.5, 100 }, Schedule{}, 1),
        grid(on_grid(net), Loss{ 0.5, 100 }, Schedule{}, 1);
    on.set_quantised(true);
    EXPECT_EQ(on.compute_gradient(records, all(records.size())),
        grid.compute_gradient(records, all(records.size())));
    EXPECT_EQ(on.gradient(), grid.gradient());
    EXPECT_EQ(on.net().params, net.params);

    // Snapped, the float net computes what the engine does with the file, but for the last
    // division's truncation.
    for (const Trained* t : { &trained(), &trained_squared() }) {
        Trainer snapped(t->net, Loss{}, Schedule{}, 1);
        snapped.snap_to_grid();
        const auto q = quantise(snapped.net());
        EXPECT_EQ(
            eval::nnue::serialize(*quantise(on_grid(snapped.net()))), eval::nnue::serialize(*q));
        // SCReLU truncates twice (the sum of squares by QA, then the output).
        for (const auto& r : self_play().records)
            ASSERT_LT(
                std::abs(output(snapped.net(), features(r)) * Scale - engine_eval(*q, r)), 2.01);
    }
}

TEST(NnueTrainer, CheckpointRoundTrips) {
    TempDir    dir("citadel-nnue-ckpt-");
    const auto path    = (dir.path / "net.ckpt").string();
    const auto records = hand_records();
    Trainer    a(Net::random(8, 2, 4, Activation::SCReLU), Loss{ 0.6, 150 }, Schedule{}, 1);
    a.step(records, all(records.size()));
    ASSERT_TRUE(a.save(path, 4));
    Trainer b(Net::random(16, 0), Loss{}, Schedule{}, 1);
    int     epochs = 0;
    ASSERT_EQ(b.load(path, epochs), std::nullopt);
    EXPECT_EQ(epochs, 4);
    EXPECT_EQ(b.net().hidden, 8);
    EXPECT_EQ(b.net().buckets, 4);
    EXPECT_EQ(b.net().activation, Activation::SCReLU);
    EXPECT_EQ(b.steps(), 1u);
    EXPECT_EQ(b.net().params, a.net().params);
    EXPECT_EQ(b.loss_settings().k, 150);
    // Both take the same next step: the Adam state came back too.
    a.step(records, all(records.size()));
    b.step(records, all(records.size()));
    EXPECT_EQ(b.net().params, a.net().params);
}

TEST(NnueTrainer, BadDataFilesAreRefused) {
    TempDir    dir("citadel-nnue-bad-");
    const auto good = datagen::write_header({ datagen::Settings{}, 1, 2 });
    const auto rec  = hand_records()[0];
    auto       file = [&](const std::string& name, std::vector<u8> bytes) {
        const auto    path = (dir.path / name).string();
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        return path;
    };
    auto with = [&](std::vector<u8> bytes, int records) {
        for (int i = 0; i < records; ++i) bytes.insert(bytes.end(), rec.begin(), rec.end());
        return bytes;
    };
    const std::vector<u8> header(good.begin(), good.end());
    auto                  expect_refused = [&](const std::string& path, const std::string& words) {
        Data data;
        data.records.push_back(rec);
        auto err = load(path, data);
        ASSERT_TRUE(err.has_value()) << path;
        EXPECT_NE(err->find(path), std::string::npos) << *err;
        EXPECT_NE(err->find(words), std::string::npos) << *err;
        EXPECT_EQ(data.records.size(), 1u);
        EXPECT_TRUE(data.files.empty());
    };
    expect_refused((dir.path / "missing.bin").string(), "cannot read");
    expect_refused(file("short.bin", { 'C', 'I', 'T' }), "not a datagen file");
    auto magic = header;
    magic[0]   = 'X';
    expect_refused(file("magic.bin", with(magic, 2)), "not a datagen file");
    auto version = header;
    version[8]   = 2;
    expect_refused(file("version.bin", with(version, 2)), "not a datagen file");
    auto size = header;
    size[12]  = 16;
    expect_refused(file("size.bin", with(size, 2)), "not a datagen file");
    expect_refused(file("cut.bin", with(header, 1)), "holds only 1");
    auto huge = header;
    for (int i = 48; i < 56; ++i) huge[i] = 0xff; // 2^64 - 1 positions: no allocation tried
    expect_refused(file("huge.bin", with(huge, 2)), "holds only 2");
    auto bad          = with(header, 2);
    bad[56 + 32 + 26] = 7; // a result that means nothing
    expect_refused(file("record.bin", bad), "position 1 is not a valid record");

    Data data;
    ASSERT_EQ(load(file("good.bin", with(header, 3)), data), std::nullopt); // a cut game after
    EXPECT_EQ(data.records.size(), 2u);
    EXPECT_EQ(data.files.size(), 1u);
}

} // namespace
} // namespace citadel::nnue
