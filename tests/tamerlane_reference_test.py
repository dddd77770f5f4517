#!/usr/bin/env python3
"""Tamerlane: Citadel's move generator against an independent reference (`tamerlane_ref`).

Usage: tamerlane_reference_test.py [path/to/citadel]   (ctest passes the binary)

The reference, tests/reference/tamerlane_ref.cpp, is a deliberately simple mailbox generator written
from the rule book (the spec docs/rules/tamerlane.md restates) alone, without reading the engine's
Tamerlane sources; its header lists every rule reading it took. This script

  1. checks the reference by itself: the start position (24 moves, 576 at depth 2) and a set of
     hand-worked positions (giraffe, picket, leapers, citadels, swap, relocation, pawn-of-pawns
     arrivals, promotion to a prince while in check, terminal positions);
  2. plays seeded random games from the start with the reference (`tamerlane_ref play`), biased
     towards captures, checks, pawn advances, promotions, pawn-of-pawns arrivals, relocations,
     swaps and royal walks towards the enemy citadel, and samples positions from them (always
     when a rare rule is available or the side to move is in double check, otherwise at random,
     in-check positions three times as often);
  3. for each sampled position (and for the hand-worked ones) compares
         citadel perft --variant tamerlane [--fen F] --moves "..." --depth d --divide
     with tamerlane_ref perft (same arguments), line by line: d = 1 for every position, d = 2
     for a few hundred of them. Any difference (a move count, a move only one side lists, or
     citadel rejecting a move of the line) is a failure, printed with the moves and both lines.

The coverage lines count, over the compared positions, those where the rule was in play (the
move list holds such a move, or the board such a piece); each required count must be > 0.

Environment: REF_POSITIONS (random positions, default 1000), REF_DEPTH2 (how many of them are
also compared at depth 2, default 300), REF_SEED (default 20250301), TAMERLANE_REF (the
reference binary; default: next to citadel), REF_REQUIRE_COVERAGE=0 (a small run: uncovered
rules are noted, not failed), REF_SELFTEST_ONLY=1 (only step 1, e.g. while the
engine has no tamerlane yet). Exit status 0 when everything agrees, 1 otherwise.
"""

import random
import sys

import reference_driver as driver
from reference_driver import position_args, ref_output

START = ("e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/PPPDPCPEPGPKPVPZPTPNPR/"
         "RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1")
MAX_PLIES = 400
SPECIAL = {"swap", "relocation", "promotion", "arrival1", "arrival2", "arrival3", "citadel",
           "own-citadel"}
# Coverage: name -> whether a compared position exercised it. The first six are required.
REQUIRED = ["promotion", "pawn-of-pawns arrival", "relocation", "swap", "prince", "citadel entry"]
EXTRA = ["second arrival", "third arrival", "adventitious king", "waiting pawn of pawns",
         "two+ royals", "check", "double check", "no moves"]


# ----- step 1: the reference by itself -------------------------------------------------------

def ref_moves(ref, fen=None, moves=()):
    return ref_output(ref, ["moves", *position_args(fen, moves)]).split()


def ref_perft(ref, depth, fen=None, moves=()):
    return int(ref_output(ref, ["perft", *position_args(fen, moves), "--depth", str(depth)])
               .split()[-1])


def ref_fen(ref, fen, moves):
    return ref_output(ref, ["fen", *position_args(fen, moves)]).strip()


# Hand-worked positions: (name, TFEN, moves-before, [checks]); the checks are those of
# reference_driver.check_position ("after" compares TFEN, as the reference writes it).
HAND = [
    # R7: giraffe alone on a1: b5..b10 and e2..k2.
    ("giraffe a1", "11/5k5/11/11/7K3/11/11/11/11/Z10 w -/- - 0/0 0 1", [],
     [("exact", "a1", ["a1b5", "a1b6", "a1b7", "a1b8", "a1b9", "a1b10",
                       "a1e2", "a1f2", "a1g2", "a1h2", "a1i2", "a1j2", "a1k2"])]),
    # R7: giraffe d4: corner c5 own piece (nothing via c5), i5 own knight stops the ride after h5,
    # e9 enemy rook captured and stops the ride, g3 occupied = 2nd orthogonal square: no ride.
    ("giraffe d4 blocked", "10K/4r6/11/11/11/2V5N2/3Z7/6g4/11/k10 w -/- - 0/0 0 1", [],
     [("exact", "d4", ["d4e8", "d4e9", "d4h5"])]),
    # R6: picket d4: e5 own (first square occupied: no ride), c3 enemy (first square occupied:
    # no capture there, no ride), via c5: b6 a7; via e3: f2 enemy captured.
    ("picket d4", "10K/11/7k3/11/11/4V6/3T7/2r8/5n5/11 w -/- - 0/0 0 1", [],
     [("exact", "d4", ["d4a7", "d4b6", "d4f2"])]),
    # R5: camel, elephant, war engine near the corner.
    ("camel b2", "10K/11/7k3/11/11/11/11/11/1C9/11 w -/- - 0/0 0 1", [],
     [("exact", "b2", ["b2a5", "b2c5", "b2e1", "b2e3"])]),
    ("elephant b2", "10K/11/7k3/11/11/11/11/11/1E9/11 w -/- - 0/0 0 1", [],
     [("exact", "b2", ["b2d4"])]),
    ("war engine b2", "10K/11/7k3/11/11/11/11/11/1D9/11 w -/- - 0/0 0 1", [],
     [("exact", "b2", ["b2b4", "b2d2"])]),
    # R3/R4: King a9 may enter the enemy citadel z9; the Adventitious king k3 its own l2; the
    # Prince k2 neither (not senior, not adventitious). Entering z9 ends the game.
    ("citadels white", "11/K10/11/11/5k5/11/11/10A/10H/11 w -/- - 0/0 0 1", [],
     [("has", ["a9z9", "k3l2"]), ("lacks", ["k2l2"]), ("count", 15)]),
    ("citadel entry is terminal", "11/K10/11/11/5k5/11/11/10A/10H/11 w -/- - 0/0 0 1", ["a9z9"],
     [("count", 0), ("perft", 2, 0)]),
    # R3: without a King the Prince is senior and may enter the enemy citadel (Black: l2 from k1).
    ("prince senior", "11/11/11/11/5K5/11/11/11/11/10h b -/- - 0/0 0 1", [],
     [("exact", "k1", ["k1j1", "k1j2", "k1k2", "k1l2"])]),
    # R4, R2: White's Adventitious king (its only royal) in its own citadel steps out to k1 only
    # (k2 is attacked by the a2 rook, k3 by the k4 king); the a2 rook's rank does not reach l2, so
    # the vizier moves freely; and from l2 it guards k1..k3 (the k4 king may not step to k3).
    ("adventitious king in citadel", "11/11/11/11/11/V10/10k/11/r10/11 w A/- - 0/0 0 1", [],
     [("exact", "l2", ["l2k1"]), ("has", ["a5a4", "a5a6", "a5b5"]), ("count", 4)]),
    ("citadel guards exits", "11/11/11/11/11/V10/10k/11/r10/11 b A/- - 0/0 0 1", [],
     [("lacks", ["k4k3"]), ("has", ["k4j3", "k4j4", "k4j5", "k4k5"])]),
    # R20: a Black king in White's citadel: the game is over.
    ("royal in enemy citadel", "11/11/11/11/5K5/11/11/11/11/11 w k/- - 0/0 0 1", [],
     [("count", 0)]),
    # R18: in check from the e10 rook, with the swap right: king steps, the a5e5 block, and swaps
    # with h8 and c4 but not with a5 (attacked by the c6 knight).
    ("swap in check", "4r5k/11/7N3/11/2n8/R10/2PK8/11/11/4K6 w -/- K 0/0 0 1", [],
     [("exact", "", ["a5e5", "e1c4", "e1d1", "e1d2", "e1f1", "e1f2", "e1h8"])]),
    ("no swap right", "4r5k/11/7N3/11/2n8/R10/2PK8/11/11/4K6 w -/- - 0/0 0 1", [],
     [("count", 5)]),
    # R18: not in check but no other legal move (a2, b1, b2 attacked by the rooks, the h5 pawn
    # blocked by the h6 general): the swap with the pawn is the only move; without the right,
    # stalemate (no moves).
    ("swap when stalemated", "k10/11/11/11/7g3/7PR3/11/1r9/2r8/K10 w -/- K 0/0 0 1", [],
     [("exact", "", ["a1h5"])]),
    ("stalemate without swap", "k10/11/11/11/7g3/7PR3/11/1r9/2r8/K10 w -/- - 0/0 0 1", [],
     [("count", 0)]),
    # R19: king e10 in check swaps with the pawn of rooks b5, which promotes to a rook on e10.
    ("swap promotes", "4K6/11/11/11/11/1PR9/11/11/4r6/10k w -/- K 0/0 0 1", [],
     [("has", ["e10b5"]),
      ("after", ["e10b5"], "4R6/11/11/11/11/1K9/11/11/4r6/10k b -/- - 0/0 1 1")]),
    # R16: a double check is not "king moves only": the giraffes d9 and d8 both check e3 along the
    # e-file (via e8 and e7), and the knight's d7e5 blocks both; likewise a rook e10 with the d8
    # giraffe. (Found by the random comparison, seed 2.)
    ("double check, one block", "6k4/3z7/3z7/3N7/11/11/11/4K6/11/11 w -/- - 0/0 0 1", [],
     [("exact", "", ["d7e5", "e3d2", "e3d3", "e3d4", "e3f2", "e3f3", "e3f4"])]),
    ("rook and giraffe check, one block", "4r1k4/11/3z7/3N7/11/11/11/4K6/11/11 w -/- - 0/0 0 1",
     [], [("exact", "", ["d7e5", "e3d2", "e3d3", "e3d4", "e3f2", "e3f3", "e3f4"])]),
    # R11, R16: promoting the pawn of kings to a Prince while in check is legal (two royals);
    # promoting the pawn of rooks is not; then Black may capture the King like any piece.
    ("prince while in check", "4r6/1PK5PR3/11/11/11/10k/11/11/11/4K6 w -/- - 0/0 0 1", [],
     [("has", ["b9b10"]), ("lacks", ["h9h10"])]),
    ("royal captured when two", "4r6/1PK5PR3/11/11/11/10k/11/11/11/4K6 w -/- - 0/0 0 1",
     ["b9b10"], [("has", ["e10e1", "e10b10"])]),
    # R12-R14: the three arrivals of White's pawn of pawns on c9.
    ("first arrival", "11/2PP8/11/11/11/11/11/11/11/K9k w -/- - 0/0 0 1", [],
     [("after", ["c9c10"], "2PP8/11/11/11/11/11/11/11/11/K9k b -/- - 1/0 0 1")]),
    ("second arrival", "11/2PP8/11/11/11/11/11/11/11/K9k w -/- - 1/0 0 1", [],
     [("after", ["c9c10"], "11/11/11/11/11/11/11/5PP5/11/K9k b -/- - 2/0 0 1")]),
    ("second arrival removes", "11/2PP8/11/11/11/11/11/5n5/11/K9k w -/- - 1/0 0 1", [],
     [("after", ["c9c10"], "11/11/11/11/11/11/11/5PP5/11/K9k b -/- - 2/0 0 1")]),
    # f3 holds the White king: it stays; the pawn goes to the nearest empty square, e3 (ties
    # towards file a) ...
    ("second arrival beside royal", "11/2PP8/11/11/11/11/11/5K5/11/10k w -/- - 1/0 0 1", [],
     [("after", ["c9c10"], "11/11/11/11/11/11/11/4PPK5/11/10k b -/- - 2/0 0 1")]),
    # ... or g3 when e3 is full.
    ("second arrival e3 full", "11/2PP8/11/11/11/11/11/4NK5/11/10k w -/- - 1/0 0 1", [],
     [("after", ["c9c10"], "11/11/11/11/11/11/11/4NKPP4/11/10k b -/- - 2/0 0 1")]),
    ("third arrival", "11/2PP8/11/11/11/11/11/11/11/K9k w -/- - 2/0 0 1", [],
     [("after", ["c9c10"], "2A8/11/11/11/11/11/11/11/11/K9k b -/- - 3/0 0 1")]),
    # R12: the waiting pawn cannot be captured and blocks the rook's line.
    ("waiting pawn", "r3PP6/11/11/11/11/11/11/11/11/1K8k b -/- - 1/0 0 1", [],
     [("exact", "a10", ["a10a1", "a10a2", "a10a3", "a10a4", "a10a5", "a10a6", "a10a7", "a10a8",
                        "a10a9", "a10b10", "a10c10", "a10d10"])]),
    # R15: relocations: e5 forks d6 rook + f6 knight; j9 attacks the k10 giraffe, immobile after
    # the lift (its only diagonal j9 is then the pawn's); a9/c9 attack the b10 general that is
    # immobile before the lift but can take the pawn after it; e7 attacks two pawns only.
    ("relocation", "PPg8z/pn1pc4k1pr1/3pd1pe5/11/3r1n5/11/11/11/11/K10 w -/- - 1/0 0 1", [],
     [("exact", "", ["a10e5", "a10j9", "a1a2", "a1b1", "a1b2"])]),
    # e8 forks the d9 and f9 knights, but a square holding a royal (here White's own king) is
    # never a relocation target.
    ("relocation royal square", "PP10/3n1n5/4K6/11/11/11/11/11/11/10k w -/- - 1/0 0 1", [],
     [("lacks", ["a10e8"])]),
    ("relocation fork", "PP10/3n1n5/11/11/11/11/11/11/4K6/10k w -/- - 1/0 0 1", [],
     [("has", ["a10e8"])]),
    # Black's pawn of pawns relocates too (its forward is down): k1 waiting, c3 forks b2/d2.
    ("black relocation", "K10/11/11/11/5k5/11/11/11/1N1N7/10pp b -/- - 0/1 0 1", [],
     [("has", ["k1c3"])]),
]


def self_test(ref):
    failures = []
    if ref_perft(ref, 1) != 24:
        failures.append("start position depth 1 is not 24")
    if ref_perft(ref, 2) != 576:
        failures.append("start position depth 2 is not 576")
    for name, fen, before, checks in HAND:
        failures += driver.check_position(
            name, checks,
            moves_of=lambda more, fen=fen, before=before: ref_moves(ref, fen, list(before) + more),
            fen_of=lambda more, fen=fen, before=before: ref_fen(ref, fen, list(before) + more),
            perft_of=lambda depth, fen=fen, before=before: ref_perft(ref, depth, fen, before))
    return failures


# ----- step 2: random playouts ---------------------------------------------------------------

def parse_state(w):
    """The listing's "state royals N check 0|1 checkers N" (of the side to move)."""
    return {"royals": int(w[2]), "check": w[4] == "1", "checkers": int(w[6])}


def coords(square):
    f = {"l": 11, "z": -1}.get(square[0], ord(square[0]) - ord("a"))
    return f, int(square[1:]) - 1


def split_move(text):
    i = 1
    while text[i].isdigit():
        i += 1
    return text[:i], text[i:]


def citadel_distance(square, white):
    # Chebyshev distance from a square to the enemy citadel (White aims at z9, Black at l2).
    f, r = coords(square)
    tf, tr = (-1, 8) if white else (11, 1)
    return max(abs(f - tf), abs(r - tr))


def choose(rng, moves, style, white):
    specials = [m for m in moves if m[2] & SPECIAL]
    if specials and rng.random() < style["special"]:
        # an entry into a citadel ends the game: take it less eagerly than the others
        pick = rng.choice(specials)
        if not (pick[2] & {"citadel"}) or rng.random() < 0.5:
            return pick
    if rng.random() < style["walk"]:
        royal = [m for m in moves if m[1].upper() in ("K", "H", "A") and "swap" not in m[2]]
        closer = [m for m in royal
                  if citadel_distance(split_move(m[0])[1], white)
                  < citadel_distance(split_move(m[0])[0], white)]
        if closer:
            return rng.choice(closer)
    checks = [m for m in moves if "check" in m[2]]
    if checks and rng.random() < style["check"]:
        return rng.choice(checks)
    captures = [m for m in moves if "capture" in m[2]]
    if captures and rng.random() < style["capture"]:
        return rng.choice(captures)
    if rng.random() < style["pawn"]:
        pawns = [m for m in moves if m[1].upper().startswith("P") and "relocation" not in m[2]]
        pp = [m for m in pawns if m[1].upper() == "PP"]
        if pp and rng.random() < 0.6:
            return rng.choice(pp)
        if pawns:
            return rng.choice(pawns)
    return rng.choice(moves)


def features(fen, state, moves):
    board, _, citadels = fen.split()[:3]
    pieces = board.replace("PK", "").replace("pk", "") + citadels  # PK/pk: pawns of kings
    tags = set()
    for m in moves:
        tags |= m[2]
    out = set()
    for tag, name in (("promotion", "promotion"), ("arrival2", "second arrival"),
                      ("arrival3", "third arrival"), ("relocation", "relocation"),
                      ("swap", "swap")):
        if tag in tags:
            out.add(name)
    if tags & {"arrival1", "arrival2", "arrival3"}:
        out.add("pawn-of-pawns arrival")
    if tags & {"citadel", "own-citadel"}:
        out.add("citadel entry")
    if "H" in pieces or "h" in pieces:
        out.add("prince")
    if "A" in pieces or "a" in pieces:
        out.add("adventitious king")
    ranks = board.split("/")
    if "PP" in ranks[0] or "pp" in ranks[-1]:
        out.add("waiting pawn of pawns")
    if state["royals"] >= 2:
        out.add("two+ royals")
    if state["check"]:
        out.add("check")
    if state["checkers"] >= 2:
        out.add("double check")
    if not moves:
        out.add("no moves")
    return out


def playouts(ref, rng, wanted, depth2):
    """Returns [(moves, depth, features, tfen)] for `wanted` sampled positions."""
    player = driver.Player(ref, parse_state)
    samples = []
    try:
        while len(samples) < wanted:
            style = {"special": rng.choice([0.3, 0.6, 0.9]), "walk": rng.choice([0.0, 0.05, 0.2]),
                     "capture": rng.choice([0.2, 0.5, 0.8]), "pawn": rng.choice([0.2, 0.4, 0.6]),
                     "check": rng.choice([0.0, 0.1, 0.3])}
            length = rng.randint(20, MAX_PLIES)
            sample_p = rng.choice([0.02, 0.05, 0.1])
            player.ok("reset")
            line = []
            last_special = False
            for _ in range(length + 1):
                fen, state, moves = player.listing()
                feats = features(fen, state, moves)
                rare = bool(feats & {"promotion", "pawn-of-pawns arrival", "relocation", "swap",
                                     "citadel entry", "third arrival", "double check"}) \
                    or last_special
                if rare or not moves or rng.random() < sample_p * (3 if state["check"] else 1):
                    samples.append((list(line), feats, fen))
                    if len(samples) >= wanted:
                        break
                if not moves:
                    break
                move = choose(rng, moves, style, fen.split()[1] == "w")
                last_special = bool(move[2] & SPECIAL)
                player.ok("push " + move[0])
                line.append(move[0])
    finally:
        player.close()
    # depth 2 for `depth2` of them: rare-rule positions first, then at random
    order = list(range(len(samples)))
    rng.shuffle(order)
    order.sort(key=lambda i: 0 if samples[i][1] & {"swap", "relocation", "citadel entry",
                                                    "pawn-of-pawns arrival"} else 1)
    deep = set(order[:depth2])
    return [(s[0], 2 if i in deep else 1, s[1], s[2]) for i, s in enumerate(samples)]


# ----- step 3: comparison --------------------------------------------------------------------

def compare(citadel, ref, fen, moves, depth, tfen=None):
    """None if equal, else a report (tfen: the position reached, for the report)."""
    rc, out, err = driver.run(ref, ["perft", *position_args(fen, moves), "--depth", str(depth),
                                    "--divide"])
    if rc != 0:
        return driver.report_head("", depth, fen, moves, tfen) + "\n  reference error: " + \
            err.strip()
    return driver.compare(citadel, "tamerlane", fen, moves, depth, out, reached=tfen)


def main():
    run = driver.Session("tamerlane", "TAMERLANE_REF", "tamerlane_ref", "20250301")
    status = run.prepare(self_test, "%d hand-worked positions + start position" % len(HAND),
                         ["tamerlane"])
    if status is not None:
        return status

    samples = playouts(run.ref, random.Random(run.seed), run.wanted, run.depth2)
    gen_time = run.elapsed()
    jobs = [(None, moves, depth, tfen) for moves, depth, _, tfen in samples]
    for name, fen, before, _ in HAND:
        for depth in (1, 2):
            jobs.append((fen, list(before), depth))
    jobs.append((None, [], 3))
    failed = run.compare_all(jobs, lambda j: compare(run.citadel, run.ref, *j), lambda j: j[1])

    coverage = driver.count_coverage(REQUIRED + EXTRA, (s[2] for s in samples))
    plies = sum(len(s[0]) for s in samples)
    run.say("%d random positions (seed %s; %d at depth 2; mean line %d plies, longest %d), "
            "%d hand-worked positions at depths 1-2, start at depth 3; playouts %.1f s, "
            "total %.1f s"
            % (len(samples), run.seed, sum(1 for s in samples if s[1] == 2),
               plies // max(1, len(samples)), max(len(s[0]) for s in samples), len(HAND),
               gen_time, run.elapsed()))
    run.say("positions with " + ", ".join("%s %d" % (k, v) for k, v in coverage.items()))
    extra_fail = run.missing_coverage([k for k in REQUIRED if coverage[k] == 0])
    run.say("%d passed, %d failed" % (len(jobs) - len(failed), len(failed) + extra_fail))
    return 1 if failed or extra_fail else 0


if __name__ == "__main__":
    sys.exit(main())
