// The UCI protocol (cli.md) on any pair of streams: `citadel` and `citadel uci` run it on
// stdin/stdout, the tests on pipes. Searches run on their own thread while the loop keeps
// reading, so `isready`, `stop`, `ponderhit` and `quit` are answered during a search. Malformed
// or out-of-order input gets one `info string` naming what is wrong and changes nothing.
#pragma once

#include <iosfwd>

namespace citadel::uci {

// Speaks UCI until `quit` or the end of the input; returns the process's exit status (0).
int run(std::istream& in, std::ostream& out);

} // namespace citadel::uci
