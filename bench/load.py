#!/usr/bin/env python3
"""Load benchmark of `citadel serve` (one command): simulated players on loopback play many games
at once over WebSockets, engine seats off, and the figures are printed at the end: concurrent
games held, moves per second, and the 50th/99th-percentile move round trip (a move sent until its
broadcast comes back to the mover). Bounded in count and time.

    bench/load.py build/citadel [--games 1000] [--seconds 60] [--think 1.0]

Each game has two players, each on its own WebSocket; a player moves (a random legal move) after
a think time of `think` seconds on average."""
import argparse
import asyncio
import base64
import http.client
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import time


class Ws:
    """A minimal asyncio WebSocket client (text frames, masked)."""

    def __init__(self, reader, writer):
        self.r, self.w = reader, writer

    @classmethod
    async def open(cls, host, port, path):
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.decode(errors="replace"))
        return cls(reader, writer)

    def send(self, obj):
        payload = json.dumps(obj).encode()
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n))
        mask = os.urandom(4)
        self.w.write(header + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(payload)))

    async def recv(self):
        while True:
            b0, b1 = await self.r.readexactly(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", await self.r.readexactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", await self.r.readexactly(8))[0]
            payload = await self.r.readexactly(n)
            op = b0 & 0x0F
            if op == 0x9:  # ping: answer with a masked pong
                mask = os.urandom(4)
                self.w.write(bytes([0x8A, 0x80 | n]) + mask + bytes(b ^ mask[i & 3] for i, b in enumerate(payload)))
                continue
            if op == 0x8:
                return None
            if op in (0x1, 0x2):
                return json.loads(payload)


def create_game(host, port):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("POST", "/api/games", body=json.dumps({"variant": "chess"}))
    out = json.loads(conn.getresponse().read())
    conn.close()
    return out["id"], [s["token"] for s in out["seats"]]


class Stats:
    def __init__(self):
        self.rtts, self.moves, self.errors, self.connected, self.ended = [], 0, 0, 0, 0
        self.lags = []  # the client's own event-loop delays: how much of a round trip is ours


async def loop_lag(stats, stop_at, measuring):
    while time.time() < stop_at:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        if measuring[0]:
            stats.lags.append(time.perf_counter() - t - 0.01)


async def player(host, port, gid, token, seat, stats, stop_at, think, measuring):
    try:
        ws = await Ws.open(host, port, f"/api/games/{gid}/ws?token={token}")
    except (OSError, ConnectionError, asyncio.IncompleteReadError):
        stats.errors += 1
        return
    stats.connected += 1
    sent = {}
    pending = None

    async def move_later(msg):
        await asyncio.sleep(random.uniform(0, 2 * think))
        if time.time() < stop_at and msg["legal_moves"]:
            ply = msg["ply"] if msg["type"] == "state" else msg["ply"] + 1
            sent[ply] = time.perf_counter()
            ws.send({"type": "move", "move": random.choice(msg["legal_moves"]), "ply": ply})

    try:
        while time.time() < stop_at:
            try:
                msg = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.time()))
            except asyncio.TimeoutError:
                break
            if msg is None:
                break
            t = msg.get("type")
            if t == "error":
                stats.errors += 1
            if t == "move" and msg["ply"] in sent:
                rtt = time.perf_counter() - sent.pop(msg["ply"])
                if measuring[0]:
                    stats.rtts.append(rtt)
                    stats.moves += 1
            if t == "end":
                stats.ended += 1
            if t in ("state", "move") and msg.get("to_move") == seat and msg.get("status") == "ongoing":
                pending = asyncio.ensure_future(move_later(msg))
    except (OSError, asyncio.IncompleteReadError):
        stats.errors += 1
    finally:
        if pending:
            pending.cancel()
        stats.connected -= 1
        ws.w.close()


async def run(host, port, games, seconds, think):
    stats = Stats()
    start = time.time()
    stop_at = start + seconds
    measuring = [False]
    tasks = []
    for gid, tokens in games:
        for seat, token in zip(("white", "black"), tokens):
            tasks.append(asyncio.ensure_future(player(host, port, gid, token, seat, stats, stop_at, think, measuring)))
        await asyncio.sleep(0)
    tasks.append(asyncio.ensure_future(loop_lag(stats, stop_at, measuring)))
    warm_until = time.time() + min(20, seconds / 3)  # warm-up: every connection opened
    while stats.connected < 2 * len(games) and time.time() < warm_until:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1)
    measuring[0] = True
    t0 = time.time()
    held = []
    while time.time() < stop_at - 1.5:  # players leave at stop_at
        await asyncio.sleep(1)
        held.append(stats.connected // 2)
    elapsed = time.time() - t0
    measuring[0] = False
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats, elapsed, min(held) if held else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("citadel")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--think", type=float, default=1.0, help="average seconds before each move")
    args = ap.parse_args()
    assert 1 <= args.games <= 5000 and 5 <= args.seconds <= 600, "bounded: games 1-5000, seconds 5-600"
    tmp = tempfile.mkdtemp(prefix="citadel-load-")
    proc = subprocess.Popen([args.citadel, "serve", "--port", "0", "--db", os.path.join(tmp, "load.db")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        m = re.search(r"http://([\d.]+):(\d+)", proc.stdout.readline())
        host, port = m.group(1), int(m.group(2))
        t0 = time.time()
        games = [create_game(host, port) for _ in range(args.games)]
        print(f"created {len(games)} games in {time.time() - t0:.1f}s", flush=True)
        stats, elapsed, held = asyncio.run(run(host, port, games, args.seconds, args.think))
        rtts = sorted(stats.rtts)
        pct = lambda p: rtts[min(len(rtts) - 1, int(p * len(rtts)))] * 1000 if rtts else float("nan")
        print(f"concurrent games held: {held} (of {args.games}; {held * 2} WebSockets)")
        print(f"moves: {stats.moves} in {elapsed:.1f}s = {stats.moves / elapsed:.0f} moves/s")
        print(f"move round trip: p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms, max {pct(1.0):.1f} ms")
        lags = sorted(stats.lags)
        lag = lambda p: lags[min(len(lags) - 1, int(p * len(lags)))] * 1000 if lags else float("nan")
        print(f"the client's own event-loop delay: p50 {lag(0.5):.1f} ms, p99 {lag(0.99):.1f} ms "
              "(included in the round trips)")
        print(f"errors: {stats.errors}, games ended: {stats.ended // 2}")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
