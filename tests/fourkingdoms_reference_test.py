#!/usr/bin/env python3
"""Four Kingdoms: Citadel's move generator against an independent reference (`fourkingdoms_ref`).

Usage: fourkingdoms_reference_test.py [path/to/citadel]   (ctest passes the binary)

The reference, tests/reference/fourkingdoms_ref.cpp, is a deliberately simple mailbox generator
written from the rule book (the spec that docs/rules/fourkingdoms.md, docs/notation.md and
docs/cli.md restate) alone, without reading the engine's Four Kingdoms sources; its header lists
every rule reading it took (R1..R22). This script

  1. checks the reference by itself: the start position (20 moves, 399 at depth 2, both modes)
     and hand-worked positions (outside pawns, no re-entry, promotion texts, en passant in a
     sideways direction and only for the very next move and only for enemies, castling of every
     seat, check comes first, mate with absorption / partner command, absorption when a third
     player's piece mates, repeated elimination scans, en passant in the elimination test,
     alliances and their end, the mover left in check, king capture, decided games);
  2. plays seeded random games from the start in each mode with the reference
     (`fourkingdoms_ref play`, one process per mode, both modes at once), biased towards mating
     moves, checks, captures, pawn advances, promotions, en passant and castling, and samples
     positions from them (always when a transient rule is in play, otherwise at random). In
     free-for-all some games form an alliance as soon as the book allows one (three players
     left, one an absorber; perft never generates it, it is a non-move action): the game goes
     on from that K4FEN, so allied play, the alliance's end and its aftermath are compared too;
  3. for each sampled position (and for the hand-worked ones) compares
         citadel perft --variant V [--fen K4FEN] --moves "..." --depth d --divide
     with the reference's output for the same position, line by line: d = 1 for every position,
     d = 2 for a few hundred of them per mode (positions with a mating move first). Any
     difference (a count, a move only one side lists, or citadel rejecting a move of the line)
     is a failure, printed with the mode, the moves, the depth and the differing lines.

The coverage lines count, per mode, the compared positions where a rule was in play (the move
list holds such a move, or the position arose from it); each required count must be > 0.

Environment: REF_POSITIONS (random positions per mode, default 1000), REF_DEPTH2 (how many of
them are also compared at depth 2, per mode, default 300), REF_SEED (default 20250401),
FOURKINGDOMS_REF (the reference binary; default: next to citadel), REF_REQUIRE_COVERAGE=0 (a
small run: uncovered rules are noted, not failed), REF_SELFTEST_ONLY=1 (only
step 1). Exit status 0 when everything agrees, 1 otherwise.
"""

import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import reference_driver as driver
from reference_driver import position_args, ref_output

MODES = ["fourkingdoms", "fourkingdoms-teams"]
REQUIRED = {
    "fourkingdoms": ["promotion", "en passant", "castling", "after elimination",
                     "mating move (depth 2)", "absorbed army moves", "alliance"],
    "fourkingdoms-teams": ["promotion", "en passant", "castling", "after elimination",
                           "mating move (depth 2)", "partner's army moves"],
}
EXTRA = ["check", "check-first skip", "sideways en passant", "promotion off the line",
         "two+ eliminated", "game over", "king capture"]
EXTRA_MODE = {"fourkingdoms": ["alliance ended"], "fourkingdoms-teams": []}


# ----- K4FEN builder for the hand-worked positions --------------------------------------------

def on_board(f, r):
    return 0 <= f < 14 and 0 <= r < 14 and not ((f < 3 or f > 10) and (r < 3 or r > 10))


def k4(pieces, player, castling="-", ep="-", control="eswn", alliance="-", half=0, full=1):
    """pieces: {"h1": "sK", ...} -> K4FEN (the writer's spelling)."""
    board = {}
    for sq, pc in pieces.items():
        board[(ord(sq[0]) - ord("a"), int(sq[1:]) - 1)] = pc
    rows = []
    for r in range(13, -1, -1):
        row, empty = "", 0
        for f in range(14):
            if on_board(f, r) and (f, r) not in board:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += board[(f, r)] if on_board(f, r) else "x"
        if empty:
            row += str(empty)
        rows.append(row)
    return "%s %s %s %s %d %d %s %s" % ("/".join(rows), player, castling, ep, half, full,
                                        control, alliance)


# the four kings on their start squares
KINGS = {"h1": "sK", "g14": "nK", "a8": "wK", "n7": "eK"}


def kings(**extra):
    d = dict(KINGS)
    for sq, pc in extra.items():
        if pc is None:
            d.pop(sq, None)
        else:
            d[sq] = pc
    return d


def promos(m):
    return [m] + [m + c for c in "qrbn"]


FFA, TEAMS = "fourkingdoms", "fourkingdoms-teams"

# Hand-worked positions: (name, mode, K4FEN, moves-before, [checks]); the checks are those of
# reference_driver.check_position ("after" compares K4FEN, as the reference writes it).
# Every one is also compared with citadel (perft --divide at depths 1 and 2).
HAND = [
    # R7: a South pawn outside its home (g7) steps orthogonally to empty squares and captures
    # diagonally in all four directions (f8 West knight, h8 North pawn; h6 is its own bishop).
    ("outside pawn", FFA, k4(kings(g7="sP", f8="wN", h8="nP", h6="sB"), "s"), [],
     [("exact", "g7", ["g7f7", "g7f8", "g7g6", "g7g8", "g7h7", "g7h8"])]),
    # R7: e4 is just outside South's home: it may not step back to e3 nor capture on d3/f3 (both
    # home squares, both hold enemies); it captures f5.
    ("no re-entry", FFA, k4(kings(e4="sP", d3="wN", f3="nN", f5="eN"), "s"), [],
     [("exact", "e4", ["e4d4", "e4e5", "e4f4", "e4f5"])]),
    # R6: inside its home a pawn moves and captures forward only: e3 (not the start line) -> e4,
    # captures d4 (enemy) but not f4 (its own knight); d2 steps to d3 but its double step is
    # blocked by the knight on d4; i2 steps and double-steps.
    ("inside pawn", FFA, k4(kings(e3="sP", d4="wN", f4="sN", d2="sP", i2="sP"), "s"), [],
     [("exact", "e3", ["e3d4", "e3e4"]), ("exact", "d2", ["d2d3"]),
      ("exact", "i2", ["i2i3", "i2i4"])]),
    # R5/R6: East's pawns move west: m5 single/double, captures l4 (South knight), not l6 (own).
    ("east pawn", FFA, k4(kings(m5="eP", l4="sN", l6="eB"), "e"), [],
     [("exact", "m5", ["m5k5", "m5l4", "m5l5"])]),
    # R5/R6: West's pawns move east (b6: c6, d6; captures c5, not c7 = own), North's south
    # (e13: e12, e11; captures f12).
    ("west pawn", FFA, k4(kings(b6="wP", c5="nN", c7="wN"), "w"), [],
     [("exact", "b6", ["b6c5", "b6c6", "b6d6"])]),
    ("north pawn", FFA, k4(kings(e13="nP", f12="eB", d12="nN"), "n"), [],
     [("exact", "e13", ["e13e11", "e13e12", "e13f12"])]),
    # R7/R11: an East pawn on b5 (West's home, outside its own): a5 is its promotion line.
    ("east promotion", FFA, k4(kings(b5="eP", a4="wN", a8=None, a11="wK"), "e"), [],
     [("exact", "b5", ["b5b4", "b5b6", "b5c5"] + promos("b5a4") + promos("b5a5"))]),
    # R11: a South pawn on e14 (its promotion line): every move, along the line, back off it,
    # and capturing off it, has five texts.
    ("promotion texts", FFA, k4(kings(e14="sP", f13="nN", g14=None, k12="nK"), "s"), [],
     [("exact", "e14", promos("e14d14") + promos("e14e13") + promos("e14f13") +
       promos("e14f14"))]),
    # R11: arriving on the line by a step or a capture; West pawn (promotion line file n).
    ("west promotion", FFA, k4(kings(m5="wP", n6="eN", n7=None, n9="eK"), "w"), [],
     [("exact", "m5", ["m5l5", "m5m4", "m5m6"] + promos("m5n5") + promos("m5n6"))]),
    # R11: declining keeps the right: after e14d14 (no promotion) the pawn may still promote.
    ("declined promotion", FFA, k4(kings(e14="sP", g14=None, k12="nK"), "s"),
     ["e14d14", "a8a9", "k12k11", "n7n6"],
     [("has", promos("d14d13") + promos("d14e14"))]),
    # R9: East double-steps m6k6 (passing l6); South moves next and may take en passant with its
    # outside pawns k5 (capturing "up-right") and m7 (capturing "down-left"). West's pawn k7
    # also reaches l6 but West does not move next; after South's other move the square is gone.
    ("en passant", FFA, k4(kings(m6="eP", k5="sP", m7="sP", k7="wP"), "e"), ["m6k6"],
     [("has", ["k5l6", "m7l6"]),
      ("after", ["k5l6"], k4(kings(l6="sP", m7="sP", k7="wP"), "w", half=0))]),
    ("en passant only next move", FFA, k4(kings(m6="eP", k5="sP", m7="sP", k7="wP"), "e"),
     ["m6k6", "h1g1"], [("lacks", ["k7l6"]), ("has", ["k7k8", "k7j7"])]),
    # R9/R3: in teams South is East's partner: no en passant on its pawn.
    ("en passant not for partner", TEAMS,
     k4(kings(m6="eP", k5="sP", m7="sP", k7="wP"), "e", alliance="es"), ["m6k6"],
     [("lacks", ["k5l6", "m7l6"])]),
    # R12: every seat's two castlings (kings and rooks only).
    ("castling east", FFA, k4(kings(n4="eR", n11="eR"), "e", castling="eKQ"), [],
     [("exact", "n7", ["n7m6", "n7m7", "n7m8", "n7n5", "n7n6", "n7n8", "n7n9"]),
      ("after", ["n7n5"], k4(kings(n7=None, n5="eK", n6="eR", n11="eR"), "s", half=1))]),
    ("castling south", FFA, k4(kings(d1="sR", k1="sR"), "s", castling="sKQ"), [],
     [("has", ["h1j1", "h1f1"]),
      ("after", ["h1j1"], k4(kings(h1=None, j1="sK", i1="sR", d1="sR"), "w", half=1))]),
    ("castling west", FFA, k4(kings(a4="wR", a11="wR"), "w", castling="wKQ"), [],
     [("has", ["a8a10", "a8a6"]),
      # the rook lands on a7 and checks East's king n7 along rank 7: East moves next (R17)
      ("after", ["a8a6"], k4(kings(a8=None, a6="wK", a7="wR", a11="wR"), "e", half=1,
                             full=2))]),
    ("castling north", FFA, k4(kings(d14="nR", k14="nR"), "n", castling="nKQ"), [],
     [("has", ["g14e14", "g14i14"]),
      # the rook lands on h14 and checks South's king h1 down the h-file: South moves next
      ("after", ["g14i14"], k4(kings(g14=None, i14="nK", h14="nR", d14="nR"), "s", half=1,
                                 full=2))]),
    # R12: East's short castling crosses n6, attacked by the West rook e6; the long one crosses
    # n8 and lands on n9; n10 (attacked by the West rook e10) only has to be empty.
    ("castling through attack", FFA,
     k4(kings(n4="eR", n11="eR", e6="wR", e10="wR"), "e", castling="eKQ"), [],
     [("has", ["n7n9"]), ("lacks", ["n7n5"])]),
    # R3/R12: in teams a partner's rook attacks nothing: both castlings allowed.
    ("castling past partner", TEAMS,
     k4(kings(n4="eR", n11="eR", e6="sR", e10="sR"), "e", castling="eKQ", alliance="es"), [],
     [("has", ["n7n9", "n7n5"])]),
    # R12: no castling while in check (West rook g7 checks along rank 7), nor with a piece
    # between king and rook (n10 East knight).
    ("castling in check", FFA,
     k4(kings(n4="eR", n11="eR", g7="wR", n10="eN"), "e", castling="eKQ"), [],
     [("lacks", ["n7n9", "n7n5"])]),
    # R17/R22: East's rook on e7 moves to e8, checking the West king a8 along rank 8: West
    # moves next (South skipped); after West's reply play goes on to North, then East (full-move 2).
    ("check comes first", FFA, k4(kings(e7="eR"), "e"), ["e7e8"],
     [("after", [], k4(kings(e8="eR"), "w", half=1)),
      ("after", ["a8a9"], k4(kings(e8="eR", a8=None, a9="wK"), "n", half=2)),
      ("after", ["a8a9", "g14g13"],
       k4(kings(e8="eR", a8=None, a9="wK", g14=None, g13="nK"), "e", half=3, full=2))]),
    # R17: two players checked at once: the first clockwise moves first (West before North).
    ("two checked", FFA, k4(kings(e7="eR", f13="eN"), "e"), ["e7e8"],
     [("after", [], k4(kings(e8="eR", f13="eN"), "w", half=1))]),
    # R16/R18: East's rook e5e1 mates South (king h1 behind its pawns): South's king leaves, East
    # takes command of South's army (control "eewn"); West moves next; later East moves the
    # South pawns with South's forward.
    ("mate absorbs", FFA, k4(kings(e5="eR", g2="sP", h2="sP", i2="sP"), "e"), [],
     [("after", ["e5e1"], k4(kings(e1="eR", g2="sP", h2="sP", i2="sP", h1=None), "w",
                                half=1, control="eewn")),
      # rook e5: 9 up, 4 down, 4 west, 9 east; king n7: 5
      ("perft", 1, 31)]),
    ("absorbed army moves", FFA, k4(kings(e5="eR", g2="sP", h2="sP", i2="sP"), "e"),
     ["e5e1", "a8a9", "g14g13"],
     [("has", ["g2g3", "g2g4", "h2h4", "i2i3"])]),
    # R18: the mate is delivered by a West rook (d1) when East's knight f1 leaves; still the
    # mover (East) absorbs South.
    ("third player's mate", FFA,
     k4(kings(d1="wR", f1="eN", g2="sP", h2="sP", i2="sP"), "e"), [],
     [("after", ["f1e3"], k4(kings(d1="wR", e3="eN", g2="sP", h2="sP", i2="sP", h1=None), "w",
                                half=1, control="eewn"))]),
    # R18 teams: West mates South; South's partner East takes command of South's army.
    ("mate partner commands", TEAMS,
     k4(kings(e5="wR", g2="sP", h2="sP", i2="sP"), "w", alliance="es"), [],
     [("after", ["e5e1"], k4(kings(e1="wR", g2="sP", h2="sP", i2="sP", h1=None), "n", half=1,
                                control="eewn", alliance="es")),
      ("has_after", ["e5e1", "g14g13"], ["g2g4", "h2h3", "n7n6"])]),
    # R16: repeated scans. East's rook d10h10 mates the West king h5 (g- and i-file rooks cover
    # its flanks); with that king gone the h-file opens onto South's king h1, which the first
    # scan (South before West) had not found in check: the second scan mates South too.
    ("second scan", FFA,
     k4(kings(d10="eR", g12="eR", i12="eR", a8=None, h5="wK", g14=None, d13="nK",
              g1="sR", i1="sR", g2="sP", i2="sP"), "e"), [],
     [("after", ["d10h10"], k4(kings(h10="eR", g12="eR", i12="eR", a8=None, g14=None,
                                      d13="nK", g1="sR", i1="sR", g2="sP", i2="sP", h1=None),
                                "n", half=1, control="eeen"))]),
    # R3/R14/R15/R18/R19: East absorbed South; West and North are allied (kings f8/g9 side by
    # side; the West rook g5 may not take the North knight g6, nor the West king the North
    # king). West's d11n11
    # mates East: legal because the alliance still stood before the move; the alliance ends,
    # West absorbs East's armies ("wwwn"), and now the kings attack each other: North (in check)
    # moves next and may capture the West king, which ends the game.
    ("alliance", FFA,
     k4({"n7": "eK", "m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB", "f8": "wK", "d11": "wR",
         "g9": "nK", "g6": "nN", "g5": "wR"}, "w", control="eewn", alliance="wn"), [],
     [("lacks", ["g5g6", "f8g9"]), ("has", ["f8g8", "d11n11"]),
      ("after", ["d11n11"], k4({"m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB", "f8": "wK",
                               "n11": "wR", "g9": "nK", "g6": "nN", "g5": "wR"}, "n", half=1,
                              control="wwwn")),
      # the North king may take the West king; the knight may not (g6 leaving opens the West
      # rook g5's file onto the North king g9: R14)
      ("has_after", ["d11n11"], ["g9f8"]), ("lacks_after", ["d11n11"], ["g6f8"]),
      ("after", ["d11n11", "g9f8"], k4({"m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB",
                                        "f8": "nK", "n11": "wR", "g6": "nN", "g5": "wR"}, "n",
                                       half=0, control="nnnn", full=2)),
      ("count_after", ["d11n11", "g9f8"], 0)]),
    # R17/R21: as above, but the North rook f12 (harmless to its ally) attacks the West king f8
    # once the alliance ends with d11n11; North is not in check. The mover is not a candidate
    # for "first in check": North moves next (not West again) and may capture the West king.
    ("alliance, mover in check", FFA,
     k4({"n7": "eK", "m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB", "f8": "wK", "d11": "wR",
         "j12": "nK", "f12": "nR"}, "w", control="eewn", alliance="wn"), [],
     [("after", ["d11n11"], k4({"m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB", "f8": "wK",
                               "n11": "wR", "j12": "nK", "f12": "nR"}, "n", half=1,
                              control="wwwn")),
      ("has_after", ["d11n11"], ["f12f8", "j12k12"]),
      ("count_after", ["d11n11", "f12f8"], 0)]),
    # R14: legality is judged before the captured king's army changes hands: with a West
    # bishop h10 also aiming at the North king j12 (harmless while allied), after d11n11 the
    # rook's f12f8 would take the West king but leave the bishop's check: illegal. Only king
    # moves remain (j11/k11 on the rook's rank 11, i11/k13 on the bishop's diagonal).
    ("king capture into check", FFA,
     k4({"n7": "eK", "m6": "eP", "m7": "eP", "m8": "eP", "n6": "eB", "f8": "wK", "d11": "wR",
         "h10": "wB", "j12": "nK", "f12": "nR"}, "w", control="eewn", alliance="wn"), [],
     [("lacks_after", ["d11n11"], ["f12f8"]), ("count_after", ["d11n11"], 4)]),
    # R20: free-for-all with two players left: the mate leaves East alone: no moves.
    ("last mate", FFA, k4({"n7": "eK", "e5": "eR", "h1": "sK", "g2": "sP", "h2": "sP",
                           "i2": "sP"}, "e", control="esee"), [],
     [("after", ["e5e1"], k4({"n7": "eK", "e1": "eR", "g2": "sP", "h2": "sP", "i2": "sP"}, "e",
                             half=1, control="eeee", full=2)),
      ("count_after", ["e5e1"], 0), ("perft", 1, 31)]),
    # R20 teams: West is out (its army under North); East's rook mates North: the West+North
    # team has no king left, the game is decided (no moves); South is named next.
    ("team decided", TEAMS,
     k4({"n7": "eK", "e5": "eR", "h1": "sK", "g14": "nK", "f13": "nP", "g13": "nP", "h13": "nP",
         "b6": "wP"}, "e", control="esnn", alliance="es"), [],
     [("after", ["e5e14"], k4({"n7": "eK", "e14": "eR", "h1": "sK", "f13": "nP", "g13": "nP",
                              "h13": "nP", "b6": "wP"}, "s", half=1, control="esww",
                             alliance="es")),
      ("count_after", ["e5e14"], 0)]),
    # R16: en passant in the elimination test counts only for the player who moves next.
    # North's e13e11 double step checks South's king f10 (the pawn attacks f10); South's only
    # answer is f11e12 en passant. With the rook d13 the same move also checks East (k13 along
    # rank 13); East, first in check clockwise from North, moves next, so the en passant does
    # not count for South: South is mated and North absorbs it. Without that rook South moves
    # next and must take en passant.
    ("en passant in the scan", FFA,
     k4({"k13": "eK", "f10": "sK", "e9": "sP", "e10": "sP", "f9": "sP", "f11": "sP",
         "g9": "sP", "g10": "sP", "g11": "sP", "a8": "wK", "g14": "nK", "e13": "nP",
         "e14": "nR", "d13": "nR"}, "n"), [],
     [("after", ["e13e11"], k4({"k13": "eK", "e9": "sP", "e10": "sP", "f9": "sP", "f11": "sP",
                               "g9": "sP", "g10": "sP", "g11": "sP", "a8": "wK", "g14": "nK",
                               "e11": "nP", "e14": "nR", "d13": "nR"}, "e", full=2,
                              control="enwn")),
      ("count_after", ["e13e11"], 4)]),
    ("en passant for the next player", FFA,
     k4({"k13": "eK", "f10": "sK", "e9": "sP", "e10": "sP", "f9": "sP", "f11": "sP",
         "g9": "sP", "g10": "sP", "g11": "sP", "a8": "wK", "g14": "nK", "e13": "nP",
         "e14": "nR"}, "n"), [],
     [("after", ["e13e11"], k4({"k13": "eK", "f10": "sK", "e9": "sP", "e10": "sP", "f9": "sP",
                               "f11": "sP", "g9": "sP", "g10": "sP", "g11": "sP", "a8": "wK",
                               "g14": "nK", "e11": "nP", "e14": "nR"}, "s", ep="e12", full=2)),
      ("has_after", ["e13e11"], ["f11e12"]), ("count_after", ["e13e11"], 1)]),
    # R3 teams: partners' kings may stand side by side; the East king may step next to South's.
    ("partners side by side", TEAMS,
     k4({"k4": "eK", "j3": "sK", "a8": "wK", "g14": "nK"}, "e", alliance="es"), [],
     [("exact", "k4", ["k4j4", "k4j5", "k4k3", "k4k5", "k4l4", "k4l5"])]),
    # R14 teams: South may expose its partner's king (the knight h7 leaves the West rook e7's
    # line to n7); East, now in check, moves next (West and North skipped; full-move 2).
    ("expose partner", TEAMS, k4(kings(e7="wR", h7="sN"), "s", alliance="es"), [],
     [("has", ["h7g5"]),
      ("after", ["h7g5"], k4(kings(e7="wR", g5="sN"), "e", half=1, full=2, alliance="es"))]),
]


def self_test(ref):
    failures = []

    def moves_of(mode, fen, before):
        return ref_output(ref, ["moves", "--variant", mode, *position_args(fen, before)]).split()

    def fen_of(mode, fen, before):
        return ref_output(ref, ["fen", "--variant", mode, *position_args(fen, before)]).strip()

    def perft_of(mode, depth, fen=None, before=()):
        return int(ref_output(ref, ["perft", "--variant", mode, *position_args(fen, before),
                                    "--depth", str(depth)]).split()[-1])

    for mode in MODES:
        for depth, want in ((1, 20), (2, 399)):
            got = perft_of(mode, depth)
            if got != want:
                failures.append("%s start depth %d: %d, expected %d" % (mode, depth, got, want))
    for name, mode, fen, before, checks in HAND:
        failures += driver.check_position(
            name, checks,
            moves_of=lambda more, m=mode, f=fen, b=before: moves_of(m, f, list(b) + more),
            fen_of=lambda more, m=mode, f=fen, b=before: fen_of(m, f, list(b) + more),
            perft_of=lambda depth, m=mode, f=fen, b=before: perft_of(m, depth, f, b))
    return failures


# ----- step 2: random playouts ---------------------------------------------------------------

def parse_state(w):
    """The listing's "state tomove P check 0|1 ingame N control XXXX decided 0|1 incheck P|-"."""
    return {"tomove": w[2], "check": w[4] == "1", "ingame": int(w[6]), "control": w[8],
            "decided": w[10] == "1", "incheck": w[12]}


def choose(rng, moves, style):
    for tag in ("elim", "promo", "ep", "castle", "check", "capture"):
        c = [m for m in moves if tag in m[2]]
        if c and rng.random() < style[tag]:
            return rng.choice(c)
    if rng.random() < style["advance"]:
        adv = [m for m in moves if "advance" in m[2]]
        if adv:
            return rng.choice(adv)
    return rng.choice(moves)


FORWARD = {"e": (-1, 0), "s": (0, 1), "w": (1, 0), "n": (0, -1)}


def squares(text):
    """'m10l11q' -> [(12, 9), (11, 10)]"""
    out, i = [], 0
    while len(out) < 2:
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        out.append((ord(text[i]) - ord("a"), int(text[i + 1:j]) - 1))
        i = j
    return out


def not_forward(text, piece):
    """A pawn move that does not go towards its army's forward (an outside pawn's freedom)."""
    (ff, fr), (tf, tr) = squares(text)
    df, dr = FORWARD[piece[0]]
    return (tf - ff) * df + (tr - fr) * dr <= 0


def features(mode, state, moves, last_tags):
    tags = set()
    for m in moves:
        tags |= m[2]
    out = set()
    for tag, name in (("promo", "promotion"), ("ep", "en passant"), ("castle", "castling"),
                      ("elim", "mating move"), ("kingcapture", "king capture")):
        if tag in tags:
            out.add(name)
    if any("ep" in m[2] and not_forward(m[0], m[1]) for m in moves):
        out.add("sideways en passant")
    if any("promo" in m[2] and not_forward(m[0], m[1]) for m in moves):
        out.add("promotion off the line")
    if state["ingame"] < 4:
        out.add("after elimination")
    if state["ingame"] < 3:
        out.add("two+ eliminated")
    if any(m[1][0] != state["tomove"] for m in moves):
        out.add("partner's army moves" if mode == TEAMS else "absorbed army moves")
    if state["check"]:
        out.add("check")
    if "skip" in last_tags:
        out.add("check-first skip")
    if state["decided"]:
        out.add("game over")
    return out


# How eagerly a position is sampled when a rule is in play (otherwise the game's sample_p):
# transient rules always, lasting ones (a castling right, a pawn on its promotion line) less.
SAMPLE_P = {"mating move": 1.0, "game over": 1.0, "king capture": 1.0, "en passant": 1.0,
            "castling": 0.3, "promotion": 0.3, "check-first skip": 0.05}
RARE = {"mating move", "game over", "king capture", "en passant", "promotion",
        "check-first skip"}


def with_alliance(fen, state):
    """Free-for-all, three players in the game, one of them an absorber, nobody in check: the
    K4FEN with the other two allied (an alliance is formed outside moves), else None."""
    control = state["control"]
    players = [p for i, p in enumerate("eswn") if control[i] == p]
    if len(players) != 3 or state["incheck"] != "-" or state["decided"]:
        return None
    absorber = [p for p in players if control.count(p) > 1]
    if len(absorber) != 1:
        return None
    fields = fen.split()
    fields[7] = "".join(p for p in players if p != absorber[0])
    return " ".join(fields)


def playouts(ref, rng, mode, wanted, depth2):
    """Returns [(base K4FEN or None, moves, depth, features, k4fen, reference divide text)] for
    `wanted` positions sampled from random games; the reference's perft --divide comes from the
    play process. In free-for-all some games form an alliance when the book allows one (three
    players left, one of them an absorber): the game then goes on from that K4FEN."""
    player = driver.Player(ref, parse_state)
    samples = []
    deep = 0
    try:
        while len(samples) < wanted:
            style = {"elim": rng.choice([0.7, 0.95]), "promo": rng.choice([0.3, 0.8]),
                     "ep": rng.choice([0.3, 0.8]), "castle": rng.choice([0.1, 0.4]),
                     "check": rng.choice([0.05, 0.2, 0.4]),
                     "capture": rng.choice([0.3, 0.6, 0.9]),
                     "advance": rng.choice([0.2, 0.5, 0.8]),
                     "ally": rng.choice([0.0, 0.2, 0.5]) if mode == FFA else 0.0}
            length = rng.randint(40, 700)
            sample_p = rng.choice([0.01, 0.02, 0.04])
            player.ok("reset " + mode)
            base, line, last_tags = None, [], set()
            for _ in range(length + 1):
                fen, state, moves = player.listing()
                if base is None and rng.random() < style["ally"]:
                    allied = with_alliance(fen, state)
                    if allied:
                        base, line = allied, []
                        player.ok("reset %s %s" % (mode, base))
                        fen, state, moves = player.listing()
                feats = features(mode, state, moves, last_tags)
                if fen.split()[7] != "-" and mode == FFA:
                    feats.add("alliance")
                elif base is not None:
                    feats.add("alliance ended")
                rare = bool(feats & RARE) or "elim" in last_tags
                p = max([sample_p, 1.0 if "elim" in last_tags else 0.0] +
                        [SAMPLE_P[f] for f in feats if f in SAMPLE_P])
                if rng.random() < p:
                    depth = 1
                    if deep < depth2 and rng.random() < (0.6 if "mating move" in feats else
                                                         0.3 if rare else 0.15):
                        depth = 2
                        deep += 1
                        if "mating move" in feats:
                            feats.add("mating move (depth 2)")
                    samples.append((base, list(line), depth, feats, fen, player.divide(depth)))
                    if len(samples) >= wanted:
                        break
                if not moves:
                    break
                move = choose(rng, moves, style)
                last_tags = move[2]
                player.ok("push " + move[0])
                line.append(move[0])
    finally:
        player.close()
    return samples


# ----- step 3: comparison --------------------------------------------------------------------

def ref_divide(ref, mode, fen, moves, depth):
    return ref_output(ref, ["perft", "--variant", mode, *position_args(fen, moves),
                            "--depth", str(depth), "--divide"])


def compare(citadel, mode, fen, moves, depth, ref_out, k4fen=None):
    """None if equal, else a report (k4fen: the position reached, for the report)."""
    return driver.compare(citadel, mode, fen, moves, depth, ref_out, label=mode + " ",
                          reached=k4fen)


def main():
    run = driver.Session("fourkingdoms", "FOURKINGDOMS_REF", "fourkingdoms_ref", "20250401")
    status = run.prepare(self_test, "%d hand-worked positions + start positions" % len(HAND),
                         MODES)
    if status is not None:
        return status
    ref, seed = run.ref, run.seed

    def timed_playouts(mode):
        t0 = time.time()
        samples = playouts(ref, random.Random("%s/%s" % (seed, mode)), mode, run.wanted,
                           run.depth2)
        return samples, time.time() - t0

    with ThreadPoolExecutor(max_workers=len(MODES)) as pool:  # one reference process each
        generated = dict(zip(MODES, pool.map(timed_playouts, MODES)))
    jobs, coverage, stats = [], {}, {}
    for mode in MODES:
        samples, secs = generated[mode]
        stats[mode] = (len(samples), sum(1 for s in samples if s[2] == 2),
                       sum(len(s[1]) for s in samples) // max(1, len(samples)),
                       max(len(s[1]) for s in samples), secs)
        coverage[mode] = driver.count_coverage(REQUIRED[mode] + EXTRA_MODE[mode] + EXTRA,
                                               (s[3] for s in samples))
        jobs += [(mode, base, moves, depth, out, k4fen)
                 for base, moves, depth, _, k4fen, out in samples]
    # the hand-worked positions at depths 1 and 2, the start positions at depth 3
    for name, mode, fen, before, _ in HAND:
        for depth in (1, 2):
            jobs.append((mode, fen, list(before), depth, ref_divide(ref, mode, fen, before, depth),
                         None))
    for mode in MODES:
        jobs.append((mode, None, [], 3, ref_divide(ref, mode, None, [], 3), None))

    # the play protocol and the command line of the reference must agree (a few of each mode)
    cli_failed = []
    for mode in MODES:
        samples = generated[mode][0]
        for base, moves, depth, _, _, out in samples[::max(1, len(samples) // 10)][:10]:
            if ref_divide(ref, mode, base, moves, depth) != out:
                cli_failed.append(driver.report_head(mode + " ", depth, base, moves))
    for f in cli_failed:
        print("REFERENCE play/command line disagree: " + f)

    failed = run.compare_all(jobs, lambda j: compare(run.citadel, *j), lambda j: j[2])

    missing = []
    for mode in MODES:
        n, deep, mean, longest, secs = stats[mode]
        run.say("%s: %d random positions (seed %s; %d at depth 2; mean line %d plies, longest "
                "%d; playouts %.1f s)" % (mode, n, seed, deep, mean, longest, secs))
        run.say("%s: positions with %s" % (mode, ", ".join(
            "%s %d" % kv for kv in coverage[mode].items())))
        missing += ["%s: %s" % (mode, k) for k in REQUIRED[mode] if coverage[mode][k] == 0]
    run.say("%d hand-worked positions at depths 1-2, start at depth 3; total %.1f s"
            % (len(HAND), run.elapsed()))
    extra_fail = run.missing_coverage(missing)
    run.say("%d passed, %d failed"
            % (len(jobs) - len(failed), len(failed) + len(cli_failed) + extra_fail))
    return 1 if failed or extra_fail or cli_failed else 0


if __name__ == "__main__":
    sys.exit(main())
