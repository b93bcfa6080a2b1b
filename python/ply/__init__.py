"""Ply from Python: every game of Ply's registry and every search, at C++ speed.

    >>> import ply
    >>> ply.solve(ply.game("tictactoe")).result
    <Outcome.DRAW: 3>

The games are classes (ply.Chess, ply.Connect4, ...; ply.games() names them);
ply.search, ply.compare, ply.solve, ply.mcts and ply.Engine take them, or
any Python object with legal_moves(), play(move), undo(), outcome() and
evaluate(). docs/python.md walks through it all.
"""

from ._ply import *  # noqa: F401,F403 (the module's whole API)
from ._ply import __version__  # noqa: F401

# Shown as ply.X rather than ply._ply.X in reprs and help().
for _name, _value in list(globals().items()):
    if isinstance(_value, type) and getattr(_value, "__module__", "") == "ply._ply":
        try:
            _value.__module__ = "ply"
        except (AttributeError, TypeError):
            pass
del _name, _value
