#!/usr/bin/env python3
"""Three `citadel serve --store --bus` nodes on one PostgreSQL database and one Redis
(docs/server.md, "Cluster"): any node plays and watches any game, forwarding requests to the
game's owner and relaying its messages to its own WebSockets in order, none twice and none
missed, also across a Redis restart; a request whose owner froze mid-answer is outcome_unknown,
and sending it again is safe; a node killed with kill -9 loses no acknowledged move and another
node owns its games within a few seconds, going on where it stopped; a timed game whose player
does not move flags while its owner is dead; a node frozen past its lease (SIGSTOP) has its late
writes refused and stops serving its games once woken; a node stopped with SIGTERM hands its
games over at once, also while its engine seat thinks or it answers a forwarded request; a node
cut off from Redis (its own way to it, through a proxy the test cuts) while the others reach it
hands its games over and serves again once Redis is back. Leases are short (1.5 s) so that the
whole runs in about a minute.

Needs a PostgreSQL server named by CITADEL_TEST_PG (a libpq URI, as `scripts/pg-local start DIR`
prints) and redis-server (it starts its own); without them the test is skipped. It works in a
schema of its own, dropped at the end, and ends only the processes it started.

Usage: cluster_test.py path/to/citadel"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import server_test  # noqa: E402
from server_test import TMP, Server, check, error_code, failures, start_redis  # noqa: E402

PG = os.environ.get("CITADEL_TEST_PG")
LEASE_MS = 1500
SCHEMA = f"citadel_cluster_test_{os.getpid()}"
REDIS_SOCK = os.path.join(TMP, "redis.sock")


def psql(sql):
    out = subprocess.run(["psql", "-XAtq", "-v", "ON_ERROR_STOP=1", "-d", PG, "-c",
                          f"SET search_path = {SCHEMA}; {sql}"],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def store_uri():
    joiner = "&" if "?" in PG else "?"
    return f"{PG}{joiner}options=-csearch_path%3D{SCHEMA}"


def node(name, bus=REDIS_SOCK):
    """A node of the cluster, its stderr in a file of its own; `bus`: the Redis socket it uses."""
    n = Server(store=store_uri(), log=name + ".log",
               extra=["--no-speech", "--node", name, "--lease-ms", str(LEASE_MS),
                      "--heartbeat-ms", "250", "--bus", "redis://" + bus])
    n.name = name
    return n


class BusProxy:
    """A Unix socket that passes every connection through to Redis: one node's way to the bus,
    which the test cuts (and mends) while the other nodes keep theirs."""

    def __init__(self, path):
        self.path, self.lock, self.links = path, threading.Lock(), []
        self.mend()

    def mend(self):
        self.listener = socket.socket(socket.AF_UNIX)
        self.listener.bind(self.path)
        self.listener.listen()
        threading.Thread(target=self.accept, args=(self.listener,), daemon=True).start()

    def accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            redis = socket.socket(socket.AF_UNIX)
            redis.connect(REDIS_SOCK)
            with self.lock:
                self.links += [client, redis]
            for a, b in ((client, redis), (redis, client)):
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    @staticmethod
    def pump(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        """Every connection through it is closed, and new ones are refused."""
        self.listener.close()
        if os.path.exists(self.path):
            os.unlink(self.path)
        with self.lock:
            links, self.links = self.links, []
        for s in links:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


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
            check((status, error_code(out)) in ((503, "unavailable"), (504, "outcome_unknown")),
                  f"{game} on {n.name}: 200, unavailable or outcome_unknown, not {status} {out}")
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
    from_b = b.ws(untimed)
    check(from_b.recv_until("state")["moves"] == acknowledged, "b relays a's game")
    # White plays b's game through a: b counts white connected while a says so, and once a is
    # dead (it cannot say that its connections went), no longer.
    elsewhere, elsewhere_tokens = b.create()
    white_on_a = a.ws(elsewhere, elsewhere_tokens[0])
    white_on_a.recv_until("state")

    def white_connected():
        return b.get(f"/api/games/{elsewhere}")[1]["seats"][0]["connected"]

    end = time.monotonic() + 5
    while not white_connected() and time.monotonic() < end:
        time.sleep(0.1)
    check(white_connected(), "b counts white connected through a")
    a.kill9()
    killed = time.monotonic()
    owner, took, state = served_by([b, c], untimed, 10)
    print(f"kill -9: the game is served again after {took:.2f} s", flush=True)
    while white_connected() and time.monotonic() < killed + 3 * LEASE_MS / 1000 + 2:
        time.sleep(0.1)
    check(not white_connected(),
          f"b no longer counts white connected {time.monotonic() - killed:.2f} s after a died")
    check(owner is not None and took < 2 * LEASE_MS / 1000 + 1, f"taken over in {took:.2f} s")
    if owner is None:
        return
    check(state["moves"] == acknowledged, f"every acknowledged move once: {state['moves']}")
    status, out = owner.post(f"/api/games/{untimed}/moves",
                             {"token": tokens[0], "move": "g1f3", "ply": 2})
    check(status == 409 and error_code(out) == "stale_ply", f"a resent move: {status} {out}")
    acknowledged += moves(owner, untimed, tokens, ["b8c6"])
    # b's watcher of the dead owner's game: the new owner's move relayed (or in the new owner's
    # snapshot), or closed with 1012 to reconnect where the game is held now (b itself).
    seen = []
    while True:
        op, payload = from_b.recv_frame()
        if op == 0x8:
            seen.append(int.from_bytes(payload[:2], "big"))
            break
        msg = json.loads(payload)
        seen.append(msg["move"] if msg.get("type") == "move" else msg["type"])
        if msg.get("type") == "state" and "b8c6" in msg["moves"]:
            seen.append("b8c6")  # a new owner's snapshot, taken after the move
        if "b8c6" in seen:
            break
    check("b8c6" in seen or 1012 in seen, f"b's watcher after the takeover: {seen}")
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


class Spread:
    """One client whose every request and WebSocket goes to the next node in turn: the server
    suite (server_test.py) run against the cluster."""

    def __init__(self, nodes):
        self.nodes, self.turn = nodes, 0
        self.host, self.port = nodes[0].host, nodes[0].port

    def next(self):
        self.turn += 1
        return self.nodes[self.turn % len(self.nodes)]

    def request(self, *args, **kwargs):
        return self.next().request(*args, **kwargs)

    def post(self, path, body):
        return self.next().post(path, body)

    def get(self, path):
        return self.next().get(path)

    def ws(self, game, token=None):
        return self.next().ws(game, token)

    def create(self, **body):
        return self.next().create(**body)


def test_server_suite(nodes):
    """server_test.py's tests of the contract, each request to another node."""
    spread = Spread(nodes)
    for t in (server_test.test_create, server_test.test_moves, server_test.test_websocket,
              server_test.test_draws, server_test.test_four_kingdoms, server_test.test_engine,
              server_test.test_engine_decisions, server_test.test_take_back_and_rematch,
              server_test.test_static, server_test.test_time_forfeit):
        t0 = time.monotonic()
        try:
            t(spread)
        except Exception as e:  # one test's crash is a failure, not the end
            import traceback
            traceback.print_exc()
            check(False, f"{t.__name__} across the cluster raised {e!r}")
        print(f"{t.__name__} across the cluster: {time.monotonic() - t0:.2f}s", flush=True)


def played(messages):
    """The (ply, uci) of the move messages, in the order they came."""
    return [(m["ply"], m["move"]) for m in messages if m.get("type") == "move"]


def collect(ws, count, limit=200):
    """Messages until `count` moves have come (or the server closes)."""
    got = []
    for _ in range(limit):
        m = ws.recv()
        if m is None:
            break
        got.append(m)
        if len(played(got)) >= count:
            break
    return got


def test_forwarding_and_relay(a, b, c):
    """A game a owns, played from b over HTTP and from c over a WebSocket, watched from all three:
    every node's watchers see every move once, in order; refusals come back as the owner made
    them; the record is served from the store."""
    game, tokens = a.create()
    watchers = {"a": a.ws(game), "b": b.ws(game), "c": c.ws(game, tokens[1])}
    for name, ws in watchers.items():
        state = ws.recv_until("state")
        check(state is not None and state["moves"] == [], f"{name}'s watcher starts with the state")
    status, out = b.post(f"/api/games/{game}/moves", {"token": tokens[0], "move": "e2e5", "ply": 0})
    check(status == 400 and error_code(out) == "illegal_move" and out.get("reason"),
          f"an illegal move through b: the owner's refusal {status} {out}")
    status, out = c.post(f"/api/games/{game}/moves", {"token": "nope", "move": "e2e4", "ply": 0})
    check(status == 403 and error_code(out) == "bad_token", f"a bad token through c: {status} {out}")
    line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    for ply, text in enumerate(line):
        if ply % 2 == 0:
            status, out = b.post(f"/api/games/{game}/moves",
                                 {"token": tokens[0], "move": text, "ply": ply})
            check(status == 200, f"{text} through b: {status} {out}")
        else:
            watchers["c"].send({"type": "move", "move": text, "ply": ply})
            end = time.monotonic() + 10  # acknowledged to c's connection by its broadcast
            while a.get(f"/api/games/{game}")[1]["ply"] == ply and time.monotonic() < end:
                time.sleep(0.02)
    expected = list(enumerate(line))
    for name, ws in watchers.items():
        got = played(collect(ws, len(line)))
        check(got == expected, f"{name}'s watcher: every move once, in order: {got}")
    status, state = c.get(f"/api/games/{game}")
    check(status == 200 and state["moves"] == line, f"the state through c: {status}")
    status, pgn = c.get(f"/api/games/{game}/pgn")
    check(status == 200 and b"Bb5" in pgn, f"the record through c: {status}")
    check(steps_of(game) == [f"move {m}" for m in line], f"stored once: {steps_of(game)}")
    status, out = b.post(f"/api/games/{game}/actions", {"token": tokens[1], "action": "resign"})
    check(status == 200, f"a resignation through b: {status} {out}")
    for name, ws in watchers.items():
        end = ws.recv_until("end")
        check(end is not None and end.get("result") == "1-0", f"{name}'s watcher sees the end: {end}")
    check(c.get(f"/api/games/{game}")[1].get("status") != "playing", "c serves the finished game")
    late = c.ws(game)  # c holds the finished game's copy now: watched through its owner still
    check(late.recv_until("state") is not None, "a watcher of the finished game on c")
    status, white = c.post(f"/api/games/{game}/rematch", {"token": tokens[0]})
    check(status == 200, f"a rematch asked through c: {status} {white}")
    told = late.recv_until("rematch")
    check(told is not None and told.get("id") == white.get("id"), f"c's late watcher told: {told}")
    late.close()
    status, black = b.post(f"/api/games/{game}/rematch", {"token": tokens[1]})
    check(status == 200 and black.get("id") == white.get("id"),
          f"the same rematch asked through b: {status} {black}")
    for ws in watchers.values():
        ws.close()


def publish(channel, payload):
    """PUBLISH through redis-cli, the payload's bytes as they are (-x reads them from stdin)."""
    data = payload.encode("utf-8", "surrogateescape") if isinstance(payload, str) else payload
    subprocess.run(["redis-cli", "-s", REDIS_SOCK, "-x", "PUBLISH", channel], input=data,
                   check=True, capture_output=True)


def test_hostile_bus_messages(a, b):
    """Garbage on a node's channel and on a game's: dropped, the game played and watched on."""
    game, tokens = a.create()
    watcher = b.ws(game)
    check(watcher.recv_until("state") is not None, "b's watcher starts")
    garbage = ["", "{", "[]", "null", b"\x00\xff\xfe", '{"rid": -1}', '{"rid": "x", "reply": {}}',
               '{"rid": 1, "reply": {"status": 99999, "body": 1}}', '{"rid": 2, "reply": 5}',
               '{"rid": 3, "from": 7, "request": {}}', '{"rid": 4, "from": "x", "request": 5}',
               '{"rid": 5, "from": "x", "request": {"op": "move", "id": 5, "body": 1}}',
               '{"rid": 6, "from": "x", "request": {"op": "presence", "id": "' + game
               + '", "body": {"node": "x", "seats": [99999999, -5, "a"]}}}',
               '{"rid": 7, "from": "x", "request": {"op": "snapshot", "id": "' + game
               + '", "body": {}}}', "x" * 100000]
    nodes = psql("SELECT string_agg(node_id, ',') FROM nodes").split(",")
    for name in nodes:
        for payload in garbage:
            publish(f"citadel:node:{name}", payload)
    for payload in garbage + ['{"epoch": 1, "seq": 99, "text": 5}', '{"epoch": "1", "seq": 1}',
                              '{"epoch": 0, "seq": 1, "text": "{}"}']:
        publish(f"citadel:game:{game}", payload)
    # A message from the future: b asks for a snapshot again and goes on.
    publish(f"citadel:game:{game}", '{"epoch": 99, "seq": 1, "text": "{\\"type\\": \\"forged\\"}"}')
    for mover, text, ply in ((b, "e2e4", 0), (a, "e7e5", 1)):
        status, out = mover.post(f"/api/games/{game}/moves",
                                 {"token": tokens[ply % 2], "move": text, "ply": ply})
        check(status == 200, f"{text} after the garbage: {status} {out}")
    # The moves come as move messages, or inside a state where b resynchronised meanwhile (a
    # garbage answer on b's channel may have ended its snapshot request: it asks again).
    got, line = [], []
    while line[-2:] != ["e2e4", "e7e5"] and len(got) < 200:
        m = watcher.recv()
        if m is None:
            break
        got.append(m)
        if m.get("type") == "state":
            line = list(m["moves"])
        elif m.get("type") == "move":
            line.append(m["move"])
    check(line == ["e2e4", "e7e5"] and all(m.get("type") != "forged" for m in got),
          f"b's watcher after the garbage: {line} from {[m.get('type') for m in got]}")
    watcher.close()


def test_redis_restart(redis, a, b):
    """Redis killed and started again: requests for games owned elsewhere are refused while it is
    down (never lost half-way), and once it is back the watchers on other nodes get the state
    again and follow on."""
    game, tokens = a.create()
    moves(a, game, tokens, ["d2d4"])
    watcher = b.ws(game)
    check(watcher.recv_until("state")["moves"] == ["d2d4"], "b's watcher starts")
    redis.kill()
    redis.wait()
    time.sleep(0.5)
    status, out = b.post(f"/api/games/{game}/moves", {"token": tokens[1], "move": "d7d5", "ply": 1})
    check(status == 503 and error_code(out) == "unavailable",
          f"a forwarded move while the bus is down: refused, {status} {out}")
    moves(a, game, tokens, ["d7d5"])  # the owner plays on; its message is lost to b
    redis = start_redis(REDIS_SOCK)
    # Back: b's subscription is active again and its watcher gets a fresh state.
    state = watcher.recv_until("state")
    check(state is not None and state["moves"] == ["d2d4", "d7d5"],
          f"b's watcher resynchronised: {state and state['moves']}")
    status, out = post_until_served(b, f"/api/games/{game}/moves",
                                    {"token": tokens[0], "move": "c2c4", "ply": 2})
    check(status == 200, f"forwarding again once the bus is back: {status} {out}")
    got = played(collect(watcher, 1))
    check(got and got[-1][1] == "c2c4", f"relayed again: {got}")
    watcher.close()
    return redis


def post_until_served(n, path, body, limit_s=10):
    """POSTs until the answer is neither unavailable nor outcome_unknown (a game moving between
    nodes, or a bus coming back), as a client tries again; the last answer."""
    end = time.monotonic() + limit_s
    while True:
        status, out = n.post(path, body)
        if status not in (503, 504) or time.monotonic() > end:
            return status, out
        time.sleep(0.2)


def report(name, logs):
    """The end of a cluster test: no sanitizer report in any node's log (`logs`: name -> text),
    and the logs printed when something failed; the exit status."""
    for node_name, log in logs.items():
        found = [log.find(mark) for mark in ("Sanitizer", "runtime error") if mark in log]
        check(not found, f"{node_name}: no sanitizer report")
        if found:  # the report itself at once: a CI log keeps its head and tail only
            start = log.rfind("\n", 0, min(found)) + 1
            print(f"---- {node_name}'s sanitizer report ----\n{log[start:start + 12000]}",
                  flush=True)
    if failures:
        for node_name, log in logs.items():
            print(f"---- {node_name}'s log ----\n{log[-5000:]}")
        print(f"{len(failures)} failures")
        return 1
    print(f"{name}: all passed")
    return 0


def test_outcome_unknown(b, c):
    """The owner freezes after a request reached it: the forwarding node cannot know what became
    of it (outcome_unknown), and sending it again with the same ply is safe."""
    game, tokens = b.create()
    moves(b, game, tokens, ["e2e4"])
    check(c.get(f"/api/games/{game}")[0] == 200, "c finds b's game")
    b.proc.send_signal(signal.SIGSTOP)
    try:
        t0 = time.monotonic()
        status, out = c.post(f"/api/games/{game}/moves",
                             {"token": tokens[1], "move": "e7e5", "ply": 1})
        check(status == 504 and error_code(out) == "outcome_unknown",
              f"a move the frozen owner got: {status} {out} after {time.monotonic() - t0:.1f} s")
        # c claims the game once b's lease has run out
        status, out = post_until_served(c, f"/api/games/{game}/moves",
                                        {"token": tokens[1], "move": "e7e5", "ply": 1})
        check(status == 200, f"sent again: {status} {out}")
    finally:
        b.proc.send_signal(signal.SIGCONT)
    time.sleep(LEASE_MS / 1000)
    check(steps_of(game) == ["move e2e4", "move e7e5"], f"done once: {steps_of(game)}")


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
    """A node stopped with SIGTERM hands its games over at once; it stops cleanly even while its
    engine seat is thinking (whose answer would go to the rooms it no longer has), and that seat
    plays on at the new owner."""
    game, tokens = c.create()
    acknowledged = moves(c, game, tokens, ["c2c4"])
    thinking, _ = c.create(clock={"initial_s": 120},
                           seats=[{"player": "engine", "level": 20}, {"player": "human"}])
    watcher = c.ws(game)
    watcher.recv_until("state")
    time.sleep(0.5)  # the engine is in its first move (some 4 s: 120 s on its clock)
    c.proc.send_signal(signal.SIGTERM)
    check(close_code(watcher) == 1012, "a stopping node closes its WebSockets with 1012")
    check(c.proc.wait(timeout=20) == 0, "c stops cleanly, its engine seat thinking")
    stopped = time.monotonic()
    owner, took, state = served_by([b], game, 5)
    took = time.monotonic() - stopped
    print(f"SIGTERM: the game is served by another node after {took:.2f} s", flush=True)
    check(owner is b and took < LEASE_MS / 1000, f"handed over at once ({took:.2f} s)")
    check(state is not None and state["moves"] == acknowledged, "the moves are kept")
    end, state = time.monotonic() + 60, None
    while time.monotonic() < end and not (state and state["moves"]):
        time.sleep(0.5)
        status, state = b.get(f"/api/games/{thinking}")
    check(state and len(state["moves"]) == 1, f"the engine seat plays on at b: {state}")


def test_sigterm_while_answering(b, nodes):
    """A node stopped with SIGTERM while its commit thread still works on a request another node
    forwarded (the fault point relay.answer holds it there for 1.5 s) stops cleanly: nothing that
    work uses is destroyed before it ends. The move it made is kept, and b serves the game next."""
    os.environ["CITADEL_FAILPOINT"] = "relay.answer:1:pause=1500"
    try:
        d = node("d")
    finally:
        del os.environ["CITADEL_FAILPOINT"]
    nodes.append(d)
    game, tokens = d.create()
    answers = []
    forwarded = threading.Thread(target=lambda: answers.append(b.post(
        f"/api/games/{game}/moves", {"token": tokens[0], "move": "d2d4", "ply": 0})))
    forwarded.start()
    time.sleep(0.5)  # d has played the move and waits at the fault point
    d.proc.send_signal(signal.SIGTERM)
    check(d.proc.wait(timeout=20) == 0, "d stops cleanly while it answers a forwarded move")
    forwarded.join(timeout=30)
    owner, _, state = served_by([b], game, 10)
    check(owner is b and state["moves"] == ["d2d4"],
          f"the forwarded move is kept: {answers} {state and state['moves']}")


def test_lost_in_flight(nodes):
    """The connection to PostgreSQL lost in the middle of an append. After PostgreSQL committed
    it (fault point pg.answer_lost) the node finds the steps stored and the move stands: refused
    and undone, the room would lag the database and every later move would collide with the
    stored one. Lost before PostgreSQL had it (pg.lost_in_write), the move is refused as not
    stored, and played again it is stored once."""
    for name, point in (("e", "pg.answer_lost"), ("f", "pg.lost_in_write")):
        os.environ["CITADEL_FAILPOINT"] = point + ":1:fail"
        try:
            n = node(name)
        finally:
            del os.environ["CITADEL_FAILPOINT"]
        nodes.append(n)
        game, tokens = n.create()
        status, out = n.post(f"/api/games/{game}/moves",
                             {"token": tokens[0], "move": "e2e4", "ply": 0})
        if point == "pg.answer_lost":
            check(status == 200, f"{point}: the committed move stands: {status} {out}")
        else:
            check(status == 503 and error_code(out) == "storage_failed",
                  f"{point}: the move is refused as not stored: {status} {out}")
            moves(n, game, tokens, ["e2e4"])
        moves(n, game, tokens, ["e7e5", "g1f3"])
        check(steps_of(game) == ["move e2e4", "move e7e5", "move g1f3"],
              f"{point}: each move stored once: {steps_of(game)}")
        check(n.stop() == 0, f"{point}: {name} stops cleanly")


def test_cut_off_from_bus(b, c, nodes):
    """A node that cannot reach Redis while the others can hands its games over to them (nobody
    could reach them through it) and takes no new one; once Redis is back it serves again."""
    proxy = BusProxy(os.path.join(TMP, "proxied-redis.sock"))
    d = node("d", bus=proxy.path)
    nodes.append(d)  # its log is checked with the others'
    try:
        game, tokens = d.create()
        # Forwarded to d through Redis, once d listens there (a moment after it started).
        check(served_by([c], game, 10)[0] is c, "c reaches d's game through Redis")
        acknowledged = moves(c, game, tokens, ["e2e4"])
        proxy.cut()
        # d counts as cut off once the others have reached Redis for 10 s while it has not.
        owner, took, state = served_by([b, c], game, 20)
        print(f"a node cut off from Redis: its game is served by another after {took:.2f} s",
              flush=True)
        check(owner is not None and 10 <= took < 10 + 2 * LEASE_MS / 1000 + 3,
              f"another node serves the cut-off node's game ({took:.2f} s)")
        if owner is None:
            return
        check(state["moves"] == acknowledged, f"the moves are kept: {state['moves']}")
        acknowledged += moves(owner, game, tokens, ["e7e5"])
        status, out = d.post("/api/games", {"variant": "chess"})
        check(status == 503 and error_code(out) == "unavailable",
              f"the cut-off node takes no new game: {status} {out}")
        check("handed its games over" in d.errors(), "d says it handed its games over")
        proxy.mend()
        end, status = time.monotonic() + 10, None
        while status != 200 and time.monotonic() < end:
            time.sleep(0.2)
            status, state = d.get(f"/api/games/{game}")
        check(status == 200 and state["moves"] == acknowledged,
              f"d serves the game again through its owner once Redis is back: {status}")
        status, out = post_until_served(d, "/api/games", {"variant": "chess"})
        check(status == 201, f"d takes new games again: {status} {out}")
        check(d.stop() == 0, "d stops cleanly")
    finally:
        proxy.cut()


def main():
    if not PG:
        print("cluster_test: skipped: CITADEL_TEST_PG is not set (scripts/pg-local start DIR "
              "prints a URI for it)")
        return 0
    redis = start_redis(REDIS_SOCK)
    if not redis:
        print("cluster_test: skipped: no redis-server on the PATH (scripts/deps installs it)")
        return 0
    psql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
    nodes = []
    server_test.make_web()
    try:
        a, b, c = node("a"), node("b"), node("c")
        nodes = [a, b, c]
        test_server_suite(nodes)
        test_forwarding_and_relay(a, b, c)
        test_hostile_bus_messages(a, b)
        redis = test_redis_restart(redis, a, b)
        test_cut_off_from_bus(b, c, nodes)
        test_kill9_takeover(a, b, c)
        test_outcome_unknown(b, c)
        test_sigstop_fences(b, c)
        test_sigterm_hands_over(b, c)
        test_sigterm_while_answering(b, nodes)
        test_lost_in_flight(nodes)
        check(b.stop() == 0, "b stops cleanly")
    finally:
        for n in nodes:
            if n.proc.poll() is None:
                n.proc.send_signal(signal.SIGCONT)
                n.stop()
        redis.kill()
        redis.wait()
        psql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        shutil.rmtree(TMP, ignore_errors=True)
    return report("cluster_test", {n.name: n.errors() for n in nodes})


if __name__ == "__main__":
    sys.exit(main())
