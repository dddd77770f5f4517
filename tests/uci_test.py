#!/usr/bin/env python3
"""UCI end to end through a pipe (cli.md): every command, variant switches, malformed and
out-of-order input, stop during go infinite, quit during a search, isready while searching.
Every wait has a timeout, so a hanging engine fails the test instead of blocking it."""
import queue
import subprocess
import sys
import threading
import unittest

BINARY = sys.argv.pop(1) if len(sys.argv) > 1 else "build/citadel"
TIMEOUT = 60  # seconds for any one answer (sanitizer builds are slow)


class Engine:
    def __init__(self, *args):
        self.proc = subprocess.Popen([BINARY, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *texts):
        for t in texts:
            self.proc.stdin.write(t + "\n")
        self.proc.stdin.flush()

    def until(self, pred):
        got = []
        while True:
            line = self.lines.get(timeout=TIMEOUT)
            if line is None:
                raise AssertionError("engine exited after:\n" + "\n".join(got))
            got.append(line)
            if pred(line):
                return got

    def sync(self):
        """Everything printed before readyok (the commands sent so far are handled)."""
        self.send("isready")
        return self.until(lambda l: l == "readyok")[:-1]

    def bestmove(self):
        got = self.until(lambda l: l.startswith("bestmove"))
        return got[-1].split()[1], got

    def quit(self):
        self.send("quit")
        self.proc.stdin.close()
        return self.proc.wait(timeout=TIMEOUT)


def legal_moves(variant, fen=None, moves=""):
    args = [BINARY, "moves", "--variant", variant] + (["--fen", fen] if fen else [])
    if moves:
        args += ["--moves", moves]
    return subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT).stdout.split()


class UciHandshakeTest(unittest.TestCase):
    def test_uci_lists_identity_and_options(self):
        for args in ((), ("uci",)):
            e = Engine(*args)
            e.send("uci")
            got = e.until(lambda l: l == "uciok")
            self.assertTrue(got[0].startswith("id name Citadel"))
            self.assertTrue(any(l.startswith("id author") for l in got))
            variant = next(l for l in got if "name UCI_Variant" in l)
            for v in ("chess", "silverman", "pawnrace", "tamerlane", "fourkingdoms",
                      "fourkingdoms-teams"):
                self.assertIn(" var " + v, variant)
            for name in ("Hash", "Threads", "MultiPV", "Skill Level", "UCI_LimitStrength",
                         "UCI_Elo", "Move Overhead", "Ponder"):
                self.assertTrue(any(l.startswith("option name " + name + " type") for l in got),
                                name)
            self.assertEqual(e.quit(), 0)

    def test_help_still_prints_help(self):
        r = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(r.returncode, 0)
        self.assertIn("uci", r.stdout)
        self.assertIn("bench", r.stdout)

    def test_end_of_input_ends_the_engine(self):
        e = Engine()
        e.proc.stdin.close()
        self.assertEqual(e.proc.wait(timeout=TIMEOUT), 0)


class UciGoTest(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.e.quit()

    def test_go_depth_prints_info_and_a_legal_bestmove(self):
        self.e.send("ucinewgame", "position startpos moves e2e4 e7e5", "go depth 4")
        move, got = self.e.bestmove()
        self.assertIn(move, legal_moves("chess", moves="e2e4 e7e5"))
        info = [l for l in got if l.startswith("info depth")]
        self.assertTrue(info)
        for field in ("depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
                      "pv"):
            self.assertIn(" " + field + " ", info[-1] + " ")
        self.assertIn(" depth 4 ", info[-1])

    def test_mate_is_reported_as_mate(self):
        self.e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go depth 3")
        move, got = self.e.bestmove()
        self.assertEqual(move, "d1d8")
        self.assertIn("score mate 1", [l for l in got if l.startswith("info depth")][-1])

    def test_go_nodes_movetime_and_clocks(self):
        for go in ("go nodes 3000", "go movetime 100", "go wtime 2000 btime 2000 winc 20 binc 20",
                   "go wtime 500 btime 500 movestogo 1", "go btime 100 wtime 100"):
            self.e.send("position startpos", go)
            move, _ = self.e.bestmove()
            self.assertIn(move, legal_moves("chess"), go)

    def test_multipv_prints_each_line(self):
        self.e.send("setoption name MultiPV value 3", "position startpos", "go depth 3")
        _, got = self.e.bestmove()
        last = [l for l in got if l.startswith("info depth 3 ")]
        self.assertEqual([l.split(" multipv ")[1].split()[0] for l in last], ["1", "2", "3"])

    def test_options_are_accepted(self):
        self.e.send("setoption name Hash value 8", "setoption name Threads value 2",
                    "setoption name Skill Level value 3", "setoption name Move Overhead value 30",
                    "setoption name UCI_LimitStrength value true",
                    "setoption name UCI_Elo value 1200", "setoption name Ponder value true")
        self.assertEqual(self.e.sync(), [])
        self.e.send("position startpos", "go depth 3")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("chess"))

    def nodes_searched(self, *setoptions):
        self.e.send("ucinewgame", *setoptions, "position startpos moves e2e4", "go depth 5")
        move, got = self.e.bestmove()
        self.assertIn(move, legal_moves("chess", moves="e2e4"))
        # The last report's node count (a weak level's budget may end its search before depth 5).
        return [l for l in got if l.startswith("info depth ")][-1].split(" nodes ")[1].split()[0]

    def test_use_nnue_evaluates_chess_with_the_net(self):
        by_default = self.nodes_searched()  # on from the start
        on = self.nodes_searched("setoption name Use NNUE value true")
        off = self.nodes_searched("setoption name Use NNUE value false")
        self.assertEqual(by_default, on)  # the same search
        self.assertNotEqual(on, off)  # another evaluation, another tree
        self.assertEqual(self.nodes_searched("setoption name Use NNUE value true"), on)

    def test_weak_levels_evaluate_by_hand(self):
        # Their UCI_Elo anchors were measured with the hand-written evaluation.
        for level in ("setoption name Skill Level value 12",
                      "setoption name UCI_LimitStrength value true"):
            self.e.send(level)
            self.assertEqual(self.nodes_searched("setoption name Use NNUE value true"),
                             self.nodes_searched("setoption name Use NNUE value false"), level)
            self.e.send("setoption name Skill Level value 20",
                        "setoption name UCI_LimitStrength value false")
        self.assertNotEqual(self.nodes_searched("setoption name Use NNUE value true"),
                            self.nodes_searched("setoption name Use NNUE value false"))

    def test_a_weak_level_plays_each_new_game_differently(self):
        self.e.send("setoption name Skill Level value 1")
        replies = set()
        for _ in range(8):
            self.e.send("ucinewgame", "position startpos moves e2e4", "go depth 2")
            move, _ = self.e.bestmove()
            replies.add(move)
        self.assertGreaterEqual(len(replies), 2, replies)

    def test_perft_divides_like_the_command_line(self):
        self.e.send("position startpos moves e2e4", "go perft 2")
        got = self.e.until(lambda l: l.startswith("Nodes searched"))
        cli = subprocess.run([BINARY, "perft", "--depth", "2", "--moves", "e2e4", "--divide"],
                             capture_output=True, text=True, timeout=TIMEOUT).stdout.splitlines()
        self.assertEqual(got, cli)

    def test_game_over_gives_null_move(self):
        self.e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3")  # stalemate
        move, _ = self.e.bestmove()
        self.assertEqual(move, "0000")


class UciVariantTest(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.e.quit()

    def test_each_two_player_variant_plays(self):
        for v in ("silverman", "pawnrace", "tamerlane", "chess"):
            self.e.send("setoption name UCI_Variant value " + v)
            self.assertEqual(self.e.sync(), ["info string variant " + v])
            self.e.send("position startpos", "go depth 2")
            move, _ = self.e.bestmove()
            self.assertIn(move, legal_moves(v), v)

    def test_tamerlane_position_by_tfen_with_moves(self):
        fen = "k10/11/1K9/11/11/11/11/11/11/10R w -/- - 0/0 0 1"
        self.e.send("setoption name UCI_Variant value tamerlane", "position fen " + fen,
                    "go depth 3")
        move, got = self.e.bestmove()
        self.assertEqual(move, "k1k10")

    def test_four_kingdoms_has_position_perft_and_search(self):
        for v in ("fourkingdoms", "fourkingdoms-teams"):
            self.e.send("setoption name UCI_Variant value " + v, "position startpos moves m4k4",
                        "go perft 1")
            got = self.e.until(lambda l: l.startswith("Nodes searched"))
            self.assertEqual(got[0], "info string variant " + v)
            cli = subprocess.run([BINARY, "perft", "--variant", v, "--moves", "m4k4", "--depth",
                                  "1"], capture_output=True, text=True, timeout=TIMEOUT).stdout
            self.assertEqual(got[-1], cli.strip())
            self.e.send("go etime 1000 stime 1000 wtime 1000 ntime 1000")
            move, got = self.e.bestmove()
            self.assertIn(move, legal_moves(v, moves="m4k4"))  # tests/fk_uci_test.py: more

    def test_switching_variant_needs_a_new_position(self):
        self.e.send("position startpos", "setoption name UCI_Variant value silverman", "go depth 2")
        got = self.e.sync()
        self.assertEqual(got[0], "info string variant silverman")
        self.assertTrue(got[1].startswith("info string go before position"), got)


class UciMalformedTest(unittest.TestCase):
    """Each bad line gets one info string naming the problem; the previous state stays."""

    def setUp(self):
        self.e = Engine()
        self.e.send("position startpos moves e2e4")

    def tearDown(self):
        self.e.quit()

    def one_complaint(self, line, *words):
        self.e.send(line)
        got = self.e.sync()
        self.assertEqual(len(got), 1, (line, got))
        self.assertTrue(got[0].startswith("info string "), got)
        for w in words:
            self.assertIn(w, got[0], line)

    def test_bad_lines(self):
        self.one_complaint("frobnicate now", "unknown command", "frobnicate")
        self.one_complaint("position fen rnbqkbnr/pppppppp w KQkq - 0 1", "invalid FEN")
        self.one_complaint("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "illegal position")
        self.one_complaint("position startpos moves e2e5", "illegal move", "e2e5")
        self.one_complaint("position startpos moves e2e4 zz", "malformed move", "zz")
        self.one_complaint("position sideways", "startpos")
        self.one_complaint("position fen", "needs a position")
        self.one_complaint("position startpos e2e4", "unexpected", "e2e4")
        self.one_complaint("setoption name Hash value lots", "Hash", "lots")
        self.one_complaint("setoption name Hash value 0", "Hash")
        self.one_complaint("setoption name Threads", "Threads")
        self.one_complaint("setoption name Skill Level value 21", "Skill Level")
        self.one_complaint("setoption name UCI_LimitStrength value maybe", "true or false")
        self.one_complaint("setoption name Colour value red", "unknown option", "Colour")
        self.one_complaint("setoption name UCI_Variant value checkers", "unknown variant")
        self.one_complaint("setoption value 3", "name")
        self.one_complaint("go depth", "depth", "number")
        self.one_complaint("go depth deep", "deep")
        self.one_complaint("go depth 999", "depth")
        self.one_complaint("go nodes -5", "nodes")
        self.one_complaint("go sideways 3", "unknown parameter", "sideways")
        self.one_complaint("go perft x", "perft")
        # The position before the bad lines still stands: Black to move after e2e4.
        self.e.send("go depth 2")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("chess", moves="e2e4"))

    def test_go_before_position(self):
        e = Engine()
        e.send("go depth 2")
        got = e.sync()
        self.assertEqual(len(got), 1)
        self.assertTrue(got[0].startswith("info string go before position"))
        e.quit()

    def test_hostile_bytes_do_not_crash(self):
        self.e.send("\x00\x01 go", "position fen " + "9" * 500, "setoption name  value ",
                    "go " + "depth " * 200, "position startpos moves " + "e2e4 " * 300)
        self.e.sync()
        self.e.send("position startpos", "go depth 1")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("chess"))


class UciSearchThreadTest(unittest.TestCase):
    """The search runs on its own thread: the loop answers while it runs."""

    def test_isready_and_stop_during_go_infinite(self):
        e = Engine()
        e.send("setoption name Threads value 2", "position startpos", "go infinite")
        e.until(lambda l: l.startswith("info depth 3 "))
        e.send("isready")
        e.until(lambda l: l == "readyok")
        e.send("position startpos moves e2e4")  # refused while searching
        e.until(lambda l: l.startswith("info string position ignored"))
        e.send("stop")
        move, _ = e.bestmove()
        self.assertIn(move, legal_moves("chess"))
        self.assertEqual(e.sync(), [])
        self.assertEqual(e.quit(), 0)

    def test_stop_right_after_go_is_not_lost(self):
        e = Engine()
        for _ in range(5):
            e.send("position startpos", "go infinite", "stop")
            move, _ = e.bestmove()
            self.assertIn(move, legal_moves("chess"))
        e.quit()

    def test_a_search_may_start_as_soon_as_bestmove_is_out(self):
        e = Engine()
        for _ in range(20):
            e.send("position startpos", "go depth 1")
            _, got = e.bestmove()
            self.assertFalse(any("ignored" in l for l in got), got)
        e.quit()

    def test_quit_during_a_search(self):
        e = Engine()
        e.send("position startpos", "go infinite")
        e.until(lambda l: l.startswith("info depth 2 "))
        self.assertEqual(e.quit(), 0)

    def test_perft_runs_beside_the_loop_and_stops(self):
        # Far too deep to finish: isready is answered, other commands are refused, stop ends it
        # with a note and no total, and quit during one exits. Each perft implementation.
        for variant in ("chess", "tamerlane", "fourkingdoms"):
            e = Engine()
            e.send("setoption name UCI_Variant value " + variant, "position startpos",
                   "go perft 12")
            self.assertEqual(e.sync(), ["info string variant " + variant])
            e.send("position startpos")
            e.until(lambda l: l == "info string position ignored: a perft is running "
                              "(send stop first)")
            e.send("stop")
            got = e.until(lambda l: l.startswith("info string perft stopped"))
            self.assertFalse(any(l.startswith("Nodes searched") for l in got), got)
            e.send("go perft 1")
            got = e.until(lambda l: l.startswith("Nodes searched"))
            self.assertEqual(int(got[-1].split()[-1]), len(got) - 2)  # one line per move, a blank
            e.send("go perft 12")
            self.assertEqual(e.sync(), [])
            self.assertEqual(e.quit(), 0)

    def test_ponder_then_ponderhit(self):
        e = Engine()
        e.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5",
               "go ponder wtime 1000 btime 1000")
        e.until(lambda l: l.startswith("info depth 2 "))
        e.send("ponderhit")
        move, _ = e.bestmove()
        self.assertIn(move, legal_moves("chess", moves="e2e4 e7e5"))
        e.send("position startpos", "go ponder wtime 1000 btime 1000", "stop")
        move, _ = e.bestmove()
        self.assertIn(move, legal_moves("chess"))
        e.quit()

    def test_ponderhit_and_stop_without_a_search_are_harmless(self):
        e = Engine()
        e.send("stop", "ponderhit")
        self.assertEqual(e.sync(), [])
        e.quit()


class BenchTest(unittest.TestCase):
    """citadel bench (cli.md): last lines Nodes searched / Nodes/second; one thread repeats."""

    def bench(self, *args):
        r = subprocess.run([BINARY, "bench", *args], capture_output=True, text=True,
                           timeout=TIMEOUT * 5)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout.splitlines()

    def test_signature_repeats_and_output_shape(self):
        a = self.bench("--variant", "silverman")
        b = self.bench("--variant", "silverman")
        self.assertTrue(a[-2].startswith("Nodes searched: "))
        self.assertTrue(a[-1].startswith("Nodes/second: "))
        self.assertEqual(a[-2], b[-2])
        self.assertGreater(int(a[-2].split(": ")[1]), 0)

    def test_depth_threads_and_four_kingdoms(self):
        out = self.bench("--variant", "pawnrace", "--depth", "4", "--threads", "2")
        self.assertTrue(out[-2].startswith("Nodes searched: "))
        for variant in ("fourkingdoms", "fourkingdoms-teams"):  # its own engine, one thread
            a, b = self.bench("--variant", variant), self.bench("--variant", variant)
            self.assertTrue(a[0].startswith(variant + " position 1/"), a)
            self.assertEqual(a[-2], b[-2])
            self.assertGreater(int(a[-2].split(": ")[1]), 0)

    def test_nnue_evaluates_chess_alone(self):
        nnue = self.bench("--variant", "chess", "--depth", "6")  # the built-in net by default
        hce = self.bench("--variant", "chess", "--depth", "6", "--hce")
        self.assertNotEqual(hce[-2], nnue[-2])
        self.assertEqual(hce[-2], self.bench("--variant", "chess", "--depth", "6", "--hce")[-2])
        self.assertEqual(self.bench("--variant", "silverman", "--hce")[-2],
                         self.bench("--variant", "silverman")[-2])

    def test_bad_arguments(self):
        for args in (["--variant", "nope"], ["--depth", "0"], ["--threads", "x"],
                     ["--variant", "chess", "--eval-file", "/nonexistent.nnue"],
                     ["--variant", "chess", "--hce", "--eval-file", "/dev/null"]):
            r = subprocess.run([BINARY, "bench", *args], capture_output=True, text=True,
                               timeout=TIMEOUT)
            self.assertEqual(r.returncode, 2, args)
            self.assertTrue(r.stderr.startswith("error:"), args)
            self.assertEqual(r.stdout, "")


if __name__ == "__main__":
    unittest.main()
