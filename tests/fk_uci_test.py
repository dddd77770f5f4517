#!/usr/bin/env python3
"""Four Kingdoms over UCI end to end (cli.md): go with the four clocks, depth, nodes, movetime,
infinite and stop; the FK Search option; bestmove legal and the elimination found; score for
the player to move. Every wait has a timeout."""
import sys
import unittest

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import uci_test  # noqa: E402  (Engine, legal_moves; it takes the binary from argv[1])

Engine, legal_moves = uci_test.Engine, uci_test.legal_moves

# East's rook on e10 mates North behind f13 g13 h13 with e10e14 (both modes).
BACK_RANK = ("xxx3nK4xxx/xxx2nPnPnP3xxx/xxx8xxx/14/4eR9/14/wK13/13eK/14/1wP12/14/xxx8xxx/"
             "xxxsP7xxx/xxx4sK3xxx")


class FourKingdomsUciTest(unittest.TestCase):
    def setUp(self):
        self.e = Engine("uci")

    def tearDown(self):
        self.assertEqual(self.e.quit(), 0)

    def test_clocks_give_a_legal_move_with_a_score(self):
        for v in ("fourkingdoms", "fourkingdoms-teams"):
            self.e.send("setoption name UCI_Variant value " + v, "position startpos moves m7k7",
                        "go etime 2000 stime 2000 wtime 2000 ntime 2000 einc 10 sinc 10 winc 10 ninc 10")
            move, got = self.e.bestmove()
            self.assertIn(move, legal_moves(v, moves="m7k7"))
            self.assertTrue(any(" score cp " in l for l in got), got)

    def test_depth_nodes_and_movetime(self):
        self.e.send("setoption name UCI_Variant value fourkingdoms", "position startpos")
        for go in ("go depth 2", "go nodes 500", "go movetime 100"):
            self.e.send(go)
            move, got = self.e.bestmove()
            self.assertIn(move, legal_moves("fourkingdoms"), go)
        self.e.send("go depth 2")
        _, got = self.e.bestmove()
        self.assertTrue(any(l.startswith("info depth 2 ") for l in got), got)

    def test_finds_the_mate_in_both_modes_and_algorithms(self):
        for v, mode, algo in (("fourkingdoms", "-", "paranoid"), ("fourkingdoms", "-", "maxn"),
                              ("fourkingdoms", "-", "brs"),
                              ("fourkingdoms-teams", "es", "paranoid")):
            fen = BACK_RANK + " e - - 0 1 eswn " + mode
            self.e.send("setoption name UCI_Variant value " + v,
                        "setoption name FK Search value " + algo, "position fen " + fen)
            self.assertEqual(self.e.sync(), ["info string variant " + v])
            self.e.send("go depth 3")
            move, got = self.e.bestmove()
            self.assertEqual(move, "e10e14", (v, algo, got))

    def test_infinite_until_stop(self):
        self.e.send("setoption name UCI_Variant value fourkingdoms-teams", "position startpos",
                    "go infinite")
        got = self.e.sync()  # isready is answered during the search
        self.assertEqual(got[0], "info string variant fourkingdoms-teams")
        self.e.send("stop")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("fourkingdoms-teams"))

    def test_bad_fk_search_value_and_options_listed(self):
        self.e.send("uci")
        got = self.e.until(lambda l: l == "uciok")
        self.assertIn("option name FK Search type combo default paranoid "
                      "var paranoid var maxn var brs", got)
        for bad in ("bestreply", "BRS", ""):
            self.e.send("setoption name FK Search value " + bad)
            got = self.e.sync()
            self.assertEqual(got, ["info string option FK Search takes one of "
                                   "paranoid, maxn, brs, not '" + bad + "'"])

    def test_brs_avoids_the_mate_and_plays_legal_moves(self):
        # North to move; East threatens e10e14: BRS must answer the threat.
        fen = BACK_RANK + " n - - 0 1 eswn -"
        self.e.send("setoption name UCI_Variant value fourkingdoms", "setoption name FK Search value brs",
                    "position fen " + fen, "go depth 2")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("fourkingdoms", fen))
        self.assertIn(move[:3], ("f13", "g13", "h13"), move)  # only room for the king saves it
        self.e.send("position startpos moves m7k7", "go nodes 1500")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("fourkingdoms", moves="m7k7"))

    def test_finished_game_gives_no_move(self):
        fen = BACK_RANK + " e - - 0 1 eswn -"
        self.e.send("setoption name UCI_Variant value fourkingdoms", "position fen " + fen +
                    " moves e10e14")
        self.e.sync()
        self.e.send("go depth 2")
        move, _ = self.e.bestmove()
        self.assertIn(move, legal_moves("fourkingdoms", fen, "e10e14"))  # South plays on


if __name__ == "__main__":
    unittest.main()  # further arguments select tests (scripts/test, stage tsan)
