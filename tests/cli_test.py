#!/usr/bin/env python3
"""The command-line contract of docs/cli.md: output shapes, ordering, errors and exit status."""
import subprocess
import sys
import unittest

BINARY = sys.argv.pop(1) if len(sys.argv) > 1 else "build/citadel"


def run(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=60)


class PerftTest(unittest.TestCase):
    def test_total_only_without_divide(self):
        r = run("perft", "--depth", "3")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout, "Nodes searched: 8902\n")

    def test_depth_zero_counts_one(self):
        self.assertEqual(run("perft", "--depth", "0").stdout, "Nodes searched: 1\n")

    def test_divide_sorted_by_byte_order_and_sums(self):
        r = run("perft", "--variant", "silverman", "--depth", "3", "--divide")
        lines = r.stdout.splitlines()
        self.assertEqual(lines[-1], "Nodes searched: 127")
        moves = [l for l in lines if ": " in l and not l.startswith("Nodes")]
        texts = [l.split(":")[0] for l in moves]
        self.assertEqual(texts, sorted(texts, key=lambda t: t.encode()))
        self.assertEqual(sum(int(l.split(": ")[1]) for l in moves), 127)

    def test_moves_equals_divide_depth_one(self):
        fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        listed = run("moves", "--fen", fen).stdout.split()
        divided = [l.split(":")[0] for l in run("perft", "--fen", fen, "--depth", "1", "--divide").stdout.splitlines()
                   if ": " in l and not l.startswith("Nodes")]
        self.assertEqual(listed, divided)
        self.assertEqual(len(listed), 48)
        self.assertIn("e1g1", listed)  # castling as the king's two-square move
        self.assertIn("e1c1", listed)

    def test_moves_applied_first(self):
        r = run("moves", "--moves", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "--variant", "chess")
        self.assertIn("e1g1", r.stdout.split())

    def test_won_pawn_race_has_no_moves(self):
        r = run("perft", "--variant", "pawnrace", "--fen", "P7/8/8/8/8/8/1ppppppp/8 b - - 0 1", "--depth", "2")
        self.assertEqual(r.stdout, "Nodes searched: 0\n")


class ErrorTest(unittest.TestCase):
    def assertError(self, *args, mentions):
        r = run(*args)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(r.stdout, "")
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("error:"), lines[0])
        for word in mentions:
            self.assertIn(word, lines[0])

    def test_unknown_variant(self):
        self.assertError("perft", "--variant", "xiangqi", "--depth", "1", mentions=["xiangqi"])

    def test_malformed_fen(self):
        self.assertError("moves", "--fen", "rnbqkbnr/pppppppp/8/8 w - - 0 1", mentions=["board"])

    def test_illegal_position(self):
        self.assertError("moves", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", mentions=["king"])

    def test_illegal_move_names_move_and_index(self):
        self.assertError("moves", "--moves", "e2e4 e7e5 e1e3", mentions=["e1e3", "3"])

    def test_missing_value(self):
        self.assertError("perft", "--depth", mentions=["depth"])

    def test_missing_depth(self):
        self.assertError("perft", mentions=["depth"])

    def test_unknown_command(self):
        self.assertError("fly", mentions=["fly"])

    def test_datagen_needs_one_target(self):
        self.assertError("datagen", "--output", "/nonexistent/x.bin", mentions=["--games"])
        self.assertError("datagen", "--output", "/nonexistent/x.bin", "--games", "1",
                         "--positions", "1", mentions=["--positions"])

    def test_datagen_chess_only(self):
        self.assertError("datagen", "--output", "/nonexistent/x.bin", "--games", "1",
                         "--variant", "tamerlane", mentions=["chess", "tamerlane"])

    def test_datagen_nodes_in_range(self):
        self.assertError("datagen", "--output", "/nonexistent/x.bin", "--games", "1",
                         "--nodes", "0", mentions=["--nodes"])

    def test_datagen_unwritable_file(self):
        self.assertError("datagen", "--output", "/nonexistent/x.bin", "--games", "1",
                         mentions=["/nonexistent/x.bin"])

    def test_datagen_net_that_does_not_load(self):
        self.assertError("datagen", "--output", "/nonexistent/x.bin", "--games", "1",
                         "--eval-file", "/nonexistent/net.nnue", mentions=["/nonexistent/net.nnue"])


if __name__ == "__main__":
    unittest.main(verbosity=1)
