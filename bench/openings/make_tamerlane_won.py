#!/usr/bin/env python3
"""Writes bench/openings/tamerlane_won.txt: Tamerlane start positions (TFEN) where Black lacks one
major piece (a rook, knight, picket or giraffe) and one minor piece or pawn, so White is well ahead
from the first move. A match from them measures how well an engine converts a won Tamerlane game
(docs/eval.md, "Converting a won Tamerlane position"): as citadel_match plays each line once with
each engine as White, a pair is one engine converting against the other defending, then the other
way round. Seeded: the same file every time.

Usage (from the root): python3 bench/openings/make_tamerlane_won.py [COUNT [SEED]] > FILE
"""
import random
import sys

START = ('e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/'
         'PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E')
REST = ' w -/- Kk 0/0 0 1'


def cells(row):
    """A TFEN rank as a list of 11 cells: a piece's letters, or None."""
    out, i = [], 0
    while i < len(row):
        if row[i].isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            out += [None] * int(row[i:j])
            i = j
        else:
            length = 2 if row[i] in 'pP' else 1  # a pawn is P and the piece it becomes
            out.append(row[i:i + length])
            i += length
    return out


def text(row):
    out, empty = '', 0
    for c in row:
        if c is None:
            empty += 1
            continue
        if empty:
            out, empty = out + str(empty), 0
        out += c
    return out + (str(empty) if empty else '')


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    board = [cells(r) for r in START.split('/')]
    # Black's pieces stand on the first three ranks of the text (ranks 10, 9 and 8).
    majors = [(r, f) for r in (0, 1) for f in range(11) if board[r][f] and board[r][f] in 'rnzt']
    minors = [(r, f) for r in (0, 1) for f in range(11) if board[r][f] and board[r][f] in 'ecdgv']
    minors += [(2, f) for f in range(11) if board[2][f] != 'pp']  # any pawn but the pawn of pawns
    if count > len(majors) * len(minors):
        sys.exit(f'at most {len(majors) * len(minors)} positions')
    chosen = set()
    print('# Won Tamerlane positions: Black short of a major piece and a minor one (or a pawn);')
    print(f'# made by bench/openings/make_tamerlane_won.py {count} {sys.argv[2] if len(sys.argv) > 2 else 3}')
    while len(chosen) < count:
        major, minor = rng.choice(majors), rng.choice(minors)
        if (major, minor) in chosen:
            continue
        chosen.add((major, minor))
        ranks = [list(r) for r in board]
        ranks[major[0]][major[1]] = ranks[minor[0]][minor[1]] = None
        print('/'.join(text(r) for r in ranks) + REST)


if __name__ == '__main__':
    main()
