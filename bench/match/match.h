// A match between two players (match/players.h) in one two-player variant: N games, colours
// alternating, each opening played once with each colour, real clocks or fixed limits, the
// rules core (Game<V>) as referee, PGN out, and the statistics (match/stats.h) at the end.
#pragma once

#include <array>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "match/stats.h"
#include "match/uci_engine.h"

namespace citadel::match {

struct TimeControl {
    long long   base_ms = 0, inc_ms = 0;
    bool        on() const { return base_ms > 0 || inc_ms > 0; }
    std::string pgn() const; // the TimeControl tag: "10+0.1" (seconds)
};
// "10+0.1": seconds a game, then a move (the increment may be left out); each a finite number
// from 0 to 10^9, and some time in all. Nothing, and `error` saying why, if the text is not.
std::optional<TimeControl> parse_time_control(const std::string& text, std::string& error);

// Off unless given. Draw: from move `move_number` on, both engines' scores within +-score
// centipawns for `count` consecutive moves each. Resign: one engine's score at most -score and
// its opponent's at least +score for `count` consecutive moves each.
struct Adjudication {
    bool draw             = false;
    int  draw_move_number = 40, draw_score = 10, draw_count = 8;
    bool resign       = false;
    int  resign_score = 600, resign_count = 4;
};

// A line of an openings file: a position (FEN or TFEN), or moves from the start (UCI text).
struct Opening {
    std::string              fen; // empty: the variant's start
    std::vector<std::string> moves;
    int                      line = 0; // in the file, 1-based
};

struct MatchConfig {
    std::string               variant = "chess";
    std::array<EngineSpec, 2> engines;
    int                       games       = 2;
    int                       concurrency = 1;
    std::vector<Opening>      openings; // empty: every game from the start
    TimeControl               tc;
    long long                 nodes           = 0;
    int                       depth           = 0;
    long long                 time_margin_ms  = 0; // lateness forgiven on the clock
    long long                 move_timeout_ms = 60000; // without a clock: a hung engine
    Adjudication              adjudication;
    std::optional<SprtConfig> sprt;
    std::string               pgn_path; // empty: no PGN
    std::string               positions_path; // empty: none; else labelled quiet positions
    bool                      label_by_score = false; // positions labelled by the mover's score
    unsigned long long        seed           = 1; // built-in players: game i uses seed + i
};

// Reads an openings file: one opening per line; '#' starts a comment, blank lines are skipped.
// A line with a '/' is a FEN/TFEN, otherwise moves. Error: "FILE:LINE: ..." (legality is
// checked by run_match, which knows the variant).
bool read_openings(const std::string& path, std::vector<Opening>& out, std::string& error);

// Plays the match, printing progress per game and the result to `out`; errors to `err`.
// Returns 0, or 2 for a configuration the match cannot start with (named in `err`).
int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err);

// Writes `count` random openings of `plies` plies to `out` for config.variant, seeded, each
// balanced: by config.engines[0]'s evaluation (|score| <= max_score at config.depth/nodes) when
// it is a UCI engine, else by the built-in piece values (equal material). Returns like run_match.
int make_openings(const MatchConfig& config, int count, int plies, int max_score, std::ostream& out,
    std::ostream& err);

} // namespace citadel::match
