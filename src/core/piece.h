// Pieces as data. Every piece type of every variant is described here once, by its movement
// atoms; attack tables, notation letters and the generic move generator are built from this table.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "core/types.h"

namespace citadel {

enum class Mode : u8 { Both, MoveOnly, CaptureOnly };

// One way of moving: a step (df, dr) repeated from min_range to max_range times. A leap has
// range 1..1, a rider 1..Unlimited; every square before the destination must be empty. A rider
// with min_range 2 (Tamerlane's picket) skips its first square, which must still be empty. A bent
// rider (the giraffe) first makes the empty leg step, then rides from there.
struct Atom {
    static constexpr u8 Unlimited = 255;
    i8                  df, dr;
    u8                  min_range = 1, max_range = 1;
    i8                  leg_df = 0, leg_dr = 0;
    Mode                mode = Mode::Both;

    constexpr bool is_leap() const { return max_range == 1 && !leg_df && !leg_dr; }
};

// The eight (or four) images of a step under the board's symmetries.
template <int N> struct AtomSet {
    std::array<Atom, N>             atoms;
    int                             size = 0;
    constexpr std::span<const Atom> view() const { return { atoms.data(), size_t(size) }; }
};

constexpr AtomSet<8> symmetric(int df, int dr, u8 max_range = 1) {
    AtomSet<8> set{};
    const int  candidates[8][2] = { { df, dr }, { -df, dr }, { df, -dr }, { -df, -dr }, { dr, df },
         { -dr, df }, { dr, -df }, { -dr, -df } };
    for (auto [f, r] : candidates) {
        bool seen = false;
        for (int i = 0; i < set.size; ++i) seen |= set.atoms[i].df == f && set.atoms[i].dr == r;
        if (!seen) set.atoms[set.size++] = Atom{ i8(f), i8(r), 1, max_range };
    }
    return set;
}

inline constexpr AtomSet<8> kWazir  = symmetric(1, 0);
inline constexpr AtomSet<8> kFerz   = symmetric(1, 1);
inline constexpr AtomSet<8> kKnight = symmetric(2, 1);
inline constexpr AtomSet<8> kRook   = symmetric(1, 0, Atom::Unlimited);
inline constexpr AtomSet<8> kBishop = symmetric(1, 1, Atom::Unlimited);

template <int A, int B> constexpr AtomSet<A + B> join(const AtomSet<A>& a, const AtomSet<B>& b) {
    AtomSet<A + B> set{};
    for (int i = 0; i < a.size; ++i) set.atoms[set.size++] = a.atoms[i];
    for (int i = 0; i < b.size; ++i) set.atoms[set.size++] = b.atoms[i];
    return set;
}
inline constexpr AtomSet<16> kQueen = join(kRook, kBishop);
inline constexpr AtomSet<16> kKing  = join(kWazir, kFerz);

// Tamerlane's pieces (docs/rules/tamerlane.md).
inline constexpr AtomSet<8> kElephant  = symmetric(2, 2); // pil: leaps exactly (2,2)
inline constexpr AtomSet<8> kCamel     = symmetric(3, 1); // leaps exactly (3,1)
inline constexpr AtomSet<8> kWarEngine = symmetric(2, 0); // dabbaba: leaps exactly (2,0)

// The picket (tali'a): a diagonal ride of at least two squares; the first square must be empty
// and is not a destination.
inline constexpr AtomSet<8> kPicket = [] {
    AtomSet<8> set = symmetric(1, 1, Atom::Unlimited);
    for (int i = 0; i < set.size; ++i) set.atoms[i].min_range = 2;
    return set;
}();

// The giraffe (zurafa): one diagonal step to an empty square (the leg), then an orthogonal ride
// outward of at least three further squares: destinations (+-1, +-n) and (+-n, +-1), n >= 4.
inline constexpr AtomSet<8> kGiraffe = [] {
    AtomSet<8> set{};
    for (int sf : { 1, -1 })
        for (int sr : { 1, -1 }) {
            set.atoms[set.size++] = Atom{ 0, i8(sr), 3, Atom::Unlimited, i8(sf), i8(sr) };
            set.atoms[set.size++] = Atom{ i8(sf), 0, 3, Atom::Unlimited, i8(sf), i8(sr) };
        }
    return set;
}();

// Pawns move relative to their seat's forward direction (dr > 0 is forward).
inline constexpr AtomSet<3> kPawn
    = { { { Atom{ 0, 1, 1, 1, 0, 0, Mode::MoveOnly }, Atom{ -1, 1, 1, 1, 0, 0, Mode::CaptureOnly },
            Atom{ 1, 1, 1, 1, 0, 0, Mode::CaptureOnly } } },
          3 };

struct PieceKind {
    char                  letter; // upper-case FEN/SAN letter
    std::string_view      name;
    std::span<const Atom> atoms;
    bool                  royal            = false;
    bool                  forward_relative = false; // atoms turn with the owner's forward
};

// Tamerlane's piece types, after the orthodox ones (whose indices are fixed). The eleven pawn
// kinds are contiguous, from PawnOfPawns to PawnOfRooks; each promotes to its own piece.
inline constexpr PieceType Prince           = PieceType(7);
inline constexpr PieceType AdventitiousKing = PieceType(8);
inline constexpr PieceType General          = PieceType(9);
inline constexpr PieceType Vizier           = PieceType(10);
inline constexpr PieceType Giraffe          = PieceType(11);
inline constexpr PieceType Picket           = PieceType(12);
inline constexpr PieceType Elephant         = PieceType(13);
inline constexpr PieceType Camel            = PieceType(14);
inline constexpr PieceType WarEngine        = PieceType(15);
inline constexpr PieceType PawnOfPawns      = PieceType(16);
inline constexpr PieceType PawnOfWarEngines = PieceType(17);
inline constexpr PieceType PawnOfCamels     = PieceType(18);
inline constexpr PieceType PawnOfElephants  = PieceType(19);
inline constexpr PieceType PawnOfGenerals   = PieceType(20);
inline constexpr PieceType PawnOfKings      = PieceType(21);
inline constexpr PieceType PawnOfViziers    = PieceType(22);
inline constexpr PieceType PawnOfGiraffes   = PieceType(23);
inline constexpr PieceType PawnOfPickets    = PieceType(24);
inline constexpr PieceType PawnOfKnights    = PieceType(25);
inline constexpr PieceType PawnOfRooks      = PieceType(26);

// The catalogue, indexed by PieceType. Fairy pieces are appended here by their variants' issues.
// Tamerlane's pawns all carry the letter P (TFEN writes P + the letter of the piece they become).
inline constexpr std::array<PieceKind, 27> kPieceKinds = { {
    { ' ', "none", {} },
    { 'P', "pawn", kPawn.view(), false, true },
    { 'N', "knight", kKnight.view() },
    { 'B', "bishop", kBishop.view() },
    { 'R', "rook", kRook.view() },
    { 'Q', "queen", kQueen.view() },
    { 'K', "king", kKing.view(), true },
    // Tamerlane (docs/rules/tamerlane.md).
    { 'H', "prince", kKing.view(), true },
    { 'A', "adventitious king", kKing.view(), true },
    { 'G', "general", kFerz.view() },
    { 'V', "vizier", kWazir.view() },
    { 'Z', "giraffe", kGiraffe.view() },
    { 'T', "picket", kPicket.view() },
    { 'E', "elephant", kElephant.view() },
    { 'C', "camel", kCamel.view() },
    { 'D', "war engine", kWarEngine.view() },
    { 'P', "pawn of pawns", kPawn.view(), false, true },
    { 'P', "pawn of war engines", kPawn.view(), false, true },
    { 'P', "pawn of camels", kPawn.view(), false, true },
    { 'P', "pawn of elephants", kPawn.view(), false, true },
    { 'P', "pawn of generals", kPawn.view(), false, true },
    { 'P', "pawn of kings", kPawn.view(), false, true },
    { 'P', "pawn of viziers", kPawn.view(), false, true },
    { 'P', "pawn of giraffes", kPawn.view(), false, true },
    { 'P', "pawn of pickets", kPawn.view(), false, true },
    { 'P', "pawn of knights", kPawn.view(), false, true },
    { 'P', "pawn of rooks", kPawn.view(), false, true },
} };
static_assert(kPieceKinds.size() <= PieceTypeLimit);

constexpr const PieceKind& kind(PieceType t) { return kPieceKinds[t]; }

// The type whose letter is c (either case) among `allowed`, or NoPieceType.
constexpr PieceType piece_type_from_letter(char c, PieceSet allowed) {
    char upper = (c >= 'a' && c <= 'z') ? char(c - 32) : c;
    for (size_t t = 1; t < kPieceKinds.size(); ++t)
        if (kPieceKinds[t].letter == upper && (allowed & piece_set(PieceType(t))))
            return PieceType(t);
    return NoPieceType;
}

} // namespace citadel
