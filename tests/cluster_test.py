#!/usr/bin/env python3
"""Several `citadel serve --store` nodes on one PostgreSQL database (docs/server.md, "Cluster"):
a node killed with kill -9 loses no acknowledged move and another node owns its games within a
few seconds, going on where it stopped; a timed game whose player does not move flags while its
owner is dead; a node frozen past its lease (SIGSTOP) has its late writes refused and stops
serving its games once woken; a node stopped with SIGTERM hands its games over at once. Leases
are short (1.5 s) so that the whole runs in well under a minute.

Needs a PostgreSQL server named by CITADEL_TEST_PG (a libpq URI, as `scripts/pg-local start DIR`
prints); without it the test is skipped. It works in a schema of its own, dropped at the end, and
ends only the processes it started.

Usage: cluster_test.py path/to/citadel"""
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_test import TMP, Server, check, error_code, failures  # noqa: E402
from ws_client import HandshakeRefused  # noqa: E402

PG = os.environ.get("CITADEL_TEST_PG")
LEASE_MS = 1500
SCHEMA = f"citadel_cluster_test_{os.getpid()}"


def psql(sql):
    out = subprocess.run(["psql", "-XAtq", "-v", "ON_ERROR_STOP=1", "-d", PG, "-c",
                          f"SET search_path = {SCHEMA}; {sql}"],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def store_uri():
    joiner = "&" if "?" in PG else "?"
    return f"{PG}{joiner}options=-csearch_path%3D{SCHEMA}"


def node(name):
    """A node of the cluster, its stderr in a file of its own."""
    n = Server(store=store_uri(), log=name + ".log",
               extra=["--no-speech", "--node", name, "--lease-ms", str(LEASE_MS),
                      "--heartbeat-ms", "250"])
    n.name = name
    return n


def steps_of(game):
    """The game's stored steps, as "kind text" texts in order."""
    return [s.strip() for s in psql(
        f"SELECT string_agg(kind || ' ' || text, ',' ORDER BY seq) FROM steps "
        f"WHERE game_id = '{game}'").split(",")]


def served_by(nodes, game, limit_s):
    """The node that answers the game's state (it owns it now) and the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        for n in nodes:
            status, out = n.get(f"/api/games/{game}")
            if status == 200:
                return n, time.monotonic() - start, out
            check(status == 503 and error_code(out) == "unavailable",
                  f"{game} on {n.name}: 200 or unavailable, not {status} {out}")
        time.sleep(0.1)
    return None, limit_s, None


def close_code(ws, limit=50):
    """The code the server closed the WebSocket with (after any messages), or None."""
    for _ in range(limit):
        op, payload = ws.recv_frame()
        if op == 0x8:
            return int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
    return None


def moves(node, game, tokens, plies):
    """Plays `plies` (UCI texts) from the state's ply on; the moves acknowledged."""
    done = []
    status, state = node.get(f"/api/games/{game}")
    ply = state["ply"]
    for text in plies:
        status, out = node.post(f"/api/games/{game}/moves",
                                {"token": tokens[ply % 2], "move": text, "ply": ply})
        check(status == 200, f"{text} at ply {ply} on {node.name}: {status} {out}")
        if status == 200:
            done.append(text)
            ply += 1
    return done


def test_kill9_takeover(a, b, c):
    untimed, tokens = a.create()
    timed, timed_tokens = a.create(clock={"initial_s": 3})
    acknowledged = moves(a, untimed, tokens, ["e2e4", "e7e5", "g1f3"])
    moves(a, timed, timed_tokens, ["d2d4"])  # black's 3 s run from here
    watcher = a.ws(untimed)
    watcher.recv_until("state")
    status, out = b.get(f"/api/games/{untimed}")
    check(status == 503 and error_code(out) == "unavailable",
          f"a game a live other node owns is unavailable: {status} {out}")
    try:
        b.ws(untimed)
        check(False, "a WebSocket for a game a live other node owns opens")
    except HandshakeRefused as refused:
        check(refused.status == 503, f"the WebSocket is refused with 503, not {refused.status}")
    a.kill9()
    killed = time.monotonic()
    owner, took, state = served_by([b, c], untimed, 10)
    print(f"kill -9: the game is served again after {took:.2f} s", flush=True)
    check(owner is not None and took < 2 * LEASE_MS / 1000 + 1, f"taken over in {took:.2f} s")
    if owner is None:
        return
    check(state["moves"] == acknowledged, f"every acknowledged move once: {state['moves']}")
    status, out = owner.post(f"/api/games/{untimed}/moves",
                             {"token": tokens[0], "move": "g1f3", "ply": 2})
    check(status == 409 and error_code(out) == "stale_ply", f"a resent move: {status} {out}")
    acknowledged += moves(owner, untimed, tokens, ["b8c6"])
    check(steps_of(untimed) == [f"move {m}" for m in acknowledged],
          f"the stored steps: {steps_of(untimed)}")
    # Nobody asks for the timed game: its new owner's timer flags black, 3 s after d2d4 at the
    # soonest (policy B charges the time the dead owner served), not counting the downtime again.
    time.sleep(max(0.0, killed + 3.0 + 2 * LEASE_MS / 1000 + 0.5 - time.monotonic()))
    check(steps_of(timed) == ["move d2d4", "flag"], f"flagged while unwatched: {steps_of(timed)}")
    flagged_after = float(psql(
        "SELECT extract(epoch FROM max(at) - min(at)) FROM steps WHERE game_id = '" + timed + "'"))
    # The clock stood from the dead owner's last renewal until the claim: up to a lease and a
    # reaper round, plus scheduling under a sanitizer.
    check(2.95 <= flagged_after <= 3.0 + 2 * LEASE_MS / 1000 + 1,
          f"black flagged {flagged_after:.3f} s after d2d4")
    print(f"the unwatched game flagged {flagged_after:.3f} s after its last move", flush=True)


def test_sigstop_fences(b, c):
    game, tokens = b.create(clock={"initial_s": 2})
    moves(b, game, tokens, ["e2e4"])  # black's 2 s run on b's timer
    watcher = b.ws(game)
    watcher.recv_until("state")
    b.proc.send_signal(signal.SIGSTOP)
    try:
        owner, took, _ = served_by([c], game, 10)
        check(owner is c, f"c claims the frozen node's game ({took:.2f} s)")
        time.sleep(2.5)  # past black's 2 s: c flags, and b's timer is due when it wakes
    finally:
        b.proc.send_signal(signal.SIGCONT)
    check(close_code(watcher) == 1012, "the frozen owner's WebSocket is closed with 1012")
    time.sleep(LEASE_MS / 1000)
    check(steps_of(game) == ["move e2e4", "flag"], f"one flag, c's: {steps_of(game)}")
    status, out = b.get(f"/api/games/{game}")
    check(status == 200 and out.get("status") != "playing" or status == 503,
          f"b no longer serves the game as it had it: {status}")
    check("lost its lease" in b.errors(), "b says it lost its lease")


def test_sigterm_hands_over(b, c):
    game, tokens = c.create()
    acknowledged = moves(c, game, tokens, ["c2c4"])
    watcher = c.ws(game)
    watcher.recv_until("state")
    c.proc.send_signal(signal.SIGTERM)
    check(close_code(watcher) == 1012, "a stopping node closes its WebSockets with 1012")
    check(c.proc.wait(timeout=20) == 0, "c stops cleanly")
    stopped = time.monotonic()
    owner, took, state = served_by([b], game, 5)
    took = time.monotonic() - stopped
    print(f"SIGTERM: the game is served by another node after {took:.2f} s", flush=True)
    check(owner is b and took < LEASE_MS / 1000, f"handed over at once ({took:.2f} s)")
    check(state is not None and state["moves"] == acknowledged, "the moves are kept")


def main():
    if not PG:
        print("cluster_test: skipped: CITADEL_TEST_PG is not set (scripts/pg-local start DIR "
              "prints a URI for it)")
        return 0
    psql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
    nodes = []
    try:
        a, b, c = node("a"), node("b"), node("c")
        nodes = [a, b, c]
        test_kill9_takeover(a, b, c)
        test_sigstop_fences(b, c)
        test_sigterm_hands_over(b, c)
        check(b.stop() == 0, "b stops cleanly")
    finally:
        for n in nodes:
            if n.proc.poll() is None:
                n.proc.send_signal(signal.SIGCONT)
                n.stop()
        psql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        shutil.rmtree(TMP, ignore_errors=True)
    for n in nodes:
        log = n.errors()
        check("Sanitizer" not in log and "runtime error" not in log, f"{n.name}: no sanitizer report")
    if failures:
        for n in nodes:
            print(f"---- {n.name}'s log ----\n{n.errors()}")
        print(f"{len(failures)} failures")
        return 1
    print("cluster_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
