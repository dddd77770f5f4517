// TFEN (docs/notation.md): Tamerlane positions as text, and back. The reader checks the text's form
// and names the field that is wrong; the rules ("Illegal positions" of docs/rules/tamerlane.md) are
// Position<Tamerlane>::set()'s job. read_tfen() does both.
//
//   <ranks 10..1> <side> <citadels> <swaps> <pawn-of-pawns> <halfmove> <fullmove>
//
// The writer spells every position one way (maximal empty counts, "Kk" order), and the reader
// accepts only that spelling, so write(read(text)) == text for every text it accepts.
#pragma once

#include <string>
#include <string_view>

#include "core/errors.h"
#include "notation/fen.h"
#include "variants/tamerlane_board.h"

namespace citadel {

template <> Result<Setup<TamerlaneBoard>, ParseError> parse_fen<Tamerlane>(std::string_view text);
template <> std::string write_fen<Tamerlane>(const Setup<TamerlaneBoard>& s);

namespace tamerlane {

// A piece's TFEN token: "K", "e", "PR", "pp", ...
std::string piece_token(Piece p);

// Reads one piece token at the start of `text` (one letter, or P + a kind letter in the same
// case); sets `length` to the characters read. NoPiece and length 0 if there is none.
Piece read_piece_token(std::string_view text, size_t& length);

} // namespace tamerlane
} // namespace citadel
