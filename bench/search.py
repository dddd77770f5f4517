#!/usr/bin/env python3
"""Search speed: nodes per second of `citadel bench` against `stockfish bench`, in one run.

    python3 bench/search.py [path/to/citadel] [--stockfish PATH] [--threads T] [--repeat N]

Runs `citadel bench --variant chess`, `citadel bench` (every two-player variant) and Stockfish's
own `stockfish bench` (its default: 16 MB hash, one thread, depth 13) one after the other, and
prints each program's nodes, time and nodes per second, then the ratio citadel / stockfish
(above 1: Citadel searches more nodes per second). Nodes are not equal work: Stockfish's
evaluation is a neural network, Citadel's a hand-written one, so the ratio compares search
speed, not strength. Citadel's one-thread node count is its bench signature (docs/engine.md).
Citadel's bench lasts well under a second, so one run is noisy: the three programs run in turn
N times (--repeat, default 5) and each speed is the median of its runs.
"""
import argparse
import re
import shutil
import statistics
import subprocess
import sys


def parse(text):
    nodes = re.search(r"Nodes searched\s*:\s*(\d+)", text)
    nps = re.search(r"Nodes/second\s*:\s*(\d+)", text)
    if not nodes or not nps:
        sys.exit("no 'Nodes searched' / 'Nodes/second' in:\n" + text)
    return int(nodes.group(1)), int(nps.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("citadel", nargs="?", default="build/citadel")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    commands = (("citadel chess", [args.citadel, "bench", "--variant", "chess",
                                   "--threads", str(args.threads)]),
                ("citadel all", [args.citadel, "bench", "--threads", str(args.threads)]),
                ("stockfish", [args.stockfish, "bench", "16", str(args.threads), "13"]))
    speeds = {name: [] for name, _ in commands}
    nodes = {}
    for _ in range(max(1, args.repeat)):
        for name, cmd in commands:  # interleaved, so a change in load touches all three
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
            nodes[name], nps = parse(r.stdout + r.stderr)
            speeds[name].append(nps)
    median = {name: statistics.median(v) for name, v in speeds.items()}
    for name, _ in commands:
        print("%-14s nodes %10d   nodes/second %10d   (median of %d)"
              % (name, nodes[name], median[name], len(speeds[name])))
    for name in ("citadel chess", "citadel all"):
        print("ratio %-14s / stockfish: %.2f" % (name, median[name] / median["stockfish"]))


if __name__ == "__main__":
    main()
