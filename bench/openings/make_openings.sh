#!/bin/sh
# Regenerates the variant opening files of bench/openings/ with citadel_match --make-openings:
# random legal sequences (seeded, so the files come out the same), kept only when balanced:
#   silverman:           Fairy-Stockfish (tests/oracle/variants.ini) at depth 12 scores the
#                        position within +-100 cp for the side to move;
#   pawnrace:            Citadel at depth 12 within +-40 cp (below);
#   tamerlane:           no engine plays it yet, so the material is equal by the built-in
#                        piece values (bench/match/players.h);
#   chess_random8:       Stockfish at depth 10 within +-60 cp (400 lines of 8 random plies, for
#                        fixed-node SPRTs beside chess_random.txt, which an earlier version made);
#   chess_random8_s3:    the same with seed 3 (a third set: fixed-node games repeat exactly, so a
#                        test that needs more games needs new openings);
#   chess_random8_s4:    the same with seed 4, 2000 lines (up to 4000 games from one set).
# chess.txt is written by hand (well-known lines); bench/openings/evaluate_openings.py scores it.
# Usage: bench/openings/make_openings.sh [build/citadel_match [build/citadel]]   (from the root)
set -eu
MATCH=${1:-build/citadel_match}
CITADEL=${2:-$PWD/build/citadel}
OUT=bench/openings
INI=$PWD/tests/oracle/variants.ini
FSF="cmd=/usr/games/fairy-stockfish name=fairy-stockfish option.VariantPath=$INI"

header() {
    echo "# $1 openings for citadel_match --openings, made by bench/openings/make_openings.sh"
    echo "# ($2). One line per opening: UCI moves from the start position."
}

{
    header Silverman "random plies 3-8, Fairy-Stockfish depth 12 within +-100 cp"
    for p in 3 4 5 6 7 8; do
        $MATCH --make-openings 10 --plies $p --variant silverman --engine $FSF \
            --depth 12 --max-score 100 --seed $p
    done
} > $OUT/silverman.txt

# The pawn race: Fairy-Stockfish's score hardly moves until a race is lost (+-100 cp kept lines
# that one colour wins every time), so Citadel judges them: its evaluation counts races and
# locked-race zugzwangs, and within 40 cp at depth 12 it has found neither. Every kept line is
# also within 100 cp for Fairy-Stockfish at depth 12 (checked with evaluate_openings.py).
{
    echo "# Pawn race openings for citadel_match --openings, made by bench/openings/make_openings.sh"
    echo "# (random plies 2-6; Citadel depth 12 within +-40 cp, then Fairy-Stockfish depth 12 within +-100 cp)."
    echo "# One line per opening: UCI moves from the start position."
    for p in 2 3 4 5 6; do
        $MATCH --make-openings 8 --plies $p --variant pawnrace --seed $((p + 20)) \
            --engine cmd="$CITADEL uci" name=citadel --depth 12 --max-score 40
    done
} > $OUT/pawnrace.txt

{
    header Tamerlane "random plies 4, 6 and 8, equal material by the built-in piece values"
    for p in 4 6 8; do
        $MATCH --make-openings 12 --plies $p --variant tamerlane --seed $p
    done
} > $OUT/tamerlane.txt

{
    header Chess "random plies 8, Stockfish depth 10 within +-60 cp, seed 2"
    $MATCH --make-openings 400 --plies 8 --engine /usr/games/stockfish --depth 10 --max-score 60 \
        --seed 2
} > $OUT/chess_random8.txt

{
    header Chess "random plies 8, Stockfish depth 10 within +-60 cp, seed 3"
    $MATCH --make-openings 400 --plies 8 --engine /usr/games/stockfish --depth 10 --max-score 60 \
        --seed 3
} > $OUT/chess_random8_s3.txt

{
    header Chess "random plies 8, Stockfish depth 10 within +-60 cp, seed 4"
    $MATCH --make-openings 2000 --plies 8 --engine /usr/games/stockfish --depth 10 --max-score 60 \
        --seed 4
} > $OUT/chess_random8_s4.txt

wc -l $OUT/silverman.txt $OUT/pawnrace.txt $OUT/tamerlane.txt $OUT/chess_random8.txt \
    $OUT/chess_random8_s3.txt $OUT/chess_random8_s4.txt
