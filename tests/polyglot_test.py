#!/usr/bin/env python3
"""A real GUI adapter drives Citadel: Debian's polyglot (UCI -> xboard) loads `citadel` and plays
a short game through it, every engine move legal. Skipped when polyglot is not installed."""
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

BINARY = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else "build/citadel")
POLYGLOT = shutil.which("polyglot") or ("/usr/games/polyglot"
                                         if os.path.exists("/usr/games/polyglot") else None)
TIMEOUT = 60


def legal_moves(moves):
    r = subprocess.run([BINARY, "moves", "--moves", " ".join(moves)], capture_output=True,
                       text=True, timeout=TIMEOUT)
    return r.stdout.split()


@unittest.skipIf(POLYGLOT is None, "polyglot is not installed")
class PolyglotTest(unittest.TestCase):
    def test_polyglot_plays_a_game_with_citadel(self):
        with tempfile.TemporaryDirectory() as tmp:
            ini = os.path.join(tmp, "citadel.ini")
            with open(ini, "w") as f:
                f.write("[PolyGlot]\nEngineDir = %s\nEngineCommand = %s\nLog = false\n"
                        "[Engine]\nHash = 8\n" % (tmp, BINARY))
            proc = subprocess.Popen([POLYGLOT, ini], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    bufsize=1, cwd=tmp)
            lines = queue.Queue()

            def pump():
                for line in proc.stdout:
                    lines.put(line.strip())
                lines.put(None)

            threading.Thread(target=pump, daemon=True).start()

            def send(*texts):
                for t in texts:
                    proc.stdin.write(t + "\n")
                proc.stdin.flush()

            def until(prefix):
                got = []
                while True:
                    line = lines.get(timeout=TIMEOUT)
                    self.assertIsNotNone(line, "polyglot exited:\n" + "\n".join(got))
                    got.append(line)
                    if line.startswith(prefix):
                        return got

            send("xboard", "protover 2")
            self.assertTrue(any('myname="Citadel' in l for l in until("feature done=1")))
            send("new", "sd 3")
            played = []
            for white in ("e2e4", "g1f3", "f1c4"):
                if white not in legal_moves(played):
                    break
                played.append(white)
                send("usermove " + white)
                reply = until("move ")[-1].split()[1]
                self.assertIn(reply, legal_moves(played[:-1] + [white]))
                played.append(reply)
            self.assertGreaterEqual(len(played), 2)
            send("quit")
            proc.stdin.close()
            self.assertEqual(proc.wait(timeout=TIMEOUT), 0)


if __name__ == "__main__":
    unittest.main()
