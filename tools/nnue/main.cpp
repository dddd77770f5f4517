// citadel_nnue_train: trains the chess NNUE on datagen files and exports the quantised net
// (docs/nnue_training.md).
//
//   citadel_nnue_train --data d1.bin [--data d2.bin] --output net.nnue [--hidden 128] [--epochs 10]
//                      [--activation screlu|crelu] [--buckets 8]
//   citadel_nnue_train --eval-fens fens.txt --resume net.nnue.ckpt [--net net.nnue]
//
// Training writes a checkpoint of the float net after every epoch (--checkpoint, default
// OUTPUT.ckpt), the quantised net at the end, and a manifest (OUTPUT.manifest) naming the data,
// the settings and the losses. Progress goes to standard error.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "notation/fen.h"
#include "trainer.h"

namespace {

using namespace citadel;
using namespace citadel::nnue;

struct Args {
    std::vector<std::string> data;
    std::string              output, checkpoint, resume, commit, eval_fens, net;
    int                      hidden = 128, epochs = 10, batch = 16384, stop_after = 0;
    // SCReLU with 8 output buckets: +56 +- 26 over CReLU with one at 20,000 nodes, both trained
    // on the same 7.4 M positions (docs/nnue_training.md, "The net").
    int         buckets          = 8;
    Activation  activation       = Activation::SCReLU;
    int         quantised_epochs = 1;
    bool        mirror           = false;
    int         threads          = int(std::max(1u, std::thread::hardware_concurrency()));
    double      lambda = Loss{}.lambda, k = 0, lr = 0.001, lr_final = 0.00001;
    double      holdout = 0.01;
    u64         seed    = 1;
    std::string command_line;
};

std::string git_commit() {
    const std::string command = "git -C '" CITADEL_SOURCE_DIR "' rev-parse HEAD 2>/dev/null";
    FILE*             pipe    = popen(command.c_str(), "r");
    if (!pipe) return "unknown";
    char        buf[64] = {};
    std::string out     = fgets(buf, sizeof buf, pipe) ? buf : "";
    pclose(pipe);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out.empty() ? "unknown" : out;
}

const char* name_of(Activation a) { return a == Activation::SCReLU ? "screlu" : "crelu"; }

bool write_file(const std::string& path, const std::vector<u8>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(out);
}

// Float and integer scores of each FEN of the file, one line each, then their mean and largest
// difference.
int eval_fens(const Args& a) {
    if (a.resume.empty()) {
        std::cerr << "error: --eval-fens needs the float net: --resume CHECKPOINT\n";
        return 2;
    }
    Trainer trainer(Net::random(8, 0), Loss{}, Schedule{}, 1);
    int     epochs = 0;
    if (auto err = trainer.load(a.resume, epochs)) {
        std::cerr << "error: " << *err << "\n";
        return 2;
    }
    // The integer side is the engine's own evaluation: of the given file, or of this net rounded.
    std::shared_ptr<const eval::nnue::Network> qnet = quantise(trainer.net());
    if (!a.net.empty()) {
        auto loaded = eval::nnue::load_file(a.net);
        if (!loaded) {
            std::cerr << "error: " << a.net << ": " << loaded.error() << "\n";
            return 2;
        }
        qnet = *loaded;
    }
    const Net& fnet = trainer.net();
    if (qnet->hidden != fnet.hidden || qnet->buckets != fnet.buckets
        || qnet->activation != fnet.activation) {
        std::cerr << "error: " << a.net << " is not the checkpoint's shape (hidden, output "
                  << "buckets, activation: " << qnet->hidden << ", " << qnet->buckets << ", "
                  << name_of(qnet->activation) << " against " << fnet.hidden << ", " << fnet.buckets
                  << ", " << name_of(fnet.activation) << ")\n";
        return 2;
    }
    std::ifstream in(a.eval_fens);
    if (!in) {
        std::cerr << "error: cannot read " << a.eval_fens << "\n";
        return 2;
    }
    std::string line;
    double      sum = 0, worst = 0;
    int         count = 0;
    std::cout << "# float_cp int_cp fen (side to move's view)\n";
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        auto setup = parse_fen<Chess>(line);
        if (!setup.ok()) {
            std::cerr << "error: " << a.eval_fens << ":" << n << ": bad FEN ("
                      << setup.error().field << "): " << setup.error().message << "\n";
            return 2;
        }
        datagen::TrainingPosition tp;
        tp.setup                = *setup;
        const auto     record   = datagen::pack_record(tp);
        const Features f        = features(record);
        const double   float_cp = output(trainer.net(), f) * Scale;
        const int      int_cp   = engine_eval(*qnet, record);
        const double   diff     = std::abs(float_cp - int_cp);
        sum += diff, worst = std::max(worst, diff), ++count;
        std::cout << std::fixed << std::setprecision(2) << float_cp << " " << int_cp << " " << line
                  << "\n";
    }
    std::cout << "# " << count << " positions: mean |float - int| " << std::setprecision(3)
              << (count ? sum / count : 0.0) << " cp, max " << worst << " cp\n";
    return 0;
}

int train(const Args& a) {
    Data data;
    for (const auto& path : a.data)
        if (auto err = load(path, data)) {
            std::cerr << "error: " << *err << "\n";
            return 2;
        }
    const size_t n = data.records.size();
    if (n > MaxRecords) { // positions are indexed by u32, beside the Mirrored flag
        std::cerr << "error: the data files hold " << n << " positions; at most 2^31 - 1\n";
        return 2;
    }
    if (n < 2) {
        std::cerr << "error: the data files hold " << n << " positions; at least 2 are needed\n";
        return 2;
    }
    // The held-out positions are the last ones, the last games of the last file: a game's
    // positions are alike, so a random split would let the training see the held-out games.
    const size_t     held = std::clamp<size_t>(size_t(double(n) * a.holdout), 1, n - 1);
    std::vector<u32> train_idx(n - held), held_idx(held);
    for (size_t i = 0; i < n - held; ++i) train_idx[i] = u32(i);
    for (size_t i = 0; i < held; ++i) held_idx[i] = u32(n - held + i);
    // --mirror: each training position where neither side may castle is seen reflected too (the
    // held-out positions stay as played, so held-out losses compare with and without it).
    size_t mirrored = 0;
    if (a.mirror)
        for (size_t i = 0; i < n - held; ++i)
            if (!may_castle(data.records[i])) train_idx.push_back(u32(i) | Mirrored), ++mirrored;

    const size_t batches = (train_idx.size() + a.batch - 1) / a.batch;
    Schedule     schedule{ a.lr, a.lr_final, u64(batches) * u64(a.epochs) };
    Loss         loss{ a.lambda, a.k };
    if (a.resume.empty() && a.k <= 0)
        loss.k = fit_k(std::span<const Record>(data.records).first(n - held));
    Trainer trainer(
        Net::random(a.hidden, a.seed, a.buckets, a.activation), loss, schedule, a.threads);
    int first_epoch = 0;
    if (!a.resume.empty()) {
        if (auto err = trainer.load(a.resume, first_epoch)) {
            std::cerr << "error: " << *err << "\n";
            return 2;
        }
        loss = trainer.loss_settings();
        std::cerr << "resumed " << a.resume << ": hidden " << trainer.net().hidden << ", buckets "
                  << trainer.net().buckets << ", " << first_epoch << " epochs done, K " << loss.k
                  << "\n";
    }
    trainer.set_schedule(schedule);
    std::cerr << n << " positions (" << n - held << " training, " << mirrored
              << " of them mirrored too, " << held << " held out); hidden " << trainer.net().hidden
              << ", " << name_of(trainer.net().activation) << ", " << trainer.net().buckets
              << " output buckets"
              << ", K " << loss.k << " cp, lambda " << loss.lambda << ", " << a.threads
              << " threads\n";
    std::cerr << "held-out loss before training " << trainer.loss(data.records, held_idx) << "\n";

    const std::string checkpoint = a.checkpoint.empty() ? a.output + ".ckpt" : a.checkpoint;
    double            train_loss = 0, held_loss = 0;
    using Clock = std::chrono::steady_clock;
    // The epochs this run trains: the schedule spans all of --epochs, --stop-after ends early.
    const int last_epoch = a.stop_after > 0 ? std::min(a.stop_after, a.epochs) : a.epochs;
    for (int epoch = first_epoch; epoch < last_epoch; ++epoch) {
        trainer.set_quantised(epoch >= a.epochs - a.quantised_epochs);
        const auto order = shuffled(train_idx, a.seed, epoch);
        const auto start = Clock::now();
        auto       shown = start;
        double     sum   = 0;
        for (size_t b = 0; b < batches; ++b) {
            const size_t begin = b * size_t(a.batch);
            const size_t count = std::min(size_t(a.batch), order.size() - begin);
            sum += trainer.step(data.records, std::span<const u32>(order).subspan(begin, count))
                * double(count);
            if (Clock::now() - shown > std::chrono::seconds(1)) {
                shown            = Clock::now();
                const double sec = std::chrono::duration<double>(shown - start).count();
                std::cerr << "\repoch " << epoch + 1 << "/" << a.epochs << ", batch " << b + 1
                          << "/" << batches << ", loss " << sum / double(begin + count) << ", "
                          << long(double(begin + count) / sec) << " positions/s   " << std::flush;
            }
        }
        const double sec = std::chrono::duration<double>(Clock::now() - start).count();
        train_loss       = sum / double(order.size());
        if (epoch + 1 == a.epochs && a.quantised_epochs > 0) trainer.snap_to_grid();
        held_loss = trainer.loss(data.records, held_idx);
        std::cerr << "\repoch " << epoch + 1 << "/" << a.epochs << ": train loss " << train_loss
                  << ", held-out loss " << held_loss << ", lr " << trainer.learning_rate() << ", "
                  << long(double(order.size()) / sec) << " positions/s        \n";
        if (!trainer.save(checkpoint, epoch + 1)) {
            std::cerr << "error: cannot write " << checkpoint << "\n";
            return 1;
        }
    }
    if (first_epoch >= last_epoch) held_loss = trainer.loss(data.records, held_idx);

    const auto bytes = eval::nnue::serialize(*quantise(trainer.net()));
    if (!write_file(a.output, bytes)) {
        std::cerr << "error: cannot write " << a.output << "\n";
        return 1;
    }
    std::ofstream m(a.output + ".manifest");
    m << "net: " << a.output << " (format version " << eval::nnue::FormatVersion << ", "
      << bytes.size() << " bytes, fnv1a " << std::hex
      << eval::nnue::fnv1a(std::span<const u8>(bytes).first(bytes.size() - 8)) << std::dec << ")\n";
    for (const auto& f : data.files) {
        const u32 evaluator = f.header.settings.evaluator;
        m << "data: " << f.path << " seed " << f.header.settings.seed << " nodes "
          << f.header.settings.nodes << " random_plies " << f.header.settings.random_plies
          << " max_opening_score " << f.header.settings.max_opening_score << " evaluator ";
        if (evaluator)
            m << "net-" << std::hex << std::setw(8) << std::setfill('0') << evaluator << std::dec;
        else
            m << "hand";
        m << " games " << f.header.games << " positions " << f.header.positions << "\n";
    }
    m << "commit: " << (a.commit.empty() ? git_commit() : a.commit) << "\n"
      << "hidden: " << trainer.net().hidden << "\n"
      << "activation: " << name_of(trainer.net().activation) << "\n"
      << "buckets: " << trainer.net().buckets << " (output layers by the number of pieces)\n"
      << "lambda: " << loss.lambda << " (weight of sigmoid(score/K); 1 - lambda on the result)\n"
      << "k: " << loss.k << " cp\n"
      << "epochs: " << std::max(first_epoch, last_epoch) << " of " << a.epochs << "\n"
      << "lr: " << a.lr << " cosine to " << a.lr_final << "\n"
      << "quantised_epochs: " << a.quantised_epochs << "\n"
      << "batch: " << a.batch << "\n"
      << "seed: " << a.seed << "\n"
      << "positions: " << n - held << " training, " << held << " held out (the last)\n"
      << "mirrored: " << mirrored << " training positions also reflected (--mirror)\n"
      << "train_loss: " << train_loss << "\n"
      << "held_out_loss: " << held_loss << "\n"
      << "command: " << a.command_line << "\n";
    if (!m) {
        std::cerr << "error: cannot write " << a.output << ".manifest\n";
        return 1;
    }
    std::cout << a.output << ": hidden " << trainer.net().hidden << ", held-out loss " << held_loss
              << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Args     a;
    CLI::App app{ "Trains Citadel's chess NNUE on datagen files (docs/nnue_training.md)" };
    app.add_option("--data", a.data, "datagen files (docs/datagen.md), one or more");
    app.add_option("--output", a.output, "the quantised net to write (format version 2)");
    app.add_option("--activation", a.activation,
           "the hidden layer's activation: screlu (default), clamp(x, 0, 1) squared, or crelu")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, Activation>{ { name_of(Activation::CReLU), Activation::CReLU },
                { name_of(Activation::SCReLU), Activation::SCReLU } },
            CLI::ignore_case));
    app.add_option("--buckets", a.buckets,
           "output layers, chosen by the number of pieces on the board (1 to 8; default 8)")
        ->check(CLI::Range(1, eval::nnue::MaxBuckets));
    app.add_option("--hidden", a.hidden,
           "accumulator size N (768 -> N x 2 -> 1): a multiple of 16 from 16 to 1024, as the "
           "engine "
           "reads")
        ->check(CLI::Validator(
            [](const std::string& text) -> std::string {
                const int n = std::atoi(text.c_str());
                return n >= eval::nnue::MinHidden && n <= eval::nnue::MaxHidden
                        && n % eval::nnue::HiddenStep == 0
                    ? ""
                    : "a multiple of 16 from 16 to 1024";
            },
            "N"));
    app.add_option("--epochs", a.epochs, "passes over the training positions")
        ->check(CLI::Range(1, 100000));
    app.add_option("--stop-after", a.stop_after,
           "stop after this epoch (the schedule still spans --epochs; continue with --resume)")
        ->check(CLI::Range(1, 100000));
    app.add_option("--quantised-epochs", a.quantised_epochs,
           "train the last epochs on the net rounded as the file holds it, and end on that net")
        ->check(CLI::Range(0, 100000));
    app.add_flag("--mirror", a.mirror,
        "also train on each position without castling rights reflected left to right");
    app.add_option("--batch", a.batch, "positions per Adam step")->check(CLI::Range(1, 1 << 24));
    app.add_option("--lr", a.lr, "first learning rate")->check(CLI::PositiveNumber);
    app.add_option("--lr-final", a.lr_final, "last learning rate (cosine decay)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--lambda", a.lambda, "weight of the score in the target (1 - lambda: result)")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--k", a.k, "the sigmoid's scale in centipawns (default: fitted on the data)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--holdout", a.holdout, "the fraction of positions held out (the last ones)")
        ->check(CLI::Range(0.0, 0.5));
    app.add_option("--seed", a.seed, "initial weights and shuffles");
    app.add_option("--threads", a.threads, "threads (the result does not depend on them)")
        ->check(CLI::Range(1, GradientShards));
    app.add_option("--checkpoint", a.checkpoint, "the float net, after each epoch (OUTPUT.ckpt)");
    app.add_option(
        "--resume", a.resume, "continue from a checkpoint (its net, Adam state, epochs)");
    app.add_option("--commit", a.commit, "the data's commit for the manifest (git rev-parse HEAD)");
    app.add_option("--eval-fens", a.eval_fens, "print float and integer scores of FENs and exit");
    app.add_option("--net", a.net, "with --eval-fens: the quantised net file to compare");
    CLI11_PARSE(app, argc, argv);
    for (int i = 0; i < argc; ++i) a.command_line += (i ? " " : "") + std::string(argv[i]);
    if (!a.eval_fens.empty()) return eval_fens(a);
    if (a.data.empty() || a.output.empty()) {
        std::cerr << "error: training needs --data FILE and --output NET\n";
        return 2;
    }
    return train(a);
}
