#!/usr/bin/env python3
"""A quick strength self-check (not a test, not a match runner): Citadel searching to depth A
against Citadel searching to depth B, a few games per variant from the start and from short
random openings, colours alternating. The referee is crude: a game ends when the side to move
has no move (the mover's last `score mate 1` says it was won; otherwise a draw), or after 200
plies (then the deeper engine's last score above +300 / below -300 decides, else a draw).

    python3 bench/selfcheck.py [build/citadel] [--variant chess] [--games 6] [--depths 3 5]
"""
import argparse
import random
import subprocess


class Uci:
    def __init__(self, path, variant, depth):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.depth = depth
        self.send("setoption name UCI_Variant value " + variant)

    def send(self, t):
        self.p.stdin.write(t + "\n")
        self.p.stdin.flush()

    def go(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go depth %d" % self.depth)
        score = None
        while True:
            line = self.p.stdout.readline().split()
            if line and line[0] == "info" and "score" in line:
                i = line.index("score")
                score = (line[i + 1], int(line[i + 2]))
            if line and line[0] == "bestmove":
                return line[1], score


def legal(path, variant, moves):
    return subprocess.run([path, "moves", "--variant", variant, "--moves", " ".join(moves)],
                          capture_output=True, text=True).stdout.split()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("citadel", nargs="?", default="build/citadel")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--depths", type=int, nargs=2, default=[3, 5])
    a = ap.parse_args()
    rng = random.Random(1)
    shallow, deep = (Uci(a.citadel, a.variant, d) for d in a.depths)
    points = 0.0
    for g in range(a.games):
        moves = []
        for _ in range(rng.choice([0, 2, 4])):
            moves.append(rng.choice(legal(a.citadel, a.variant, moves)))
        deep_is_white = g % 2 == 0
        result, last = 0.5, {}
        for ply in range(200):
            white = (len(moves) % 2 == 0)
            engine = deep if white == deep_is_white else shallow
            move, score = engine.go(moves)
            if move == "0000":
                mover = not white  # the side that just moved
                won = last.get(mover) == ("mate", 1)
                result = (1.0 if mover == deep_is_white else 0.0) if won else 0.5
                break
            last[white] = score
            moves.append(move)
        else:
            s = last.get(deep_is_white)
            if s and (s[0] == "mate" or abs(s[1]) > 300):
                result = 1.0 if s[1] > 0 else 0.0
        points += result
        print("game %d: deep (depth %d) as %s scores %.1f after %d plies"
              % (g + 1, a.depths[1], "White" if deep_is_white else "Black", result, len(moves)))
    print("depth %d vs depth %d: %.1f / %d" % (a.depths[1], a.depths[0], points, a.games))
    for e in (shallow, deep):
        e.send("quit")


if __name__ == "__main__":
    main()
