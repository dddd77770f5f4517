"""citadel serve over real sockets (server.md): the HTTP API, the WebSocket, errors in the
contract's order, limits, clocks, engine seats, static files, speech, and kill -9 then restart.
Usage: server_test.py <path to citadel>"""
import hashlib
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
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import HandshakeRefused, WebSocket  # noqa: E402

CITADEL = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="citadel-server-test-")
DB = os.path.join(TMP, "games.db")
WEB = os.path.join(TMP, "web")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


class Server:
    def __init__(self, db=DB, extra=(), store=None, log="server.log", preexec=None):
        """A server on the SQLite file `db`, or on the database `store` (a libpq URI);
        `preexec` runs in the child before citadel starts."""
        # stderr to a file: a pipe nobody reads could fill and stall the server.
        self.log = open(os.path.join(TMP, log), "a+")
        where = ["--store", store] if store else ["--db", db]
        self.proc = subprocess.Popen([CITADEL, "serve", "--port", "0", *where, "--web", WEB, *extra],
                                     stdout=subprocess.PIPE, stderr=self.log, text=True,
                                     preexec_fn=preexec)
        line = self.proc.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)", line)
        if not m:
            raise RuntimeError("no address printed: " + line + self.errors())
        self.host, self.port = m.group(1), int(m.group(2))

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def errors(self):
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        """Stops the server with SIGTERM; its exit status (0 unless it failed or a sanitizer
        reported something)."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def request(self, method, path, body=None, raw=None, headers=None, timeout=10):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        conn.request(method, path, body=data, headers=headers or {})
        res = conn.getresponse()
        payload = res.read()
        conn.close()
        ctype = res.getheader("Content-Type", "")
        out = json.loads(payload) if ctype.startswith("application/json") else payload
        return res.status, out, res

    def post(self, path, body):
        status, out, _ = self.request("POST", path, body)
        return status, out

    def get(self, path):
        status, out, _ = self.request("GET", path)
        return status, out

    def ws(self, game, token=None):
        path = f"/api/games/{game}/ws" + (f"?token={token}" if token else "")
        return WebSocket(self.host, self.port, path)

    def create(self, **body):
        body.setdefault("variant", "chess")
        status, out = self.post("/api/games", body)
        assert status == 201, (status, out)
        return out["id"], [s["token"] for s in out["seats"]]


def error_code(out):
    return out.get("code") if isinstance(out, dict) else None


def make_web():
    os.makedirs(os.path.join(WEB, "assets"))
    with open(os.path.join(WEB, "index.html"), "w") as f:
        f.write("<!doctype html><title>Citadel</title>")
    with open(os.path.join(WEB, "assets", "app-1a2b3c.js"), "w") as f:
        f.write("console.log('citadel');")
    with open(os.path.join(TMP, "secret.txt"), "w") as f:
        f.write("SECRET")
    os.symlink(os.path.join(TMP, "secret.txt"), os.path.join(WEB, "leak.txt"))
    os.symlink(TMP, os.path.join(WEB, "outside"))


# ---- the tests -----------------------------------------------------------------------------------

def test_create(s):
    variants = {"chess": 2, "silverman": 2, "pawnrace": 2, "tamerlane": 2,
                "fourkingdoms": 4, "fourkingdoms-teams": 4}
    for v, seats in variants.items():
        status, out = s.post("/api/games", {"variant": v})
        check(status == 201 and len(out["seats"]) == seats, f"create {v}: {status} {out}")
        check(all(len(x["token"]) >= 32 and x["url"].startswith("/g/" + out["id"] + "?token=")
                  for x in out["seats"]), f"create {v}: tokens and invitation URLs")
        status, st = s.get("/api/games/" + out["id"])
        check(status == 200 and st["variant"] == v and st["status"] == "ongoing" and st["legal_moves"]
              and st["to_move"] == ("white" if seats == 2 else "east"), f"state of {v}")
        check(all("token" not in seat for seat in st["seats"]), f"state of {v} shows no token")
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    gid, _ = s.create(fen=fen, clock={"initial_s": 60, "increment_s": 2})
    _, st = s.get("/api/games/" + gid)
    check(st["start_fen"] == fen and st["fen"] == fen, "create with fen")
    check(st["clock"]["white"] == 60000 and st["clock"]["increment_ms"] == 2000
          and st["clock"]["running"] is None, f"create with clock: {st['clock']}")
    for body, code, what in [
            ({"variant": "checkers"}, "bad_request", "unknown variant"),
            ({"variant": "chess", "fen": "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"}, "bad_request", "bad fen"),
            ({"variant": "chess", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "bad_request", "illegal position"),
            ({"variant": 7}, "bad_request", "variant of the wrong type"),
            ({"variant": "chess", "seats": [{"player": "human"}]}, "bad_request", "too few seats"),
            ({"variant": "chess", "seats": [{"player": "human"}, {"player": "engine", "level": 21}]},
             "bad_request", "engine level out of range"),
            ({"variant": "chess", "clock": {"initial_s": -5}}, "bad_request", "negative clock"),
            ([1, 2], "bad_request", "body not an object")]:
        status, out = s.post("/api/games", body)
        check(status == 400 and error_code(out) == code and out.get("message"), f"create {what}: {status} {out}")
    status, out, _ = s.request("POST", "/api/games", raw="{not json")
    check(status == 400 and error_code(out) == "bad_json", "create with malformed JSON")
    status, out = s.get("/api/games/nosuchgame")
    check(status == 404 and error_code(out) == "unknown_game", "unknown game")


def test_moves(s):
    gid, (white, black) = s.create()
    path = f"/api/games/{gid}/moves"
    status, out = s.post(path, {"token": white, "move": "e2e4", "ply": 0})
    check(status == 200 and out["type"] == "move" and out["san"] == "e4" and out["ply"] == 0
          and out["to_move"] == "black", f"move: {status} {out}")
    # The same request again: stale, and it never plays twice.
    status, out = s.post(path, {"token": white, "move": "e2e4", "ply": 0})
    check(status == 409 and error_code(out) == "stale_ply", f"repeated move: {status} {out}")
    _, st = s.get("/api/games/" + gid)
    check(st["moves"] == ["e2e4"] and st["san"] == ["e4"], "a repeated request played once")
    status, out = s.post(path, {"token": white, "move": "d2d4", "ply": 1})
    check(status == 403 and error_code(out) == "not_your_turn", f"not your turn: {out}")
    status, out = s.post(path, {"token": "0" * 32, "move": "e7e5", "ply": 1})
    check(status == 403 and error_code(out) == "bad_token", f"wrong token: {out}")
    status, out = s.post(path, {"move": "e7e5", "ply": 1})
    check(status == 400 and error_code(out) == "bad_request", f"missing token: {out}")
    status, out = s.post(path, {"token": black, "move": 5, "ply": 1})
    check(status == 400 and error_code(out) == "bad_request", f"move of the wrong type: {out}")
    status, out = s.post(path, {"token": black, "move": "zz9", "ply": 1})
    check(status == 400 and error_code(out) == "bad_request", f"malformed move text: {out}")
    status, out = s.post(path, {"token": black, "move": "e7e4", "ply": 1})
    check(status == 400 and error_code(out) == "illegal_move" and out["reason"] == "not_that_pieces_move",
          f"illegal move: {out}")
    status, out, _ = s.request("POST", path, raw='{"token": ')
    check(status == 400 and error_code(out) == "bad_json", "malformed JSON move")
    # Checking order: an unknown game before the token, the token before the ply.
    status, out = s.post("/api/games/nosuch/moves", {"token": "x", "move": "e7e5", "ply": 1})
    check(status == 404 and error_code(out) == "unknown_game", "unknown game before bad token")
    status, out = s.post(path, {"token": "x", "move": "e7e5", "ply": 99})
    check(error_code(out) == "bad_token", "bad token before stale ply")
    status, out = s.post(path, {"token": white, "move": "e7e5", "ply": 99})
    check(error_code(out) == "stale_ply", "stale ply before not your turn")
    # A pinned piece: the reason and the arrow from the pinning rook to the king.
    gid2, (w2, _) = s.create(fen="4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
    status, out = s.post(f"/api/games/{gid2}/moves", {"token": w2, "move": "e2c3", "ply": 0})
    check(status == 400 and out.get("reason") == "piece_pinned" and out.get("arrows") == [["e8", "e1"]]
          and "pins" in out.get("message", ""), f"pinned piece: {out}")
    # Oversized body: 413 without reading the rest.
    big = json.dumps({"token": white, "move": "e7e5", "ply": 1, "pad": "x" * (70 * 1024)})
    status, out, _ = s.request("POST", path, raw=big)
    check(status == 413 and error_code(out) == "too_large", f"oversized body: {status}")
    status, out = s.get("/api/games/" + gid)
    check(out["moves"] == ["e2e4"], "nothing changed by refused requests")
    # PGN download.
    status, body, res = s.request("GET", f"/api/games/{gid}/pgn")
    check(status == 200 and b"1. e4 *" in body and "attachment" in res.getheader("Content-Disposition", ""),
          f"pgn: {body[:200]}")


def test_websocket(s):
    gid, (white, black) = s.create(variant="chess")
    w = s.ws(gid, white)
    first = w.recv()
    check(first["type"] == "state" and first["moves"] == [], "ws: state first")
    watcher = s.ws(gid)
    check(watcher.recv()["type"] == "state", "watcher: state first")
    seat = w.recv()
    check(seat["type"] == "seat" or seat["type"] == "move", "ws: seat message")
    w.send({"type": "move", "move": "e2e4", "ply": 0})
    mv = watcher.recv_until("move")
    check(mv["move"] == "e2e4" and mv["san"] == "e4" and mv["ply"] == 0 and "fen" in mv, f"broadcast move {mv}")
    check(w.recv_until("move")["move"] == "e2e4", "mover gets the broadcast")
    watcher.send({"type": "move", "move": "e7e5", "ply": 1})
    out = watcher.recv_until("error")
    check(out["code"] == "bad_token", f"watcher's move: {out}")
    w.send("{oops")
    check(w.recv_until("error")["code"] == "bad_json", "ws malformed JSON")
    w.send({"type": "ping"})
    check(w.recv_until("pong")["type"] == "pong", "ping answered, connection open after bad JSON")
    w.send({"type": "fly"})
    check(w.recv_until("error")["code"] == "bad_request", "unknown message type")
    # A token that holds no seat is refused at the handshake.
    try:
        s.ws(gid, "f" * 32)
        check(False, "handshake with a bad token")
    except HandshakeRefused as e:
        check(e.status == 403, f"handshake with a bad token: {e.status}")
    try:
        s.ws("nosuchgame")
        check(False, "handshake for an unknown game")
    except HandshakeRefused as e:
        check(e.status == 404, "handshake for an unknown game")
    # Oversized message: too_large, and the connection may close; others unaffected.
    big = s.ws(gid, black)
    big.recv()
    big.send({"type": "move", "move": "e7e5", "ply": 1, "pad": "x" * (70 * 1024)})
    out = big.recv_until("error")
    check(out and out["code"] == "too_large", f"oversized ws message: {out}")
    big.close()
    w.send({"type": "ping"})
    check(w.recv_until("pong")["type"] == "pong", "others unaffected by an oversized message")
    # Rate limit: a flood gets rate_limited, and the connection stays usable.
    for _ in range(150):
        w.send({"type": "ping"})
    codes = []
    for _ in range(150):
        m = w.recv()
        codes.append(m.get("code") or m["type"])
    check("rate_limited" in codes, "rate limited flood")
    time.sleep(1.0)
    w.send({"type": "ping"})
    check(w.recv_until("pong")["type"] == "pong", "usable after the flood")
    # Reconnect: a new connection gets the state again, and play goes on.
    w.close()
    w = s.ws(gid, white)
    st = w.recv()
    check(st["type"] == "state" and st["moves"] == ["e2e4"], "reconnect: state again")
    b = s.ws(gid, black)
    b.recv()
    b.send({"type": "move", "move": "e7e5", "ply": 1})
    check(w.recv_until("move")["move"] == "e7e5", "play goes on after reconnect")
    # Resign: an end message with the result.
    b.send({"type": "action", "action": "resign"})
    act = w.recv_until("action")
    check(act["action"] == "resign" and act["seat"] == "black", f"resign action {act}")
    end = w.recv_until("end")
    check(end["status"] == "resignation" and end["result"] == "1-0", f"resign end {end}")
    status, out = s.post(f"/api/games/{gid}/moves", {"token": white, "move": "d2d4", "ply": 2})
    check(status == 409 and error_code(out) == "game_over", f"game over: {out}")
    for c in (w, b, watcher):
        c.close()


def test_draws(s):
    gid, (white, black) = s.create()
    act = f"/api/games/{gid}/actions"
    status, out = s.post(act, {"token": black, "action": "accept_draw"})
    check(status == 409 and error_code(out) == "action_refused", f"accept without offer: {out}")
    status, out = s.post(act, {"token": white, "action": "dance"})
    check(status == 400 and error_code(out) == "bad_request", "unknown action")
    status, out = s.post(act, {"token": white, "action": "offer_draw"})
    check(status == 200 and out["offers"]["draw"] == ["white"], f"offer draw: {out}")
    status, out = s.post(act, {"token": black, "action": "decline_draw"})
    check(status == 200 and out["offers"]["draw"] == [], f"decline draw: {out}")
    status, out = s.post(act, {"token": white, "action": "claim_draw"})
    check(status == 409 and error_code(out) == "action_refused", f"claim refused: {out}")
    status, out = s.post(act, {"token": black, "action": "claim_draw"})
    check(status == 403 and error_code(out) == "not_your_turn", f"claim by the other player: {out}")
    status, out = s.post(act, {"token": white, "action": "propose_alliance", "with": "black"})
    check(status == 409 and error_code(out) == "action_refused", "no alliances in chess")
    s.post(act, {"token": black, "action": "offer_draw"})
    status, out = s.post(act, {"token": white, "action": "accept_draw"})
    check(status == 200, f"accept draw: {out}")
    _, st = s.get("/api/games/" + gid)
    check(st["status"] == "agreement" and st["result"] == "1/2-1/2", f"draw by agreement: {st['status']}")
    # Threefold repetition claimed with the move that makes it (FIDE 9.2.1).
    gid, (white, black) = s.create()
    path = f"/api/games/{gid}/moves"
    for ply, (tok, m) in enumerate([(white, "g1f3"), (black, "g8f6"), (white, "f3g1"), (black, "f6g8"),
                                    (white, "g1f3"), (black, "g8f6"), (white, "f3g1")]):
        status, out = s.post(path, {"token": tok, "move": m, "ply": ply})
        check(status == 200, f"repetition move {m}: {out}")
        # claim_moves: the moves a claim can be made with; only f6g8 at the last step
        want = [{"move": "f6g8", "claims": ["threefold_repetition"]}] if ply == 6 else []
        check(status == 200 and out.get("claim_moves") == want and out.get("claims") == [],
              f"claim_moves in the move message after {m}: {out.get('claim_moves')}")
    _, st = s.get("/api/games/" + gid)
    check(st["claim_moves"] == [{"move": "f6g8", "claims": ["threefold_repetition"]}]
          and st["claims"] == [], f"claim_moves in the state: {st['claim_moves']} {st['claims']}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": black, "action": "claim_draw", "move": "f6g8"})
    check(status == 200 and out["status"] == "threefold_repetition" and out["move"] == "f6g8",
          f"claim with the move: {out}")
    check(out.get("claim_moves") == [] and out.get("legal_moves") == [], f"nothing to claim once over: {out}")
    _, st = s.get("/api/games/" + gid)
    check(st["moves"][-1] == "f6g8" and st["result"] == "1/2-1/2", "the claim's move is played")
    # Played without the claim, the repetition lets the opponent claim instead (claims, no
    # claim_moves for that).
    gid, (white, black) = s.create()
    for ply, (tok, m) in enumerate([(white, "g1f3"), (black, "g8f6"), (white, "f3g1"), (black, "f6g8"),
                                    (white, "g1f3"), (black, "g8f6"), (white, "f3g1"), (black, "f6g8")]):
        status, out = s.post(f"/api/games/{gid}/moves", {"token": tok, "move": m, "ply": ply})
    check(status == 200 and out.get("claims") == ["threefold_repetition"],
          f"the repetition played: White may claim: {out.get('claims')}")
    # The fifty-move mark: every move that is neither a capture nor a pawn move reaches it.
    gid, (white, black) = s.create(fen="4k3/8/8/8/8/7p/8/4K2R w - - 99 80")
    _, st = s.get("/api/games/" + gid)
    by_move = {c["move"]: c["claims"] for c in st["claim_moves"]}
    check(st["claims"] == [] and by_move.get("h1h2") == ["fifty_move_rule"] and "h1h3" not in by_move
          and len(by_move) == len(st["legal_moves"]) - 1, f"claim_moves at 99 half-moves: {by_move}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": white, "action": "claim_draw", "move": "h1h2"})
    check(status == 200 and out["status"] == "fifty_move_rule" and out["result"] == "1/2-1/2",
          f"claim with the 100th half-move: {out}")
    # Tamerlane draws by itself: nothing to claim, ever.
    gid, _ = s.create(variant="tamerlane", fen=None)
    _, st = s.get("/api/games/" + gid)
    check(st["claims"] == [] and st["claim_moves"] == [], f"tamerlane claims: {st['claims']} {st['claim_moves']}")
    # A wrong claim with a move plays nothing.
    gid, (white, black) = s.create()
    status, out = s.post(f"/api/games/{gid}/actions", {"token": white, "action": "claim_draw", "move": "e2e4"})
    check(status == 409 and error_code(out) == "action_refused", f"wrong claim with a move: {out}")
    _, st = s.get("/api/games/" + gid)
    check(st["moves"] == [], "a refused claim plays no move")


def test_time_forfeit(s):
    gid, (white, black) = s.create(clock={"initial_s": 1, "increment_s": 0})
    w = s.ws(gid, white)
    w.recv()
    w.send({"type": "move", "move": "e2e4", "ply": 0})
    w.recv_until("move")
    end = w.recv_until("end")  # nobody moves: the server's timer ends the game
    check(end and end["status"] == "time_forfeit" and end["result"] == "1-0", f"time forfeit: {end}")
    _, st = s.get("/api/games/" + gid)
    check(st["clock"]["black"] == 0 and st["status"] == "time_forfeit", "flag in the state")
    w.close()
    # A lone king cannot mate: the flag of its opponent is a draw.
    gid, (white, black) = s.create(fen="4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", clock={"initial_s": 1})
    status, _ = s.post(f"/api/games/{gid}/moves", {"token": black, "move": "e8d8", "ply": 0})
    time.sleep(1.3)
    _, st = s.get("/api/games/" + gid)
    check(st["status"] == "time_forfeit" and st["result"] == "0-1" or
          st["status"] == "timeout_vs_insufficient_material", f"flag with material: {st['status']}")
    gid, (white, black) = s.create(fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", clock={"initial_s": 1})
    s.post(f"/api/games/{gid}/moves", {"token": white, "move": "e2e3", "ply": 0})
    s.post(f"/api/games/{gid}/moves", {"token": black, "move": "e8d8", "ply": 1})
    time.sleep(1.3)
    _, st = s.get("/api/games/" + gid)
    check(st["status"] == "timeout_vs_insufficient_material" and st["result"] == "1/2-1/2",
          f"flag against a bare king: {st['status']}")


def test_four_kingdoms(s):
    gid, tokens = s.create(variant="fourkingdoms")
    conns = [s.ws(gid, t) for t in tokens]
    st = [c.recv() for c in conns][0]
    names = ["east", "south", "west", "north"]
    for ply in range(8):
        seat = ply % 4
        _, st = s.get("/api/games/" + gid)
        check(st["to_move"] == names[seat], f"fk turn {ply}: {st['to_move']}")
        other = conns[(seat + 1) % 4]
        other.send({"type": "move", "move": st["legal_moves"][0], "ply": ply})
        check(other.recv_until("error")["code"] == "not_your_turn", "fk not your turn")
        conns[seat].send({"type": "move", "move": st["legal_moves"][0], "ply": ply})
        for c in conns:  # every seat hears every move, in order
            mv = c.recv_until("move")
            while mv["ply"] < ply:
                mv = c.recv_until("move")
            check(mv["move"] == st["legal_moves"][0] and mv["seat"] == names[seat], f"fk move {ply}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": tokens[1], "action": "propose_alliance", "with": "west"})
    check(status == 409 and error_code(out) == "action_refused", f"fk alliance not yet allowed: {out}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": tokens[1], "action": "propose_alliance", "with": "nowhere"})
    check(status == 400 and error_code(out) == "bad_request", "fk alliance with a bad seat")
    for c in conns:
        c.close()
    # Where the rules allow it: East mates North and absorbs; West and South may then ally.
    fen = ("xxx3nK4xxx/xxx2nPnPnP3xxx/xxx8xxx/14/4eR9/14/wK13/13eK/14/1wP12/14/xxx8xxx/"
           "xxxsP7xxx/xxx4sK3xxx e - - 0 1 eswn -")
    gid, tokens = s.create(variant="fourkingdoms", fen=fen)
    e, so, w, n = tokens
    status, out = s.post(f"/api/games/{gid}/moves", {"token": e, "move": "e10e14", "ply": 0})
    kinds = [x["kind"] for x in out.get("events", [])]
    check(status == 200 and "checkmate" in kinds and "command" in kinds, f"fk mate events: {out}")
    s.post(f"/api/games/{gid}/moves", {"token": so, "move": "d2d4", "ply": 1})
    status, out = s.post(f"/api/games/{gid}/actions", {"token": w, "action": "propose_alliance", "with": "south"})
    check(status == 200 and out["offers"]["alliance"] == {"from": "west", "to": "south"}, f"fk proposal: {out}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": so, "action": "accept_alliance"})
    check(status == 200 and any(x["kind"] == "alliance_formed" for x in out["events"]), f"fk alliance: {out}")
    _, st = s.get("/api/games/" + gid)
    check(sorted(st["alliance"]) == ["south", "west"], f"fk alliance in the state: {st.get('alliance')}")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": n, "action": "resign"})
    check(status == 409 and error_code(out) == "action_refused", "a mated player cannot act")
    status, body, _ = s.request("GET", f"/api/games/{gid}/pgn")
    check(b"{West and South form an alliance}" in body or b"form an alliance" in body, f"fk record: {body[:300]}")
    # Teams: no alliances; resignations end it with scores.
    gid, tokens = s.create(variant="fourkingdoms-teams")
    status, out = s.post(f"/api/games/{gid}/actions", {"token": tokens[0], "action": "propose_alliance", "with": "south"})
    check(status == 409, "teams: no alliance")
    s.post(f"/api/games/{gid}/actions", {"token": tokens[2], "action": "resign"})
    s.post(f"/api/games/{gid}/actions", {"token": tokens[3], "action": "resign"})
    _, st = s.get("/api/games/" + gid)
    check(st["status"] == "last_team" and st["scores"] == {"east": 1, "south": 1, "west": 0, "north": 0},
          f"teams end and scores: {st['status']} {st['scores']}")


def test_engine(s):
    gid, tokens = s.create(seats=[{"player": "human"}, {"player": "engine", "level": 3}])
    check(len(tokens) == 1, "an engine seat has no token")
    w = s.ws(gid, tokens[0])
    w.recv()
    w.send({"type": "move", "move": "e2e4", "ply": 0})
    check(w.recv_until("move")["move"] == "e2e4", "human move")
    reply = w.recv_until("move")
    check(reply["seat"] == "black" and reply["ply"] == 1, f"the engine answers: {reply}")
    _, st = s.get("/api/games/" + gid)
    check(st["seats"][1]["player"] == "engine" and st["seats"][1]["level"] == 3, "engine seat in the state")
    w.close()
    # Engine against engine plays to the end while others are served.
    # Positions that end within a few moves at any level, so the test does not wait on how well
    # the engines play: a back-rank mate in one, and a pawn race one step from its end.
    both = [{"player": "engine", "level": 0}, {"player": "engine", "level": 0}]
    games = [s.create(seats=both, fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")[0],
             s.create(seats=both, variant="pawnrace", fen="8/8/P7/8/8/8/7p/8 w - - 0 1")[0],
             s.create(seats=both, fen="k7/8/1K6/8/8/8/8/7R w - - 0 1")[0]]
    gid, (white, _) = s.create()
    t0 = time.time()
    status, _ = s.post(f"/api/games/{gid}/moves", {"token": white, "move": "e2e4", "ply": 0})
    check(status == 200 and time.time() - t0 < 2, "a human game is served while engines play")
    deadline = time.time() + 15
    while time.time() < deadline:
        states = [s.get("/api/games/" + g)[1] for g in games]
        if all(x["status"] != "ongoing" for x in states):
            break
        time.sleep(0.2)
    check(all(x["status"] != "ongoing" and x["ply"] > 0 for x in states),
          f"engine games end: {[(x['status'], x['ply']) for x in states]}")
    gid, _ = s.create(variant="fourkingdoms", seats=[{"player": "engine", "level": 0}] * 4)
    deadline = time.time() + 30  # an untimed engine seat thinks about a second a move
    while time.time() < deadline and s.get("/api/games/" + gid)[1]["ply"] < 2:
        time.sleep(0.2)
    check(s.get("/api/games/" + gid)[1]["ply"] >= 2, "four engines play Four Kingdoms")


def test_engine_decisions(s):
    """An engine seat answers a draw offer like a player, broadcast to every watcher: behind
    (a queen down) it accepts, ahead it declines."""
    for fen, answer in [("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "accept_draw"),
                        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "decline_draw")]:
        gid, (white,) = s.create(fen=fen, seats=[{"player": "human"}, {"player": "engine", "level": 5}])
        w = s.ws(gid)
        w.recv()
        status, out = s.post(f"/api/games/{gid}/actions", {"token": white, "action": "offer_draw"})
        check(status == 200 and out["offers"]["draw"] == ["white"], f"offer to the engine: {out}")
        check(w.recv_until("action")["action"] == "offer_draw", "the offer is broadcast")
        got = w.recv_until("action")
        check(got["action"] == answer and got["seat"] == "black" and got["offers"]["draw"] == [],
              f"the engine's answer {answer}: {got}")
        _, st = s.get("/api/games/" + gid)
        want = "agreement" if answer == "accept_draw" else "ongoing"
        check(st["status"] == want and st["offers"]["draw"] == [], f"after {answer}: {st['status']}")
        w.close()


def test_take_back_and_rematch(s):
    """Over real sockets: a take-back is broadcast as the whole game again; a rematch is told to
    the watchers and gives each player their own seat; hostile bodies are refused, nothing
    changed."""
    gid, (white,) = s.create(seats=[{"player": "human", "take_back": True},
                                    {"player": "engine", "level": 0}])
    w = s.ws(gid)
    w.recv()
    s.post(f"/api/games/{gid}/moves", {"token": white, "move": "e2e4", "ply": 0})
    w.recv_until("move")
    w.recv_until("move")  # the engine's reply
    for raw, code in [("{", "bad_json"), ("[]", "bad_request"), ('{"token": 5}', "bad_request"),
                      ('{"token": "' + white + '", "ply": "two"}', "bad_request"),
                      ('{"token": "nobody"}', "bad_token"),
                      ('{"token": "' + white + '", "ply": 7}', "stale_ply")]:
        status, out, _ = s.request("POST", f"/api/games/{gid}/take_back", raw=raw,
                                   headers={"Content-Type": "application/json"})
        check(error_code(out) == code, f"take_back {raw}: {status} {out}")
    check(s.get("/api/games/" + gid)[1]["ply"] == 2, "a refused take-back changes nothing")
    status, out = s.post(f"/api/games/{gid}/take_back", {"token": white, "ply": 2})
    check(status == 200 and out["type"] == "take_back" and out["taken"] == 2 and out["moves"] == [],
          f"take back: {status} {out}")
    got = w.recv_until("take_back")
    check(got["ply"] == 0 and got["seat"] == "white", f"the take-back is broadcast: {got}")
    w.close()

    gid, (white, black) = s.create()
    w = s.ws(gid)
    w.recv()
    status, out = s.post(f"/api/games/{gid}/rematch", {"token": white})
    check(status == 409 and error_code(out) == "game_not_over", f"rematch before the end: {out}")
    s.post(f"/api/games/{gid}/actions", {"token": black, "action": "resign"})
    status, mine = s.post(f"/api/games/{gid}/rematch", {"token": white})
    check(status == 200 and mine["seat"] == "black", f"rematch: {status} {mine}")
    got = w.recv_until("rematch")
    check(got["id"] == mine["id"] and got["seat"] == "white" and "token" not in got,
          f"the rematch is told without tokens: {got}")
    _, theirs = s.post(f"/api/games/{gid}/rematch", {"token": black})
    check(theirs["id"] == mine["id"] and theirs["seat"] == "white" and theirs["token"] != mine["token"],
          f"the other player's seat: {theirs}")
    status, out = s.post(f"/api/games/{gid}/rematch", {"token": "nobody"})
    check(status == 403 and error_code(out) == "bad_token", f"a stranger's rematch: {out}")
    w.close()


def test_static(s):
    status, body, res = s.request("GET", "/")
    check(status == 200 and b"Citadel" in body and res.getheader("Cache-Control") == "no-cache"
          and res.getheader("Content-Type").startswith("text/html")
          and "default-src 'self'" in res.getheader("Content-Security-Policy", ""), "index.html")
    status, body, res = s.request("GET", "/assets/app-1a2b3c.js")
    check(status == 200 and "immutable" in res.getheader("Cache-Control", "")
          and res.getheader("Content-Type").startswith("text/javascript"), "hashed asset")
    status, body, res = s.request("HEAD", "/assets/app-1a2b3c.js")
    check(status == 200 and body == b"", "HEAD")
    status, body, _ = s.request("GET", "/g/abc123?token=xyz")
    check(status == 200 and b"Citadel" in body, "an invitation URL serves the front end")
    for path, codes in [("/../secret.txt", (400, 404)), ("/%2e%2e/secret.txt", (400, 404)),
                        ("/assets/%2E%2E/%2e%2e/secret.txt", (400, 404)), ("/leak.txt", (404,)),
                        ("/outside/secret.txt", (404,)), ("/index.html%00.js", (400,)),
                        ("/..%2fsecret.txt", (400, 404)), ("/%5c..%5csecret.txt", (400,)),
                        ("/missing.js", (404,)), ("/assets/missing-1.css", (404,)), ("/%zz", (400,))]:
        status, body, _ = s.request("GET", path)
        check(status in codes and b"SECRET" not in body, f"static {path}: {status}")
    status, out, _ = s.request("DELETE", "/api/games")
    check(status == 405, "wrong method")
    status, out = s.get("/api/nothing")
    check(status == 404, "unknown API route")


def test_speech(s):
    """Speech (server.md, "Speech"): the audio and its word timings, made once then cached, a byte
    range, each language, hostile text spoken or refused."""
    q = "lang=en&text=" + quote("Nxe5+ wins the queen.")
    status, mp3, res = s.request("GET", "/api/speech?" + q, timeout=60)
    check(status == 200 and res.getheader("Content-Type") == "audio/mpeg"
          and res.getheader("X-Citadel-Speech") == "synthesised" and mp3[:2] == b"\xff\xf3"
          and len(mp3) > 4000 and "immutable" in res.getheader("Cache-Control", ""),
          f"speech: {status} {res.getheaders()}")
    status, again, res = s.request("GET", "/api/speech?" + q)
    check(status == 200 and again == mp3 and res.getheader("X-Citadel-Speech") == "cached",
          "speech: the second request is served from the cache")
    status, words, res = s.request("GET", "/api/speech/words?" + q)
    spans = [(w["start"], w["length"]) for w in words.get("words", [])] if status == 200 else []
    check(res.getheader("X-Citadel-Speech") == "cached" and spans[:2] == [(0, 5), (6, 4)]
          and len(spans) == 4 and words["duration_ms"] > 1500
          and all(a["at_ms"] < b["at_ms"] for a, b in zip(words["words"], words["words"][1:])),
          f"speech words: {status} {words}")
    status, part, res = s.request("GET", "/api/speech?" + q, headers={"Range": "bytes=0-1"})
    check(status == 206 and part == mp3[:2] and res.getheader("Content-Range") == f"bytes 0-1/{len(mp3)}",
          f"speech: a byte range: {status} {res.getheaders()}")
    status, _, _ = s.request("GET", "/api/speech?" + q, headers={"Range": f"bytes={len(mp3)}-"})
    check(status == 416, f"speech: a range past the end: {status}")
    for lang, text in [("zh", "王能跑吗？不能去f8或h8。"), ("vi", "Vua chạy được không? Không sang f8 hay h8 được."),
                       ("en", "<speak><break time='60s'/>Hello</speak>"), ("en", "#" * 600)]:
        status, body, res = s.request("GET", f"/api/speech?lang={lang}&text={quote(text)}", timeout=60)
        check(status == 200 and res.getheader("Content-Type") == "audio/mpeg" and body[:2] == b"\xff\xf3",
              f"speech {lang} {text[:20]!r}: {status}")
    for query, code in [("lang=en", "bad_request"), ("lang=fr&text=hi", "bad_request"),
                        ("text=%C3%28", "bad_request"), ("text=a%00b", "bad_request"),
                        ("text=" + "a" * 601, "too_large")]:
        status, out = s.get("/api/speech?" + query)
        check(error_code(out) == code and status == (413 if code == "too_large" else 400),
              f"speech {query[:30]}: {status} {out}")


def test_connections_per_address():
    """--max-connections-per-address: a connection beyond it is closed at once, and a slot freed by
    a closing connection is taken again."""
    import socket
    s = Server(db=os.path.join(TMP, "per-address.db"), extra=["--max-connections-per-address", "3"])
    held = []
    try:
        held = [socket.create_connection((s.host, s.port), timeout=5) for _ in range(3)]
        request = b"GET /api/games/none HTTP/1.1\r\nHost: x\r\n\r\n"
        with socket.create_connection((s.host, s.port), timeout=5) as extra:
            try:
                extra.sendall(request)
                answer = extra.recv(4096)
            except OSError:
                answer = b""
        check(answer == b"", f"a fourth connection from one address is closed: {answer[:40]!r}")
        check(held[0].sendall(request) is None and held[0].recv(4096).startswith(b"HTTP/1.1 404"),
              "the three held connections are served")
        held.pop().close()
        ok, end = False, time.time() + 5
        while not ok and time.time() < end:
            try:
                ok = s.get("/api/games/none")[0] == 404
            except OSError:
                time.sleep(0.1)
        check(ok, "a slot freed by a closed connection is taken again")
    finally:
        for c in held:
            c.close()
        s.stop()


def cpu_seconds(pid):
    """The CPU time process `pid` has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sanitized(binary):
    """Whether `binary` was built with a sanitizer."""
    import mmap
    with open(binary, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        return any(m.find(mark) >= 0 for mark in (b"__asan_init", b"__tsan_init", b"__ubsan_handle"))


def test_out_of_files():
    """A process allowed few files says so at start; out of descriptors, the connections beyond
    them wait in the queue (the server does not spin a core trying to accept them) and are
    served once others close."""
    import resource
    import socket
    if sanitized(CITADEL):
        # The sanitizers open a pipe to check memory they report on: with no descriptor left
        # they report a false error. scripts/test runs this suite on the plain build too.
        print("test_out_of_files: skipped under a sanitizer", flush=True)
        return

    def few_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))

    s = Server(db=os.path.join(TMP, "files.db"), preexec=few_files, log="files.log",
               extra=["--no-speech", "--max-connections-per-address", "1000"])
    held = []
    try:
        check("may open only 128 files" in s.errors(), "the server warns of its few files")
        for _ in range(160):
            held.append(socket.create_connection((s.host, s.port), timeout=5))
        time.sleep(0.5)
        before = cpu_seconds(s.proc.pid)
        time.sleep(1)
        used = cpu_seconds(s.proc.pid) - before
        check(used < 0.5, f"out of files, the server waits: {used:.2f} s of CPU in 1 s")
        for c in held:
            c.close()
        held = []
        end, status = time.monotonic() + 10, None
        while status != 404 and time.monotonic() < end:
            try:
                status, _, _ = s.request("GET", "/api/games/none", timeout=2)
            except OSError:
                time.sleep(0.2)
        check(status == 404, f"served again once the connections closed: {status}")
    finally:
        for c in held:
            c.close()
        check(s.stop() == 0, "a server out of files stops cleanly")


def test_trusted_proxy():
    """--trusted-proxy: behind a balancer each request's client is the last address of its
    X-Forwarded-For, so one client's connections are limited and another's are not; a request
    without one (or with garbage) counts for the balancer's own address. Without the option the
    header is ignored (a client cannot claim another address)."""
    import socket
    s = Server(db=os.path.join(TMP, "proxy.db"),
               extra=["--max-connections-per-address", "2", "--trusted-proxy", "127.0.0.1"])
    held = []

    def ask(conn, forwarded):
        head = f"X-Forwarded-For: {forwarded}\r\n" if forwarded is not None else ""
        conn.sendall(f"GET /api/games/none HTTP/1.1\r\nHost: x\r\n{head}\r\n".encode())
        try:
            return conn.recv(4096).split(b"\r\n", 1)[0]
        except OSError:
            return b""

    try:
        for _ in range(2):
            held.append(socket.create_connection((s.host, s.port), timeout=5))
            check(ask(held[-1], "203.0.113.9, 10.0.0.1").endswith(b"404 Not Found"),
                  "a client behind the balancer is served")
        third = socket.create_connection((s.host, s.port), timeout=5)
        held.append(third)
        check(ask(third, "10.0.0.1").endswith(b"429 Too Many Requests"),
              "a third connection of one forwarded client is refused")
        for forwarded in ("10.0.0.2", "garbage", None):
            c = socket.create_connection((s.host, s.port), timeout=5)
            held.append(c)
            check(ask(c, forwarded).endswith(b"404 Not Found"),
                  f"another client's connection is served (X-Forwarded-For {forwarded})")
    finally:
        for c in held:
            c.close()
        s.stop()
    few = Server(db=os.path.join(TMP, "few.db"), extra=["--games-per-address", "2"])
    try:
        made = [few.post("/api/games", {"variant": "chess"})[0] for _ in range(3)]
        check(made == [201, 201, 429], f"--games-per-address 2: the third game refused: {made}")
    finally:
        few.stop()
    plain = Server(db=os.path.join(TMP, "proxy2.db"), extra=["--max-connections-per-address", "1"])
    try:
        first = socket.create_connection((plain.host, plain.port), timeout=5)
        check(ask(first, "10.0.0.3").endswith(b"404 Not Found"), "without --trusted-proxy: served")
        second = socket.create_connection((plain.host, plain.port), timeout=5)
        check(ask(second, "10.0.0.4") == b"", "without --trusted-proxy the header is ignored")
        first.close()
        second.close()
    finally:
        plain.stop()


def test_speech_servers():
    """The speech cache survives a restart; a server without speech says so."""
    cache = os.path.join(TMP, "speech-cache")
    q = "/api/speech/words?lang=vi&text=" + quote("Mã ăn quân ở e5, chiếu!")
    first = Server(db=os.path.join(TMP, "speech.db"), extra=["--speech-cache", cache, "--speech-cache-mb", "1"])
    try:
        status, out, res = first.request("GET", q, timeout=60)
        check(status == 200 and res.getheader("X-Citadel-Speech") == "synthesised", f"speech made: {status} {out}")
    finally:
        first.stop()
    check(any(name.endswith(".speech") for name in os.listdir(cache)), "speech kept in --speech-cache")
    second = Server(db=os.path.join(TMP, "speech.db"), extra=["--speech-cache", cache])
    try:
        status, again, res = second.request("GET", q)
        check(status == 200 and again == out and res.getheader("X-Citadel-Speech") == "cached",
              f"speech cached across a restart: {status}")
    finally:
        second.stop()
    off = Server(db=os.path.join(TMP, "speech-off.db"), extra=["--no-speech"])
    try:
        status, out = off.get("/api/speech?text=hi")
        check(status == 404 and error_code(out) == "not_found" and "--no-speech" in out["message"],
              f"--no-speech: {status} {out}")
    finally:
        off.stop()


def test_restart(s_holder):
    s = s_holder[0]
    gid, (white, black) = s.create(clock={"initial_s": 300, "increment_s": 5})
    path = f"/api/games/{gid}/moves"
    for ply, (tok, m) in enumerate([(white, "e2e4"), (black, "e7e5"), (white, "g1f3")]):
        s.post(path, {"token": tok, "move": m, "ply": ply})
    s.post(f"/api/games/{gid}/actions", {"token": black, "action": "offer_draw"})
    _, before = s.get("/api/games/" + gid)
    time.sleep(0.3)
    s.kill9()
    stored = b"".join(open(DB + suffix, "rb").read() for suffix in ("", "-wal") if os.path.exists(DB + suffix))
    check(white.encode() not in stored and black.encode() not in stored
          and hashlib.sha256(white.encode()).hexdigest().encode() in stored,
          "restart: the database keeps the tokens' hashes, never the tokens")
    s = s_holder[0] = Server()
    _, after = s.get("/api/games/" + gid)
    check(after["moves"] == before["moves"] and after["san"] == before["san"] and after["fen"] == before["fen"],
          "restart: same moves")
    check(after["clock"]["white"] == before["clock"]["white"], "restart: the waiting clock as stored")
    stored_black = after["clock"]["black"]
    check(before["clock"]["black"] - 400 <= stored_black <= before["clock"]["black"] + 50,
          f"restart: the running clock resumes from its last stored time: {before['clock']} {after['clock']}")
    check(after["offers"]["draw"] == ["black"], "restart: the draw offer stands")
    status, out = s.post(path, {"token": black, "move": "b8c6", "ply": 3})
    check(status == 200 and out["ply"] == 3, f"restart: play goes on: {out}")
    status, out = s.post(path, {"token": black, "move": "b8c6", "ply": 3})
    check(error_code(out) == "stale_ply", "restart: stale ply still refused")
    w = s.ws(gid, white)
    check(w.recv()["moves"][-1] == "b8c6", "restart: reconnect")
    w.close()


def test_family_restart(s_holder):
    """A family over HTTP (the key in the Authorization header), a child's result recorded, then
    kill -9: the family, the child and the result are there after the restart; the key is not in
    the database file, its hash is."""
    s = s_holder[0]
    status, out = s.post("/api/families", {})
    check(status == 201 and len(out.get("key", "")) == 43, f"family: created: {status} {out}")
    key = out["key"]
    auth = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    status, child, _ = s.request("POST", "/api/family/children", {"name": "Minh", "avatar": "owl"}, headers=auth)
    check(status == 201 and child["name"] == "Minh", f"family: child added: {status} {child}")
    status, out, _ = s.request("POST", "/api/learn/levels/checkmate-1/move",
                               {"move": "a1a8", "child": child["id"]}, headers=auth)
    check(status == 200 and out.get("recorded") is True, f"family: move recorded: {out}")
    status, out, _ = s.request("GET", "/api/family", headers={"Authorization": "Bearer wrong"})
    check(status == 403 and error_code(out) == "unknown_family", f"family: wrong key refused: {out}")
    s.kill9()
    s = s_holder[0] = Server()
    status, out, _ = s.request("GET", "/api/family", headers=auth)
    check(status == 200 and out["children"][0]["progress"]["levels"] == {"checkmate-1": 3},
          f"family: kept across kill -9: {out}")
    data = b"".join(open(DB + end, "rb").read() for end in ("", "-wal") if os.path.exists(DB + end))
    check(key.encode() not in data, "family: the key is not stored")
    check(hashlib.sha256(key.encode()).hexdigest().encode() in data, "family: its hash is")


SAN = re.compile(r"^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?$")
SCHOLAR = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]  # 4. Qxf7#


def play(s, gid, tokens, moves, start=0):
    for ply, m in enumerate(moves, start):
        status, out = s.post(f"/api/games/{gid}/moves", {"token": tokens[ply % len(tokens)], "move": m, "ply": ply})
        check(status == 200, f"move {m}: {status} {out}")


def analysed(s, gid, seconds=120):
    """Polls the analysis until it is ready: (the answer, the pending answers seen before)."""
    pending = []
    end = time.time() + seconds
    while time.time() < end:
        status, out = s.get(f"/api/games/{gid}/analysis")
        if status != 202:
            check(status == 200 and out.get("status") == "ready", f"analysis of {gid}: {status} {out}")
            return out, pending
        pending.append(out)
        time.sleep(0.05)
    check(False, f"analysis of {gid} still pending after {seconds} s: {pending[-1:]}")
    return {}, pending


def raw_status(s, request_bytes):
    import socket
    with socket.create_connection((s.host, s.port), timeout=10) as c:
        c.sendall(request_bytes)
        head = c.recv(4096)
    m = re.match(rb"HTTP/1\.1 (\d+)", head)
    return int(m.group(1)) if m else None


def test_analysis(s_holder):
    s = s_holder[0]
    # Refusals: a game in progress (engine help during play), unknown or hostile ids, methods.
    gid, (white, black) = s.create()
    play(s, gid, [white, black], ["e2e4"])
    status, out = s.get(f"/api/games/{gid}/analysis")
    check(status == 409 and error_code(out) == "game_not_over" and "over" in out.get("message", ""),
          f"analysis during play: {status} {out}")
    status, out = s.post(f"/api/games/{gid}/analysis", {})
    check(status == 405 and error_code(out) == "method_not_allowed", f"POST analysis: {status} {out}")
    for bad in ["nosuchgame", "..%2f..%2fetc%2fpasswd", "%00", "x" * 3000, "'%20OR%201=1%20--", "%ff%fe"]:
        status, out = s.get(f"/api/games/{bad}/analysis")
        check(status == 404 and error_code(out) == "unknown_game", f"analysis of id {bad[:20]}: {status} {out}")
    # Bytes that are not UTF-8 in the path (they once made the JSON answer throw).
    upgrade = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
    for path, headers in [(b"/api/games/\xff\xfe/analysis", b""), (b"/api/games/\xc3/analysis", b""),
                          (b"/api/games/\xff", b""), (b"/api/games/\xff/ws", upgrade)]:
        check(raw_status(s, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n") == 404,
              f"a path of bytes that are not UTF-8: {path}")
    check(s.get("/api/games/" + gid)[0] == 200, "the server is fine after hostile ids")

    # Scholar's mate: pending (with progress) then ready; 3...Nf6?? is a mistake, mate in one.
    gid, tokens = s.create()
    play(s, gid, tokens, SCHOLAR)
    check(s.get("/api/games/" + gid)[1]["status"] == "checkmate", "scholar's mate ends the game")
    first_status, first = s.get(f"/api/games/{gid}/analysis")
    check(first_status == 202 and first.get("status") == "pending" and first.get("total") == 8
          and 0 <= first.get("done", -1) <= 8, f"analysis starts pending: {first_status} {first}")
    out, pending = analysed(s, gid)
    dones = [p["done"] for p in [first] + pending]
    check(dones == sorted(dones) and all(p["total"] == 8 for p in pending), f"analysis progress: {dones}")
    ps = out.get("positions", [])
    check(out.get("view") == "white" and out.get("variant") == "chess" and out.get("nodes", 0) > 0,
          f"analysis header: {dict((k, v) for k, v in out.items() if k != 'positions')}")
    check([p["ply"] for p in ps] == list(range(8))
          and [p["to_move"] for p in ps] == ["white", "black"] * 4, f"analysis positions: {ps}")
    check(all(isinstance(p.get("best"), list) and p["best"] and all(SAN.match(m) for m in p["best"])
              for p in ps[:7]), f"best lines in SAN: {[p.get('best') for p in ps]}")
    check(all(abs(p["score"]) < 1.5 for p in ps[:5]), f"an even opening: {[p.get('score') for p in ps[:5]]}")
    check(ps[6].get("mateIn") == 1 and ps[6]["best"][0] == "Qxf7#" and ps[6]["best_move"] == "h5f7",
          f"mate in one, and its move in UCI text: {ps[6]}")
    check(ps[7] == {"ply": 7, "to_move": "black", "end": True, "outcome": 1}, f"the mated position: {ps[7]}")
    check(ps[5]["best"][0] != "Nf6", f"the engine would not play 3...Nf6??: {ps[5]}")
    status, again = s.get(f"/api/games/{gid}/analysis")
    check(status == 200 and again == out, "a second request answers the same analysis")

    # A queen up: clearly for the side that has it, whoever is to move.
    gid2, tokens = s.create(fen="rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
    play(s, gid2, tokens, ["g1f3"])
    s.post(f"/api/games/{gid2}/actions", {"token": tokens[1], "action": "resign"})
    queen, _ = analysed(s, gid2)
    qs = queen.get("positions", [])
    check(len(qs) == 2 and all(p.get("score", 0) > 5 for p in qs), f"a queen up: {qs}")
    check("end" not in qs[-1], "a resigned position is judged, not ended")

    # Four Kingdoms: teams from East+South's view; free-for-all each mover's expected points.
    gid3, tokens = s.create(variant="fourkingdoms-teams")
    for ply in range(2):
        m = s.get("/api/games/" + gid3)[1]["legal_moves"][0]
        play(s, gid3, [tokens[ply]], [m], ply)
    for t in tokens[2:]:
        s.post(f"/api/games/{gid3}/actions", {"token": t, "action": "resign"})
    teams, _ = analysed(s, gid3)
    ts = teams.get("positions", [])
    check(teams.get("view") == "east+south" and [p["to_move"] for p in ts[:2]] == ["east", "south"]
          and all("score" in p and all(isinstance(m, str) and m for m in p["best"]) for p in ts[:2]),
          f"teams analysis: {teams}")
    check(len(ts) == 3 and ts[2].get("end") is True and ts[2].get("outcome") == 1,
          f"teams: West and North resigned: {ts[-1:]}")
    gid4, tokens = s.create(variant="fourkingdoms")
    m = s.get("/api/games/" + gid4)[1]["legal_moves"][0]
    play(s, gid4, tokens[:1], [m])
    for t in tokens[1:]:
        s.post(f"/api/games/{gid4}/actions", {"token": t, "action": "resign"})
    ffa, _ = analysed(s, gid4)
    fs = ffa.get("positions", [])
    check(ffa.get("view") == "mover" and len(fs) == 2 and -1 <= fs[0].get("points", 9) <= 2
          and "score" not in fs[0] and fs[0]["best"] and fs[1].get("end") is True and "outcome" not in fs[1],
          f"free-for-all analysis: {ffa}")

    # Kept in the database: after a restart the same answer at once.
    s.kill9()
    s = s_holder[0] = Server()
    status, after = s.get(f"/api/games/{gid}/analysis")
    check(status == 200 and after == out, f"the analysis survives a restart: {status}")

    # Bounded: one game analysed at once, one waiting, the next refused politely.
    busy = Server(db=os.path.join(TMP, "busy.db"), extra=["--analyses", "1", "--analysis-queue", "1"])
    try:
        games = []
        for _ in range(3):
            g, tokens = busy.create()
            play(busy, g, tokens, SCHOLAR[:6])
            busy.post(f"/api/games/{g}/actions", {"token": tokens[0], "action": "resign"})
            games.append(g)
        answers = [busy.get(f"/api/games/{g}/analysis") for g in games]
        check(answers[0][0] == 202 and answers[0][1]["ahead"] == 0, f"first analysis runs: {answers[0]}")
        check(answers[1][0] == 202 and answers[1][1]["ahead"] == 1 and answers[1][1]["done"] == 0,
              f"second analysis waits: {answers[1]}")
        check(answers[2][0] == 503 and error_code(answers[2][1]) == "analysis_busy",
              f"third analysis refused: {answers[2]}")
        done, _ = analysed(busy, games[1])
        check(len(done.get("positions", [])) == 7, "the waiting analysis runs in its turn")
        status, _ = busy.get(f"/api/games/{games[2]}/analysis")
        check(status in (200, 202), f"a refused analysis may be asked again later: {status}")
    finally:
        rc = busy.stop()  # with an analysis under way: the pool interrupts it
    check(rc == 0, f"a clean stop during an analysis: status {rc}")


def test_bad_arguments():
    for args, words in [(["--port", "70000"], "--port"),
                        (["--port", "0", "--trusted-proxy", "nginx.local"], "--trusted-proxy"),
                        (["--port", "0", "--games-per-address", "0"], "--games-per-address"),
                        (["--port", "0", "--db", os.path.join(TMP, "no", "such", "dir.db")], "cannot open database"),
                        (["--port", "0", "--host", "not-an-address", "--db", os.path.join(TMP, "x.db")], "cannot listen"),
                        (["--port", "0", "--analyses", "0", "--db", os.path.join(TMP, "x.db")], "--analyses"),
                        (["--port", "0", "--speech-cache-mb", "0", "--db", os.path.join(TMP, "x.db")],
                         "--speech-cache-mb"),
                        (["--port", "0", "--max-connections-per-address", "0", "--db", os.path.join(TMP, "x.db")],
                         "--max-connections-per-address"),
                        (["--port", "0", "--db", os.path.join(TMP, "x.db"), "--store", "postgresql:///citadel"],
                         "excludes"),
                        (["--port", "0", "--store", "postgresql://citadel@/citadel?host=" + os.path.join(TMP, "no")],
                         "cannot connect"),
                        (["--port", "0", "--store", "citadel.db"], "not a connection URI"),
                        (["--port", "0", "--bus", "redis://localhost", "--db", os.path.join(TMP, "x.db")],
                         "--bus: the port is missing"),
                        (["--port", "0", "--bus", "redis://" + os.path.join(TMP, "no-redis.sock"),
                          "--db", os.path.join(TMP, "x.db")], "--bus: cannot connect to redis://")]:
        r = subprocess.run([CITADEL, "serve"] + args, capture_output=True, text=True, timeout=20)
        check(r.returncode == 2 and r.stderr.startswith("error:") and words in r.stderr and r.stdout == "",
              f"serve {args}: {r.returncode} {r.stderr!r}")


def start_redis(sock):
    """A private redis-server on the Unix socket `sock`, nothing saved; None without one."""
    binary = shutil.which("redis-server")
    if not binary:
        return None
    redis = subprocess.Popen([binary, "--port", "0", "--unixsocket", sock, "--save", "",
                              "--appendonly", "no", "--dir", TMP,
                              "--logfile", os.path.join(TMP, "redis.log")])
    end = time.time() + 10
    while not os.path.exists(sock) and time.time() < end:
        time.sleep(0.05)
    return redis


def test_bus():
    """--bus: the server connects to Redis at start, serves on when Redis dies (saying so), and
    reconnects when it returns (saying so too). Skipped without redis-server."""
    binary = shutil.which("redis-server")
    if not binary:
        print("test_bus: skipped: no redis-server on the PATH (scripts/deps installs it)")
        return
    sock = os.path.join(TMP, "redis.sock")

    def logged(words, seconds):
        end = time.time() + seconds
        while words not in s.errors() and time.time() < end:
            time.sleep(0.05)
        return words in s.errors()

    redis, s = start_redis(sock), None
    try:
        s = Server(db=os.path.join(TMP, "bus.db"), extra=["--bus", "redis://" + sock])
        check(s.get("/api/games/none")[0] == 404, "a server with a bus serves")
        redis.kill()
        redis.wait()
        check(logged("is lost (", 5), "the lost bus is logged")
        check(s.get("/api/games/none")[0] == 404, "the server serves on without its bus")
        redis = start_redis(sock)
        check(logged("is back", 10), "the bus's return is logged")
        rc = s.stop()
        check(rc == 0, f"a clean stop with a bus: status {rc}\n{s.errors()[-2000:]}")
    finally:
        if s and s.proc.poll() is None:
            s.stop()
        redis.kill()
        redis.wait()


def test_malformed_failpoints():
    """A malformed CITADEL_FAILPOINT (src/server/failpoint.h) arms nothing: the server plays
    on where a well-formed spec for the same point would kill it or hold it."""
    for spec in ("step.before_commit:0", "step.before_commit:x", "step.before_commit:1:",
                 "step.before_commit:1:pause=0", "step.before_commit:1:pause=5x",
                 "step.before_commit:1:failed", ":1", "step.before_commit"):
        os.environ["CITADEL_FAILPOINT"] = spec
        try:
            s = Server(db=os.path.join(TMP, "failpoint.db"), log="failpoint.log")
        finally:
            del os.environ["CITADEL_FAILPOINT"]
        try:
            game, tokens = s.create()
            t0 = time.monotonic()
            status, out = s.post(f"/api/games/{game}/moves",
                                 {"token": tokens[0], "move": "e2e4", "ply": 0})
            check(status == 200 and time.monotonic() - t0 < 2,
                  f"CITADEL_FAILPOINT={spec} arms nothing: {status} {out}")
        finally:
            check(s.stop() == 0, f"CITADEL_FAILPOINT={spec}: the server stops cleanly")


def main():
    make_web()
    test_bad_arguments()
    test_malformed_failpoints()
    test_connections_per_address()
    test_trusted_proxy()
    test_out_of_files()
    test_bus()
    test_speech_servers()
    holder = [Server()]
    try:
        for t in (test_create, test_moves, test_websocket, test_draws, test_four_kingdoms,
                  test_engine, test_engine_decisions, test_take_back_and_rematch, test_static,
                  test_speech, test_time_forfeit):
            t0 = time.time()
            try:
                t(holder[0])
            except Exception as e:  # a crash of one test is a failure, not the end
                import traceback
                traceback.print_exc()
                check(False, f"{t.__name__} raised {e!r}")
            print(f"{t.__name__}: {time.time() - t0:.2f}s", flush=True)
        test_restart(holder)
        test_family_restart(holder)
        t0 = time.time()
        try:
            test_analysis(holder)
        except Exception as e:
            import traceback
            traceback.print_exc()
            check(False, f"test_analysis raised {e!r}")
        print(f"test_analysis: {time.time() - t0:.2f}s", flush=True)
        check(holder[0].proc.poll() is None, "the server is still running")
        rc = holder[0].stop()
        log = holder[0].errors()
        check(rc == 0 and "Sanitizer" not in log and "runtime error" not in log,
              f"a clean stop: status {rc}\n{log[-3000:]}")
    finally:
        if holder[0].proc.poll() is None:
            holder[0].stop()
        shutil.rmtree(TMP, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)
    print("all server tests passed")


if __name__ == "__main__":
    main()
