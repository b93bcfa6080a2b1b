"""Checkers from Python (ply.Checkers, through the registry): moves in standard
notation, positions in PDN's FEN, the searches, and bad moves raised in one
line as the command line says them."""

import pickle

import pytest

import ply
from test_games import cli_message

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
BRANCHING = "B:W14,22,23,30:B1,9"  # 9 jumps 14 to 18, then 22 to 25 or 23 to 27
ROUND = "B:W9,10,17,18,32:B1,K22"  # the king on 22 takes all four, either way round
BLOCKING = "B:W29:B25,18,K1"  # 18-22 leaves White no move
EXACT = ["minimax", "negamax", "alphabeta", "alphabeta-hard", "pvs", "mtdf"]


def test_the_registrys_class():
    g = ply.game("checkers")
    assert isinstance(g, ply.Checkers) and ply.Checkers.name == "checkers"
    assert g.position() == START
    assert ply.Checkers(g.start_position).position() == START
    # OEIS A133046: 7, 49, 302 move paths from the start.
    assert len(g.legal_moves()) == 7
    assert [g.perft(d) for d in (1, 2, 3)] == [7, 49, 302]


def test_moves_in_standard_notation():
    g = ply.Checkers()
    for m in ["11-15", "22-18", "15x22", "25x18"]:
        g.play(m)
    # Black's 11 went to 15 and was taken on 22; White's 22 was taken on 18,
    # and 25 took back.
    assert g.position() == "B:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"
    assert [m.text for m in g.history] == ["11-15", "22-18", "15x22", "25x18"]
    assert all(isinstance(m, ply.Move) and m.display == m.text for m in g.history)
    assert str(g.undo()) == "25x18" and str(g.undo()) == "15x22"
    assert "15x22" in g.legal_moves() and g.legal_moves() == ["15x22"]  # the capture is compulsory
    # A multiple jump by its ends, or by every landing square where routes share them.
    branching = ply.Checkers(BRANCHING)
    assert sorted(str(m) for m in branching.legal_moves()) == ["9x25", "9x27"]
    assert branching.parse_move("9x18x27") == "9x27"
    round_trip = ply.Checkers(ROUND)
    assert sorted(str(m) for m in round_trip.legal_moves()) == ["22x13x6x15x22", "22x15x6x13x22"]
    round_trip.play("22x15x6x13x22")
    assert round_trip.position() == "W:W32:B1,K22"


def test_positions_round_trip():
    for fen in [START, BRANCHING, ROUND, "W:WK19,K23:B12,K28", "W:W27,30,K32:B20,21,K25"]:
        g = ply.Checkers(fen)
        assert g.position() == fen
        again = ply.Checkers(g.position())
        assert again.render() == g.render() and again.hash() == g.hash()
    # Ranges and any order read; written square by square, in order.
    assert ply.Checkers("B:W32,21-31:B12,1-11").position() == START
    # The same position by two move orders: the same hash.
    a, b = ply.Checkers(), ply.Checkers()
    for m in ["9-13", "24-20", "10-14"]:
        a.play(m)
    for m in ["10-14", "24-20", "9-13"]:
        b.play(m)
    assert a.position() == b.position() and a.hash() == b.hash() != ply.Checkers().hash()
    again = pickle.loads(pickle.dumps(a))
    assert [str(m) for m in again.history] == ["9-13", "24-20", "10-14"] and again.position() == a.position()


def test_the_end_and_draws():
    won = ply.Checkers("B:W18:B14")
    won.play("14x23")
    assert won.is_over() and won.outcome() == ply.Outcome.LOSS and won.legal_moves() == []
    # Threefold repetition: the kings' start comes back a third time after 8 plies.
    kings = ply.Checkers("B:WK32:BK1")
    for i, m in enumerate(["1-5", "32-28", "5-1", "28-32"] * 2):
        assert not kings.is_over(), i
        kings.play(m)
    assert kings.outcome() == ply.Outcome.DRAW


@pytest.mark.parametrize("fen,depth", [(START, 6), (BRANCHING, 6), (ROUND, 5), ("W:WK19,K23:B12,K28", 6)])
def test_the_algorithms_agree(fen, depth):
    g = ply.Checkers(fen)
    results = {a: ply.search(g, a, depth=depth) for a in EXACT + ["bns"]}
    values = {a: r.value for a, r in results.items() if a != "bns"}
    assert len(set(values.values())) == 1, values
    assert results["bns"].value <= values["minimax"]
    for r in results.values():
        assert r.best_move in g.legal_moves() and r.pv[0] == r.best_move
    c = ply.compare(g, depth=depth)
    compared = {r.algorithm: r.value for r in c.rows if r.algorithm != "bns"}
    assert len(compared) >= 5 and compared == {a: values[a] for a in compared}
    assert g.position() == fen and g.history == []  # searched on a copy


def test_the_engine_and_mcts():
    g = ply.Checkers()
    r = ply.Engine().search(g, depth=6)
    assert r.best_move in g.legal_moves()
    m = ply.mcts(g, iterations=2000)
    assert m.best_move in g.legal_moves()
    assert sorted(str(s.move) for s in m.moves) == sorted(str(x) for x in g.legal_moves())
    blocking = ply.mcts(ply.Checkers(BLOCKING), iterations=2000)
    assert blocking.best_move == "18-22" and blocking.proof == "win"


@pytest.mark.parametrize("fen,move,says", [
    (ROUND, "22x22", "is ambiguous"),
    (ROUND, "22-18", "a capture is compulsory"),
    (START, "11-16x", "expected squares 1-32"),
    (START, "33-29", "expected squares 1-32"),
    (START, "21-17", "is not legal here"),
])
def test_bad_moves_raise_one_line_as_ply_play_says(cli, fen, move, says):
    g = ply.Checkers(fen)
    with pytest.raises(ply.ParseError) as e:
        g.play(move)
    assert says in str(e.value) and "\n" not in str(e.value)
    assert isinstance(e.value, ply.IllegalMoveError)
    assert g.position() == fen and g.history == []
    with pytest.raises(ply.IllegalMoveError):
        g.parse_move(move)
    said = cli("play", "checkers", "--position", fen, "--depth", "1", input_text=f"{move}\nquit\n").stdout
    assert f"Illegal move: {e.value} (type" in said


@pytest.mark.parametrize("fen", ["B:W9:B9", "B:W2:B30", "B:W33:B1", "X:W1:B2", "B:W1-40:B1", "garbage"])
def test_bad_positions_raise_what_the_command_line_says(cli, fen):
    with pytest.raises(ply.ParseError) as e:
        ply.Checkers(fen)
    assert "\n" not in str(e.value)
    expected = cli_message(cli("search", "checkers", "--position", fen, check=False).stderr, "search")
    assert str(e.value) == expected
