"""The production engine and Monte Carlo tree search from Python: limits,
MultiPV, the info callback, and stop() from another thread while the search
runs without the GIL."""

import os
import signal
import threading
import time

import pytest

import ply

BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"  # Ra8 mates


def assert_legal_line(game, moves):
    g = game.copy()
    for m in moves:
        assert isinstance(m, ply.Move)
        assert m in g.legal_moves(), (g.position(), str(m))
        g.play(m)


def test_engine_settings():
    e = ply.Engine(hash_mb=8, threads=1)
    assert e.hash_mb == 8 and e.threads == 1
    assert ply.Engine().threads == 1


def test_chess_depth_6():
    g = ply.Chess()
    infos = []
    r = ply.Engine().search(g, depth=6, on_info=infos.append)
    assert isinstance(r.best_move, ply.Move)
    assert r.best_move in g.legal_moves()
    assert r.depth == 6 and not r.stopped
    assert r.nodes > 0 and r.seconds >= 0
    assert abs(r.value) < 300  # the start is about level (centipawns)
    assert not ply.is_mate(r.value)
    assert g.history == [] and g.position() == ply.Chess().position()
    # The callback saw every iteration, deepening.
    depths = [i.depth for i in infos]
    assert depths == sorted(depths) and depths[0] <= 2 and depths[-1] == 6
    assert set(depths) >= set(range(2, 7))
    for info in infos:
        assert isinstance(info, ply.Info)
        assert info.pv and all(isinstance(m, ply.Move) for m in info.pv)
        assert info.bound in ("exact", "lower", "upper")
        assert info.multipv == 1 and info.nodes > 0 and info.seldepth >= 1
        assert_legal_line(g, info.pv)
    assert infos[-1].pv[0] == r.best_move
    if r.ponder is not None:
        assert_legal_line(g, [r.best_move, r.ponder])


def test_mate_in_one():
    g = ply.Chess(BACK_RANK)
    r = ply.Engine().search(g, depth=4)
    assert r.best_move == "a1a8"
    assert r.value == ply.mate_in_plies(1)
    assert r.value_text == "#1"


def test_no_move_when_the_game_is_over():
    g = ply.Chess()
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        g.play(m)
    r = ply.Engine().search(g, depth=3)
    assert r.best_move is None
    assert r.value == ply.mated_in_plies(0)


def test_multipv():
    g = ply.Chess(BACK_RANK)
    r = ply.Engine().search(g, depth=5, multipv=3)
    assert len(r.lines) == 3
    values = [line.value for line in r.lines]
    assert values == sorted(values, reverse=True)
    assert len({str(line.move) for line in r.lines}) == 3
    assert all(line.move in g.legal_moves() for line in r.lines)
    assert r.lines[0].move == r.best_move == "a1a8" and r.lines[0].value == ply.mate_in_plies(1)
    assert not ply.is_mate(r.lines[1].value)  # only one move mates


def test_multipv_lines_best_first():
    """EngineResult.lines: 'MultiPV, best first', and the first line is the best move."""
    for depth in (4, 5, 6):
        r = ply.Engine().search(ply.Chess(), depth=depth, multipv=3)
        assert len(r.lines) == 3
        values = [x.value for x in r.lines]
        assert values == sorted(values, reverse=True), (depth, [(str(x.move), x.value) for x in r.lines])
        assert r.lines[0].move == r.best_move and r.lines[0].value == r.value


def test_node_limit():
    r = ply.Engine().search(ply.Chess(), nodes=20000)
    assert r.best_move in ply.Chess().legal_moves()
    assert 10000 <= r.nodes <= 20000 * 1.2 + 2048


def test_stop_from_another_thread_while_python_runs():
    g = ply.Chess()
    engine = ply.Engine()
    started = threading.Event()
    result = {}

    def search():
        result["r"] = engine.search(g, time=60, on_info=lambda info: started.set())

    thread = threading.Thread(target=search)
    t0 = time.monotonic()
    thread.start()
    assert started.wait(10), "no info from the search"
    # The search runs in C++ without the GIL: this thread keeps running Python.
    count, until = 0, time.monotonic() + 0.3
    while time.monotonic() < until:
        count += 1
    assert count > 20000, count
    assert thread.is_alive()
    engine.stop()
    thread.join(3)
    assert not thread.is_alive(), "stop() did not end the search"
    assert time.monotonic() - t0 < 5
    r = result["r"]
    assert r.stopped
    assert r.best_move in g.legal_moves()


def test_stop_before_a_search_does_not_stop_the_next():
    engine = ply.Engine()
    engine.stop()
    r = engine.search(ply.Chess(), depth=4)
    assert not r.stopped and r.depth == 4


def test_time_limit():
    t0 = time.monotonic()
    r = ply.Engine().search(ply.Chess(), time=0.3)
    assert time.monotonic() - t0 < 2.5
    assert r.best_move in ply.Chess().legal_moves()


def test_other_games():
    c4 = ply.Connect4("4453")
    r = ply.Engine().search(c4, depth=8)
    assert r.best_move in c4.legal_moves()
    mini = ply.Minichess()
    assert ply.Engine().search(mini, depth=4).best_move in mini.legal_moves()


# ---- Monte Carlo tree search ---------------------------------------------------------------


def test_mcts_go_5x5():
    g = ply.game("go", "5x5")
    r = ply.mcts(g, iterations=2000)
    assert isinstance(r.best_move, ply.Move)
    assert r.best_move in g.legal_moves()
    assert r.iterations == 2000 and r.nodes > 0
    assert 0.0 <= r.mean <= 1.0
    assert sum(s.visits for s in r.moves) <= 2000
    assert {str(s.move) for s in r.moves} == {str(m) for m in g.legal_moves()}
    assert g.history == []
    # The same seed, the same search.
    again = ply.mcts(ply.game("go", "5x5"), iterations=2000)
    assert again.best_move == r.best_move
    assert [(str(s.move), s.visits) for s in again.moves] == [(str(s.move), s.visits) for s in r.moves]


def test_mcts_time_limit():
    t0 = time.monotonic()
    r = ply.mcts(ply.game("go", "5x5"), time=0.2)
    assert time.monotonic() - t0 < 2
    assert r.iterations > 0 and r.best_move is not None


def test_mcts_proves_tictactoe_a_draw():
    r = ply.mcts(ply.Tictactoe(), iterations=200000)
    assert r.proof == "draw"
    assert r.iterations < 200000  # the proof ended it
    assert all(s.proof == "draw" for s in r.moves)


def _interrupt_after(seconds):
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("search", [
    lambda: ply.Engine().search(ply.Chess(), time=30),
    lambda: ply.search(ply.Chess(), "minimax", depth=9),
    lambda: ply.mcts(ply.Go(), time=30),
    lambda: ply.solve(ply.Connect4()),
], ids=["engine", "classic", "mcts", "solve"])
def test_ctrl_c_stops_a_search_of_a_builtin_game(search):
    # Python runs its signal handlers in the main thread only: the search
    # must let it, and end once KeyboardInterrupt is raised.
    timer = _interrupt_after(0.3)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        search()
    timer.join()
    assert time.monotonic() - start < 5
    # Nothing is left stopped: the solver (kept from call to call) and the
    # engine still answer in full.
    # (Pons' Test_L2_R1, first line: score 4.)
    assert ply.solve(ply.Connect4("5554224333234511764415115")).published_score == 4
    assert ply.Engine().search(ply.Chess(), depth=4).best_move in ply.Chess().legal_moves()
