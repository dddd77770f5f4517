#!/usr/bin/env python3
"""Differential perft test: Citadel against Fairy-Stockfish on random positions.

Usage: oracle_test.py [path/to/citadel]        (ctest passes the binary; default build/citadel)

For each variant (chess, silverman, pawnrace) it plays random games from the start position,
choosing moves from Citadel's own `citadel moves` output, and compares Citadel with
Fairy-Stockfish (one UCI process per variant, fed `position startpos moves ...`):

  * at every ply of every playout: Citadel's legal move list against FSF's `go perft 1`
    divide (this also proves that FSF accepted every move of the line: FSF silently stops
    reading `position ... moves` at the first move it does not know);
  * at sampled plies (the "positions" counted below): `citadel perft --divide --depth d`
    against FSF's `go perft d` divide, d in 1..3, per move and in total, exactly.

Citadel is given the position as `--moves` from the start (it has no FEN output yet); FSF
gets the same moves. Move choice is biased towards castling, en passant and promotions and
positions are sampled more often when such a move is available or the side to move is in
check, so that those rules are exercised; the closing coverage lines say how often.

Fairy-Stockfish is Debian 12's 11.1 with tests/oracle/variants.ini. Rule agreement:
  * chess: FSF's own chess. Its perft ignores repetition and the 50/75-move counters, as
    docs/cli.md asks of Citadel.
  * silverman: variants.ini reproduces the rule book's perft numbers from the start.
  * pawnrace: the won race is FSF's flag rule (whiteFlag/blackFlag, the names FSF 11.1 knows);
    with it FSF's perft counts no moves below a pawn that reached its last rank, which is
    Citadel's rule (a position the rules end has no moves). So no position or depth has to be
    filtered out: pawnrace is compared like the others, arrivals and won races included.

Environment: ORACLE_SEED (default 20240611), ORACLE_POSITIONS (per variant, default 500),
ORACLE_VARIANTS (comma list, default all three), FAIRY_STOCKFISH (path to the engine).
Exit status 0 when everything agrees, 1 on any mismatch or error.
"""

import os
import random
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from engine_process import EngineError, UciEngine

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "oracle", "variants.ini")
VARIANTS = ["chess", "silverman", "pawnrace"]
# Longest playout (plies) per variant; each playout's length is drawn from 1..this.
MAX_PLIES = {"chess": 160, "silverman": 50, "pawnrace": 60}
# Rules each variant must have exercised when at least MIN_FOR_COVERAGE positions are tested.
REQUIRED = {
    "chess": ["check", "castling", "en passant", "promotion"],
    "silverman": ["check", "promotion"],
    "pawnrace": ["en passant", "promotion"],
}
FEATURES = ["check", "castling", "en passant", "promotion", "capture", "no moves"]
MIN_FOR_COVERAGE = 200
MAX_REPORTED_FAILURES = 5
TIMEOUT = 120  # seconds for any single answer

DIVIDE_LINE = re.compile(r"^(\S+): (\d+)$")
UCI_MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([a-z]?)$")


# A failure of either program (FSF's come from engine_process).
OracleError = EngineError


def find_fsf():
    for cand in (os.environ.get("FAIRY_STOCKFISH"), "/usr/games/fairy-stockfish",
                 shutil.which("fairy-stockfish")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


class Fsf(UciEngine):
    """One Fairy-Stockfish process speaking UCI, set to one variant."""

    def __init__(self, path, variant):
        super().__init__("fairy-stockfish (%s)" % variant, path, variant_path=INI,
                         stderr=subprocess.STDOUT, timeout=TIMEOUT)
        self.set_variant(variant)  # no search is running yet, so readyok follows the options

    def perft(self, moves, depth):
        """(divide dict, total) of `go perft depth` after `moves`."""
        self.position(moves=moves)
        lines = self.go_perft(depth)
        divide = {}
        for line in lines[:-1]:
            m = DIVIDE_LINE.match(line)
            if m:
                divide[m.group(1)] = int(m.group(2))
        return divide, int(lines[-1].split(":")[1])

    def show(self, moves):
        """(FEN, in check) after `moves`, from FSF's `d`."""
        self.position(moves=moves)
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        fen = next(l[len("Fen: "):] for l in lines if l.startswith("Fen: "))
        return fen, lines[-1][len("Checkers:"):].strip() != ""


class Citadel:
    def __init__(self, path, variant):
        self.path, self.variant = path, variant

    def run(self, args):
        cmd = [self.path] + args
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise OracleError("citadel timed out: %s" % cmd)
        if r.returncode != 0:
            raise OracleError("citadel failed (status %d): %s\n%s%s"
                              % (r.returncode, " ".join(cmd), r.stdout, r.stderr))
        return r.stdout

    def moves(self, moves):
        return self.run(["moves", "--variant", self.variant, "--moves", " ".join(moves)]).split()

    def perft(self, moves, depth):
        """(divide dict, total, move texts in printed order)."""
        out = self.run(["perft", "--variant", self.variant, "--moves", " ".join(moves),
                        "--depth", str(depth), "--divide"]).splitlines()
        divide, order, total = {}, [], None
        for line in out:
            if line.startswith("Nodes searched:"):
                total = int(line.split(":")[1])
            elif DIVIDE_LINE.match(line):
                m = DIVIDE_LINE.match(line)
                divide[m.group(1)] = int(m.group(2))
                order.append(m.group(1))
        if total is None:
            raise OracleError("citadel perft printed no 'Nodes searched' line:\n" + "\n".join(out))
        return divide, total, order


def parse_board(fen):
    """{square name: piece letter} and the side to move / ep square from a FEN."""
    fields = fen.split()
    rows = fields[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = len(rows) - i
        file = 0
        for tok in re.findall(r"\d+|.", row):
            if tok.isdigit():
                file += int(tok)
            else:
                board["%s%d" % (chr(ord("a") + file), rank)] = tok
                file += 1
    ep = fields[3] if len(fields) > 3 else "-"
    return board, len(rows), ep


def classify(move, board, ranks, ep):
    """The set of FEATURES a move shows in this position."""
    m = UCI_MOVE.match(move)
    if not m:
        return set()
    ff, fr, tf, tr = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
    piece = board.get(ff + str(fr), "?")
    to = tf + str(tr)
    tags = set()
    if to in board:
        tags.add("capture")
    if piece in "pP":
        if ff != tf and to not in board and to == ep:
            tags.update(("en passant", "capture"))
        if tr == (ranks if piece == "P" else 1):
            tags.add("promotion")
    if piece in "kK" and abs(ord(ff) - ord(tf)) == 2:
        tags.add("castling")
    return tags


def format_divides(cit, fsf):
    keys = sorted(set(cit) | set(fsf))
    rows = ["    %-8s %12s %12s" % ("move", "citadel", "fsf")]
    for k in keys:
        a, b = cit.get(k, "-"), fsf.get(k, "-")
        rows.append("    %-8s %12s %12s%s" % (k, a, b, "   <-- differs" if a != b else ""))
    return "\n".join(rows)


def run_variant(variant, citadel_path, fsf_path, seed, wanted):
    """Returns a result dict; never raises."""
    res = {"variant": variant, "passed": 0, "failed": 0, "plies": 0, "playouts": 0,
           "depths": {1: 0, 2: 0, 3: 0}, "coverage": {f: 0 for f in FEATURES},
           "reports": [], "error": None, "seconds": 0.0}
    start = time.time()
    rng = random.Random("%s:%s" % (seed, variant))
    cit = Citadel(citadel_path, variant)
    fsf = None

    def fail(text):
        res["failed"] += 1
        if len(res["reports"]) < MAX_REPORTED_FAILURES:
            res["reports"].append(text)

    try:
        fsf = Fsf(fsf_path, variant)
        while res["passed"] + res["failed"] < wanted and res["failed"] < MAX_REPORTED_FAILURES:
            res["playouts"] += 1
            length = rng.randint(1, MAX_PLIES[variant])
            line, last_tags = [], set()
            while True:
                legal = cit.moves(line)
                res["plies"] += 1
                fdiv, ftotal = fsf.perft(line, 1)
                if sorted(legal) != sorted(fdiv) or ftotal != len(legal):
                    fail("%s: legal moves differ after moves \"%s\" (depth 1)\n"
                         "  citadel moves: %s\n  fsf perft 1:   %s (Nodes searched: %d)"
                         % (variant, " ".join(line), " ".join(sorted(legal)),
                            " ".join(sorted(fdiv)), ftotal))
                    break
                fen, in_check = fsf.show(line)
                board, ranks, ep = parse_board(fen)
                tags_of = {mv: classify(mv, board, ranks, ep) for mv in legal}
                here = set().union(*tags_of.values()) if legal else set()
                if in_check:
                    here.add("check")
                if not legal:
                    here.add("no moves")
                here |= last_tags - {"capture"}
                special = here & {"check", "castling", "en passant", "promotion", "no moves"}
                ends = not legal or len(line) >= length
                if ends or rng.random() < (0.35 if special else 0.1):
                    depth = rng.randint(1, 3)
                    cdiv, ctotal, corder = cit.perft(line, depth)
                    fdiv, ftotal = fsf.perft(line, depth)
                    problems = []
                    if cdiv != fdiv or ctotal != ftotal:
                        problems.append("perft differs")
                    if sum(cdiv.values()) != ctotal:
                        problems.append("citadel's divide does not add up to its total")
                    if corder != sorted(corder, key=lambda s: s.encode()):
                        problems.append("citadel's divide is not in ascending byte order")
                    if problems:
                        fail("%s: %s\n  moves: \"%s\"\n  fen (fsf): %s\n  depth %d: citadel "
                             "Nodes searched %d, fsf Nodes searched %d\n%s"
                             % (variant, "; ".join(problems), " ".join(line), fen, depth,
                                ctotal, ftotal, format_divides(cdiv, fdiv)))
                        break
                    res["passed"] += 1
                    res["depths"][depth] += 1
                    for f in here:
                        res["coverage"][f] += 1
                    if res["passed"] + res["failed"] >= wanted:
                        break
                if ends:
                    break
                specials = [mv for mv in legal if tags_of[mv] & {"castling", "en passant", "promotion"}]
                move = rng.choice(specials) if specials and rng.random() < 0.7 else rng.choice(legal)
                last_tags = tags_of[move]
                line.append(move)
    except OracleError as e:
        res["error"] = str(e)
    except Exception as e:  # a bug in this script: report it as a failure, not a crash
        res["error"] = "%s: %r" % (type(e).__name__, e)
    finally:
        if fsf:
            fsf.close()
    res["seconds"] = time.time() - start
    return res


def main():
    citadel = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                              os.path.join(HERE, "..", "build", "citadel"))
    seed = os.environ.get("ORACLE_SEED", "20240611")
    wanted = int(os.environ.get("ORACLE_POSITIONS", "500"))
    variants = [v for v in os.environ.get("ORACLE_VARIANTS", ",".join(VARIANTS)).split(",") if v]
    fsf = find_fsf()
    if not os.access(citadel, os.X_OK):
        print("oracle: error: no citadel binary at %s" % citadel)
        return 1
    if not fsf:
        print("oracle: error: fairy-stockfish not found (install it with scripts/deps, or set "
              "FAIRY_STOCKFISH)")
        return 1
    print("oracle: citadel %s, fairy-stockfish %s, seed %s, %d positions per variant"
          % (citadel, fsf, seed, wanted), flush=True)
    start = time.time()
    with ThreadPoolExecutor(max_workers=len(variants)) as pool:
        results = list(pool.map(lambda v: run_variant(v, citadel, fsf, seed, wanted), variants))
    passed = failed = 0
    for r in results:
        for text in r["reports"]:
            print("MISMATCH " + text + "\n", flush=True)
        if r["error"]:
            print("ERROR %s: %s\n" % (r["variant"], r["error"]))
            r["failed"] += 1
        total = r["passed"] + r["failed"]
        if total < wanted and not r["failed"]:
            r["failed"] += 1
            print("ERROR %s: only %d of %d positions tested" % (r["variant"], total, wanted))
        missing = [f for f in REQUIRED.get(r["variant"], []) if r["coverage"][f] == 0]
        if missing and r["passed"] >= MIN_FOR_COVERAGE and not r["failed"]:
            r["failed"] += 1
            print("ERROR %s: no tested position exercised: %s (change the playouts or seed)"
                  % (r["variant"], ", ".join(missing)))
        passed += r["passed"]
        failed += r["failed"]
    for r in results:
        cov = ", ".join("%s %d" % (f, r["coverage"][f]) for f in FEATURES)
        print("oracle: %-9s %d passed, %d failed; depth 1/2/3: %d/%d/%d; %d plies of %d playouts "
              "also checked at depth 1; %.1f s; positions with %s"
              % (r["variant"], r["passed"], r["failed"], r["depths"][1], r["depths"][2],
                 r["depths"][3], r["plies"], r["playouts"], r["seconds"], cov))
    print("oracle: wall time %.1f s" % (time.time() - start))
    print("oracle: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
