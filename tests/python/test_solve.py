"""Exact solving from Python: tic-tac-toe against a brute force written here
over the module's own move API, Connect Four against Pascal Pons' published
benchmark scores."""

import functools
import itertools

import pytest

import ply


# ---- Tic-tac-toe ---------------------------------------------------------------------------


def _rank(value):  # (result, plies): larger is better for the mover
    r, plies = value
    return (r, -plies if r > 0 else plies)


@functools.lru_cache(maxsize=None)
def _solve(pos):
    g = ply.Tictactoe(pos)
    o = g.outcome()
    if o == ply.Outcome.LOSS:
        return (-1, 0)
    if o == ply.Outcome.DRAW:
        return (0, 0)
    assert o == ply.Outcome.ONGOING
    return max((_child_value(g, m) for m in g.legal_moves()), key=_rank)


def _child_value(g, m):
    g.play(m)
    r, plies = _solve(g.position())
    g.undo()
    return (-r, plies + 1)


def brute_force(position: str):
    """((result, plies), best moves) for the side to move, by a memoised negamax over
    ply.Tictactoe's legal_moves/play/undo/outcome: result 1 win, 0 draw, -1 loss; plies to
    the end with perfect play (wins as soon as possible, losses as late as possible); the
    best moves are those that keep both."""
    result = _solve(position)
    g = ply.Tictactoe(position)
    best = sorted(str(m) for m in g.legal_moves() if _child_value(g, m) == result)
    return result, best


def positions_of_tictactoe():
    """About ten positions of each length 0 to 6 plies (every k-th sequence of cells), not over."""
    out = set()
    for plies in range(0, 7):
        sequences = list(itertools.permutations("123456789", plies))
        for cells in sequences[::max(1, len(sequences) // 10)]:
            g = ply.Tictactoe()
            try:
                for c in cells:
                    g.play(c)
            except ply.IllegalMoveError:
                continue  # the game ended on the way
            if g.outcome() == ply.Outcome.ONGOING:
                out.add(g.position())
    return sorted(out)


def test_tictactoe_is_a_draw():
    s = ply.solve(ply.game("tictactoe"))
    assert s.result == ply.Outcome.DRAW
    assert s.value == 0
    assert s.plies == 9  # a draw fills the board
    # Every first move keeps the draw (brute force below agrees).
    assert sorted(str(m) for m in s.best_moves) == [str(i) for i in range(1, 10)]
    assert all(isinstance(m, ply.Move) for m in s.best_moves)
    assert len(s.pv) == 9
    g = ply.Tictactoe()
    for m in s.pv:
        g.play(m)
    assert g.outcome() == ply.Outcome.DRAW
    assert brute_force(ply.Tictactoe().position()) == ((0, 9), [str(i) for i in range(1, 10)])


def test_tictactoe_positions_against_brute_force():
    positions = positions_of_tictactoe()
    assert len(positions) >= 30
    results = set()
    for pos in positions:
        (result, plies), best = brute_force(pos)
        s = ply.solve(ply.Tictactoe(pos))
        expected_outcome = {1: ply.Outcome.WIN, 0: ply.Outcome.DRAW, -1: ply.Outcome.LOSS}[result]
        assert s.result == expected_outcome, pos
        assert (s.value > 0) - (s.value < 0) == result, pos
        assert s.plies == plies, pos
        if result > 0:
            assert s.value == ply.mate_in_plies(plies) and ply.is_mate(s.value), pos
        elif result < 0:
            assert s.value == ply.mated_in_plies(plies) and ply.is_mate(s.value), pos
        assert sorted(str(m) for m in s.best_moves) == best, pos
        assert str(s.pv[0]) in best, pos
        weak = ply.solve(ply.Tictactoe(pos), weak=True)
        assert weak.value == result, pos
        results.add(result)
    assert results == {-1, 0, 1}  # wins, draws and losses all checked


def test_best_moves_function():
    assert sorted(str(m) for m in ply.best_moves(ply.Tictactoe("XX..O...."))) == ["3"]


# ---- Connect Four --------------------------------------------------------------------------


def pons_set(data, name, first=20):
    lines = (data / "connect4" / name).read_text().split("\n")
    cases = [line.split() for line in lines if line.strip()][:first]
    return [(moves, int(score)) for moves, score in cases]


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1"])
def test_pons_benchmark_scores(data, name):
    for moves, score in pons_set(data, name):
        g = ply.game("connect4", moves)
        assert g.position() == moves
        s = ply.solve(g)
        assert s.published_score == score, moves
        expected = ply.Outcome.WIN if score > 0 else ply.Outcome.LOSS if score < 0 else ply.Outcome.DRAW
        assert s.result == expected, moves
        if score != 0:
            # Pons' score of a win is (44 - T) // 2 for a game over after T stones (7x6).
            assert abs(score) == (44 - (len(moves) + s.plies)) // 2, moves
            assert s.value == (ply.mate_in_plies(s.plies) if score > 0 else ply.mated_in_plies(s.plies))
        # The principal variation is a game with that result.
        line = g.copy()
        for m in s.pv:
            line.play(m)
        assert line.is_over(), moves
        assert len(s.pv) == s.plies, moves
        final = line.outcome()
        if score == 0:
            assert final == ply.Outcome.DRAW
        else:
            mover_won = len(s.pv) % 2 == 1  # the last stone was the first mover's
            assert final == ply.Outcome.LOSS and mover_won == (score > 0), moves
        # Every best move keeps the score: after it, the opponent's score is its negation.
        assert s.best_moves and str(s.pv[0]) in [str(m) for m in s.best_moves]
        for m in s.best_moves[:3]:
            child = g.copy()
            child.play(m)
            if child.is_over():  # the move wins, or fills the board
                assert child.outcome() == (ply.Outcome.LOSS if score > 0 else ply.Outcome.DRAW), moves
                continue
            assert ply.solve(child).published_score == -score, (moves, str(m))


def test_pons_weak(data):
    for moves, score in pons_set(data, "Test_L2_R1", first=10):
        s = ply.solve(ply.game("connect4", moves), weak=True)
        assert s.value == (score > 0) - (score < 0), moves
