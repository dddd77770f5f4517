#!/usr/bin/env python3
"""How long a cluster's games are out of play when their node dies (docs/server.md, "Several
nodes"): three nodes with the default lease (3 s) on a private PostgreSQL and Redis; each round
creates GAMES games on one node, plays a move in each, kills that node with kill -9, and measures,
for each game, the time from the kill to the first move another node accepts (a client asking
every 50 ms, as a reconnecting page does). Prints p50, p90, p99 and the largest over all rounds.

    bench/cluster_takeover.py [--rounds 20] [--games 10] [--citadel build/citadel]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def request(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    conn.request(method, path, body=json.dumps(body) if body is not None else None)
    res = conn.getresponse()
    out = res.read()
    conn.close()
    return res.status, json.loads(out) if out.startswith(b"{") else out


def start_node(citadel, store, bus, name, log):
    proc = subprocess.Popen([citadel, "serve", "--port", "0", "--store", store, "--bus", bus,
                             "--node", name, "--no-speech"], stdout=subprocess.PIPE, stderr=log,
                            text=True)
    port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))
    return proc, port


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--citadel", default=os.path.join(ROOT, "build", "citadel"))
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="citadel-takeover-")
    os.chmod(tmp, 0o755)
    store = subprocess.run([os.path.join(ROOT, "scripts", "pg-local"), "start", tmp + "/pg"],
                           check=True, capture_output=True, text=True).stdout.strip()
    sock = tmp + "/redis.sock"
    redis = subprocess.Popen(["redis-server", "--port", "0", "--unixsocket", sock, "--save", "",
                              "--appendonly", "no", "--dir", tmp], stdout=subprocess.DEVNULL)
    while not os.path.exists(sock):
        time.sleep(0.05)
    log = open(tmp + "/nodes.log", "w")
    nodes = [start_node(a.citadel, store, "redis://" + sock, f"n{i}", log) for i in range(3)]
    times = []
    try:
        for r in range(a.rounds):
            victim = r % 3
            proc, port = nodes[victim]
            games = []
            for _ in range(a.games):
                status, g = request(port, "POST", "/api/games", {"variant": "chess"})
                tokens = [s["token"] for s in g["seats"]]
                request(port, "POST", f"/api/games/{g['id']}/moves",
                        {"token": tokens[0], "move": "e2e4", "ply": 0})
                games.append((g["id"], tokens[1]))
            other = nodes[(victim + 1) % 3][1]
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            killed = time.monotonic()
            waiting = dict(games)
            while waiting:
                for gid, token in list(waiting.items()):
                    status, _ = request(other, "POST", f"/api/games/{gid}/moves",
                                        {"token": token, "move": "e7e5", "ply": 1})
                    if status == 200:
                        times.append(time.monotonic() - killed)
                        del waiting[gid]
                time.sleep(0.05)
            nodes[victim] = start_node(a.citadel, store, "redis://" + sock, f"n{victim}-{r}", log)
            print(f"round {r + 1}: {a.games} games back after {max(times[-a.games:]):.2f} s at most",
                  flush=True)
    finally:
        for proc, _ in nodes:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait()
        redis.kill()
        redis.wait()
        subprocess.run([os.path.join(ROOT, "scripts", "pg-local"), "stop", tmp + "/pg"],
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"kill -9 to the first move accepted again, {len(times)} games over {a.rounds} kills: "
          f"p50 {percentile(times, 50):.2f} s, p90 {percentile(times, 90):.2f} s, "
          f"p99 {percentile(times, 99):.2f} s, max {max(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
