#!/usr/bin/env bash
# The free-for-all algorithm comparison of docs/fourkingdoms_engine.md in one command: each pair
# of paranoid, max^n and BRS+ at full strength, two seats each (opposite seats, rotated every
# game), fixed nodes per move so a shared CPU does not bias the result, one game at a time.
#   bench/fk_compare.sh [BUILD_DIR] [GAMES] [NODES] [SEEDS]   (defaults: build 16 8000 "21 22")
# Each SEED runs GAMES games per pair; the summaries are fk_match's (per seat-game margins).
set -euo pipefail
build=${1:-build}
games=${2:-16}
nodes=${3:-8000}
seeds=${4:-21 22}
ninja -C "$build" fk_match >/dev/null
for pair in brs:paranoid brs:maxn paranoid:maxn; do
  a=${pair%:*} b=${pair#*:}
  for seed in $seeds; do
    echo "== $a vs $b: $games games, $nodes nodes a move, seed $seed"
    nice -n 5 "$build/fk_match" --games "$games" --nodes "$nodes" --plies 600 --seed "$seed" \
      "$a:20" "$b:20" "$a:20" "$b:20" | tail -3
  done
done
