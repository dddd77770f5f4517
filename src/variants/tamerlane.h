// Tamerlane (Timur) chess, docs/rules/tamerlane.md: everything that plugs the variant into the
// names the CLI, perft, Game and the server are written against (docs/tamerlane.md).
//
//   tamerlane_board.h     TamerlaneBoard (11x10 + citadels l2, z9), Setup<TamerlaneBoard>, the
//                         policy struct Tamerlane, piece roles and TFEN letters
//   tamerlane_position.h  StateInfo<Tamerlane>, Position<Tamerlane>, legal_moves / count_legal /
//                         perft specialisations, the rule clauses, the game's end
//   notation/tfen.h       parse_fen<Tamerlane> / write_fen<Tamerlane> (TFEN)
//   tamerlane_text.h      move_to_uci<Tamerlane>, to_san / parse_san, why_illegal
//
// Include this header (registry.h does) wherever Tamerlane is used, so that every
// specialisation is declared before the generic templates could be instantiated for it.
#pragma once

#include "notation/tfen.h"
#include "variants/tamerlane_board.h"
#include "variants/tamerlane_position.h"
#include "variants/tamerlane_text.h"
