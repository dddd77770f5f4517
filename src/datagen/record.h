// The training-data file of `citadel datagen` (docs/datagen.md describes it byte by byte): a
// 56-byte header naming the format version and the settings that made the file, then 32-byte
// position records, all little-endian. pack_record/unpack_record turn a chess position with its
// score and its game's result into a record and back, every field exactly; write_header and
// read_header do the same for the header.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>

#include "core/setup.h"
#include "variants/orthodox.h"

namespace citadel::datagen {

using ChessSetup = Setup<Chess::Geometry>;

inline constexpr int  RecordBytes   = 32;
inline constexpr int  HeaderBytes   = 56;
inline constexpr u32  FormatVersion = 1;
inline constexpr char Magic[8]      = { 'C', 'I', 'T', 'D', 'A', 'T', 'A', '\0' };

// The game's result from White's view, as stored.
enum class GameResult : u8 { BlackWins = 0, Draw = 1, WhiteWins = 2 };

// One kept position: the board and its state, the search's score in centipawns from White's view,
// and the result of the game it was played in.
struct TrainingPosition {
    ChessSetup   setup;
    std::int16_t score  = 0;
    GameResult   result = GameResult::Draw;

    friend bool operator==(const TrainingPosition&, const TrainingPosition&) = default;
};

// What made a file: a file is continued only with the same settings.
struct Settings {
    u64 seed              = 1;
    u32 nodes             = 5000;
    u32 random_plies      = 8;
    u32 max_opening_score = 400;
    // What played the games: 0 the hand-written evaluation, else a net, by the low 32 bits of its
    // file's FNV-1a (1 where they are 0). Files made before the field held 0 there.
    u32 evaluator = 0;

    friend bool operator==(const Settings&, const Settings&) = default;
};

struct Header {
    Settings settings;
    u64      games     = 0; // complete games written
    u64      positions = 0; // their records, which follow the header
};

namespace detail {
template <class T> void put(u8* at, T value) {
    for (size_t i = 0; i < sizeof(T); ++i) at[i] = u8(u64(value) >> (8 * i));
}
template <class T> T get(const u8* at) {
    u64 value = 0;
    for (size_t i = 0; i < sizeof(T); ++i) value |= u64(at[i]) << (8 * i);
    return T(value);
}
} // namespace detail

// A piece as a nibble: type - 1 (pawn 0 .. king 5), plus 8 for Black.
inline u8    piece_code(Piece p) { return u8((type_of(p) - 1) | (seat_of(p) == Black ? 8 : 0)); }
inline Piece code_piece(u8 code) {
    return make_piece(code & 8 ? Black : White, PieceType((code & 7) + 1));
}

inline std::array<u8, RecordBytes> pack_record(const TrainingPosition& tp) {
    std::array<u8, RecordBytes> out{};
    u64                         occupancy = 0;
    int                         index     = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const Piece p = tp.setup.board[sq];
        if (p == NoPiece) continue;
        occupancy |= u64(1) << sq;
        out[8 + index / 2] |= u8(piece_code(p) << (index % 2 * 4));
        ++index;
    }
    detail::put(&out[0], occupancy);
    detail::put(&out[24], u16(tp.score));
    out[26] = u8(tp.result);
    out[27] = u8(tp.setup.to_move == Black ? 1 : 0) | u8(tp.setup.castling << 1);
    out[28] = tp.setup.ep;
    out[29] = u8(tp.setup.halfmove);
    detail::put(&out[30], u16(tp.setup.fullmove));
    return out;
}

// The record's position, or nothing when a field is out of range (more than 32 pieces, a piece
// code or result that means nothing, an en passant square off the board).
inline std::optional<TrainingPosition> unpack_record(const u8* in) {
    TrainingPosition tp;
    const u64        occupancy = detail::get<u64>(&in[0]);
    if (std::popcount(occupancy) > 32 || in[26] > 2 || in[27] >> 5) return std::nullopt;
    if (in[28] != NoSquare && in[28] >= 64) return std::nullopt;
    int index = 0;
    for (int sq = 0; sq < 64; ++sq) {
        if (!(occupancy >> sq & 1)) continue;
        const u8 code = (in[8 + index / 2] >> (index % 2 * 4)) & 15;
        if ((code & 7) > 5) return std::nullopt;
        tp.setup.board[sq] = code_piece(code);
        ++index;
    }
    tp.score          = std::int16_t(detail::get<u16>(&in[24]));
    tp.result         = GameResult(in[26]);
    tp.setup.to_move  = in[27] & 1 ? Black : White;
    tp.setup.castling = u8(in[27] >> 1);
    tp.setup.ep       = in[28];
    tp.setup.halfmove = in[29];
    tp.setup.fullmove = detail::get<u16>(&in[30]);
    return tp;
}

inline std::array<u8, HeaderBytes> write_header(const Header& h) {
    std::array<u8, HeaderBytes> out{};
    std::memcpy(out.data(), Magic, sizeof Magic);
    detail::put(&out[8], FormatVersion);
    detail::put(&out[12], u32(RecordBytes));
    detail::put(&out[16], h.settings.seed);
    detail::put(&out[24], h.settings.nodes);
    detail::put(&out[28], h.settings.random_plies);
    detail::put(&out[32], h.settings.max_opening_score);
    detail::put(&out[36], h.settings.evaluator);
    detail::put(&out[40], h.games);
    detail::put(&out[48], h.positions);
    return out;
}

// The header, or nothing when the bytes are not a header of this format version.
inline std::optional<Header> read_header(const u8* in) {
    if (std::memcmp(in, Magic, sizeof Magic) || detail::get<u32>(&in[8]) != FormatVersion
        || detail::get<u32>(&in[12]) != RecordBytes)
        return std::nullopt;
    Header h;
    h.settings.seed              = detail::get<u64>(&in[16]);
    h.settings.nodes             = detail::get<u32>(&in[24]);
    h.settings.random_plies      = detail::get<u32>(&in[28]);
    h.settings.max_opening_score = detail::get<u32>(&in[32]);
    h.settings.evaluator         = detail::get<u32>(&in[36]);
    h.games                      = detail::get<u64>(&in[40]);
    h.positions                  = detail::get<u64>(&in[48]);
    return h;
}

} // namespace citadel::datagen
