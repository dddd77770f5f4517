// citadel datagen (docs/datagen.md): the record format round-trips every field, the filters keep
// only quiet positions, a run's file depends on the seed and not on the thread count, a stopped
// run continues to the same bytes, a file of other settings is refused, and a net's games are
// told apart from the hand-written evaluation's.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "datagen/datagen.h"
#include "eval/nnue.h"
#include "notation/fen.h"
#include "notation/uci_move.h"

namespace citadel::datagen {
namespace {

// A data file in the temporary directory, removed at the end.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& name)
        : path((std::filesystem::temp_directory_path()
            / ("citadel-datagen-test-" + std::to_string(::getpid()) + "-" + name))
                   .string()) {
        std::filesystem::remove(path);
    }
    ~TempFile() { std::filesystem::remove(path); }
    std::string bytes() const {
        std::ifstream in(path, std::ios::binary);
        return { std::istreambuf_iterator<char>(in), {} };
    }
};

// Tiny searches, so that a game takes milliseconds even under the sanitizers.
RunConfig tiny_run(const std::string& path, u64 games, int threads) {
    RunConfig c;
    c.path                       = path;
    c.settings.seed              = 7;
    c.settings.nodes             = 48;
    c.settings.random_plies      = 8;
    c.settings.max_opening_score = 400;
    c.games                      = games;
    c.threads                    = threads;
    return c;
}

Progress run_quietly(const RunConfig& c) {
    return run(c, [](const Progress&) {});
}

void expect_round_trip(const TrainingPosition& tp) {
    const auto bytes = pack_record(tp);
    const auto back  = unpack_record(bytes.data());
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, tp);
}

TEST(DatagenRecord, EveryPieceOnEverySquare) {
    for (Seat seat : { White, Black })
        for (int type = Pawn; type <= King; ++type)
            for (int sq = 0; sq < 64; ++sq) {
                TrainingPosition tp;
                tp.setup.board[sq] = make_piece(seat, PieceType(type));
                // a neighbour of each colour, so the nibble's position (low, high) varies
                tp.setup.board[(sq + 9) % 64]  = make_piece(Black, Queen);
                tp.setup.board[(sq + 17) % 64] = make_piece(White, Knight);
                expect_round_trip(tp);
            }
}

TEST(DatagenRecord, EveryField) {
    TrainingPosition tp;
    tp.setup = *parse_fen<Chess>("r3k2r/pppppppp/8/3Pp3/8/8/PPP1PPPP/R3K2R w KQkq e6 37 65535");
    ASSERT_EQ(tp.setup.ep, Square(44));
    for (int castling = 0; castling <= AnyCastling; ++castling)
        for (auto result : { GameResult::BlackWins, GameResult::Draw, GameResult::WhiteWins })
            for (std::int16_t score : { -32767, -1, 0, 1, 32767 }) {
                tp.setup.castling = u8(castling);
                tp.setup.to_move  = castling & 1 ? Black : White;
                tp.result         = result;
                tp.score          = score;
                expect_round_trip(tp);
            }
    tp.setup.ep       = NoSquare;
    tp.setup.halfmove = 255;
    tp.setup.fullmove = 1;
    expect_round_trip(tp);
}

TEST(DatagenRecord, ThirtyTwoPiecesAndTheLayout) {
    TrainingPosition tp;
    tp.setup  = *parse_fen<Chess>(Chess::StartFen);
    tp.score  = -2;
    tp.result = GameResult::WhiteWins;
    expect_round_trip(tp);
    const auto b = pack_record(tp);
    EXPECT_EQ(b[0], 0xFF); // rank 1 occupied
    EXPECT_EQ(b[7], 0xFF); // rank 8
    EXPECT_EQ(b[8], 0x13); // a1 rook (3), b1 knight (1)
    EXPECT_EQ(b[23], 0xB9); // g8 black knight (9), h8 black rook (11)
    EXPECT_EQ(b[24], 0xFE); // -2, little-endian
    EXPECT_EQ(b[25], 0xFF);
    EXPECT_EQ(b[26], 2);
    EXPECT_EQ(b[27], AnyCastling << 1);
    EXPECT_EQ(b[28], NoSquare);
}

TEST(DatagenRecord, RefusesNonsense) {
    auto b = pack_record(TrainingPosition{});
    b[26]  = 3; // no such result
    EXPECT_FALSE(unpack_record(b.data()));
    b    = pack_record(TrainingPosition{});
    b[0] = 1; // a piece on a1 with code 7: no such type
    b[8] = 7;
    EXPECT_FALSE(unpack_record(b.data()));
}

TEST(DatagenHeader, RoundTripsAndNamesItsVersion) {
    Header h;
    h.settings       = { 123456789012345ull, 5000, 9, 350, 0x89abcdefu };
    h.games          = 1ull << 33;
    h.positions      = 3;
    const auto bytes = write_header(h);
    const auto back  = read_header(bytes.data());
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->settings, h.settings);
    EXPECT_EQ(back->games, h.games);
    EXPECT_EQ(back->positions, h.positions);
    auto other = bytes;
    other[8]   = 2; // format version 2
    EXPECT_FALSE(read_header(other.data()));
}

// The filter, on positions whose best move is given.
bool worth(const std::string& fen, const std::string& best, search::Score score = { false, 30 },
    int depth = 5) {
    Position<Chess>              pos;
    std::deque<StateInfo<Chess>> states;
    EXPECT_FALSE(pos.set(*parse_fen<Chess>(fen), states.emplace_back()));
    const auto m = find_uci_move(pos, best);
    EXPECT_TRUE(m.has_value()) << best;
    return worth_training(pos, *m, search::Line{ score, depth, depth, {} });
}

TEST(DatagenFilter, KeepsOnlyQuietPositionsWithAScore) {
    const std::string start = std::string(Chess::StartFen);
    EXPECT_TRUE(worth(start, "g1f3"));
    EXPECT_TRUE(worth("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1")); // castling: not a capture
    EXPECT_FALSE(worth("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h2", { false, 30 }, 0)); // no iteration
    EXPECT_FALSE(worth("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8", { true, 1 })); // a mate
    EXPECT_FALSE(worth("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8", { true, -3 }));
    EXPECT_FALSE(worth("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1f1")); // in check
    EXPECT_FALSE(worth("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5")); // a capture
    EXPECT_FALSE(worth("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6")); // en passant
    EXPECT_FALSE(worth("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n")); // a promotion
}

std::vector<TrainingPosition> records(const std::string& bytes) {
    std::vector<TrainingPosition> out;
    for (size_t at = HeaderBytes; at + RecordBytes <= bytes.size(); at += RecordBytes) {
        auto tp = unpack_record(reinterpret_cast<const u8*>(bytes.data() + at));
        EXPECT_TRUE(tp.has_value());
        if (tp) out.push_back(*tp);
    }
    return out;
}

TEST(DatagenRun, SameSeedSameBytesWhateverTheThreads) {
    TempFile   one("one"), two("two");
    const auto a = run_quietly(tiny_run(one.path, 3, 1));
    const auto b = run_quietly(tiny_run(two.path, 3, 2));
    EXPECT_EQ(a.games, 3u);
    EXPECT_EQ(b.positions, a.positions);
    EXPECT_GT(a.positions, 0u);
    EXPECT_EQ(one.bytes(), two.bytes());
    EXPECT_EQ(one.bytes().size(), HeaderBytes + a.positions * RecordBytes);
}

TEST(DatagenRun, KeptPositionsAreLegalQuietAndScored) {
    TempFile   file("kept");
    const auto done = run_quietly(tiny_run(file.path, 1, 1));
    const auto kept = records(file.bytes());
    ASSERT_EQ(kept.size(), done.positions);
    ASSERT_FALSE(kept.empty());
    for (const auto& tp : kept) {
        Position<Chess>  pos;
        StateInfo<Chess> st;
        ASSERT_FALSE(pos.set(tp.setup, st)) << write_fen<Chess>(tp.setup);
        EXPECT_FALSE(pos.in_check()) << write_fen<Chess>(tp.setup);
        EXPECT_LT(std::abs(tp.score), search::MateInMax);
        EXPECT_GT(tp.setup.fullmove, 4); // after the 8 random plies
    }
    for (const auto& tp : kept) EXPECT_EQ(tp.result, kept.front().result); // the game's
}

TEST(DatagenRun, AStoppedRunContinuesToTheSameBytes) {
    TempFile whole("whole"), parts("parts");
    run_quietly(tiny_run(whole.path, 4, 2));
    run_quietly(tiny_run(parts.path, 2, 1));
    { // a game cut off while it was written
        std::ofstream out(parts.path, std::ios::binary | std::ios::app);
        out << "half a record";
    }
    const auto done = run_quietly(tiny_run(parts.path, 4, 2));
    EXPECT_EQ(done.games, 4u);
    EXPECT_EQ(whole.bytes(), parts.bytes());
    // Done already: nothing changes.
    run_quietly(tiny_run(parts.path, 4, 2));
    EXPECT_EQ(whole.bytes(), parts.bytes());
}

TEST(DatagenRun, APositionTargetEndsWithTheGameThatReachesIt) {
    TempFile file("positions");
    auto     config  = tiny_run(file.path, 0, 2);
    config.positions = 20;
    const auto done  = run_quietly(config);
    EXPECT_GE(done.positions, 20u);
    TempFile by_games("by-games"), fewer("fewer");
    run_quietly(tiny_run(by_games.path, done.games, 1));
    EXPECT_EQ(file.bytes(), by_games.bytes());
    EXPECT_LT(run_quietly(tiny_run(fewer.path, done.games - 1, 1)).positions, 20u);
}

// A net's games are another data set: the header names the net, the file still depends only on
// the seed, and a file the hand-written evaluation made is not continued by a net.
TEST(DatagenRun, ANetsGamesAreAnotherDataSet) {
    const auto net = eval::nnue::builtin();
    ASSERT_TRUE(net);
    TempFile by_hand("hand"), one("net-one"), two("net-two");
    auto     with_net = [&](const std::string& path, u64 games, int threads) {
        auto c = tiny_run(path, games, threads);
        c.net  = net;
        return c;
    };
    run_quietly(tiny_run(by_hand.path, 2, 1));
    run_quietly(with_net(one.path, 2, 1));
    run_quietly(with_net(two.path, 2, 2));
    EXPECT_EQ(one.bytes(), two.bytes());
    EXPECT_NE(one.bytes(), by_hand.bytes());
    const auto header = read_header(reinterpret_cast<const u8*>(one.bytes().data()));
    ASSERT_TRUE(header.has_value());
    EXPECT_EQ(header->settings.evaluator, u32(net->hash));
    try {
        run_quietly(with_net(by_hand.path, 3, 1));
        FAIL() << "a net continued a file made by hand";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("by hand"), std::string::npos) << e.what();
    }
    // The evaluator is the net's whatever the settings say: the net's file goes on.
    auto stale               = with_net(one.path, 3, 1);
    stale.settings.evaluator = 0;
    EXPECT_EQ(run_quietly(stale).games, 3u);
}

TEST(DatagenRun, RefusesAFileOfOtherSettingsOrFormat) {
    TempFile file("refused");
    run_quietly(tiny_run(file.path, 1, 1));
    auto other          = tiny_run(file.path, 2, 1);
    other.settings.seed = 8;
    try {
        run_quietly(other);
        FAIL() << "continued a file of another seed";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("--seed 7"), std::string::npos) << e.what();
    }
    {
        std::ofstream out(file.path, std::ios::binary | std::ios::trunc);
        out << "not a data file at all, but long enough for a header of 56 bytes";
    }
    EXPECT_THROW(run_quietly(tiny_run(file.path, 1, 1)), std::runtime_error);
}

} // namespace
} // namespace citadel::datagen
