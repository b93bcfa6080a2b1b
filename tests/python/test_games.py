"""The games from Python: moves, play and undo, positions, copies, pickles and
errors, checked against the rules and against what the command line says."""

import copy
import pickle
import re

import pytest

import ply

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CLASSES = {"tictactoe": ply.Tictactoe, "connect4": ply.Connect4, "checkers": ply.Checkers,
           "chess": ply.Chess,
           "minichess": ply.Minichess, "go": ply.Go, "tree": ply.Tree, "uniform": ply.Uniform}


def cli_message(stderr: str, command: str) -> str:
    """The command line's one error line without `ply <command>: ` and `; see '...'`."""
    lines = [line for line in stderr.splitlines() if line.startswith(f"ply {command}: ")]
    assert len(lines) == 1, stderr
    message = lines[0][len(f"ply {command}: "):]
    return re.sub(r"; see '[^']*'$", "", message)


def play_session_message(cli, game: str, move: str) -> str:
    """What `ply play` says of a move it refuses: 'Illegal move: <message> (type ...)'."""
    out = cli("play", game, "--depth", "1", "--first", "human", input_text=f"{move}\nquit\n",
              check=False).stdout
    m = re.search(r"Illegal move: (.*) \(type 'moves' for the legal moves", out)
    assert m, out
    return m.group(1)


# ---- The registry ---------------------------------------------------------------------------


def test_games_are_the_command_lines(cli):
    help_text = cli("search", "--help").stdout
    names = re.search(r"Game: ([a-z0-9, ]+)", help_text).group(1).split(", ")
    assert ply.games() == names
    assert set(names) == set(CLASSES)


@pytest.mark.parametrize("name", ["tictactoe", "connect4", "chess", "minichess", "go"])
def test_game_makes_the_registrys_class(name):
    g = ply.game(name)
    assert isinstance(g, CLASSES[name]) and isinstance(g, ply.Game)
    assert type(g).name == name and CLASSES[name].name == name
    assert isinstance(CLASSES[name].summary, str) and CLASSES[name].summary
    assert g.history == []
    assert not g.is_over() and g.outcome() == ply.Outcome.ONGOING
    assert g.legal_moves()
    assert g.render().strip()
    # The start position reads back as itself.
    assert CLASSES[name](g.position()).position() == g.position()
    # The start as the registry writes it ("startpos", "9x9", ...): the same position.
    assert g.start_position == CLASSES[name].start
    assert CLASSES[name](g.start_position).position() == g.position()


def test_tree_games_take_their_positions():
    t = ply.game("tree", "((3 12 8) (2 4 6) (14 5 2))")
    assert isinstance(t, ply.Tree)
    assert [str(m) for m in t.legal_moves()] == ["1", "2", "3"]
    t.play("2")
    t.play("3")
    assert t.outcome() == ply.Outcome.SCORED
    assert t.is_over() and t.legal_moves() == []
    u = ply.Uniform("b=4,d=5,seed=1")
    assert len(u.legal_moves()) == 4
    assert u.perft(5) == 4 ** 5


def test_legal_moves_are_moves():
    g = ply.Chess()
    moves = g.legal_moves()
    assert len(moves) == 20
    assert all(isinstance(m, ply.Move) for m in moves)
    texts = sorted(str(m) for m in moves)
    assert texts == sorted(m.text for m in moves)
    assert "e2e4" in texts and "g1f3" in texts
    assert "e2e4" in moves  # Move == str
    e4 = next(m for m in moves if m == "e2e4")
    assert str(e4) == "e2e4" and e4.text == "e2e4" and e4.display == "e4"
    assert e4 != "e2e3" and e4 != next(m for m in moves if m == "e2e3")
    assert e4 == g.parse_move("e2e4") and hash(e4) == hash(g.parse_move("e2e4"))
    assert len(set(moves)) == 20
    assert g.parse_move("e4") == "e2e4"  # SAN read too, as the command line reads it


def test_play_undo_history():
    g = ply.Chess()
    g.play("e2e4")
    g.play(g.parse_move("e7e5"))
    nf3 = next(m for m in g.legal_moves() if m == "g1f3")
    g.play(nf3)
    assert [str(m) for m in g.history] == ["e2e4", "e7e5", "g1f3"]
    assert g.position() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert ply.Chess(g.start_position).position() == START_FEN
    undone = g.undo()
    assert isinstance(undone, ply.Move) and undone == "g1f3"
    assert g.undo() == "e7e5" and g.undo() == "e2e4"
    assert g.history == [] and g.position() == START_FEN


def test_connect4_and_tictactoe_moves():
    c = ply.Connect4()
    assert sorted(str(m) for m in c.legal_moves()) == [str(i) for i in range(1, 8)]
    for col in "4453":
        c.play(col)
    assert c.position() == "4453"
    assert ply.Connect4("4453").position() == "4453"
    t = ply.Tictactoe()
    assert sorted(str(m) for m in t.legal_moves()) == [str(i) for i in range(1, 10)]
    t.play("b2")  # coordinates are read too: the centre is cell 5
    assert t.history == ["5"]
    assert t.position() == "....X...."


def test_position_round_trips():
    cases = [
        (ply.Chess, ["e2e4", "c7c5", "g1f3", "d7d6", "e1e2"]),
        (ply.Connect4, ["4", "4", "5", "3", "7"]),
        (ply.Tictactoe, ["1", "5", "9"]),
        (ply.Minichess, ["b2-b3", "b5-b4"]),
    ]
    for cls, moves in cases:
        g = cls()
        for m in moves:
            g.play(m)
        again = cls(g.position())
        assert again.position() == g.position()
        assert again.render() == g.render()
        assert sorted(map(str, again.legal_moves())) == sorted(map(str, g.legal_moves()))
        assert again.hash() == g.hash()
    go = ply.Go("5x5")
    for m in ["C3", "C2", "B2"]:
        go.play(m)
    again = ply.Go(go.position())  # the written position keeps no history (nor the last move's mark)
    assert again.position() == go.position()
    assert sorted(map(str, again.legal_moves())) == sorted(map(str, go.legal_moves()))


def test_hash_transposes():
    a, b = ply.Chess(), ply.Chess()
    for m in ["g1f3", "b8c6", "b1c3"]:
        a.play(m)
    for m in ["b1c3", "b8c6", "g1f3"]:
        b.play(m)
    assert a.position() == b.position()
    assert isinstance(a.hash(), int) and a.hash() == b.hash()
    assert a.hash() != ply.Chess().hash()


def test_evaluate_is_side_relative():
    white_up = ply.Chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    black_to_move = ply.Chess("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
    assert white_up.evaluate() > 0 > black_to_move.evaluate()
    assert abs(white_up.evaluate()) <= ply.MAX_EVAL


def test_copy_is_independent():
    g = ply.Chess()
    g.play("d2d4")
    for c in (g.copy(), copy.copy(g), copy.deepcopy(g)):
        assert type(c) is ply.Chess
        assert c.position() == g.position() and c.history == g.history
        c.play("d7d5")
        assert g.history == ["d2d4"] and len(c.history) == 2
        assert g.position() != c.position()


@pytest.mark.parametrize("cls,moves", [
    (ply.Chess, ["e2e4", "e7e5", "g1f3"]),
    (ply.Connect4, ["4", "4", "3"]),
    (ply.Tictactoe, ["5", "1"]),
    (ply.Go, ["C3", "pass"]),
])
def test_pickle_keeps_the_moves(cls, moves):
    g = cls()
    for m in moves:
        g.play(m)
    before_last = g.copy()
    before_last.undo()
    p = pickle.loads(pickle.dumps(g))
    assert type(p) is cls
    assert p.history == g.history == moves
    assert p.position() == g.position()
    assert p.start_position == g.start_position
    assert p.undo() == moves[-1]
    assert p.position() == before_last.position()


def test_pickle_from_another_start():
    g = ply.Chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    g.play("d1d7")
    p = pickle.loads(pickle.dumps(g))
    assert p.start_position == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
    assert p.history == ["d1d7"]
    p.undo()
    assert p.position() == "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"


def test_fools_mate_is_a_loss_for_the_side_to_move():
    g = ply.Chess()
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        g.play(m)
    assert g.outcome() == ply.Outcome.LOSS
    assert g.is_over() and g.legal_moves() == []
    with pytest.raises(ply.IllegalMoveError):
        g.play("e2e4")


def test_won_tictactoe():
    t = ply.Tictactoe("XXXOO....")  # X has a row; O to move has lost
    assert t.outcome() == ply.Outcome.LOSS
    with pytest.raises(ply.IllegalMoveError):
        t.play("6")
    full = ply.Tictactoe("XOXXOOOXX")  # a full board, no row
    assert full.outcome() == ply.Outcome.DRAW and full.legal_moves() == []


def test_perft_of_a_game():
    assert [ply.Chess().perft(d) for d in range(4)] == [1, 20, 400, 8902]


# ---- Errors ---------------------------------------------------------------------------------


def test_error_hierarchy():
    assert issubclass(ply.ParseError, ply.Error) and issubclass(ply.ParseError, ValueError)
    assert issubclass(ply.IllegalMoveError, ply.ParseError)
    assert issubclass(ply.Error, Exception)


def test_bad_fen_says_what_the_command_line_says(cli):
    for fen in ["bad fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"]:
        with pytest.raises(ply.ParseError) as e:
            ply.Chess(fen)
        assert isinstance(e.value, ValueError)
        expected = cli_message(cli("search", "chess", "--fen", fen, check=False).stderr, "search")
        assert str(e.value) == expected
        assert "\n" not in str(e.value)


def test_full_column_says_what_the_command_line_says(cli):
    with pytest.raises(ply.ParseError) as e:
        ply.game("connect4", "44444444")
    expected = cli_message(cli("search", "connect4", "--position", "44444444", check=False).stderr, "search")
    assert str(e.value) == expected


def test_unknown_game_says_what_the_command_line_says(cli):
    with pytest.raises(ply.ParseError) as e:
        ply.game("backgammon")
    expected = cli_message(cli("search", "backgammon", check=False).stderr, "search")
    assert str(e.value) == expected


def test_illegal_move_says_what_ply_play_says(cli):
    g = ply.Chess()
    with pytest.raises(ply.IllegalMoveError) as e:
        g.play("e2e5")
    assert str(e.value) == play_session_message(cli, "chess", "e2e5")
    assert g.history == [] and g.position() == START_FEN  # nothing played
    with pytest.raises(ply.IllegalMoveError) as e:
        g.parse_move("e2e5")
    c = ply.Connect4()
    with pytest.raises(ply.IllegalMoveError) as e:
        c.play("8")
    assert str(e.value) == play_session_message(cli, "connect4", "8")


def test_undo_with_nothing_played():
    for g in (ply.Chess(), ply.Connect4("4453")):
        with pytest.raises(ply.Error):
            g.undo()


def test_too_big_to_solve_says_what_the_command_line_says(cli):
    with pytest.raises(ply.Error) as e:
        ply.solve(ply.Chess())
    assert not isinstance(e.value, ply.ParseError)
    # The same words up to the advice, which names Python's way instead of `ply search`.
    expected = cli_message(cli("solve", "chess", check=False).stderr, "solve")
    assert str(e.value).split("; use ")[0] == expected.split("; use ")[0]
    assert "\n" not in str(e.value)


def test_search_argument_errors():
    g = ply.Tictactoe()
    with pytest.raises(ply.ParseError):
        ply.search(g, "quicksort", depth=2)
    with pytest.raises(ply.ParseError):
        ply.search(g, "alphabeta", depth=-1)
    with pytest.raises(ply.ParseError):
        ply.Engine().search(g, depth=-1)
    assert g.history == []


def test_a_tampered_pickle_is_a_parse_error():
    fresh = ply.Chess.__new__(ply.Chess)
    for state in [(1, [2]), ("startpos", "e2e4"), ("startpos", [4]), ("startpos",), ("startpos", ["e2e5"])]:
        with pytest.raises(ply.ParseError):
            ply.Chess.__new__(ply.Chess).__setstate__(state)
    fresh.__setstate__(("startpos", ["e2e4"]))
    assert [str(m) for m in fresh.history] == ["e2e4"]


def test_a_trace_too_big_to_follow_is_refused_before_it_fills_the_memory():
    with pytest.raises(ply.Error, match="more than 200000 positions"):
        ply.search(ply.Chess(), "minimax", depth=7, trace=True)
    nim_like = ply.Tictactoe()
    assert ply.search(nim_like, "alphabeta", depth=9, trace=True).trace is not None


@pytest.mark.parametrize("name", sorted(CLASSES))
@pytest.mark.parametrize("text", ["x" * 1_000_000, "1" * 1_000_000, "a1" + " " * 500_000 + "b2"],
                         ids=["letters", "digits", "spaces"])
def test_a_huge_move_or_position_is_not_repeated_in_the_error(name, text):
    g = CLASSES[name]({"tree": "((3 5) (2 9))", "uniform": "b=2,d=3,seed=1"}.get(name, CLASSES[name].start))
    with pytest.raises(ply.Error) as move_error:
        g.play(text)
    assert len(str(move_error.value)) < 1000
    with pytest.raises(ply.Error) as position_error:
        CLASSES[name](text)
    assert len(str(position_error.value)) < 1000
