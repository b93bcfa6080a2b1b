"""A game written in Python that breaks its contract (moves listed twice, no
moves yet not over, values of the wrong type or out of range, a copy that is
itself) gets a clear Python exception from every search, never an answer."""

import math

import pytest

import ply

from conftest import HashedNim, Nim

SEARCHES = {
    **{algorithm: (lambda a: lambda g: ply.search(g, a, depth=4))(algorithm) for algorithm in ply.ALGORITHMS},
    "iterative": lambda g: ply.search(g, "pvs", depth=4, iterative=True),
    "iterative bns": lambda g: ply.search(g, "bns", depth=4, iterative=True),
    "trace": lambda g: ply.search(g, "alphabeta", depth=3, trace=True),
    "compare": lambda g: ply.compare(g, depth=3),
    "engine": lambda g: ply.Engine().search(g, depth=4),
    "engine-multipv": lambda g: ply.Engine().search(g, depth=4, multipv=3),
    "solve": lambda g: ply.solve(g),
    "weak-solve": lambda g: ply.solve(g, weak=True),
    "best_moves": lambda g: ply.best_moves(g),
    "mcts": lambda g: ply.mcts(g, iterations=300),
}


def nim_with(base=Nim, **methods):
    return type("Broken", (base,), methods)(6)


BROKEN = {
    # The move 1 listed twice: the engine once answered -32000, shown as "#500".
    "repeated move": (ValueError, "listed once", dict(legal_moves=lambda self: [1, 1, 2] if self.stones else [])),
    "repeated move object": (ValueError, "twice", dict(
        legal_moves=lambda self: [("take", 1), ("take", 1)] if self.stones else [],
        play=lambda self, m: Nim.play(self, m[1]))),
    "no moves, not over": (ValueError, "ONGOING", dict(legal_moves=lambda self: [])),
    "moves of None": (TypeError, "iterable", dict(legal_moves=lambda self: None)),
    "moves of an int": (TypeError, "iterable", dict(legal_moves=lambda self: 3)),
    "unhashable move": (TypeError, "unhashable", dict(legal_moves=lambda self: [[1]])),
    "too many moves": (ValueError, "at most", dict(legal_moves=lambda self: list(range(1000)))),
    "move play refuses": (ValueError, "cannot take", dict(legal_moves=lambda self: [1, 2, 3, 4])),
    "evaluate float": (TypeError, "evaluate", dict(evaluate=lambda self: 0.5)),
    "evaluate NaN": (TypeError, "evaluate", dict(evaluate=lambda self: math.nan)),
    "evaluate inf": (TypeError, "evaluate", dict(evaluate=lambda self: math.inf)),
    "evaluate str": (TypeError, "evaluate", dict(evaluate=lambda self: "1")),
    "evaluate None": (TypeError, "evaluate", dict(evaluate=lambda self: None)),
    "evaluate huge": (ValueError, "outside", dict(evaluate=lambda self: 10 ** 30)),
    "evaluate past MAX_EVAL": (ValueError, "outside", dict(evaluate=lambda self: ply.MAX_EVAL + 1)),
    "evaluate a mate": (ValueError, "outside", dict(evaluate=lambda self: -ply.MATE)),
    "outcome int": (TypeError, "ply.Outcome", dict(outcome=lambda self: 1)),
    "outcome None": (TypeError, "ply.Outcome", dict(outcome=lambda self: None)),
    "outcome out of the enum": (TypeError, "ply.Outcome", dict(outcome=lambda self: ply.Outcome(7))),
    "copy is itself": (ValueError, "new object", dict(copy=lambda self: self)),
    "copy raises": (ZeroDivisionError, "", dict(copy=lambda self: 1 / 0)),
}


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("broken", BROKEN)
def test_a_broken_contract_raises(broken, search):
    error, message, methods = BROKEN[broken]
    if broken.startswith("evaluate") and search in ("solve", "weak-solve", "best_moves", "mcts"):
        pytest.skip("these never evaluate a position that is not over")
    with pytest.raises(error, match=message):
        SEARCHES[search](nim_with(**methods))


@pytest.mark.parametrize("search", SEARCHES)
def test_a_scored_end_out_of_range_raises(search):
    game = nim_with(outcome=lambda self: ply.Outcome.SCORED if self.stones < 4 else ply.Outcome.ONGOING,
                    evaluate=lambda self: 10 ** 6)
    with pytest.raises(ValueError, match="outside"):
        SEARCHES[search](game)


@pytest.mark.parametrize("wrong", [lambda self: "x", lambda self: 1.5, lambda self: None])
def test_hash_of_a_wrong_type(wrong):
    with pytest.raises(TypeError, match="hash"):
        ply.Engine().search(nim_with(HashedNim, hash=wrong), depth=4)


def test_hash_of_any_int_is_taken():
    r = ply.Engine().search(nim_with(HashedNim, hash=lambda self: -(self.stones + 1) * 0x9E3779B97F4A7C15 * 2 ** 64 - self.stones), depth=8)
    assert r.best_move == 2 and r.value == ply.mate_in_plies(3)


def test_an_info_callback_that_raises():
    def boom(info):
        raise KeyError("from on_info")

    with pytest.raises(KeyError, match="from on_info"):
        ply.Engine().search(Nim(9), depth=6, on_info=boom)


def test_the_value_of_a_game_over_at_the_root_checks_evaluate():
    game = nim_with(outcome=lambda self: ply.Outcome.SCORED, evaluate=lambda self: 1.5)
    with pytest.raises(TypeError, match="evaluate"):
        ply.Engine().search(game)


def test_no_score_is_shown_as_a_mate():
    # Stopped before its first iteration ended, the engine holds no score:
    # it was -32000, shown as "#500".
    r = ply.Engine().search(ply.Chess(), nodes=1)
    assert r.value is None and r.value_text == "none"
    assert r.best_move in ply.Chess().legal_moves()
    assert not ply.is_mate(-32000) and not ply.is_mate(32000)
    for plies in (-1, ply.MATE, 10 ** 6):
        with pytest.raises(ValueError):
            ply.mate_in_plies(plies)
        with pytest.raises(ValueError):
            ply.mated_in_plies(plies)
