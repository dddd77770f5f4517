#!/usr/bin/env python3
"""Re-run the UCI_Elo calibration matches of docs/engine.md ("Calibration"), one after another.

    python3 bench/calibrate.py [--games N] [--tc 10+0.1] [--only NAME,...] [--list]
                               [--citadel build/citadel] [--match build/citadel_match]

Each match is Citadel (at a skill level or a UCI_Elo) against Stockfish 15.1 at its calibrated
UCI_Elo, or, below Stockfish's minimum of 1350, one Citadel level against another. Every match
plays one game at a time under `nice -n 5`, both engines with Threads=1 and a Move Overhead of
150 ms, the openings of bench/openings/chess.txt with both colours. The script prints each
match's result lines as citadel_match prints them, then a table: the score, the Elo difference
with its 95% margin, and the Elo this puts the first engine at (the opponent's Elo plus the
difference). PGNs go to --out (default /tmp/citadel-calibration/).
"""
import argparse
import os
import re
import subprocess
import sys
import time

SF = "/usr/games/stockfish"
COMMON = ["option.Threads=1", "option.Move Overhead=150"]


def citadel(args, name, **options):
    words = [f"cmd={args.citadel} uci", f"name={name}"] + COMMON
    return words + [f"option.{k.replace('_', ' ') if k == 'Skill_Level' else k}={v}"
                    for k, v in options.items()]


def level(args, n):
    return citadel(args, f"citadel-L{n}", Skill_Level=n)


def elo(args, e):
    return citadel(args, f"citadel-elo{e}", UCI_LimitStrength="true", UCI_Elo=e)


def stockfish(e):
    return [f"cmd={SF}", f"name=sf{e}", "option.UCI_LimitStrength=true", f"option.UCI_Elo={e}"] + COMMON


# name: (first engine, second engine, the second's Elo or the name of the match giving it,
#        games). The level chain below 1350 takes each step's Elo from the step above it.
def matches(args):
    return {
        # The three points of issue 8: Citadel's UCI_Elo against Stockfish's. (2200 is above
        # the top anchor, full strength as measured, so it plays at full strength.)
        "elo1400": (elo(args, 1400), stockfish(1400), 1400, 40),
        "elo1800": (elo(args, 1800), stockfish(1800), 1800, 40),
        "elo2200": (elo(args, 2200), stockfish(2200), 2200, 100),
        # The anchors of EloTable in src/search/skill.h: levels against Stockfish.
        "L8-sf1400": (level(args, 8), stockfish(1400), 1400, 80),
        "L10-sf1600": (level(args, 10), stockfish(1600), 1600, 80),
        "L14-sf1800": (level(args, 14), stockfish(1800), 1800, 80),
        "L20-sf1800": (level(args, 20), stockfish(1800), 1800, 16),
        # Cross-checks: a level against Stockfish where the chain below gives it an Elo too.
        "L4-sf1400": (level(args, 4), stockfish(1400), 1400, 16),
        "L10-sf1400": (level(args, 10), stockfish(1400), 1400, 80),
        "L12-sf1400": (level(args, 12), stockfish(1400), 1400, 16),
        # Below Stockfish's minimum: measured steps between levels down to level 0, each
        # from the Elo the match above gives its opponent. 80 games = the 40 openings with both
        # colours: weak levels are deterministic given the position, so more would repeat.
        "L6-L8": (level(args, 6), level(args, 8), "L8-sf1400", 80),
        "L3-L6": (level(args, 3), level(args, 6), "L6-L8", 80),
        "L0-L3": (level(args, 0), level(args, 3), "L3-L6", 80),
    }


def run(args, name, first, second, games):
    pgn = os.path.join(args.out, name + ".pgn")
    cmd = ["nice", "-n", "5", args.match, "--engine", *first, "--engine", *second,
           "--games", str(games), "--tc", args.tc, "--openings", args.openings, "--pgn", pgn]
    start, load = time.time(), os.getloadavg()[0]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{name}: citadel_match failed:\n{out.stderr}{out.stdout}")
    lines = [l for l in out.stdout.splitlines() if not l.startswith("Game ")]
    print(f"== {name}: {games} games at {args.tc}, {time.time() - start:.0f} s, "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("\n".join(lines), flush=True)
    text = out.stdout
    score = float(re.search(r"score ([0-9.]+)", text).group(1))
    m = re.search(r"Elo difference: (\S+) \+- (\S+)", text)
    return score, float(m.group(1)), m.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, help="games per match instead of the table's")
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--only", help="comma-separated match names (see --list)")
    ap.add_argument("--list", action="store_true", help="list the matches and stop")
    ap.add_argument("--citadel", default="build/citadel")
    ap.add_argument("--match", default="build/citadel_match")
    ap.add_argument("--openings", default="bench/openings/chess.txt")
    ap.add_argument("--out", default="/tmp/citadel-calibration")
    args = ap.parse_args()
    table = matches(args)
    if args.list:
        for name, (_, _, base, games) in table.items():
            print(f"{name:12} {games:3} games, opponent at {base}")
        return
    chosen = args.only.split(",") if args.only else list(table)
    unknown = [n for n in chosen if n not in table]
    if unknown:
        sys.exit(f"unknown match {', '.join(unknown)} (known: {', '.join(table)})")
    os.makedirs(args.out, exist_ok=True)
    rows, rating = [], {}
    for name in chosen:
        first, second, base, games = table[name]
        score, diff, margin = run(args, name, first, second, args.games or games)
        if isinstance(base, str):  # a level chain: the opponent's Elo is another match's
            base = rating.get(base)
        rating[name] = None if base is None else base + diff
        rows.append((name, score, diff, margin, rating[name]))
    print(f"\n{'match':12} {'score':>6} {'Elo diff':>9} {'95%':>7} {'Elo of the first':>17}")
    for name, score, diff, margin, at in rows:
        at_text = "-" if at is None else f"{at:.0f}"
        print(f"{name:12} {score:6.3f} {diff:9.1f} {margin:>7} {at_text:>17}")


if __name__ == "__main__":
    main()
