#!/usr/bin/env python3
"""citadel_tune end to end: it tunes a small labelled file and prints the weights as C++ source;
malformed input gets an error naming the line and exit status 2. argv[1] is the citadel binary;
citadel_tune is built beside it."""
import os
import subprocess
import sys
import tempfile

TUNE = os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), "citadel_tune")


def run(*args):
    return subprocess.run([TUNE, *args], capture_output=True, text=True, timeout=120)


def write(lines):
    f = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    f.write("\n".join(lines) + "\n")
    f.close()
    return f.name


def main():
    good = write([
        "# a comment line",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 1.0",
        "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 | 0.0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.5",
        "4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1 | 0.5",
    ])
    r = run("--variant", "chess", "--data", good, "--only", "rook_eg,tempo", "--passes", "3")
    assert r.returncode == 0, r.stderr
    assert "inline constexpr OrthodoxWeights kChessWeights = {" in r.stdout, r.stdout
    assert "    .rook_eg = " in r.stdout and r.stdout.rstrip().endswith("};"), r.stdout
    assert "4 positions; K = " in r.stderr, r.stderr

    bad = write(["4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 1.0", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | win"])
    r = run("--data", bad)
    assert r.returncode == 2 and r.stdout == "", (r.returncode, r.stdout)
    assert ":2: result 'win' is not a number from 0 to 1" in r.stderr, r.stderr

    r = run("--data", good, "--only", "no_such_weight")
    assert r.returncode == 2 and "has no weight 'no_such_weight'" in r.stderr, r.stderr
    # A prefix pattern selects every weight it begins; one that begins none is an error too.
    r = run("--data", good, "--only", "mob_rook_*,tempo", "--passes", "1")
    assert r.returncode == 0 and "    .mob_rook_eg_14 = " in r.stdout, r.stderr
    r = run("--data", good, "--only", "no_such_*")
    assert r.returncode == 2 and "has no weight 'no_such_*'" in r.stderr, r.stderr
    r = run("--data", good, "--variant", "fourkingdoms")
    assert r.returncode == 2 and "no two-player evaluation" in r.stderr, r.stderr
    r = run("--data", good, "--variant", "shogi")
    assert r.returncode == 2 and "unknown variant 'shogi'" in r.stderr, r.stderr
    r = run("--data", "/nonexistent/positions.txt")
    assert r.returncode == 2 and "cannot read" in r.stderr, r.stderr
    pawnrace = write(["8/8/8/P7/7p/8/8/8 w - - 0 1 | 1.0"])
    r = run("--variant", "pawnrace", "--data", pawnrace, "--passes", "1")
    assert r.returncode == 0 and "PawnRaceWeights kPawnRaceWeights" in r.stdout, r.stderr
    tamerlane = write(["e1c1d1d1c1e/rntzvkgztnr/prpnptpzpvpkpgpepcpdpp/11/11/11/11/"
                       "PPPDPCPEPGPKPVPZPTPNPR/RNTZGKVZTNR/E1C1D1D1C1E w -/- Kk 0/0 0 1 | 0.5"])
    r = run("--variant", "tamerlane", "--data", tamerlane, "--passes", "1", "--only", "tempo")
    assert r.returncode == 0 and "TamerlaneWeights kTamerlaneWeights" in r.stdout, r.stderr
    print("ok")


if __name__ == "__main__":
    main()
