#!/usr/bin/env python3
"""Scores every line of an openings file (bench/openings/*.txt) with a UCI engine, from White's
side, to check that the openings are balanced. Standard library only.

  python3 bench/openings/evaluate_openings.py bench/openings/chess.txt
  python3 bench/openings/evaluate_openings.py bench/openings/pawnrace.txt \\
      --engine /usr/games/fairy-stockfish --variant pawnrace --ini tests/oracle/variants.ini
"""

import argparse
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--ini", help="Fairy-Stockfish VariantPath")
    args = ap.parse_args()

    proc = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    def until(prefix):
        for line in proc.stdout:
            yield line
            if line.startswith(prefix):
                return
        raise SystemExit("error: the engine exited")

    send("uci")
    list(until("uciok"))
    send("setoption name Threads value 1")
    if args.ini:
        send("setoption name VariantPath value " + args.ini)
    if args.variant != "chess":
        send("setoption name UCI_Variant value " + args.variant)
    send("isready")
    list(until("readyok"))
    worst = 0
    for number, line in enumerate(open(args.file), 1):
        moves, _, note = line.partition("#")
        moves = moves.strip()
        if not moves or "/" in moves:
            continue
        send("position startpos moves " + moves)
        send("go depth %d" % args.depth)
        score = None
        for out in until("bestmove"):
            w = out.split()
            if "score" in w:
                i = w.index("score")
                score = int(w[i + 2]) if w[i + 1] == "cp" else (30000 if int(w[i + 2]) > 0 else -30000)
        if score is None:
            raise SystemExit("error: no score for line %d" % number)
        white = score if len(moves.split()) % 2 == 0 else -score
        worst = max(worst, abs(white))
        print("%5d cp  line %d  %s" % (white, number, note.strip() or moves))
    print("largest |score|: %d cp" % worst)
    send("quit")


if __name__ == "__main__":
    main()
