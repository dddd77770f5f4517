#!/usr/bin/env python3
"""How the chess net's scores compare in size with the hand-written evaluation's: the server's
centipawn thresholds (accepting a draw, calling a move a mistake) were set on the hand-written
scale. Positions are sampled from a `citadel datagen` file (docs/datagen.md, its record format),
each searched to a fixed depth by `citadel uci` with the net and by hand; printed: the least-squares
factor net ≈ k · hand over all of them, and over those the hand-written evaluation scores within
±400 cp (where the thresholds are). Mate scores and scores beyond 2000 cp are left out.

Usage: bench/net_scale.py DATA.bin [--citadel build/citadel] [--positions 250] [--depth 8]
                          [--eval-file NET.nnue] [--seed 7]"""
import argparse
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from engine_process import UciEngine  # noqa: E402  (tests/engine_process.py)

HEADER, RECORD = 56, 32


def fen_of(record):
    """The FEN of one 32-byte record (docs/datagen.md, "The file format")."""
    occupancy, = struct.unpack_from("<Q", record, 0)
    board, k = [None] * 64, 0
    for square in range(64):
        if occupancy >> square & 1:
            code = record[8 + k // 2] >> (k % 2 * 4) & 15
            k += 1
            board[square] = "PNBRQK"[code & 7].lower() if code & 8 else "PNBRQK"[code & 7]
    ranks = []
    for rank in range(7, -1, -1):
        text, empty = "", 0
        for file in range(8):
            piece = board[rank * 8 + file]
            if piece is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + piece
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    flags, en_passant, half_moves = record[27], record[28], record[29]
    full_moves, = struct.unpack_from("<H", record, 30)
    castling = "".join(c for bit, c in zip(range(1, 5), "KQkq") if flags >> bit & 1) or "-"
    target = "-" if en_passant == 255 else "abcdefgh"[en_passant % 8] + str(en_passant // 8 + 1)
    return (f"{'/'.join(ranks)} {'b' if flags & 1 else 'w'} {castling} {target} {half_moves} "
            f"{full_moves}")


def sample(path, count, seed):
    with open(path, "rb") as f:
        positions, = struct.unpack_from("<Q", f.read(HEADER), 48)
        picks = sorted(random.Random(seed).sample(range(positions), min(count, positions)))
        fens = []
        for i in picks:
            f.seek(HEADER + RECORD * i)
            fens.append(fen_of(f.read(RECORD)))
    return fens


def scores(citadel, fens, depth, use_net, eval_file):
    """Each position's score (centipawns, side to move) at `depth`; None for a mate."""
    engine = UciEngine("citadel", citadel)
    if eval_file:
        engine.send(f"setoption name EvalFile value {eval_file}")
    engine.send(f"setoption name Use NNUE value {'true' if use_net else 'false'}")
    engine.sync()
    out = []
    for fen in fens:
        engine.send("ucinewgame")
        engine.position(fen)
        engine.send(f"go depth {depth}")
        last = None
        for line in engine.read_until(lambda l: l.startswith("bestmove")):
            if " score cp " in line:
                last = int(line.split(" score cp ")[1].split()[0])
            elif " score mate " in line:
                last = None
        out.append(last)
    engine.close()
    return out


def factor(pairs):
    return sum(n * h for n, h in pairs) / sum(h * h for _, h in pairs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data")
    parser.add_argument("--citadel", default="build/citadel")
    parser.add_argument("--positions", type=int, default=250)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--eval-file")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    fens = sample(args.data, args.positions, args.seed)
    net = scores(args.citadel, fens, args.depth, True, args.eval_file)
    hand = scores(args.citadel, fens, args.depth, False, None)
    pairs = [(n, h) for n, h in zip(net, hand)
             if n is not None and h is not None and abs(n) < 2000 and abs(h) < 2000]
    near = [(n, h) for n, h in pairs if abs(h) <= 400]
    print(f"{len(pairs)} positions at depth {args.depth}: net = {factor(pairs):.3f} x hand "
          f"(mean size {sum(abs(n) for n, _ in pairs) / len(pairs):.0f} and "
          f"{sum(abs(h) for _, h in pairs) / len(pairs):.0f} cp); within 400 cp by hand "
          f"({len(near)}): net = {factor(near):.3f} x hand")


if __name__ == "__main__":
    main()
