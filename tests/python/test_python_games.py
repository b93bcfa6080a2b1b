"""Games written in Python, searched by Ply: Nim (conftest.py) has a value
known in closed form, so every search must find it exactly; the object
passed is never changed; a game's own exceptions come out of the search."""

import pytest

import ply

HEAPS = range(1, 13)
# Best Node Search proves the best move and only a lower bound on its value.
LOWER_BOUND_ONLY = {"bns"}


def winning_move(stones):
    return stones % 4  # 0: none (every move loses)


def test_mate_scores():
    assert ply.mate_in_plies(0) == ply.MATE
    for n in (1, 2, 7):
        assert ply.mate_in_plies(n) == ply.MATE - n
        assert ply.mated_in_plies(n) == -(ply.MATE - n)
        assert ply.is_mate(ply.mate_in_plies(n)) and ply.is_mate(ply.mated_in_plies(n))
    assert not ply.is_mate(0) and not ply.is_mate(ply.MAX_EVAL)
    assert ply.MAX_EVAL < ply.MATE_BOUND <= ply.mate_in_plies(10)


@pytest.mark.parametrize("algorithm", ply.ALGORITHMS)
def test_every_algorithm_finds_the_value(Nim, nim_value, algorithm):
    for stones in HEAPS:
        nim = Nim(stones)
        r = ply.search(nim, algorithm, depth=stones)
        if algorithm in LOWER_BOUND_ONLY:
            assert r.value <= nim_value(stones), (algorithm, stones)
        else:
            assert r.value == nim_value(stones), (algorithm, stones)
        assert r.depth == stones
        if winning_move(stones):
            assert r.best_move == winning_move(stones), (algorithm, stones)
            assert type(r.best_move) is int  # the game's own move, not a ply.Move
        else:
            assert r.best_move in (1, 2, 3)
        assert nim.stones == stones and nim.taken == [] and nim.calls == 0


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "alphabeta-hard"])
def test_principal_variation_is_the_game(Nim, algorithm):
    for stones in (5, 6, 7, 9):
        r = ply.search(Nim(stones), algorithm, depth=stones)
        q = stones // 4
        assert len(r.pv) == 1 + 2 * q, (algorithm, stones)  # mate in 1 + 2q plies
        assert r.pv[0] == winning_move(stones)
        line = Nim(stones)
        for m in r.pv:
            line.play(m)
        assert line.outcome() == ply.Outcome.LOSS  # the opponent took the last stone


def test_depth_limited_search_evaluates(Nim):
    # Two plies from a heap of 10 reach no end: every leaf is evaluate()'s 0.
    r = ply.search(Nim(10), "minimax", depth=2)
    assert r.value == 0
    assert r.leaves == 9
    # From 6 at depth 1, taking 2 leaves 4, but 4 is only a loss two plies on.
    assert ply.search(Nim(6), "alphabeta", depth=1).value == 0


def test_compare_python_game(Nim, nim_value):
    c = ply.compare(Nim(9), depth=9)
    assert {r.value for r in c.rows if r.algorithm not in LOWER_BOUND_ONLY} == {nim_value(9)}
    assert all(r.value <= nim_value(9) and r.best_move == 1 for r in c.rows)
    rows = {r.algorithm: r for r in c.rows}
    assert rows["alphabeta"].nodes <= rows["minimax"].nodes


def test_search_copies_with_the_games_copy(CopyingNim, nim_value):
    nim = CopyingNim(7)
    before = CopyingNim.copies
    assert ply.search(nim, "alphabeta", depth=7).value == nim_value(7)
    assert CopyingNim.copies > before
    assert nim.stones == 7 and nim.taken == [] and nim.calls == 0


def test_search_from_a_game_under_way(Nim, nim_value):
    nim = Nim(10)
    nim.play(1)
    nim.play(2)  # 7 left, and undo() must still reach the moves played before the search
    r = ply.search(nim, "alphabeta", depth=7)
    assert r.value == nim_value(7) and r.best_move == 3
    assert nim.taken == [1, 2] and nim.stones == 7
    nim.undo()
    nim.undo()
    assert nim.stones == 10


@pytest.mark.parametrize("hashed", [False, True])
def test_engine_finds_the_value(Nim, HashedNim, nim_value, hashed):
    cls = HashedNim if hashed else Nim
    for stones in HEAPS:
        nim = cls(stones)
        r = ply.Engine().search(nim, depth=stones + 2)
        assert r.value == nim_value(stones), (cls.__name__, stones)
        if winning_move(stones):
            assert r.best_move == winning_move(stones), (cls.__name__, stones)
        assert nim.stones == stones and nim.taken == [] and nim.calls == 0


def test_engine_keeps_its_table_between_heaps(HashedNim, nim_value):
    engine = ply.Engine()
    for stones in list(HEAPS) + list(reversed(HEAPS)):
        r = engine.search(HashedNim(stones), depth=stones + 2)
        assert r.value == nim_value(stones), stones
    engine.clear()
    assert engine.search(HashedNim(11), depth=13).value == nim_value(11)


def test_mcts_takes_the_winning_move(Nim):
    for stones in (1, 2, 3, 5, 6, 7):
        r = ply.mcts(Nim(stones), iterations=5000)
        assert r.best_move == winning_move(stones), stones
        assert r.iterations <= 5000
        assert sorted(s.move for s in r.moves) == Nim(stones).legal_moves()
        best = next(s for s in r.moves if s.move == r.best_move)
        assert best.proof == "loss"  # the side to move after it has lost
    r = ply.mcts(Nim(1), iterations=100)
    assert r.proof == "win"


def test_solve_python_game(Nim, nim_value):
    for stones in HEAPS:
        s = ply.solve(Nim(stones))
        assert s.value == nim_value(stones), stones
        q = stones // 4
        if winning_move(stones):
            assert s.result == ply.Outcome.WIN and s.plies == 1 + 2 * q
            assert s.best_moves == [winning_move(stones)]
        else:
            assert s.result == ply.Outcome.LOSS and s.plies == 2 * q
            # Every move loses in exactly 2q plies: all keep the value.
            assert sorted(s.best_moves) == [1, 2, 3]
        assert len(s.pv) == s.plies
    assert ply.best_moves(Nim(6)) == [2]


class StringMoves:
    """Moves need only be hashable: a Nim whose moves are strings."""

    def __init__(self, stones):
        self.stones, self.taken = stones, []

    def legal_moves(self):
        return [f"take {k}" for k in (1, 2, 3) if k <= self.stones]

    def play(self, move):
        k = int(move.split()[1])
        self.stones -= k
        self.taken.append(k)

    def undo(self):
        self.stones += self.taken.pop()

    def outcome(self):
        return ply.Outcome.LOSS if self.stones == 0 else ply.Outcome.ONGOING

    def evaluate(self):
        return 0


def test_moves_of_any_hashable_type(nim_value):
    r = ply.search(StringMoves(7), "alphabeta", depth=7)
    assert r.best_move == "take 3" and r.value == nim_value(7)
    assert ply.Engine().search(StringMoves(6), depth=8).best_move == "take 2"
    assert ply.solve(StringMoves(5)).best_moves == ["take 1"]


# ---- A game's own errors ---------------------------------------------------------------------


class Boom(Exception):
    pass


def broken_nim(Nim, method, exception):
    def broken(self, *args):
        raise exception("broken " + method)

    return type("BrokenNim", (Nim,), {method: broken})


@pytest.mark.parametrize("method,exception", [
    ("evaluate", ZeroDivisionError), ("legal_moves", Boom), ("play", KeyError), ("outcome", Boom)])
def test_exceptions_come_out_of_the_search(Nim, method, exception):
    cls = broken_nim(Nim, method, exception)
    with pytest.raises(exception):
        ply.search(cls(10), "alphabeta", depth=2)
    with pytest.raises(exception):
        ply.Engine().search(cls(10), depth=3)
    if method != "evaluate":  # Monte Carlo plays out to the end: no evaluate()
        with pytest.raises(exception):
            ply.mcts(cls(10), iterations=100)
        with pytest.raises(exception):
            ply.solve(cls(10))
    # The module still works after.
    assert ply.search(Nim(5), "alphabeta", depth=5).best_move == 1


def test_evaluate_zero_division(Nim):
    class Divides(Nim):
        def evaluate(self):
            return 1 // (self.stones - self.stones)

    with pytest.raises(ZeroDivisionError):
        ply.search(Divides(10), "alphabeta", depth=1)
    with pytest.raises(ZeroDivisionError):
        ply.Engine().search(Divides(10), depth=2)


@pytest.mark.parametrize("wrong", ["over", None, 3.5, 7])
def test_outcome_of_a_wrong_type(Nim, wrong):
    class Wrong(Nim):
        def outcome(self):
            return wrong

    for run in (lambda: ply.search(Wrong(6), "alphabeta", depth=3),
                lambda: ply.Engine().search(Wrong(6), depth=3)):
        with pytest.raises((TypeError, ply.Error)):
            run()


def test_evaluate_of_a_wrong_type(Nim):
    class Wrong(Nim):
        def evaluate(self):
            return "zero"

    with pytest.raises((TypeError, ply.Error)):
        ply.search(Wrong(10), "minimax", depth=1)


def test_not_a_game():
    with pytest.raises((TypeError, ply.Error)):
        ply.search(object(), "alphabeta", depth=1)
