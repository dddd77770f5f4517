#!/usr/bin/env python3
"""A UCI engine that breaks the protocol on purpose, for the match runner's tests
(tests/match_runner_test.cpp). argv[1] says how, at its first `go`:
  crash    exits with status 3 (as a crashing engine would)
  illegal  answers 'bestmove e2e5' (illegal from the start), or a1a1 elsewhere
  garbage  answers 'bestmove xyzzy'
  none     answers 'bestmove (none)' although it has moves
  hang     never answers (the runner must flag it on the clock)
  silent   never answers 'uci' (the runner must refuse to start the match)
It answers uci, isready, ucinewgame, setoption and position as an engine should."""

import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "crash"
moves_seen = []


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        if mode == "silent":
            continue
        say("id name Fake " + mode)
        say("option name Hash type spin default 1 min 1 max 16")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        moves_seen = words[words.index("moves") + 1:] if "moves" in words else []
    elif words[0] == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "illegal":
            say("info depth 1 score cp 12")
            say("bestmove " + ("a1a1" if moves_seen else "e2e5"))
        elif mode == "garbage":
            say("bestmove xyzzy")
        elif mode == "none":
            say("bestmove (none)")
    elif words[0] == "quit":
        break
