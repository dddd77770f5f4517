#!/usr/bin/env python3
"""Nodes per second of two Citadel builds, before and after a change that should only make the
same search faster, as a ratio measured in one run.

    python3 bench/nps_pair.py BEFORE AFTER [--pairs 14] [--nodes 3000000] [--hash 16]
                              [--fen FEN | --moves "e2e4 e7e5 ..."]

Each build searches the same chess position to the same node count (`go nodes`, one thread) in
turns, the order swapped every pair, so a change in the machine's load touches both alike; each
search starts from a fresh process (a cleared table). Printed: each build's median speed, the
median of the pair ratios AFTER / BEFORE (above 1: AFTER is faster) and the ratios themselves.
On a machine shared with others single runs vary by a fifth: trust the median over many pairs,
not one pair. A change that alters the tree (a different bench signature) is not measured
fairly here: its worth is a match.
"""
import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from engine_process import UciEngine  # noqa: E402  (tests/engine_process.py)

# A Ruy Lopez middlegame: every kind of move, a search of millions of nodes without a mate.
MOVES = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"


def speed(path, args):
    engine = UciEngine(os.path.basename(path), path)
    try:
        engine.send("setoption name Hash value %d" % args.hash)
        engine.sync()
        engine.position(args.fen, args.moves.split() if args.moves else ())
        engine.send("go nodes %d" % args.nodes)
        lines = engine.read_until(lambda l: l.startswith("bestmove"))
    finally:
        engine.close()
    nps = [int(m.group(1)) for m in (re.search(r"\bnps (\d+)", l) for l in lines) if m]
    if not nps:
        sys.exit("%s reported no nps:\n%s" % (path, "\n".join(lines)))
    return nps[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--pairs", type=int, default=14)
    ap.add_argument("--nodes", type=int, default=3_000_000)
    ap.add_argument("--hash", type=int, default=16, help="MB (default 16, a GUI's usual)")
    ap.add_argument("--fen")
    ap.add_argument("--moves", default=None, help="UCI moves from --fen or the start")
    args = ap.parse_args()
    if args.moves is None:
        args.moves = "" if args.fen else MOVES
    before, after, ratios = [], [], []
    for i in range(max(1, args.pairs)):
        if i % 2 == 0:
            b = speed(args.before, args)
            a = speed(args.after, args)
        else:
            a = speed(args.after, args)
            b = speed(args.before, args)
        before.append(b)
        after.append(a)
        ratios.append(a / b)
    print("before %-24s median %10d nodes/second" % (args.before, statistics.median(before)))
    print("after  %-24s median %10d nodes/second" % (args.after, statistics.median(after)))
    print("after / before: median of %d pair ratios %.3f (ratio of the medians %.3f)"
          % (len(ratios), statistics.median(ratios),
             statistics.median(after) / statistics.median(before)))
    print("pairs: " + " ".join("%.2f" % r for r in ratios))


if __name__ == "__main__":
    main()
