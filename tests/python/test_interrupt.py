"""Ctrl-C ends every long call of the module within about a second:
perft, the searches, the solver, MCTS, for the built-in games and for
games written in Python (even one whose methods are all builtins, which
never run Python's own check of signals)."""

import functools
import itertools
import os
import subprocess
import time

import pytest

import ply

SIGNAL_AFTER = 0.3
LATER = {"compare's tree": 1.5}  # past the part that was always interruptible
# Past the signal: what "at once" may take on a loaded machine.
ANSWER_WITHIN = 3.0


class Builtins:
    """An endless binary tree whose methods are all C functions."""

    def __init__(self):
        self.stack = []
        self.legal_moves = functools.partial(list, (0, 1))
        self.play = self.stack.append
        self.undo = self.stack.pop
        self.outcome = itertools.repeat(ply.Outcome.ONGOING).__next__
        self.evaluate = int  # int() is 0

    def copy(self):
        return Builtins()


LONG_CALLS = {
    "chess perft": lambda: ply.Chess().perft(7),
    "go perft": lambda: ply.Go().perft(8),
    "uniform perft": lambda: ply.Uniform("b=30,d=12,seed=1").perft(12),
    "compare": lambda: ply.compare(ply.Chess(), ["alphabeta", "minimax"], depth=7),
    # Its row takes half a second, then the minimal tree's walk 20 s.
    "compare's tree": lambda: ply.compare(ply.Chess(), ["alphabeta"], depth=6),
    "engine": lambda: ply.Engine().search(ply.Connect4(), depth=40),
    "classic": lambda: ply.search(ply.Go(), "minimax", depth=9),
    "mcts": lambda: ply.mcts(ply.Chess(), iterations=10 ** 9),
    "solve": lambda: ply.solve(ply.Connect4()),
    "best_moves": lambda: ply.best_moves(ply.Connect4()),
    "python game search": lambda: ply.search(Builtins(), "minimax", depth=40),
    "python game engine": lambda: ply.Engine().search(Builtins(), depth=40),
    "python game mcts": lambda: ply.mcts(Builtins(), iterations=10 ** 9),
    "python game solve": lambda: ply.solve(Builtins()),
}


@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_ends_a_long_call_at_once(call):
    # From another process, as a terminal sends it: a thread of this one may
    # wait for the GIL as long as a search of builtins holds it.
    after = LATER.get(call, SIGNAL_AFTER)
    start = time.monotonic()
    sender = subprocess.Popen(["sh", "-c", f"sleep {after}; kill -INT {os.getpid()}"])
    try:
        with pytest.raises(KeyboardInterrupt):
            LONG_CALLS[call]()
    finally:
        sender.wait()
    assert time.monotonic() - start < after + ANSWER_WITHIN
