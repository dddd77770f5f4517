#include <gtest/gtest.h>

#include <deque>
#include <initializer_list>
#include <random>
#include <set>
#include <string_view>
#include <utility>

#include "notation/fen.h"
#include "notation/san.h"
#include "notation/uci_move.h"
#include "variants/orthodox.h"

using namespace citadel;
using Code = SanError::Code;

namespace {

// A position of variant V from FEN, with moves played by SAN.
template <class V> struct Board {
    Position<V>              pos;
    std::deque<StateInfo<V>> states;

    explicit Board(std::string_view fen = V::StartFen) {
        auto setup = parse_fen<V>(fen);
        EXPECT_TRUE(setup.ok()) << fen;
        EXPECT_FALSE(pos.set(*setup, states.emplace_back())) << fen;
    }
    Move uci(std::string_view text) const {
        auto m = find_uci_move(pos, text);
        EXPECT_TRUE(m) << text;
        return m.value_or(Move{});
    }
    std::string san(std::string_view uci_text) const { return to_san(pos, uci(uci_text)); }
    void        play(std::string_view san_text) {
               auto m = parse_san(pos, san_text);
               ASSERT_TRUE(m.ok()) << san_text << ": " << m.error().message;
               pos.make(*m, states.emplace_back());
    }
};

template <class V> SanError san_error(const Board<V>& b, std::string_view text) {
    auto m = parse_san(b.pos, text);
    EXPECT_FALSE(m.ok()) << text << " was read as " << move_to_uci<V>(m.ok() ? *m : Move{});
    return m.ok() ? SanError{ Code::Empty, "(no error)" } : m.error();
}

template <class V>
void expect_reads(const Board<V>& b, std::string_view text, std::string_view uci) {
    auto m = parse_san(b.pos, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.error().message;
    EXPECT_EQ(move_to_uci<V>(*m), uci) << text;
}

// The SAN b writes for each (UCI move, SAN) pair's move.
template <class V>
void expect_san(const Board<V>&                                          b,
    std::initializer_list<std::pair<std::string_view, std::string_view>> uci_to_san) {
    for (auto [uci, san] : uci_to_san) EXPECT_EQ(b.san(uci), san) << uci;
}

// The same in the position of variant V given by `fen`.
template <class V>
void expect_san(std::string_view                                         fen,
    std::initializer_list<std::pair<std::string_view, std::string_view>> uci_to_san) {
    SCOPED_TRACE(fen);
    expect_san(Board<V>(fen), uci_to_san);
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

} // namespace

// ---- writing ----

TEST(SanWrite, PawnAndPieceMovesFromTheStart) {
    Board<Chess> b;
    expect_san(b,
        {
            { "e2e4", "e4" },
            { "g1f3", "Nf3" },
            { "b1c3", "Nc3" },
            { "a2a3", "a3" },
        });
}

TEST(SanWrite, CapturesNamePawnFileAndUseX) {
    expect_san<Chess>("4k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1",
        {
            { "e4d5", "exd5" },
            { "e4e5", "e5" },
        });
    expect_san<Chess>("4k3/8/8/8/8/8/7p/4K2R w - - 0 1", { { "h1h2", "Rxh2" } });
}

TEST(SanWrite, DisambiguatesByFile) {
    Board<Chess> b("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    expect_san(b,
        {
            { "b1d2", "Nbd2" }, { "f1d2", "Nfd2" }, { "b1c3", "Nc3" }, // only one knight reaches c3
        });
}

TEST(SanWrite, DisambiguatesByRank) {
    Board<Chess> b("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    expect_san(b,
        {
            { "a1a3", "R1a3" },
            { "a5a3", "R5a3" },
            { "a1b1", "Rb1" },
        });
}

TEST(SanWrite, DisambiguatesByBothWithThreeQueens) {
    Board<Chess> b("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    expect_san(b,
        {
            { "a1b2", "Qa1b2" }, // shares its file with a3 and its rank with c1
            { "a3b2", "Q3b2" },
            { "c1b2", "Qcb2" },
        });
}

TEST(SanWrite, PinnedPiecesDoNotCountForDisambiguation) {
    // The knight on f3 is pinned by the bishop on h5, so only the b1 knight reaches d2.
    Board<Chess> b("4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1");
    EXPECT_EQ(b.san("b1d2"), "Nd2");
    expect_reads(b, "Nd2", "b1d2");
    EXPECT_EQ(san_error(b, "Nfd2").code, Code::NoSuchMove);
}

TEST(SanWrite, CastlingBothSides) {
    expect_san<Chess>("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        {
            { "e1g1", "O-O" },
            { "e1c1", "O-O-O" },
        });
    expect_san<Chess>("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        {
            { "e8g8", "O-O" },
            { "e8c8", "O-O-O" },
        });
    expect_san<Chess>("5k2/8/8/8/8/8/8/4K2R w K - 0 1", { { "e1g1", "O-O+" } });
}

TEST(SanWrite, EnPassantIsACapture) {
    expect_san<Chess>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", { { "e5d6", "exd6" } });
    expect_san<PawnRace>("8/8/8/8/3pP3/8/8/8 b - e3 0 1", { { "d4e3", "dxe3" } });
}

TEST(SanWrite, Promotions) {
    Board<Chess> b("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    expect_san(b,
        {
            { "e7e8q", "e8=Q+" },
            { "e7e8n", "e8=N" },
            { "e7d8q", "exd8=Q+" }, // capture, promotion and check at once
            { "e7d8r", "exd8=R+" },
            { "e7d8b", "exd8=B" },
            { "e7d8n", "exd8=N" },
        });
    expect_san<Silverman>("3k/P3/4/K3 w - - 0 1",
        {
            { "a3a4q", "a4=Q+" },
            { "a3a4r", "a4=R+" },
        });
}

TEST(SanWrite, CheckAndMate) {
    expect_san<Chess>("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", { { "a1a8", "Ra8#" } });
    expect_san<Chess>("6k1/8/8/8/8/8/8/R5K1 w - - 0 1", { { "a1a8", "Ra8+" } });
    Board<Chess> fools;
    for (auto m : { "f3", "e5", "g4" }) fools.play(m);
    EXPECT_EQ(fools.san("d8h4"), "Qh4#");
}

TEST(SanWrite, PawnRaceWinHasNoSuffix) {
    Board<PawnRace> b("8/4P3/8/8/8/8/1p6/8 w - - 0 1");
    EXPECT_EQ(b.san("e7e8"), "e8");
    expect_reads(b, "e8", "e7e8");
    expect_reads(b, "e8#", "e7e8"); // marks are not checked
    EXPECT_EQ(san_error(b, "e8=Q").code, Code::BadPromotion);
}

TEST(SanWrite, SilvermanMateInFour) {
    Board<Silverman>         b;
    std::vector<std::string> written;
    for (auto [uci, san] : std::vector<std::pair<const char*, const char*>>{ { "a2b3", "axb3+" },
             { "b4b3", "Qxb3" }, { "c2b3", "cxb3+" }, { "c4b3", "Kxb3" }, { "b2a3", "bxa3+" },
             { "b3c4", "Kc4" }, { "b1a2", "Qa2#" } }) {
        EXPECT_EQ(b.san(uci), san);
        b.play(san);
    }
    EXPECT_TRUE(b.pos.in_check());
    EXPECT_EQ(count_legal(b.pos), 0u);
}

// ---- reading ----

TEST(SanRead, AcceptsCommonSpellings) {
    Board<Chess> b;
    for (auto text :
        { "e4", "e4+", "e4#", "e4!", "e4?!", "e4!!", " e4 ", "e2-e4", "e2e4", "Pe4", "Pe2e4" })
        expect_reads(b, text, "e2e4");
    for (auto text : { "Nf3", "Nf3!?", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3" })
        expect_reads(b, text, "g1f3");
}

TEST(SanRead, CapturesWithOrWithoutX) {
    Board<Chess> b("4k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1");
    for (auto text : { "exd5", "ed5", "e:d5", "e4xd5", "e4d5", "exd5+" })
        expect_reads(b, text, "e4d5");
    Board<Chess> c("4k3/8/8/8/8/8/7p/4K2R w - - 0 1");
    for (auto text : { "Rxh2", "Rh2", "R:h2", "Rh1xh2" }) expect_reads(c, text, "h1h2");
    Board<Chess> ep("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for (auto text : { "exd6", "ed6", "exd6 e.p.", "exd6e.p." }) expect_reads(ep, text, "e5d6");
}

TEST(SanRead, Castling) {
    Board<Chess> b("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (auto text : { "O-O", "0-0", "o-o", "O-O+" }) expect_reads(b, text, "e1g1");
    for (auto text : { "O-O-O", "0-0-0", "o-o-o", "O-O-O#" }) expect_reads(b, text, "e1c1");
    // The king's own two-square move is not castling in SAN.
    EXPECT_EQ(san_error(b, "Kg1").code, Code::NoSuchMove);
}

TEST(SanRead, PromotionSpellings) {
    Board<Chess> b("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (auto text : { "e8=Q", "e8Q", "e8q", "e8=q", "e8=Q+", "e7e8=Q", "e7-e8q" })
        expect_reads(b, text, "e7e8q");
    for (auto text : { "exd8=N", "exd8N", "ed8n", "e7xd8=N" }) expect_reads(b, text, "e7d8n");
}

TEST(SanRead, EmptyText) {
    Board<Chess> b;
    for (auto text : { "", "   ", "+", "!?" })
        EXPECT_EQ(san_error(b, text).code, Code::Empty) << text;
}

TEST(SanRead, MalformedTextNamesTheProblem) {
    Board<Chess> b;
    EXPECT_EQ(san_error(b, "e9").code, Code::Malformed);
    EXPECT_TRUE(contains(san_error(b, "e9").message, "'e9' is not a square"))
        << san_error(b, "e9").message;
    EXPECT_EQ(san_error(b, "Nf").code, Code::Malformed);
    EXPECT_TRUE(contains(san_error(b, "Xf3").message, "'X' is not a piece letter"));
    EXPECT_EQ(san_error(b, "e4=").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "e8=X").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "Q=e8").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "hello").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "Nz9f3").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "N0f3").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "e2--e4").code, Code::Malformed);
    EXPECT_EQ(san_error(b, "\xff\xfe").code, Code::Malformed);
    Board<Silverman> s;
    EXPECT_EQ(san_error(s, "e2").code, Code::Malformed); // no file e on the 4x4 board
    EXPECT_TRUE(contains(san_error(s, "a5").message, "4x4"));
}

TEST(SanRead, UnknownPieceNamesTheVariant) {
    Board<Silverman> s;
    SanError         e = san_error(s, "Bb2");
    EXPECT_EQ(e.code, Code::UnknownPiece);
    EXPECT_EQ(e.message, "silverman has no bishops");
    Board<PawnRace> r;
    EXPECT_EQ(san_error(r, "Nf3").code, Code::UnknownPiece);
    EXPECT_EQ(san_error(r, "Kd2").code, Code::UnknownPiece);
}

TEST(SanRead, NoSuchMove) {
    Board<Chess> b;
    EXPECT_EQ(san_error(b, "Nf4").message, "no legal knight move to f4");
    EXPECT_EQ(san_error(b, "e5").code, Code::NoSuchMove);
    EXPECT_EQ(san_error(b, "Nhf3").code, Code::NoSuchMove);
    EXPECT_EQ(san_error(b, "O-O").message, "no legal short castling (O-O)");
    SanError spurious = san_error(b, "Nxf3");
    EXPECT_EQ(spurious.code, Code::NoSuchMove);
    EXPECT_TRUE(contains(spurious.message, "nothing to capture on f3")) << spurious.message;
    Board<Chess> pawn("4k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1");
    EXPECT_EQ(san_error(pawn, "d5").code, Code::NoSuchMove); // a pawn capture must name its file
    EXPECT_EQ(san_error(Board<Silverman>{}, "O-O").message, "there is no castling in silverman");
    Board<Chess> check("4k3/8/8/8/8/8/4r3/4K1N1 w - - 0 1");
    EXPECT_TRUE(contains(san_error(check, "Nh3").message, "(White is in check)"));
    Board<Chess> mated("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    EXPECT_EQ(san_error(mated, "Kf8").message, "there is no legal move in this position");
}

TEST(SanRead, AmbiguousNamesTheCandidates) {
    Board<Chess> b("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    SanError     e = san_error(b, "Nd2");
    EXPECT_EQ(e.code, Code::Ambiguous);
    EXPECT_EQ(e.message, "'Nd2' is ambiguous: it may be Nbd2, Nfd2");
    Board<Chess> queens("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    EXPECT_EQ(san_error(queens, "Qb2").code, Code::Ambiguous);
    EXPECT_EQ(san_error(queens, "Qab2").code, Code::Ambiguous);
    EXPECT_EQ(san_error(queens, "Q1b2").code, Code::Ambiguous);
    expect_reads(queens, "Qa1b2", "a1b2");
    Board<Chess> pawns("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san_error(pawns, "xd5").code, Code::NoSuchMove); // no file: not a capture
    expect_reads(pawns, "cxd5", "c4d5");
}

TEST(SanRead, MissingPromotion) {
    Board<Chess> b("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    SanError     e = san_error(b, "e8");
    EXPECT_EQ(e.code, Code::MissingPromotion);
    EXPECT_TRUE(contains(e.message, "=Q, =R, =B, =N")) << e.message;
    EXPECT_EQ(san_error(b, "exd8").code, Code::MissingPromotion);
    EXPECT_TRUE(
        contains(san_error(Board<Silverman>("3k/P3/4/K3 w - - 0 1"), "a4").message, "=Q, =R"));
}

TEST(SanRead, BadPromotion) {
    Board<Chess> start;
    EXPECT_EQ(san_error(start, "e4=Q").code, Code::BadPromotion);
    EXPECT_TRUE(contains(san_error(start, "e4=Q").message, "is not a promotion"));
    EXPECT_EQ(san_error(start, "Nf3=Q").message, "only pawns promote, not the knight");
    Board<Chess> b("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san_error(b, "e8=K").code, Code::BadPromotion);
    EXPECT_EQ(san_error(b, "e8=P").code, Code::BadPromotion);
    EXPECT_EQ(san_error(b, "e8=Z").code, Code::BadPromotion); // a Tamerlane piece
    Board<Silverman> s("3k/P3/4/K3 w - - 0 1");
    EXPECT_EQ(san_error(s, "a4=N").message,
        "a pawn cannot promote to a knight in silverman (only =Q, =R)");
    EXPECT_EQ(san_error(Board<PawnRace>("8/4P3/8/8/8/8/1p6/8 w - - 0 1"), "e8=Q").message,
        "pawns do not promote in pawnrace");
}

// ---- round trips over random games ----

namespace {

// For every legal move: its SAN reads back as the move, SANs are unique, the disambiguation is
// minimal (dropping any of it makes the text ambiguous), and the long form reads back too.
template <class V> void check_all_moves(const Position<V>& pos) {
    using G = typename V::Geometry;
    std::set<std::string> seen;
    for (Move m : legal_moves(pos)) {
        std::string san = to_san(pos, m);
        EXPECT_TRUE(seen.insert(san).second) << "duplicate SAN " << san;
        auto back = parse_san(pos, san);
        ASSERT_TRUE(back.ok()) << san << ": " << back.error().message;
        EXPECT_EQ(*back, m) << san;
        PieceType t = type_of(pos.piece_on(m.from()));
        if (t == Pawn || m.kind() == MoveKind::Castling) continue;
        std::string target = square_name<G>(m.to()),
                    plain  = std::string(1, kind(t).letter) + target;
        std::string from   = square_name<G>(m.from());
        auto long_form     = parse_san(pos, std::string(1, kind(t).letter) + from + "-" + target);
        ASSERT_TRUE(long_form.ok()) << long_form.error().message;
        EXPECT_EQ(*long_form, m);
        size_t extra = san.find(target) - 1 - (san.find('x') != std::string::npos);
        if (extra == 0) continue;
        auto bare = parse_san(pos, plain);
        EXPECT_TRUE(!bare.ok() && bare.error().code == Code::Ambiguous) << san;
        if (extra == 2) {
            EXPECT_FALSE(parse_san(pos, kind(t).letter + from.substr(0, 1) + target).ok()) << san;
            EXPECT_FALSE(parse_san(pos, kind(t).letter + from.substr(1) + target).ok()) << san;
        }
    }
}

template <class V> void random_playouts(int games, int max_plies, unsigned seed) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Board<V> b;
        for (int ply = 0; ply < max_plies; ++ply) {
            auto moves = legal_moves(b.pos);
            if (moves.size() == 0) break;
            check_all_moves(b.pos);
            if (::testing::Test::HasFatalFailure()) return;
            Move m = moves.moves[rng() % moves.size()];
            b.pos.make(m, b.states.emplace_back());
        }
    }
}

} // namespace

TEST(SanRoundTrip, ChessRandomPlayouts) { random_playouts<Chess>(40, 160, 1); }
TEST(SanRoundTrip, SilvermanRandomPlayouts) { random_playouts<Silverman>(150, 80, 2); }
TEST(SanRoundTrip, PawnRaceRandomPlayouts) { random_playouts<PawnRace>(150, 80, 3); }

TEST(SanRoundTrip, CrowdedPositions) {
    // Many same-type pieces reaching the same squares: promoted queens, knights and rooks.
    for (auto fen :
        { "k7/8/2N1N3/1N3N2/8/1N3N2/2N1N3/K7 w - - 0 1", "7k/8/8/3Q1Q2/8/3Q1Q2/8/K7 w - - 0 1",
            "7k/8/8/8/R2R4/8/8/R2RK3 w - - 0 1", "8/PPPPPPPP/8/7k/8/8/8/4K3 w - - 0 1" })
        check_all_moves(Board<Chess>(fen).pos);
}
