// FEN for chess, silverman and pawnrace (docs/notation.md "Positions"): round trips, the en passant
// field, and one malformed text per way a field can be wrong, each naming its field.
#include <gtest/gtest.h>

#include <deque>
#include <random>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "notation/fen.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;

namespace {

// parse -> write, and parse -> Position::set -> setup() -> write: both must give `fen` back.
template <class V> void expect_round_trip(const std::string& fen) {
    SCOPED_TRACE(fen);
    auto setup = parse_fen<V>(fen);
    ASSERT_TRUE(setup.ok()) << setup.error().field << ": " << setup.error().message;
    EXPECT_EQ(write_fen<V>(*setup), fen);
    Position<V>  pos;
    StateInfo<V> si;
    auto         err = pos.set(*setup, si);
    ASSERT_FALSE(err) << err->message;
    EXPECT_EQ(write_fen<V>(pos.setup()), fen);
}

// The field a malformed text is rejected for.
template <class V> std::string bad_field(const std::string& fen) {
    auto setup = parse_fen<V>(fen);
    if (setup.ok()) return "(accepted)";
    EXPECT_FALSE(setup.error().message.empty()) << fen;
    return setup.error().field;
}

// FEN after playing `moves` (UCI) from `fen`.
template <class V>
std::string after(const std::string& fen, std::initializer_list<const char*> moves) {
    auto setup = parse_fen<V>(fen);
    EXPECT_TRUE(setup.ok());
    Position<V>              pos;
    std::deque<StateInfo<V>> states;
    EXPECT_FALSE(pos.set(*setup, states.emplace_back()));
    for (const char* text : moves) {
        auto m = find_uci_move(pos, text);
        EXPECT_TRUE(m.has_value()) << text;
        if (!m) break;
        pos.make(*m, states.emplace_back());
    }
    return write_fen<V>(pos.setup());
}

} // namespace

// ---- round trips ------------------------------------------------------------------------------

TEST(Fen, StartPositionsRoundTrip) {
    expect_round_trip<Chess>(std::string(Chess::StartFen));
    expect_round_trip<Silverman>(std::string(Silverman::StartFen));
    expect_round_trip<PawnRace>(std::string(PawnRace::StartFen));
}

TEST(Fen, ChessRoundTrips) {
    for (const char* fen : {
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
             "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
             "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
             "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
             "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
             "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
             "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 99 200",
             "8/8/8/8/8/8/8/k1K5 b - - 999999999 999999999",
         })
        expect_round_trip<Chess>(fen);
}

TEST(Fen, SilvermanRoundTrips) {
    for (const char* fen :
        { "k3/2P1/4/K3 w - - 0 1", "r1k1/p2q/1Q1P/R1K1 b - - 3 17", "1k1r/p3/1PP1/R1K1 w - - 0 1",
            "r1kr/P1pp/Q2P/R1KR b - - 2 4", "4/k3/4/2KQ w - - 12 40" })
        expect_round_trip<Silverman>(fen);
}

TEST(Fen, PawnRaceRoundTrips) {
    for (const char* fen : { "8/ppp2ppp/8/3pP3/8/8/PPP2PPP/8 w - d6 0 1",
             "8/pppp1ppp/8/8/3Pp3/8/PPP2PPP/8 b - d3 0 1", "P7/8/8/8/8/8/7p/8 b - - 0 9",
             "8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/p7/P7/8/8 b - - 0 30" })
        expect_round_trip<PawnRace>(fen);
}

TEST(Fen, AfterMoves) {
    const std::string start(Chess::StartFen);
    // 1.e4: no black pawn can capture on e3, so no en passant square.
    EXPECT_EQ(after<Chess>(start, { "e2e4" }),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(after<Chess>(start, { "e2e4", "d7d5", "e4e5", "f7f5" }),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    EXPECT_EQ(after<Chess>(start, { "g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7", "e1g1" }),
        "rnbqk2r/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1 b kq - 3 4");
    EXPECT_EQ(after<Silverman>(std::string(Silverman::StartFen), { "a2b3", "b4b3" }),
        "r1kr/pqpp/1PPP/RQKR w - - 0 2");
    EXPECT_EQ(after<PawnRace>(std::string(PawnRace::StartFen), { "a2a4", "b7b5" }),
        "8/p1pppppp/8/1p6/P7/8/1PPPPPPP/8 w - - 0 2"); // a4 does not reach b6
    EXPECT_EQ(after<PawnRace>(std::string(PawnRace::StartFen), { "a2a4", "h7h6", "a4a5", "b7b5" }),
        "8/p1ppppp1/7p/Pp6/8/8/1PPPPPPP/8 w - b6 0 3");
}

// Every position of random games written, read back and set up again is the same position.
TEST(Fen, RandomGamesRoundTrip) {
    auto games = []<class V>(V, std::string_view fen, unsigned seed) {
        std::mt19937 rng(seed);
        for (int g = 0; g < 20; ++g) {
            auto                     setup = parse_fen<V>(fen);
            Position<V>              pos;
            std::deque<StateInfo<V>> states;
            ASSERT_FALSE(pos.set(*setup, states.emplace_back()));
            for (int ply = 0; ply < 120; ++ply) {
                auto list = legal_moves(pos);
                if (list.size() == 0) break;
                pos.make(list.moves[rng() % list.size()], states.emplace_back());
                std::string text  = write_fen<V>(pos.setup());
                auto        again = parse_fen<V>(text);
                ASSERT_TRUE(again.ok()) << text;
                EXPECT_EQ(*again, pos.setup()) << text;
                Position<V>  fresh;
                StateInfo<V> si;
                ASSERT_FALSE(fresh.set(*again, si)) << text;
                ASSERT_EQ(write_fen<V>(fresh.setup()), text);
                ASSERT_EQ(fresh.key(), pos.key()) << text;
            }
        }
    };
    games(Chess{}, Chess::StartFen, 1);
    games(Chess{}, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2);
    games(Silverman{}, Silverman::StartFen, 3);
    games(PawnRace{}, PawnRace::StartFen, 4);
}

// ---- the en passant field ---------------------------------------------------------------------

TEST(Fen, EnPassantWrittenOnlyWhenACaptureIsLegal) {
    // The text keeps what it says; the position drops a right nobody can use.
    auto written = [](const std::string& fen) {
        auto             setup = parse_fen<Chess>(fen);
        Position<Chess>  pos;
        StateInfo<Chess> si;
        EXPECT_TRUE(setup.ok());
        EXPECT_EQ(write_fen<Chess>(*setup), fen);
        EXPECT_FALSE(pos.set(*setup, si));
        return write_fen<Chess>(pos.setup());
    };
    EXPECT_EQ(written("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // A capturer exists but the capture would expose its king.
    EXPECT_EQ(written("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"), "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    EXPECT_EQ(written("8/8/8/KPp5/8/8/8/7k w - c6 0 1"), "8/8/8/KPp5/8/8/8/7k w - c6 0 1");
    // Reached by play: a double step next to no enemy pawn, and one next to a pinned pawn.
    EXPECT_EQ(after<Chess>("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", { "a2a4" }),
        "4k3/8/8/8/P7/8/8/4K3 b - - 0 1");
    EXPECT_EQ(after<Chess>("8/2p5/8/KP5r/8/8/8/7k b - - 0 1", { "c7c5" }),
        "8/8/8/KPp4r/8/8/8/7k w - - 0 2");
    EXPECT_EQ(after<Chess>("8/2p5/8/KP6/8/8/8/7k b - - 0 1", { "c7c5" }),
        "8/8/8/KPp5/8/8/8/7k w - c6 0 2");
    EXPECT_EQ(
        after<PawnRace>("8/8/8/8/8/8/P7/8 w - - 0 1", { "a2a4" }), "8/8/8/8/P7/8/8/8 b - - 0 1");
    EXPECT_EQ(after<PawnRace>("8/8/8/8/1p6/8/P7/8 w - - 0 1", { "a2a4" }),
        "8/8/8/8/Pp6/8/8/8 b - a3 0 1");
}

// ---- malformed text ---------------------------------------------------------------------------

TEST(FenErrors, FieldCount) {
    for (const char* text : {
             "",
             "   ",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
             // Fields are separated by spaces only.
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
         })
        EXPECT_EQ(bad_field<Chess>(text), "fen") << text;
    EXPECT_EQ(bad_field<Silverman>("rqkr/pppp/PPPP/RQKR w - - 0"), "fen");
}

TEST(Fen, WithoutItsMoveCountersItStartsThemAfresh) {
    // As EPD and many programs write a position: the clocks are 0 and 1.
    auto setup = parse_fen<Chess>("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6");
    ASSERT_TRUE(setup.ok()) << setup.error().message;
    EXPECT_EQ(setup->halfmove, 0);
    EXPECT_EQ(setup->fullmove, 1);
    EXPECT_EQ(write_fen<Chess>(*setup), "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    auto silverman = parse_fen<Silverman>("rqkr/pppp/PPPP/RQKR b -  -");
    ASSERT_TRUE(silverman.ok());
    EXPECT_EQ(write_fen<Silverman>(*silverman), "rqkr/pppp/PPPP/RQKR b - - 0 1");
    EXPECT_EQ(
        bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w X -"), "castling"); // still read field by field
}

TEST(FenErrors, Board) {
    auto chess = [](const std::string& board) { return bad_field<Chess>(board + " w - - 0 1"); };
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/8/4K3"), "board"); // nine ranks
    EXPECT_EQ(chess("4k3/8/8/8/8/8/4K3"), "board"); // seven ranks
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K3/"), "board"); // trailing separator
    EXPECT_EQ(chess("/4k3/8/8/8/8/8/8/4K3"), "board"); // leading separator
    EXPECT_EQ(chess("4k3/8/8//8/8/8/4K3"), "board"); // empty rank
    EXPECT_EQ(chess("4k3/9/8/8/8/8/8/4K3"), "board"); // rank too long by a count
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K4"), "board"); // last rank too long
    EXPECT_EQ(chess("4k3/pppppppppp/8/8/8/8/8/4K3"), "board"); // ... by pieces
    EXPECT_EQ(chess("4k3/p7p/8/8/8/8/8/4K3"), "board");
    EXPECT_EQ(chess("4k3/7/8/8/8/8/8/4K3"), "board"); // rank too short
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2"), "board"); // last rank too short
    EXPECT_EQ(chess("4k3/44/8/8/8/8/8/4K3"), "board"); // two digits are one number: 44
    EXPECT_EQ(chess("4k3/17/8/8/8/8/8/4K3"), "board"); // 17, not 1 and 7
    EXPECT_EQ(chess("4k3/08/8/8/8/8/8/4K3"), "board"); // '0' count
    EXPECT_EQ(chess("4k3/0/8/8/8/8/8/4K3"), "board");
    EXPECT_EQ(chess("4k3/p06p/8/8/8/8/8/4K3"), "board");
    EXPECT_EQ(chess("4k3/99999999999/8/8/8/8/8/4K3"), "board"); // huge count
    EXPECT_EQ(chess("4k3/99999999999999999999999999/8/8/8/8/8/4K3"), "board");
    EXPECT_EQ(chess("4k3/4294967304/8/8/8/8/8/4K3"), "board"); // 2^32 + 8
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2x"), "board"); // unknown letters
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2X"), "board");
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2!"), "board");
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2-"), "board");
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K2\xc3\xa9"), "board"); // non-ASCII bytes
    EXPECT_EQ(chess("4k3/8/8/8/8/8/8/4K\xff\xfe\xfd"), "board");
    EXPECT_EQ(chess(std::string("4k3/8/8/8/8/8/8/4K2") + '\0'), "board");
    EXPECT_EQ(chess("-"), "board");
    // Silverman's 4x4.
    EXPECT_EQ(bad_field<Silverman>("rqkr/pppp/PPPP/RQKR/4 w - - 0 1"), "board");
    EXPECT_EQ(bad_field<Silverman>("rqkr/pppp/RQKR w - - 0 1"), "board");
    EXPECT_EQ(bad_field<Silverman>("rqkrr/pppp/PPPP/RQKR w - - 0 1"), "board");
    EXPECT_EQ(bad_field<Silverman>("rqk/pppp/PPPP/RQKR w - - 0 1"), "board");
    EXPECT_EQ(bad_field<Silverman>("5/pppp/PPPP/RQKR w - - 0 1"), "board");
    EXPECT_EQ(bad_field<Silverman>(std::string(PawnRace::StartFen)), "board");
    EXPECT_EQ(bad_field<Chess>(std::string(Silverman::StartFen)), "board");
}

TEST(FenErrors, ALetterFenDoesNotHaveIsNamedWithItsSquareAndPosition) {
    auto message = [](const std::string& fen) {
        auto setup = parse_fen<Chess>(fen);
        return setup.ok() ? std::string("(accepted)")
                          : setup.error().field + ": " + setup.error().message;
    };
    // Tamerlane's general where White's queen stands: refused by the reader, not at set-up.
    EXPECT_EQ(message("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1"),
        "board: 'G' on d1 (character 39) is not a FEN piece letter (K Q R B N P, upper case "
        "White, lower case Black); it is Tamerlane's general, written in TFEN");
    EXPECT_EQ(message("4k3/8/8/8/8/8/8/4K2x w - - 0 1"),
        "board: 'x' on h1 (character 20) is not a FEN piece letter (K Q R B N P, upper case "
        "White, lower case Black)");
    EXPECT_EQ(message("4kz2/8/8/8/8/8/8/4K3 w - - 0 1"),
        "board: 'z' on f8 (character 3) is not a FEN piece letter (K Q R B N P, upper case "
        "White, lower case Black); it is Tamerlane's giraffe, written in TFEN");
    EXPECT_EQ(message("4k3/8/8/8/8/8/8/4K2\xc3 w - - 0 1"),
        "board: unexpected byte 0xC3 on h1 (character 20)");
    EXPECT_EQ(message(" 4k3/8/8/8/8/8/8/4K2! w - - 0 1"),
        "board: '!' on h1 (character 21)"
        " is not a FEN piece letter (K Q R B N P, upper case "
        "White, lower case Black)");
    // Past the end of a rank there is no square: the rank is named.
    EXPECT_EQ(message("4k3/8/8/8/8/8/8/4K3G w - - 0 1"),
        "board: 'G' on rank 1 (character 20) is not a FEN piece letter (K Q R B N P, upper "
        "case White, lower case Black); it is Tamerlane's general, written in TFEN");
    // A FEN letter the variant lacks is the set-up's to refuse, naming the piece and square.
    auto setup = parse_fen<Silverman>("rbkr/pppp/PPPP/RQKR w - - 0 1");
    ASSERT_TRUE(setup.ok());
    Position<Silverman>  pos;
    StateInfo<Silverman> st;
    auto                 err = pos.set(*setup, st);
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(err->code, PositionError::Code::PieceNotInVariant);
    EXPECT_EQ(err->message, "the bishop on b4 is not part of silverman");
}

TEST(FenErrors, Side) {
    for (const char* side : { "x", "W", "B", "white", "wb", "-", "1" })
        EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 " + std::string(side) + " - - 0 1"), "side")
            << side;
}

TEST(FenErrors, Castling) {
    auto chess = [](const char* c) {
        return bad_field<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w " + std::string(c) + " - 0 1");
    };
    for (const char* c :
        { "QK", "kK", "qk", "Kqk", "KK", "KQkqK", "kk", "A", "H", "KQkq-", "--", "-K", "K-", "x" })
        EXPECT_EQ(chess(c), "castling") << c;
    for (const char* c : { "K", "Q", "k", "q", "KQ", "Kq", "Qk", "KQkq", "Qkq" })
        EXPECT_EQ(chess(c), "(accepted)") << c;
    // The variants without castling take no right at all.
    EXPECT_EQ(bad_field<Silverman>("rqkr/pppp/PPPP/RQKR w K - 0 1"), "castling");
    EXPECT_EQ(bad_field<Silverman>("rqkr/pppp/PPPP/RQKR w KQkq - 0 1"), "castling");
    EXPECT_EQ(bad_field<PawnRace>("8/pppppppp/8/8/8/8/PPPPPPPP/8 w k - 0 1"), "castling");
}

TEST(FenErrors, EnPassant) {
    auto chess = [](const char* ep) {
        return bad_field<Chess>("4k3/8/8/3pP3/8/8/8/4K3 w - " + std::string(ep) + " 0 1");
    };
    for (const char* ep : { "e9", "i6", "e", "6", "e66", "d6d", "66", "E6", "e0", "e06", "-e6",
             "--", "x", "e-1", "a", "\xc3\xa9" })
        EXPECT_EQ(chess(ep), "en passant") << ep;
    EXPECT_EQ(chess("d6"), "(accepted)");
    // Squares of the 4x4 board only.
    EXPECT_EQ(bad_field<Silverman>("1k2/4/pP2/K3 w - e3 0 1"), "en passant");
    EXPECT_EQ(bad_field<Silverman>("1k2/4/pP2/K3 w - a5 0 1"), "en passant");
}

TEST(FenErrors, Clocks) {
    auto clocks = [](const char* half, const char* full) {
        return bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w - - " + std::string(half) + " " + full);
    };
    for (const char* n :
        { "-1", "x", "1.5", "+1", "0x10", "1e3", "1000000000", "99999999999999999999", "٣" })
        EXPECT_EQ(clocks(n, "1"), "halfmove clock") << n;
    for (const char* n :
        { "0", "-1", "abc", "+2", "1e3", "1000000000", "18446744073709551617", "00x" })
        EXPECT_EQ(clocks("0", n), "fullmove number") << n;
    EXPECT_EQ(clocks("0", "1"), "(accepted)");
    EXPECT_EQ(clocks("999999999", "999999999"), "(accepted)");
}

TEST(FenErrors, FirstBadFieldIsNamed) {
    // Several bad fields: the reader names the first, reading from the left.
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K33 x QK e9 -1 0"), "board");
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 x QK e9 -1 0"), "side");
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w QK e9 -1 0"), "castling");
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w - e9 -1 0"), "en passant");
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w - - -1 0"), "halfmove clock");
    EXPECT_EQ(bad_field<Chess>("4k3/8/8/8/8/8/8/4K3 w - - 1 0"), "fullmove number");
}
