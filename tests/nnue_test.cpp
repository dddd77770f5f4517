// The chess net (src/eval/nnue.h, docs/nnue.md): the file format and its refusals, incremental
// accumulators against a full refresh, colour symmetry, AVX2 against scalar, and the search and
// the UCI options with the net on.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <tuple>

#include "core/movegen.h"
#include "eval/nnue.h"
#include "eval_support.h"
#include "nnue_random_net.h"
#include "search/engine.h"
#include "temp_dir.h"
#include "uci/uci.h"

namespace citadel {
namespace {

using namespace eval::nnue;
using eval_test::Board;
using eval_test::mirror_fen;
using eval_test::random_positions;

std::shared_ptr<const Network> shared_random(int hidden, u64 seed = 7) {
    return random_network(hidden, seed);
}

std::string error_of(const std::vector<unsigned char>& bytes) {
    auto loaded = parse(bytes);
    return loaded ? std::string("(parsed)") : loaded.error();
}

// Rewrites the hash after an edit, so that only the edit is wrong.
void rehash(std::vector<unsigned char>& bytes) {
    const u64 h = fnv1a({ bytes.data(), bytes.size() - 8 });
    for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = (unsigned char)(h >> (8 * i));
}

void put_u32(std::vector<unsigned char>& bytes, size_t at, u32 v) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = (unsigned char)(v >> (8 * i));
}

bool same_accumulator(const Network& net, const Accumulator& a, const Accumulator& b) {
    for (int p = 0; p < 2; ++p)
        if (!std::equal(a.values[p], a.values[p] + net.hidden, b.values[p])) return false;
    return true;
}

// ---- the file ---------------------------------------------------------------------------------

TEST(NnueFormat, TheEmbeddedNetParses) {
    auto net = embedded();
    ASSERT_TRUE(net) << net.error();
    EXPECT_EQ((*net)->hidden, 128);
    const auto bytes = embedded_bytes();
    EXPECT_EQ((*net)->hash, fnv1a(bytes.first(bytes.size() - 8)));
    // The net is the one its manifest describes (nets/chess.nnue.manifest): a new net comes with
    // its own, deliberately.
    std::ifstream     in(std::string(CITADEL_TESTS_DIR) + "/../nets/chess.nnue.manifest");
    std::stringstream manifest;
    manifest << in.rdbuf();
    std::smatch       hash;
    const std::string text = manifest.str();
    ASSERT_TRUE(std::regex_search(text, hash, std::regex("fnv1a ([0-9a-f]+)"))) << text;
    EXPECT_EQ(std::stoull(hash[1].str(), nullptr, 16), (*net)->hash);
}

TEST(NnueFormat, SaveThenLoadGivesTheSameNet) {
    for (auto [hidden, buckets, activation] :
        { std::tuple{ 16, 1, Activation::CReLU }, { 64, 8, Activation::SCReLU },
            { 128, 1, Activation::CReLU }, { 128, 8, Activation::CReLU },
            { 256, 3, Activation::SCReLU }, { 1024, 1, Activation::CReLU } }) {
        SCOPED_TRACE(hidden);
        SCOPED_TRACE(buckets);
        auto       net    = random_network(hidden, u64(hidden), buckets, activation);
        const auto bytes  = serialize(*net);
        auto       loaded = parse(bytes);
        ASSERT_TRUE(loaded) << loaded.error();
        const Network& back = **loaded;
        EXPECT_EQ(back.hidden, hidden);
        EXPECT_EQ(back.buckets, buckets);
        EXPECT_EQ(back.activation, activation);
        EXPECT_EQ(bytes.size(),
            size_t(HeaderBytes + 2 * (Inputs * hidden + hidden) + buckets * (4 * hidden + 4) + 8));
        EXPECT_EQ(
            std::memcmp(back.feature_weights, net->feature_weights, sizeof net->feature_weights),
            0);
        EXPECT_EQ(std::memcmp(back.feature_bias, net->feature_bias, sizeof net->feature_bias), 0);
        EXPECT_EQ(
            std::memcmp(back.output_weights, net->output_weights, sizeof net->output_weights), 0);
        EXPECT_EQ(std::memcmp(back.output_bias, net->output_bias, sizeof net->output_bias), 0);
        EXPECT_EQ(serialize(back), bytes);
    }
}

TEST(NnueFormat, LoadsFromAFile) {
    TempDir     dir;
    std::string path  = (dir.path / "net.nnue").string();
    const auto  bytes = serialize(*random_network(32, 3));
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    auto loaded = load_file(path);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ((*loaded)->hidden, 32);
    auto missing = load_file((dir.path / "none.nnue").string());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("cannot open"), std::string::npos);
    auto endless = load_file("/dev/zero"); // read up to the largest net's size, then refused
    ASSERT_FALSE(endless);
    EXPECT_NE(endless.error().find("magic"), std::string::npos) << endless.error();
    auto folder = load_file(dir.path.string());
    EXPECT_FALSE(folder);
}

TEST(NnueFormat, RefusesTruncatedFiles) {
    const auto bytes = serialize(*random_network(64, 5));
    for (size_t size : { size_t(0), size_t(7), size_t(31), size_t(32), size_t(1000),
             bytes.size() / 2, bytes.size() - 9, bytes.size() - 1 }) {
        SCOPED_TRACE(size);
        std::vector<unsigned char> cut(bytes.begin(), bytes.begin() + long(size));
        EXPECT_NE(error_of(cut).find("truncated"), std::string::npos) << error_of(cut);
    }
    auto longer = bytes;
    longer.push_back(0);
    EXPECT_NE(error_of(longer).find("after the end"), std::string::npos) << error_of(longer);
}

TEST(NnueFormat, RefusesWrongMagicVersionAndSizes) {
    const auto good = serialize(*random_network(64, 5));
    auto       edit = [&](size_t at, u32 v) {
        auto bytes = good;
        put_u32(bytes, at, v);
        rehash(bytes);
        return error_of(bytes);
    };
    auto magic = good;
    magic[0]   = 'X';
    EXPECT_NE(error_of(magic).find("magic"), std::string::npos);
    auto no_zero = good;
    no_zero[7]   = ' ';
    EXPECT_NE(error_of(no_zero).find("magic"), std::string::npos);
    EXPECT_NE(edit(8, 3).find("version 3 (this engine reads 1 and 2)"), std::string::npos);
    EXPECT_NE(edit(8, 0).find("version 0"), std::string::npos);
    EXPECT_NE(edit(12, 769).find("inputs 769"), std::string::npos);
    for (u32 hidden : { 0u, 8u, 100u, 1040u, 0xffffffffu })
        EXPECT_NE(
            edit(16, hidden).find("hidden size " + std::to_string(hidden)), std::string::npos);
    EXPECT_NE(edit(16, 128).find("truncated"), std::string::npos); // the file has N = 64
    EXPECT_NE(edit(16, 128).find("hidden size 128 with 1 output bucket has"), std::string::npos);
    EXPECT_NE(edit(20, 127).find("QA 127"), std::string::npos);
    EXPECT_NE(edit(24, 32).find("QB 32"), std::string::npos);
    EXPECT_NE(edit(28, 600).find("SCALE 600"), std::string::npos);
    for (u32 buckets : { 0u, 9u, 0xffffffffu })
        EXPECT_NE(
            edit(32, buckets).find("output buckets " + std::to_string(buckets)), std::string::npos);
    EXPECT_NE(edit(32, 2).find("hidden size 64 with 2 output buckets has"), std::string::npos)
        << edit(32, 2); // truncated: the file has one bucket
    EXPECT_NE(edit(36, 2).find("activation 2"), std::string::npos);
    // SCReLU's int16 products need output weights within +-128: 129 is refused, 128 read.
    auto wide                      = random_network(64, 5, 1, Activation::SCReLU);
    wide->output_weights[0][1][63] = 128;
    wide->output_weights[0][0][0]  = -128;
    EXPECT_EQ(error_of(serialize(*wide)), "(parsed)");
    wide->output_weights[0][1][63] = 129;
    EXPECT_NE(error_of(serialize(*wide)).find("output weight 129 out of range"), std::string::npos)
        << error_of(serialize(*wide));
    wide->activation = Activation::CReLU; // CReLU's products are formed in 32 bits
    EXPECT_EQ(error_of(serialize(*wide)), "(parsed)");
}

// Version 1 (CReLU, one output, a 32-byte header: nets made before output buckets) is still read.
TEST(NnueFormat, VersionOneIsStillRead) {
    const auto                 net = random_network(64, 8);
    const auto                 v2  = serialize(*net);
    std::vector<unsigned char> v1(v2.begin(), v2.begin() + 32);
    put_u32(v1, 8, 1);
    v1.insert(v1.end(), v2.begin() + HeaderBytes, v2.end());
    rehash(v1);
    auto loaded = parse(v1);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ((*loaded)->buckets, 1);
    EXPECT_EQ((*loaded)->activation, Activation::CReLU);
    EXPECT_EQ(serialize(**loaded), v2);
    auto cut = v1;
    cut.pop_back();
    EXPECT_NE(error_of(cut).find("truncated"), std::string::npos) << error_of(cut);
}

TEST(NnueFormat, RefusesACorruptFileByItsHash) {
    const auto good = serialize(*random_network(64, 5));
    for (size_t at : { size_t(40), good.size() / 2, good.size() - 9, good.size() - 1 }) {
        auto bytes = good;
        bytes[at] ^= 0x10;
        EXPECT_NE(error_of(bytes).find("hash mismatch"), std::string::npos) << at;
    }
}

// Random bytes, and valid files with random bytes changed and the hash made right again: parse
// answers each without a crash, and what it accepts evaluates within bounds.
TEST(NnueFormat, HostileBytesNeverCrash) {
    std::mt19937 rng(11);
    for (int i = 0; i < 200; ++i) {
        std::vector<unsigned char> bytes(rng() % 200);
        for (auto& b : bytes) b = (unsigned char)rng();
        if (i % 2 && bytes.size() >= 8) std::copy_n("CITNNUE", 8, bytes.begin());
        EXPECT_FALSE(parse(bytes));
    }
    const auto   good = serialize(*random_network(16, 9));
    Board<Chess> b(std::string(Chess::StartFen));
    for (int i = 0; i < 100; ++i) {
        auto bytes = good;
        for (int k = 0; k < 20; ++k)
            bytes[HeaderBytes + rng() % (bytes.size() - HeaderBytes - 8)] = (unsigned char)rng();
        rehash(bytes);
        auto loaded = parse(bytes);
        ASSERT_TRUE(loaded) << loaded.error();
        const int v = evaluate(**loaded, b.pos);
        EXPECT_LE(std::abs(v), EvalLimit);
    }
}

// ---- accumulators -----------------------------------------------------------------------------

// Random playouts that prefer the rare moves (castling, en passant, promotions, null moves),
// keeping an accumulator per ply as the search does: after every make the updated accumulator
// must equal a refresh of the new position, and after every unmake the one below must still
// equal a refresh of the position it belongs to. Counts which kinds were seen.
struct Playouts {
    std::map<std::string, int> seen;

    void run(const Network& net, const std::string& fen, int games, int plies, u64 seed) {
        std::mt19937_64          rng(seed);
        Board<Chess>             b(fen);
        std::vector<Accumulator> stack(plies + 1);
        StateInfo<Chess>         states[128];
        refresh(net, b.pos, stack[0]);
        auto check = [&](int ply, const char* when) {
            Accumulator fresh;
            refresh(net, b.pos, fresh);
            ASSERT_TRUE(same_accumulator(net, stack[ply], fresh))
                << when << " at ply " << ply << " of " << fen;
            ASSERT_EQ(evaluate(net, stack[ply], b.pos.side_to_move(), popcount(b.pos.pieces())),
                evaluate(net, b.pos));
        };
        for (int g = 0; g < games; ++g) {
            std::vector<Move> line; // none: a null move
            for (int ply = 0; ply < plies; ++ply) {
                auto moves = legal_moves(b.pos);
                if (moves.size() == 0) break;
                std::vector<Move> rare;
                for (Move m : moves)
                    if (m.kind() != MoveKind::Normal) rare.push_back(m);
                const bool null = !b.pos.in_check() && rng() % 10 == 0;
                Move       m    = !rare.empty() && rng() % 2 ? rare[rng() % rare.size()]
                                                             : moves.moves[rng() % moves.size()];
                if (null) {
                    copy(net, stack[ply], stack[ply + 1]);
                    b.pos.make_null(states[ply]);
                    ++seen["null"];
                    line.push_back(Move{});
                } else {
                    note(b.pos, m);
                    update(net, stack[ply], delta_of(b.pos, m), stack[ply + 1]);
                    b.pos.make(m, states[ply]);
                    line.push_back(m);
                }
                check(ply + 1, "make");
                if (::testing::Test::HasFatalFailure()) return;
            }
            for (int ply = int(line.size()) - 1; ply >= 0; --ply) {
                if (line[ply].is_none())
                    b.pos.unmake_null();
                else
                    b.pos.unmake(line[ply]);
                check(ply, "unmake");
                if (::testing::Test::HasFatalFailure()) return;
            }
        }
    }

    void note(const Position<Chess>& pos, Move m) {
        const bool white = pos.side_to_move() == White;
        const bool cap   = pos.piece_on(m.to()) != NoPiece;
        switch (m.kind()) {
        case MoveKind::Castling:
            ++seen[std::string(white ? "white " : "black ")
                + (is_short_castling<Board8x8>(m) ? "short" : "long")];
            break;
        case MoveKind::EnPassant:
            ++seen["en passant"];
            break;
        case MoveKind::Promotion:
            ++seen[std::string(cap ? "capture-promotion " : "promotion ")
                + "NBRQ"[m.promotion() - Knight]];
            break;
        default:
            if (cap) ++seen["capture"];
        }
    }
};

TEST(NnueAccumulator, IncrementalEqualsRefreshAfterEveryMakeAndUnmake) {
    auto     net = shared_random(128);
    Playouts p;
    for (const char* fen : { Chess::StartFen.data(),
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
             "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1", "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1" })
        p.run(*net, fen, 30, 60, 3);
    for (const char* kind :
        { "white short", "white long", "black short", "black long", "en passant", "capture", "null",
            "promotion N", "promotion B", "promotion R", "promotion Q", "capture-promotion N",
            "capture-promotion B", "capture-promotion R", "capture-promotion Q" })
        EXPECT_GT(p.seen[kind], 0) << kind;
}

TEST(NnueAccumulator, EveryHiddenSizeUpdatesAlike) {
    for (int hidden : { 16, 64, 1024 }) {
        SCOPED_TRACE(hidden);
        Playouts p;
        p.run(*shared_random(hidden), "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1", 5, 40,
            u64(hidden));
    }
}

// ---- the evaluation ---------------------------------------------------------------------------

TEST(NnueEval, MirroredPositionsScoreTheSameForTheMover) {
    auto net  = shared_random(128);
    auto fens = random_positions<Chess>(400, 0, 120);
    fens.push_back("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    fens.push_back("8/5k2/8/3pP3/8/8/5K2/8 w - d6 0 1");
    for (const auto& fen : fens) {
        SCOPED_TRACE(fen);
        Board<Chess> b(fen), mirrored(mirror_fen(fen));
        EXPECT_EQ(evaluate(*net, b.pos), evaluate(*net, mirrored.pos));
    }
}

TEST(NnueEval, TheFormulaOnAHandMadeNet) {
    // Neuron 0 only: bias 100, plus 200 in White's view of its own king on e1 and -50 in
    // Black's view of that king (the other side's, on e8 once flipped); the black king on h8
    // weighs nothing.
    auto net                     = std::make_shared<Network>();
    net->hidden                  = 16;
    net->feature_bias[0]         = 100;
    net->output_weights[0][0][0] = 64; // the mover's accumulator
    net->output_weights[0][1][0] = -32;
    net->output_bias[0]          = 16320; // QA * QB: 400 cp

    net->feature_weights[feature_index(White, White, 5, 4)][0] = 200; // clamps at QA
    net->feature_weights[feature_index(Black, White, 5, 4)][0] = -50;
    EXPECT_EQ(feature_index(White, White, 5, 4), 5 * 64 + 4);
    EXPECT_EQ(feature_index(Black, White, 5, 4), 384 + 5 * 64 + 60);
    Board<Chess> b("7k/8/8/8/8/8/8/4K3 w - - 0 1");
    // White to move: its 300 clamps to 255, times 64; Black's 50 times -32; plus the bias.
    EXPECT_EQ(evaluate(*net, b.pos), (255 * 64 - 50 * 32 + 16320) * 400 / (255 * 64));
    Board<Chess> black("7k/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(evaluate(*net, black.pos), (50 * 64 - 255 * 32 + 16320) * 400 / (255 * 64));
    // SCReLU squares the activations; the sum of squares is divided by QA before the bias.
    net->activation = Activation::SCReLU;
    EXPECT_EQ(
        evaluate(*net, b.pos), ((255 * 255 * 64 - 50 * 50 * 32) / 255 + 16320) * 400 / (255 * 64));
    // Two output buckets: two kings are in the first (1 to 16 pieces), 17 pieces in the second.
    net->activation              = Activation::CReLU;
    net->buckets                 = 2;
    net->output_weights[1][0][0] = 0;
    net->output_weights[1][1][0] = 0;
    net->output_bias[1]          = -16320;
    EXPECT_EQ(evaluate(*net, b.pos), (255 * 64 - 50 * 32 + 16320) * 400 / (255 * 64));
    Board<Chess> many("7k/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    EXPECT_EQ(evaluate(*net, many.pos), -400);
    EXPECT_EQ(bucket_of(2, 16), 0);
    EXPECT_EQ(bucket_of(2, 17), 1);
    for (auto [pieces, bucket] : { std::pair{ 2, 0 }, { 4, 0 }, { 5, 1 }, { 28, 6 }, { 29, 7 },
             { 32, 7 }, { 0, 0 }, { 40, 7 } })
        EXPECT_EQ(bucket_of(8, pieces), bucket) << pieces;
    for (int pieces = 2; pieces <= 32; ++pieces) EXPECT_EQ(bucket_of(1, pieces), 0);
}

#ifdef __AVX2__
TEST(NnueSimd, Avx2EqualsScalarBitForBit) {
    // Random nets of small weights, and nets of extreme weights: int16 sums that wrap, activations
    // all at QA against -32768 output weights (the int32 lanes' worst case at N = 1024).
    auto extreme    = std::make_shared<Network>();
    extreme->hidden = MaxHidden;
    std::mt19937 rng(5);
    for (auto& row : extreme->feature_weights)
        for (auto& w : row) w = std::int16_t(rng());
    for (auto& w : extreme->feature_bias) w = std::int16_t(rng());
    for (auto& side : extreme->output_weights[0])
        for (auto& w : side) w = rng() % 4 ? std::int16_t(-32768) : std::int16_t(rng());
    extreme->output_bias[0] = std::int32_t(rng());
    auto saturated          = std::make_shared<Network>(); // every activation QA whatever the board
    saturated->hidden       = MaxHidden;
    for (auto& w : saturated->feature_bias) w = 30000;
    for (auto& side : saturated->output_weights[0])
        for (auto& w : side) w = -32768;
    // SCReLU at its limits: activations at QA against output weights of -128 (the int16 product
    // -32640 and the int32 lanes' worst case), and random weights within +-128 in 8 buckets.
    auto square_saturated        = std::make_shared<Network>(*saturated);
    square_saturated->activation = Activation::SCReLU;
    for (auto& side : square_saturated->output_weights[0])
        for (auto& w : side) w = -SCReluMaxOutputWeight;
    auto square_extreme        = std::make_shared<Network>(*extreme);
    square_extreme->activation = Activation::SCReLU;
    square_extreme->buckets    = MaxBuckets;
    for (auto& bucket : square_extreme->output_weights)
        for (auto& side : bucket)
            for (auto& w : side) w = std::int16_t(int(rng() % 257) - 128);
    for (auto& bias : square_extreme->output_bias) bias = std::int32_t(rng());
    for (const auto& net : { shared_random(128), shared_random(1024, 3),
             std::shared_ptr<const Network>(random_network(128, 4, 8, Activation::SCReLU)),
             std::shared_ptr<const Network>(extreme), std::shared_ptr<const Network>(saturated),
             std::shared_ptr<const Network>(square_extreme),
             std::shared_ptr<const Network>(square_saturated) }) {
        auto fens = random_positions<Chess>(300, 0, 100, 4);
        for (const auto& fen : fens) {
            Board<Chess> b(fen);
            Accumulator  scalar, avx2;
            refresh(*net, b.pos, scalar, Simd::Scalar);
            refresh(*net, b.pos, avx2, Simd::Avx2);
            ASSERT_TRUE(same_accumulator(*net, scalar, avx2)) << fen;
            const Seat stm    = b.pos.side_to_move();
            const int  pieces = popcount(b.pos.pieces());
            ASSERT_EQ(evaluate(*net, scalar, stm, pieces, Simd::Scalar),
                evaluate(*net, scalar, stm, pieces, Simd::Avx2))
                << fen;
            for (Move m : legal_moves(b.pos)) {
                Accumulator after_scalar, after_avx2;
                update(*net, scalar, delta_of(b.pos, m), after_scalar, Simd::Scalar);
                update(*net, scalar, delta_of(b.pos, m), after_avx2, Simd::Avx2);
                ASSERT_TRUE(same_accumulator(*net, after_scalar, after_avx2)) << fen;
            }
        }
    }
    // The saturated net's sum needs 64 bits and is clamped: the paths still agree.
    Board<Chess> start(std::string(Chess::StartFen));
    EXPECT_EQ(evaluate(*saturated, start.pos, Simd::Avx2), -EvalLimit);
    EXPECT_EQ(evaluate(*saturated, start.pos, Simd::Scalar), -EvalLimit);
    EXPECT_EQ(evaluate(*square_saturated, start.pos, Simd::Avx2), -EvalLimit);
    EXPECT_EQ(evaluate(*square_saturated, start.pos, Simd::Scalar), -EvalLimit);
}
#endif

// ---- the search and the options ---------------------------------------------------------------

search::Result search_chess(const std::string& fen, int depth, bool nnue, int threads = 1) {
    search::Options options;
    options.hash_mb = 4;
    options.threads = threads;
    options.network = nnue ? *embedded() : nullptr;
    search::Engine<Chess> engine(options);
    search::Limits        limits;
    limits.depth = depth;
    return engine.search(*parse_fen<Chess>(fen), {}, limits);
}

TEST(NnueSearch, AFixedDepthSearchFinishesWithTheNetAndUsesIt) {
    for (const char* fen : { Chess::StartFen.data(),
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1" }) {
        SCOPED_TRACE(fen);
        auto         with = search_chess(fen, 6, true), without = search_chess(fen, 6, false);
        Board<Chess> b(fen);
        EXPECT_TRUE(legal_moves(b.pos).contains(with.best));
        ASSERT_FALSE(with.lines.empty());
        EXPECT_EQ(with.lines[0].depth, 6);
        EXPECT_NE(with.nodes, without.nodes); // another evaluation, another tree
        EXPECT_EQ(search_chess(fen, 6, true).nodes, with.nodes); // and a deterministic one
    }
    // A mate is found whatever the evaluation.
    auto mate = search_chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4, true);
    ASSERT_FALSE(mate.lines.empty());
    EXPECT_TRUE(mate.lines[0].score.mate);
}

// Lazy SMP: each helper thread's worker keeps its own accumulators.
TEST(NnueSearch, HelperThreadsSearchWithTheNetToo) {
    const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    auto              r   = search_chess(fen, 6, true, 3);
    Board<Chess>      b(fen);
    EXPECT_TRUE(legal_moves(b.pos).contains(r.best));
    ASSERT_FALSE(r.lines.empty());
    EXPECT_GE(r.lines[0].depth, 6);
}

std::string uci_session(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    uci::run(in, out);
    return out.str();
}

TEST(NnueUci, OptionsAreListedAndTheNetIsTheDefault) {
    const std::string out = uci_session("uci\nquit\n");
    EXPECT_NE(out.find("option name EvalFile type string default <embedded>"), std::string::npos);
    EXPECT_NE(out.find("option name Use NNUE type check default true"), std::string::npos);
}

TEST(NnueUci, ABadEvalFileIsReportedAndThePreviousNetKept) {
    TempDir     dir;
    std::string good = (dir.path / "good.nnue").string(), bad = (dir.path / "bad.nnue").string();
    auto        bytes = serialize(*random_network(32, 1));
    std::ofstream(good, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    bytes[100] ^= 1;
    std::ofstream(bad, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    const std::string out = uci_session("setoption name EvalFile value " + good
        + "\nsetoption name EvalFile value " + bad + "\nsetoption name EvalFile value "
        + (dir.path / "none.nnue").string() + "\nsetoption name Use NNUE value maybe\nquit\n");
    EXPECT_NE(out.find("info string EvalFile " + good + ": hidden 32"), std::string::npos) << out;
    EXPECT_NE(out.find("info string EvalFile " + bad + ": hash mismatch"), std::string::npos)
        << out;
    EXPECT_NE(out.find("keeping " + good), std::string::npos) << out;
    EXPECT_NE(out.find("cannot open"), std::string::npos) << out;
    EXPECT_NE(out.find("option Use NNUE takes true or false"), std::string::npos) << out;
}

} // namespace
} // namespace citadel
