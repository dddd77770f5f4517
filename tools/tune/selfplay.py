#!/usr/bin/env python3
"""Labelled positions for citadel_tune from engine self-play (docs/eval.md).

    tools/tune/selfplay.py --games 200 --nodes 2000 --out positions.txt

Plays games of a UCI engine against itself (Debian's stockfish by default) from openings of a
few random legal moves, each move searched to a fixed node count, and writes the quiet positions
of each game (not in check, the move played from them not a capture) as lines
`<FEN> | <result>`, the result 1.0 / 0.5 / 0.0 from White's point of view. Games end by mate,
stalemate, threefold repetition, the 50-move rule, bare kings, or adjudication: a score of at
least --adjudicate centipawns for one side over 8 plies in a row, or a draw after --max-plies.
Every choice is seeded (--seed), so the same command writes the same file.

For Silverman and the pawn race, drive fairy-stockfish with the variants in fairy.ini:

    tools/tune/selfplay.py --engine /usr/games/fairy-stockfish --variant silverman \
        --variant-path tools/tune/fairy.ini --stalemate draw --label score --out silverman.txt

With --label score each position is labelled by the logistic of the engine's score there,
1 / (1 + 10^(-cp/400)) from White's view (for engines without a WDL estimate).
With --label wdl each position is labelled instead by the engine's own expected score there
(its win/draw/loss estimate, UCI_ShowWDL: (W + D/2) / 1000, White's view): far less noise per
position than the game's result, so a few hundred games go further.
"""
import argparse
import random
import subprocess
import sys


class Engine:
    def __init__(self, command):
        self.p = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine quit")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def board(self, moves):
        """(FEN, in check) after the moves."""
        self.position(moves)
        self.send("d")
        fen, checkers = None, ""
        for line in self.until("Checkers:"):
            if line.startswith("Fen: "):
                fen = line[5:]
            if line.startswith("Checkers:"):
                checkers = line[9:].strip()
        return fen, bool(checkers)

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.until("Nodes searched") if ": " in l and
                not l.startswith("Nodes")]

    def think(self, moves, nodes):
        """(best move or None, score in centipawns and expected score 0..1, the mover's view)."""
        self.position(moves)
        self.send(f"go nodes {nodes}")
        score, expected = 0, 0.5
        for line in self.until("bestmove"):
            parts = line.split()
            if "score" in parts:
                i = parts.index("score")
                kind, value = parts[i + 1], int(parts[i + 2])
                score = value if kind == "cp" else (100000 if value > 0 else -100000)
            if "wdl" in parts:
                i = parts.index("wdl")
                w, d = int(parts[i + 1]), int(parts[i + 2])
                expected = (w + d / 2) / 1000
        best = parts[1]
        return (None if best == "(none)" else best), score, expected

    def quit(self):
        self.send("quit")
        self.p.wait()


def pieces(fen):
    return sum(c.isalpha() for c in fen.split()[0])


def bare_kings(fen):
    return sorted(c for c in fen.split()[0] if c.isalpha()) == ["K", "k"]


def play(engine, rng, args):
    """One game: the list of quiet FENs and White's result."""
    engine.send("ucinewgame")
    moves = []
    for _ in range(rng.randint(args.random_plies[0], args.random_plies[1])):
        legal = engine.legal(moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    seen, samples, streak = {}, [], 0
    while True:
        fen, check = engine.board(moves)
        white_to_move = fen.split()[1] == "w"
        key = " ".join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or int(fen.split()[4]) >= 100 or bare_kings(fen):
            return samples, 0.5
        if len(moves) >= args.max_plies:
            return samples, 0.5
        best, score, expected = engine.think(moves, args.nodes)
        if best is None:  # mate, stalemate, or (pawn race) the race lost
            if not check and args.stalemate == "draw":
                return samples, 0.5
            return samples, 0.0 if white_to_move else 1.0
        white_score = score if white_to_move else -score
        streak = streak + 1 if abs(score) >= args.adjudicate else 0
        if streak >= 8:
            return samples, 1.0 if white_score > 0 else 0.0
        next_fen, _ = engine.board(moves + [best])
        if not check and pieces(next_fen) == pieces(fen) and len(moves) >= args.min_ply:
            if args.label == "score":
                expected = 1 / (1 + 10 ** (-max(-4000, min(4000, score)) / 400))
            samples.append((fen, expected if white_to_move else 1 - expected))
        moves.append(best)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--random-plies", type=int, nargs=2, default=[4, 9])
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--adjudicate", type=int, default=1000)
    ap.add_argument("--every", type=int, default=2, help="keep every n-th quiet position")
    ap.add_argument("--min-ply", type=int, default=8, help="keep positions from this ply on")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", help="UCI_Variant to set (fairy-stockfish)")
    ap.add_argument("--variant-path", help="the engine's VariantPath (an ini of variants)")
    ap.add_argument("--stalemate", choices=["draw", "loss"], default="draw",
                    help="what having no move (not in check) means for the side to move")
    ap.add_argument("--label", choices=["result", "wdl", "score"], default="result",
                    help="the game's result, or the engine's expected score in the position")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.send("setoption name Threads value 1")
    engine.send("setoption name Hash value 16")
    if args.variant_path:
        engine.send(f"setoption name VariantPath value {args.variant_path}")
    if args.variant:
        engine.send(f"setoption name UCI_Variant value {args.variant}")
    if args.label == "wdl":
        engine.send("setoption name UCI_ShowWDL value true")
    score = {1.0: 0, 0.5: 0, 0.0: 0}
    with open(args.out, "w") as out:
        for g in range(args.games):
            samples, result = play(engine, rng, args)
            score[result] += 1
            for fen, wdl in samples[::args.every]:
                label = f"{result:.1f}" if args.label == "result" else f"{wdl:.3f}"
                out.write(f"{fen} | {label}\n")
            print(f"game {g + 1}: {result} ({len(samples)} quiet positions); "
                  f"white wins {score[1.0]}, draws {score[0.5]}, black wins {score[0.0]}",
                  file=sys.stderr)
    engine.quit()


if __name__ == "__main__":
    main()
