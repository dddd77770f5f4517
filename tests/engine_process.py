"""A UCI engine (Stockfish, Fairy-Stockfish) in its own process, for tests/oracle_test.py and
bench/perft.py: started once, pinned to Threads=1 and Hash=1, fed lines and read line by line
(a thread moves its output into a queue, so that every wait has a timeout)."""

import queue
import subprocess
import threading


class EngineError(RuntimeError):
    """The engine exited, gave no answer in time, or did not load what it was asked to."""


class UciEngine:
    def __init__(self, name, path, variant_path=None, stderr=subprocess.DEVNULL, timeout=600):
        """variant_path: Fairy-Stockfish's variants.ini; timeout: seconds for any one answer;
        stderr: where the engine's standard error goes (subprocess.STDOUT: into the answers)."""
        self.name, self.variant_path, self.timeout = name, variant_path, timeout
        self.variant = None
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 1")
        if variant_path:
            self.send("setoption name VariantPath value " + variant_path)

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        """The lines up to and including the first for which done(line) holds."""
        got = []
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                raise EngineError("%s gave no answer in %d s after:\n%s"
                                  % (self.name, self.timeout, "\n".join(got)))
            if line is None:
                raise EngineError("%s exited:\n%s" % (self.name, "\n".join(got)))
            got.append(line)
            if done(line):
                return got

    def sync(self):
        """isready, answered: the options and position sent so far are taken."""
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def set_variant(self, variant):
        """UCI_Variant (a no-op if it is already set); with a variants.ini the engine must say
        it loaded the variant."""
        if variant == self.variant:
            return
        self.send("setoption name UCI_Variant value " + variant)
        seen = self.sync()
        if self.variant_path and not any(
                l.startswith("info string variant %s " % variant) for l in seen):
            raise EngineError("%s did not load variant %s from %s:\n%s"
                              % (self.name, variant, self.variant_path, "\n".join(seen)))
        self.variant = variant

    def position(self, fen=None, moves=()):
        self.send("position " + ("fen " + fen if fen else "startpos") +
                  (" moves " + " ".join(moves) if moves else ""))

    def go_perft(self, depth):
        """The lines of `go perft depth`, the last one `Nodes searched: N`. The engine runs
        perft on its search thread and answers isready at once, so only that line marks the end."""
        self.send("go perft %d" % depth)
        return self.read_until(lambda l: l.startswith("Nodes searched"))

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
