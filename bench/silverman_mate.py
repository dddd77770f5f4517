#!/usr/bin/env python3
"""Silverman's mate in four from the start: how soon Citadel's UCI search reports it.

    python3 bench/silverman_mate.py [path/to/citadel] [--movetime MS]

Sends `setoption name UCI_Variant value silverman`, `position startpos`, `go movetime MS`
(default 1000) and prints the first `info` line that says `score mate 4`, its depth, nodes and
`time` (ms), then whether that came within the move time. A benchmark, not a test: the time
depends on the machine and its load (tests/search_test.cpp checks the mate at a fixed depth).
Exit status 0 when mate 4 was reported within the move time, 1 otherwise.
"""
import argparse
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("citadel", nargs="?", default="build/citadel")
    ap.add_argument("--movetime", type=int, default=1000)
    args = ap.parse_args()

    commands = ("uci\nsetoption name UCI_Variant value silverman\nisready\n"
                f"position startpos\ngo movetime {args.movetime}\n")
    proc = subprocess.Popen([args.citadel, "uci"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write(commands)
    proc.stdin.flush()
    first = None
    best = None
    for line in proc.stdout:
        if first is None and re.search(r"\bscore mate 4\b", line):
            first = line.strip()
        if line.startswith("bestmove"):
            best = line.strip()
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=10)

    if first is None:
        print(f"no 'score mate 4' within {args.movetime} ms; {best}")
        return 1
    fields = dict(re.findall(r"\b(depth|nodes|time) (\d+)", first))
    print(f"mate 4 at depth {fields['depth']}, {fields['nodes']} nodes, {fields['time']} ms "
          f"(movetime {args.movetime}); {best}")
    print(first)
    return 0 if int(fields["time"]) <= args.movetime else 1


if __name__ == "__main__":
    sys.exit(main())
