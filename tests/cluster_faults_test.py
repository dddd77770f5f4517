#!/usr/bin/env python3
"""A three-node cluster under faults (docs/server.md, "Several nodes"). First a node is killed
at each moment of a step (before the commit, after it, after the broadcast: server/failpoint.h)
and the step is kept if and only if it was committed. Then games of every variant (clocks on, an
engine seat in some) are played by one thread each, every request to a node picked at random,
while the test kills a node with kill -9 at random moments (three times, starting it again each
time), kills Redis and starts it again, restarts PostgreSQL, freezes a node past its lease
(SIGSTOP, then SIGCONT) and stops a node with SIGTERM. After each fault play must go on within
seconds, and at the end every node must answer every game with the same moves, every
acknowledged move among them once, at the ply it was acknowledged at, and the database must hold
the same steps.

Needs PostgreSQL's server programs and redis-server (skipped without them): it starts a private
PostgreSQL of its own (scripts/pg-local), which it restarts, and a private Redis.

Usage: cluster_faults_test.py path/to/citadel"""
import glob
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster_test  # noqa: E402
from cluster_test import LEASE_MS, REDIS_SOCK, SCHEMA, node, psql  # noqa: E402
from server_test import TMP, check, start_redis  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = [
    {"variant": "chess", "clock": {"initial_s": 300, "increment_s": 2}},
    {"variant": "chess", "seats": [{"player": "human"}, {"player": "engine", "level": 0}]},
    {"variant": "silverman", "clock": {"initial_s": 300}},
    {"variant": "pawnrace"},
    {"variant": "tamerlane", "clock": {"initial_s": 300, "increment_s": 1}},
    {"variant": "fourkingdoms"},
]


class Cluster:
    """The live nodes, which the players pick from and the faults change."""

    def __init__(self, nodes):
        self.lock = threading.Lock()
        self.nodes = list(nodes)
        self.everyone = list(nodes)  # every node started, stopped or killed ones too: their logs
        self.out = set()  # nodes the players do not pick now
        self.started = 0

    def any(self):
        with self.lock:
            return random.choice([n for n in self.nodes if n not in self.out])

    def take_out(self, n):
        """As a balancer's health check would: no request goes to `n` until it is put back."""
        with self.lock:
            self.out.add(n)

    def put_back(self, n):
        with self.lock:
            self.out.discard(n)

    def replace(self, old, new):
        with self.lock:
            self.nodes[self.nodes.index(old)] = new
            self.everyone.append(new)


class Player(threading.Thread):
    """Plays one game after another (a new one when a game ends), with random legal moves through
    random nodes; keeps what each game's acknowledged moves were."""

    def __init__(self, cluster, body):
        super().__init__(daemon=True)
        self.cluster, self.body = cluster, body
        self.stop = threading.Event()
        self.acknowledged = {}  # game id -> {ply: move}
        self.unknown = {}  # game id -> {ply: move} answered outcome_unknown
        self.last_ok = time.monotonic()
        self.last_answer = None  # what the last request was answered, for a stuck game's report
        self.errors = []

    def request(self, method, path, body=None):
        n = self.cluster.any()
        try:
            status, out, _ = n.request(method, path, body, timeout=10)
        except OSError as e:  # the node picked has just been killed
            status, out = None, str(e)
        self.last_answer = (n.name, method, path, status, str(out)[:300])
        return status, out

    def new_game(self):
        while not self.stop.is_set():
            status, out = self.request("POST", "/api/games", self.body)
            if status == 201:
                tokens = {s["seat"]: s["token"] for s in out["seats"] if "token" in s}
                self.acknowledged[out["id"]] = {}
                self.unknown[out["id"]] = {}
                return out["id"], tokens
            time.sleep(0.2)
        return None, None

    def run(self):
        game, tokens = self.new_game()
        while not self.stop.is_set() and game:
            status, state = self.request("GET", f"/api/games/{game}")
            if status != 200:
                time.sleep(0.1)
                continue
            if state["status"] != "ongoing":
                game, tokens = self.new_game()
                continue
            seat = state["to_move"]
            if seat not in tokens or not state["legal_moves"]:
                time.sleep(0.05)  # an engine's move
                continue
            move, ply = random.choice(state["legal_moves"]), state["ply"]
            status, out = self.request("POST", f"/api/games/{game}/moves",
                                       {"token": tokens[seat], "move": move, "ply": ply})
            if status == 200:
                self.acknowledged[game][ply] = move
                self.last_ok = time.monotonic()
            elif status == 504:
                self.unknown[game][ply] = move
            elif status not in (None, 409, 503):
                self.errors.append(f"{self.body['variant']} {game} {move}@{ply}: {status} {out}")
            if status != 200:
                time.sleep(0.1)
            else:
                time.sleep(random.uniform(0, 0.05))


PG_DIR = os.path.join(TMP, "pg")  # its own PostgreSQL: restarting a shared one would hurt others


def pg_local(command):
    return subprocess.run([os.path.join(ROOT, "scripts", "pg-local"), command, PG_DIR], check=True,
                          capture_output=True, text=True).stdout.strip()


def play_goes_on(players, what, limit_s=30):
    """Waits until every player has had a move acknowledged after this moment."""
    since, end = time.monotonic(), time.monotonic() + limit_s
    while time.monotonic() < end:
        if all(p.last_ok > since for p in players):
            print(f"{what}: play goes on after {time.monotonic() - since:.2f} s", flush=True)
            return
        time.sleep(0.1)
    stuck = [(p.body["variant"], p.last_answer) for p in players if p.last_ok <= since]
    check(False, f"{what}: play goes on within {limit_s} s (stuck: {stuck})")


def restart(cluster, old, how):
    """Kills node `old` (SIGKILL or SIGTERM) and starts a node under a new name in its place."""
    if how == signal.SIGKILL:
        old.kill9()
    else:
        status = old.stop()
        check(status == 0, f"{old.name} stops cleanly (exit status {status})")
    cluster.started += 1
    new = node(f"r{cluster.started}")
    cluster.replace(old, new)
    return new


def pause(cluster, players):
    """A node frozen (SIGSTOP) past its lease while play goes on without it, then let run again:
    whatever it had under way when it froze is refused (it has lost its lease: it fences itself,
    gives its games up and joins again), and it serves again like any other node."""
    frozen = cluster.any()
    cluster.take_out(frozen)
    frozen.proc.send_signal(signal.SIGSTOP)
    since = time.monotonic()
    try:
        play_goes_on(players, f"{frozen.name} frozen (SIGSTOP)")
        time.sleep(max(0.0, since + 2 * LEASE_MS / 1000 - time.monotonic()))
    finally:
        frozen.proc.send_signal(signal.SIGCONT)
    time.sleep(LEASE_MS / 1000)
    check(frozen.proc.poll() is None and "lost its lease" in frozen.errors(),
          f"{frozen.name}, let run again, says it lost its lease")
    cluster.put_back(frozen)
    play_goes_on(players, f"{frozen.name} let run again (SIGCONT)")


def test_kill_points(cluster):
    """A node killed at each moment of a step (server/failpoint.h) while another node forwards it
    the third move of a game it owns: that request is outcome_unknown; once another node owns the
    game, the move is there if and only if it was committed, and sending it again is safe."""
    for point, committed in (("step.before_commit", False), ("step.after_commit", True),
                             ("broadcast.after", True)):
        os.environ["CITADEL_FAILPOINT"] = f"{point}:3"
        try:
            doomed = node(f"k-{point}")
        finally:
            del os.environ["CITADEL_FAILPOINT"]
        edge = cluster.nodes[0]
        status, game, _ = doomed.request("POST", "/api/games", {"variant": "chess"})
        tokens = [s["token"] for s in game["seats"]]
        line = ["e2e4", "e7e5", "g1f3"]
        answers = []
        for ply, move in enumerate(line):
            status, out, _ = edge.request("POST", f"/api/games/{game['id']}/moves",
                                          {"token": tokens[ply % 2], "move": move, "ply": ply},
                                          timeout=15)
            answers.append((status, out.get("code") if isinstance(out, dict) else out))
        check(answers[:2] == [(200, None), (200, None)] and answers[2] == (504, "outcome_unknown"),
              f"{point}: the third move is outcome_unknown: {answers}")
        check(doomed.proc.wait(timeout=10) == -signal.SIGKILL, f"{point}: the node died there")
        end, state = time.monotonic() + 15, None
        while time.monotonic() < end:
            status, state, _ = edge.request("GET", f"/api/games/{game['id']}", timeout=15)
            if status == 200:
                break
            time.sleep(0.2)
        check(status == 200 and state["moves"] == (line if committed else line[:2]),
              f"{point}: the moves after the takeover: {status} {state and state.get('moves')}")
        status, out, _ = edge.request("POST", f"/api/games/{game['id']}/moves",
                                      {"token": tokens[0], "move": "g1f3", "ply": 2}, timeout=15)
        want = (409, "stale_ply") if committed else (200, None)
        check((status, out.get("code")) == want, f"{point}: sent again: {status} {out}")
        print(f"{point}: the move {'was' if committed else 'was not'} kept, as it should", flush=True)


def settle(cluster, players, limit_s=30):
    """Waits until no game has an engine seat to move: an engine may still owe its answer to the
    last move (or start thinking only when a request claims its game again), and its move would
    reach the database between the nodes' answers and the database's."""
    for p in players:
        for game in p.acknowledged:
            end = time.monotonic() + limit_s
            while True:
                status, state, _ = cluster.nodes[0].request("GET", f"/api/games/{game}",
                                                            timeout=15)
                if status == 200 and (state["status"] != "ongoing" or not any(
                        s["seat"] == state["to_move"] and s["player"] == "engine"
                        for s in state["seats"])):
                    break
                if time.monotonic() > end:
                    check(False, f"{game}: at rest within {limit_s} s: {status} {state}")
                    break
                time.sleep(0.1)


def verify(cluster, players):
    """Every node answers every game alike; every acknowledged move is there once, at its ply."""
    settle(cluster, players)
    nodes = cluster.nodes
    for p in players:
        for game, acked in p.acknowledged.items():
            answers = []
            for n in nodes:
                status, state, _ = n.request("GET", f"/api/games/{game}", timeout=15)
                answers.append(state["moves"] if status == 200 else f"{status} {state}")
                if status != 200:
                    print(f"{n.name}: {game}: {status} {state}", flush=True)
            check(all(a == answers[0] for a in answers),
                  f"{game}: every node answers the same moves: {answers}")
            moves = answers[0] if isinstance(answers[0], list) else []
            lost = {ply: m for ply, m in acked.items() if ply >= len(moves) or moves[ply] != m}
            check(not lost, f"{p.body['variant']} {game}: acknowledged moves missing: {lost}")
            stored = psql("SELECT coalesce(string_agg(text, ',' ORDER BY seq), '') FROM steps "
                          f"WHERE game_id = '{game}' AND kind = 'move'")
            held = stored.split(",") if stored else []
            check(held == moves, f"{game}: the database holds the moves the nodes answer: "
                  f"{len(held)} stored, {len(moves)} answered, the last ones {held[-4:]} and "
                  f"{moves[-4:]} ({p.body['variant']})")


def main():
    if not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"):
        print("cluster_faults_test: skipped: no PostgreSQL server programs (scripts/deps)")
        return 0
    redis = start_redis(REDIS_SOCK)
    if not redis:
        print("cluster_faults_test: skipped: no redis-server on the PATH")
        return 0
    os.chmod(TMP, 0o755)  # as root, the server runs as `postgres`, which must reach PG_DIR
    cluster_test.PG = pg_local("start")
    psql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
    cluster = Cluster([])
    players = []
    random.seed(int(os.environ.get("CITADEL_FAULTS_SEED", time.time())))
    try:
        cluster.nodes = [node("a"), node("b"), node("c")]
        cluster.everyone = list(cluster.nodes)
        test_kill_points(cluster)
        players = [Player(cluster, body) for body in GAMES]
        for p in players:
            p.start()
        play_goes_on(players, "start")
        for i in range(3):
            time.sleep(random.uniform(0.5, 2.5))
            victim = cluster.any()
            restart(cluster, victim, signal.SIGKILL)
            play_goes_on(players, f"kill -9 of {victim.name} ({i + 1})")
        redis.kill()
        redis.wait()
        time.sleep(random.uniform(0.5, 1.5))
        redis = start_redis(REDIS_SOCK)
        play_goes_on(players, "Redis killed and started again")
        pg_local("stop")
        time.sleep(0.5)
        pg_local("start")
        play_goes_on(players, "PostgreSQL restarted")
        pause(cluster, players)
        restart(cluster, cluster.any(), signal.SIGTERM)
        play_goes_on(players, "a node stopped with SIGTERM")
        for p in players:
            p.stop.set()
        for p in players:
            p.join(timeout=30)
        for p in players:
            check(not p.errors, f"{p.body['variant']}: unexpected answers: {p.errors[:5]}")
        played = sum(len(a) for p in players for a in p.acknowledged.values())
        unknown = sum(len(u) for p in players for u in p.unknown.values())
        print(f"{played} moves acknowledged in {sum(len(p.acknowledged) for p in players)} games,"
              f" {unknown} answered outcome_unknown", flush=True)
        verify(cluster, players)
    finally:
        for p in players:
            p.stop.set()
        for n in cluster.nodes:
            if n.proc.poll() is None:
                n.stop()
        redis.kill()
        redis.wait()
        pg_local("stop")
    logs = {n.name: n.errors() for n in cluster.everyone}
    shutil.rmtree(TMP, ignore_errors=True)
    return cluster_test.report("cluster_faults_test", logs)


if __name__ == "__main__":
    sys.exit(main())
