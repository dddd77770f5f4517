"""What the reference comparisons (tests/*_reference_test.py) share.

Each of those scripts checks an independent reference generator (tests/reference/<v>_ref.cpp)
by itself on hand-worked positions, samples positions from random games the reference plays,
and compares `citadel perft --divide` with the reference's, line by line. This module holds the
parts that do not depend on the variant: running the programs, the hand-worked checks, the
reference's `play` line protocol, the divide comparison and its report, and the run's frame
(binaries, environment, self-test, mismatch listing).
"""

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_REPORTED = 8
TIMEOUT = 120


def run(binary, args):
    r = subprocess.run([binary, *args], capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout, r.stderr


def position_args(fen, moves):
    args = []
    if fen:
        args += ["--fen", fen]
    if moves:
        args += ["--moves", " ".join(moves)]
    return args


def position_text(fen, moves):
    """The position as command-line options, for reports."""
    return "%s--moves \"%s\"" % (("--fen \"%s\" " % fen) if fen else "", " ".join(moves))


def ref_output(ref, args):
    """The reference's standard output for `args`; AssertionError if it fails."""
    rc, out, err = run(ref, args)
    if rc != 0:
        raise AssertionError("%s %s failed: %s" % (os.path.basename(ref), args[0], err.strip()))
    return out


# ----- step 1: hand-worked checks ------------------------------------------------------------

def check_position(name, checks, moves_of, fen_of, perft_of):
    """The failures of one hand-worked position's checks. moves_of(more) and fen_of(more) give
    the legal moves and the position text after the position's moves plus `more`;
    perft_of(depth) its leaf count. Each check is one of
      ("exact", prefix, [moves])   the legal moves starting with prefix are exactly these
      ("has", [moves]) / ("lacks", [moves])
      ("count", n)                 number of legal moves
      ("after", [moves], text)     the position after these moves (as the reference writes it)
      ("has_after" / "lacks_after", [moves], [moves]), ("count_after", [moves], n)
                                   the same checks on the position after these moves
      ("perft", depth, n)"""
    failures = []
    try:
        moves = moves_of([])
        for check in checks:
            kind = check[0]
            if kind == "exact":
                got = [m for m in moves if m.startswith(check[1])]
                if sorted(got) != sorted(check[2]):
                    failures.append("%s: moves %s* are %s, expected %s"
                                    % (name, check[1], got, sorted(check[2])))
            elif kind in ("has", "has_after"):
                after, want = ([], check[1]) if kind == "has" else (check[1], check[2])
                have = moves_of(after) if after else moves
                missing = [m for m in want if m not in have]
                if missing:
                    failures.append("%s: %smissing %s (have %s)"
                                    % (name, after_text(after), missing, have))
            elif kind in ("lacks", "lacks_after"):
                after, want = ([], check[1]) if kind == "lacks" else (check[1], check[2])
                have = moves_of(after) if after else moves
                extra = [m for m in want if m in have]
                if extra:
                    failures.append("%s: %sshould not have %s" % (name, after_text(after), extra))
            elif kind in ("count", "count_after"):
                after, want = ([], check[1]) if kind == "count" else (check[1], check[2])
                have = moves_of(after) if after else moves
                if len(have) != want:
                    failures.append("%s: %s%d moves, expected %d: %s"
                                    % (name, after_text(after), len(have), want, have))
            elif kind == "perft":
                n = perft_of(check[1])
                if n != check[2]:
                    failures.append("%s: perft %d = %d, expected %d"
                                    % (name, check[1], n, check[2]))
            elif kind == "after":
                got = fen_of(check[1])
                if got != check[2]:
                    failures.append("%s: after %s:\n    got      %s\n    expected %s"
                                    % (name, check[1], got, check[2]))
            else:
                failures.append("%s: unknown check %r" % (name, kind))
    except AssertionError as e:
        failures.append("%s: %s" % (name, e))
    return failures


def after_text(moves):
    return "after %s " % moves if moves else ""


# ----- step 2: the reference's play protocol -------------------------------------------------

class Player:
    """A reference's `play` process: one request a line, answered by `ok` or by lines up to
    `end`. parse_state(words) reads the words of the listing's `state` line."""

    def __init__(self, ref, parse_state):
        self.name = os.path.basename(ref) + " play"
        self.parse_state = parse_state
        self.proc = subprocess.Popen([ref, "play"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ok(self, line):
        self.ask(line)
        answer = self.proc.stdout.readline().strip()
        if answer != "ok":
            raise RuntimeError("%s: %s -> %s" % (self.name, line, answer))

    def lines_until_end(self):
        out = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(self.name + " died")
            if line.strip() == "end":
                return out
            if line.startswith("error"):
                raise RuntimeError("%s: %s" % (self.name, line.strip()))
            out.append(line)

    def listing(self):
        """(position text, state, [(move text, piece, tags)]) of the current position."""
        self.ask("list")
        fen, state, moves = None, None, []
        for line in self.lines_until_end():
            w = line.split()
            if w[0] == "pos":
                fen = " ".join(w[1:])
            elif w[0] == "state":
                state = self.parse_state(w)
            elif w[0] == "move":
                moves.append((w[1], w[2], set(w[3].split(",")) - {"-"}))
            else:
                raise RuntimeError("%s: %s" % (self.name, line.strip()))
        return fen, state, moves

    def divide(self, depth):
        """The reference's `perft --depth depth --divide` output for the current position."""
        self.ask("divide %d" % depth)
        return "".join(self.lines_until_end())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


# ----- step 3: comparison --------------------------------------------------------------------

def divide_lines(out):
    return dict(l.split(": ", 1) for l in out.splitlines()
                if ": " in l and not l.startswith("Nodes"))


def report_head(label, depth, fen, moves, reached=None):
    """The first lines of a mismatch report (reached: the position's text, if known)."""
    head = "%sdepth %d, %s" % (label, depth, position_text(fen, moves))
    if reached:
        head += "\n  position: " + reached
    return head


def compare(citadel, variant, fen, moves, depth, ref_out, label="", reached=None):
    """None if `citadel perft --divide` prints ref_out for this position, else a report."""
    rc, out, err = run(citadel, ["perft", "--variant", variant, *position_args(fen, moves),
                                 "--depth", str(depth), "--divide"])
    if rc == 0 and out == ref_out:
        return None
    head = report_head(label, depth, fen, moves, reached)
    if rc != 0:
        return head + "\n  citadel error: " + err.strip()
    lines_c, lines_r = divide_lines(out), divide_lines(ref_out)
    diff = []
    for m in sorted(set(lines_c) | set(lines_r), key=lambda t: t.encode()):
        c, r = lines_c.get(m), lines_r.get(m)
        if c != r:
            diff.append("  %-8s citadel %-8s reference %s" % (m, c or "(none)", r or "(none)"))
    tot_c = out.strip().splitlines()[-1] if out.strip() else "(nothing)"
    tot_r = ref_out.strip().splitlines()[-1] if ref_out.strip() else "(nothing)"
    if not diff:
        diff.append("  output differs in form:\n  citadel: %r\n  reference: %r" % (out, ref_out))
    return head + "\n" + "\n".join(diff) + "\n  citadel %s / reference %s" % (tot_c, tot_r)


def count_coverage(names, feature_sets):
    """{name: how many of the feature sets hold it} for the given names."""
    coverage = {name: 0 for name in names}
    for feats in feature_sets:
        for f in feats:
            if f in coverage:
                coverage[f] += 1
    return coverage


# ----- the run -------------------------------------------------------------------------------

class Session:
    """One comparison run: the binaries, the environment's settings, the clock and the output
    lines, each starting with "<label> reference:"."""

    def __init__(self, label, ref_env, ref_name, default_seed):
        self.label = label
        self.citadel = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                                       os.path.join(HERE, "..", "build", "citadel"))
        self.ref = os.path.abspath(os.environ.get(ref_env) or
                                   os.path.join(os.path.dirname(self.citadel), ref_name))
        self.wanted = int(os.environ.get("REF_POSITIONS", "1000"))
        self.depth2 = int(os.environ.get("REF_DEPTH2", "300"))
        self.seed = os.environ.get("REF_SEED", default_seed)
        # A small run (the sanitizer stage's) may meet no position of a rare rule; it still
        # compares every position it meets, and the full-size run requires the coverage.
        self.require_coverage = os.environ.get("REF_REQUIRE_COVERAGE", "1") != "0"
        self.start = time.time()

    def missing_coverage(self, missing):
        """The failures the uncovered rules `missing` count for: printed, and 1 when the run
        requires coverage, else noted and 0."""
        if not missing:
            return 0
        if not self.require_coverage:
            self.say("not exercised in this run (REF_REQUIRE_COVERAGE=0): %s" % "; ".join(missing))
            return 0
        print("ERROR: no compared position exercised: %s (change the playouts or seed)"
              % "; ".join(missing))
        return 1

    def say(self, text, flush=False):
        print("%s reference: %s" % (self.label, text), flush=flush)

    def elapsed(self):
        return time.time() - self.start

    def prepare(self, self_test, checked, variants):
        """Runs the reference's self-test (checked: what it covers, for the output) and makes
        sure citadel plays the variants. None to go on with the comparison, else the exit
        status."""
        if not os.access(self.ref, os.X_OK):
            self.say("error: no reference binary at %s" % self.ref)
            return 1
        failures = self_test(self.ref)
        for f in failures:
            print("REFERENCE SELF-TEST FAILED: " + f)
        self.say("self-test %s, %d failed; %.1f s" % (checked, len(failures), self.elapsed()),
                 flush=True)
        if failures:
            self.say("0 passed, %d failed" % len(failures))
            return 1
        if os.environ.get("REF_SELFTEST_ONLY") == "1":
            self.say("REF_SELFTEST_ONLY=1: no comparison with citadel")
            return 0
        if not os.access(self.citadel, os.X_OK):
            self.say("error: no citadel binary at %s" % self.citadel)
            return 1
        for variant in variants:
            rc, _, err = run(self.citadel, ["perft", "--variant", variant, "--depth", "1"])
            if rc != 0:
                self.say("error: citadel cannot run %s: %s" % (variant, err.strip()))
                self.say("0 passed, 1 failed")
                return 1
        return None

    def compare_all(self, jobs, compare_job, line_of):
        """Runs compare_job over the jobs in parallel and prints the mismatch reports, shortest
        line (line_of(job): its moves) first, the smallest reproductions; returns them all."""
        with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            reports = list(pool.map(compare_job, jobs))
        failed = [r for _, r in sorted(((len(line_of(j)), r) for j, r in zip(jobs, reports) if r),
                                       key=lambda x: x[0])]
        for r in failed[:MAX_REPORTED]:
            print("MISMATCH " + r + "\n")
        if len(failed) > MAX_REPORTED:
            print("... and %d more mismatches\n" % (len(failed) - MAX_REPORTED))
        return failed
