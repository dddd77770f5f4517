// Chess said in words, the one place that decides how notation and squares sound in each
// language. A word of notation becomes the course's own sentence for that move, built from the
// catalogues (data/learn/text/<lang>.json: the `piece.*` names and the `say.move.*` sentences),
// so a move is said with the same words the lessons write:
//   Kg7 -> "king to g7" (say.move.go), Nxe5 / exd5 -> "knight takes on e5" (say.move.take_on),
//   O-O / O-O-O -> say.move.castle_short / castle_long, e8=Q / dxe8=Q -> say.move.promote /
//   promote_take, a trailing + or # -> say.move.check / say.move.checkmate around the move.
// A bare square ("f8") stays a square, never "pawn to f8". Squares are said as a child of the
// language learns them: English and Vietnamese voices read "g7" well as it is (g seven; giê bảy);
// the Mandarin voice reads Latin letters as pinyin, so there a square is the letter as Chinese
// children name it, in pinyin, and a Chinese numeral ("g7" -> "ji1 七"). A few Chinese
// characters the Mandarin voice reads with the wrong one of their readings are respelled in
// pinyin (车 the rook is jū, 第八行 a row is háng).
#pragma once

#include <vector>

#include "learn/texts.h"
#include "speech/text.h"

namespace citadel::speech {

// One code point the voice reads, and the span of the client's text it stands for.
struct SpokenChar {
    char32_t code = 0;
    Span     from;
};

// `chars` with notation, squares and the respelled characters said as above.
std::vector<SpokenChar> with_spoken_forms(
    const learn::Lang& lang, const std::vector<SpokenChar>& chars);

} // namespace citadel::speech
