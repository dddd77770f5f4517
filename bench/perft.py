#!/usr/bin/env python3
"""Perft speed: Citadel against Stockfish and Fairy-Stockfish.

    python3 bench/perft.py [path/to/citadel] [--runs N] [--no-fsf-chess]

Without a path it uses build-bench/citadel, configuring build-bench/ on first use
(cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DCITADEL_TESTS=OFF) and running
`ninja -C build-bench citadel` every time, so the binary is never stale.

Cases (node counts are checked between the programs and against the known values):
  chess startpos d6   citadel vs stockfish, and fairy-stockfish
  chess kiwipete d5   citadel vs stockfish, and fairy-stockfish
  silverman d9        citadel vs fairy-stockfish (tests/oracle/variants.ini)
  tamerlane d6, fourkingdoms d6, fourkingdoms-teams d6
                      no engine plays these: citadel's nodes per second against its own orthodox
                      figure (chess startpos d6) in the same run; targets 1/2 (Tamerlane) and 1/4

Timing, best (minimum) wall time of N runs (default 5) for each program:
  * citadel: the whole process, `citadel perft ... --depth N` from spawn to exit, so its start-up
    is included; the report prints that start-up (a depth-1 run) so it can be judged (about a
    millisecond).
  * stockfish / fairy-stockfish: one process per engine, started once, set to Threads=1 and
    Hash=1 (perft uses neither the hash nor helper threads, but the settings are pinned so that
    nothing else differs), `position ...` sent and `isready` answered before the clock starts;
    the time runs from writing `go perft N` to reading `Nodes searched`.
The ratio is peer time / citadel time: above 1 means Citadel is faster.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from engine_process import UciEngine  # noqa: E402  (tests/engine_process.py)

INI = os.path.join(ROOT, "tests", "oracle", "variants.ini")
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# (label, variant, fen or None, depth, known node count, peers)
CASES = [
    ("chess startpos d6", "chess", None, 6, 119060324, ["stockfish", "fairy-stockfish"]),
    ("chess kiwipete d5", "chess", KIWIPETE, 5, 193690690, ["stockfish", "fairy-stockfish"]),
    ("silverman d9", "silverman", None, 9, 5860214, ["fairy-stockfish"]),
]

# (variant, depth, target fraction of the orthodox nodes per second)
VARIANT_CASES = [("tamerlane", 6, 0.5), ("fourkingdoms", 6, 0.25), ("fourkingdoms-teams", 6, 0.25)]


def find_engine(name):
    for cand in ("/usr/games/" + name, shutil.which(name)):
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


class Engine(UciEngine):
    def __init__(self, name, path):
        super().__init__(name, path, variant_path=INI if name == "fairy-stockfish" else None)

    def perft(self, variant, fen, depth):
        """(seconds, nodes) of one `go perft depth`."""
        self.set_variant(variant)
        self.position(fen)
        self.sync()
        start = time.perf_counter()
        last = self.go_perft(depth)[-1]
        seconds = time.perf_counter() - start
        return seconds, int(last.split(":")[1])


def citadel_perft(citadel, variant, fen, depth):
    cmd = [citadel, "perft", "--variant", variant, "--depth", str(depth)]
    if fen:
        cmd += ["--fen", fen]
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), r.stderr.strip()))
    nodes = int(r.stdout.strip().splitlines()[-1].split(":")[1])
    return seconds, nodes


def default_citadel():
    build = os.path.join(ROOT, "build-bench")
    if not os.path.exists(os.path.join(build, "build.ninja")):
        subprocess.run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
                        "-DCMAKE_BUILD_TYPE=Release", "-DCITADEL_TESTS=OFF"], check=True)
    subprocess.run(["ninja", "-C", build, "citadel"], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(build, "citadel")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("citadel", nargs="?", help="citadel binary (default: build-bench/citadel)")
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", "5")),
                    help="runs per program and case; the best counts (default 5)")
    ap.add_argument("--no-fsf-chess", action="store_true",
                    help="leave fairy-stockfish out of the chess cases (it takes ~10 s a run)")
    args = ap.parse_args()
    citadel = os.path.abspath(args.citadel) if args.citadel else default_citadel()

    engines = {}
    for name in ("stockfish", "fairy-stockfish"):
        path = find_engine(name)
        if path:
            engines[name] = Engine(name, path)
        else:
            print("bench: %s not found; its columns are left out (scripts/deps installs it)" % name)

    startup = min(citadel_perft(citadel, "chess", None, 1)[0] for _ in range(5))
    print("bench: citadel %s; best of %d runs; citadel timed as a whole process (start-up, "
          "measured by a depth-1 run: %.1f ms), engines from `go perft` to `Nodes searched`"
          % (citadel, args.runs, startup * 1000))
    print("bench: machine: %d CPUs, load average %.2f" % (os.cpu_count(), os.getloadavg()[0]),
          flush=True)

    rows, lines, bad = [], [], []
    for label, variant, fen, depth, known, peers in CASES:
        runs = [citadel_perft(citadel, variant, fen, depth) for _ in range(args.runs)]
        ctime, cnodes = min(t for t, _ in runs), runs[0][1]
        if any(n != cnodes for _, n in runs) or cnodes != known:
            bad.append("NODE COUNT MISMATCH %s: citadel %d nodes, expected %d" % (label, cnodes, known))
        rows.append((label, "citadel", cnodes, ctime, None))
        for peer in peers:
            if peer not in engines or (args.no_fsf_chess and peer == "fairy-stockfish"
                                       and variant == "chess"):
                continue
            pruns = [engines[peer].perft(variant, fen, depth) for _ in range(args.runs)]
            ptime, pnodes = min(t for t, _ in pruns), pruns[0][1]
            if pnodes != cnodes:
                bad.append("NODE COUNT MISMATCH %s: citadel %d nodes, %s %d" % (label, cnodes, peer, pnodes))
            rows.append((label, peer, pnodes, ptime, ptime / ctime))
            lines.append("%s: citadel %.3f s, %s %.3f s, ratio %.1f"
                         % (label, ctime, peer, ptime, ptime / ctime))
        print("bench: %s done" % label, flush=True)

    for e in engines.values():
        e.close()

    orthodox_nps = rows[0][2] / rows[0][3]
    for variant, depth, target in VARIANT_CASES:
        runs = [citadel_perft(citadel, variant, None, depth) for _ in range(args.runs)]
        vtime, vnodes = min(t for t, _ in runs), runs[0][1]
        fraction = vnodes / vtime / orthodox_nps
        rows.append(("%s d%d" % (variant, depth), "citadel", vnodes, vtime, None))
        lines.append("%s d%d: citadel %.1f Mnps, chess %.1f Mnps, fraction %.2f (target %.2f)"
                     % (variant, depth, vnodes / vtime / 1e6, orthodox_nps / 1e6, fraction, target))
        if fraction < target:
            bad.append("%s: %.2f of the orthodox nodes per second, below %.2f"
                       % (variant, fraction, target))
        print("bench: %s done" % variant, flush=True)

    print()
    print("%-22s %-16s %12s %10s %10s %8s" % ("case", "program", "nodes", "best s", "Mnps", "ratio"))
    for label, prog, nodes, secs, ratio in rows:
        print("%-22s %-16s %12d %10.3f %10.1f %8s" % (label, prog, nodes, secs, nodes / secs / 1e6,
                                                      "" if ratio is None else "%.1f" % ratio))
    print()
    for line in lines:
        print(line)
    if bad:
        print()
        for b in bad:
            print("bench: " + b)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
