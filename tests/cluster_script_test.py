#!/usr/bin/env python3
"""scripts/cluster (docs/server.md, "Several nodes"): it starts PostgreSQL, Redis, three nodes and
nginx; a game is played and watched through the balancer; a node killed with kill -9 does not
stop the game; SIGINT (Ctrl-C) stops everything it started, and nothing is left running.

Skipped without nginx, redis-server or PostgreSQL's server programs (scripts/deps installs them).

Usage: cluster_script_test.py path/to/citadel"""
import glob
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


def free_port_block(n):
    """A port p with p .. p+n free (the balancer's and the nodes')."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            p = s.getsockname()[1]
        if p + n >= 65535:
            continue
        try:
            for q in range(p, p + n + 1):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", q))
            return p
        except OSError:
            continue
    raise RuntimeError("no free block of ports")


def request(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    conn.request(method, path, body=json.dumps(body) if body is not None else None)
    res = conn.getresponse()
    out = res.read()
    conn.close()
    return res.status, json.loads(out) if out.startswith(b"{") else out


def until_ok(port, method, path, body, limit_s):
    """The first 200 answer within the limit (503/504 while a dead node's games move)."""
    end = time.monotonic() + limit_s
    while True:
        status, out = request(port, method, path, body)
        if status == 200 or status not in (502, 503, 504) or time.monotonic() > end:
            return status, out
        time.sleep(0.2)


def main():
    citadel = os.path.abspath(sys.argv[1])
    missing = [p for p in ("nginx", "redis-server") if not shutil.which(p, path=os.environ["PATH"] + ":/usr/sbin")]
    if missing or not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"):
        print(f"cluster_script_test: skipped: {missing or 'PostgreSQL'} not installed (scripts/deps)")
        return 0
    tmp = tempfile.mkdtemp(prefix="citadel-cluster-script-")
    os.chmod(tmp, 0o755)  # PostgreSQL and Redis run as their own users under root
    port = free_port_block(3)
    env = dict(os.environ, CITADEL_SKIP_BUILD="1", CITADEL_BIN=citadel, PORT=str(port),
               DIR=os.path.join(tmp, "cluster"))
    out = open(os.path.join(tmp, "cluster.out"), "w+")
    proc = subprocess.Popen([os.path.join(ROOT, "scripts", "cluster")], env=env, stdout=out,
                            stderr=subprocess.STDOUT, start_new_session=True)
    pids = []
    try:
        end = time.monotonic() + 90
        while time.monotonic() < end and proc.poll() is None:
            out.seek(0)
            text = out.read()
            if "the cluster is up" in text:
                break
            time.sleep(0.2)
        out.seek(0)
        text = out.read()
        check("the cluster is up" in text, f"the cluster starts:\n{text}")
        pids = [int(p) for p in re.findall(r"node\d: pid (\d+)", text)]
        check(len(pids) == 3, f"three nodes: {pids}")
        if failures:
            return 1
        status, game = request(port, "POST", "/api/games", {"variant": "chess"})
        check(status == 201, f"a game created through nginx: {status} {game}")
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        ws = WebSocket("127.0.0.1", port, f"/api/games/{gid}/ws")
        check(ws.recv_until("state")["moves"] == [], "a WebSocket through nginx")
        line = ["e2e4", "e7e5", "g1f3", "b8c6"]
        for ply, text in enumerate(line[:2]):
            status, out_ = request(port, "POST", f"/api/games/{gid}/moves",
                                   {"token": tokens[ply % 2], "move": text, "ply": ply})
            check(status == 200, f"{text} through nginx: {status} {out_}")
        seen = [ws.recv_until("move")["move"] for _ in range(2)]
        check(seen == line[:2], f"the watcher through nginx: {seen}")
        os.kill(pids[0], signal.SIGKILL)  # whichever node owned the game, play goes on
        for ply, text in enumerate(line[2:], start=2):
            status, out_ = until_ok(port, "POST", f"/api/games/{gid}/moves",
                                    {"token": tokens[ply % 2], "move": text, "ply": ply}, 15)
            check(status == 200 or (status == 409 and out_.get("code") == "stale_ply"),
                  f"{text} after a node's kill -9: {status} {out_}")
        status, state = until_ok(port, "GET", f"/api/games/{gid}", None, 15)
        check(status == 200 and state["moves"] == line, f"every move once: {status} {state}")
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            check(False, "scripts/cluster stops on Ctrl-C")
            os.killpg(proc.pid, signal.SIGKILL)
        time.sleep(0.5)
        left = subprocess.run(["pgrep", "-f", tmp], capture_output=True, text=True).stdout.split()
        check(not left, f"nothing it started is left running: {left}")
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failures")
        return 1
    print("cluster_script_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
